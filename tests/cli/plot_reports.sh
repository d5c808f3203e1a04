#!/usr/bin/env bash
# plot for every report limitdir writes (issue 23, docs/manual.md section 11): the figures of
# classify (the classified directions on the sphere by class), simulate --survey (the seeds'
# counts as bars), classify --regions (a strip along the swept parameter) and celt --slip-system
# (the exported slip system's limit directions), each from a report the real app makes on a
# bundled problem, checked in check_plot_reports.py against the report: the markers at each
# direction's w under the hemisphere's map with the shape of its type and the fill of its rdot
# sign, the bars' heights the counts on the frame's axis, the regions from..to and a label beside
# every boundary at its value, the slip system's directions those of find-limits of the exported
# problem. Every figure is well-formed (xmllint), renders to a PNG of its size and has disjoint
# label boxes inside it (check_labels.py); --font-size and --output .pdf/.png work for each kind.
# The reports plot refuses (diagram-diff, scan's records) and the options that do not apply
# exit 2 with one line; plot --help lists every report schema of share/schemas, and each
# refusal's message is its --help entry (one table: plot/kinds.cpp).
# Usage: bash plot_reports.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
check="$(dirname "$0")/check_plot_reports.py"
labels="$(dirname "$0")/check_labels.py"

require_tools "plot reports" xmllint rsvg-convert  # libxml2-utils, librsvg2-bin

