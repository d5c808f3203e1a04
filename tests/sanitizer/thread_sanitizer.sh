#!/usr/bin/env bash
# The jobs of `scan --jobs K` run at once, and a pile on its threads (`pile --jobs K`, section 15),
# without data races (docs/manual.md section 14): builds
# a second tree with -DLIMITDIR_THREAD_SANITIZER=ON holding only limitdir_thread_tests (the library
# and tests/scan/test_scan_threads.cpp, every object compiled with -fsanitize=thread) and runs it;
# ThreadSanitizer stops it at the first race (halt_on_error=1: exit 66) with the two stacks.
# The compiler launcher of the main tree (ccache) is used when there is one.
# Usage: bash thread_sanitizer.sh SOURCE_DIR TSAN_BUILD_DIR [CXX_COMPILER_LAUNCHER]
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: bash $0 SOURCE_DIR TSAN_BUILD_DIR [CXX_COMPILER_LAUNCHER]" >&2
  exit 2
fi
src=$1 out=$2 launcher=${3:-}
# -O1: what ThreadSanitizer's documentation asks for ("-O1 or higher"); -O3's code generation made
# the library's compile ~30 % longer here (chart_flow.cpp: 8.4 s against 11.9 s), and the tree's
# compile is this test's cost (the run takes ~25 s).
# A unity build (16 sources a translation unit), as the main tree's (docs/architecture.md, "Build"):
# the headers are parsed once a batch, not once a source, which was most of this tree's compile
# time; CMAKE_UNITY_BUILD makes limitdir_thread_tests one too. -Wsubobject-linkage would warn of
# every class holding a type of a source's anonymous namespace, included here like a header.
config=(-DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" -DLIMITDIR_THREAD_SANITIZER=ON
        -DLIMITDIR_BUILD_BENCH=OFF -DLIMITDIR_PYTHON=OFF -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16
        -DCMAKE_CXX_FLAGS=-Wno-subobject-linkage)
[[ -n $launcher ]] && config+=("-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher")
start=$(date +%s)
mkdir -p "$out"
if ! cmake -S "$src" -B "$out" "${config[@]}" >"$out/configure.log" 2>&1; then
  echo "FAIL: configuring the ThreadSanitizer tree failed:"; tail -20 "$out/configure.log"; exit 1
fi
if ! cmake --build "$out" -j"$(nproc)" --target limitdir_thread_tests >"$out/build.log" 2>&1; then
  echo "FAIL: building limitdir_thread_tests with -fsanitize=thread (a unity build: a name at file scope defined in two sources?) failed:"
  grep -m 20 -E "error|Error" "$out/build.log"; exit 1
fi
built=$(date +%s)
echo "built limitdir_thread_tests with ThreadSanitizer in $((built - start)) s ($(nproc) cores)"
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
rc=0
"$out/tests/limitdir_thread_tests" || rc=$?
echo "ran in $(($(date +%s) - built)) s"
if [[ $rc -ne 0 ]]; then
  echo "FAIL: limitdir_thread_tests under ThreadSanitizer exited with $rc (66: a data race, reported above)"
  exit 1
fi
echo "no data race: every job run at once on several threads, and a pile on its threads, under ThreadSanitizer"
