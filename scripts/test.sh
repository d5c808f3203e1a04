#!/usr/bin/env bash
# README command (b): install the dependencies, build limitdir in build/, and run the whole
# test suite with ctest. .ci/run calls this and nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
