#!/usr/bin/env bash
# Command-line contract of friction-model (docs/manual.md section 5): a valid problem exits 0 and
# prints one JSON object of schema "limitdir.friction/1" with the documented keys; --help and
# --version exit 0. Usage: bash friction_model.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup friction-model "$@"

# run_ok ARGS...: runs friction-model, requires exit 0 and an empty stderr; stdout in $tmp/stdout.
run_ok() {
  local rc=0
  "$app" "$@" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "friction-model $* exited with $rc: $(head -c 400 "$tmp/stderr")"
    return 1
  fi
  if [[ -s $tmp/stderr ]]; then
    fail "friction-model $* wrote to stderr: $(head -c 400 "$tmp/stderr")"
    return 1
  fi
  return 0
}

# check_report SAMPLES [HARMONIC_DEGREE]: validates $tmp/stdout as a friction report.
check_report() {
  python3 - "$tmp/stdout" "$1" "${2:-}" <<'PY'
import json, math, sys
path, samples, degree = sys.argv[1], int(sys.argv[2]), sys.argv[3]
problems = []
try:
    with open(path) as f:
        report = json.load(f)
except ValueError as e:
    print(f"output is not JSON: {e}")
    sys.exit(1)
if not isinstance(report, dict):
    print("output is not a JSON object")
    sys.exit(1)
if report.get("schema") != "limitdir.friction/1":
    problems.append(f"schema is {report.get('schema')!r}")
for key in ("kappa", "rho", "coefficients", "table", "max_error"):
    if key not in report:
        problems.append(f"missing key {key}")
for key in ("kappa", "rho"):
    value = report.get(key)
    if not isinstance(value, (int, float)) or not value > 0:
        problems.append(f"{key} is {value!r}")
table = report.get("table", [])
if len(table) != samples:
    problems.append(f"table has {len(table)} rows, want {samples}")
for i, row in enumerate(table):
    for key in ("theta", "epsilon", "Q", "T", "Q_exact", "T_exact"):
        if key not in row:
            problems.append(f"table[{i}] lacks {key}")
    for key in ("theta", "Q", "T", "Q_exact", "T_exact"):
        if not isinstance(row.get(key), (int, float)):
            problems.append(f"table[{i}].{key} is {row.get(key)!r}")
if table:
    if table[0].get("theta") != 0 or table[0].get("epsilon") is not None:
        problems.append("first row is not the equator theta = 0 with epsilon null (+infinity)")
    if not math.isclose(table[-1].get("theta", 0), math.pi / 2):
        problems.append("last row is not theta = pi/2")
max_error = report.get("max_error", {})
for key in ("Q", "T"):
    if not isinstance(max_error.get(key), (int, float)) or max_error[key] < 0:
        problems.append(f"max_error.{key} is {max_error.get(key)!r}")
if degree:
    coefficients = report.get("coefficients", {})
    for key in ("c", "s", "C", "S"):
        if len(coefficients.get(key, [])) != int(degree):
            problems.append(f"coefficients.{key} does not have {degree} entries")
if problems:
    print("; ".join(problems))
    sys.exit(1)
PY
}

if run_ok "$share/problems/disc.json" --samples 11; then
  check_report 11 2 || fail "disc.json --samples 11: report check failed"
fi
if run_ok "$share/problems/disc.json"; then
  check_report 91 2 || fail "disc.json (default --samples 91): report check failed"
fi
if run_ok "$share/problems/disc.json" --degree 4 --samples 5; then
  check_report 5 4 || fail "disc.json --degree 4: report check failed"
fi
if run_ok - --samples 3 <"$share/problems/disc.json"; then
  check_report 3 2 || fail "disc.json on stdin: report check failed"
fi
if run_ok "$share/problems/disc-exact.json" --model harmonic --degree 3 --pressure hertz --rho R --samples 4; then
  check_report 4 3 || fail "overrides: report check failed"
