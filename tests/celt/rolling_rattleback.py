#!/usr/bin/env python3
"""Rolling without slipping of a rattleback (the high-friction limit of docs/manual.md section 12),
integrated independently of limitdir: pure Python, classical RK4 with a fixed step.

  rolling_rattleback.py PROBLEM.json [--h H] [--dt DT]

Reads a limitdir.celt/1 problem (body and initial state; the contact is ignored) and prints JSON
{"t": [...], "spin": [...], "energy": [...], "reversals": [...]} every DT seconds up to time.t_end.

Equations (body frame; n the plane's upward normal, rho = r - k from C to the contact point r
of the ellipsoid, r = A^2 nu/|A nu|, nu = -n): rolling v_C = -omega x rho, so the contact
force F = m (v_C' + omega x v_C) + m g n and Euler's B omega' + omega x B omega = rho x F give
  (B + m (|rho|^2 I - rho rho^T)) omega' = -omega x B omega - m rho x (omega x rho' + omega x (omega x rho))
                                          + m g rho x n,
with n' = -omega x n, rho' = dr/dnu (omega x n), and the attitude q' = q (0, omega)/2.
"""
import argparse
import json
import math

from vec3 import cross, dot, matvec


def solve3(M, b):
    """Cramer's rule (M symmetric positive definite here)."""
    def det(A):
        return (A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) - A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0])
                + A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]))
    d = det(M)
    out = []
    for i in range(3):
        A = [row[:] for row in M]
        for r in range(3):
            A[r][i] = b[r]
        out.append(det(A) / d)
    return out


def rotate(q, v):
    """q v q* for the unit quaternion q = (w, x, y, z)."""
    w, x, y, z = q
    u = [x, y, z]
    t = [2 * c for c in cross(u, v)]
    return [v[i] + w * t[i] + cross(u, t)[i] for i in range(3)]


def normalized(q):
    s = math.sqrt(sum(c * c for c in q))
    return [c / s for c in q]


class Stone:
    def __init__(self, body):
        self.m, self.g = body["mass"], body["g"]
        self.a2 = [a * a for a in body["semi_axes"]]
        self.B = body["inertia"]
        self.k = body["k"]

    def geometry(self, q):
        conj = [q[0], -q[1], -q[2], -q[3]]
        n = rotate(conj, [0.0, 0.0, 1.0])
        nu = [-c for c in n]
        A2nu = [self.a2[i] * nu[i] for i in range(3)]
        s = math.sqrt(dot(nu, A2nu))
        r = [c / s for c in A2nu]
        rho = [r[i] - self.k[i] for i in range(3)]
        dr = [[((self.a2[i] if i == j else 0.0) - A2nu[i] * A2nu[j] / (s * s)) / s for j in range(3)] for i in range(3)]
        return n, rho, dr

    def rates(self, y):
        q, w = normalized(y[:4]), y[4:7]
        n, rho, dr = self.geometry(q)
        rho_dot = matvec(dr, cross(w, n))
        Bw = matvec(self.B, w)
        rr = dot(rho, rho)
        M = [[self.B[i][j] + self.m * ((rr if i == j else 0.0) - rho[i] * rho[j]) for j in range(3)] for i in range(3)]
        inner = [a + b for a, b in zip(cross(w, rho_dot), cross(w, cross(w, rho)))]
        rhs = [-c for c in cross(w, Bw)]
        rhs = [rhs[i] - self.m * cross(rho, inner)[i] + self.m * self.g * cross(rho, n)[i] for i in range(3)]
        wdot = solve3(M, rhs)
        qw, qx, qy, qz = y[:4]
        wx, wy, wz = w
        qdot = [0.5 * (-qx * wx - qy * wy - qz * wz), 0.5 * (qw * wx + qy * wz - qz * wy),
                0.5 * (qw * wy - qx * wz + qz * wx), 0.5 * (qw * wz + qx * wy - qy * wx)]
        return qdot + wdot

    def spin_and_energy(self, y):
        q, w = normalized(y[:4]), y[4:7]
        n, rho, _ = self.geometry(q)
        v = [-c for c in cross(w, rho)]  # body frame
        height = -dot(n, rho)
        energy = 0.5 * self.m * dot(v, v) + 0.5 * dot(w, matvec(self.B, w)) + self.m * self.g * height
        return rotate(q, w)[2], energy


def initial(problem):
    tx, ty = problem["initial"]["tilt"]
    qx = [math.cos(tx / 2), math.sin(tx / 2), 0.0, 0.0]
    qy = [math.cos(ty / 2), 0.0, math.sin(ty / 2), 0.0]
    a, b = qx, qy  # Rx(tx) Ry(ty): the quaternion product qx qy
    q = [a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3], a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
         a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1], a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]]
    return q + list(problem["initial"]["omega"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("problem")
    parser.add_argument("--h", type=float, default=2e-4)
    parser.add_argument("--dt", type=float, default=0.01)
    args = parser.parse_args()
    problem = json.load(open(args.problem))
    stone = Stone(problem["body"])
    y = initial(problem)
    t_end = problem["time"]["t_end"]
    per_sample = round(args.dt / args.h)
    out = {"t": [], "spin": [], "energy": [], "reversals": []}
    n_samples = round(t_end / args.dt)
    previous = None
    for i in range(n_samples + 1):
        spin, energy = stone.spin_and_energy(y)
        out["t"].append(i * args.dt)
        out["spin"].append(spin)
        out["energy"].append(energy)
        if previous is not None and (previous > 0) != (spin > 0):
            out["reversals"].append((i - 1) * args.dt + args.dt * previous / (previous - spin))
        previous = spin
        if i == n_samples:
            break
        for _ in range(per_sample):
            k1 = stone.rates(y)
            k2 = stone.rates([a + 0.5 * args.h * b for a, b in zip(y, k1)])
            k3 = stone.rates([a + 0.5 * args.h * b for a, b in zip(y, k2)])
            k4 = stone.rates([a + args.h * b for a, b in zip(y, k3)])
            y = [a + args.h / 6 * (b + 2 * c + 2 * d + e) for a, b, c, d, e in zip(y, k1, k2, k3, k4)]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
