#!/usr/bin/env python3
"""K, E, B, D, Sigma of numerics/elliptic.hpp at parameters m = 1 - c very close to 1, where the
complement c is given exactly (the ring quadrature's case: a ring just inside or outside the
instantaneous centre). Reproduces the constants of tests/numerics/test_elliptic.cpp,
"Elliptic set near m = 1 ...", by mpmath at 340 digits (enough to hold 1 - 1e-300 exactly),
from the definitions B = (E - c K)/m, D = (K - E)/m, Sigma = (D - B)/m (A&S 17.3)."""
import sys

import mpmath as mp

mp.mp.dps = 340

# the complements c and the values the test carries (K, E, B, D, Sigma), 21 significant digits
CARRIED = {
    "0x1p-56": ("20.7944154167983593512", "1.00000000000000014082", "0.999999999999999866118", "19.7944154167983594851", "18.7944154167983598798"),
    "1e-17": ("20.9582676515692789471", "1.00000000000000010229", "0.999999999999999902709", "19.9582676515692790444", "18.9582676515692793313"),
    "1e-100": ("116.51554901082217481", "1.0", "1.0", "115.51554901082217481", "114.51554901082217481"),
    "1e-300": ("346.774058310226743209", "1.0", "1.0", "345.774058310226743209", "344.774058310226743209"),
}
TOLERANCE = 1e-20  # the carried digits: 21 significant


def complement(text):
    return mp.mpf(float.fromhex(text)) if text.startswith("0x") else mp.mpf(float(text))


def main():
    bad = 0
    for text, carried in CARRIED.items():
        c = complement(text)  # the double the test passes, exactly
        m = 1 - c
        K, E = mp.ellipk(m), mp.ellipe(m)
        B = (E - c * K) / m
        D = (K - E) / m
        S = (D - B) / m
        values = (K, E, B, D, S)
        print(f"c = {text}: " + ", ".join(mp.nstr(v, 21) for v in values))
        for name, v, t in zip("K E B D Sigma".split(), values, carried):
            if abs(mp.mpf(t) - v) > TOLERANCE * abs(v):
                print(f"  {name}: carried {t!r} is not {mp.nstr(v, 21)}")
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
