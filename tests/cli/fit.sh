#!/usr/bin/env bash
# Command-line contract of fit (docs/manual.md section 16): data generated from known parameters
# (make_fit_data.py: friction-model at the truth, seeded noise) are fitted back - each truth inside
# its 95 % interval, the report valid against fit-report.schema.json; the distortion's angle gamma,
# 2 pi-periodic, gives two minima 2 pi apart at one cost; a fit stopped short exits 3 with its
# report; bad input exits 2 with one line on stderr and nothing on stdout.
# Usage: bash fit.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup fit "$@"
make_data="$(dirname "$0")/make_fit_data.py"

# The problem: kudra-pade on a distorted Hertz contact, rho = 0.6 R [Kudra & Awrejcewicz 2013].
problem() {  # problem B_T B_M M_T M_M GAMMA > FILE
  printf '{"schema": "limitdir.problem/1", "system": {"preset": "disc", "j": 0.5}, "contact": {"pressure": "hertz", "distortion": {"d": 0.3, "gamma": %s}}, "friction": {"model": "kudra-pade", "b_T": %s, "b_M": %s, "m_T": %s, "m_M": %s}, "rho": 0.6, "force": 0}\n' "$5" "$1" "$2" "$3" "$4"
}
problem 1 1 1 1 0.5 >"$tmp/start.json"
problem 0.8 1.3 1.1 0.9 0.5 >"$tmp/truth.json"
problem 0.8 1 1.1 1 0.5 >"$tmp/truth2.json"  # b_M, m_M at the start's: the force fit frees the others
four='[{"key": "friction.b_T", "start": 1, "lower": 0.1, "upper": 3}, {"key": "friction.b_M", "start": 1, "lower": 0.1, "upper": 3}, {"key": "friction.m_T", "start": 1, "lower": 0.1, "upper": 3}, {"key": "friction.m_M", "start": 1, "lower": 0.1, "upper": 3}]'
python3 "$make_data" "$bin" "$tmp/truth.json" 150 1 0.01 q "$tmp/q.csv"
python3 "$make_data" "$bin" "$tmp/truth2.json" 150 2 0.05 force:12.5:0.012 "$tmp/force.csv"

fitfile() {  # fitfile NAME PARAMETERS DATA [EXTRA]: $tmp/NAME.json
  printf '{"schema": "limitdir.fit/1", "problem": "start.json", "data": "%s", "parameters": %s%s}\n' "$3" "$2" "${4:-}" >"$tmp/$1.json"
}
covers='all(p["interval95"][0] <= t <= p["interval95"][1] for p, t in zip(r["parameters"], truth))'

# Four parameters from dimensionless data, one start and four.
fitfile q "$four" q.csv
REPORT_PRELUDE="truth = [0.8, 1.3, 1.1, 0.9]" expect_report fit-report.schema.json \
  "r['converged'] and $covers and abs(r['sigma'] - 0.01) < 0.002 and r['condition']['undetermined'] == []" "$tmp/q.json"
fitfile q4 "$four" q.csv ', "starts": 4, "seed": 3'
REPORT_PRELUDE="truth = [0.8, 1.3, 1.1, 0.9]" expect_report fit-report.schema.json \
  "r['converged'] and $covers and len(r['starts']) == 4 and sum(len(m['starts']) for m in r['minima']) <= 4" "$tmp/q4.json"
# The same with Ceres' subspace dogleg (trust_region): the truth inside the intervals again, at
# the Levenberg-Marquardt fit's cost (the same minimum; Ceres stops both on a relative cost change
# of 1e-12, so 1e-9 of the cost is ample).
lm_cost=$(python3 -c 'import json, sys; print(repr(json.load(open(sys.argv[1]))["cost"]))' "$tmp/stdout")
fitfile q-dogleg "$four" q.csv ', "trust_region": "dogleg"'
REPORT_PRELUDE="truth = [0.8, 1.3, 1.1, 0.9]; lm = $lm_cost" expect_report fit-report.schema.json \
  "r['converged'] and r['trust_region'] == 'dogleg' and $covers and abs(r['cost'] - lm) <= 1e-9 * lm" "$tmp/q-dogleg.json"
