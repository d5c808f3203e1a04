"""cmake --install puts the module into PREFIX/lib/python3.X/dist-packages (docs/python.md
"Building"), where Debian's python3 imports it with the installed library (through its RPATH,
not the build tree's)."""
import os
import subprocess
import sys

import pytest

from conftest import BIN, problem_path


def test_installed_module_imports_and_runs(tmp_path):
    build = os.path.dirname(os.path.abspath(BIN))
    if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
        pytest.skip("LIMITDIR_BIN_DIR is not in a CMake build directory")
    subprocess.run(["cmake", "--install", build, "--prefix", str(tmp_path)], check=True, capture_output=True)
    site = tmp_path / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "dist-packages"
    assert (site / "limitdir.pyi").is_file()
    code = ("import limitdir, sys; r = limitdir.find_limits(sys.argv[1], force=0.5); "
            "print(limitdir.__file__); print(len(r['limit_directions'])); "
            "print([l.split()[-1] for l in open('/proc/self/maps') if 'liblimitdir' in l][0])")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run([sys.executable, "-c", code, problem_path("disc.json")], check=True, capture_output=True,
                         text=True, env=env).stdout.split("\n")
    assert out[0].startswith(str(site))
    assert int(out[1]) >= 1
    assert out[2].startswith(str(tmp_path))
