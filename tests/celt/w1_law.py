"""The model W1 (10) of [Awrejcewicz & Kudra, Celtic stone] (the piecewise polynomial W (51)-(58)
of [Kudra & Awrejcewicz 2013]) on the Hertz contact, for the independent integration
sliding_stone.py; pure Python, no limitdir code.

  * The characteristic integrals c_ijk of Table 1 [Kudra & Awrejcewicz 2013] for the elliptic
    contact of axis ratio b with the Hertz pressure (alpha = 1/2) and the distortion (15) d = k_r
    along the rolling direction gamma' (d_c = k_r c_gamma', d_s = k_r s_gamma'), with Kireenkov's
    normalised moments I_i = M_i/(2 pi M_1), M_i = B((i + 1)/2, alpha + 1)/2 (math.gamma).
  * The matched coefficients a_0, a_1 (pure spin) and b_0..b_3 (pure sliding) of (52)-(54) with
    the corrections of docs/errata.md (b_{T_sx,3} = (61)/3!, b_{M_s,1} with + c_{0,2,0}).
  * The joins of (51) at v_s = |omega_s| u_0 with u_0 of the cubics (58): the remaining
    coefficients (a_2, a_3, a_4 of the force; a_3, a_4, b_3 of the torque) are NOT taken from the
    closed forms (55)-(56) but solved here from their definition, the C^2 join (value, first and
    second derivative in x = v_s/|omega_s| equal on both sides), a 3 x 3 linear system.
v_s, c_phi = v_sx/v_s, s_phi = v_sy/v_s enter with v_s regularised by (20), as in the paper.
"""
import math


def hertz_moment(i, alpha=0.5):
    """I_i = M_i/(2 pi M_1) of p ~ (1 - r^2)^alpha (2 pi I_1 = 1)."""
    def half_beta(x, y):
        return 0.5 * math.gamma(x) * math.gamma(y) / math.gamma(x + y)
    return half_beta(0.5 * (i + 1), alpha + 1) / (2.0 * math.pi * half_beta(1.0, alpha + 1))


I0, I2, I3, I5 = (hertz_moment(i) for i in (0, 2, 3, 5))


def joins(b):
    """u_0 of (58) for T_sx, T_sy, M_s."""
    return (0.967 + 0.276 * b - 0.542 * b ** 2 + 0.706 * b ** 3, 1.280 + 0.007 * b + 0.106 * b ** 2,
            0.702 + 0.407 * b - 0.819 * b ** 2 + 0.600 * b ** 3)


def integrals(b, G, H, E, d_c, d_s):
    """Table 1 (c_113 = c_110 = 0 for the symmetric ellipse); G = (K - E)/e^2, H = K - G, E of e^2 = 1 - b^2."""
    pi = math.pi
    return {"100": pi * I3 * d_c, "010": pi * b * I3 * d_s, "011": 4 * b * G * I2 * d_s, "101": 4 * H * I2 * d_c,
            "203": 4 * G * I0, "023": 4 * H * I0, "200": pi * I3, "020": pi * b * b * I3, "00-1": 4 * E * I2,
            "120": 0.25 * pi * b * b * I5 * d_c, "210": 0.25 * pi * b * I5 * d_s, "300": 0.75 * pi * I5 * d_c,
            "030": 0.75 * pi * b ** 3 * I5 * d_s}


def matched(c, C, S):
    """(a_0, a_1 or None, a_2 or None) near pure spin and [b_0, b_1, b_2, b_3 or None] near pure sliding
    of T_sx, T_sy, M_s, (52)-(54) corrected."""
    C2, S2 = C * C, S * S
    tx = ((-c["011"], c["203"] * C, None),
          [C, -(c["010"] * S2 + c["100"] * S * C), 0.5 * (3 * (c["200"] - c["020"]) * S2 * C - c["200"] * C),
           0.5 * ((5 * c["030"] - 15 * c["210"]) * S2 * S2 + (15 * c["120"] - 5 * c["300"]) * S2 * S * C
                  + (15 * c["210"] - 4 * c["030"]) * S2 + (3 * c["300"] - 6 * c["120"]) * S * C - 2 * c["210"])])
    ty = ((c["101"], c["023"] * S, None),
          [S, c["010"] * S * C + c["100"] * C2, 0.5 * (3 * (c["020"] - c["200"]) * S * C2 - c["020"] * S),
           5 / 16 * (3 * c["120"] - c["300"]) * (S2 * S2 + 7 * C2 * C2) + 2.5 * (c["030"] - 3 * c["210"]) * S * C2 * C
           + 0.125 * (11 * c["300"] - 45 * c["120"]) * C2 - 3 * (0.5 * c["030"] - c["210"]) * S * C
           + (5 * c["300"] + c["120"]) / 16])
    ms = ((c["00-1"], 0.0, 0.5 * ((c["023"] - c["203"]) * C2 - c["023"])),
          [c["100"] * S - c["010"] * C, (c["200"] - c["020"]) * C2 + c["020"],
           1.5 * ((3 * c["120"] - c["300"]) * S * C2 + (3 * c["210"] - c["030"]) * C2 * C - c["120"] * S
                  + (c["030"] - 2 * c["210"]) * C), None])
    return tx, ty, ms