# Forces and velocities in SI: mu P free with the model's parameters; Tz/rho and rho omega_z use
# rho = 0.6 x 0.02 m.
fitfile force '[{"key": "units.mu_P", "start": 10, "lower": 0, "upper": 100}, {"key": "friction.b_T", "start": 1, "lower": 0.1, "upper": 3}, {"key": "friction.m_T", "start": 1, "lower": 0.1, "upper": 3}]' force.csv \
  ', "units": {"R": 0.02}'
REPORT_PRELUDE="truth = [12.5, 0.8, 1.1]" expect_report fit-report.schema.json \
  "r['converged'] and $covers and r['data']['friction'] == 'force' and r['data']['slip'] == 'velocity'" "$tmp/force.json"
cp "$tmp/stdout" "$tmp/force-report.json"
# gamma is 2 pi-periodic: from 6 starts over [-6.2, 6.2], the two lowest minima at 0.5 and
# 0.5 - 2 pi, at one cost (others, higher, may be found too).
fitfile gamma '[{"key": "contact.distortion.gamma", "start": 1, "lower": -6.2, "upper": 6.2}]' q.csv ', "starts": 6, "seed": 1'
problem 0.8 1.3 1.1 0.9 1 >"$tmp/start.json"
expect_report fit-report.schema.json \
  "len(r['minima']) >= 2 and abs(abs(r['minima'][1]['parameters'][0] - r['minima'][0]['parameters'][0]) - 2 * math.pi) < 1e-6 and abs(r['minima'][1]['cost'] - r['minima'][0]['cost']) <= 1e-9 * r['minima'][0]['cost'] and abs(r['parameters'][0]['value'] % (2 * math.pi) - 0.5) < 0.05" \
  "$tmp/gamma.json"
problem 1 1 1 1 0.5 >"$tmp/start.json"

# A key the friction does not depend on (the disc's inertia j): its column of the Jacobian is 0,
# so it is named undetermined, with no interval, beside a determined b_T.
fitfile undetermined '[{"key": "friction.b_T", "start": 1, "lower": 0.1, "upper": 3}, {"key": "system.j", "start": 0.5, "lower": 0.1, "upper": 1}]' q.csv
expect_report fit-report.schema.json \
  "r['condition']['undetermined'] == ['system.j'] and r['parameters'][1]['std_error'] is None and r['parameters'][0]['determined']" \
  "$tmp/undetermined.json"

# Stopped short: one iteration from the start is not a converged fit (exit 3, the report printed).
fitfile short "$four" q.csv ', "max_iterations": 1'
run "$tmp/short.json"
if [[ $rc -ne 3 ]] || ! grep -q '"converged": false' "$tmp/stdout" || [[ $(wc -l <"$tmp/stderr") -ne 1 ]] ||
  ! grep -q "^fit: error: the fit did not converge" "$tmp/stderr"; then
  fail "fit stopped after one iteration: exit $rc, stderr $(head -c 300 "$tmp/stderr")"
else
  echo "ok: fit stopped short -> exit 3: $(cat "$tmp/stderr")"
fi

