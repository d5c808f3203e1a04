"""The public functions' docstrings are numpydoc (docs/python.md "Docstrings"): a typed signature
first, then Parameters (each with its type, and a unit for every number or array), Returns,
Raises and Examples; their parameters are those of the type stubs limitdir.pyi, which mypy reads."""
import ast
import doctest
import os
import re
import subprocess
import sys
import textwrap

import pytest
from numpydoc.docscrape import NumpyDocString

import limitdir

STUB = os.path.join(os.path.dirname(limitdir.__file__), "limitdir.pyi")


def public_callables():
    found = [(name, getattr(limitdir, name)) for name in dir(limitdir)
             if not name.startswith("_") and type(getattr(limitdir, name)).__name__ == "builtin_function_or_method"]
    for cls in (limitdir.Problem, limitdir.FrictionModel):
        found += [(f"{cls.__name__}.{name}", getattr(cls, name)) for name in vars(cls)
                  if not name.startswith("_") and callable(getattr(cls, name))]
    return found


def stub_parameters():
    """{name or Class.name: [parameter names, * and ** ones with their stars]} of limitdir.pyi."""
    tree = ast.parse(open(STUB).read())
    out = {}

    def names(f):
        a = f.args
        plain = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs if x.arg != "self"]
        return plain + (["**" + a.kwarg.arg] if a.kwarg else [])
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = names(node)
        elif isinstance(node, ast.ClassDef):
            for f in node.body:
                if isinstance(f, ast.FunctionDef):
                    out[f"{node.name}.{f.name}"] = names(f)
    return out


CALLABLES = public_callables()
STUBS = stub_parameters()


def test_every_public_function_is_checked():
    names = {name for name, _ in CALLABLES}
    assert {"find_limits", "plot", "degree_study", "map_curves", "Problem.with_", "FrictionModel.q"} <= names
    assert len(names) == 23


@pytest.mark.parametrize("name, function", CALLABLES, ids=[n for n, _ in CALLABLES])
def test_the_docstring_has_the_numpydoc_sections(name, function):
    signature, _, body = function.__doc__.partition("\n")
    short = name.split(".")[-1]
    assert re.match(rf"^{re.escape(short)}\(.*\) -> .+$", signature), signature
    doc = NumpyDocString(body)  # numpydoc takes a signature only without a return annotation
    assert doc["Summary"], "summary line"
    for section in ("Returns", "Raises", "Examples"):
        assert doc[section], section
    for item in doc["Returns"] + doc["Raises"]:
        assert item.type and item.desc, item
    stub = STUBS[name]
    documented = [p.name for p in doc["Parameters"]]
    assert documented == stub, f"Parameters {documented} against the stub's {stub}"
    for p in doc["Parameters"]:
        assert p.type and p.desc, p.name
        if re.search(r"\b(float|int|array_like)\b", p.type):
            assert "Unit" in " ".join(p.desc), f"{p.name}: a number without its unit"


@pytest.mark.parametrize("name, function", CALLABLES, ids=[n for n, _ in CALLABLES])
def test_the_signature_line_names_the_stubs_parameters(name, function):
    line = function.__doc__.split("\n", 1)[0]
    inside = line[line.index("(") + 1:line.rindex(") ->")]
    depth, parts, current = 0, [], ""
    for c in inside:  # split at the commas outside brackets
        depth += c in "([" and 1 or c in ")]" and -1 or 0
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
    parts.append(current.strip())
    params = [re.split(r"[:=]", p)[0].strip() for p in parts if p and p not in ("*", "/")]
    assert params == STUBS[name]


def test_mypy_reads_the_stubs(tmp_path):
    good = tmp_path / "good.py"
    good.write_text(textwrap.dedent("""\
        import limitdir
        import numpy as np
        p: limitdir.Problem = limitdir.Problem.from_file("ball.json").with_({"system.lambda": 0.5}, degree=4)
        r: limitdir.Report = limitdir.find_limits(p, force=0.3)
        W: np.ndarray = limitdir.directions(r)
        curves = limitdir.map_curves(limitdir.bifurcation_map(p, x="lambda"))
        x: np.ndarray = curves[0][0]
        s: str = limitdir.plot(limitdir.degree_study(p, range(1, 9), 0.001, 1.5), width=400)
        """))
    bad = tmp_path / "bad.py"
    bad.write_text(textwrap.dedent("""\
        import limitdir
        p = limitdir.Problem.from_file(3)
        n: int = limitdir.plot({})
        limitdir.degree_study(p, "1..8", 0.001, 1.5)
        limitdir.Problem.from_file("ball.json").with_(degree="4")
        """))
    env = dict(os.environ, MYPYPATH=os.path.dirname(STUB))
    run = [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
           "--ignore-missing-imports"]
    r = subprocess.run(run + [str(good)], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run(run + [str(bad)], capture_output=True, text=True, env=env)
    assert r.returncode == 1
    # one error per bad line (lines 2 to 5)
    lines = sorted({int(m) for m in re.findall(r"bad\.py:(\d+): error", r.stdout)})
    assert lines == [2, 3, 4, 5], r.stdout


@pytest.mark.parametrize("name, function", CALLABLES, ids=[n for n, _ in CALLABLES])
def test_the_examples_run(name, function, monkeypatch):
    # the examples name the bundled problems as share/problems/..., from the source tree's root
    share = os.environ.get("LIMITDIR_SHARE_DIR", "share")
    monkeypatch.chdir(os.path.dirname(os.path.abspath(share)))
    import numpy
    test = doctest.DocTestParser().get_doctest(function.__doc__, {"limitdir": limitdir, "numpy": numpy}, name, None, 0)
    report = []
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test, out=report.append)
    assert result.attempted > 0 and result.failed == 0, "".join(report)
