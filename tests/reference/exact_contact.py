#!/usr/bin/env python3
"""Reference values of the exact (integral) friction model of a uniformly pressed elliptic contact,
computed without limitdir: the integral model (8) [Kudra & Awrejcewicz 2013] from docs/manual.md
section 1 (Friction, Slip variables, Limit directions) and section 2 (the disc and the plate), by
mpmath quadrature and Newton. Run by hand (not in CI): python3 tests/reference/exact_contact.py

The slip x_o = (u_x, u_y, rho omega) moves the contact point r by v(r) = (u_x - omega y,
u_y + omega x) = omega e3 x (r - c) about the instantaneous centre c = (-u_y, u_x)/omega, and
q = -(1/N) int sigma (v/|v|, (r x v/|v|)_z / rho) dA. In polar coordinates r = c + s e(phi) about
c, v/|v| = sign(omega) (-sin phi, cos phi) and (r x v/|v|)_z = sign(omega) (c . e + s), so with
the uniform pressure sigma = 1 the radial integrals are closed forms on the chord [s1, s2] of the
ray inside the ellipse and only the angle is integrated (the discontinuity of v/|v| at c is gone).

It prints, and checks against the constants the tests carry:
  * tests/limits/test_contact_systems.cpp, "(8) [Kudra & Awrejcewicz 2013]": the stable node of the
    uniform plate a = 1, b = 1/2, rho = a, F = 0.3 at the load angles pi/2 and pi/4 (12 digits);
  * the same file, "Fig. 15 ... on the ellipse": the F = 0 latitudes of the saddles (meridian
    phi = 0) and stable nodes (phi = pi/2) of the plates b = 0.9 and 0.5 (12 digits);
  * tests/python/test_table2.py: the constant-pressure disc's eps = (rho/R) cot theta of its F = 0
    stable circle (Farkas et al. 2003 print 0.653), rho = kappa = 2R/3;
  * tests/python/test_friction.py: C(0) = c_1 + c_2 of the disc's harmonic N = 2 model, the
    Fourier coefficients (83) c_i = 4/pi int_0^{pi/2} Q(theta) cos((2i - 1) theta) dtheta of the
    exact model's Q = -q1 on the meridian w = (cos theta, 0, sin theta).
"""
import sys

import mpmath as mp

mp.mp.dps = 30


def chord(c, phi, a, b):
    """[s1, s2] of the ray c + s e(phi), s >= 0, inside x^2/a^2 + y^2/b^2 <= 1 (None if it misses)."""
    ex, ey = mp.cos(phi), mp.sin(phi)
    A = ex**2 / a**2 + ey**2 / b**2
    B = c[0] * ex / a**2 + c[1] * ey / b**2
    C0 = c[0]**2 / a**2 + c[1]**2 / b**2 - 1
    D = B * B - A * C0
    if D < 0:
        return None
    s1, s2 = (-B - mp.sqrt(D)) / A, (-B + mp.sqrt(D)) / A
    if s2 <= 0:
        return None
    return max(s1, mp.mpf(0)), s2


def tangent_angles(c, a, b):
    """The two angles of the rays from an outer point c that touch the ellipse (D = 0)."""
    # D(phi) = 0 is a quadratic in tan: solve in the unit vector, found by findroot from the
    # directions to the ellipse's points seen under the widest angle on a sample.
    toward = mp.atan2(-c[1], -c[0])

    def D(phi):
        ex, ey = mp.cos(phi), mp.sin(phi)
        A = ex**2 / a**2 + ey**2 / b**2
        B = c[0] * ex / a**2 + c[1] * ey / b**2
        return B * B - A * (c[0]**2 / a**2 + c[1]**2 / b**2 - 1)

    # bracket each tangent between the direction to the centre (D > 0) and a direction away (D < 0)
    ends = []
    for side in (-1, 1):
        lo, hi = mp.mpf(0), mp.pi / 2
        for _ in range(200):
            mid = (lo + hi) / 2
            if D(toward + side * mid) > 0:
                lo = mid
            else:
                hi = mid
        ends.append(toward + side * (lo + hi) / 2)
    return ends


