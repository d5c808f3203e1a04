"""limitdir.pile (docs/python.md "Analysis", docs/manual.md section 15): the document the pile app
prints, from a path or a dict; its scene; its frames; bad options a ValueError with the app's
one-line message, and a pile that reached the drop height with the app's warning."""
import json

import pytest

import limitdir
from conftest import problem_path, run_app, in_keywords



def small_pile():
    """pile-siconos.json with 10 spheres, born every 0.0639 s: the last at 0.575 s < t_end = 0.702 s."""
    with open(problem_path("pile-siconos.json")) as file:
        document = json.load(file)
    document["spheres"]["count"] = 10
    document["stepping"]["t_end"] = 0.702
    return document


@pytest.fixture
def small_file(tmp_path):
    """small_pile() as a file, for the app."""
    path = tmp_path / "small.json"
    path.write_text(json.dumps(small_pile()))
    return str(path)


def test_pile_equals_the_app(small_file):
    status, docs, stderr = run_app("pile", small_file, "--every", "100")
    assert status == 0 and stderr == ""
    report = limitdir.pile(small_pile(), every=100)
    assert report == docs[0]
    assert report["schema"] == "limitdir.pile-report/1"
    s = report["summary"]
    assert s["spheres_present"] + s["spheres_lost"] == 10  # every sphere born, t_end past the last birth


def test_pile_scene_equals_the_app(small_file):
    status, docs, _ = run_app("pile", small_file, "--scene")
    assert status == 0
    scene = limitdir.pile(small_pile(), scene=True)
    assert scene == docs[0]
    assert scene["schema"] == "limitdir.pile-scene/1" and len(scene["spheres"]) == 10


def test_pile_writes_its_frames(tmp_path):
    report = limitdir.pile(small_pile(), every=100, vtk=str(tmp_path / "frames"))
    index = (tmp_path / "frames" / "pile.pvd").read_text()
    # one frame per history row: t = 0, 100, ..., 700 and the last step, 702
    assert index.count("<DataSet ") == len(report["history"]["rows"]) == 9


@pytest.mark.parametrize("args,options", [
    (["--every", "-1"], {"every": -1}),
    (["--jobs", "0"], {"jobs": 0}),
    (["--jobs", "257"], {"jobs": 257}),
    (["--scene", "--every", "3"], {"scene": True, "every": 3}),
    (["--set", "law.mu_r=-0.001"], {"set": "law.mu_r=-0.001"}),
    (["--set", "stepping.theta=0.4"], {"set": "stepping.theta=0.4"}),
])
def test_bad_options_raise_the_apps_message(args, options):
    status, docs, stderr = run_app("pile", "pile-siconos.json", *args)
    assert status == 2 and docs == []
    with pytest.raises(ValueError) as error:
        limitdir.pile(problem_path("pile-siconos.json"), **options)
    assert in_keywords(stderr) == f"pile: error: {error.value}\n"


def test_pile_on_2_threads_equals_the_app_on_3(small_file):
    """--jobs K >= 2: the colour order, the same report for every K (docs/manual.md section 15)."""
    status, docs, stderr = run_app("pile", small_file, "--every", "100", "--jobs", "3")
    assert status == 0, stderr
    assert limitdir.pile(small_pile(), every=100, jobs=2) == docs[0]


def test_a_pile_that_reaches_the_drop_height_is_returned_with_the_apps_warning(small_file):
    """Born 1 mm above the plane, sphere 1 overlaps sphere 0 resting there: the run stops, the
    app prints the pile of that moment and exits 3 (docs/manual.md section 15)."""
    status, docs, stderr = run_app("pile", small_file, "--set", "drop.height=0.011")
    assert status == 3 and len(docs) == 1
    with pytest.warns(limitdir.IncompleteWarning) as warnings:
        report = limitdir.pile(small_pile(), set="drop.height=0.011")
    assert report == docs[0]
    assert report["summary"]["reached_drop_height"]["sphere"] == 1
    message = str(next(w.message for w in warnings if w.category is limitdir.IncompleteWarning))
    assert message.startswith("sphere 1 is born at t = 0.064 s overlapping sphere 0")
    assert in_keywords(stderr) == f"pile: error: {message}\n"
