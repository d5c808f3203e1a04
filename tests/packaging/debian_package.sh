#!/usr/bin/env bash
# The Debian package of cpack -G DEB (cmake/Packaging.cmake, docs/python.md "Building"): built from
# the build directory BUILD into a temporary folder, its control data and contents listed with
# dpkg-deb -I / -c: the apps and the library in /usr, and, when the build has the Python module,
# the module in /usr/lib/python3/dist-packages with Depends on python3 of its version and
# python3-numpy; then the package is unpacked and Debian's python3 imports the module from it,
# which runs with the unpacked library (its RPATH), not the build tree's.
# Usage: debian_package.sh BUILD PYTHON (the interpreter the module was built for). Exit 77 (skip)
# when cpack or dpkg-deb is absent.
set -euo pipefail
build=$(cd "$1" && pwd)
python=$2
for tool in cpack dpkg-deb; do
  command -v $tool >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1 ||
  fail "cpack: $(tail -n 20 "$tmp/cpack.log")"
deb=$(ls "$tmp"/out/*.deb)
dpkg-deb -I "$deb" >"$tmp/info"
dpkg-deb -c "$deb" >"$tmp/contents"
sed -n 's/^ Depends: /Depends: /p' "$tmp/info"
for path in ./usr/bin/find-limits ./usr/bin/scan ./usr/share/limitdir/problems/disc.json; do
  grep -q " $path\$" "$tmp/contents" || fail "$path is not in the package"
done
grep -q " \./usr/lib/.*liblimitdir\.so\." "$tmp/contents" || fail "liblimitdir is not in the package"
echo "ok: the apps, the library and share/limitdir are in the package"

if ! grep -q '^LIMITDIR_PYTHON:BOOL=ON$' "$build/CMakeCache.txt"; then
  grep -q python3 "$tmp/info" && fail "a package without the module depends on python3"
  echo "ok: no Python module in this build, none in the package"
  exit 0
fi
version=$("$python" -c 'import sys; print(f"{sys.version_info.major}.{sys.version_info.minor}")')
next="${version%.*}.$((${version#*.} + 1))"
depends=$(sed -n 's/^ Depends: //p' "$tmp/info")
for want in "python3 (>= $version~)" "python3 (<< $next)" "python3-numpy"; do
  [[ ", $depends," == *", $want,"* ]] || fail "Depends lacks \"$want\": $depends"
done
echo "ok: Depends on python3 $version and python3-numpy"
grep -q ' \./usr/lib/python3/dist-packages/limitdir\.cpython-[0-9]*-.*\.so$' "$tmp/contents" ||
  fail "the module is not in /usr/lib/python3/dist-packages: $(grep -i python "$tmp/contents" || true)"
grep -q ' \./usr/lib/python3/dist-packages/limitdir\.pyi$' "$tmp/contents" || fail "limitdir.pyi is not packaged"
grep -q ' \./usr/lib/python3\.[0-9]*/' "$tmp/contents" && fail "the package holds a versioned python3.X folder"
echo "ok: the module and its stubs are in /usr/lib/python3/dist-packages"

dpkg-deb -x "$deb" "$tmp/root"
# a sanitizer build's module needs the sanitizer runtimes preloaded into python (tests/CMakeLists.txt)
sanitizer_env=()
[[ -n ${LIMITDIR_TEST_PYTHON_PRELOAD:-} ]] && sanitizer_env=(LD_PRELOAD="$LIMITDIR_TEST_PYTHON_PRELOAD" ASAN_OPTIONS=detect_leaks=0)
out=$(cd "$tmp" && env -u PYTHONPATH PYTHONPATH="$tmp/root/usr/lib/python3/dist-packages" "${sanitizer_env[@]}" "$python" -c '
import sys, limitdir
r = limitdir.find_limits(sys.argv[1], force=0.5)
print(limitdir.__file__)
print(len(r["limit_directions"]))
print([l.split()[-1] for l in open("/proc/self/maps") if "liblimitdir" in l][0])' "$tmp/root/usr/share/limitdir/problems/disc.json")
mapfile -t lines <<<"$out"
[[ ${lines[0]} == "$tmp/root/usr/lib/python3/dist-packages/"* ]] || fail "imported ${lines[0]}"
[[ ${lines[1]} -ge 1 ]] || fail "find_limits gave ${lines[1]} limit directions"
[[ ${lines[2]} == "$tmp/root/usr/lib/"* ]] || fail "the module ran with ${lines[2]}, not the packaged library"
echo "ok: the unpacked module imports and runs find_limits with the packaged library"
