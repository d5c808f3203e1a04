"""The disc's events (Sect. 7.4 [Nonlinear Dyn. 2024]) from Python: the tangency F_T = C1 (130),
the pitchfork F_P = C1 - (8/9) S1 (133) and the fold F_F^2 = 4 (k1 + k2)^3 / (27 k2) (138),
k_i = C_i - (8/9) S_i, with 8/9 = rho^2/(j R^2) for rho = kappa = 2R/3, j = 1/2 (126). C_i, S_i
are read off the friction model's q on a meridian, q = -(w1 C, w2 C, w3 S) with C, S linear in
u = w3^2 (86): the model's values, not the sweep's."""
import numpy as np

import limitdir
from conftest import problem_path

# The sweep locates events to 1e-11 in F (ContinuationOptions p_tol); 1e-10 keeps a margin of 10.
LOCATED = 1e-10
ROW3 = 8.0 / 9.0  # (126)
# A branch point is corrected until |F(w) - rdot w| <= 1e-11 (final_residual_tol of
# continuation/branch_tracer.cpp); V* = (I - w w^T) F(w) is no larger, and 1e-10 keeps a margin of
# 10 for q's rounding and the 17 digits of the report.
ON_BRANCH = 1e-10


def meridian_coefficients(model):
    """C1, C2, S1, S2 from q at u = 1/4 and u = 3/4 (C, S are linear in u at N = 2)."""
    u = np.array([0.25, 0.75])
    W = np.stack([np.sqrt(1 - u), np.zeros(2), np.sqrt(u)], axis=1)
    Q = model.q(W)
    C, S = -Q[:, 0] / W[:, 0], -Q[:, 2] / W[:, 2]
    C2, S2 = (C[1] - C[0]) / 0.5, (S[1] - S[0]) / 0.5
    return C[0] - 0.25 * C2, C2, S[0] - 0.25 * S2, S2


def test_the_disc_diagram_holds_the_closed_form_events():
    problem = limitdir.Problem.from_file(problem_path("disc.json"))
    C1, C2, S1, S2 = meridian_coefficients(limitdir.friction_model(problem))
    k1, k2 = C1 - ROW3 * S1, C2 - ROW3 * S2
    expected = {"tangency": C1, "pitchfork": k1, "fold": np.sqrt(4 * (k1 + k2) ** 3 / (27 * k2))}
    diagram = limitdir.sweep(problem, start=0.01, stop=1.5)
    events = {e["kind"]: e["force"] for e in diagram["bifurcations"]}
    assert sorted(events) == sorted(expected)
    for kind, F in expected.items():
        assert abs(events[kind] - F) <= LOCATED, kind


def test_branches_as_arrays():
    """A branch of the disc's diagram as arrays: every w a unit vector and a zero of V*, which on
    the branch through e1 (w = +-e1, the invariant direction of the disc) keeps w = +-e1."""
    diagram = limitdir.sweep(problem_path("disc.json"), start=0.01, stop=1.5)
    model = limitdir.friction_model(problem_path("disc.json"))
    branches = limitdir.branches(diagram)
    assert len(branches) == len(diagram["branches"])
    through_e1 = 0
    for (p, W), branch in zip(branches, diagram["branches"]):
        assert p.shape == (len(branch["points"]),) and W.shape == (len(p), 3)
        assert np.allclose(np.linalg.norm(W, axis=1), 1, atol=1e-12)
        assert np.array_equal(p, [pt["force"] for pt in branch["points"]])
        # V* = (I - w w^T) M^-1 (q(w) + F e1) of (108) with M^-1 = diag(1, 1, 8/9) (126)
        f = model.q(W) * np.array([1.0, 1.0, ROW3]) + np.outer(p, [1.0, 0.0, 0.0])
        V = f - np.sum(f * W, axis=1)[:, None] * W
        assert np.max(np.linalg.norm(V, axis=1)) <= ON_BRANCH
        for e in (np.array([1.0, 0.0, 0.0]), np.array([-1.0, 0.0, 0.0])):
            if np.linalg.norm(W[0] - e) <= ON_BRANCH:
                through_e1 += 1
                assert np.all(np.linalg.norm(W - e, axis=1) <= ON_BRANCH)
    assert through_e1 >= 2  # +e1 and -e1 are limit directions at every load


def test_directions_as_an_array():
    report = limitdir.find_limits(problem_path("disc.json"), force=0.5)
    W = limitdir.directions(report)
    assert W.shape == (len(report["limit_directions"]), 3)
    assert np.array_equal(W, [d["w"] for d in report["limit_directions"]])
