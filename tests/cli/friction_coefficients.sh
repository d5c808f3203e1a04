#!/usr/bin/env bash
# friction-model prints the coefficients each model is built from (docs/manual.md sections 5 and 7):
# the characteristic integrals c_ijk (13) of [Kudra & Awrejcewicz 2013] for their models, against
# an mpmath evaluation of the definition (check_coefficients.py) on an ellipse turned into the
# paper's frame, a distorted uniform ellipse and a distorted Hertz circle, and against Table 1's
# column b -> 1 with the Hertz moments (57); kudra-w's joins against (58); Kireenkov's Pade
# coefficients against their definitions with the Hertz moments (57): order 2 a = pi I_0,
# m = I_3/(2 I_2), order 1 a = 1/(pi I_0), m = 2 I_2/I_3, both b = I_2/I_3 (friction/contact_approx.hpp).
# Every report validates against friction.schema.json; a c_ijk moved by 1e-12 is caught.
# Usage: bash friction_coefficients.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup friction-model "$@"
here="$(dirname "$0")"
problems="$share/problems"

# problem NAME PYTHON: $tmp/NAME.json, a bundled problem changed by the python statements on d.
problem() {
  python3 - "$problems" "$tmp/$1.json" "$2" <<'PY'
import json, sys
problems, out, change = sys.argv[1:]
d = None
exec(change)
json.dump(d, open(out, "w"))
PY
}

# coefficients NAME [table1]: friction-model on $tmp/NAME.json against check_coefficients.py.
coefficients() {
  local name=$1
  shift
  if ! "$app" "$tmp/$name.json" --grid 3,1 >"$tmp/$name.report.json" 2>"$tmp/stderr"; then
    fail "friction-model $name: $(head -c 300 "$tmp/stderr")"
  elif out=$(python3 "$here/check_coefficients.py" "$tmp/$name.json" "$tmp/$name.report.json" "$@" 2>&1); then
    echo "ok: $name: $out"
  else
    fail "$name: $out"
  fi
  python3 "$here/validate_json.py" "$share/schemas" friction.schema.json "$tmp/$name.report.json" ||
    fail "$name: the report does not validate against friction.schema.json"
}

problem turned 'd = json.load(open(problems + "/ellipse-hertz.json")); d["contact"]["distortion"] = {"d": 0.6, "gamma": 0.9}; d["friction"] = {"model": "kudra-w"}'
problem uniform 'd = json.load(open(problems + "/ellipse.json")); d["contact"]["distortion"] = {"d": 1.0, "gamma": 2.5}; d["friction"] = {"model": "point-spin"}'
problem circle 'd = json.load(open(problems + "/disc.json")); d["contact"] = {"pressure": "hertz", "distortion": {"d": 0.8, "gamma": -2.0}}; d["friction"] = {"model": "kudra-pade"}'
problem round 'd = json.load(open(problems + "/disc.json")); d["contact"] = {"pressure": "hertz"}; d["friction"] = {"model": "kudra-w"}'
coefficients turned
coefficients uniform
coefficients circle table1
coefficients round table1

# The check is not vacuous: c203 moved by 1e-12 fails it.
python3 -c '
import json, sys
r = json.load(open(sys.argv[1])); r["coefficients"]["c_ijk"]["c203"] += 1e-12; json.dump(r, open(sys.argv[2], "w"))
' "$tmp/circle.report.json" "$tmp/moved.json"
python3 "$here/check_coefficients.py" "$tmp/circle.json" "$tmp/moved.json" table1 >/dev/null 2>&1 &&
  fail "check_coefficients.py accepts c203 moved by 1e-12"

# Kireenkov's Pade models (9)/(10) on the Hertz circle, moments (57): I_0 = 3/8, I_2 = 3/32, I_3 = 1/(5 pi).
for order in 1 2; do
  problem "kireenkov$order" "d = json.load(open(problems + '/disc.json')); d['contact'] = {'pressure': 'hertz'}; d['friction'] = {'model': 'kireenkov-pade', 'order': $order}"
  "$app" "$tmp/kireenkov$order.json" >"$tmp/k.json" || fail "friction-model kireenkov-pade order $order failed"
  python3 - "$tmp/k.json" "$order" <<'PY' || fail "kireenkov-pade order $order: coefficients differ from (9)/(10) with (57)"
import json, math, sys
c = json.load(open(sys.argv[1]))["coefficients"]
I0, I2, I3 = 3 / 8, 3 / 32, 1 / (5 * math.pi)
want = {"a": math.pi * I0, "m": I3 / (2 * I2)} if sys.argv[2] == "2" else {"a": 1 / (math.pi * I0), "m": 2 * I2 / I3}
want.update({"b": I2 / I3, "mu": 0.0, "order": int(sys.argv[2])})
# double rounding of the moments and one or two operations: 4 ulp
sys.exit(0 if all(abs(c[k] - v) <= 4 * 2.3e-16 * abs(v) for k, v in want.items()) else 1)
PY
  python3 "$here/validate_json.py" "$share/schemas" friction.schema.json "$tmp/k.json" || fail "kireenkov$order: schema"
done

# sphere-harmonic: degree, basis size and its c_i, s_i (one per degree); the schema holds.
"$app" "$problems/ellipse.json" --model sphere-harmonic --degree 3 >"$tmp/sh.json" || fail "sphere-harmonic failed"
python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["coefficients"]
sys.exit(0 if c["degree"] == 3 and len(c["c"]) == 3 and len(c["s"]) == 3 and c["basis_size"] > 0 else 1)
' "$tmp/sh.json" || fail "sphere-harmonic: coefficients missing"
python3 "$here/validate_json.py" "$share/schemas" friction.schema.json "$tmp/sh.json" || fail "sphere-harmonic: schema"

cli_finish friction_coefficients