# Bad input.
fitfile bad-key '[{"key": "friction.bT", "start": 1}]' q.csv
expect_bad "friction.bT" "$tmp/bad-key.json"
fitfile bad-start '[{"key": "friction.b_T", "start": 5, "lower": 0.1, "upper": 3}]' q.csv
expect_bad "exclude the start" "$tmp/bad-start.json"
fitfile bad-bounds '[{"key": "friction.b_T", "start": 1, "lower": 3, "upper": 0.1}]' q.csv
expect_bad "lower < upper" "$tmp/bad-bounds.json"
fitfile bad-range '[{"key": "contact.distortion.d", "start": 0.3, "lower": 0, "upper": 1.5}]' q.csv
expect_bad "refuses contact.distortion.d" "$tmp/bad-range.json"
fitfile bad-unbounded '[{"key": "friction.b_T", "start": 1}]' q.csv ', "starts": 3'
expect_bad "finite bounds" "$tmp/bad-unbounded.json"
problem 1 1 1 1 0.5 | python3 -c 'import json, sys; p = json.load(sys.stdin); p["friction"] = {"model": "harmonic", "degree": 2}; p["contact"] = {"pressure": "uniform"}; print(json.dumps(p))' >"$tmp/harmonic.json"
printf '{"schema": "limitdir.fit/1", "problem": "harmonic.json", "data": "q.csv", "parameters": [{"key": "friction.degree", "start": 2, "lower": 1, "upper": 6}]}\n' >"$tmp/bad-integer.json"
expect_bad "fit varies its keys continuously" "$tmp/bad-integer.json"
fitfile bad-twice '[{"key": "friction.b_T", "start": 1}, {"key": "friction.b_T", "start": 2}]' q.csv
expect_bad "already free" "$tmp/bad-twice.json"
fitfile bad-mu '[{"key": "friction.b_T", "start": 1}]' force.csv ', "units": {"R": 0.02}'
expect_bad "units.mu_P" "$tmp/bad-mu.json"
fitfile bad-R '[{"key": "friction.b_T", "start": 1}]' force.csv ', "units": {"mu_P": 12}'
expect_bad "units.R" "$tmp/bad-R.json"
fitfile bad-extra "$four" q.csv ', "tolerance": 1'
expect_bad "unknown key" "$tmp/bad-extra.json"
fitfile bad-loss "$four" q.csv ', "loss": {"kind": "l1"}'
expect_bad "loss.kind" "$tmp/bad-loss.json"
fitfile bad-trust "$four" q.csv ', "trust_region": "newton"'
expect_bad 'trust_region: must be "levenberg-marquardt" or "dogleg"' "$tmp/bad-trust.json"
csv_case() {  # csv_case WORD NAME CONTENT: a one-parameter fit of CONTENT is refused naming WORD
  printf '%b' "$3" >"$tmp/$2.csv"
  fitfile "$2" '[{"key": "friction.b_T", "start": 1}]' "$2.csv"
  expect_bad "$1" "$tmp/$2.json"
}
csv_case "unknown column" csv-column 'w1,w2,w3,q1,q2,qz\n1,0,0,1,0,0\n'
csv_case "three slip columns" csv-missing 'w1,w2,q1,q2,q3\n1,0,1,0,0\n'
csv_case "repeats or mixes" csv-mixed 'w1,w2,omega,q1,q2,q3\n1,0,0,1,0,0\n'
csv_case "finite number" csv-text 'w1,w2,w3,q1,q2,q3\n1,0,0,1,x,0\n'
csv_case "finite number" csv-nan 'w1,w2,w3,q1,q2,q3\n1,0,0,1,nan,0\n'
csv_case "line 2: 5 fields" csv-short 'w1,w2,w3,q1,q2,q3\n1,0,0,1,0\n'
csv_case "slip is zero" csv-zero 'w1,w2,w3,q1,q2,q3\n0,0,0,1,0,0\n'
csv_case "weight must be > 0" csv-weight 'w1,w2,w3,q1,q2,q3,weight\n1,0,0,1,0,0,0\n'
csv_case "no data row" csv-empty 'w1,w2,w3,q1,q2,q3\n'
csv_case "no header" csv-nothing ''
printf 'w1,w2,w3,q1,q2,q3\n1,0,0,-1,0,0\n' >"$tmp/one.csv"
fitfile few "$four" one.csv
expect_bad "fewer than the 4 free parameters" "$tmp/few.json"
expect_bad "missing.json" "$tmp/missing.json"
printf 'not json' >"$tmp/broken.json"
expect_bad "broken.json" "$tmp/broken.json"

