#!/usr/bin/env bash
# Installs exactly what limitdir needs from Debian 12 packages. Idempotent: does nothing when
# everything is already installed. Run as root (or through sudo).
# Usage: bash scripts/install-deps.sh [--bench]   (--bench adds the bench-only packages below)
set -euo pipefail
packages=(
  g++ make cmake            # toolchain
  libeigen3-dev             # Eigen3::Eigen
  libboost-dev              # Boost headers: Boost.Math (elliptic integrals, quadrature, Beta), Boost.Interval (proofs)
  libboost-program-options-dev  # Boost::program_options
  libfmt-dev                # fmt::fmt
  libflint-arb-dev          # Arb ball arithmetic: rigorous elliptic integrals K, E for the exact model's proofs
  libceres-dev              # Ceres Solver: nonlinear least squares of `fit` (lib/src/fit/least_squares.cpp): bounds, robust losses, Levenberg-Marquardt
  nlohmann-json3-dev        # nlohmann_json::nlohmann_json
  doctest-dev               # doctest::doctest (tests)
  libbenchmark-dev          # benchmark::benchmark (bench/)
  python3                   # JSON checks in the command-line tests
  python3-jsonschema        # JSON Schema validation of the apps' output (tests/cli/schemas.sh)
  python3-mpmath            # tests only: another library's elliptic integrals, roots and quadratures, the independent values of tests/cli/ and tests/reference/
  libsiconos-numerics-dev   # test-only oracle: Siconos' rolling friction cone projection and solver (tests/, bench/)
  librsvg2-dev              # plot --output FILE.pdf|.png: librsvg renders the SVG in-process (lib/src/plot/render.cpp), a well-kept renderer instead of a PDF writer of our own
  libcairo2-dev             # the cairo PDF and image surfaces librsvg draws onto for plot --output (lib/src/plot/render.cpp)
  libxml2-utils             # tests only: xmllint checks that plot's SVG figures are well-formed XML (tests/cli/plot.sh)
  jq                        # tests only: tests/cli/command_line.sh edits problem files with it (the --set oracle); docs/papers.md commands too
  help2man                  # man pages of the apps from their --help at build time (cmake/ManPages.cmake; skipped without it)
  librsvg2-bin              # tests only: rsvg-convert renders plot's SVG figures to PNG for pixel checks (tests/cli/plot.sh)
  poppler-utils             # tests only: pdffonts checks that plot --output FILE.pdf embeds every font (tests/cli/plot_style.sh)
  universal-ctags           # tests only: measures every function and class body (tests/layout/check_body_length.sh) and lists the names each source keeps to itself (check_unity_names.py)
  auto-07p                  # test-only oracle: AUTO-07p, the peer program for codimension-2 continuation (issue 20): its fold curve against bifurcation-map's (tests/cli/auto_oracle.sh)
  gfortran                  # tests only: AUTO-07p compiles the equations tests/auto/fold.f90 with it (auto-07p does not depend on it)
  parallel                  # tests only: GNU parallel, the engine that runs scan's shards on one or several machines (issue 22; tests/cli/scan_parallel.sh, bench/scan_atlas.sh)
  slurmctld                 # tests only: Slurm's controller of the one-node cluster that runs scan's shards as an array job (issue 22; tests/cli/slurm_cluster.bash)
  slurmd                    # tests only: Slurm's node daemon of that one-node cluster (issue 22; tests/cli/slurm_cluster.bash)
  slurm-client              # tests only: sbatch, squeue, scontrol, sinfo, scancel for the array job of scan's shards (issue 22; tests/cli/scan_slurm.sh)
  munge                     # tests only: the authentication daemon Slurm's daemons and clients need (issue 22; tests/cli/slurm_cluster.bash)
  pybind11-dev              # the Python module (python/, docs/python.md): pybind11's headers and CMake config
  python3-dev               # the Python module: Python.h of Debian's python3 (CMake's Development.Module)
  python3-numpy             # the Python module takes and returns numpy arrays (CMake's NumPy component)
  python3-pytest            # tests only: tests/python/ (pytest under Debian's python3, run by ctest)
  python3-setuptools        # `pip install .`: the build backend of pyproject.toml, setup.py driving CMake (docs/python.md "pip install")
  python3-wheel             # `pip install .`: setuptools' bdist_wheel, seen from a venv with --system-site-packages
  python3-venv              # `pip install .` into a virtual environment (venv, ensurepip's pip; tests/python/test_pip_install.py)
  jupyter-nbconvert         # tests only: runs the example notebook docs/examples/ball-map.ipynb (tests/python/test_notebook.py)
  python3-ipykernel         # tests only: the notebook's Python kernel, Debian's python3 with the built module (tests/python/test_notebook.py)
  python3-numpydoc          # tests only: parses the module's numpydoc docstrings (tests/python/test_docstrings.py)
  mypy                      # tests only: type-checks calls against the module's stubs python/limitdir.pyi (tests/python/test_docstrings.py)
)
# Bench-only, not installed by default (nothing is built or tested with them): --bench adds them.
bench_packages=(
  python3-siconos           # bench/pile_siconos.py: Siconos 4.4 runs issue 36's spheres pile, the peer of `pile` in the side-by-side timing
  python3-h5py              # bench/pile_siconos.py: Siconos' mechanics runner keeps its scene in an HDF5 file (a temporary one)
  python3-scipy             # bench/pile_siconos.py: siconos.io.mechanics_run imports scipy.constants; python3-siconos does not depend on it
)
case "${1-}" in
  "") ;;
  --bench) packages+=("${bench_packages[@]}") ;;
  *) echo "usage: bash scripts/install-deps.sh [--bench]" >&2; exit 2 ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}; run as root (sudo bash scripts/install-deps.sh)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
