"""Hostile input to the module (issue 34.3): a ValueError or TypeError with a one-line message,
never a segfault or RuntimeError (docs/python.md "Statuses"); Python objects are read with the
bounds of the apps' JSON reader (64 levels of nesting, docs/manual.md section 5)."""
import json
import os

import pytest

import limitdir
from conftest import problem_path, run_app, in_keywords

MAX_DEPTH = 64  # max_json_depth of core/json_input.hpp: the JSON reader's bound


def disc():
    return json.load(open(problem_path("disc.json")))


def nested_list(depth):
    """[[...[]...]]: `depth` lists, each inside the next (built without recursion)."""
    inner = []
    for _ in range(depth - 1):
        inner = [inner]
    return inner


def value_error_as_the_apps(tmp_path, doc):
    """The ValueError of from_dict(doc), which must be find-limits' message for doc's JSON file."""
    path = tmp_path / "document.json"
    path.write_text(json.dumps(doc))
    status, _, stderr = run_app("find-limits", str(path))
    assert status == 2
    with pytest.raises(ValueError) as error:
        limitdir.Problem.from_dict(doc, source=str(path))
    assert in_keywords(stderr) == f"find-limits: error: {error.value}\n"
    return str(error.value)


def one_line(error):
    text = str(error.value)
    return text and "\n" not in text


def test_a_list_that_holds_itself_is_a_value_error():
    r = []
    r.append(r)
    with pytest.raises(ValueError, match="nested deeper than 64 levels") as error:
        limitdir.Problem.from_dict({"schema": "limitdir.problem/1", "x": r})
    assert one_line(error)


def test_a_dict_that_holds_itself_is_a_value_error():
    d = disc()
    d["system"]["self"] = d
    with pytest.raises(ValueError, match="nested deeper than 64 levels") as error:
        limitdir.Problem.from_dict(d)
    assert one_line(error)


@pytest.mark.parametrize(
    "call",
    [
        lambda doc: limitdir.Problem.from_dict(doc),
        lambda doc: limitdir.find_limits(doc),
        lambda doc: limitdir.classify(regions=doc),
        lambda doc: limitdir.classify(problem_path("disc.json"), doc),
    ],
    ids=["from_dict", "find_limits", "classify_regions", "classify_directions"],
)
def test_a_list_100000_deep_is_a_value_error(call):
    doc = disc()
    doc["x"] = nested_list(100_000)
    with pytest.raises(ValueError, match="nested deeper than 64 levels") as error:
        call(doc)
    assert one_line(error)


@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1])
def test_the_nesting_bound_is_the_json_readers(tmp_path, depth):
    # the document itself is the outermost level: "x" holds depth - 1 more
    doc = disc()
    doc["friction"]["x"] = nested_list(depth - 2)
    message = value_error_as_the_apps(tmp_path, doc)
    assert ("nested deeper" in message) == (depth > MAX_DEPTH)


def test_a_force_of_10_to_the_400_is_a_value_error():
    doc = disc()
    doc["force"] = 10**400  # no double holds it, as "1e400" in a file is refused
    with pytest.raises(ValueError, match="force: a number must be finite") as error:
        limitdir.Problem.from_dict(doc)
    assert one_line(error)


def test_an_integer_beyond_64_bits_reads_as_the_double_a_file_gives(tmp_path):
    doc = disc()
    doc["friction"]["degree"] = -(2**63) - 1
    value_error_as_the_apps(tmp_path, doc)


def test_a_degree_option_of_minus_2_to_the_63_minus_1_is_the_apps_value_error():
    status, _, stderr = run_app("find-limits", "disc.json", f"--degree={-(2**63) - 1}")
    assert status == 2
    with pytest.raises(ValueError) as error:
        limitdir.find_limits(problem_path("disc.json"), degree=-(2**63) - 1)
    assert in_keywords(stderr) == f"find-limits: error: {error.value}\n"


def test_a_lone_surrogate_in_a_name_is_a_value_error():
    doc = disc()
    doc["name"] = "\udc80"
    with pytest.raises(ValueError, match="name: not valid Unicode") as error:
        limitdir.Problem.from_dict(doc)
    assert one_line(error)