# plot draws a fit: each estimate and start at its place between the bounds, (v - lower)/(upper -
# lower) on the frame's axis (its data-x-range), to half a pixel (the SVG's 2 decimals); the
# figure well-formed and rendered.
plot_fit() {  # plot_fit REPORT
  local what=""
  "$bin/plot" "$1" >"$tmp/fit.svg" 2>"$tmp/plot.err" || what+=" plot exited $?: $(head -c 200 "$tmp/plot.err");"
  xmllint --noout "$tmp/fit.svg" 2>/dev/null || what+=" not well-formed;"
  rsvg-convert "$tmp/fit.svg" -o "$tmp/fit.png" 2>/dev/null || what+=" rsvg-convert failed;"
  [[ -n $what ]] || what+=$(python3 - "$tmp/fit.svg" "$1" <<'PY'
import json, re, sys
svg, r = open(sys.argv[1]).read(), json.load(open(sys.argv[2]))
frame = re.search(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*class="frame" data-x-range="(-0.05) (1.05)"', svg)
x, w, x0, x1 = map(float, frame.groups())
for p in r["parameters"]:
    for attr, v in (("estimate", p["value"]), ("start", p["start"])):
        m = re.search(r'<circle cx="([\d.]+)"[^>]*data-%s="%s"' % (attr, re.escape(p["key"])), svg)
        want = x + ((v - p["lower"]) / (p["upper"] - p["lower"]) - x0) / (x1 - x0) * w
        if not m or abs(float(m.group(1)) - want) > 0.5:
            print("%s of %s at %s, want %.2f" % (attr, p["key"], m and m.group(1), want))
PY
)
  if [[ -n $what ]]; then fail "plot $1:$what"; else echo "ok: plot $1: every estimate and start in its place"; fi
}
run "$tmp/q.json"
cp "$tmp/stdout" "$tmp/q-report.json"
plot_fit "$tmp/q-report.json"

# The rows (fit --rows, docs/manual.md section 16 "The report"): the data as read, the model as
# friction-model evaluates the report's fitted_problem, 2 cost = sum w^2 |model - data|^2 (in
# T_z/rho for torques); in the figure, each drawn row's marker at (data, model) in the first
# frame; --rows none leaves them out saying why, and plot then draws the parameters alone.
check_rows() {  # check_rows REPORT CSV R
  local out
  "$bin/plot" "$1" >"$tmp/rows.svg" 2>"$tmp/plot.err" || fail "plot $1: exit $?: $(head -c 200 "$tmp/plot.err")"
  out=$(python3 "$(dirname "$0")/check_fit_rows.py" "$bin" "$1" "$2" "$3" "$tmp/rows.svg" 2>&1)
  [[ -z $out ]] && echo "ok: $(basename "$1")'s rows: the CSV's data, friction-model's model at the fitted problem, 2 cost, the markers" ||
    fail "$(basename "$1")'s rows: $out"
}
check_rows "$tmp/q-report.json" "$tmp/q.csv" 1
check_rows "$tmp/force-report.json" "$tmp/force.csv" 0.02
run "$tmp/q.json" --rows none
if [[ $rc -eq 0 ]] && python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["rows"]; sys.exit(not (r == {"included": False, "reason": "fit --rows none"}))' "$tmp/stdout"; then
  cp "$tmp/stdout" "$tmp/no-rows.json"
  echo "ok: fit --rows none: no rows, the reason said"
else
  fail "fit --rows none: exit $rc, rows $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("rows"))' "$tmp/stdout" 2>&1 | head -c 200)"
fi
plot_fit "$tmp/no-rows.json"
app=$bin/plot expect_bad "--panel: this fit report has 1 panel" "$tmp/no-rows.json" --panel 2
app=$bin/plot expect_bad "--panel: a fit has 3 panels" "$tmp/q-report.json" --panel 4
expect_bad "--rows: must be auto, all or none" "$tmp/q.json" --rows some

# The fit files themselves against fit.schema.json: the valid ones pass, the schema rejects what
# fit refuses for its form (an unknown key, an unknown loss).
validate="$(dirname "$0")/validate_json.py"
why=$(python3 "$validate" "$share/schemas" fit.schema.json "$tmp"/{q,q4,force,gamma,short}.json) || fail "fit.schema.json: $why"
why=$(python3 "$validate" "$share/schemas" fit.schema.json --invalid "$tmp"/bad-{extra,loss}.json) || fail "fit.schema.json: $why"

cli_finish fit
