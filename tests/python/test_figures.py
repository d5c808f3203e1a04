"""Reports and their figures (docs/python.md "Figures and notebooks"): the analyses return a
limitdir.Report, the dict of the app's document, whose _repr_svg_ (a notebook's display) and
limitdir.plot are the SVG the plot app draws of the same document; plot's keywords are the app's
options with its messages; degree_study is the degree-study app's document."""
import json
import os
import subprocess

import pytest

import limitdir
from conftest import BIN, problem_path, run_app, in_keywords

BALL = problem_path("ball.json")
MAP = dict(x="lambda", x_range=(0.15, 1.2), y="force", y_range=(0, 4))
MAP_OPTIONS = ["--x", "lambda", "--x-range", "0.15,1.2", "--y", "force", "--y-range", "0,4"]


def plot_app(*args):
    r = subprocess.run([os.path.join(BIN, "plot"), *args], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


@pytest.fixture(scope="module")
def ball_map_file(tmp_path_factory):
    status, docs, _ = run_app("bifurcation-map", "ball.json", *MAP_OPTIONS)
    assert status == 0
    path = tmp_path_factory.mktemp("map") / "map.json"
    path.write_text(json.dumps(docs[0]))
    return path


def test_a_report_is_the_apps_document_as_a_dict(ball_map_file):
    report = limitdir.bifurcation_map(BALL, **MAP)
    assert isinstance(report, limitdir.Report) and isinstance(report, dict)
    assert report == json.loads(ball_map_file.read_text())
    assert json.loads(json.dumps(report)) == report


def test_a_reports_svg_is_the_plot_apps_figure(ball_map_file):
    status, svg, _ = plot_app(str(ball_map_file))
    assert status == 0
    report = limitdir.bifurcation_map(BALL, **MAP)
    assert report._repr_svg_() == svg
    assert limitdir.plot(report) == svg
    assert limitdir.plot(str(ball_map_file)) == svg


def test_plot_takes_the_apps_options(ball_map_file):
    status, svg, _ = plot_app(str(ball_map_file), "--width", "400", "--height", "300", "--x-range", "0.2:0.8",
                              "--font-size", "9")
    assert status == 0
    assert limitdir.plot(str(ball_map_file), width=400, height=300, x_range=(0.2, 0.8), font_size=9) == svg


def test_plot_takes_the_apps_axis_and_style_options(ball_map_file):
    status, svg, _ = plot_app(str(ball_map_file), "--log-x", "--no-regions", "--style", "paper")
    assert status == 0
    assert limitdir.plot(str(ball_map_file), log_x=True, no_regions=True, style="paper") == svg
    # the paper style's single column: 3.5 in = 252 pt wide
    assert 'width="252"' in svg.split(">", 2)[1]
    with pytest.raises(ValueError, match="style: must be screen, paper or paper-wide"):
        limitdir.plot(str(ball_map_file), style="poster")


def test_an_overlay_of_files_is_the_apps(tmp_path):
    paths = []
    for force in ("0.3", "0.6"):
        status, docs, _ = run_app("sweep-force", "disc.json", "--from", "0", "--to", force)
        assert status == 0
        paths.append(tmp_path / f"diagram-{force}.json")
        paths[-1].write_text(json.dumps(docs[0]))
    status, svg, _ = plot_app(*map(str, paths))
    assert status == 0
    assert limitdir.plot([str(p) for p in paths]) == svg


@pytest.mark.parametrize("kwargs, options", [
    ({"width": 50}, ["--width", "50"]),
    ({"y": "nonsense"}, ["--y", "nonsense"]),
    ({"x_range": (1, 0)}, ["--x-range", "1,0"]),
    ({"font_size": 100}, ["--font-size", "100"]),
    ({"convergence": True}, ["--convergence"]),
])
def test_a_bad_option_is_the_apps_message(ball_map_file, kwargs, options):
    status, _, stderr = plot_app(str(ball_map_file), *options)
    assert status == 2
    with pytest.raises(ValueError) as error:
        limitdir.plot(str(ball_map_file), **kwargs)
    assert in_keywords(stderr) == f"plot: error: {error.value}\n"


def test_unknown_keywords_and_wrong_types_are_type_errors(ball_map_file):
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        limitdir.plot(str(ball_map_file), colour="red")
    with pytest.raises(TypeError):
        limitdir.plot(str(ball_map_file), log_y="yes")


def test_a_report_plot_does_not_draw_shows_as_its_dict():
    # a scan record, a simulation's final record alone: no figure, the notebook shows the dict
    assert limitdir.Report({"schema": "limitdir.scan-record/1"})._repr_svg_() is None


def test_degree_study_is_the_apps_document():
    study = limitdir.degree_study(problem_path("disc.json"), degrees=[1, 2, 4], start=0.001, stop=1.5)
    status, docs, _ = run_app("degree-study", "disc.json", "--degrees", "1,2,4", "--from", "0.001", "--to", "1.5")
    assert status == 0
    assert isinstance(study, limitdir.Report) and study == docs[0]


@pytest.mark.parametrize("kwargs, options", [
    ({"degrees": [0, 2]}, ["--degrees", "0,2"]),
    ({"degrees": [2, 2]}, ["--degrees", "2,2"]),
    ({"degrees": [2], "start": 1, "stop": 0.5}, ["--degrees", "2", "--from", "1", "--to", "0.5"]),
    ({"degrees": [2], "require": "sure"}, ["--degrees", "2", "--require", "sure"]),
])
def test_degree_study_bad_input_is_the_apps_message(kwargs, options):
    arguments = {"start": 0.001, "stop": 1.5, **kwargs}
    app_options = options if "--from" in options else options + ["--from", "0.001", "--to", "1.5"]
    status, _, stderr = run_app("degree-study", "disc.json", *app_options)
    assert status == 2
    with pytest.raises(ValueError) as error:
        limitdir.degree_study(problem_path("disc.json"), **arguments)
    assert in_keywords(stderr, {"from": "start", "to": "stop"}) == f"degree-study: error: {error.value}\n"
