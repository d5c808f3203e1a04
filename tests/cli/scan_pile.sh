#!/usr/bin/env bash
# scan --job pile (issue 36 point 5, docs/manual.md sections 14-15): a tiny Fig. 5 study, the
# 10-sphere pile of the Siconos tutorial over law.mu_r=log:1e-4:1e-2:3 and seed=1,2. Each point
# is recorded once, the mu_r values are the nearest doubles of the log axis' closed form, each
# record's summary carries the pile's measures (H_over_d, base_radius_over_d, class "pile") equal
# to those of the pile app run at that point alone; two threads record what one does; the
# summary over (mu_r, seed) of H_over_d is valid against its schema. Bad job options: exit 2.
# Usage: bash scan_pile.sh BIN_DIR SHARE_DIR
here="$(dirname "$0")"
source "$here/common.bash"
cli_setup scan "$@"
source "$here/scan_checks.bash"
siconos="$share/problems/pile-siconos.json"
records="python3 $here/check_scan.py"
# 10 spheres born every 0.0639 s, the last at 0.575 s: t_end = 0.702 s is past it
job=(--job pile --set spheres.count=10 --set stepping.t_end=0.702 --every 0)
grid=(--grid law.mu_r=log:1e-4:1e-2:3 --grid seed=1,2)  # 6 points

run_ok "$siconos" "${job[@]}" "${grid[@]}" && cp "$tmp/stdout" "$tmp/one.jsonl"
ok "6 points, each once" $records once "$tmp/one.jsonl" 6
ok "law.mu_r=log:1e-4:1e-2:3 records 1e-4, 1e-3, 1e-2" python3 "$here/check_scan_log.py" values "$tmp/one.jsonl" law.mu_r 1e-4 1e-2 3
ok "every record is valid against scan-record.schema.json" python3 "$here/validate_json.py" "$share/schemas" scan-record.schema.json \
  <(head -n 1 "$tmp/one.jsonl") <(sed -n 6p "$tmp/one.jsonl")

# each record's summary = the pile app's report at its point (run alone, with --set)
python3 - "$tmp/one.jsonl" "$bin/pile" "$siconos" <<'PY' && echo "ok: each record's summary is the pile app's at its point" || fail "the records' summaries"
import json, subprocess, sys
keys = ["H_over_d", "base_radius_over_d", "angle_of_repose_deg", "spheres_on_plane", "spheres_lost", "spheres_present",
        "converged", "unconverged_steps", "mean_sweeps", "max_error", "max_penetration_over_d"]
# the record's injected_energy is the report's energy.injected
for line in open(sys.argv[1]):
    r = json.loads(line)
    s, point = r["summary"], r["point"]
    if r["status"] != 0 or s["class"] != "pile" or not isinstance(s["H_over_d"], float) or not isinstance(s["base_radius_over_d"], float):
        sys.exit(f"point {point}: status {r['status']}, summary {s}")
    if s["spheres_present"] + s["spheres_lost"] != 10:
        sys.exit(f"point {point}: {s['spheres_present']} present + {s['spheres_lost']} lost != 10 born")
    args = [sys.argv[2], sys.argv[3], "--set", "spheres.count=10", "--set", "stepping.t_end=0.702", "--every", "0",
            "--set", f"law.mu_r={point['law.mu_r']!r}", "--set", f"seed={int(point['seed'])}"]
    app = json.loads(subprocess.run(args, check=True, stdout=subprocess.PIPE).stdout)
    if app["problem"]["law"]["mu_r"] != point["law.mu_r"] or app["problem"]["seed"] != point["seed"]:
        sys.exit(f"point {point}: the app ran {app['problem']['law']} seed {app['problem']['seed']}")
    for key in keys:
        if s[key] != app["summary"][key]:
            sys.exit(f"point {point}: {key} {s[key]} in the record, {app['summary'][key]} from the app")
    if s["injected_energy"] != app["summary"]["energy"]["injected"]:
        sys.exit(f"point {point}: injected_energy {s['injected_energy']} in the record, {app['summary']['energy']['injected']} from the app")
PY
# the seeds give different piles (at mu_r = 1e-4, the first two records)
python3 -c '
import json, sys
a, b = (json.loads(l)["summary"] for l in open(sys.argv[1]).readlines()[:2])
sys.exit(a["base_radius_over_d"] == b["base_radius_over_d"])' "$tmp/one.jsonl" &&
  echo "ok: seeds 1 and 2 give different base radii" || fail "seeds 1 and 2 give the same base radius"

# two threads: the records of one (in the order the points finish: merged to compare)
run_ok "$siconos" "${job[@]}" "${grid[@]}" --jobs 2 && cp "$tmp/stdout" "$tmp/two.jsonl"
run_ok "$siconos" "${grid[@]}" --merge "$tmp/two.jsonl" && cp "$tmp/stdout" "$tmp/two-merged.jsonl"
ok "--jobs 2 records what --jobs 1 does" $records same "$tmp/two-merged.jsonl" "$tmp/one.jsonl"

# the summary: H_over_d over (mu_r, seed), plot's Fig. 5 input
run "$siconos" "${grid[@]}" --summary "$tmp/one.jsonl" --x law.mu_r --y seed --field H_over_d
cp "$tmp/stdout" "$tmp/summary.json"
[[ $rc -eq 0 ]] || fail "scan --summary: exit $rc: $(head -c 300 "$tmp/stderr")"
ok "the summary is valid against scan-summary.schema.json" python3 "$here/validate_json.py" "$share/schemas" scan-summary.schema.json "$tmp/summary.json"

# bad job options and keys: one line, exit 2, before any point runs
expect_bad "--every" "$siconos" --job pile --every -1 "${grid[@]}"
expect_bad "--scene: not with --every or --vtk" "$siconos" --job pile --scene --every 3 "${grid[@]}"
# --vtk: the points would write their frames over each other's
expect_bad "--vtk: every point of a scan would write the same files" "$siconos" "${job[@]}" --vtk "$tmp/frames" "${grid[@]}"
[[ ! -e $tmp/frames ]] && echo "ok: scan --job pile --vtk wrote no frame" || fail "scan --job pile --vtk wrote $tmp/frames"
expect_bad "law.mu_r" "$siconos" "${job[@]}" --grid law.mu_r=-1,1e-3
expect_bad "spheres.count" "$siconos" "${job[@]}" --grid spheres.count=1e9

cli_finish scan_pile
