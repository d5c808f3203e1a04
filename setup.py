"""`pip install .` (docs/python.md "pip install"): setuptools drives CMake.

The wheel holds what `cmake --install` installs of the module (components `python`: the extension
and its stubs limitdir.pyi) and of the library it loads (component `library`: liblimitdir.so.MAJOR,
the name the module asks the loader for), laid out as under an install prefix: the library in
the wheel's data scheme at lib/ (the venv's or prefix's lib/), the module in site-packages, whose
RPATH $ORIGIN/../../../lib (python/CMakeLists.txt) reaches that lib/.

LIMITDIR_CMAKE_BUILD_DIR=DIR takes the module and library already built in the CMake build tree DIR
(configured for the interpreter that runs pip) and only runs `cmake --install` from it; without it
the module is built in the CMake build tree build-pip/ (Release, for this interpreter; as deep as
build/, so that a compiler cache with a base directory reuses build/'s objects). Setuptools' own
files go to pip-wheel/ in that build tree, never into the source tree.
"""
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
BUILD_DIR_VARIABLE = "LIMITDIR_CMAKE_BUILD_DIR"
VERSION = re.search(r"project\(limitdir VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


def cmake_cache(build_dir, name):
    """The value of `name` in the CMakeCache.txt of build_dir (None when it has none)."""
    for line in (build_dir / "CMakeCache.txt").read_text().splitlines():
        key, _, value = line.partition("=")
        if key.split(":")[0] == name:
            return value
    return None


def existing_build():
    """The CMake build tree LIMITDIR_CMAKE_BUILD_DIR names, or None; an error that says why it
    cannot be used otherwise."""
    text = os.environ.get(BUILD_DIR_VARIABLE)
    if not text:
        return None
    build_dir = Path(text).resolve()
    if not (build_dir / "CMakeCache.txt").is_file():
        sys.exit(f"{BUILD_DIR_VARIABLE}={text}: not a CMake build directory (no CMakeCache.txt)")
    if cmake_cache(build_dir, "LIMITDIR_PYTHON") not in ("ON", "TRUE", "1"):
        sys.exit(f"{BUILD_DIR_VARIABLE}={text}: the build has no Python module (LIMITDIR_PYTHON is off)")
    return build_dir


BUILD_DIR = existing_build()
# setuptools' build/ and egg-info: in the CMake build tree, out of the source tree
WORK = (BUILD_DIR or ROOT / "build-pip") / "pip-wheel"
STAGING = WORK / "staging"
# the library's directory under the prefix: the module's RPATH names the same CMAKE_INSTALL_LIBDIR
LIBDIR = cmake_cache(BUILD_DIR, "CMAKE_INSTALL_LIBDIR") if BUILD_DIR else "lib"
LIBRARY = f"liblimitdir.so.{VERSION.split('.')[0]}"


class CMakeBuild(build_ext):
    """Builds the extension `limitdir` with CMake (unless BUILD_DIR is given), installs the
    components library and python into STAGING and copies the module and its stubs to build_lib."""

    def build_extension(self, ext):
        build_dir = BUILD_DIR or self.configure_and_build()
        if STAGING.exists():
            shutil.rmtree(STAGING)
        for component in ("library", "python"):
            subprocess.run(["cmake", "--install", str(build_dir), "--component", component, "--prefix", str(STAGING)],
                           check=True)
        site = STAGING / cmake_cache(build_dir, "LIMITDIR_PYTHON_INSTALL_DIR")
        module = site / ("limitdir" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not module.is_file():
            found = ", ".join(p.name for p in site.glob("limitdir*.so")) or "none"
            sys.exit(f"{build_dir}: no module for this interpreter ({module.name}; the build has {found}): "
                     f"configure it with -DPython3_EXECUTABLE={sys.executable}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(module, target)
        shutil.copyfile(site / "limitdir.pyi", target.parent / "limitdir.pyi")

    def configure_and_build(self):
        build_dir = ROOT / "build-pip"
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                        "-DLIMITDIR_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}",
                        f"-DCMAKE_INSTALL_LIBDIR={LIBDIR}"], check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "limitdir_python",
                        "-j", str(os.cpu_count() or 1)], check=True)
        return build_dir


WORK.mkdir(parents=True, exist_ok=True)
setup(
    version=VERSION,
    ext_modules=[Extension("limitdir", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    # install_data runs after build_ext has staged the library: it goes to PREFIX/LIBDIR
    data_files=[(LIBDIR, [str(STAGING / LIBDIR / LIBRARY)])],
    options={"build": {"build_base": str(WORK / "build")}, "egg_info": {"egg_base": str(WORK)}},
)