# figure NAME REPORT W H CHECK [CHECK ARGS...] [-- PLOT ARGS...]: plot REPORT at W x H into
# $tmp/NAME.svg: exit 0, nothing on stderr, well-formed, a W x H PNG, disjoint labels, and
# check_plot_reports.py CHECK NAME.svg CHECK ARGS holds
figure() {
  local name=$1 report=$2 w=$3 h=$4 kind=$5 what=""
  shift 5
  local check_args=() plot_args=()
  while [[ $# -gt 0 && $1 != -- ]]; do check_args+=("$1"); shift; done
  [[ $# -gt 0 ]] && shift && plot_args=("$@")
  run "$report" --width "$w" --height "$h" "${plot_args[@]}"
  cp "$tmp/stdout" "$tmp/$name.svg"
  [[ $rc -eq 0 && ! -s $tmp/stderr ]] || what+=" exit code $rc: $(head -c 300 "$tmp/stderr");"
  xmllint --noout "$tmp/$name.svg" 2>/dev/null || what+=" not well-formed;"
  rsvg-convert "$tmp/$name.svg" -o "$tmp/$name.png" 2>/dev/null || what+=" rsvg-convert failed;"
  [[ -n $what ]] || what+=$(python3 "$(dirname "$0")/check_plot.py" size "$tmp/$name.png" "$w" "$h")
  [[ -n $what ]] || python3 "$labels" "$tmp/$name.svg" >/dev/null || what+=" labels: $(python3 "$labels" "$tmp/$name.svg");"
  [[ -n $what ]] || what+=$(python3 "$check" "$kind" "$tmp/$name.svg" "$report" "${check_args[@]}" | head -5 | tr '\n' ';')
  if [[ -n $what ]]; then fail "plot $report ($name):$what"; else echo "ok: $name: every mark is the report's"; fi
}

# --- classify: a find-limits report's directions (the focus, saddle and nodes of the Hopf
# problem), and given directions of which two have no limit direction within --max-angle ---
"$bin/find-limits" "$share/problems/general-hopf.json" >"$tmp/hopf-limits.json" || fail "find-limits general-hopf.json failed"
"$bin/classify" "$share/problems/general-hopf.json" <"$tmp/hopf-limits.json" >"$tmp/hopf-class.json" ||
  fail "classify general-hopf.json failed"
python3 -c "import json, sys; t = {d['sphere']['type'] for d in json.load(open(sys.argv[1]))['directions']}; sys.exit(not {'stable-focus', 'saddle', 'stable-node', 'unstable-node'} <= t)" \
  "$tmp/hopf-class.json" || fail "the test's classification should hold a focus, a saddle and both nodes"
figure hopf-class "$tmp/hopf-class.json" 800 500 classification
"$bin/classify" "$share/problems/disc.json" --force 0.3 --direction 1,0,0.3 --direction 0,1,0 --direction -1,0.1,0 \
  --direction 1,0,1 --max-angle 0.3 >"$tmp/disc-class.json" 2>/dev/null
[[ $? -eq 3 ]] || fail "classify with directions far from any limit direction should exit 3"
figure disc-class "$tmp/disc-class.json" 900 520 classification -- --view w3 --font-size 14

# --- simulate --survey: isolated limit directions (F = 0.3) and circles of them (F = 0) ---
"$bin/simulate" "$share/problems/disc.json" --force 0.3 --survey 200 >"$tmp/survey.json" || fail "simulate --survey failed"
figure survey "$tmp/survey.json" 800 500 survey
"$bin/simulate" "$share/problems/disc.json" --force 0 --survey 120 >"$tmp/survey0.json" 2>/dev/null ||
  fail "simulate --survey (F = 0) failed"
figure survey0 "$tmp/survey0.json" 700 450 survey -- --font-size 15

# --- classify --regions: a force sweep and a lambda sweep with narrow regions ---
"$bin/sweep-force" "$share/problems/disc.json" --from 0 --to 1.5 >"$tmp/disc-diagram.json" 2>/dev/null ||
  fail "sweep-force disc.json failed"
"$bin/classify" --regions "$tmp/disc-diagram.json" >"$tmp/regions.json" || fail "classify --regions failed"
figure regions "$tmp/regions.json" 800 420 regions
figure regions-x "$tmp/regions.json" 600 360 regions -- --x-range 0.02:1.2 --font-size 14
"$bin/sweep-force" "$share/problems/ball.json" --parameter lambda --from 0.2 --to 1.2 --force 0.3 \
  >"$tmp/ball-lambda.json" 2>/dev/null || fail "sweep-force ball.json --parameter lambda failed"
"$bin/classify" --regions "$tmp/ball-lambda.json" >"$tmp/lambda-regions.json" || fail "classify --regions (lambda) failed"
figure lambda-regions "$tmp/lambda-regions.json" 800 420 regions
python3 -c "import json, sys; sys.exit(len(json.load(open(sys.argv[1]))['events']) < 3)" "$tmp/lambda-regions.json" ||
  fail "the lambda sweep's regions report should carry its events"
# a regions report written before it carried events: drawn without them, and the figure says so
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); del d['events']
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/regions.json" "$tmp/old-regions.json"
figure old-regions "$tmp/old-regions.json" 800 420 regions
grep -q "the report carries no events" "$tmp/old-regions.svg" && echo "ok: old-regions: says it has no events" ||
  fail "old-regions: the figure does not say the report carries no events"

# --- celt --slip-system: the directions are find-limits' of the exported problem ---
"$bin/celt" "$share/problems/celt.json" --slip-system 0.1 >"$tmp/slip.json" 2>/dev/null || fail "celt --slip-system failed"
"$bin/celt" "$share/problems/celt.json" --slip-system 0.1 --export-problem >"$tmp/slip-problem.json" 2>/dev/null ||
  fail "celt --slip-system --export-problem failed"
"$bin/find-limits" "$tmp/slip-problem.json" >"$tmp/slip-limits.json" 2>/dev/null || fail "find-limits of the slip system failed"
figure slip "$tmp/slip.json" 800 500 slip "$tmp/slip-limits.json"
figure slip-w3 "$tmp/slip.json" 900 560 slip "$tmp/slip-limits.json" -- --view w3 --font-size 16

# --- --output: PDF or PNG of each new kind ---
for name in hopf-class:pdf survey:png regions:pdf slip:png; do
  kind=${name#*:} name=${name%:*}
  run "$tmp/$name.json" --width 640 --height 400 --output "$tmp/$name.$kind"
  out=$(python3 "$(dirname "$0")/check_plot_kinds.py" "$kind" "$tmp/$name.$kind" 640 400) && [[ $rc -eq 0 && ! -s $tmp/stdout ]] &&
    echo "ok: $name --output .$kind: 640 x 400" || fail "$name --output .$kind: exit $rc, $out"
done

# --- refusals: one line, exit 2, saying what to plot instead ---
"$bin/diagram-diff" "$tmp/disc-diagram.json" "$tmp/disc-diagram.json" >"$tmp/diff.json" || fail "diagram-diff failed"
expect_bad "plot A.json B.json overlays the two diagrams" "$tmp/diff.json"
"$bin/scan" "$share/problems/disc.json" --job find-limits --grid force=0:0.4:3 >"$tmp/records.jsonl" 2>/dev/null ||
  fail "scan failed"
expect_bad "--summary FILE and plot that summary" "$tmp/records.jsonl"
head -n 1 "$tmp/records.jsonl" >"$tmp/record.json"
expect_bad "--summary FILE and plot that summary" "$tmp/record.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
print(json.dumps(d)); print(json.dumps(d))" "$tmp/hopf-limits.json" >"$tmp/two.jsonl"
expect_bad "plot reads one report (or simulate's JSON Lines) at a time" "$tmp/two.jsonl"
expect_bad "--y-range: does not apply to a regions report" "$tmp/regions.json" --y-range 0:1
expect_bad "--log-y: does not apply to a regions report" "$tmp/regions.json" --log-y
expect_bad "--x-range: does not apply to a survey report" "$tmp/survey.json" --x-range 0:1
expect_bad "--x-range: does not apply to a classification report" "$tmp/hopf-class.json" --x-range 0:1
expect_bad "--y-range: does not apply to a celt-slip-system report" "$tmp/slip.json" --y-range 0:1
expect_bad "--view: applies to the sphere figures" "$tmp/survey.json" --view w1
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); d['entries'][1]['count'] = 10**6
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/survey.json" "$tmp/bad-survey.json"
expect_bad "survey.entries[1].count: must be an integer in [0, 200]" "$tmp/bad-survey.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); d['directions'][0]['status'] = 'maybe'
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/hopf-class.json" "$tmp/bad-class.json"
expect_bad "classification.directions[0].status" "$tmp/bad-class.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); d['from'], d['to'] = -1e308, 1e308
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/regions.json" "$tmp/huge-regions.json"
expect_bad "regions: from and to must differ by a finite amount" "$tmp/huge-regions.json"
# a survey of a problem without limit directions has no bars: an empty frame, not an error
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); d['entries'] = []
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/survey.json" "$tmp/no-entries.json"
run "$tmp/no-entries.json"
[[ $rc -eq 0 ]] && xmllint --noout "$tmp/stdout" 2>/dev/null && echo "ok: a survey without entries: an empty frame" ||
  fail "a survey without entries: exit $rc $(head -c 300 "$tmp/stderr")"

# --- --help: every report schema of share/schemas listed, each refusal's message its entry ---
"$app" --help >"$tmp/help.txt" || fail "plot --help failed"
out=$(PLOT=$app python3 - "$tmp/help.txt" "$share/schemas" "$tmp/diff.json" "$tmp/record.json" <<'PY'
import glob, json, os, subprocess, sys
help_text = " ".join(open(sys.argv[1]).read().split())
inputs = {"limitdir.problem/1", "limitdir.celt/1", "limitdir.roll/1", "limitdir.pile/1",  # problem files,
          "limitdir.pile-scene/1", "limitdir.fit/1"}  # a scene for a peer program and a fit file: not reports
errors = []
for path in sorted(glob.glob(os.path.join(sys.argv[2], "*.schema.json"))):
    title = json.load(open(path)).get("title", "")
    if title.startswith("limitdir.") and title not in inputs and title + " " not in help_text:
        errors.append(f"{title} ({os.path.basename(path)}) is not in plot --help")
for refused in sys.argv[3:]:
    err = subprocess.run([os.environ["PLOT"], refused], capture_output=True, text=True).stderr.strip()
    entry = err.split("): ", 1)[-1]
    if entry not in help_text:
        errors.append(f"the message '{entry}' is not plot --help's entry")
print("\n".join(errors))
PY
)
[[ -z $out ]] && echo "ok: plot --help lists every report schema; the refusals' messages are its entries" || fail "$out"
cli_finish "plot reports"