@pytest.mark.parametrize(
    "call",
    [
        lambda: limitdir.Problem.from_dict({"\udc80": 1}),
        lambda: limitdir.Problem.from_dict(disc(), source="\udc80"),
        lambda: limitdir.find_limits(problem_path("disc.json"), model="\udc80"),
        lambda: limitdir.find_limits(problem_path("disc.json"), **{"\udc80": 1}),
        lambda: limitdir.classify(problem_path("disc.json"), (1, 0, 0), **{"\udc80": 1}),
    ],
    ids=["key", "source", "option_value", "option_name", "classify_option_name"],
)
def test_a_lone_surrogate_anywhere_is_a_value_error(call):
    with pytest.raises(ValueError, match="not valid Unicode") as error:
        call()
    assert one_line(error)


def test_a_file_name_with_a_lone_surrogate_is_the_byte_it_escapes(tmp_path):
    # os.fsencode, as open() does: "\udc80" names the file whose name has the byte 0x80
    name = os.path.join(str(tmp_path), "disc-\udc80.json")
    with open(name, "w") as f:
        json.dump(disc(), f)
    problem = limitdir.Problem.from_file(name)
    assert problem.source == name
    assert limitdir.find_limits(name, force=0.3)["schema"] == "limitdir.limits/1"


def test_an_option_value_that_holds_itself_is_a_value_error():
    r = [1.0]
    r.append(r)
    with pytest.raises(ValueError, match="^x0: must be a value or a sequence of values") as error:
        limitdir.simulate(problem_path("disc.json"), force=0.3, x0=r)
    assert one_line(error)


def test_branches_of_a_point_whose_force_is_text_is_a_type_error():
    diagram = {"parameter": "force", "branches": [{"points": [{"force": "x", "w": [1, 0, 0]}]}]}
    with pytest.raises(TypeError, match=r"branches\[0\].points\[0\].force: must be a number \(got str\)") as error:
        limitdir.branches(diagram)
    assert one_line(error)


def test_directions_of_a_w_that_is_text_is_a_type_error():
    with pytest.raises(TypeError, match=r"limit_directions\[0\].w: must be a number") as error:
        limitdir.directions({"limit_directions": [{"w": [1, "0", 0]}]})
    assert one_line(error)


def test_scan_full_that_is_not_a_bool_is_a_value_error():
    with pytest.raises(ValueError, match="^full: must be True or False") as error:
        limitdir.scan(problem_path("disc.json"), job="find-limits", grid="force=0.2:0.3:2", full=1)
    assert one_line(error)


def test_directions_that_hold_themselves_are_a_one_line_error():
    r = []
    r.append(r)
    # no array-like of numbers: a TypeError, as the friction model's W (test_errors.py)
    with pytest.raises(TypeError, match="directions: must be an array-like of numbers") as error:
        limitdir.classify(problem_path("disc.json"), r, force=0.3)
    assert one_line(error)
    model = limitdir.friction_model(problem_path("disc.json"))
    for call in (model.q, model.dq_dw):
        with pytest.raises(TypeError, match="W: must be an array-like of numbers") as error:
            call(r)
        assert one_line(error)


def test_a_type_error_names_a_hostile_class_in_a_printable_line():
    # a class's name is any str: an escape sequence must not reach the terminal (manual section 5)
    odd = type("\x1b[2J\n", (), {})()
    diagram = {"parameter": "force", "branches": [{"points": [{"force": odd, "w": [1, 0, 0]}]}]}
    with pytest.raises(TypeError) as error:
        limitdir.branches(diagram)
    assert "\\x1b[2J" in str(error.value) and "\x1b" not in str(error.value)
    assert one_line(error)


def test_a_float_subclass_option_is_given_as_its_number():
    # numpy 2's np.float64 has the repr "np.float64(0.3)": the option is the double's own text
    class Labelled(float):
        def __repr__(self):
            return "Labelled(" + float.__repr__(self) + ")"

    assert limitdir.find_limits(problem_path("disc.json"), force=Labelled(0.3))["force"] == 0.3
