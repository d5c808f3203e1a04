// The docstrings of limitdir.Problem, the friction models and the arrays (docstrings.hpp).
#include "docstrings.hpp"

namespace limitdir::python::doc {

// The errors of the functions that read arrays from a report (arrays_binding.cpp).
#define LIMITDIR_ARRAY_RAISES                                                 \
  "Raises\n------\n"                                                          \
  "TypeError\n    A value of the wrong type (naming where it is).\n"          \
  "ValueError\n    A w without 3 components.\n"
// The errors of q and dq_dw, and the model of their examples.
#define LIMITDIR_Q_RAISES_AND_MODEL                                                         \
  "Raises\n------\n"                                                                        \
  "ValueError\n    W of another shape, or a zero or non-finite direction.\n\n"              \
  "Examples\n--------\n"                                                                    \
  ">>> m = limitdir.friction_model(\"share/problems/disc.json\")\n"
// The examples' map: the ball's (lambda, F) map of docs/examples/ball-map.ipynb.
#define LIMITDIR_BALL_MAP                                                                       \
  ">>> m = limitdir.bifurcation_map(\"share/problems/ball.json\", x=\"lambda\", x_range=(0.15, 1.2),\n" \
  "...                              y=\"force\", y_range=(0, 4))\n"

const char* const problem_from_file = R"(from_file(path: str | os.PathLike) -> Problem

Read and validate a problem file, as the apps read their PROBLEM.

Parameters
----------
path : str or os.PathLike
    A problem file (schema limitdir.problem/1, docs/manual.md section 4) or a report that embeds
    one (find-limits, sweep-force, ...: its problem at its load).

Returns
-------
Problem
    The problem; messages name it by `path`.

Raises
------
FileNotFoundError
    No file at `path`.
ValueError
    The file is not a valid problem (the apps' one-line message).
TypeError
    `path` is no str, bytes or os.PathLike.

Examples
--------
>>> ball = limitdir.Problem.from_file("share/problems/ball.json")
>>> ball.force
0.0
)";

const char* const problem_from_dict = R"(from_dict(document: dict, source: str = "<problem>") -> Problem

Validate a problem given as the JSON of a problem file.

Parameters
----------
document : dict
    The problem file's JSON (schema limitdir.problem/1), or a report that embeds a problem.
source : str
    The name messages give it (default "<problem>").

Returns
-------
Problem
    The problem.

Raises
------
ValueError
    Not a valid problem (the apps' one-line message, naming `source`).
TypeError
    A value of a type JSON has no place for.

Examples
--------
>>> p = limitdir.Problem.from_dict({"schema": "limitdir.problem/1", "system": {"preset": "disc"},
...                                 "friction": {"model": "harmonic", "degree": 2}})
>>> p.to_dict()["contact"]["pressure"]
'uniform'
)";

const char* const problem_to_dict = R"(to_dict() -> dict

The problem file as a dict, every default written out.

Returns
-------
dict
    The JSON of the problem file (schema limitdir.problem/1); Problem.from_dict reads it back to
    an equal problem.

Raises
------
None
    It always succeeds.

Examples
--------
>>> limitdir.Problem.from_file("share/problems/ball.json").to_dict()["system"]["preset"]
'ball'
)";

const char* const problem_with = R"(with_(keys: dict[str, float] | None = None, /, *, force: float | None = None, model: str | None = None, degree: int | None = None, pressure: str | None = None, rho: float | str | None = None, **key_paths: float) -> Problem

A new problem with keys of the problem file set and the apps' overrides applied.

The original is unchanged. The keys are set first, in the order given, as the apps' --set
KEY=VALUE sets them; then the overrides apply, as --force, --model, --degree, --pressure and
--rho do (docs/manual.md sections 4 and 5).

Parameters
----------
keys : dict of str to float, optional
    Dotted keys of the problem file and their numbers, e.g. {"system.lambda": 0.5}. Unit: the
    key's in the problem file.
force : float, optional
    The load F. Unit: mu m g.
model : str, optional
    The friction model (friction.model), e.g. "exact" or "pade:2".
degree : int, optional
    The degree N >= 1 of the harmonic model. Unit: dimensionless.
pressure : str, optional
    The contact pressure: "uniform", "hertz", "galin", "ring", "power:ALPHA" or "ring:XI0".
rho : float or str, optional
    rho of the slip (u_x, u_y, rho omega_z): "kappa", "R" or a number > 0. Unit: R.
**key_paths : float
    Keys as keywords, "__" for each ".": system__lambda=0.5 is {"system.lambda": 0.5}. Unit: the
    key's in the problem file.

Returns
-------
Problem
    The changed problem, named as the apps name it ("...; system.lambda = 0.5").

Raises
------
ValueError
    An unknown key, a value no problem takes, or a bad override (the apps' message).
TypeError
    A value of the wrong type (a str or bool for a key, `keys` not a dict).

Examples
--------
>>> ball = limitdir.Problem.from_file("share/problems/ball.json")
>>> ball.with_({"system.lambda": 0.5}, degree=4) == ball.with_(system__lambda=0.5, degree=4)
True
)";

const char* const friction_model = R"(friction_model(problem: Problem | str | os.PathLike | dict) -> FrictionModel

The friction model a problem asks for (friction.model).

Parameters
----------
problem : Problem, str, os.PathLike or dict
    The problem, a path to its file, or its JSON.

Returns
-------
FrictionModel
    q(w) = Q(w)/(mu P), (31) [Nonlinear Dyn. 2024], with its name and description.

