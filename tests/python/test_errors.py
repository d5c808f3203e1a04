"""Errors as Python users expect them (issue 39, docs/python.md "Problems"), audited for every
public function and method of the module: an unknown keyword (also one set to None) is a
TypeError "unexpected keyword argument 'forse'"; a file that does not exist, FileNotFoundError as
open() raises it (whatever the other arguments' values); an argument of the wrong type, a
TypeError naming its parameter; a bad value, a ValueError naming the keyword, never the app's
"--option". Each message is one line."""
import errno
import os
import pathlib

import numpy as np
import pytest

import limitdir
from conftest import problem_path

DISC = problem_path("disc.json")
PROBLEM = limitdir.Problem.from_file(DISC)
MODEL = limitdir.friction_model(DISC)
GRID = "force=0.2:0.3:2"

# Every public callable with arguments that are valid but for what a test adds as keywords.
CALLS = {
    "Problem.from_file": lambda **kw: limitdir.Problem.from_file(DISC, **kw),
    "Problem.from_dict": lambda **kw: limitdir.Problem.from_dict(PROBLEM.to_dict(), **kw),
    "Problem.to_dict": lambda **kw: PROBLEM.to_dict(**kw),
    "FrictionModel.q": lambda **kw: MODEL.q(np.array([1.0, 0.0, 0.0]), **kw),
    "FrictionModel.dq_dw": lambda **kw: MODEL.dq_dw(np.array([1.0, 0.0, 0.0]), **kw),
    "friction_model": lambda **kw: limitdir.friction_model(DISC, **kw),
    "find_limits": lambda **kw: limitdir.find_limits(DISC, **kw),
    "sweep": lambda **kw: limitdir.sweep(DISC, start=0.5, stop=0.6, **kw),
    "bifurcation_map": lambda **kw: limitdir.bifurcation_map(DISC, **kw),
    "simulate": lambda **kw: limitdir.simulate(DISC, **kw),
    "classify": lambda **kw: limitdir.classify(DISC, (1, 0, 0), **kw),
    "scan": lambda **kw: limitdir.scan(DISC, job="find-limits", grid=GRID, **kw),
    "roll": lambda **kw: limitdir.roll(problem_path("roll-fig3a.json"), **kw),
    "celt": lambda **kw: limitdir.celt(problem_path("celt.json"), **kw),
    "pile": lambda **kw: limitdir.pile(problem_path("pile.json"), **kw),
    "directions": lambda **kw: limitdir.directions({"limit_directions": []}, **kw),
    "branches": lambda **kw: limitdir.branches({"parameter": "force", "branches": []}, **kw),
    "bifurcations": lambda **kw: limitdir.bifurcations({"parameter": "force", "bifurcations": []}, **kw),
    "map_curves": lambda **kw: limitdir.map_curves({"curves": []}, **kw),
    "map_points": lambda **kw: limitdir.map_points({"points": []}, **kw),
    "degree_study": lambda **kw: limitdir.degree_study(DISC, [1], 0.5, 0.6, **kw),
    "plot": lambda **kw: limitdir.plot({}, **kw),
}
# Problem.with_ takes the problem's keys as keywords: an unknown one is a key no problem has
KEYS_AS_KEYWORDS = {"Problem.with_"}


def public_callables():
    """The module's public functions and the public methods of its classes (not the exceptions'
    and not Report's, which are dict's)."""
    names = set()
    for name in dir(limitdir):
        value = getattr(limitdir, name)
        if name.startswith("_") or value is limitdir.Report:
            continue
        if isinstance(value, type):
            if not issubclass(value, BaseException):
                names |= {f"{name}.{m}" for m in vars(value) if not m.startswith("_") and callable(getattr(value, m))}
        elif callable(value):
            names.add(name)
    return names


def one_line(error):
    text = str(error.value)
    return text and "\n" not in text and "--" not in text


def test_every_public_callable_is_audited():
    assert public_callables() == set(CALLS) | KEYS_AS_KEYWORDS


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("value", [1, None], ids=["1", "None"])
def test_an_unknown_keyword_is_a_type_error(name, value):
    with pytest.raises(TypeError, match=r"^unexpected keyword argument 'forse'$"):
        CALLS[name](forse=value)


def test_an_unknown_key_of_with_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match=r"forse: not a key of the problem") as error:
        PROBLEM.with_(forse=0.3)
    assert one_line(error)


def test_format_is_no_keyword_of_a_function_that_returns_the_document():
    # the apps' --format prints the report as text or JSON; the functions return it
    with pytest.raises(TypeError, match=r"^unexpected keyword argument 'format'$"):
        limitdir.find_limits(DISC, format="text")


