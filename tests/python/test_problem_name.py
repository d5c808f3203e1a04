"""A problem's name says what was computed (issue 34.4, docs/manual.md section 4): the overrides
that change what the file describes are appended to it, from Python as from the apps."""
import json

import limitdir
from conftest import problem_path, run_app

BALL_NAME = json.load(open(problem_path("ball.json")))["name"]


def test_a_set_override_is_in_the_name_of_the_report_and_of_its_problem():
    report = limitdir.find_limits(problem_path("ball.json"), force=0.3, set="system.lambda=0.5")
    named = BALL_NAME + "; system.lambda = 0.5"
    assert report["problem"]["name"] == named
    assert limitdir.Problem.from_dict(report).name == named
    status, docs, _ = run_app("find-limits", "ball.json", "--force", "0.3", "--set", "system.lambda=0.5")
    assert status == 0 and docs[0]["problem"]["name"] == named


def test_pressure_and_rho_overrides_are_in_the_name():
    report = limitdir.find_limits(problem_path("ball.json"), force=0.3, pressure="uniform", rho=0.5)
    assert report["problem"]["name"] == BALL_NAME + "; pressure = uniform; rho = 0.5"
    classified = limitdir.classify(problem_path("ball.json"), (1, 0, 0), force=0.3, rho=0.5)
    assert classified["problem"]["name"] == BALL_NAME + "; rho = 0.5"


def test_the_model_and_the_load_leave_the_name_as_the_report_states_them():
    report = limitdir.find_limits(problem_path("ball.json"), force=0.4, model="exact")
    assert report["problem"]["name"] == BALL_NAME
    assert report["model"].startswith("exact") and report["force"] == 0.4
