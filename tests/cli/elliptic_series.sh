#!/usr/bin/env bash
# elliptic-series prints the errors of the nome series (64)-(65) [Kudra & Awrejcewicz 2013] (App. C,
# Fig. 13) against Boost.Math's K and E (docs/manual.md section 7); plot draws them. Checked against
# values obtained independently of the app:
#  * its reference K, E against mpmath's ellipk(m), ellipe(m), m = e^2 = 1 - b^2 (another library);
#  * at b = 1 (the circle, q = 0) the closed form K = E = pi/2 and every error 0;
#  * the lowest order (1, 1, 1), K + K_error and E + E_error, against (64)-(65) written out in
#    mpmath: q = epsilon, K_{1,1} = (pi/2)(1 + 2 q)^2, E = (1 + b^2)/3 K + pi^2/K (1/12 - 2 q^2/(1 - q^2)^2);
#  * a converged order (10, 40, 200) reproduces mpmath's K and E (its errors are rounding);
#  * the CSV table holds the JSON's numbers; bad input is one line and exit 2.
# Usage: bash elliptic_series.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup elliptic-series "$@"
require_tools elliptic-series xmllint rsvg-convert

# Tolerances. K, E <= 4 for b >= 0.01, each library within a few ulps: 1e-14 relative covers
# both. The series at (1, 1, 1) has 3 roundings of q and a cancellation of at most 10x in E's
# bracket (App. C at b = 0.01): 1e-13. The converged order's rounding: 64 eps of K, E (the
# doctest "(64)-(65): K_{n_q,n_K} -> K ..." derives it) against mpmath's exact values: 1.5e-14.
export REPORT_PRELUDE='
import mpmath
mpmath.mp.dps = 30
TOL_REF = 1e-14
TOL_SERIES = 1e-13
TOL_CONVERGED = 1.5e-14
def ke(b):
    m = 1 - mpmath.mpf(b) ** 2
    return float(mpmath.ellipk(m)), float(mpmath.ellipe(m))
def ke_111(b):
    b = mpmath.mpf(b)
    q = (1 - mpmath.sqrt(b)) / (2 * (1 + mpmath.sqrt(b)))
    K = mpmath.pi / 2 * (1 + 2 * q) ** 2
    E = (1 + b ** 2) / 3 * K + mpmath.pi ** 2 / K * (mpmath.mpf(1) / 12 - 2 * q ** 2 / (1 - q ** 2) ** 2)
    return float(K), float(E)
def close(x, y, tol):
    return abs(x - y) <= tol * abs(y)
'

expect_report elliptic-series.schema.json '(
len(r["rows"]) == 12 and [o["n_q"] for o in r["orders"]] == [1, 2, 5]
and all(close(w["K"], ke(w["b"])[0], TOL_REF) and close(w["E"], ke(w["b"])[1], TOL_REF) for w in r["rows"])
and r["rows"][-1]["b"] == 1 and r["rows"][-1]["K"] == r["rows"][-1]["E"] == math.pi / 2
and all(e == 0 for e in r["rows"][-1]["K_error"] + r["rows"][-1]["E_error"])
and all(close(w["K"] + w["K_error"][0], ke_111(w["b"])[0], TOL_SERIES)
        and close(w["E"] + w["E_error"][0], ke_111(w["b"])[1], TOL_SERIES) for w in r["rows"]))
' --b 0.01:1 --points 12
expect_report elliptic-series.schema.json '(
all(close(w["K"] + w["K_error"][0], ke(w["b"])[0], TOL_CONVERGED)
    and close(w["E"] + w["E_error"][0], ke(w["b"])[1], TOL_CONVERGED) for w in r["rows"]))
' --b 0.2:1 --points 9 --order 10,40,200

# the CSV table: a header with units, one row per b, the JSON's numbers
run --b 0.1:0.9 --points 5 --format csv
head -1 "$tmp/stdout" | grep -qF 'b [1],K [1],E [1],K_error[0] [1],K_error[1] [1],K_error[2] [1],E_error[0] [1]' ||
  fail "csv header: $(head -1 "$tmp/stdout")"