def q_ellipse(w, a, b, rho):
    """q(w) of the exact model, uniform pressure on the ellipse [a, b] (docs/manual.md section 1)."""
    ux, uy, omega = w[0], w[1], w[2] / rho
    if omega == 0:
        norm = mp.sqrt(ux**2 + uy**2)
        return [-ux / norm, -uy / norm, mp.mpf(0)]  # pure sliding: v/|v| constant, no moment by symmetry
    c = (-uy / omega, ux / omega)
    sgn = 1 if omega > 0 else -1
    inside = c[0]**2 / a**2 + c[1]**2 / b**2 < 1
    if inside:
        nodes = mp.linspace(0, 2 * mp.pi, 9)
    else:
        lo, hi = tangent_angles(c, a, b)
        nodes = mp.linspace(lo, hi, 5)

    def radial(phi):
        ch = chord(c, phi, a, b)
        if ch is None:
            return mp.mpf(0), mp.mpf(0)
        s1, s2 = ch
        ce = c[0] * mp.cos(phi) + c[1] * mp.sin(phi)
        return (s2**2 - s1**2) / 2, ce * (s2**2 - s1**2) / 2 + (s2**3 - s1**3) / 3

    N = mp.pi * a * b
    f1 = mp.quad(lambda p: -mp.sin(p) * radial(p)[0], nodes)
    f2 = mp.quad(lambda p: mp.cos(p) * radial(p)[0], nodes)
    t = mp.quad(lambda p: radial(p)[1], nodes)
    return [-sgn * f1 / N, -sgn * f2 / N, -sgn * t / (N * rho)]


def plate_mass_inverse(a, b, rho):
    """M^-1 of the plate (docs/manual.md section 2): M = diag(1, 1, (a^2 + b^2)/(4 rho^2))."""
    return [mp.mpf(1), mp.mpf(1), 4 * rho**2 / (a**2 + b**2)]


def limit_direction(a, b, rho, F, beta, guess):
    """A zero (w, rdot) of M^-1 (q(w) + F (cos beta, sin beta, 0)) - rdot w, |w| = 1 (125)."""
    m = plate_mass_inverse(a, b, rho)
    d = [mp.cos(beta), mp.sin(beta), mp.mpf(0)]

    def eqs(w1, w2, w3, rdot):
        q = q_ellipse([w1, w2, w3], a, b, rho)
        w = [w1, w2, w3]
        return [m[i] * (q[i] + F * d[i]) - rdot * w[i] for i in range(3)] + [w1**2 + w2**2 + w3**2 - 1]

    return mp.findroot(eqs, guess, tol=mp.mpf(10)**-24)


def meridian_zero(a, b, rho, phi, bracket):
    """At F = 0 the latitude theta of a zero on the meridian phi (0 or pi/2, planes of symmetry of
    the ellipse, where q stays in the meridian plane): the tangential part of M^-1 q vanishes."""
    m = plate_mass_inverse(a, b, rho)

    def g(theta):
        w = [mp.cos(theta) * mp.cos(phi), mp.cos(theta) * mp.sin(phi), mp.sin(theta)]
        q = q_ellipse(w, a, b, rho)
        horizontal = m[0] * (q[0] * mp.cos(phi) + q[1] * mp.sin(phi))
        return horizontal * mp.sin(theta) - m[2] * q[2] * mp.cos(theta)

    # a bracket of one sign change (the pole theta = pi/2 is a zero too: Newton from two digits may
    # run there), then Anderson's bracketing iteration
    return mp.findroot(g, bracket, solver="anderson", tol=mp.mpf(10)**-24)


def around(x, half=0.02):
    """A bracket from two digits of x."""
    return (round(x, 2) - half, round(x, 2) + half)


