"""Ctrl-C during a job (docs/python.md "Interrupts"): the job ends, KeyboardInterrupt is raised,
nothing of the job remains and the module goes on working."""
import os
import signal

import pytest

import limitdir
from conftest import problem_path


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
