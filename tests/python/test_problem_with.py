"""Problem.with_ (docs/python.md "Changing a problem"): keys and overrides as Python values give
the problem the apps compute with `--set KEY=VALUE` and `--force`, `--model`, `--degree`,
`--pressure`, `--rho` (an independent path: the app reads the file, applies the option texts and
embeds the problem it ran in its report); the original is unchanged."""
import json

import pytest

import limitdir
from conftest import problem_path, run_app, in_keywords

# (problem file, with_'s positional keys, with_'s keyword arguments, the app's options)
CASES = [
    ("ball.json", {"system.lambda": 0.5}, {"force": 0.3},
     ["--force", "0.3", "--set", "system.lambda=0.5"]),
    ("ball.json", None, {"system__lambda": 0.25, "force": 0.3, "degree": 4, "pressure": "uniform", "rho": 0.5},
     ["--force", "0.3", "--set", "system.lambda=0.25", "--degree", "4", "--pressure", "uniform", "--rho", "0.5"]),
    ("disc.json", {"system.j": 0.3, "friction.degree": 3}, {"force": 0.2},
     ["--force", "0.2", "--set", "system.j=0.3", "--set", "friction.degree=3"]),
    ("disc.json", None, {"force": 0.1, "model": "exact", "rho": "R"},
     ["--force", "0.1", "--model", "exact", "--rho", "R"]),
]


@pytest.mark.parametrize("name, keys, kwargs, options", CASES)
def test_with_equals_the_problem_the_app_computes_with(name, keys, kwargs, options):
    original = limitdir.Problem.from_file(problem_path(name))
    before = original.to_dict()
    changed = original.with_(keys, **kwargs)
    status, docs, stderr = run_app("find-limits", name, *options)
    assert status == 0, stderr
    from_app = limitdir.Problem.from_dict(docs[0])
    assert changed == from_app
    assert changed.to_dict() == from_app.to_dict() and changed.name == from_app.name
    assert changed.force == docs[0]["force"]
    # the original is unchanged, and equal to the file read again
    assert original.to_dict() == before
    assert original == limitdir.Problem.from_file(problem_path(name))
    assert changed != original


def test_with_nothing_is_an_equal_problem():
    original = limitdir.Problem.from_file(problem_path("general.json"))
    assert original.with_() == original and original.with_() is not original
    # equal problems hash alike (a Problem is immutable): usable as dict keys and in sets
    assert hash(original.with_()) == hash(original)
    assert len({original, original.with_(), original.with_(force=0.125)}) == 2


def test_the_changed_problem_runs_the_job_the_app_runs():
    changed = limitdir.Problem.from_file(problem_path("ball.json")).with_({"system.lambda": 0.5}, force=0.3)
    status, docs, _ = run_app("find-limits", "ball.json", "--force", "0.3", "--set", "system.lambda=0.5")
    assert status == 0
    report = limitdir.find_limits(changed)
    assert report["problem"] == docs[0]["problem"]
    assert report["limit_directions"] == docs[0]["limit_directions"]


# bad keys and values: the app's message (in the keywords' names) for the same option
BAD = [
    ({"system.lamda": 1.0}, {}, ["--force", "0.3", "--set", "system.lamda=1"]),
    (None, {"system__lamda": 1.0}, ["--force", "0.3", "--set", "system.lamda=1"]),
    (None, {"degree": 0}, ["--force", "0.3", "--degree", "0"]),
    (None, {"model": "nope"}, ["--force", "0.3", "--model", "nope"]),
    (None, {"rho": "wide"}, ["--force", "0.3", "--rho", "wide"]),
    (None, {"pressure": "power:-2"}, ["--force", "0.3", "--pressure", "power:-2"]),
    (None, {"force": float("inf")}, ["--force", "inf"]),
]


@pytest.mark.parametrize("keys, kwargs, options", BAD)
def test_a_bad_key_or_value_raises_the_apps_message(keys, kwargs, options):
    status, _, stderr = run_app("find-limits", "ball.json", *options)
    assert status == 2
    with pytest.raises(ValueError) as error:
        limitdir.Problem.from_file(problem_path("ball.json")).with_(keys, **kwargs)
    assert in_keywords(stderr) == f"find-limits: error: {error.value}\n"


@pytest.mark.parametrize("value", [float("nan"), float("inf"), 10**400])
def test_a_key_set_to_no_finite_number_is_a_value_error(value):
    with pytest.raises(ValueError, match=r"^system\.lambda: must be a finite number"):
        limitdir.Problem.from_file(problem_path("ball.json")).with_({"system.lambda": value})


@pytest.mark.parametrize("keys, kwargs", [
    ({"system.lambda": "0.5"}, {}),
    ({"system.lambda": True}, {}),
    (None, {"system__lambda": [0.5]}),
    ({1: 0.5}, {}),
    ([("system.lambda", 0.5)], {}),
    (None, {"force": {"F": 0.3}}),
])
def test_a_value_of_the_wrong_type_is_a_type_error(keys, kwargs):
    with pytest.raises(TypeError):
        limitdir.Problem.from_file(problem_path("ball.json")).with_(keys, **kwargs)


def test_numpy_scalars_are_numbers():
    np = pytest.importorskip("numpy")
    original = limitdir.Problem.from_file(problem_path("ball.json"))
    assert original.with_({"system.lambda": np.float64(0.5)}, degree=np.int64(4)) == \
        original.with_({"system.lambda": 0.5}, degree=4)
    assert json.dumps(original.with_({"system.lambda": np.float64(0.5)}).to_dict())
