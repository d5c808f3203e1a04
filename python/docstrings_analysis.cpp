// The docstrings of the analyses and figures (docstrings.hpp).
#include "docstrings.hpp"

namespace limitdir::python::doc {

// The errors every job raises (docs/python.md "Statuses").
#define LIMITDIR_JOB_RAISES                                                                     \
  "Raises\n------\n"                                                                            \
  "FileNotFoundError\n    A path with no file.\n"                                               \
  "ValueError\n    Bad input: the app's one-line message, its options named as the keywords.\n" \
  "TypeError\n    An unknown keyword, or a value of a type that has no text.\n"                 \
  "limitdir.NumericalError\n    The computation could not deliver (the app's exit 3 without a report).\n" \
  "OSError\n    Reading or writing a file failed.\n"                                            \
  "KeyboardInterrupt\n    Ctrl-C during the call (nothing is kept).\n\n"                        \
  "Warns\n-----\n"                                                                              \
  "limitdir.IncompleteWarning\n    The certificate is below `require` (the app's exit 3 with a report).\n"

const char* const find_limits = R"(find_limits(problem: Problem | str | os.PathLike | dict, **options: Any) -> Report

The limit directions at one load (the find-limits app).

Parameters
----------
problem : Problem, str, os.PathLike or dict
    The problem, a path to its file (or a report that embeds one), or its JSON.
**options : Any
    The app's options (find-limits --help): force= (the load F, unit mu m g), method=,
    mesh_level=, require="checked" or "proven", model=, degree=, pressure=, rho=, set=.

Returns
-------
Report
    The document (schema limitdir.limits/1) as a dict; limitdir.directions reads its directions.

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> r = limitdir.find_limits("share/problems/ball.json", force=0.3)
>>> r["certificate"]["level"]
'proven'
)";

const char* const sweep = R"(sweep(problem: Problem | str | os.PathLike | dict, parameter: str | None = None, start: float | None = None, stop: float | None = None, **options: Any) -> Report

The bifurcation diagram over one parameter (the sweep-force app).

Parameters
----------
problem : Problem, str, os.PathLike or dict
    The problem, a path to its file, or its JSON.
parameter : str, optional
    The swept parameter (--parameter): force (the default), lambda, j, alpha, rho, ...
start : float
    The first value (--from). Unit: the parameter's (the load F: mu m g).
stop : float
    The last value, > start (--to). Unit: the parameter's.
**options : Any
    The app's other options: checks=, h_max=, enclose_events=True, no_proof=True, max_chord=
    (docs/manual.md section 5, "Chords"), force= (the fixed load of another parameter, mu m g),
    model=, degree=, ...

Returns
-------
Report
    The diagram (schema limitdir.diagram/1); limitdir.branches and limitdir.bifurcations read
    its arrays.

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> d = limitdir.sweep("share/problems/disc.json", start=0, stop=1)
>>> d["schema"]
'limitdir.diagram/1'
)";

const char* const bifurcation_map = R"(bifurcation_map(problem: Problem | str | os.PathLike | dict, **options: Any) -> Report

The curves of bifurcations over two parameters (the bifurcation-map app).

Parameters
----------
problem : Problem, str, os.PathLike or dict
    The problem, a path to its file, or its JSON.
**options : Any
    The app's options: x= and y= (force, lambda, j, alpha, rho, ...), x_range=(A, B) and
    y_range=(A, B) in the parameters' units (the load F: mu m g), lines=, require=, model=, ...

Returns
-------
Report
    The map (schema limitdir.map/1); limitdir.map_curves and limitdir.map_points read its arrays.

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> m = limitdir.bifurcation_map("share/problems/ball.json", x="lambda", x_range=(0.15, 1.2),
...                              y="force", y_range=(0, 4))
>>> m["certificate"]["level"]
'proven'
)";

const char* const simulate = R"(simulate(problem: Problem | str | os.PathLike | dict, on_point: Callable[[dict], None] | None = None, **options: Any) -> Report

The slip dynamics up to stick (the simulate app).

Parameters
----------
problem : Problem, str, os.PathLike or dict
    The problem, a path to its file, or its JSON.
on_point : callable, optional
    Called with each kept point {t, tau, r, w} of a trajectory (t in sqrt(R/(mu g)), r in
    sqrt(mu g R)); an exception it raises ends the run and is raised.
**options : Any
    The app's options: x0=(u_x, u_y, rho omega_z) (unit sqrt(mu g R)) or survey=N, force=, ...

