#!/usr/bin/env python3
"""Runs a spheres pile scene ("limitdir.pile-scene/1", what `pile PROBLEM --scene` prints) with
Siconos 4.4's Python package (Debian python3-siconos, a bench-only package: `sudo bash
scripts/install-deps.sh --bench`), built as siconos-tutorials' spheres_pile.py builds its pile
(examples/mechanics/RollingFriction): Bullet spheres, a convex-hull ground, Newton's impact law with
rolling friction, Moreau-Jean theta, SICONOS_ROLLING_FRICTION_3D_NSGS with the scene's tolerance and
sweep cap, each sphere born at its birth time. It is the Siconos side of issue 36's side-by-side
timing; see bench/README.md.

Usage: python3 bench/pile_siconos.py SCENE.json [--out FILE] [--t-end T]
       python3 bench/pile_siconos.py --tutorial-scene N [--seed S] [--out FILE]
       python3 bench/pile_siconos.py --self-check
Prints a JSON document (timings, steps, NSGS sweeps, the final state of the spheres, the run's
parameters) on stdout or into FILE; progress on stderr. Bad input: one line on stderr, exit 2;
python3-siconos missing: exit 1.
"""
import os

# One core: OpenBLAS reads this when it is loaded (by numpy or Siconos), so before importing them.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import contextlib
import json
import math
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SCHEMA = "limitdir.pile-scene/1"
DEBIAN_PYTHON = "/usr/bin/python3"  # python3-siconos lives in Debian's dist-packages

# The tutorial's construction (spheres_pile.py), kept as it is there.
MARGIN_RATIO = 1e-5  # Bullet's inside and outside margins of a shape, a fraction of its diameter
GROUND_THICKNESS_DIAMETERS = 2.0  # the convex-hull ground's thickness, in the largest diameter
NEWTON_MAX_ITER = 1  # one Newton iteration per step (the contact law is the only nonlinearity)
CONSTRAINT_ACTIVATION_THRESHOLD = 1e-8  # m: MoreauJeanOSI activates a contact whose predicted gap
#                                            is below it
FREEZING_CONTACT = 0  # the tutorial's 20 makes Debian's 4.4 abort ("tolerance has to be positive")
PROGRESS_SECONDS = 5.0  # wall time between two progress lines on stderr

# The tutorial's scene (issue 36: ground 30 d, drop height 7 d, offsets in [0, d/2], one sphere
# every sqrt(2 d / g), T = 1.1 N sqrt(2 d / g)), with a whole sphere's mass (the tutorial has half
# of it). Its ground's top face is at z = 2 d, so its spheres fall from 5 d above it; here 7 d.
TUTORIAL = {"diameter": 0.02, "density": 1300.0, "gravity": 9.81, "plane_diameters": 30.0,
            "drop_diameters": 7.0, "offset_diameters": 0.5, "horizon_factor": 1.1,
            "mu": 0.3, "mu_r": 1e-3, "e": 0.0, "h": 1e-3, "theta": 0.50001, "tol": 1e-4,
            "max_sweeps": 1000}


class SceneError(ValueError):
    """Bad input: reported as one line on stderr, exit 2."""


