"""`pip install .` (docs/python.md "pip install"): pyproject.toml and setup.py, setuptools driving
CMake, install the module into a fresh virtual environment, from the build tree this test runs
in (LIMITDIR_CMAKE_BUILD_DIR: `cmake --install` of it, nothing compiled), without writing into the
source tree; the venv's Python imports the module from its site-packages with the library from
the venv's lib/ and computes a closed form; `pip uninstall` removes both."""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from conftest import BIN

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Property 5 [Kireenkov] of the thin ring {"ring": xi0} with rho = kappa = xi0: q = -(0, 0, 1) at
# pure spin and q = -w at pure sliding, each component a quotient of two computed integrals:
# two roundings of at most 2^-53 relative on values of magnitude 1, 4e-16.
RING_TOL = 4e-16

CHECK = f"""
import numpy as np, sys, sysconfig, importlib.metadata, limitdir
print(limitdir.__file__)
print([l.split()[-1] for l in open('/proc/self/maps') if 'liblimitdir' in l][0])
print(limitdir.__version__, importlib.metadata.version('limitdir'))
ring = limitdir.Problem.from_dict({{"system": {{"preset": "disc"}}, "contact": {{"pressure": {{"ring": 0.5}}}},
                                    "friction": {{"model": "exact"}}, "rho": "kappa"}})
model = limitdir.friction_model(ring)
spin = np.abs(model.q(np.array([0.0, 0.0, 1.0])) - [0.0, 0.0, -1.0]).max()
slip = np.abs(model.q(np.array([0.6, 0.8, 0.0])) + [0.6, 0.8, 0.0]).max()
print(spin <= {RING_TOL} and slip <= {RING_TOL}, spin, slip)
"""


def run(command, **kwargs):
    r = subprocess.run([str(c) for c in command], capture_output=True, text=True, **kwargs)
    assert r.returncode == 0, f"{command}: exit {r.returncode}\n{r.stdout}\n{r.stderr}"
    return r.stdout


def test_pip_install_into_a_fresh_venv(tmp_path):
    build = pathlib.Path(BIN).resolve().parent
    if not (build / "CMakeCache.txt").is_file():
        pytest.skip("LIMITDIR_BIN_DIR is not in a CMake build directory")
    venv = build / "python-venv"
    shutil.rmtree(venv, ignore_errors=True)
    # no PYTHONPATH (ctest's points at the build's module); pip offline, no cache outside the build
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(LIMITDIR_CMAKE_BUILD_DIR=str(build), PIP_NO_INDEX="1", PIP_NO_CACHE_DIR="1",
               PIP_DISABLE_PIP_VERSION_CHECK="1")
    built = sorted(build.glob("lib/liblimitdir.so.*")) + sorted(build.glob("python/limitdir.cpython-*.so"))
    stamps = [p.stat().st_mtime_ns for p in built]
    source_tree = sorted(os.listdir(ROOT))
    run([sys.executable, "-m", "venv", "--system-site-packages", venv], env=env)
    run([venv / "bin" / "pip", "install", "--no-build-isolation", ROOT], env=env, cwd=tmp_path)
    assert [p.stat().st_mtime_ns for p in built] == stamps  # nothing rebuilt
    assert sorted(os.listdir(ROOT)) == source_tree  # nothing written into the source tree

    out = run([venv / "bin" / "python", "-c", CHECK], env=env, cwd=tmp_path).split("\n")
    site = run([venv / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['platlib'])"],
               env=env, cwd=tmp_path).strip()
    assert pathlib.Path(out[0]).parent == pathlib.Path(site)
    assert pathlib.Path(out[1]).is_relative_to(venv)  # the venv's lib/ (CMAKE_INSTALL_LIBDIR), by the RPATH
    version, metadata_version = out[2].split()
    assert version == metadata_version
    assert out[3].startswith("True"), out[3]

    run([venv / "bin" / "pip", "uninstall", "--yes", "limitdir"], env=env, cwd=tmp_path)
    assert not list((venv / "lib").glob("liblimitdir*")) and not list(pathlib.Path(site).glob("limitdir*"))
