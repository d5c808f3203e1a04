#!/usr/bin/env python3
"""Measured friction from known parameters, for fit's tests (docs/manual.md section 16).

  make_fit_data.py BIN_DIR TRUTH.json N SEED SIGMA MODE OUT.csv

Draws N slip directions uniform on the sphere (normalised Gaussians, random.Random(SEED)),
evaluates q there with `friction-model TRUTH.json --at ...` (the problem at the generating
parameters), adds Gaussian noise SIGMA to each friction column and writes the CSV:
  MODE q         w1,w2,w3,q1,q2,q3
  MODE force:MUP:RM   ux,uy,omega,Fx,Fy,Tz with (Fx, Fy, Tz/rho) = MUP q, rho = RM metres (the
                 slip (u_x, u_y, rho omega_z) of the direction w scaled by 0.3 m/s)
"""
import json
import math
import random
import subprocess
import sys

bin_dir, truth, n, seed, sigma, mode, out = sys.argv[1:8]
n, sigma = int(n), float(sigma)
rng = random.Random(int(seed))
dirs = []
while len(dirs) < n:
    v = [rng.gauss(0, 1) for _ in range(3)]
    norm = math.sqrt(sum(x * x for x in v))
    if norm > 1e-3:
        dirs.append([x / norm for x in v])
args = [bin_dir + "/friction-model", truth]
for d in dirs:
    args += ["--at", ",".join(repr(x) for x in d)]
values = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)["values"]
with open(out, "w") as f:
    if mode == "q":
        f.write("w1,w2,w3,q1,q2,q3\n")
        for d, v in zip(dirs, values):
            f.write(",".join(repr(x) for x in d + [q + rng.gauss(0, sigma) for q in v["q"]]) + "\n")
    else:
        _, mu_P, rho_m = mode.split(":")
        mu_P, rho_m = float(mu_P), float(rho_m)
        f.write("ux,uy,omega,Fx,Fy,Tz\n")
        for d, v in zip(dirs, values):
            s = [0.3 * d[0], 0.3 * d[1], 0.3 * d[2] / rho_m]
            F = [mu_P * q + rng.gauss(0, sigma) for q in v["q"]]
            f.write(",".join(repr(x) for x in s + [F[0], F[1], F[2] * rho_m]) + "\n")
