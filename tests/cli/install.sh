#!/usr/bin/env bash
# The installed tree (docs/manual.md section 5): `cmake --install` of this build into a temporary
# root holds every app, the library (found by the apps through their RPATH, not the build
# tree), the headers, the CMake package files, share/limitdir with the schemas and problems, and
# (when help2man was found) a man page per app; the installed find-limits runs on an installed
# problem file, valid against the installed schema, and its report is valid against the
# installed limits schema. The Debian package of `cpack -G DEB` holds the same files, and its
# find-limits runs from the unpacked package.
# Usage: bash install.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
build=$(cd "$bin/.." && pwd)
validate="$(dirname "$0")/validate_json.py"
# every app: each folder of apps/ but the shared code
mapfile -t apps < <(find "$share/../apps" -mindepth 1 -maxdepth 1 -type d ! -name common -printf '%f\n' | sort)
[[ ${#apps[@]} -ge 15 ]] || fail "found ${#apps[@]} apps under apps/, want at least 15"
version=$(sed -n 's/^project(limitdir VERSION \([0-9.]*\).*/\1/p' "$share/../CMakeLists.txt")
[[ -f $build/CMakeCache.txt ]] || { fail "$build is not a CMake build directory"; cli_finish "install"; }

root="$tmp/root"
if ! cmake --install "$build" --prefix "$root" >"$tmp/install.log" 2>&1; then
  fail "cmake --install failed: $(tail -c 600 "$tmp/install.log")"
  cli_finish "install"
fi
# The man pages are made when help2man was found at configure time.
man=no
grep -q "^LIMITDIR_HELP2MAN:FILEPATH=/" "$build/CMakeCache.txt" && man=yes
[[ $man == yes ]] || echo "note: help2man not found at configure time: no man pages to check"

# check_tree ROOT LIBDIR: the files of an installed tree.
check_tree() {
  local r=$1 lib=$2 name
  for name in "${apps[@]}"; do
    [[ -x $r/bin/$name ]] || fail "$r/bin/$name is not installed"
    if [[ $man == yes ]]; then
      grep -q "^\.TH \"\?${name^^}" "$r/share/man/man1/$name.1" 2>/dev/null || fail "$r/share/man/man1/$name.1: no man page"
    fi
  done
  for file in "$lib/liblimitdir.so.$version" include/limitdir/limitdir.hpp include/limitdir/limits/limits.hpp \
    include/limitdir/core/version.hpp include/limitdir/report/text_report.hpp "$lib/cmake/limitdir/limitdirConfig.cmake" \
    share/limitdir/schemas/problem.schema.json share/limitdir/schemas/limits.schema.json share/limitdir/problems/disc.json; do
    [[ -f $r/$file ]] || fail "$r/$file is not installed"
  done
}
check_tree "$root" lib
# The public headers take plain values: the command line's parser is the apps' (issue 35).
if grep -rlq "program_options" "$root/include/limitdir"; then
  fail "installed headers name Boost.Program_options: $(grep -rl program_options "$root/include/limitdir" | head -3)"
fi
echo "ok: cmake --install: apps, library, headers, CMake files, schemas, problems$([[ $man == yes ]] && echo ", man pages")"

# run_installed ROOT: the installed find-limits, with no library path of the build, on the
# installed disc.json (valid against the installed problem schema) at F = 1.2 (Case 1 of
# Sect. 7.4: two limit directions).
run_installed() {
  local r=$1 where=$2
  local schemas="$r/share/limitdir/schemas" out
  [[ $(env -u LD_LIBRARY_PATH "$r/bin/find-limits" --version) == "find-limits (limitdir) $version" ]] ||
    fail "$where: find-limits --version is not 'find-limits (limitdir) $version'"
  if ldd "$r/bin/find-limits" | grep -q "liblimitdir.*$r/"; then :; else
    fail "$where: find-limits does not load the installed library: $(ldd "$r/bin/find-limits" | grep limitdir)"
  fi
  out=$(python3 "$validate" "$schemas" problem.schema.json "$r/share/limitdir/problems/disc.json") ||
    fail "$where: the installed disc.json is not valid: $out"
  env -u LD_LIBRARY_PATH "$r/bin/find-limits" "$r/share/limitdir/problems/disc.json" --force 1.2 >"$tmp/limits.json" 2>"$tmp/stderr" ||
    fail "$where: find-limits disc.json --force 1.2 failed: $(head -c 300 "$tmp/stderr")"
  out=$(python3 "$validate" "$schemas" limits.schema.json "$tmp/limits.json") || fail "$where: the report is not valid: $out"
  python3 -c "import json, sys; sys.exit(len(json.load(open(sys.argv[1]))['limit_directions']) != 2)" "$tmp/limits.json" ||
    fail "$where: find-limits disc.json --force 1.2 does not find the two limit directions of Case 1"
  echo "ok: $where: find-limits --version and on the installed disc.json"
}
run_installed "$root" "cmake --install"

# A program of a user of the installed library: find_package(limitdir), the umbrella header
# <limitdir/limitdir.hpp>, one part's header by its path, and the library's answer on the
# installed disc.json at F = 1.2 (Case 1 of Sect. 7.4: two limit directions), found by the
# solver and by the job find-limits made from its options as values (jobs/find_limits_options.hpp),
# with no command-line parser linked (the consumer links limitdir::limitdir only).
mkdir -p "$tmp/consumer"
cat >"$tmp/consumer/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(consumer LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 17)
find_package(limitdir REQUIRED)
add_executable(consumer main.cpp)
target_link_libraries(consumer PRIVATE limitdir::limitdir)
CMAKE
cat >"$tmp/consumer/main.cpp" <<'CPP'
#include <iostream>
#include <limitdir/limitdir.hpp>
#include <limitdir/analysis/find_limits.hpp>
#include <limitdir/core/json_input.hpp>
#include <limitdir/jobs/find_limits_options.hpp>
int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const limitdir::System system = limitdir::make_system(limitdir::load_problem(argv[1]));
  const limitdir::LimitSet set = limitdir::find_limit_directions(system, 1.2);
  limitdir::FindLimitsOptions options;
  options.problem.force = 1.2;
  const nlohmann::json document = limitdir::parse_json_input(limitdir::read_input(argv[1]), argv[1]);
  const limitdir::JobResult job = limitdir::run_job(limitdir::make_job(options), document);
  std::cout << set.directions.size() << " " << limitdir::to_string(set.certificate.level) << " job "
            << job.status << " " << job.report.at("limit_directions").size() << "\n";
  return 0;
}
CPP
if cmake -S "$tmp/consumer" -B "$tmp/consumer/build" -DCMAKE_PREFIX_PATH="$root" -DCMAKE_BUILD_TYPE=Release \
     -DCMAKE_BUILD_RPATH="$root/lib" >"$tmp/consumer.log" 2>&1 &&
   cmake --build "$tmp/consumer/build" >>"$tmp/consumer.log" 2>&1; then
  got=$(env -u LD_LIBRARY_PATH "$tmp/consumer/build/consumer" "$root/share/limitdir/problems/disc.json" 2>&1) ||
    fail "the consumer program failed: $got"
  [[ ${got%% *} == 2 && $got == *" job 0 2" ]] ||
    fail "the consumer program finds '$got' at F = 1.2, not the two limit directions of Case 1 (solver, then job)"
  echo "ok: find_package(limitdir) and <limitdir/limitdir.hpp> build a program that finds $got"
else
  fail "a program with find_package(limitdir) and <limitdir/limitdir.hpp> did not build: $(tail -c 800 "$tmp/consumer.log")"
fi

# The Debian package (cpack -G DEB, ~4 s): the same tree under /usr.
if command -v cpack >/dev/null && command -v dpkg-deb >/dev/null; then
  if (cd "$build" && cpack -G DEB -B "$tmp/package") >"$tmp/cpack.log" 2>&1; then
    deb=("$tmp"/package/limitdir_"$version"_*.deb)
    if [[ -f ${deb[0]} ]] && dpkg-deb -x "${deb[0]}" "$tmp/unpacked"; then
      check_tree "$tmp/unpacked/usr" lib
      run_installed "$tmp/unpacked/usr" "cpack -G DEB"
      dpkg-deb -f "${deb[0]}" Depends | grep -q "libflint-arb" || fail "the package does not depend on Arb"
    else
      fail "cpack -G DEB wrote no limitdir_${version}_*.deb: $(tail -c 400 "$tmp/cpack.log")"
    fi
  else
    fail "cpack -G DEB failed: $(tail -c 600 "$tmp/cpack.log")"
  fi
else
  echo "note: cpack or dpkg-deb missing: the Debian package is not checked"
fi

cli_finish "install"
