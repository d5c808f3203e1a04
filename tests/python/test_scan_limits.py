"""limitdir.scan(jobs=K) where the system cannot create K threads (issue 34; docs/manual.md
section 14, --jobs K): the scan runs on fewer threads in the library, as the app does, and
returns the records of a one-thread scan; it once aborted the interpreter with SIGABRT
("terminate called without an active exception"). The interpreter runs under `ulimit -v`
4000000 KiB with 8 MiB stacks, so 1000 threads (8 GB of stacks) cannot all be created."""
import json
import os
import subprocess
import sys

import pytest

import limitdir
from conftest import problem_path

BOUNDED = 'ulimit -v 4000000 -s 8192 && exec "$@"'


def without_seconds(records):
    for r in records:
        r["summary"].pop("seconds")
    return sorted(records, key=lambda r: r["index"])


@pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", "") + os.environ.get("LIMITDIR_TEST_PYTHON_PRELOAD", ""),
                    reason="ASan's shadow memory exceeds any ulimit -v")
def test_scan_with_more_threads_than_the_system_creates():
    ball = problem_path("ball.json")
    code = ("import json, sys, limitdir; "
            "print(json.dumps(limitdir.scan(sys.argv[1], job='find-limits', force=0.3, grid='force=0.1:1:6', jobs=1000)))")
    done = subprocess.run(["bash", "-c", BOUNDED, "bounded", sys.executable, "-c", code, ball], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr[-500:]
    one = limitdir.scan(ball, job="find-limits", force=0.3, grid="force=0.1:1:6")
    assert without_seconds(json.loads(done.stdout)) == without_seconds(one)