failures = []


def compare(name, value, expected, tol):
    ok = abs(value - expected) <= tol
    print(f"{name}: {mp.nstr(value, 16)} (test: {expected!r}, |diff| = {float(abs(value - expected)):.1e}"
          f" <= {tol:.0e}: {'ok' if ok else 'FAILS'})")
    if not ok:
        failures.append(name)


# the tests carry 12 decimals: rounding 5e-13
DIGITS12 = 5e-13

print("test_contact_systems.cpp, (8): uniform plate a = 1, b = 1/2, rho = a, F = 0.3")
plate_cases = [(mp.pi / 2, (0.0, 0.627034773216, 0.778991266432), -0.833487718086),
               (mp.pi / 4, (0.264765580604, 0.550583738791, 0.791679691483), -0.889101943370)]
for beta, node, rdot in plate_cases:
    guess = [round(x, 2) for x in node] + [round(rdot, 2)]  # two digits only: Newton finds the rest
    s = limit_direction(mp.mpf(1), mp.mpf(0.5), mp.mpf(1), mp.mpf(0.3), beta, guess)
    for i in range(3):
        compare(f"  beta = {float(beta):.6f}: node w{i + 1}", s[i], node[i], DIGITS12)
    compare(f"  beta = {float(beta):.6f}: rdot", s[3], rdot, DIGITS12)

print("test_contact_systems.cpp, Fig. 15 on the ellipse: uniform plate a = 1, rho = a, F = 0")
for b, saddle, node in [(0.9, 1.038884398728, 0.996630555564), (0.5, 1.426124828091, 1.047404026264)]:
    compare(f"  b = {b}: saddle theta (phi = 0)", meridian_zero(mp.mpf(1), mp.mpf(b), mp.mpf(1), 0, around(saddle)),
            saddle, DIGITS12)
    compare(f"  b = {b}: node theta (phi = pi/2)",
            meridian_zero(mp.mpf(1), mp.mpf(b), mp.mpf(1), mp.pi / 2, around(node)), node, DIGITS12)

# the disc: a = b = R = 1, rho = kappa = 2/3 (uniform pressure), M^-1 = diag(1, 1, 8/9) (126)
one, rho_disc = mp.mpf(1), mp.mpf(2) / 3
print("test_table2.py: the constant-pressure disc at F = 0 (Farkas et al. 2003: eps = 0.653)")
theta = meridian_zero(one, one, rho_disc, 0, (0.7, 0.9))
eps_disc = rho_disc * mp.cot(theta)
print(f"  theta = {mp.nstr(theta, 16)}, eps = (rho/R) cot theta = {mp.nstr(eps_disc, 16)}")
compare("  eps to Farkas' three digits", eps_disc, 0.653, 5e-4)
compare("  eps (test_table2.py CONSTANT_PRESSURE_EPS)", eps_disc, 0.6530017892056, 5e-14)

print("test_friction.py: C(0) = c1 + c2 of the disc's harmonic N = 2 model (83)")
breakpoint_theta = mp.atan(rho_disc)  # eps = 1: the instantaneous centre on the rim


def Q(theta):
    return -q_ellipse([mp.cos(theta), 0, mp.sin(theta)], one, one, rho_disc)[0]


mp.mp.dps = 20
coeff = [4 / mp.pi * mp.quad(lambda t: Q(t) * mp.cos((2 * i - 1) * t), [0, breakpoint_theta, mp.pi / 2])
         for i in (1, 2)]
C0 = coeff[0] + coeff[1]
print(f"  c1 = {mp.nstr(coeff[0], 15)}, c2 = {mp.nstr(coeff[1], 15)}, C(0) = {mp.nstr(C0, 15)}")
compare("  C(0) (test_friction.py EQUATOR_C)", C0, 1.04732060435321, 5e-15)

if failures:
    print("FAILED: " + ", ".join(failures))
    sys.exit(1)
print("all reference values reproduced")