# Every argument that names a file: the call with that file absent (the others valid, options left out).
MISSING = {
    "Problem.from_file": lambda path: limitdir.Problem.from_file(path),
    "friction_model": lambda path: limitdir.friction_model(path),
    "find_limits": lambda path: limitdir.find_limits(path),
    "sweep": lambda path: limitdir.sweep(path, start=0.5, stop=0.6),
    "bifurcation_map": lambda path: limitdir.bifurcation_map(path),
    "simulate": lambda path: limitdir.simulate(path),
    "classify problem": lambda path: limitdir.classify(path, (1, 0, 0)),
    "classify directions": lambda path: limitdir.classify(DISC, path),
    "classify regions": lambda path: limitdir.classify(regions=path),
    "scan problem": lambda path: limitdir.scan(path, job="find-limits", grid=GRID),
    "scan points": lambda path: limitdir.scan(DISC, job="find-limits", points=path),
    "scan resume": lambda path: limitdir.scan(DISC, job="find-limits", grid=GRID, resume=path),
    "scan summary": lambda path: limitdir.scan(DISC, grid=GRID, summary=path, x="force", field="limit_directions"),
    "scan merge": lambda path: limitdir.scan(DISC, grid=GRID, merge=[path]),
    "roll": lambda path: limitdir.roll(path),
    "celt": lambda path: limitdir.celt(path),
    "pile": lambda path: limitdir.pile(path),
    "degree_study": lambda path: limitdir.degree_study(path, [1], 0.5, 0.6),
    "plot": lambda path: limitdir.plot(path),
    "plot overlay": lambda path: limitdir.plot([path]),
}


@pytest.mark.parametrize("name", sorted(MISSING))
@pytest.mark.parametrize("kind", [str, pathlib.Path])
def test_a_missing_file_is_file_not_found(tmp_path, name, kind):
    absent = str(tmp_path / "absent.json")
    with pytest.raises(FileNotFoundError) as error:
        MISSING[name](kind(absent))
    assert error.value.errno == errno.ENOENT and error.value.filename == absent
    assert str(error.value) == str(FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), absent))


@pytest.mark.parametrize("function, options", [(limitdir.find_limits, {"mesh_level": -1}),
                                               (limitdir.bifurcation_map, {"x_range": "nonsense"}),
                                               (limitdir.simulate, {"survey": -1})])
def test_the_file_is_read_before_the_options_values_are_checked(tmp_path, function, options):
    # a missing file is FileNotFoundError even with a value the app would refuse first
    with pytest.raises(FileNotFoundError):
        function(str(tmp_path / "absent.json"), **options)


