"""The arrays of the reports (docs/python.md "Arrays"): each equals, element by element, the
numbers of the JSON document it is read from, which stays the whole result (a dict)."""
import math

import numpy as np
import pytest

import limitdir
from conftest import problem_path

BALL = problem_path("ball.json")


@pytest.fixture(scope="module")
def ball_map():
    # the ball's (lambda, F) map, proven from the closed forms (docs/manual.md, bifurcation-map)
    return limitdir.bifurcation_map(BALL, x="lambda", x_range=(0.05, 8), y="force", y_range=(0, 4))


@pytest.fixture(scope="module")
def disc_diagram():
    return limitdir.sweep(problem_path("disc.json"), start=0, stop=1)


def test_directions_are_the_reports_w():
    report = limitdir.find_limits(BALL, force=0.3)
    W = limitdir.directions(report)
    assert isinstance(report, dict) and W.dtype == np.float64
    assert W.tolist() == [d["w"] for d in report["limit_directions"]]


def test_branches_are_the_diagrams_points(disc_diagram):
    arrays = limitdir.branches(disc_diagram)
    assert len(arrays) == len(disc_diagram["branches"])
    for (p, W), branch in zip(arrays, disc_diagram["branches"]):
        assert p.tolist() == [point["force"] for point in branch["points"]]
        assert W.tolist() == [point["w"] for point in branch["points"]]


def test_bifurcations_are_the_diagrams_events(disc_diagram):
    p, W = limitdir.bifurcations(disc_diagram)
    events = disc_diagram["bifurcations"]
    assert len(events) > 0 and p.shape == (len(events),) and W.shape == (len(events), 3)
    assert p.tolist() == [event["force"] for event in events]
    assert W.tolist() == [event["w"] for event in events]


def test_an_event_with_no_direction_is_a_row_of_nan():
    p, W = limitdir.bifurcations({"parameter": "lambda", "bifurcations": [
        {"lambda": 0.5, "w": None}, {"lambda": 1.5, "w": [0, 0, 1]}]})
    assert p.tolist() == [0.5, 1.5]
    assert all(math.isnan(x) for x in W[0]) and W[1].tolist() == [0.0, 0.0, 1.0]


def test_map_curves_are_the_maps_points(ball_map):
    curves = limitdir.map_curves(ball_map)
    assert len(curves) == len(ball_map["curves"]) > 0
    for (x, y, W), curve in zip(curves, ball_map["curves"]):
        assert x.tolist() == [point["x"] for point in curve["points"]]
        assert y.tolist() == [point["y"] for point in curve["points"]]
        assert W.tolist() == [point["w"] for point in curve["points"]]
        assert W.shape == (len(curve["points"]), 3)


def test_map_points_are_the_codimension_2_points(ball_map):
    x, y, W = limitdir.map_points(ball_map)
    points = ball_map["points"]
    assert len(points) > 0
    assert x.tolist() == [p["x"] for p in points] and y.tolist() == [p["y"] for p in points]
    assert W.tolist() == [p["w"] for p in points]


@pytest.mark.parametrize("call, document", [
    (limitdir.map_curves, {"curves": [{"points": [{"x": 1, "y": "2", "w": [0, 0, 1]}]}]}),
    (limitdir.map_curves, {"curves": [{"points": [{"x": 1, "y": 2, "w": "up"}]}]}),
    (limitdir.map_curves, {"curves": "none"}),
    (limitdir.map_points, {"points": [{"x": 1, "y": 2, "w": None}]}),
    (limitdir.bifurcations, {"parameter": "force", "bifurcations": [{"force": True, "w": None}]}),
])
def test_a_value_of_the_wrong_type_is_a_type_error_naming_it(call, document):
    with pytest.raises(TypeError):
        call(document)


def test_a_w_of_the_wrong_length_is_a_value_error():
    with pytest.raises(ValueError, match=r"points\[0\]\.w: must have 3 components"):
        limitdir.map_points({"points": [{"x": 1, "y": 2, "w": [0, 1]}]})
