#!/usr/bin/env python3
"""The sliding Celtic stone of [Awrejcewicz & Kudra, Celtic stone], integrated independently of
limitdir (docs/manual.md sections 12 and 16): pure Python, written from the paper's equations,
with its own adaptive Runge-Kutta (Cash-Karp 5(4), a different method from celt's
Dormand-Prince) that lands on every sample time.

  sliding_stone.py PROBLEM.json [--tol TOL]

Reads a limitdir.celt/1 problem with a fixed-size contact model (O, P1', P3' or P1; missing
contact keys take the paper's fitted values of Sect. 4) or the reference W1 (10) with the Hertz
size (11)-(12) at each instant (mu = 0.25, k_r = 0.8, E* = 1e8 Pa unless given) and prints JSON {"t": [...], "omega":
[[w1, w2, w3], ...], "steps": S} every time.dt up to time.t_end, omega the body-frame angular
velocity (the frame of the problem's semi_axes and inertia).

Equations, all in body-frame components (the paper's frame 0x1x2x3 turned about x3e; (1) holds
in any body frame with the full inertia B): the state (v, omega, n) of (1),
  m (v' + omega x v) = -m g n + N n + T_s,
  B omega' + omega x B omega = (r - k) x (N n + T_s) + M_s + M_r,    n' + omega x n = 0,
with the contact point r of (2), r = -A^2 n/sqrt(n^T A^2 n), A = diag(a1, a2, a3), and N from
the time derivative of (3), (v_A . n)' = 0, v_A = v + omega x (r - k): every term of (1) is N
times a function of the state plus a term free of N, so (3)' is linear in N. Friction and
rolling resistance (19)-(21) with the regularisation (20):
  T_s = -mu N (T_sx e_x + T_sy e_y),  M_s = -mu N a_hat M_s n,
  M_r = N a_hat pi S3 k_r (b s_gamma' e_x - c_gamma' e_y),
v_s = v_A/a_hat, v_r = r'/a_hat (r' = dr/dn n'), omega_s = omega . n, e_x the meridian's
tangent at A (the major axis of the contact ellipse of the body of revolution a2 = a3, (11)),
e_y = n x e_x; the models O (13), P'1 (16), P'3 (17) with the c_ijk of (9), P1 (18), and W1 (10)
(w1_law.py) with the Hertz pressure and the size a_hat ~ N^(1/3), b of (11)-(12): then every term is
no longer affine in N, and (3)' is solved for N by the secant method on N - G(N).
(tests/cli/celt_independent.sh runs P'3, P1, P'1 and W1 over 0.3 s, W1 from a rocking start over
0.1 s and O over 0.05 s: with the paper's b = 0.006 the regularised rolling direction (20) makes O
stiff, ~4e5 steps a second.)
The initial state: the attitude Rx(tx) Ry(ty) (body to world) of initial.tilt, initial.omega,
and v = -omega x (r - k) (no slip at A), as docs/manual.md section 12 defines them.
"""
import argparse
import json
import math
import sys

import w1_law
from vec3 import cross, dot, matvec

# The paper's fitted sets of Sect. 4 (a_hat in m; P3' prints 2.30 m for 2.30 mm, docs/errata.md)
PAPER = {
    "O": {"mu": 0.241, "a_hat": 1.23e-3, "b": 0.006, "S0": 0.0, "S2": 0.0, "S3": 0.595, "k_r": 1.0},
    "P1'": {"mu": 0.262, "a_hat": 1.06e-3, "b": 0.038, "S0": 0.0, "S2": 0.277, "S3": 0.302, "k_r": 0.414},
    "P3'": {"mu": 0.250, "a_hat": 2.30e-3, "b": 0.0994, "S0": 0.095, "S2": 0.121, "S3": 0.111, "k_r": 0.912},
    "P1": {"mu": 0.220, "a_hat": 2.8e-5, "b": 1.0, "S0": 0.0, "S2": 0.0, "S3": 0.0, "k_r": 0.0},
    # the reference W1: Hertz pressure (S3 = I_3 of (1 - r^2)^(1/2)), the Hertz size (11)-(12) at each instant
    "W1": {"mu": 0.25, "k_r": 0.8, "E_star": 1e8, "S3": w1_law.I3},
}


def inverse3(M):
    """The adjugate over the determinant."""
    c = [cross(M[1], M[2]), cross(M[2], M[0]), cross(M[0], M[1])]  # rows of the adjugate's transpose
    det = dot(M[0], c[0])
    return [[c[j][i] / det for j in range(3)] for i in range(3)]