Returns
-------
Report
    The final record, or the survey (schema limitdir.survey/1).

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> r = limitdir.simulate("share/problems/disc.json", x0=(1, 0, 0.2), force=0.3)
)";

const char* const roll = R"(roll(document: str | os.PathLike | dict, **options: Any) -> Report

A sphere rolling with rolling resistance (the roll app, docs/manual.md section 10).

Parameters
----------
document : str, os.PathLike or dict
    A limitdir.roll/1 file or its JSON.
**options : Any
    The app's options (roll --help), e.g. set="law.mu_r=0.01".

Returns
-------
Report
    The run or the map (schema limitdir.roll-report/1 or limitdir.roll-map/1).

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> r = limitdir.roll("share/problems/roll-fig3a.json")
)";

const char* const celt = R"(celt(document: str | os.PathLike | dict, **options: Any) -> Report

The Celtic stone (the celt app, docs/manual.md section 12).

Parameters
----------
document : str, os.PathLike or dict
    A limitdir.celt/1 file or its JSON.
**options : Any
    The app's options (celt --help).

Returns
-------
Report
    The report (schema limitdir.celt-report/1).

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> r = limitdir.celt("share/problems/celt.json")
)";

const char* const pile = R"(pile(document: str | os.PathLike | dict, **options: Any) -> Report

A spheres pile (the pile app).

Parameters
----------
document : str, os.PathLike or dict
    A limitdir.pile/1 file or its JSON.
**options : Any
    The app's options: every=, vtk=DIR, jobs=K, scene=True, set="drop.height=0.011", ...

Returns
-------
Report
    The report (schema limitdir.pile-report/1), or with scene=True limitdir.pile-scene/1.

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> limitdir.pile("share/problems/pile.json", scene=True)["schema"]
'limitdir.pile-scene/1'
)";

const char* const classify = R"(classify(problem: Problem | str | os.PathLike | dict | None = None, directions: numpy.typing.ArrayLike | dict | str | os.PathLike | None = None, *, regions: dict | str | os.PathLike | None = None, **options: Any) -> Report

Refine directions to the nearest limit directions and classify them (the classify app).

Parameters
----------
problem : Problem, str, os.PathLike or dict, optional
    The problem; optional when `directions` is a document that carries it.
directions : array_like of shape (3,) or (n, 3), dict, str or os.PathLike, optional
    Directions (not normalised), or what the app reads on standard input: a find-limits
    report, {"problem", "force", "directions"} or a list. Unit: dimensionless.
regions : dict, str or os.PathLike, optional
    A sweep's diagram: its regions (classify --regions) instead.
**options : Any
    force= (mu m g), max_angle= (rad), model=, degree=, pressure=, rho=.

Returns
-------
Report
    The classification (schema limitdir.classification/1), or the regions
    (limitdir.regions/1).

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> c = limitdir.classify("share/problems/ball.json", (1, 0, 0), force=0.3)
)";

const char* const scan = R"(scan(problem: str | os.PathLike, *, job: str | None = None, grid: str | list[str] | None = None, points: str | os.PathLike | None = None, random: int | None = None, seed: int | None = None, shard: str | None = None, resume: str | os.PathLike | None = None, jobs: int | None = None, full: bool = False, merge: str | os.PathLike | list[str | os.PathLike] | None = None, summary: str | os.PathLike | None = None, **options: Any) -> list[dict] | Report

A job at every point of a grid of the problem file's keys (the scan app, docs/manual.md section 14).

Parameters
----------
problem : str or os.PathLike
    The problem file.
job : str, optional
    The job: find-limits, sweep-force, bifurcation-map, simulate, roll, celt or pile.
grid : str or list of str, optional
    Each --grid spec, e.g. "force=0:1:11" (KEY=FROM:TO:COUNT, the key's unit).
points : str or os.PathLike, optional
    A file of points instead of a grid.
random : int, optional
    That many random points of the grid's box. Unit: count.
seed : int, optional
    The random points' seed. Unit: none (a seed).
shard : str, optional
    "I/N": the I-th of N shards of the points.
resume : str or os.PathLike, optional
    A records file: only the points not in it run.
jobs : int, optional
    Threads. Unit: count.
full : bool
    Whole reports in the records, not their summaries.
merge : str, os.PathLike or list of them, optional
    Records files to merge instead of running.
summary : str or os.PathLike, optional
    A records file to summarise (with x=, y=, field=).
**options : Any
    The job's options.

Returns
-------
list of dict or Report
    The records (schema limitdir.scan-record/1) in the order written, or with `summary` the
    summary (limitdir.scan-summary/1).

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> records = limitdir.scan("share/problems/disc.json", job="find-limits", grid="force=0.1:0.5:3")
>>> len(records)
3
)";

