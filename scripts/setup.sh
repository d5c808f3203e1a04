#!/usr/bin/env bash
# README command (a): install the dependencies, build limitdir in build/, and run the main job
# on a bundled problem.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
build/bin/find-limits share/problems/disc.json --force 0.3
