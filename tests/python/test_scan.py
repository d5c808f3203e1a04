"""limitdir.scan (docs/python.md "Scans"): the scan app's records, merge and summary from Python,
equal to json.loads of the app's lines, every number to the last digit (float ==) but the
summary's "seconds", the wall time of each point's job."""
import json
import os
import subprocess

import pytest

import limitdir
from conftest import BIN, problem_path, in_keywords

# 12 points of the ball (tests/cli/scan.sh's grid, smaller); the job's options as the module
# passes them ("--name=VALUE"), for the scan's hash covers the job's options as typed
GRID = ["force=0.05:5:4", "system.lambda=0.3,0.5,5"]
SCAN_ARGS = ["--job", "find-limits", "--grid", GRID[0], "--grid", GRID[1], "--mesh-level=3"]


def scan_app(*args):
    r = subprocess.run([os.path.join(BIN, "scan"), problem_path("ball.json"), *args], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def records_of(text):
    return [json.loads(line) for line in text.splitlines() if line]


def without_seconds(records):
    for r in records:
        assert isinstance(r["summary"].pop("seconds"), float)
    return records


def test_records_equal_the_app():
    status, out, _ = scan_app(*SCAN_ARGS)
    assert status == 0
    app = records_of(out)
    records = limitdir.scan(problem_path("ball.json"), job="find-limits", grid=GRID, mesh_level=3)
    assert len(records) == 12 == len(app)
    assert without_seconds(records) == without_seconds(app)


def test_threads_and_full_reports():
    status, out, _ = scan_app(*SCAN_ARGS, "--jobs", "2", "--full")
    assert status == 0
    key = lambda r: r["index"]
    records = limitdir.scan(problem_path("ball.json"), job="find-limits", grid=GRID, mesh_level=3, jobs=2, full=True)
    assert sorted(without_seconds(records), key=key) == sorted(without_seconds(records_of(out)), key=key)
    assert records[0]["report"]["schema"] == "limitdir.limits/1"


def test_merge_and_summary_equal_the_app(tmp_path):
    parts = []
    for i in range(2):
        status, out, _ = scan_app(*SCAN_ARGS, "--shard", f"{i}/2")
        assert status == 0
        parts.append(tmp_path / f"part-{i}.jsonl")
        parts[-1].write_text(out)
    status, out, _ = scan_app("--grid", GRID[0], "--grid", GRID[1], "--merge", *map(str, parts))
    assert status == 0
    merged = limitdir.scan(problem_path("ball.json"), grid=GRID, merge=parts)
    assert merged == records_of(out)
    # a shard missing: the app's exit 3 with its message, the records it has
    status, out, stderr = scan_app("--grid", GRID[0], "--grid", GRID[1], "--merge", str(parts[0]))
    assert status == 3
    with pytest.warns(limitdir.IncompleteWarning) as warnings:
        assert limitdir.scan(problem_path("ball.json"), grid=GRID, merge=[parts[0]]) == records_of(out)
    assert [f"scan: error: {w.message}\n" for w in warnings] == [in_keywords(stderr)]
    status, out, _ = scan_app("--grid", GRID[0], "--grid", GRID[1], "--summary", str(parts[1]), "--x", "force",
                              "--y", "system.lambda")
    assert status == 0
    summary = limitdir.scan(problem_path("ball.json"), grid=GRID, summary=str(parts[1]), x="force", y="system.lambda")
    assert summary == json.loads(out)
    assert summary["schema"] == "limitdir.scan-summary/1"


def test_bad_scans_raise_the_apps_message():
    for args, options in [(["--job", "find-limits", "--grid", "force=1:0:0"], {"job": "find-limits", "grid": "force=1:0:0"}),
                          (["--job", "nope", "--grid", GRID[0]], {"job": "nope", "grid": GRID[0]}),
                          (["--job", "find-limits", "--grid", "nokey=0:1:3"], {"job": "find-limits", "grid": "nokey=0:1:3"})]:
        status, _, stderr = scan_app(*args)
        assert status == 2
        with pytest.raises(ValueError) as error:
            limitdir.scan(problem_path("ball.json"), **options)
        assert in_keywords(stderr) == f"scan: error: {error.value}\n"
