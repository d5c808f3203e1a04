"""Several Python threads calling find_limits at once (the GIL released, run_job re-entrant) give
the same reports as the calls one at a time."""
from concurrent.futures import ThreadPoolExecutor

import limitdir
from conftest import problem_path

LOADS = [0.1, 0.3, 0.5, 0.7, 0.9, 1.1, 1.3, 1.5]


def test_threads_give_the_same_reports():
    general = limitdir.Problem.from_file(problem_path("general.json"))
    one_at_a_time = [limitdir.find_limits(general, force=F) for F in LOADS]
    with ThreadPoolExecutor(max_workers=4) as pool:
        at_once = list(pool.map(lambda F: limitdir.find_limits(general, force=F), LOADS * 2))
    assert at_once == one_at_a_time * 2


def test_friction_models_in_threads():
    import numpy as np
    m = limitdir.friction_model(problem_path("disc-exact.json"))
    W = np.random.default_rng(3).normal(size=(4000, 3))
    alone = m.q(W)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(m.q, [W] * 4))
    for r in results:
        assert np.array_equal(r, alone)