def number(obj, key, where, lo=-math.inf, hi=math.inf, lo_open=False):
    """obj[key] as a finite float in [lo, hi] (or (lo, hi] when lo_open); SceneError otherwise."""
    name = f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}" if where else key
    if not isinstance(obj, dict) or key not in obj:
        raise SceneError(f"{name} is missing")
    v = obj[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise SceneError(f"{name} must be a finite number, not {json.dumps(v)}")
    if v < lo or v > hi or (lo_open and v == lo):
        bound = f"{'(' if lo_open else '['}{lo:g}, {hi:g}]"
        raise SceneError(f"{name} = {v:g} is outside {bound}")
    return float(v)


def read_sphere(s, i):
    where = f"spheres[{i}]"
    if not isinstance(s, dict):
        raise SceneError(f"{where} must be an object")
    p = s.get("position")
    if not (isinstance(p, list) and len(p) == 3):
        raise SceneError(f"{where}.position must be an array of 3 numbers")
    position = [number(dict(enumerate(p)), k, f"{where}.position") for k in range(3)]
    return {"birth": number(s, "birth", where, 0.0), "position": position,
            "radius": number(s, "radius", where, 0.0, lo_open=True),
            "mass": number(s, "mass", where, 0.0, lo_open=True)}


def validate_scene(doc, t_end=None):
    """The scene document checked and reduced to plain values; SceneError names the bad field."""
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        raise SceneError(f"not a scene document: \"schema\" must be \"{SCHEMA}\"")
    for part in ("plane", "law", "stepping"):
        if not isinstance(doc.get(part), dict):
            raise SceneError(f"{part} must be an object")
    st = doc["stepping"]
    scene = {"name": str(doc.get("name", "pile")),
             "gravity": number(doc, "gravity", "", 0.0, lo_open=True),
             "width": number(doc["plane"], "width", "plane", 0.0, lo_open=True),
             "mu": number(doc["law"], "mu", "law", 0.0),
             "mu_r": number(doc["law"], "mu_r", "law", 0.0),
             "e": number(doc["law"], "e", "law", 0.0, 1.0),
             "h": number(st, "h", "stepping", 0.0, lo_open=True),
             "theta": number(st, "theta", "stepping", 0.5, 1.0),
             "tol": number(st, "tol", "stepping", 0.0, lo_open=True),
             "max_sweeps": number(st, "max_sweeps", "stepping", 1.0, 2.0**31 - 1)}
    if scene["max_sweeps"] != int(scene["max_sweeps"]):
        raise SceneError("stepping.max_sweeps must be an integer")
    scene["max_sweeps"] = int(scene["max_sweeps"])
    if t_end is None:
        scene["t_end"] = number(st, "t_end", "stepping", 0.0, lo_open=True)
    elif not (math.isfinite(t_end) and t_end > 0.0):
        raise SceneError(f"--t-end {t_end:g} must be a positive number")
    else:
        scene["t_end"] = t_end
    if scene["h"] > scene["t_end"]:
        raise SceneError(f"stepping.h = {scene['h']:g} is larger than t_end = {scene['t_end']:g}")
    spheres = doc.get("spheres")
    if not isinstance(spheres, list) or not spheres:
        raise SceneError("spheres must be a non-empty array")
    scene["spheres"] = [read_sphere(s, i) for i, s in enumerate(spheres)]
    largest = max(s["radius"] for s in scene["spheres"])
    if scene["width"] < 2.0 * largest:
        raise SceneError(f"plane.width = {scene['width']:g} is smaller than a sphere "
                         f"(diameter {2.0 * largest:g})")
    return scene


def tutorial_scene(n, seed, t_end=None):
    """The tutorial's pile of n spheres as a scene document (offsets from random.Random(seed))."""
    tu = TUTORIAL
    d, g = tu["diameter"], tu["gravity"]
    r = d / 2.0
    mass = tu["density"] * 4.0 / 3.0 * math.pi * r**3
    interval = math.sqrt(2.0 * d / g)
    rng = random.Random(seed)
    spheres = []
    for i in range(n):
        x, y = (tu["offset_diameters"] * d * rng.random() for _ in range(2))
        spheres.append({"birth": i * interval, "position": [x, y, tu["drop_diameters"] * d],
                        "radius": r, "mass": mass})
    return {"schema": SCHEMA, "name": f"siconos-tutorial-{n}", "gravity": g,
            "plane": {"width": tu["plane_diameters"] * d},
            "law": {"mu": tu["mu"], "mu_r": tu["mu_r"], "e": tu["e"]},
            "stepping": {"h": tu["h"], "theta": tu["theta"], "tol": tu["tol"],
                         "max_sweeps": tu["max_sweeps"],
                         "t_end": tu["horizon_factor"] * n * interval if t_end is None else t_end},
            "spheres": spheres}


def import_siconos():
    """Siconos' modules; re-executes under Debian's python3 when another python3 lacks them."""
    try:
        with stdout_to_stderr():  # it prints "No module named siconos.fclib." on stdout
            import siconos  # noqa: F401
            import siconos.io.mechanics_run  # noqa: F401
    except ImportError as err:
        here = os.path.realpath(sys.executable)
        if os.path.exists(DEBIAN_PYTHON) and here != os.path.realpath(DEBIAN_PYTHON):
            os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON] + sys.argv)
        print(f"pile_siconos: Siconos' Python package is missing ({err}); "
              "install it with: sudo bash scripts/install-deps.sh --bench", file=sys.stderr)
        sys.exit(1)