const char* const degree_study = R"(degree_study(problem: Problem | str | os.PathLike | dict, degrees: Iterable[int], start: float, stop: float, *, parameter: str | None = None, checks: int | None = None, require: str | None = None) -> Report

The harmonic model of several degrees N against the exact model, as Figs 17-18 (the degree-study app).

Parameters
----------
problem : Problem, str, os.PathLike or dict
    The problem (its model is replaced; its pressure and rho are kept). Overrides: Problem.with_.
degrees : iterable of int
    The degrees N, 1 <= N <= 400, none twice (--degrees). Unit: dimensionless.
start : float
    The first value of the parameter (--from). Unit: the parameter's (the load F: mu m g).
stop : float
    The last value, > start (--to). Unit: the parameter's.
parameter : str, optional
    The swept parameter (default force); another needs the problem's load.
checks : int, optional
    find-limits re-checks per sweep, 0..10000 (default 16). Unit: count.
require : str, optional
    "checked" (default) or "proven": the least certificate level without a warning.

Returns
-------
Report
    The study (schema limitdir.degree-study/1) embedding every diagram.

)" LIMITDIR_JOB_RAISES R"(
Examples
--------
>>> s = limitdir.degree_study("share/problems/disc.json", range(1, 9), 0.001, 1.5)
>>> s["degrees"]
[1, 2, 3, 4, 5, 6, 7, 8]
)";

const char* const plot = R"(plot(report: dict | str | os.PathLike | Sequence[dict | str | os.PathLike], *, width: int | None = None, height: int | None = None, y: str | None = None, view: str | None = None, time: str | None = None, convergence: bool = False, colour_by: str | None = None, x_range: tuple[float, float] | None = None, y_range: tuple[float, float] | None = None, log_x: bool = False, log_y: bool = False, no_regions: bool = False, panel: int | None = None, font_size: float | None = None, style: str | None = None, title: bool = False, output: str | os.PathLike | None = None) -> str

The figure of a report as the plot app draws it (docs/manual.md section 11), as SVG text.

Parameters
----------
report : dict, str, os.PathLike, or a list of them
    A report or a path to one; a list is an overlay (reports of one kind).
width : int, optional
    Figure width, 200..10000 (default 800). Unit: px.
height : int, optional
    Figure height, 200..10000 (default 500). Unit: px.
y : str, optional
    Diagrams: the vertical coordinate theta, psi, w1, w2, w3 or rdot.
view : str, optional
    Sphere figures: the axis w1, w2 or w3 the hemispheres are seen along.
time : str, optional
    Simulations: t or tau.
convergence : bool
    Degree studies: the event errors against N.
colour_by : str, optional
    Scan summaries: class, level, mean, min or max.
x_range : tuple of float, optional
    The horizontal axis (A, B), A < B. Unit: the axis's.
y_range : tuple of float, optional
    The vertical axis (A, B), A < B. Unit: the axis's.
log_x : bool
    A logarithmic horizontal axis (ticks at the decades); data <= 0 in the range are bad input.
log_y : bool
    A logarithmic vertical axis (ticks at the decades); data <= 0 in the range are bad input.
no_regions : bool
    Maps: no shading of the regions and no region labels.
panel : int, optional
    Roll and celt runs: the K-th panel alone (1-based). Unit: count.
font_size : float, optional
    Tick label size, 6..40 (default 12; the style's). Unit: px.
style : str, optional
    screen (the default), paper (a journal's single column, 252 x 216 pt) or paper-wide (its
    double column, 518 x 324 pt): fonts, sizes and lines (docs/manual.md section 11).
title : bool
    Paper styles: draw the figure's title too (they leave it to the caption; on screen it is
    always drawn).
output : str or os.PathLike, optional
    Also write the figure to this .svg, .pdf or .png file.

Returns
-------
str
    The SVG document.

Raises
------
FileNotFoundError
    A path with no file.
ValueError
    A report plot does not draw, or a bad option (the app's message in the keywords' names).
TypeError
    An unknown keyword, or a switch that is not a bool.
OSError
    Writing `output` failed.

Examples
--------
>>> m = limitdir.bifurcation_map("share/problems/ball.json", x="lambda", x_range=(0.15, 1.2),
...                              y="force", y_range=(0, 4))
>>> limitdir.plot(m, width=400, height=300).startswith("<?xml")
True
)";

#undef LIMITDIR_JOB_RAISES

}  // namespace limitdir::python::doc
