#!/usr/bin/env python3
"""A fit report's rows (docs/manual.md section 16, "The report") and their figure.

  check_fit_rows.py BIN_DIR REPORT.json [CSV R_METRES] [FIGURE.svg]

Checks, printing one line per failure (nothing when all hold):
- with a CSV (slip data): the rows' slip and data are the CSV's columns as read; the model is
  friction-model's q at each slip direction (u_x, u_y, rho omega_z) for the report's
  fitted_problem, times mu P for force columns (F_x, F_y, T_z = mu P (q_1, q_2, rho q_3), (31)) -
  another program's evaluation of the problem the report says it fitted; and for the squared
  loss the identity 2 cost = sum_i w_i^2 |r_i|^2 with r_i the model minus the data in the
  compared units (T_z/rho);
- for a run: the objective = the mean over the samples of |omega - omega_ref|^2 = 2 cost /
  samples;
- with a figure: each drawn row's marker in the data frame (the first frame: model against data,
  one scale) at (data, model) of its row, to half a pixel (the SVG's two decimals).
"""
import csv
import json
import math
import re
import subprocess
import sys

ROUNDING = 1e-12  # relative: sums of ~10^3 terms each rounded to eps ~ 2e-16


def close(a, b, rel):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def main():
    bin_dir, report_path = sys.argv[1], sys.argv[2]
    rest = sys.argv[3:]
    figure = rest.pop() if rest and rest[-1].endswith(".svg") else None
    r = json.load(open(report_path))
    rows, errors = r["rows"], []
    if not rows["included"]:
        print("the report holds no rows: " + rows.get("reason", ""))
        return
    data, model = rows["data"], rows["model"]
    if rest:
        csv_path, R = rest[0], float(rest[1])
        table = list(csv.DictReader(open(csv_path)))
        force = "Fx" in table[0]
        slip_cols = ("ux", "uy", "omega") if "ux" in table[0] else ("w1", "w2", "w3")
        f_cols = ("Fx", "Fy", "Tz") if force else ("q1", "q2", "q3")
        weights = [float(t.get("weight", 1)) for t in table]
        for i, t in enumerate(table):
            if [float(t[c]) for c in slip_cols] != rows["slip"][i] or [float(t[c]) for c in f_cols] != data[i]:
                errors.append("row %d: slip or data not the CSV's" % i)
                break
        rho_m = r["fitted_problem"].get("rho", 1.0) * R
        mu_P = next((p["value"] for p in r["parameters"] if p["key"] == "units.mu_P"), None)
        if force and mu_P is None:
            print("force rows: this check needs units.mu_P free (the report's parameters give its value)")
            return
        directions = []
        for s in rows["slip"]:
            x = [s[0], s[1], s[2] * rho_m] if slip_cols[0] == "ux" else s
            directions.append(x)
        with open(report_path + ".problem.json", "w") as f:
            json.dump(r["fitted_problem"], f)
        args = [bin_dir + "/friction-model", report_path + ".problem.json"]
        for d in directions:
            args += ["--at", ",".join(repr(x) for x in d)]
        values = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)["values"]
        worst = 0.0
        for i, v in enumerate(values):
            q = v["q"]
            want = [mu_P * q[0], mu_P * q[1], mu_P * rho_m * q[2]] if force else q
            worst = max(worst, max(abs(a - b) for a, b in zip(want, model[i])) / max(1.0, max(abs(a) for a in want)))
        if worst > 1e-12:
            errors.append("the model's rows differ from friction-model at the fitted problem by %.3g" % worst)
        if r["loss"]["kind"] == "squared":
            total = 0.0
            for i in range(len(data)):
                diff = [model[i][k] - data[i][k] for k in range(3)]
                if force:
                    diff[2] /= rho_m
                total += weights[i] ** 2 * sum(x * x for x in diff)
            if not close(total, 2 * r["cost"], 1e-9):
                errors.append("sum w^2 |r|^2 = %.15g, 2 cost = %.15g" % (total, 2 * r["cost"]))
    else:
        n = len(data)
        msd = sum(sum((model[i][k] - data[i][k]) ** 2 for k in range(3)) for i in range(n)) / n
        if not close(msd, r["objective"], 1e-9) or not close(msd, 2 * r["cost"] / n, 1e-9):
            errors.append("mean |omega - omega_ref|^2 = %.15g, objective %.15g, 2 cost/n %.15g" % (msd, r["objective"], 2 * r["cost"] / n))
    if figure and rest:
        svg = open(figure).read()
        m = re.search(r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]*class="frame" '
                      r'data-x-range="([-\d.e+]+) ([-\d.e+]+)" data-y-range="([-\d.e+]+) ([-\d.e+]+)"', svg)
        x, y, w, h, x0, x1, y0, y1 = map(float, m.groups())
        step = max(1, math.ceil(len(data) / 2000))
        for c in range(3):
            group = re.search(r'class="rows column-%d">(.*?)</g>' % (c + 1), svg, re.S)
            circles = re.findall(r'<circle cx="([-\d.]+)" cy="([-\d.]+)"', group.group(1)) if group else []
            drawn = list(range(0, len(data), step))
            if len(circles) != len(drawn):
                errors.append("column %d: %d markers, want %d" % (c + 1, len(circles), len(drawn)))
                continue
            for (cx, cy), i in zip(circles, drawn):
                want_x = x + (data[i][c] - x0) / (x1 - x0) * w
                want_y = y + h - (model[i][c] - y0) / (y1 - y0) * h
                if abs(float(cx) - want_x) > 0.5 or abs(float(cy) - want_y) > 0.5:
                    errors.append("row %d column %d at (%s, %s), want (%.2f, %.2f)" % (i, c + 1, cx, cy, want_x, want_y))
                    break
    print("\n".join(errors))


main()