def package_version():
    """Debian's version of python3-siconos (siconos.version says 4.5.0 in the 4.4 package)."""
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "python3-siconos"],
                             capture_output=True, text=True, check=False)
        return out.stdout.strip() or None
    except OSError:
        return None


def build(io, scene):
    """Writes the scene into the runner's HDF5 input as spheres_pile.py does."""
    from siconos.mechanics.collision.tools import Contactor
    radii = sorted({s["radius"] for s in scene["spheres"]})
    shape_of = {}
    for k, r in enumerate(radii):
        shape_of[r] = f"Sphere-{k}"
        io.add_primitive_shape(shape_of[r], "Sphere", (r,), insideMargin=2 * r * MARGIN_RATIO,
                               outsideMargin=2 * r * MARGIN_RATIO)
    # Ground: a convex hull (a Box primitive ignores the margins and spheres sink into it), its top
    # face the plane z = 0, centred at the origin.
    w, thick = scene["width"], GROUND_THICKNESS_DIAMETERS * 2 * radii[-1]
    vertices = [(x * w, y * w, z * thick) for x in (0, 1) for y in (0, 1) for z in (0, 1)]
    io.add_convex_shape("Ground", vertices, outsideMargin=2 * radii[0] * MARGIN_RATIO)
    # Dynamic objects get ids 1, 2, ... in the order they are added: sphere i is number i + 1.
    for i, s in enumerate(scene["spheres"]):
        inertia = 0.4 * s["mass"] * s["radius"] ** 2  # a solid sphere, 2/5 m r^2
        io.add_object(f"sphere_{i}", [Contactor(shape_of[s["radius"]])], translation=s["position"],
                      velocity=[0, 0, 0, 0, 0, 0], mass=s["mass"], inertia=[inertia] * 3,
                      time_of_birth=s["birth"])
    io.add_object("ground", [Contactor("Ground")], translation=[-w / 2, -w / 2, -thick])
    io.add_Newton_impact_rolling_friction_nsl("contact_rolling", e=scene["e"], mu=scene["mu"],
                                              mu_r=scene["mu_r"])


class Stats:
    """Per-step solver statistics read after each step (run()'s end_run_iteration_hook)."""

    def __init__(self, scene):
        self.scene, self.steps, self.solved, self.sweeps, self.max_sweeps = scene, 0, 0, 0, 0
        self.at_cap, self.max_residual, self.max_contacts = 0, 0.0, 0
        self.started = self.last_print = time.perf_counter()

    def __call__(self, runner):
        import siconos.kernel as sk
        import siconos.numerics as sn
        self.steps += 1
        osnspb = runner._simulation.oneStepNSProblem(sk.SICONOS_OSNSP_TS_VELOCITY)
        options = osnspb.numericsSolverOptions()
        sweeps = int(options.iparam[sn.SICONOS_IPARAM_ITER_DONE])
        contacts = osnspb.getSizeOutput() // 5 if sweeps > 0 else 0
        if sweeps > 0:  # no solve at a step without contacts: the counter stays at the reset 0
            self.solved += 1
            self.sweeps += sweeps
            self.max_sweeps = max(self.max_sweeps, sweeps)
            self.at_cap += sweeps >= self.scene["max_sweeps"]
            self.max_residual = max(self.max_residual,
                                    float(options.dparam[sn.SICONOS_DPARAM_RESIDU]))
            self.max_contacts = max(self.max_contacts, contacts)
            options.iparam[sn.SICONOS_IPARAM_ITER_DONE] = 0
        now = time.perf_counter()
        if now - self.last_print >= PROGRESS_SECONDS:
            self.last_print = now
            print(f"pile_siconos: t = {runner._simulation.startingTime():.4f} s, "
                  f"step {self.steps}, {runner._nsds.getNumberOfDS()} spheres, "
                  f"{contacts} contacts, {sweeps} sweeps, {now - self.started:.1f} s",
                  file=sys.stderr, flush=True)

    def report(self):
        return {"solved_steps": self.solved, "total": self.sweeps,
                "mean_per_step": self.sweeps / self.steps if self.steps else 0.0,
                "mean_per_solved_step": self.sweeps / self.solved if self.solved else 0.0,
                "max": self.max_sweeps, "steps_at_cap": self.at_cap,
                "max_residual": self.max_residual, "max_contacts": self.max_contacts}


