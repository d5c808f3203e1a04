"""Each function of the module returns the document its app prints (docs/python.md "Analysis"):
the same dict as json.loads of the app's output, every number to the last digit (float ==)."""
import errno
import os

import pytest

import limitdir
from conftest import problem_path, run_app, in_keywords


def without_wall_time(report):
    """celt's report times its run (run.wall_seconds): the one number that differs between runs."""
    if "run" in report and "wall_seconds" in report["run"]:
        assert isinstance(report["run"].pop("wall_seconds"), float)
    return report


def same_as_app(function, app, problem, args, **options):
    status, docs, _ = run_app(app, problem, *args)
    assert status == 0
    assert without_wall_time(function(problem_path(problem), **options)) == without_wall_time(docs[-1])


def test_find_limits_equals_the_app():
    same_as_app(limitdir.find_limits, "find-limits", "ball.json", ["--force", "0.3"], force=0.3)
    same_as_app(limitdir.find_limits, "find-limits", "general.json", ["--force", "0.7"], force=0.7)


def test_a_report_below_require_comes_with_the_apps_message_as_a_warning():
    """Exit code 3 with a report (docs/manual.md section 5): the report, and an IncompleteWarning."""
    status, docs, stderr = run_app("find-limits", "disc.json", "--force", "0", "--require", "proven")
    assert status == 3
    with pytest.warns(limitdir.IncompleteWarning) as warnings:
        report = limitdir.find_limits(problem_path("disc.json"), force=0.0, require="proven")
    assert report == docs[0]
    assert [f"find-limits: error: {w.message}\n" for w in warnings] == [in_keywords(stderr)]
    import warnings as python_warnings
    with python_warnings.catch_warnings():
        python_warnings.simplefilter("error")
        with pytest.raises(limitdir.IncompleteWarning):
            limitdir.find_limits(problem_path("disc.json"), force=0.0, require="proven")


def test_a_problem_object_runs_as_its_file():
    problem = limitdir.Problem.from_file(problem_path("disc.json"))
    _, docs, _ = run_app("find-limits", "disc.json", "--force", "0.5")
    assert limitdir.find_limits(problem, force=0.5) == docs[0]


def test_bifurcation_map_equals_the_app():
    same_as_app(limitdir.bifurcation_map, "bifurcation-map", "ball.json",
                ["--y", "lambda", "--y-range", "1,3", "--x-range", "0.05,1.5"],
                y="lambda", y_range=(1, 3), x_range=(0.05, 1.5))


def test_simulate_equals_the_app():
    same_as_app(limitdir.simulate, "simulate", "ball.json", ["--force", "0.3", "--survey", "20"], force=0.3, survey=20)
    status, docs, _ = run_app("simulate", "ball.json", "--force", "0.3", "--x0", "1,0.5,0.2", "--every", "50")
    assert status == 0 and len(docs) > 2
    points = []
    final = limitdir.simulate(problem_path("ball.json"), on_point=points.append, force=0.3, x0=(1, 0.5, 0.2), every=50)
    assert points == docs[:-1]
    assert final == docs[-1]


def test_roll_and_celt_equal_the_app():
    same_as_app(limitdir.roll, "roll", "roll-fig3a.json", ["--every", "0"], every=0)
    same_as_app(limitdir.roll, "roll", "roll-fig2.json", ["--map", "--mu-grid", "0.01,0.3,2", "--mu-r-grid",
                                                          "0.004,0.032,2"],
                map=True, mu_grid=(0.01, 0.3, 2), mu_r_grid=(0.004, 0.032, 2))
    same_as_app(limitdir.celt, "celt", "celt.json", ["--t-end", "0.2", "--every", "0"], t_end=0.2, every=0)
    same_as_app(limitdir.celt, "celt", "celt.json", ["--slip-system", "0"], slip_system=0)


@pytest.mark.parametrize("app,function,args,options", [
    ("find-limits", limitdir.find_limits, ["--force", "abc"], {"force": "abc"}),
    ("find-limits", limitdir.find_limits, ["--mesh-level", "9"], {"mesh_level": 9}),
    ("sweep-force", limitdir.sweep, ["--from", "1"], {"start": 1}),
    ("sweep-force", limitdir.sweep, ["--from", "1", "--to", "0.5"], {"start": 1, "stop": 0.5}),
    ("simulate", limitdir.simulate, ["--x0", "1,0"], {"x0": (1, 0)}),
])
def test_bad_options_raise_the_apps_message(app, function, args, options):
    status, docs, stderr = run_app(app, "disc.json", *args)
    assert status == 2 and docs == []
    with pytest.raises(ValueError) as error:
        function(problem_path("disc.json"), **options)
    renames = {"from": "start", "to": "stop"} if function is limitdir.sweep else {}
    assert in_keywords(stderr, renames) == f"{app}: error: {error.value}\n"


def test_errors_name_the_keywords_as_python_does():
    """docs/python.md: the options by their keyword names, an unknown keyword a TypeError, a value
    of a type with no text a TypeError, a missing file FileNotFoundError (errno ENOENT, filename)."""
    with pytest.raises(ValueError, match=r"^stop: must be greater than start") as error:
        limitdir.sweep(problem_path("disc.json"), start=1, stop=0.5)
    assert "--" not in str(error.value)
    with pytest.raises(TypeError, match=r"^unexpected keyword argument 'forse'$"):
        limitdir.find_limits(problem_path("disc.json"), forse=0.3)
    with pytest.raises(TypeError, match=r"^unexpected keyword argument 'end'$"):
        limitdir.sweep(problem_path("disc.json"), start=0.5, end=1)
    with pytest.raises(TypeError, match=r"^mesh_level: must be a number, a text or a sequence of them \(got dict\)$"):
        limitdir.find_limits(problem_path("disc.json"), force=0.3, mesh_level={"a": 1})
    with pytest.raises(ValueError, match=r"^force: ") as error:
        limitdir.find_limits(problem_path("disc.json"), force="a")
    absent = problem_path("no-such-problem.json")
    for call in (limitdir.Problem.from_file, limitdir.find_limits):
        with pytest.raises(FileNotFoundError) as error:
            call(absent)
        assert error.value.errno == errno.ENOENT and error.value.filename == absent
        assert str(error.value) == str(FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), absent))


def test_an_exception_of_on_point_ends_the_job_and_is_raised():
    def stop(point):
        raise KeyError("enough")
    with pytest.raises(KeyError, match="enough"):
        limitdir.simulate(problem_path("ball.json"), on_point=stop, force=0.3, x0=(1, 0.5, 0.2))