def elliptic_KE(e):
    """Complete elliptic integrals K(e), E(e) of modulus e by the arithmetic-geometric mean:
    K = pi/(2 AGM(1, sqrt(1 - e^2))), E = K (1 - sum_n 2^(n-1) c_n^2), c_0 = e."""
    a, g, c2, total, power = 1.0, math.sqrt(1.0 - e * e), e * e, 0.5 * e * e, 0.5
    while abs(a - g) > 1e-15 * a:  # quadratic convergence: the next mean would move a by < 1e-30
        a, g, c = 0.5 * (a + g), math.sqrt(a * g), 0.5 * (a - g)
        power *= 2.0
        total += power * c * c
    K = math.pi / (2.0 * a)
    return K, K * (1.0 - total)


def elliptic_GH(e):
    """G(e) = (K - E)/e^2 = int_0^(pi/2) sin^2/sqrt(1 - e^2 sin^2) and H(e) = K - G (9); for
    e^2 < 1/2 the binomial series of the integrand (no cancellation), else K and E."""
    K, E = elliptic_KE(e)
    if e * e >= 0.5:
        G = (K - E) / (e * e)
        return G, K - G, E
    # sum_n binom(2n, n)/4^n e^(2n) int sin^(2n+2) = pi/2 sum_n c_n e^(2n) binom(2n+2, n+1)/4^(n+1)
    G, term_a, n = 0.0, 1.0, 0
    while True:
        term = term_a * (e * e) ** n * math.comb(2 * n + 2, n + 1) / 4.0 ** (n + 1)
        G += term
        if term < 1e-18 * G:
            break
        n += 1
        term_a *= (2 * n - 1) / (2 * n)  # binom(2n, n)/4^n
    G *= math.pi / 2
    return G, K - G, E


