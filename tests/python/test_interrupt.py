"""Ctrl-C during every long call (docs/python.md "Interrupts"): the call ends with KeyboardInterrupt,
the process does not crash, nothing of the call remains and the module goes on working (the same
result as before the interrupt).

No outcome depends on the machine's speed: the child repeats the call until a SIGINT ends one of
them from the inside, so that a fast machine, which finishes a call before the signal, only runs
it again; a profile hook (sys.setprofile) sees whether the KeyboardInterrupt came out of the call
(its "c_exception" event) or between two calls, and in the second case the test sends the signal
again. The only clock is a hang guard."""
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import limitdir
from conftest import problem_path

# A hang guard only (the child is killed after it and the test fails): an interrupted call ends
# within 0.000-0.072 s of the signal on the loaded 2-core machine (docs/python.md), so this is
# three orders of magnitude above any load seen.
HANG_GUARD = 120.0
# When each SIGINT is sent after the child's line: by then a call is usually well under way (not
# needed: a signal that comes between two calls is sent again, so this only saves repetitions).
SEND_AFTER = 0.5

# Each call: the function of the module and the text of its (args, kwargs), sized to run for
# seconds alone (measured on the 2-core development machine); a faster machine repeats it.
CALLS = {
    # the contact model's quadrature (q at every vertex of the level-7 mesh, Newton, the search): 1.5 s
    "find_limits": "(dict(json.load(open(P('ellipse-hertz.json'))), contact={'shape': {'ellipse': [0.1, 1.0]},"
                   " 'pressure': 'hertz'}),), dict(mesh_level=7, method='global')",
    # continuation and the interval proofs of --enclose-events: 4.5 s
    "sweep": "(P('general.json'),), dict(start=0.05, stop=1.5, degree=8, enclose_events=True)",
    # 84 seeding lines swept on both cores: 5 s
    "bifurcation_map": "(P('general-hopf.json'),), dict(y='rho', y_range=(0.3, 0.9), x_range=(0.3, 1.2), lines=40)",
    # 40000 directions, Newton on the exact model each: 4 s
    "classify": "(P('disc-exact.json'), W(40000)), dict(force=0.3, max_angle=3.2)",
    "simulate": "(P('disc.json'),), dict(survey=20000)",  # 20000 trajectories: 5 s
    # 625 rolling spheres, 3.75e7 time steps in all
    "roll": "(P('roll-fig2.json'),), dict(map=True, mu_grid=(0.01, 0.3, 25), mu_r_grid=(0.004, 0.032, 25))",
    "celt": "(P('celt.json'),), dict(t_end=1000, every=0)",  # 10^6 steps in 14 s of the stone's time
    "pile": "(P('pile.json'),), dict(every=0)",  # the paper's 250 spheres over 2e4 steps: ~46 s
    # 400 sweeps of the ball on two threads: 1.5 s
    "scan": "(P('ball.json'),), dict(job='sweep-force', grid=['system.lambda=0.3:5:400'], jobs=2, **{'from': 0, 'to': 2})",
}

# argv: the function's name, the text of its (args, kwargs), the directory of the problems. Prints
# "start" when the calls begin, "missed" for a KeyboardInterrupt that came between two calls (the
# calls go on), and at the end the JSON {"caught", "calls", "same"}.
CHILD = r"""
import json, os, sys, time, warnings
warnings.simplefilter('ignore')
import numpy as np
import limitdir
P = lambda name: os.path.join(sys.argv[3], name)
def W(n):
    X = np.random.default_rng(3).normal(size=(n, 3))
    return X / np.linalg.norm(X, axis=1)[:, None]
call = getattr(limitdir, sys.argv[1])
args, kwargs = eval(sys.argv[2])
ends = []  # how each call left: "c_return" or "c_exception" (the profile hook's events)
def watch(frame, event, arg):
    if arg is call and event != "c_call":
        ends.append(event)
before = limitdir.find_limits(P("disc.json"), force=0.5)
line, calls = "start", 0  # each line is printed inside the try, so that a signal after it is caught
while True:
    try:
        while True:  # the loop's jump back, where Python also raises a KeyboardInterrupt, is in the try
            ends.clear()
            if line:
                print(line, flush=True)
                line = None
            sys.setprofile(watch)
            calls += 1
            call(*args, **kwargs)  # done before the signal (a fast machine): again
            sys.setprofile(None)
    except KeyboardInterrupt:
        sys.setprofile(None)
        if ends == ["c_exception"]:
            break
        line = "missed"
caught = time.monotonic()
after = limitdir.find_limits(P("disc.json"), force=0.5)
print(json.dumps({"caught": caught, "calls": calls, "same": after == before}), flush=True)
"""


@pytest.mark.parametrize("name", sorted(CALLS))
def test_ctrl_c_raises_keyboardinterrupt_and_the_module_goes_on(name):
    child = subprocess.Popen([sys.executable, "-c", CHILD, name, CALLS[name], os.path.dirname(problem_path("disc.json"))],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    guard = threading.Timer(HANG_GUARD, child.kill)
    guard.start()
    try:
        line, signals = child.stdout.readline(), 0  # "start" when the calls begin
        while line in ("start\n", "missed\n"):  # "missed": the signal came between two calls
            time.sleep(SEND_AFTER)
            signals += 1
            sent = time.monotonic()
            child.send_signal(signal.SIGINT)
            line = child.stdout.readline()
        out, err = child.communicate()
    finally:
        guard.cancel()
        if child.poll() is None:  # an exception above: the child's calls would go on for ever
            child.kill()
            child.communicate()
    assert child.returncode == 0, (child.returncode, line + out, err[-2000:])  # no crash, KeyboardInterrupt caught
    result = json.loads(line)
    assert result["same"]
    print(f"{name}: KeyboardInterrupt {result['caught'] - sent:.3f} s after SIGINT {signals}, in call {result['calls']}")


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
