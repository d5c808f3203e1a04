"""limitdir.friction_model (docs/python.md "Friction models"): q(W) and dq_dw(W) on arrays."""
import numpy as np
import pytest

import limitdir
from conftest import problem_path


def directions(n, seed=1):
    W = np.random.default_rng(seed).normal(size=(n, 3))
    return W / np.linalg.norm(W, axis=1)[:, None]


@pytest.mark.parametrize("problem", ["disc.json", "disc-exact.json", "ball.json", "ellipse.json"])
def test_vectorised_equals_scalar_calls(problem):
    m = limitdir.friction_model(problem_path(problem))
    W = directions(200)
    Q, J = m.q(W), m.dq_dw(W)
    assert Q.shape == (200, 3) and J.shape == (200, 3, 3)
    for i in range(len(W)):
        assert np.array_equal(Q[i], m.q(W[i]))
        assert np.array_equal(J[i], m.dq_dw(W[i]))
    # past the GIL release threshold the same loop gives the same numbers
    big = np.repeat(W, 10, axis=0)
    assert np.array_equal(m.q(big), np.repeat(Q, 10, axis=0))


def test_homogeneity_and_euler():
    """(24): q(x) = q(x/|x|), so q(3 W) = q(W) and dq_dw(W) W = 0 (Euler, degree 0)."""
    m = limitdir.friction_model(problem_path("disc.json"))
    W = directions(100, seed=2)
    assert np.allclose(m.q(3 * W), m.q(W), rtol=0, atol=1e-15)
    assert np.allclose(np.einsum("nij,nj->ni", m.dq_dw(W), W), 0, atol=1e-13)


# C(0) = c1 + c2 of the uniform disc's harmonic N = 2 model from the Fourier coefficients (83) of
# the exact model by tests/reference/exact_contact.py (mpmath, 15 digits).
EQUATOR_C = 1.04732060435321
# The model's c_i come from tanh-sinh quadrature to ~1e-14 each (harmonic_coefficients); two of
# them and the reference's rounding (5e-15): 1e-13.
EQUATOR_C_TOL = 1e-13


def test_harmonic_n2_meridian_form():
    """(84)-(86): on the disc's harmonic N = 2 model q = -(w1 C, w2 C, w3 S) (rho = kappa) with
    C, S linear in u = w3^2, so C(u) from three latitudes lies on one line, and at the equator
    q = -(C1, 0, 0) with C1 = C(0) = 1.0473... > 1, its error 0.0473 against the exact model's
    pure sliding q = -(1, 0, 0) there."""
    m = limitdir.friction_model(problem_path("disc.json"))
    u = np.array([0.1, 0.4, 0.7])
    W = np.stack([np.sqrt(1 - u), np.zeros(3), np.sqrt(u)], axis=1)
    Q = m.q(W)
    C, S = -Q[:, 0] / W[:, 0], -Q[:, 2] / W[:, 2]
    for f in (C, S):
        assert abs((f[1] - f[0]) / 0.3 - (f[2] - f[1]) / 0.3) < 1e-13
    assert np.allclose(Q[:, 1], 0)
    q_equator = m.q(np.array([1.0, 0.0, 0.0]))
    C1 = -q_equator[0]
    assert q_equator[1] == 0 and q_equator[2] == 0
    assert abs(C1 - (C[0] - 0.1 * (C[1] - C[0]) / 0.3)) < 1e-13  # the line through the latitudes at u = 0
    assert abs(C1 - EQUATOR_C) <= EQUATOR_C_TOL
    exact = limitdir.friction_model(problem_path("disc-exact.json")).q(np.array([1.0, 0.0, 0.0]))
    assert np.array_equal(exact, [-1.0, 0.0, 0.0])  # pure sliding: Coulomb's law
    assert round(C1 - 1, 4) == 0.0473


def test_bad_shapes_raise_valueerror():
    m = limitdir.friction_model(problem_path("disc.json"))
    for W in (np.zeros(2), np.zeros((4, 2)), np.zeros((2, 3, 3))):
        with pytest.raises(ValueError):
            m.q(W)


def test_thin_ring_pure_spin_and_pure_slip():
    # Property 5 [Kireenkov]: the ring {"ring": xi0} carries the torque xi0 mu N R at pure spin and the
    # force mu N at pure sliding; with rho = kappa = xi0, q3 = T_z/rho = -1 exactly (two roundings)
    problem = limitdir.Problem.from_dict({"system": {"preset": "disc"}, "contact": {"pressure": {"ring": 0.5}},
                                          "friction": {"model": "exact"}, "rho": "kappa"})
    assert problem.to_dict()["contact"]["pressure"] == {"ring": 0.5}
    model = limitdir.friction_model(problem)
    assert abs(model.q(np.array([0.0, 0.0, 1.0]))[2] + 1.0) <= 4e-16
    assert np.abs(model.q(np.array([0.6, 0.8, 0.0])) + np.array([0.6, 0.8, 0.0])).max() <= 4e-16