# Each parameter given a value of a type it does not take: the TypeError's message.
WRONG_TYPE = [
    (lambda: limitdir.Problem.from_file(3), r"path: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.Problem.from_dict(3), r"document: must be a dict \(got int\)"),
    (lambda: limitdir.Problem.from_dict({}, source=3), r"source: must be a str \(got int\)"),
    (lambda: PROBLEM.with_(3), r"keys: must be a dict \{dotted key: number\} \(got int\)"),
    (lambda: PROBLEM.with_(system__lambda="a"), r"system.lambda: must be a number \(got str\)"),
    (lambda: PROBLEM.with_(force={}), r"force: must be a number, a text or a sequence of them \(got dict\)"),
    (lambda: MODEL.q("x"), r"W: must be an array-like of numbers, shape \(3,\) or \(n, 3\) \(got str\)"),
    (lambda: MODEL.dq_dw(object()), r"W: must be an array-like of numbers, shape \(3,\) or \(n, 3\) \(got object\)"),
    (lambda: limitdir.friction_model(3), r"problem: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.find_limits(3), r"problem: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.find_limits(DISC, force={}), r"force: must be a number, a text or a sequence of them \(got dict\)"),
    (lambda: limitdir.sweep(3, start=0.5, stop=0.6), r"problem: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.sweep(DISC, start={}, stop=0.6), r"start: must be a number, a text or a sequence of them \(got dict\)"),
    (lambda: limitdir.sweep(DISC, start=0.5, stop={}), r"stop: must be a number, a text or a sequence of them \(got dict\)"),
    (lambda: limitdir.bifurcation_map(3), r"problem: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.bifurcation_map(DISC, x_range={}), r"x_range: must be a number, a text or a sequence of them \(got dict\)"),
    (lambda: limitdir.simulate(3), r"problem: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.simulate(DISC, x0=(1, object(), 0)), r"x0: must be a number, a text or a sequence of them \(got object\)"),
    (lambda: limitdir.classify(3, (1, 0, 0)), r"problem: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.classify(DISC, object()), r"directions: must be an array-like of numbers, a dict or a path \(got object\)"),
    (lambda: limitdir.classify(regions=3), r"regions: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.classify(DISC, (1, 0, 0), max_angle={}), r"max_angle: must be a number, a text or a sequence of them \(got dict\)"),
    (lambda: limitdir.scan(3, job="find-limits", grid=GRID), r"problem: must be a path, a str, bytes or os.PathLike \(got int\)"),
    (lambda: limitdir.scan(DISC, grid=GRID, merge=3), r"merge: must be a path, a str, bytes or os.PathLike \(got int\)"),
    (lambda: limitdir.scan(DISC, grid=GRID, merge=[DISC, 3]), r"merge: must be a path, a str, bytes or os.PathLike \(got int\)"),
    (lambda: limitdir.scan(DISC, job="find-limits", points=3), r"points: must be a path, a str, bytes or os.PathLike \(got int\)"),
    (lambda: limitdir.scan(DISC, job="find-limits", grid=GRID, jobs={}), r"jobs: must be a number, a text or a sequence of them \(got dict\)"),
    (lambda: limitdir.roll(3), r"document: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.celt(3), r"document: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.pile(3), r"document: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.directions(3), r"report: must be a dict \(got int\)"),
    (lambda: limitdir.branches([]), r"diagram: must be a dict \(got list\)"),
    (lambda: limitdir.bifurcations("diagram.json"), r"diagram: must be a dict \(got str\)"),
    (lambda: limitdir.map_curves(3), r"map: must be a dict \(got int\)"),
    (lambda: limitdir.map_points(3), r"map: must be a dict \(got int\)"),
    (lambda: limitdir.degree_study(3, [1], 0.5, 0.6), r"problem: must be a limitdir.Problem, a path or a dict \(got int\)"),
    (lambda: limitdir.degree_study(DISC, 3, 0.5, 0.6), r"degrees: must be a sequence of ints \(got int\)"),
    (lambda: limitdir.degree_study(DISC, [1], {}, 0.6), r"start: must be a number, a text or a sequence of them \(got dict\)"),
    (lambda: limitdir.plot(3), r"report: must be a path, a str, bytes or os.PathLike \(got int\)"),
    (lambda: limitdir.plot({}, log_y=1), r"log_y: must be True or False \(got int\)"),
]


@pytest.mark.parametrize("call, message", WRONG_TYPE, ids=[m.split(":")[0] + f"-{i}" for i, (_, m) in enumerate(WRONG_TYPE)])
def test_a_value_of_the_wrong_type_is_a_type_error_naming_its_parameter(call, message):
    with pytest.raises(TypeError, match="^" + message + "$") as error:
        call()
    assert one_line(error)


# A bad value of each function: the ValueError's message starts with the keyword's name.
BAD_VALUE = [
    (lambda: limitdir.Problem.from_dict({**PROBLEM.to_dict(), "force": "a"}), r"<problem>: force: "),
    (lambda: PROBLEM.with_(degree=0), r"degree: must be an integer >= 1 \(got 0\)"),
    (lambda: MODEL.q(np.zeros(2)), r"W: must have shape \(3,\) or \(n, 3\)"),
    (lambda: limitdir.find_limits(DISC, mesh_level=0), r"mesh_level: must be an integer >= 1"),
    (lambda: limitdir.sweep(DISC, start=1, stop=0.5), r"stop: must be greater than start"),
    (lambda: limitdir.sweep(DISC, start=1), r"stop: required$"),
    (lambda: limitdir.bifurcation_map(DISC, x="lambda", x_range=(1, 0.1), y="force", y_range=(0, 4)), r"x_range: must be"),
    (lambda: limitdir.simulate(DISC, x0=(1, 0)), r"x0: must be three numbers"),
    (lambda: limitdir.classify(DISC, (1, 0, 0), max_angle=-1), r"max_angle: must be a number > 0"),
    (lambda: limitdir.scan(DISC, job="find-limits", grid=GRID, jobs=0), r"jobs: must be an integer >= 1"),
    (lambda: limitdir.roll(problem_path("roll-fig3a.json"), every=-1), r"every: must be an integer >= 0"),
    (lambda: limitdir.celt(problem_path("celt.json"), t_end=-1), r"t_end: "),
    (lambda: limitdir.pile(problem_path("pile.json"), every=-1), r"every: must be an integer >= 0"),
    (lambda: limitdir.branches({"parameter": "force", "branches": [{"points": [{"force": 1, "w": [1, 0]}]}]}),
     r"branches\[0\].points\[0\].w: "),
    (lambda: limitdir.degree_study(DISC, [1], 0.6, 0.5), r"stop: must be greater than start"),
    (lambda: limitdir.degree_study(DISC, [1], "a", 0.6), r"start: must be a number"),
    (lambda: limitdir.plot({}, width=5), r"width: must be an integer >= 200"),
]


@pytest.mark.parametrize("call, message", BAD_VALUE, ids=[m.split(":")[0] + f"-{i}" for i, (_, m) in enumerate(BAD_VALUE)])
def test_a_bad_value_is_a_value_error_in_the_keywords_names(call, message):
    with pytest.raises(ValueError, match="^" + message) as error:
        call()
    assert one_line(error)