def solve3(M, r):
    """Gaussian elimination with partial pivoting."""
    A = [row[:] + [ri] for row, ri in zip(M, r)]
    for k in range(3):
        p = max(range(k, 3), key=lambda i: abs(A[i][k]))
        A[k], A[p] = A[p], A[k]
        for i in range(k + 1, 3):
            f = A[i][k] / A[k][k]
            A[i] = [x - f * y for x, y in zip(A[i], A[k])]
    x = [0.0] * 3
    for k in (2, 1, 0):
        x[k] = (A[k][3] - sum(A[k][j] * x[j] for j in range(k + 1, 3))) / A[k][k]
    return x


def outer_jet(s, u):
    """The weights of b_0..b_3 in the outer piece f = b_0 + b_1 t + b_2 t^2 + b_3 t^3, t = s/x (s^2 = 1), and in
    its first two x-derivatives at x = u (one row each, so that an unknown b_3 can be moved to the left)."""
    return [[1.0, s / u, 1 / u ** 2, s / u ** 3],
            [0.0, -s / u ** 2, -2 / u ** 3, -3 * s / u ** 4],
            [0.0, 2 * s / u ** 3, 6 / u ** 4, 12 * s / u ** 5]]


def component(pieces, s, u, x, t, inner):
    """One component of (51) at x = v_s/|omega_s| (inner) or t = omega_s/v_s (outer)."""
    (a0, a1, a2), bs = pieces
    if not inner:
        b3 = bs[3]
        if b3 is None:
            b3 = join(pieces, s, u)[2]
        return bs[0] + t * (bs[1] + t * (bs[2] + t * b3))
    if a2 is None:  # the force: unknown s a_2, a_3, s a_4 (inner s a_0 + a_1 x + s a_2 x^2 + a_3 x^3 + s a_4 x^4)
        sa2, a3, sa4 = join(pieces, s, u)
        return s * a0 + a1 * x + x * x * (sa2 + x * (a3 + x * sa4))
    a3, sa4, _ = join(pieces, s, u)
    return s * a0 + x * x * (s * a2 + x * (a3 + x * sa4))


def join(pieces, s, u):
    """The C^2 join at x = u: the force's (s a_2, a_3, s a_4) or the torque's (a_3, s a_4, s b_3)."""
    (a0, a1, a2), bs = pieces
    w = outer_jet(s, u)
    if a2 is None:
        M = [[u ** 2, u ** 3, u ** 4], [2 * u, 3 * u ** 2, 4 * u ** 3], [2.0, 6 * u, 12 * u ** 2]]
        known_inner = [s * a0 + a1 * u, a1, 0.0]
        r = [sum(wk * bk for wk, bk in zip(w[d], bs)) - known_inner[d] for d in range(3)]
        return solve3(M, r)
    # the torque: b_3 unknown; its outer terms s b_3/x^3 (and derivatives -3 s b_3/x^4, 12 s b_3/x^5) move
    # to the left with the unknown s b_3, against the inner s a_0 + s a_2 x^2 + a_3 x^3 + s a_4 x^4
    M = [[u ** 3, u ** 4, -1 / u ** 3], [3 * u ** 2, 4 * u ** 3, 3 / u ** 4], [6 * u, 12 * u ** 2, -12 / u ** 5]]
    known_inner = [s * a0 + s * a2 * u ** 2, 2 * s * a2 * u, 2 * s * a2]
    r = [sum(wk * bk for wk, bk in zip(w[d][:3], bs[:3])) - known_inner[d] for d in range(3)]
    a3, sa4, sb3 = solve3(M, r)
    return a3, sa4, s * sb3


def w1(b, G, H, E, d_c, d_s, vsx, vsy, ws, vs):
    """(T_sx, T_sy, M_s) of W1 at the regularised v_s (20)."""
    c = integrals(b, G, H, E, d_c, d_s)
    C, S = vsx / vs, vsy / vs
    s = 1.0 if ws > 0 else (-1.0 if ws < 0 else 0.0)
    out = []
    for pieces, u in zip(matched(c, C, S), joins(b)):
        inner = vs <= abs(ws) * u
        out.append(component(pieces, s, u, vs / abs(ws) if inner else 0.0, ws / vs, inner))
    return tuple(out)