def solver_options(scene):
    import siconos.kernel as sk
    import siconos.numerics as sn
    options = sk.solver_options_create(sn.SICONOS_ROLLING_FRICTION_3D_NSGS)
    options.iparam[sn.SICONOS_IPARAM_MAX_ITER] = scene["max_sweeps"]
    options.dparam[sn.SICONOS_DPARAM_TOL] = scene["tol"]
    options.iparam[sn.SICONOS_FRICTION_3D_NSGS_FREEZING_CONTACT] = FREEZING_CONTACT
    return options


def rotate(q, v):
    """v rotated by the unit quaternion q = (w, x, y, z): q v q*."""
    w, x, y, z = q
    ux, uy, uz = v
    tx, ty, tz = 2 * (y * uz - z * uy), 2 * (z * ux - x * uz), 2 * (x * uy - y * ux)
    return [ux + w * tx + y * tz - z * ty, uy + w * ty + z * tx - x * tz,
            uz + w * tz + x * ty - y * tx]


def final_state(runner):
    """The spheres present at the end: position, velocity and omega (world frame; Siconos keeps
    a Newton-Euler body's angular velocity in the body frame)."""
    positions = {int(row[0]): row[1:] for row in runner._io.positions(runner._nsds)}
    velocities = {int(row[0]): row[1:] for row in runner._io.velocities(runner._nsds)}
    out = []
    for number_ in sorted(positions):
        q, v = positions[number_], velocities[number_]
        out.append({"id": number_ - 1, "position": [float(c) for c in q[:3]],
                    "velocity": [float(c) for c in v[:3]],
                    "omega": [float(c) for c in rotate(q[3:7], v[3:6])]})
    return out


@contextlib.contextmanager
def stdout_to_stderr():
    """Anything Siconos prints (Python or C) goes to stderr; yields the real stdout's descriptor."""
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield saved
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def simulate(scene):
    """Runs the scene; returns the result document."""
    import siconos
    import siconos.kernel as sk
    from siconos.io.mechanics_run import MechanicsHdf5Runner

    def weight(body):
        body.setFExtPtr([0.0, 0.0, -body.scalarMass() * scene["gravity"]])

    work = tempfile.mkdtemp(prefix="pile_siconos.")
    try:
        path = os.path.join(work, "pile.hdf5")
        t0 = time.perf_counter()
        with MechanicsHdf5Runner(io_filename=path, verbose=False) as io:
            build(io, scene)
        stats = Stats(scene)
        steps = int(round(scene["t_end"] / scene["h"]))
        wall, cpu = time.perf_counter(), time.process_time()
        with MechanicsHdf5Runner(io_filename=path, mode="r+", verbose=False) as io:
            io.run(with_timer=False, multipoints_iterations=False, gravity_scale=1, t0=0,
                   T=scene["t_end"], h=scene["h"], theta=scene["theta"],
                   Newton_max_iter=NEWTON_MAX_ITER, set_external_forces=weight,
                   solver_options=solver_options(scene), osi=sk.MoreauJeanOSI,
                   violation_verbose=False, numerics_verbose=False, verbose=False,
                   verbose_progress=False, output_frequency=steps + 1,
                   constraint_activation_threshold=CONSTRAINT_ACTIVATION_THRESHOLD,
                   end_run_iteration_hook=stats)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            spheres = final_state(io)
            t_final = io._simulation.startingTime()
        setup = time.perf_counter() - t0 - wall
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return {"program": "siconos", "siconos_package": package_version(),
            "siconos_version": siconos.version, "scene": scene["name"],
            "wall_seconds": wall, "cpu_seconds": cpu, "setup_wall_seconds": setup,
            "steps": stats.steps, "t_final": float(t_final),
            "ms_per_step": 1e3 * cpu / stats.steps if stats.steps else 0.0,
            "sweeps": stats.report(), "spheres_born": len(spheres),
            "parameters": parameters(scene), "spheres": spheres}