fi
# check_grid_report NTHETA NPHI: validates $tmp/stdout as a (theta, phi) grid report (docs/manual.md
# section 6) and checks what the mechanics fixes for a centrally symmetric pressure, independently
# of the model's quadrature: pure sliding (theta = 0) gives Coulomb's q = -(cos phi, sin phi, 0)
# ((11) [Kudra & Awrejcewicz 2013]), pure spin q = -(0, 0, kappa/rho) sgn w3 (kappa the moment arm).
check_grid_report() {
  python3 - "$tmp/stdout" "$1" "$2" <<'PY'
import json, math, sys
path, nt, nphi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
r = json.load(open(path))
problems = []
if r.get("layout") != "grid":
    problems.append(f"layout is {r.get('layout')!r}")
table = r.get("table", [])
if len(table) != 2 + (nt - 2) * nphi:
    problems.append(f"table has {len(table)} rows, want {2 + (nt - 2) * nphi}")
near = lambda a, b, tol: all(abs(x - y) <= tol for x, y in zip(a, b))
kr = r["kappa"] / r["rho"]
for i, row in enumerate(table):
    th, ph, w, q = row["theta"], row["phi"], row["w"], row["q"]
    if not near(w, [math.cos(th) * math.cos(ph), math.cos(th) * math.sin(ph), math.sin(th)], 1e-15):
        problems.append(f"table[{i}]: w is not (theta, phi)")
    if abs(th) < 1e-15 and not near(q, [-math.cos(ph), -math.sin(ph), 0.0], 1e-12):
        problems.append(f"table[{i}]: pure sliding q = {q}")
    if abs(abs(th) - math.pi / 2) < 1e-15 and not near(q, [0.0, 0.0, -kr * math.copysign(1, th)], 1e-12):
        problems.append(f"table[{i}]: pure spin q = {q} (want q3 = -kappa/rho = {-kr})")
for k in ("q1", "q2", "q3"):
    e = r.get("max_error", {}).get(k, {})
    if not (isinstance(e.get("value"), (int, float)) and e["value"] >= 0):
        problems.append(f"max_error.{k} is {e!r}")
if problems:
    print("; ".join(problems[:10]))
    sys.exit(1)
PY
}

