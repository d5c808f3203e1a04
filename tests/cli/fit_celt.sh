#!/usr/bin/env bash
# A run as the data (docs/manual.md section 16, "A run as the data"): the Celtic-stone fits of
# [Awrejcewicz & Kudra, Celtic stone] Sect. 4. The model O fitted to an O run at known (mu, S3)
# recovers them; fitted to limitdir's W1 run, its objective (the mean over the samples of
# |omega - omega_ref|^2) equals the one recomputed here from the two runs' histories, and lies
# below the objective at its start.
# Usage: bash fit_celt.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup fit "$@"
celt="$bin/celt"

# The stone of Sect. 4 pitched 0.05 rad and spun at +3 rad/s (share/problems/celt.json) over 0.3 s.
python3 - "$share/fits/celt-O.json" "$tmp" <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))
f["problem"]["time"]["t_end"] = 0.3
f["parameters"] = [{"key": "contact.mu", "start": 0.2, "lower": 0.1, "upper": 0.4},
                   {"key": "contact.S3", "start": 0.8, "lower": 0.2, "upper": 1.5}]
w1 = f["data"]["trajectory"]
f["data"]["trajectory"] = {"contact": dict(f["problem"]["contact"], mu=0.241, S3=0.595)}
json.dump(f, open(sys.argv[2] + "/o-truth.json", "w"))
f["data"]["trajectory"] = w1
json.dump(f, open(sys.argv[2] + "/o-w1.json", "w"))
PY

# O back to O: the generating (mu, S3) = (0.241, 0.595), to the fit's stop (1e-6 relative).
expect_report fit-report.schema.json \
  'r["converged"] and r["data"]["kind"] == "trajectory" and abs(r["parameters"][0]["value"] - 0.241) <= 1e-6 * 0.241 and abs(r["parameters"][1]["value"] - 0.595) <= 1e-6 * 0.595 and r["objective"] <= 1e-12' \
  "$tmp/o-truth.json"

# O to W1: the report's objective against the two runs recomputed by celt itself (--every 1).
run "$tmp/o-w1.json"
cp "$tmp/stdout" "$tmp/o-w1-report.json"
if [[ $rc -ne 0 ]]; then
  fail "fit O to W1 exited $rc: $(head -c 300 "$tmp/stderr")"
else
  python3 - "$tmp" <<'PY' >"$tmp/problems.txt"
import json, sys
t = sys.argv[1]
r = json.load(open(t + "/o-w1-report.json"))
p = r["problem"]
fitted = json.loads(json.dumps(p))
fitted["contact"]["mu"], fitted["contact"]["S3"] = (q["value"] for q in r["parameters"])
start = json.loads(json.dumps(p))
reference = json.loads(json.dumps(p))
reference.update(r["data"]["trajectory"])
for name, doc in (("fitted", fitted), ("start", start), ("reference", reference)):
    json.dump(doc, open(t + "/" + name + ".json", "w"))
PY
  for name in fitted start reference; do "$celt" "$tmp/$name.json" --every 1 >"$tmp/$name-run.json" || fail "celt $name exited $?"; done
  if why=$(python3 - "$tmp" <<'PY'
import json, sys
t = sys.argv[1]
r = json.load(open(t + "/o-w1-report.json"))
def omega(name):
    return json.load(open(t + "/" + name + "-run.json"))["history"]["omega"]
ref = omega("reference")
def msd(name):
    run = omega(name)
    assert len(run) == len(ref), (len(run), len(ref))
    return sum(sum((a - b) ** 2 for a, b in zip(x, y)) for x, y in zip(run, ref)) / len(ref)
fitted, start = msd("fitted"), msd("start")
ok = r["converged"] and abs(r["objective"] - fitted) <= 1e-9 * fitted and fitted < start
print("objective %.12g, recomputed %.12g, at the start %.12g" % (r["objective"], fitted, start))
# the report's fitted problem is the one built here; its rows are the two runs' omega, sample by
# sample (one program's doubles both ways: equal)
rows = r["rows"]
same = json.load(open(t + "/fitted.json")) == r["fitted_problem"] and rows["included"] and \
    rows["data"] == ref and rows["model"] == omega("fitted") and \
    rows["t"] == json.load(open(t + "/reference-run.json"))["history"]["t"]
print("; fitted_problem and rows %s" % ("the runs'" if same else "NOT the runs'"))
ok = ok and same
sys.exit(0 if ok else 1)
PY
  ); then
    echo "ok: fit O to W1: $why"
  else
    fail "fit O to W1: $why"
  fi
fi

# plot draws the fit's rows: omega of the reference and of the model against t, their difference,
# the parameters; the identity objective = mean |omega - omega_ref|^2 = 2 cost / samples holds for
# the rows (check_fit_rows.py); the figure renders and its labels are disjoint.
out=$("$bin/plot" "$tmp/o-w1-report.json" 2>&1 >"$tmp/o-w1.svg") || fail "plot the O fit: $out"
out=$(python3 "$(dirname "$0")/check_fit_rows.py" "$bin" "$tmp/o-w1-report.json" 2>&1)
rsvg-convert "$tmp/o-w1.svg" -o "$tmp/o-w1.png" 2>/dev/null || out+=" rsvg-convert failed;"
labels=$(python3 "$(dirname "$0")/check_labels.py" "$tmp/o-w1.svg") || out+=" $labels"
grep -q 'class="series model-omega3"' "$tmp/o-w1.svg" || out+=" no model line of omega3;"
[[ -z $out ]] && echo "ok: plot of the O fit: the runs' omega, their difference and the parameters ($labels)" ||
  fail "plot of the O fit: $out"

# The bundled study files (one per fitted model of Sect. 4) are valid and run: each over its
# first 0.01 s, sampled every 2 ms (the full 1 s fits take minutes: docs/manual.md section 16).
for study in "$share"/fits/celt-*.json; do
  expect_report fit-report.schema.json 'r["data"]["kind"] == "trajectory" and r["objective"] is not None' \
    "$study" --set time.t_end=0.01 --set time.dt=0.002
done

cli_finish fit_celt