def parameters(scene):
    keys = ("gravity", "width", "mu", "mu_r", "e", "h", "theta", "t_end", "tol", "max_sweeps")
    p = {k: scene[k] for k in keys}
    p.update({"spheres": len(scene["spheres"]), "solver": "SICONOS_ROLLING_FRICTION_3D_NSGS",
              "freezing_contact": FREEZING_CONTACT, "newton_max_iter": NEWTON_MAX_ITER,
              "constraint_activation_threshold": CONSTRAINT_ACTIVATION_THRESHOLD,
              "margin_ratio": MARGIN_RATIO, "ground": "convex hull",
              "openblas_threads": os.environ.get("OPENBLAS_NUM_THREADS")})
    return p


SELF_CHECK_SPHERES = 10
SELF_CHECK_SEED = 1


def settled_time(scene):
    """When the last sphere has landed and stopped: its birth, its free fall to the plane, then
    v_fall / a: v_fall = sqrt(2 g (z0 - r)) bounds its speed (1.6 m/s in the tutorial's scene) and
    rolling on the plane slows it by a = g (mu_r / r) / (1 + 2/5) (docs/manual.md, the rolling
    sphere's closed form with j = 2/5; 0.70 m/s^2, so 2.3 s); sliding slows it faster (mu g)."""
    g, last = scene["gravity"], max(scene["spheres"], key=lambda s: s["birth"])
    fall = last["position"][2] - last["radius"]
    v_fall = math.sqrt(2.0 * g * fall)
    rolling = g * (scene["mu_r"] / last["radius"]) / (1.0 + 0.4)
    return last["birth"] + math.sqrt(2.0 * fall / g) + v_fall / rolling


def penetration_bound(scene):
    """How far a sphere can sink into what it lands on, approaching it at speed v: MoreauJeanOSI
    activates a contact at the start of the step whose predicted gap y + (h/2) v_k is below the
    threshold (~0); the step before it was above, so y_k > -(h/2) v; the step moves the gap by
    h ((1 - theta) v_k + theta v_k+1) with v_k+1 = 0 (e = 0), so y_k+1 > -(3/2 - theta) h v.
    v is at most the free-fall speed from the birth height (what a sphere lands on is nearly at
    rest); add the two shapes' Bullet margins."""
    g, h, theta = scene["gravity"], scene["h"], scene["theta"]
    fall = max(s["position"][2] - s["radius"] for s in scene["spheres"])
    margins = 2 * 2 * max(s["radius"] for s in scene["spheres"]) * MARGIN_RATIO
    return (1.5 - theta) * h * math.sqrt(2.0 * g * fall) + margins


def check_pile(scene, result):
    """Failures of the settled pile: every sphere born, above the plane up to the penetration
    bound, over the plane, at rest, resting on the plane or on a sphere, overlaps bounded."""
    pen = penetration_bound(scene)
    # At rest: under gravity a sphere gains g h of speed in a step, which its contacts take back;
    # anything slower is rest at the resolution of the step.
    v_rest = scene["gravity"] * scene["h"]
    radius = [s["radius"] for s in scene["spheres"]]
    final = result["spheres"]
    bad = []
    if len(final) != len(scene["spheres"]):
        bad.append(f"{len(final)} spheres of {len(scene['spheres'])} present at the end")
    for s in final:
        i, (x, y, z), r = s["id"], s["position"], radius[s["id"]]
        gap = z - r
        if gap < -pen:
            bad.append(f"sphere {i} sinks {-gap:.3g} m into the plane (bound {pen:.3g} m)")
        if max(abs(x), abs(y)) > scene["width"] / 2:
            bad.append(f"sphere {i} is off the plane at ({x:.3g}, {y:.3g})")
        speed = math.sqrt(sum(c * c for c in s["velocity"]))
        if speed > v_rest:
            bad.append(f"sphere {i} moves at {speed:.3g} m/s (rest below {v_rest:.3g})")
        touching_below = False
        for o in final:
            if o["id"] == i:
                continue
            dist = math.dist(s["position"], o["position"])
            overlap = radius[i] + radius[o["id"]] - dist
            if overlap > pen and i < o["id"]:
                bad.append(f"spheres {i} and {o['id']} overlap by {overlap:.3g} m "
                           f"(bound {pen:.3g} m)")
            touching_below |= abs(overlap) <= pen and o["position"][2] < z
        if gap > pen and not touching_below:
            bad.append(f"sphere {i} at height {z:.3g} m touches neither the plane nor a "
                       "sphere below")
    return bad, pen


