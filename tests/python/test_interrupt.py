"""Ctrl-C during every long call (docs/python.md "Interrupts"): the call ends with KeyboardInterrupt
within a second of SIGINT, the process does not crash, nothing of the call remains and the module
goes on working (the same result as before the interrupt)."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

import limitdir
from conftest import problem_path

# How soon after SIGINT the KeyboardInterrupt must be raised: the module looks at Python's
# signal handlers every 20 ms of a poll (python/cancellation.hpp) and the library polls at least
# once per cell, step or point; the rest is the scheduling of a loaded machine.
LATENCY = 1.0
# When SIGINT is sent: well inside each call below, each of which runs for several seconds alone.
SEND_AFTER = 0.5

# Each call sized to run for seconds of CPU alone (measured on the 2-core development machine,
# whose other work stretches them to 5-10 times that in wall time).
CALLS = {
    # the contact model's quadrature (q at every vertex of the level-7 mesh, Newton, the search): 1.5 s
    "find_limits": "limitdir.find_limits(dict(json.load(open(P('ellipse-hertz.json'))),"
                   " contact={'shape': {'ellipse': [0.1, 1.0]}, 'pressure': 'hertz'}), mesh_level=7, method='global')",
    # continuation and the interval proofs of --enclose-events: 4.5 s
    "sweep": "limitdir.sweep(P('general.json'), start=0.05, stop=1.5, degree=8, enclose_events=True)",
    # 84 seeding lines swept on both cores: 5 s
    "bifurcation_map": "limitdir.bifurcation_map(P('general-hopf.json'), y='rho', y_range=(0.3, 0.9),"
                       " x_range=(0.3, 1.2), lines=40)",
    # 40000 directions, Newton on the exact model each: 4 s
    "classify": "limitdir.classify(P('disc-exact.json'), W(40000), force=0.3, max_angle=3.2)",
    "simulate": "limitdir.simulate(P('disc.json'), survey=20000)",  # 20000 trajectories: 5 s
    # 625 rolling spheres, 3.75e7 time steps in all
    "roll": "limitdir.roll(P('roll-fig2.json'), map=True, mu_grid=(0.01, 0.3, 25), mu_r_grid=(0.004, 0.032, 25))",
    "celt": "limitdir.celt(P('celt.json'), t_end=1000, every=0)",  # 10^6 steps in 14 s of the stone's time
    # 400 sweeps of the ball on two threads: 1.5 s
    "scan": "limitdir.scan(P('ball.json'), job='sweep-force', grid=['system.lambda=0.3:5:400'], jobs=2,"
            " **{'from': 0, 'to': 2})",
}

CHILD = r"""
import json, os, sys, time, warnings
warnings.simplefilter('ignore')
import numpy as np
import limitdir
P = lambda name: os.path.join(sys.argv[2], name)
def W(n):
    X = np.random.default_rng(3).normal(size=(n, 3))
    return X / np.linalg.norm(X, axis=1)[:, None]
before = limitdir.find_limits(P("disc.json"), force=0.5)
print("start", flush=True)
try:
    eval(sys.argv[1])
except KeyboardInterrupt:
    caught = time.monotonic()
    after = limitdir.find_limits(P("disc.json"), force=0.5)
    print(json.dumps({"caught": caught, "same": after == before}), flush=True)
    sys.exit(0)
print(json.dumps({"finished": time.monotonic()}), flush=True)
sys.exit(1)
"""


@pytest.mark.parametrize("name", sorted(CALLS))
def test_ctrl_c_raises_keyboardinterrupt_and_the_module_goes_on(name):
    child = subprocess.Popen([sys.executable, "-c", CHILD, CALLS[name], os.path.dirname(problem_path("disc.json"))],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "start\n"
    time.sleep(SEND_AFTER)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, (child.returncode, out, err[-2000:])  # no crash, KeyboardInterrupt caught
    result = json.loads(out)
    assert result["same"]
    assert result["caught"] - sent < LATENCY


def test_ctrl_c_during_a_trajectory_raises_keyboardinterrupt():
    points = []

    def on_point(point):
        points.append(point)
        if len(points) == 10:
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        limitdir.simulate(problem_path("ball.json"), on_point=on_point, force=0.3, x0=(1, 0.5, 0.2), every=1)
    assert 10 <= len(points) <= 11  # the job ended at the point after the signal
    full = []
    limitdir.simulate(problem_path("ball.json"), on_point=full.append, force=0.3, x0=(1, 0.5, 0.2), every=1)
    assert full[:10] == points[:10] and len(full) > 100