class Stone:
    def __init__(self, problem):
        body, contact = problem["body"], problem["contact"]
        model = contact["model"]
        if model not in PAPER:
            raise ValueError(f"contact.model {model}: one of W1, O, P1', P3', P1")
        if body["semi_axes"][1] != body["semi_axes"][2]:
            raise ValueError("the meridian frame e_x needs a body of revolution a2 = a3")
        c = dict(PAPER[model], **{k: v for k, v in contact.items() if k != "model"})
        self.model = model
        self.m, self.g = body["mass"], body["g"]
        self.A2 = [a * a for a in body["semi_axes"]]
        self.B = body["inertia"]
        self.Binv = inverse3(self.B)
        self.k = body["k"]
        self.mu, self.eps, self.S3, self.k_r = c["mu"], c["epsilon"], c["S3"], c["k_r"]
        if model == "W1":
            self.E_star = c["E_star"]
            return
        self.a_hat, self.b, self.S0, self.S2 = c["a_hat"], c["b"], c["S0"], c["S2"]
        e = math.sqrt(1.0 - self.b * self.b)
        self.G, self.H, self.E = elliptic_GH(e)

    def hertz_size(self, r, N):
        """(11)-(12): the principal curvatures of the surface of revolution about x1 at r (the meridian's
        kappa1 = a1 a2/q^(3/2) and the parallel's kappa2 = a1/(a2 sqrt(q)), q = a1^2 sin^2 t + a2^2 cos^2 t
        for the meridian ellipse (a1 cos t, a2 sin t)), b = (kappa2/kappa1)^(-2/3) and
        a_hat = (3 N/(4 E* sqrt(kappa1 kappa2)))^(1/3) F(e), F(e) = (4/pi)^(1/3) (G H/(1 - e^2))^(1/6)."""
        a1, a2 = math.sqrt(self.A2[0]), math.sqrt(self.A2[1])
        q = a1 * a1 - (a1 * a1 - a2 * a2) * r[0] * r[0] / (a1 * a1)
        k1, k2 = a1 * a2 * q ** -1.5, a1 / (a2 * math.sqrt(q))
        b = (k2 / k1) ** (-2.0 / 3.0)
        e = math.sqrt(1.0 - b * b)
        G, H, E = elliptic_GH(e)
        F = (4.0 / math.pi) ** (1.0 / 3.0) * (G * H / (b * b)) ** (1.0 / 6.0)
        return (3.0 * N / (4.0 * self.E_star * math.sqrt(k1 * k2))) ** (1.0 / 3.0) * F, b, (G, H, E)

    def contact_point(self, n):
        """(2): r = -A^2 n/sqrt(n^T A^2 n) and its Jacobian dr/dn."""
        A2n = [self.A2[i] * n[i] for i in range(3)]
        s = math.sqrt(dot(n, A2n))
        r = [-c / s for c in A2n]
        dr = [[(-(self.A2[i] if i == j else 0.0) + A2n[i] * A2n[j] / (s * s)) / s for j in range(3)] for i in range(3)]
        return r, dr

    def friction(self, vsx, vsy, ws, c_g, s_g, size):
        """(T_sx, T_sy, M_s) of the model with the regularised v_s, c_phi, s_phi (20); size = (b, (G, H, E))."""
        vs = math.sqrt(vsx * vsx + vsy * vsy + self.eps)
        if self.model == "W1":  # (10), w1_law.py
            b, (G, H, E) = size
            return w1_law.w1(b, G, H, E, self.k_r * c_g, self.k_r * s_g, vsx, vsy, ws, vs)
        if self.model == "O":  # (13), M_s regularised as in Sect. 3.5
            return vsx / vs, vsy / vs, ws / math.sqrt(ws * ws + self.eps)
        if self.model == "P1":  # (18)
            d = vs + 8.0 / (3.0 * math.pi) * abs(ws)
            return vsx / d, vsy / d, 0.0
        S0, S2, S3, k_r, b = self.S0, self.S2, self.S3, self.k_r, self.b
        c100 = math.pi * S3 * k_r * c_g  # (9)
        c010 = math.pi * b * S3 * k_r * s_g
        c011 = 4 * b * self.G * S2 * k_r * s_g
        c101 = 4 * self.H * S2 * k_r * c_g
        c00m1 = 4 * self.E * S2
        if self.model == "P1'":  # (16)
            d = vs + abs(ws)
            return (vsx - c011 * ws) / d, (vsy + c101 * ws) / d, (-c010 * vsx + c100 * vsy + c00m1 * ws) / d
        c203, c023 = 4 * self.G * S0, 4 * self.H * S0  # (17)
        c200, c020 = math.pi * S3, math.pi * b * b * S3
        d = vs ** 3 + abs(ws) ** 3
        Tx = (vs * vs * vsx - c100 * vsx * vsy * ws - c010 * vsy * vsy * ws + c203 * vsx * ws * ws - c011 * ws ** 3) / d
        Ty = (vs * vs * vsy + c100 * vsx * vsx * ws + c010 * vsx * vsy * ws + c023 * vsy * ws * ws + c101 * ws ** 3) / d
        Ms = (-c010 * vs * vs * vsx + c100 * vs * vs * vsy + c200 * vsx * vsx * ws + c020 * vsy * vsy * ws + c00m1 * ws ** 3) / d
        return Tx, Ty, Ms

    def unit_wrench(self, vA, r_dot, w, n, rho, a_hat, b, elliptic):
        """The contact force f and its torque tau about C per unit N (19) at the contact size (a_hat, b)."""
        # contact frame: e_x the meridian's tangent (the projection of x1e), e_y = n x e_x
        ex = [(1.0 if i == 0 else 0.0) - n[0] * n[i] for i in range(3)]
        s = math.sqrt(dot(ex, ex))
        ex = [c / s for c in ex]
        ey = cross(n, ex)
        vsx, vsy = dot(vA, ex) / a_hat, dot(vA, ey) / a_hat  # (21)
        ws = dot(w, n)
        vrx, vry = dot(r_dot, ex) / a_hat, dot(r_dot, ey) / a_hat
        vr = math.sqrt(vrx * vrx + vry * vry / (b * b) + self.eps)  # (20)
        c_g, s_g = vrx / vr, vry / b / vr
        Tx, Ty, Ms = self.friction(vsx, vsy, ws, c_g, s_g, (b, elliptic))
        f = [n[i] - self.mu * (Tx * ex[i] + Ty * ey[i]) for i in range(3)]
        rr = a_hat * math.pi * self.S3 * self.k_r
        tau = [c - self.mu * a_hat * Ms * n[i] + rr * (b * s_g * ex[i] - c_g * ey[i])
               for i, c in enumerate(cross(rho, f))]
        return f, tau

    def rates(self, y):
        v, w, n = y[0:3], y[3:6], y[6:9]
        r, dr = self.contact_point(n)
        rho = [r[i] - self.k[i] for i in range(3)]
        n_dot = [-c for c in cross(w, n)]  # (1), third equation
        r_dot = matvec(dr, n_dot)
        vA = [v[i] + c for i, c in enumerate(cross(w, rho))]  # (3)
        gyro = matvec(self.Binv, cross(w, matvec(self.B, w)))
        wv = cross(w, v)
        # (3)': (v' + omega' x rho + omega x r') . n + v_A . n' = 0 with v', omega' affine in N
        free = dot([-self.g * n[i] - wv[i] - a + b for i, (a, b) in enumerate(zip(cross(gyro, rho), cross(w, r_dot)))], n) \
            + dot(vA, n_dot)

        def normal(a_hat, b, elliptic):
            f, tau = self.unit_wrench(vA, r_dot, w, n, rho, a_hat, b, elliptic)
            Btau = matvec(self.Binv, tau)
            coef = dot([f[i] / self.m + c for i, c in enumerate(cross(Btau, rho))], n)
            if not coef > 0:
                raise ArithmeticError(f"(3)' has no normal force (coefficient {coef:g})")
            return -free / coef, f, Btau

        if self.model != "W1":
            N, f, Btau = normal(self.a_hat, self.b, None)
        else:
            # a_hat ~ N^(1/3) (12): N = G(N) solved by the secant method on N - G(N) (celt iterates the
            # fixed point) to 1e-14 relative (the residual's own rounding is ~1e-15); then N = G(N), the
            # normal force that satisfies (3)' with the wrench at that size
            def residual(N):
                a_hat, b, elliptic = self.hertz_size(r, N)
                N_new, f, Btau = normal(a_hat, b, elliptic)
                return N - N_new, f, Btau
            N0 = self.m * self.g
            g0 = residual(N0)[0]
            N1 = N0 - g0
            for _ in range(60):
                g1, f, Btau = residual(N1)
                if abs(g1) <= 1e-14 * N1:
                    break
                N0, N1, g0 = N1, N1 - g1 * (N1 - N0) / (g1 - g0), g1
            else:
                raise ArithmeticError("the normal force with the Hertz size (12) did not converge")
            N = N1 - g1
        if N < 0:
            raise ArithmeticError(f"the stone leaves the plane (N = {N:g})")
        v_dot = [-self.g * n[i] + N * f[i] / self.m - wv[i] for i in range(3)]
        w_dot = [N * Btau[i] - gyro[i] for i in range(3)]
        return v_dot + w_dot + n_dot