Raises
------
FileNotFoundError
    A path with no file.
ValueError
    Not a valid problem (the apps' message).

Examples
--------
>>> m = limitdir.friction_model("share/problems/disc.json")
>>> m.q([1.0, 0.0, 0.0]).shape
(3,)
)";

const char* const q = R"(q(W: numpy.typing.ArrayLike) -> numpy.ndarray

The friction q(w) = Q(w)/(mu P), (31) [Nonlinear Dyn. 2024], at the directions W.

Parameters
----------
W : array_like, shape (3,) or (n, 3)
    Directions w, any nonzero vectors (q(x) = q(x/|x|), (24)). Unit: dimensionless.

Returns
-------
numpy.ndarray of float64, shape (3,) or (n, 3)
    q at each direction. Unit: dimensionless (Q in units of mu P).

)" LIMITDIR_Q_RAISES_AND_MODEL R"(>>> m.q(numpy.eye(3)).shape
(3, 3)
)";

const char* const dq_dw = R"(dq_dw(W: numpy.typing.ArrayLike) -> numpy.ndarray

The Jacobian of q's degree-0 homogeneous extension at W (docs/manual.md section 1).

Parameters
----------
W : array_like, shape (3,) or (n, 3)
    Directions w, any nonzero vectors. Unit: dimensionless.

Returns
-------
numpy.ndarray of float64, shape (3, 3) or (n, 3, 3)
    Row i the gradient of q_i. Unit: dimensionless.

)" LIMITDIR_Q_RAISES_AND_MODEL R"(>>> m.dq_dw([0.0, 1.0, 0.0]).shape
(3, 3)
)";

const char* const directions = R"(directions(report: dict) -> numpy.ndarray

The limit directions of a find_limits report as an array.

Parameters
----------
report : dict
    A find_limits report (schema limitdir.limits/1).

Returns
-------
numpy.ndarray of float64, shape (n, 3)
    report["limit_directions"][i]["w"]. Unit: dimensionless (unit vectors).

)" LIMITDIR_ARRAY_RAISES R"(
Examples
--------
>>> r = limitdir.find_limits("share/problems/ball.json", force=0.3)
>>> limitdir.directions(r).shape[1]
3
)";

const char* const branches = R"(branches(diagram: dict) -> list[tuple[numpy.ndarray, numpy.ndarray]]

The branches of a sweep's diagram as arrays.

Parameters
----------
diagram : dict
    A sweep's diagram (schema limitdir.diagram/1).

Returns
-------
list of (numpy.ndarray, numpy.ndarray)
    Per branch (p, W): the swept parameter's values, shape (m,), in its unit (the load F in
    mu m g), and the limit directions, shape (m, 3), dimensionless.

)" LIMITDIR_ARRAY_RAISES R"(
Examples
--------
>>> d = limitdir.sweep("share/problems/disc.json", start=0, stop=1)
>>> p, W = limitdir.branches(d)[0]
)";

const char* const bifurcations = R"(bifurcations(diagram: dict) -> tuple[numpy.ndarray, numpy.ndarray]

The bifurcations (branch points) of a sweep's diagram as arrays.

Parameters
----------
diagram : dict
    A sweep's diagram (schema limitdir.diagram/1).

Returns
-------
p : numpy.ndarray of float64, shape (k,)
    The swept parameter's value at each event, in its unit (the load F in mu m g).
W : numpy.ndarray of float64, shape (k, 3)
    The first direction w of each event, dimensionless; a row of NaN where w is null.

)" LIMITDIR_ARRAY_RAISES R"(
Examples
--------
>>> d = limitdir.sweep("share/problems/disc.json", start=0, stop=1)
>>> p, W = limitdir.bifurcations(d)
)";

const char* const map_curves = R"(map_curves(map: dict) -> list[tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]]

The curves of a bifurcation map as arrays, in the order of map["curves"].

Parameters
----------
map : dict
    A bifurcation map (schema limitdir.map/1).

Returns
-------
list of (numpy.ndarray, numpy.ndarray, numpy.ndarray)
    Per curve (x, y, W): the two parameters at its points, shape (m,) each, in their units (as
    map["x"] and map["y"] name them), and the limit direction w, shape (m, 3), dimensionless.

)" LIMITDIR_ARRAY_RAISES R"(
Examples
--------
)" LIMITDIR_BALL_MAP R"(>>> [(c["kind"], len(x)) for c, (x, y, W) in zip(m["curves"], limitdir.map_curves(m))][0][0]
'fold'
)";

const char* const map_points = R"(map_points(map: dict) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]

The codimension-2 points of a bifurcation map (map["points"]) as arrays.

Parameters
----------
map : dict
    A bifurcation map (schema limitdir.map/1).

Returns
-------
x : numpy.ndarray of float64, shape (k,)
    The first parameter, in its unit.
y : numpy.ndarray of float64, shape (k,)
    The second parameter, in its unit.
W : numpy.ndarray of float64, shape (k, 3)
    The limit direction w at each point, dimensionless.

)" LIMITDIR_ARRAY_RAISES R"(
Examples
--------
)" LIMITDIR_BALL_MAP R"(>>> x, y, W = limitdir.map_points(m)
)";

#undef LIMITDIR_ARRAY_RAISES
#undef LIMITDIR_BALL_MAP
#undef LIMITDIR_Q_RAISES_AND_MODEL

}  // namespace limitdir::python::doc
