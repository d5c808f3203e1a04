"""Checks of pile's output against what the problem and the scheme guarantee (tests/cli/pile.sh).

  check_pile.py report REPORT COUNT K      the report of a COUNT-sphere run kept every K steps
  check_pile.py scene SCENE PROBLEM COUNT  the scene (--scene) of PROBLEM with COUNT spheres
  check_pile.py vtk REPORT DIR             the frames of --vtk DIR against the report's history

Each prints what failed and exits 1, or prints one line "ok: ..." and exits 0. Every value is
recomputed here from the problem or from another part of the output, never pasted.
"""
import json
import math
import pathlib
import sys
import xml.etree.ElementTree as ET

EPS = 2.0 ** -52
# The energy balance kinetic + potential - (born - lost + works) is an identity of the scheme
# (docs/manual.md section 15): each step adds ~16 rounded terms (4 works, 2 energies of every
# sphere summed, born, lost), each off by at most eps of the energies in play (<= born); 32 eps
# per step bounds it with a factor 2 to spare.
BALANCE_TERMS_PER_STEP = 32
# Equal doubles: the values are the same numbers written twice (summary and history).
ENERGY_KEYS = ["kinetic", "potential", "born", "lost", "work_normal", "work_sliding", "work_rolling", "work_theta",
               "dissipated_sliding", "dissipated_rolling"]


def fail(what):
    print(what)
    sys.exit(1)


def expect(ok, what):
    if not ok:
        fail(what)


def kept_rows(steps, k):
    """Rows of the history: t = 0, every K-th step, the last (K = 0: t = 0 and the last)."""
    if k == 0:
        return 2
    return 1 + steps // k + (1 if steps % k else 0)


def report(path, count, k):
    r = json.load(open(path))
    p, s = r["problem"], r["summary"]
    h, t_end, d = p["stepping"]["h"], p["stepping"]["t_end"], p["spheres"]["diameter"]
    expect(p["spheres"]["count"] == count, f"problem.spheres.count {p['spheres']['count']} != {count}")
    steps = math.ceil(t_end / h - 1e-9)
    expect(s["steps"] == steps, f"steps {s['steps']} != ceil(t_end/h) = {steps}")
    expect(abs(s["t_end"] - steps * h) <= steps * EPS * t_end, f"t_end {s['t_end']} != steps h = {steps * h}")
    last_birth = (count - 1) * p["drop"]["interval"]
    expect(t_end > last_birth, f"t_end {t_end} is not past the last birth {last_birth}: choose a longer run")
    expect(s["spheres_present"] + s["spheres_lost"] == count,
           f"present {s['spheres_present']} + lost {s['spheres_lost']} != {count} spheres born")
    expect(len(s["lost_ids"]) == s["spheres_lost"], "lost_ids does not list spheres_lost ids")
    # the spheres: one row each, ids of birth, none lost among them
    cols = r["spheres"]["columns"]
    rows = [dict(zip(cols, row)) for row in r["spheres"]["rows"]]
    expect(len(rows) == s["spheres_present"], f"{len(rows)} sphere rows, {s['spheres_present']} present")
    ids = [row["id"] for row in rows]
    expect(sorted(ids + s["lost_ids"]) == list(range(count)), "the ids present and lost are not 0..count-1")
    # the measures from the spheres' rows, over the spheres in contact (the pile): H the highest
    # top, the base radius the mean distance of the spheres on the plane to their centroid
    # (issue 36); the others are in flight
    pile = [row for row in rows if row["in_contact"]]
    expect(len(rows) - len(pile) == s["spheres_in_flight"], "spheres_in_flight != the rows in no contact")
    expect(all(row["in_contact"] for row in rows if row["on_plane"]), "a sphere on the plane is not in contact")
    top = max((row["z"] + row["radius"] for row in pile), default=0.0)
    expect(abs(s["H"] - top) <= 4 * EPS * top, f"H {s['H']} != highest top {top}")
    expect(abs(s["H_over_d"] - top / d) <= 4 * EPS * top / d, "H_over_d != H/d")
    base = [row for row in rows if row["on_plane"]]
    expect(len(base) == s["spheres_on_plane"], f"{len(base)} rows on the plane, spheres_on_plane {s['spheres_on_plane']}")
    expect(all(abs(row["z"] - row["radius"]) <= row["radius"] for row in base), "a sphere on the plane is not near it")
    if base:
        cx = sum(row["x"] for row in base) / len(base)
        cy = sum(row["y"] for row in base) / len(base)
        radius = sum(math.hypot(row["x"] - cx, row["y"] - cy) for row in base) / len(base)
        # a mean of distances of size ~the pile's: rounding ~16 eps of the largest coordinate
        scale = max(max(abs(row["x"]), abs(row["y"])) for row in base) + d
        expect(abs(s["base_radius"] - radius) <= 16 * EPS * scale, f"base_radius {s['base_radius']} != {radius}")
        expect(abs(s["base_radius_over_d"] - radius / d) <= 16 * EPS * scale / d, "base_radius_over_d != base_radius/d")
    # the history: the rows kept, the last one the summary's energies
    hc = r["history"]["columns"]
    hist = [dict(zip(hc, row)) for row in r["history"]["rows"]]
    expect(len(hist) == kept_rows(steps, k), f"{len(hist)} history rows, want {kept_rows(steps, k)} for K = {k}")
    expect(hist[0]["step"] == 0 and hist[0]["t"] == 0, "the history does not start at t = 0")
    expect(hist[-1]["step"] == steps and hist[-1]["t"] == s["t_end"], "the history does not end at the last step")
    expect(hist[-1]["spheres"] == s["spheres_present"], "the last row's spheres != spheres_present")
    for key in ENERGY_KEYS:
        expect(hist[-1][key] == s["energy"][key], f"history's last {key} {hist[-1][key]} != summary's {s['energy'][key]}")
    expect(max(abs(row["balance"]) for row in hist) <= s["energy"]["max_abs_balance"],
           "a history row's balance exceeds max_abs_balance")
    e = s["energy"]
    bound = BALANCE_TERMS_PER_STEP * steps * EPS * e["born"]
    expect(e["max_abs_balance"] <= bound, f"max_abs_balance {e['max_abs_balance']} > {bound} (32 steps eps born)")
    works = e["work_normal"] + e["work_sliding"] + e["work_rolling"] + e["work_theta"]
    closing = e["kinetic"] + e["potential"] - (e["born"] - e["lost"] + works)
    expect(abs(closing) <= bound, f"the final energies do not close the balance: {closing}")
    expect(e["kinetic"] >= 0, "negative kinetic energy")
    expect(0 <= e["max_step_injected"] <= e["injected"], "max_step_injected outside [0, injected]")
    expect((e["max_step_injected_step"] == 0) == (e["max_step_injected"] == 0), "max_step_injected_step without an injection")
    # The rates (43) go below 0 only by what the residual allows (docs/manual.md section 15,
    # "What the tolerance allows": the projection's variational inequality).
    expect(e["dissipated_sliding"] >= -e["slack_sliding"], "dissipated_sliding below -slack_sliding")
    expect(e["dissipated_rolling"] >= -e["slack_rolling"], "dissipated_rolling below -slack_rolling")
    expect(s["converged"] == (s["unconverged_steps"] == 0), "converged disagrees with unconverged_steps")
    expect(s["max_error"] <= p["stepping"]["tol"] or not s["converged"], "converged with max_error above tol")
    print(f"ok: {count} spheres, {steps} steps, {len(hist)} rows, balance {e['max_abs_balance']:.1e} J <= {bound:.1e} J")


