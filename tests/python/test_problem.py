"""limitdir.Problem (docs/python.md "Problems"): the apps' validation and one-line messages."""
import json
import os

import pytest

import limitdir
from conftest import problem_path, run_app, in_keywords


def test_from_file_to_dict_from_dict_round_trip():
    problem = limitdir.Problem.from_file(problem_path("general.json"))
    d = problem.to_dict()
    assert d["schema"] == "limitdir.problem/1"
    again = limitdir.Problem.from_dict(d)
    assert again.to_dict() == d
    assert problem.name == json.load(open(problem_path("general.json")))["name"]


def test_a_report_is_a_problem_as_for_the_apps(tmp_path):
    _, docs, _ = run_app("find-limits", "disc.json", "--force", "0.25")
    report = tmp_path / "limits.json"
    report.write_text(json.dumps(docs[0]))
    assert limitdir.Problem.from_file(report).force == 0.25


BAD = [
    {"friction": {"model": "harmonic", "degree": 0}},
    {"system": {"preset": "disc", "j": -1}},
    {"nonsense": 1},
    {"rho": "wide"},
]


@pytest.mark.parametrize("change", BAD)
def test_bad_input_raises_the_apps_message(tmp_path, change):
    document = json.load(open(problem_path("disc.json")))
    document.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    status, _, stderr = run_app("find-limits", str(path))
    assert status == 2
    with pytest.raises(ValueError) as from_file:
        limitdir.Problem.from_file(str(path))
    assert in_keywords(stderr) == f"find-limits: error: {from_file.value}\n"
    with pytest.raises(ValueError) as from_dict:
        limitdir.Problem.from_dict(document, source=str(path))
    assert str(from_dict.value) == str(from_file.value)
    with pytest.raises(ValueError) as job:
        limitdir.find_limits(str(path))
    assert str(job.value) == str(from_file.value)


def test_a_file_of_bytes_that_are_not_utf8_is_a_value_error_with_the_apps_message(tmp_path):
    # the JSON parser quotes the bytes where it stopped; a message with them raw made
    # PyErr_SetString raise UnicodeDecodeError instead of ValueError (manual section 5)
    path = tmp_path / "bytes.json"
    path.write_bytes(b'{"name": \xff\xfe\x1b[2J}')
    status, _, stderr = run_app("find-limits", str(path))  # text=True: stderr must be UTF-8
    assert status == 2
    for call in (limitdir.Problem.from_file, limitdir.find_limits):
        with pytest.raises(ValueError) as error:
            call(str(path))
        assert "\\xff" in str(error.value) and "\x1b" not in str(error.value)
        assert in_keywords(stderr) == f"find-limits: error: {error.value}\n"


def test_malformed_and_missing_files(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{")
    for name, exception in ((str(path), ValueError), (os.path.join(str(tmp_path), "absent.json"), FileNotFoundError)):
        status, _, stderr = run_app("find-limits", name)
        assert status == 2
        with pytest.raises(exception) as error:
            limitdir.Problem.from_file(name)
        message = f"{name}: cannot open file" if exception is FileNotFoundError else str(error.value)
        assert in_keywords(stderr) == f"find-limits: error: {message}\n"