for problem in "$share"/problems/*.json; do
  [[ $(basename "$problem") == roll-* ]] && continue  # limitdir.roll/1 files, for the roll app
  [[ $(basename "$problem") == celt* ]] && continue  # limitdir.celt/1 files, for the celt app
  [[ $(basename "$problem") == pile* ]] && continue  # limitdir.pile/1 files, for the pile app
  if grep -qE '"(ellipse|shift|distortion)"' "$problem"; then
    if run_ok "$problem" --grid 5,8; then
      check_grid_report 5 8 || fail "$(basename "$problem") --grid 5,8: report check failed"
    fi
  elif run_ok "$problem" --samples 5; then
    check_report 5 || fail "$(basename "$problem"): report check failed"
  fi
done
# the contact models of docs/manual.md section 7 on the ellipse: each takes the end values (11)
# [Kudra & Awrejcewicz 2013] of the exact model at pure sliding and pure spin (all but
# Zhuravlev-Klimov (18), which has no spin torque)
for model in kudra-pade kudra-pade:1 kudra-pade:5 kudra-pade:7 kudra-pade-first kudra-w point-spin; do
  if run_ok "$share/problems/ellipse.json" --model "$model" --grid 5,8; then
    check_grid_report 5 8 || fail "ellipse.json --model $model: report check failed"
  fi
done
run_ok "$share/problems/ellipse.json" --model zhuravlev-klimov --grid 5,8
# the sphere-harmonic model (docs/manual.md section 8) of the ellipse and of the disc: on the disc it
# is the harmonic model of (82)-(83) (same degree), so the two reports agree on every grid point
if run_ok "$share/problems/ellipse.json" --model sphere-harmonic --degree 3 --grid 5,8; then
  grep -q '"layout": "grid"' "$tmp/stdout" || fail "sphere-harmonic: not a grid report"
fi
if run_ok "$share/problems/disc.json" --model sphere-harmonic --degree 3 --grid 7,12; then
  cp "$tmp/stdout" "$tmp/sphere.json"
  if run_ok "$share/problems/disc.json" --model harmonic --degree 3 --grid 7,12; then
    python3 - "$tmp/sphere.json" "$tmp/stdout" <<'PY' || fail "sphere-harmonic of the disc differs from the harmonic model"
import json, sys
a, b = (json.load(open(p))["table"] for p in sys.argv[1:3])
# two quadratures of the same coefficients (83): ~1e-15 each; 1e-12 on O(1) values
sys.exit(0 if len(a) == len(b) and all(abs(x - y) <= 1e-12 for r, s in zip(a, b) for x, y in zip(r["q"], s["q"])) else 1)
PY
  fi
fi
# the default grid of a contact that is not axisymmetric: 19 latitudes, 36 longitudes
if run_ok "$share/problems/ellipse.json"; then
  check_grid_report 19 36 || fail "ellipse.json (default grid): report check failed"
fi
expect_bad "--grid" "$share/problems/ellipse.json" --grid 2,8
expect_bad "--grid" "$share/problems/ellipse.json" --grid 5
expect_bad "--grid" "$share/problems/ellipse.json" --grid 1000,1000
expect_bad "--grid" "$share/problems/ellipse.json" --grid 5,x

# --at: q and dq/dw at given directions, against what the mechanics fixes independently of the
# model's formulas: pure sliding w = e1 gives Coulomb's q = -e1 (|q| = 1 against the slip),
# pure spin with rho = kappa gives q = -e3 ((39): the moment arm is kappa); q is odd in w (the
# pressure is axisymmetric) and dq/dw w = 0 (q is 0-homogeneous, (24)); the w printed is unit.
if run_ok "$share/problems/disc-exact.json" --samples 2 --at 1,0,0 --at 0,0,2 --at -1,1,1 --at 1,-1,-1; then
  python3 - "$tmp/stdout" <<'PY' || fail "--at: the values are wrong"
import json, sys
v = json.load(open(sys.argv[1]))["values"]
near = lambda a, b, tol=1e-12: all(abs(x - y) <= tol for x, y in zip(a, b))
ok = len(v) == 4
ok = ok and near(v[0]["q"], [-1, 0, 0]) and near(v[1]["q"], [0, 0, -1]) and near(v[1]["w"], [0, 0, 1])
ok = ok and near(v[2]["q"], [-x for x in v[3]["q"]])
for e in v:
    J, w = e["dq_dw"], e["w"]
    ok = ok and abs(sum(x * x for x in w) - 1) <= 1e-15
    ok = ok and all(abs(sum(J[i][k] * w[k] for k in range(3))) <= 1e-12 for i in range(3))
sys.exit(0 if ok else 1)
PY
fi
expect_bad "--at" "$share/problems/disc.json" --at 0,0,0
expect_bad "--at" "$share/problems/disc.json" --at 1,2
expect_bad "--at" "$share/problems/disc.json" --at 1,x,0

if run_ok --help; then
  grep -q -- "--degree" "$tmp/stdout" || fail "--help does not mention --degree"
  grep -q -- "--samples" "$tmp/stdout" || fail "--help does not mention --samples"
  grep -q -- "--at" "$tmp/stdout" || fail "--help does not mention --at"
  grep -q "Exit codes" "$tmp/stdout" || fail "--help does not list the exit codes"
fi
if run_ok --version; then
  grep -qE '^friction-model \(limitdir\) [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/stdout" ||
    fail "--version printed '$(cat "$tmp/stdout")'"
fi

cli_finish "friction-model"
