"""friction-model's "coefficients" of the models of Kudra & Awrejcewicz (docs/manual.md sections 5, 7).

Usage: python3 check_coefficients.py PROBLEM.json REPORT.json [table1]

The characteristic integrals c_ijk (13) [Kudra & Awrejcewicz 2013] of the report are compared with
an independent mpmath evaluation of their definition for the problem's contact: in the contact's
own frame, x = a rho' cos psi, y = b rho' sin psi (dx dy = a b rho' drho' dpsi), the pressure
sigma = sigma0(rho') (1 + d (x/a cos gamma + y/b sin gamma)) (docs/manual.md section 6) normalised
to integral 1, and the paper's frame (x along the major semi-axis a_M, lengths in units of a_M;
turned by +pi/2 when b > a: X = y/a_M, Y = -x/a_M), so that
  c_ijk = int X^i Y^j (X^2 + Y^2)^(-k/2) sigma dx dy,
separable into a radial integral of rho'^(1+i+j-k) sigma0 and a periodic angular one, each by
mpmath's tanh-sinh quadrature at 20 digits. With "table1" the report must also equal the paper's
Table 1 in its column b -> 1 for the Hertz pressure with the moments (57) I_0 = 3/8, I_2 = 3/32,
I_3 = 1/(5 pi), I_5 = 4/(35 pi). kudra-w's joins u0 are compared with the paper's fit (58).
"""
import json
import sys

import mpmath as mp

mp.mp.dps = 20
# The report's c_ijk come from Table 1's closed forms in double precision (complete elliptic
# integrals by Boost, relative error ~1e-16, times factors <= 8): 1e-13 absolute leaves a
# margin of ~100 over their rounding; the mpmath values are exact to ~1e-25.
TOL = 1e-13

PRESSURES = {"uniform": lambda r: mp.mpf(1), "hertz": lambda r: mp.sqrt(1 - r * r),
             "galin": lambda r: 1 / mp.sqrt(1 - r * r)}

NAMES = {"c100": (1, 0, 0), "c010": (0, 1, 0), "c011": (0, 1, 1), "c101": (1, 0, 1), "c203": (2, 0, 3),
         "c023": (0, 2, 3), "c113": (1, 1, 3), "c200": (2, 0, 0), "c020": (0, 2, 0), "c110": (1, 1, 0),
         "c00-1": (0, 0, -1), "c120": (1, 2, 0), "c210": (2, 1, 0), "c300": (3, 0, 0), "c030": (0, 3, 0)}


def by_definition(problem):
    contact = problem["contact"]
    shape = contact.get("shape", "circle")
    a, b = shape["ellipse"] if isinstance(shape, dict) else (1, 1)
    a, b = mp.mpf(a), mp.mpf(b)
    sigma0 = PRESSURES[contact["pressure"]]
    dist = contact.get("distortion", {"d": 0})
    d, gamma = mp.mpf(dist["d"]), mp.mpf(dist.get("gamma", 0))
    major = max(a, b)

    def XY(psi):  # (X, Y)/rho' in the paper's frame
        x, y = a * mp.cos(psi) / major, b * mp.sin(psi) / major
        return (y, -x) if b > a else (x, y)

    radial = lambda n: mp.quad(lambda r: r ** n * sigma0(r), [0, 1])
    norm = a * b * 2 * mp.pi * radial(1)
    out = {}
    for name, (i, j, k) in NAMES.items():
        def angular(psi, weight):
            X, Y = XY(psi)
            return X ** i * Y ** j * (X * X + Y * Y) ** (mp.mpf(-k) / 2) * weight(psi)
        n = 1 + i + j - k
        plain = mp.quad(lambda p: angular(p, lambda q: 1), [0, mp.pi / 2, mp.pi, 3 * mp.pi / 2, 2 * mp.pi])
        tilted = mp.quad(lambda p: angular(p, lambda q: mp.cos(q - gamma)), [0, mp.pi / 2, mp.pi, 3 * mp.pi / 2, 2 * mp.pi])
        out[name] = a * b * (radial(n) * plain + d * radial(n + 1) * tilted) / norm
    return out


def table1_circle(d, gamma):
    """Table 1's column b -> 1 with the Hertz moments (57); d_c, d_s of (18)."""
    I0, I2, I3, I5 = mp.mpf(3) / 8, mp.mpf(3) / 32, 1 / (5 * mp.pi), 4 / (35 * mp.pi)
    dc, ds = d * mp.cos(gamma), d * mp.sin(gamma)
    pi = mp.pi
    return {"c100": pi * I3 * dc, "c010": pi * I3 * ds, "c011": pi * I2 * ds, "c101": pi * I2 * dc,
            "c203": pi * I0, "c200": pi * I3, "c020": pi * I3, "c00-1": 2 * pi * I2, "c023": pi * I0,
            "c113": 0, "c110": 0, "c120": pi / 4 * I5 * dc, "c210": pi / 4 * I5 * ds,
            "c300": 3 * pi / 4 * I5 * dc, "c030": 3 * pi / 4 * I5 * ds}


def main():
    problem, report = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
    got = report["coefficients"]["c_ijk"]
    worst = 0.0
    references = [("definition (13)", by_definition(problem))]
    if len(sys.argv) > 3 and sys.argv[3] == "table1":
        dist = problem["contact"].get("distortion", {"d": 0})
        references.append(("Table 1 (b -> 1, (57))", table1_circle(mp.mpf(dist["d"]), mp.mpf(dist.get("gamma", 0)))))
    for what, ref in references:
        if set(got) != set(ref):
            raise SystemExit("names %s, want %s" % (sorted(got), sorted(ref)))
        for name, value in ref.items():
            error = abs(mp.mpf(got[name]) - value)
            worst = max(worst, float(error))
            if error > TOL:
                raise SystemExit("%s: %s = %r, %s gives %s" % (report["model"], name, got[name], what, mp.nstr(value, 17)))
    if report["model"] == "kudra-w":  # (58) at the report's axis ratio
        b = report["coefficients"]["frame"]["b"]
        fit = [0.967 + 0.276 * b - 0.542 * b ** 2 + 0.706 * b ** 3, 1.280 + 0.007 * b + 0.106 * b ** 2,
               0.702 + 0.407 * b - 0.819 * b ** 2 + 0.600 * b ** 3]
        if any(abs(u - f) > 1e-15 * 4 for u, f in zip(report["coefficients"]["u0"], fit)):
            raise SystemExit("u0 %s, (58) gives %s" % (report["coefficients"]["u0"], fit))
    print("%s: 15 c_ijk against %s, largest difference %.1e" % (report["model"], " and ".join(w for w, _ in references), worst))


main()
