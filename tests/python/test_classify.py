"""limitdir.classify (docs/python.md "Analysis"): the classify app's documents from Python, equal
to json.loads of the app's output, every number to the last digit (float ==)."""
import json
import subprocess
import os

import pytest

import limitdir
from conftest import BIN, problem_path, run_app, in_keywords


def classify_app(args, stdin=None):
    """classify's exit code, its JSON output and its stderr."""
    r = subprocess.run([os.path.join(BIN, "classify"), *args], input=stdin, capture_output=True, text=True)
    return r.returncode, (json.loads(r.stdout) if r.stdout.strip() else None), r.stderr


def test_given_directions_equal_the_app():
    status, doc, _ = classify_app([problem_path("disc.json"), "--force", "0.5", "--direction", "1,0,0",
                                   "--direction", "0.6,0.1,0.8", "--max-angle", "1.5"])
    assert status == 0
    W = [[1, 0, 0], [0.6, 0.1, 0.8]]
    assert limitdir.classify(problem_path("disc.json"), W, force=0.5, max_angle=1.5) == doc


def test_a_find_limits_report_as_input_equals_the_app():
    """The app reads the report on standard input and takes its problem and load from it."""
    _, docs, _ = run_app("find-limits", "general.json", "--force", "0.7")
    status, doc, _ = classify_app([], stdin=json.dumps(docs[0]))
    assert status == 0
    assert limitdir.classify(directions=docs[0]) == doc
    assert len(doc["directions"]) == len(docs[0]["limit_directions"])


def test_regions_of_a_diagram_equal_the_app(tmp_path):
    _, docs, _ = run_app("sweep-force", "disc.json", "--from", "0.01", "--to", "1.5")
    path = tmp_path / "diagram.json"
    path.write_text(json.dumps(docs[0]))
    status, doc, _ = classify_app(["--regions", str(path)])
    assert status == 0 and doc["schema"] == "limitdir.regions/1"
    assert limitdir.classify(regions=str(path)) == doc
    assert limitdir.classify(regions=docs[0]) == doc


def test_an_unclassified_direction_is_the_apps_exit_3_as_a_warning():
    args = [problem_path("disc.json"), "--force", "0.5", "--direction", "1,1,1", "--max-angle", "1e-6"]
    status, doc, stderr = classify_app(args)
    assert status == 3
    with pytest.warns(limitdir.IncompleteWarning) as warnings:
        report = limitdir.classify(problem_path("disc.json"), (1, 1, 1), force=0.5, max_angle=1e-6)
    assert report == doc
    assert [f"classify: error: {w.message}\n" for w in warnings] == [in_keywords(stderr)]


@pytest.mark.parametrize("args,options", [
    (["--max-angle", "-1"], {"max_angle": -1}),
    (["--max-angle", "x"], {"max_angle": "x"}),
    (["--force", "abc"], {"force": "abc"}),
    (["--degree", "0"], {"degree": 0}),
])
def test_bad_options_raise_the_apps_message(args, options):
    status, _, stderr = classify_app([problem_path("disc.json"), "--direction", "1,0,0", *args])
    assert status == 2
    with pytest.raises(ValueError) as error:
        limitdir.classify(problem_path("disc.json"), (1, 0, 0), **options)
    assert in_keywords(stderr) == f"classify: error: {error.value}\n"


def test_a_zero_direction_raises_valueerror():
    with pytest.raises(ValueError, match="zero length"):
        limitdir.classify(problem_path("disc.json"), (0, 0, 0))
