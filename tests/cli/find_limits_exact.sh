#!/usr/bin/env bash
# find-limits --require proven with the exact friction model: uniform pressure (closed form
# (57)-(60), enclosed with Arb), Hertz pressure (62)-(63) and Galin's pressure (its closed form,
# docs/manual.md section 4) and a tabulated profile (enclosed by cells and moment series) reach
# "proven" (exit 0); a pressure integrated by ring quadrature alone (a power (1 - xi^2)^0.3) stays
# "checked", exit 3 under --require proven, and the certificate's reason names the model that has
# no enclosure.
# Usage: bash find_limits_exact.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"

# level FILE: the certificate level of a report; reason FILE: its reason.
level() { python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['certificate']['level'])" "$1"; }
reason() { python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['certificate']['reason'])" "$1"; }

for args in "$share/problems/disc-exact.json --force 0.3" "$share/problems/disc-exact.json --force 1.5" \
            "$share/problems/ball.json --model exact --force 0.6" "$share/problems/disc-galin.json --force 0.4" \
            "$share/problems/disc-galin.json --force 0.1" "$share/problems/disc-profile.json --force 0.4"; do
  # shellcheck disable=SC2086  # separate words on purpose
  run $args --require proven
  if [[ $rc -ne 0 ]]; then
    fail "find-limits $args --require proven exited with $rc: $(head -c 400 "$tmp/stderr")"
  elif [[ $(level "$tmp/stdout") != proven ]]; then
    fail "find-limits $args: certificate.level is $(level "$tmp/stdout"), not proven"
  else
    echo "ok: find-limits $args --require proven"
  fi
done

for case in "disc-exact.json:power(alpha=0.3)"; do
  file=${case%%:*} name=${case##*:}
  run "$share/problems/$file" --force 0.3 --pressure power:0.3
  if [[ $rc -ne 0 ]]; then
    fail "find-limits $file --force 0.3 exited with $rc: $(head -c 400 "$tmp/stderr")"
    continue
  fi
  [[ $(level "$tmp/stdout") == checked ]] || fail "find-limits $file: certificate.level is $(level "$tmp/stdout"), not checked"
  why=$(reason "$tmp/stdout") before=$failures
  [[ $why == *"no rigorous (interval) enclosure"* && $why == *"exact, $name"* && $why == *"ring quadrature"* ]] ||
    fail "find-limits $file: the reason does not name the model without an enclosure: $why"
  run "$share/problems/$file" --force 0.3 --pressure power:0.3 --require proven
  [[ $rc -eq 3 ]] || fail "find-limits $file --require proven exited with $rc (want 3)"
  [[ $failures -eq $before ]] && echo "ok: find-limits $file stays checked: $why"
done

# Galin's pressure on the elliptic plate (docs/manual.md section 6): accepted, checked, and the
# pure-sliding limit directions (+-1, 0, 0) with rdot = -1 + F and -1 - F (q = -w there) and the
# closed-form eigenvalues of (1, 0, 0) (tests/limits/test_contact_systems.cpp).
run "$share/problems/ellipse.json" --force 0.3 --pressure galin
if [[ $rc -ne 0 ]]; then
  fail "find-limits ellipse.json --pressure galin exited with $rc: $(head -c 400 "$tmp/stderr")"
else
  python3 - "$tmp/stdout" <<'PY' && echo "ok: find-limits ellipse.json --pressure galin" || fail "ellipse.json --pressure galin: wrong limit directions"
import json, sys
d = json.load(open(sys.argv[1]))
rd = {round(x["w"][0]): x for x in d["limit_directions"] if abs(abs(x["w"][0]) - 1) < 1e-9}
assert abs(rd[1]["rdot"] - (-0.7)) < 1e-9 and abs(rd[-1]["rdot"] - (-1.3)) < 1e-9, rd
# J_T at (1, 0, 0): diag(-F, 1 - F - 2 a^2/((alpha + 2)(a^2 + b^2))), a = 1, b = 1/2, alpha = -1/2
ev = sorted(e[0] for e in rd[1]["sphere"]["eigenvalues"])
assert abs(ev[0] - (0.7 - 2 / (1.5 * 1.25))) < 1e-9 and abs(ev[1] + 0.3) < 1e-9, ev
assert d["certificate"]["level"] == "checked", d["certificate"]
PY
fi
run "$share/problems/ellipse.json" --force 0.3 --pressure power:-0.6
[[ $rc -eq 2 && $(wc -l < "$tmp/stderr") -eq 1 ]] || fail "ellipse.json --pressure power:-0.6 exited with $rc (want 2, one line)"
# A tabulated pressure on the plate (docs/manual.md section 6): classify at the pure-sliding
# direction (1, 0, 0): rdot = -1 + F and J_T = diag(-F, 1 - F - 2 a^2 (M_3/M_1)/(a^2 + b^2)), the
# Galin formula with 1/(alpha + 2) = M_3/M_1, M_k the profile's moments computed here by hand.
python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d['contact']['pressure'] = {'profile': [[0, 1], [0.3, 0.9], [0.7, 0.5], [1, 0.2]]}
json.dump(d, open(sys.argv[2], 'w'))" "$share/problems/ellipse.json" "$tmp/ellipse-profile.json"
if "$bin/classify" "$tmp/ellipse-profile.json" --force 0.3 --direction 1,0,0 > "$tmp/profile.json" 2> "$tmp/stderr"; then
  python3 - "$tmp/profile.json" <<'PY' && echo "ok: classify ellipse with a tabulated pressure" || fail "ellipse with a tabulated pressure: rdot or J_T at (1, 0, 0) is wrong"
import json, sys
xi, p = [0, 0.3, 0.7, 1], [1, 0.9, 0.5, 0.2]
def M(k):
    s = 0.0
    for i in range(1, len(xi)):
        d = (p[i] - p[i - 1]) / (xi[i] - xi[i - 1]); c = p[i - 1] - d * xi[i - 1]
        s += c * (xi[i] ** (k + 1) - xi[i - 1] ** (k + 1)) / (k + 1) + d * (xi[i] ** (k + 2) - xi[i - 1] ** (k + 2)) / (k + 2)
    return s
x = json.load(open(sys.argv[1]))["directions"][0]
ev = sorted(e[0] for e in x["sphere"]["eigenvalues"])
assert abs(x["rdot"] + 0.7) < 1e-9, x["rdot"]
assert abs(ev[1] - (0.7 - 2 * M(3) / M(1) / 1.25)) < 1e-9 and abs(ev[0] + 0.3) < 1e-9, ev
PY
else
  fail "classify ellipse with a tabulated pressure exited with $?: $(head -c 300 "$tmp/stderr")"
fi

cli_finish "find-limits (exact model)"