def scene(path, problem_path, count):
    """The births of the problem file's drop (docs/manual.md section 15): sphere i at rest at
    t = i interval, its centre at height drop.height over [lo, hi]^2, of mass density 4/3 pi r^3."""
    doc, problem = json.load(open(path)), json.load(open(problem_path))
    drop, density = problem["drop"], problem["spheres"]["density"]
    spheres = doc["spheres"]
    expect(len(spheres) == count, f"{len(spheres)} spheres in the scene, want {count}")
    lo, hi = drop["offset"]
    for i, b in enumerate(spheres):
        x, y, z = b["position"]
        expect(abs(b["birth"] - i * drop["interval"]) <= 2 * EPS * i * drop["interval"], f"sphere {i} born at {b['birth']}")
        expect(z == drop["height"] and lo <= x <= hi and lo <= y <= hi, f"sphere {i} born at {b['position']}")
        mass = density * 4 / 3 * math.pi * b["radius"] ** 3
        expect(abs(b["mass"] - mass) <= 4 * EPS * mass, f"sphere {i}: mass {b['mass']} != {mass}")
    print(f"ok: the scene has {count} spheres born every {drop['interval']} s over [{lo}, {hi}]^2")


def vtk(report_path, directory):
    r = json.load(open(report_path))
    hc = r["history"]["columns"]
    hist = [dict(zip(hc, row)) for row in r["history"]["rows"]]
    pvd = ET.parse(pathlib.Path(directory) / "pile.pvd").getroot()
    frames = pvd.findall("./Collection/DataSet")
    expect(len(frames) == len(hist), f"pile.pvd lists {len(frames)} frames, the history has {len(hist)} rows")
    for frame, row in zip(frames, hist):
        expect(float(frame.get("timestep")) == row["t"], f"frame {frame.get('file')} at t = {frame.get('timestep')}, row at {row['t']}")
        poly = ET.parse(pathlib.Path(directory) / frame.get("file")).getroot()
        piece = poly.find("./PolyData/Piece")
        n = int(piece.get("NumberOfPoints"))
        expect(n == row["spheres"], f"{frame.get('file')}: {n} points, {row['spheres']} spheres at t = {row['t']}")
        points = poly.find("./PolyData/Piece/Points/DataArray").text or ""
        expect(len(points.split()) == 3 * n, f"{frame.get('file')}: {len(points.split())} coordinates for {n} points")
        for name in ("radius", "velocity", "omega"):
            expect(poly.find(f"./PolyData/Piece/PointData/DataArray[@Name='{name}']") is not None,
                   f"{frame.get('file')}: no {name} array")
    print(f"ok: {len(frames)} frames, each with the spheres present at its time")


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "report":
        report(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif command == "scene":
        scene(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif command == "vtk":
        vtk(sys.argv[2], sys.argv[3])
    else:
        fail("unknown command " + command)
