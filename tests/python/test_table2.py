"""Table 2 of [Nonlinear Dyn. 2024] (Sect. 7.4.4) from Python: the slip direction in which the
force-free (F = 0) disc stops, in the three parametrisations of Table 1: w3, the latitude theta
(w3 = sin theta) and the slip/spin ratio eps = v/(R omega) = (rho/R) cot theta (35).

The rows, each against a value obtained independently of the solver:
  * the second-degree model (harmonic N = 2, uniform pressure, rho = kappa): the stable circles of
    Fig. 16 at w3 = sqrt(-k1/k2), (136)-(137) with F = 0, k_i = C_i - (8/9) S_i, the C_i, S_i read
    off the friction model's q on a meridian (test_disc_events.meridian_coefficients);
  * constant pressure (the exact model): eps = 0.653 of Farkas et al., PRL 90 (2003) 248302, to its
    printed three digits, and to 13 digits against tests/reference/exact_contact.py (the exact
    model's integrals by mpmath);
  * the Galin pressure (the exact model): rho = kappa = (pi/4) R, the closed form of (39) for
    p ~ (1 - r^2)^(-1/2) (int r^2 p dr / int r p dr = (pi/4) / 1); the disc stops where
    G = (rho/R)/j T with Galin's closed forms G = pi/4, T = 1 - eps^2/2 (docs/manual.md section 4,
    "Galin's pressure in closed form"; j = 1/2 for the disc), i.e. at eps = 1 exactly and
    tan(theta) = pi/4; the solver's eps against that and against the simulated one;
  * each row once more from a simulated trajectory, whose arrival direction gives eps (a different
    algorithm: the integration of (109) up to stick).
The reference copy of the paper at hand lost the table's body, so its printed digits are not
compared here; the Farkas value is the one the paper's text cites for constant pressure."""
import math

import numpy as np
import pytest

import limitdir
from conftest import problem_path
from test_disc_events import ROW3, meridian_coefficients

# The solver's Newton refinement stops at |V*| <= 1e-13 (SolverOptions residual_tol); the circle's
# latitude then carries ~1e-13 of error, and w3 = sqrt(-k1/k2) amplifies the 1e-16 rounding of the
# coefficients read off q by ~1e2: 1e-12 bounds both.
CLOSED_FORM = 1e-12
# simulate stops at r -> 0 on the attracting circle; its arrival direction matches the circle to
# the match distance it reports (~1e-11), 1e-6 as tests/dynamics/test_simulate.cpp.
SIMULATED = 1e-6
# eps of the constant-pressure disc's stable circle from the exact model's integrals by
# tests/reference/exact_contact.py (mpmath, 13 digits; Farkas et al. print 0.653). The solver's
# circle carries ~1e-13 (above) and eps = (2/3) cot theta ~1 amplifies it by < 2: CLOSED_FORM.
CONSTANT_PRESSURE_EPS = 0.6530017892056
STARTS = [(1.0, 0.3, 0.5), (0.2, -1.0, 0.9), (-0.7, 0.4, -0.2)]


def stable_circle(report):
    """The latitude theta > 0 of the stable circle in the upper hemisphere (Fig. 16)."""
    thetas = [c["theta"] for c in report["circles"] if c["sphere_type"] == "stable-circle" and c["theta"] > 0]
    assert len(thetas) == 1
    return thetas[0]


# rho/R = kappa/R of each pressure, closed forms of (39): uniform 2/3 (Sect. 7.4), Galin pi/4
KAPPA_OVER_R = {"uniform": 2.0 / 3.0, "galin": math.pi / 4.0}


def table_row(problem):
    """(eps, w3, theta) of the force-free disc's stable circle from find_limits."""
    assert problem.to_dict()["rho"] == "kappa"
    rho_over_R = KAPPA_OVER_R[problem.to_dict()["contact"]["pressure"]]
    theta = stable_circle(limitdir.find_limits(problem, force=0.0))
    return rho_over_R / math.tan(theta), math.sin(theta), theta


def simulated_eps(problem):
    return [limitdir.simulate(problem, force=0.0, x0=x0, every=0)["epsilon"] for x0 in STARTS]


def test_second_degree_model_row_is_the_closed_form_136():
    problem = limitdir.Problem.from_file(problem_path("disc.json"))
    C1, C2, S1, S2 = meridian_coefficients(limitdir.friction_model(problem))
    k1, k2 = C1 - ROW3 * S1, C2 - ROW3 * S2
    w3 = math.sqrt(-k1 / k2)  # (136) at F = 0: k1 + k2 w3^2 = 0
    eps, w3_solver, theta = table_row(problem)
    assert abs(w3_solver - w3) <= CLOSED_FORM
    assert abs(theta - math.asin(w3)) <= CLOSED_FORM
    assert abs(eps - (2.0 / 3.0) * math.sqrt(1 - w3 ** 2) / w3) <= CLOSED_FORM
    for e in simulated_eps(problem):
        assert abs(e - eps) <= SIMULATED


def test_constant_pressure_row_is_farkas_0653():
    problem = limitdir.Problem.from_file(problem_path("disc-exact.json"))
    assert problem.to_dict()["contact"]["pressure"] == "uniform"
    eps, w3, theta = table_row(problem)
    assert round(eps, 3) == 0.653
    assert abs(eps - CONSTANT_PRESSURE_EPS) <= CLOSED_FORM
    for e in simulated_eps(problem):
        assert abs(e - eps) <= SIMULATED


def test_galin_pressure_row_is_eps_1_and_the_simulation_agrees():
    problem = limitdir.Problem.from_file(problem_path("disc-galin.json"))
    assert problem.to_dict()["contact"]["pressure"] == "galin"
    eps, w3, theta = table_row(problem)
    assert abs(eps - 1.0) <= CLOSED_FORM
    assert abs(theta - math.atan(math.pi / 4.0)) <= CLOSED_FORM
    for e in simulated_eps(problem):
        assert abs(e - eps) <= SIMULATED