[[ $(wc -l <"$tmp/stdout") -eq 6 ]] || fail "csv: $(wc -l <"$tmp/stdout") lines (want 6)"
cp "$tmp/stdout" "$tmp/table.csv"
"$app" --b 0.1:0.9 --points 5 >"$tmp/series.json"
python3 - "$tmp/table.csv" "$tmp/series.json" <<'PY' || fail "csv: not the JSON's numbers"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1])))[1:]
r = json.load(open(sys.argv[2]))["rows"]
assert all(float(a[0]) == w["b"] and float(a[1]) == w["K"] and float(a[3]) == w["K_error"][0] for a, w in zip(rows, r))
PY
run --points 3 --b 0.5:1 --format text
[[ $rc -eq 0 && $(wc -l <"$tmp/stdout") -eq 5 ]] || fail "text: exit $rc, $(wc -l <"$tmp/stdout") lines (want 5)"

# plot: two panels (K, E) on a log axis, one curve per order
"$app" >"$tmp/fig13.json"
app="$bin/plot" run "$tmp/fig13.json"
what=$(rendered fig13 800 500)
[[ -z $what ]] || fail "plot elliptic-series:$what"
grep -c 'data-y-scale="log"' "$tmp/fig13.svg" | grep -qx 2 || fail "plot: not two log axes"
for o in "(1, 1, 1)" "(2, 2, 2)" "(5, 4, 8)"; do
  grep -qF ") = $o" "$tmp/fig13.svg" || fail "plot: no legend entry $o"  # (n_q ... typeset with subscripts)
done
# the zero errors (b = 1, where the series is exact, and some at rounding) are left off the log
# axis and counted in the line under the title
zeros=$(python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["rows"]
print(sum(e == 0 for w in r for e in w["K_error"] + w["E_error"]))' "$tmp/fig13.json")
grep -qF "; $zeros zero errors not drawn" "$tmp/fig13.svg" || fail "plot: the caption does not count the $zeros zero errors"

# a report plot cannot draw: no orders, or fewer errors than orders
jq -c '.orders = [] | .rows |= map(.K_error = [] | .E_error = [])' "$tmp/fig13.json" >"$tmp/no-orders.json"
jq -c '.rows[3].K_error |= .[:2]' "$tmp/fig13.json" >"$tmp/short.json"
for bad in no-orders:"orders: empty" short:"3 orders"; do
  app="$bin/plot" expect_bad "${bad#*:}" "$tmp/${bad%%:*}.json"
done

# bad input: one line, exit 2
expect_bad "--b" --b 0:1
expect_bad "--b" --b 0.5:1.5
expect_bad "--b" --b 1:0.5
expect_bad "--b" --b x
expect_bad "--points" --points 1
expect_bad "--points" --points 2.5
expect_bad "--order NQ" --order 11,1,1
expect_bad "--order NK" --order 1,0,1
expect_bad "--order" --order 1,1
expect_bad "--order" --order 1,1,1,1
expect_bad "--format" --format xml
expect_bad "unrecognised" --bogus
# the shared contract (tests/cli/exit_codes.sh): --version, and exit 4 when the output cannot be written
version=$(sed -n 's/^project(limitdir VERSION \([0-9.]*\).*/\1/p' "$share/../CMakeLists.txt")
run --version
[[ $rc -eq 0 && $(cat "$tmp/stdout") == "elliptic-series (limitdir) $version" ]] || fail "--version: $(cat "$tmp/stdout")"
rc=0
"$app" >/dev/full 2>"$tmp/stderr" || rc=$?
[[ $rc -eq 4 && $(wc -l <"$tmp/stderr") -eq 1 ]] || fail "output to /dev/full: exit $rc (want 4), $(head -c 200 "$tmp/stderr")"
cli_finish elliptic-series
