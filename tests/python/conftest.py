"""Shared fixtures of the Python module's tests (docs/python.md): the apps of the build
(LIMITDIR_BIN_DIR) and the bundled problems (LIMITDIR_SHARE_DIR), which ctest sets, with
PYTHONPATH pointing at the built module."""
import json
import os
import re
import subprocess

import pytest

BIN = os.environ.get("LIMITDIR_BIN_DIR", "build/bin")
PROBLEMS = os.path.join(os.environ.get("LIMITDIR_SHARE_DIR", "share"), "problems")


def problem_path(name):
    return os.path.join(PROBLEMS, name)


def run_app(app, problem, *args):
    """The app's exit code, its output as JSON documents (one per line for a trajectory, else
    one) and its stderr."""
    r = subprocess.run([os.path.join(BIN, app), problem_path(problem), *args], capture_output=True, text=True)
    out = r.stdout.strip()
    if not out:
        docs = []
    elif out.startswith("{\n"):
        docs = [json.loads(out)]
    else:
        docs = [json.loads(line) for line in out.splitlines()]
    return r.returncode, docs, r.stderr


def in_keywords(message, renames=None):
    """An app's message as the module words it (docs/python.md): each option "--name-x" (at the
    start, after a space, a quote or a bracket) as its keyword name_x, or its rename (sweep's
    from -> start, to -> stop); an error's closing "; see --help" left out."""
    renames = renames or {}
    message = re.sub(r"; see --help(?=\n?$)", "", message)

    def keyword(match):
        return match.group(1) + renames.get(match.group(2), match.group(2)).replace("-", "_")
    return re.sub(r"(^|(?<=[ '\"(]))--([a-z][A-Za-z0-9-]*)", keyword, message)


@pytest.fixture
def app():
    return run_app