def self_check():
    """Runs the tutorial's 10 spheres until they settle and checks the pile; 0 when it holds."""
    scene = validate_scene(tutorial_scene(SELF_CHECK_SPHERES, SELF_CHECK_SEED))
    scene["t_end"] = settled_time(scene)
    with stdout_to_stderr():
        result = simulate(scene)
    bad, pen = check_pile(scene, result)
    on_plane = sum(s["position"][2] - scene["spheres"][s["id"]]["radius"] <= pen
                   for s in result["spheres"])
    sink = max(scene["spheres"][s["id"]]["radius"] - s["position"][2] for s in result["spheres"])
    print(f"pile_siconos: self-check: {len(result['spheres'])} spheres after {result['steps']} "
          f"steps ({result['cpu_seconds']:.2f} s CPU), {on_plane} on the plane, deepest "
          f"{sink:.3g} m into it (bound {pen:.3g} m), {result['sweeps']['steps_at_cap']} steps "
          "at the sweep cap", file=sys.stderr)
    for line in bad:
        print(f"pile_siconos: self-check FAILED: {line}", file=sys.stderr)
    if not bad:
        print("pile_siconos: self-check passed", file=sys.stderr)
    return 1 if bad else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scene", nargs="?", help="a limitdir.pile-scene/1 document")
    parser.add_argument("--out", help="write the result into FILE, not stdout")
    parser.add_argument("--t-end", type=float, help="end time in s instead of the scene's")
    parser.add_argument("--tutorial-scene", type=int, metavar="N",
                        help="print the tutorial's scene with N spheres (no run)")
    parser.add_argument("--seed", type=int, default=1, help="seed of --tutorial-scene's offsets")
    parser.add_argument("--self-check", action="store_true", help="run the 10-sphere check")
    args = parser.parse_args(argv)
    try:
        if args.tutorial_scene is not None:
            if args.tutorial_scene < 1:
                raise SceneError(f"--tutorial-scene {args.tutorial_scene} must be at least 1")
            doc = tutorial_scene(args.tutorial_scene, args.seed, args.t_end)
            validate_scene(doc)
            return write(doc, args.out)
        if args.self_check:
            import_siconos()
            return self_check()
        if args.scene is None:
            raise SceneError("a scene file is needed (or --tutorial-scene N, --self-check)")
        try:
            with open(args.scene, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as err:
            raise SceneError(f"cannot read {args.scene}: {err}") from None
        scene = validate_scene(doc, args.t_end)
    except SceneError as err:
        print(f"pile_siconos: {err}", file=sys.stderr)
        return 2
    if args.out is not None and not os.access(os.path.dirname(os.path.abspath(args.out)), os.W_OK):
        print(f"pile_siconos: cannot write {args.out}", file=sys.stderr)
        return 2
    import_siconos()
    # SIGTERM unwinds like Ctrl-C, so that the temporary directory goes.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    with stdout_to_stderr():
        result = simulate(scene)
    print(f"pile_siconos: {result['steps']} steps in {result['cpu_seconds']:.2f} s CPU "
          f"({result['wall_seconds']:.2f} s wall), {result['sweeps']['mean_per_step']:.1f} "
          "sweeps per step", file=sys.stderr)
    return write(result, args.out)


def write(doc, out):
    text = json.dumps(doc, indent=1) + "\n"
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as err:
        print(f"pile_siconos: cannot write {out}: {err.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