# Cash-Karp 5(4): nodes, stages, the fifth-order weights and the fourth-order ones
CK_A = [[], [1 / 5], [3 / 40, 9 / 40], [3 / 10, -9 / 10, 6 / 5], [-11 / 54, 5 / 2, -70 / 27, 35 / 27],
        [1631 / 55296, 175 / 512, 575 / 13824, 44275 / 110592, 253 / 4096]]
CK_B5 = [37 / 378, 0.0, 250 / 621, 125 / 594, 0.0, 512 / 1771]
CK_B4 = [2825 / 27648, 0.0, 18575 / 48384, 13525 / 55296, 277 / 14336, 1 / 4]


def cash_karp_step(f, y, h):
    k = []
    for row in CK_A:
        k.append(f([y[j] + h * sum(a * kk[j] for a, kk in zip(row, k)) for j in range(len(y))]))
    y5 = [y[j] + h * sum(b * kk[j] for b, kk in zip(CK_B5, k)) for j in range(len(y))]
    err = [h * sum((b5 - b4) * kk[j] for b5, b4, kk in zip(CK_B5, CK_B4, k)) for j in range(len(y))]
    return y5, err


def integrate(f, y, t0, t1, tol, h):
    """Adaptive steps from t0 to exactly t1; the error of each step at most tol (1 + |y|) per
    component (the fifth-order solution is kept). Returns y(t1), the next step size, the steps."""
    t, steps = t0, 0
    while t < t1:
        last = h >= t1 - t
        step = t1 - t if last else h
        y_new, err = cash_karp_step(f, y, step)
        ratio = max(abs(e) / (tol * (1.0 + max(abs(a), abs(b)))) for e, a, b in zip(err, y, y_new))
        if ratio <= 1.0:
            t, y, steps = (t1 if last else t + step), y_new, steps + 1
        if step < 1e-14 * max(1.0, t1):
            raise ArithmeticError(f"step size underflow at t = {t:g}")
        h = step * min(5.0, max(0.2, 0.9 * (ratio if ratio > 0 else 1e-10) ** -0.2))
    return y, h, steps


def initial_state(stone, problem):
    tx, ty = problem["initial"]["tilt"]
    w = list(problem["initial"]["omega"])
    # R = Rx(tx) Ry(ty) (body to world): n = R^T e_z, the third row of R
    n = [-math.cos(tx) * math.sin(ty), math.sin(tx), math.cos(tx) * math.cos(ty)]
    r, _ = stone.contact_point(n)
    rho = [r[i] - stone.k[i] for i in range(3)]
    v = [-c for c in cross(w, rho)]
    return v + w + n


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("problem")
    parser.add_argument("--tol", type=float, default=1e-12)
    args = parser.parse_args()
    problem = json.load(open(args.problem))
    try:
        stone = Stone(problem)
    except (KeyError, ValueError) as e:
        print(f"sliding_stone.py: error: {e}", file=sys.stderr)
        sys.exit(2)
    dt, t_end = problem["time"]["dt"], problem["time"]["t_end"]
    y = initial_state(stone, problem)
    out = {"t": [0.0], "omega": [y[3:6]], "steps": 0}
    h = dt
    for i in range(1, round(t_end / dt) + 1):
        y, h, steps = integrate(stone.rates, y, (i - 1) * dt, i * dt, args.tol, h)
        out["t"].append(i * dt)
        out["omega"].append(y[3:6])
        out["steps"] += steps
    print(json.dumps(out))


if __name__ == "__main__":
    main()
