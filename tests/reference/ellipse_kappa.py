#!/usr/bin/env python3
"""kappa of an elliptic contact, computed without limitdir: the pressure's normalised first moment
kappa = int sigma |r| dA / int sigma dA (docs/manual.md section 1, Units; (39) [Nonlinear Dyn.
2024]; K&A Table 1 [Kudra & Awrejcewicz 2013]) by mpmath quadrature of that definition, not by
the complete elliptic integral E and the AGM that tests/contact/test_contact.cpp cites.
Run by hand (not in CI): python3 tests/reference/ellipse_kappa.py

In elliptic polar coordinates x = a t cos phi, y = b t sin phi (dA = a b t dt dphi) the pressure
depends on t only: uniform sigma = 1, Hertz sigma = (1 - t^2)^(1/2) (alpha = 1/2), and
|r| = t (a^2 cos^2 phi + b^2 sin^2 phi)^(1/2). Checked: the disc's 2/3 (uniform) and 3 pi/16
(Hertz), and the four values of test_contact.cpp "K&A Table 1" to their 15 digits.
"""
import sys

import mpmath as mp

mp.mp.dps = 30

PRESSURES = {"uniform": lambda t: mp.mpf(1), "hertz": lambda t: mp.sqrt(1 - t * t)}


def kappa(a, b, pressure):
    sigma = PRESSURES[pressure]
    a, b = mp.mpf(a), mp.mpf(b)
    moment = mp.quad(lambda phi: mp.quad(lambda t: sigma(t) * t * t * mp.sqrt((a * mp.cos(phi))**2 + (b * mp.sin(phi))**2),
                                         [0, 1]), [0, mp.pi / 2, mp.pi, 3 * mp.pi / 2, 2 * mp.pi])
    load = mp.quad(lambda phi: mp.quad(lambda t: sigma(t) * t, [0, 1]), [0, 2 * mp.pi])
    return moment / load


failures = []
# (a, b, pressure, the test's value, its tolerance): the disc's closed forms, then K&A Table 1
# as tests/contact/test_contact.cpp carries it (15 digits, relative 1e-14)
cases = [(1, 1, "uniform", mp.mpf(2) / 3, 1e-25), (1, 1, "hertz", 3 * mp.pi / 16, 1e-25),
         (1.0, 0.5, "uniform", 0.513988141730013, 1e-14), (1.0, 0.5, "hertz", 0.454146010338172, 1e-14),
         (1.0, 0.25, "uniform", 0.455099409814454, 1e-14), (1.0, 0.25, "hertz", 0.402113520710477, 1e-14)]
for a, b, pressure, expected, rel in cases:
    k = kappa(a, b, pressure)
    ok = abs(k - expected) <= rel * abs(expected)
    print(f"a = {a}, b = {b}, {pressure}: kappa = {mp.nstr(k, 20)} (test: {mp.nstr(expected, 16)}, "
          f"relative {float(abs(k - expected) / expected):.1e} <= {rel:.0e}: {'ok' if ok else 'FAILS'})")
    if not ok:
        failures.append(f"{a}, {b}, {pressure}")
if failures:
    print("FAILED: " + "; ".join(failures))
    sys.exit(1)
print("all reference values reproduced")
