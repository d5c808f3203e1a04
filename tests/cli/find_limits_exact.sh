#!/usr/bin/env bash
# find-limits --require proven with the exact friction model: uniform pressure (closed form
# (57)-(60), enclosed with Arb) and Hertz pressure (62)-(63) reach "proven" (exit 0); pressures
# integrated by ring quadrature (Galin, a tabulated profile) stay "checked", exit 3 under
# --require proven, and the certificate's reason names the model that has no enclosure.
# Usage: bash find_limits_exact.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"

# level FILE: the certificate level of a report; reason FILE: its reason.
level() { python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['certificate']['level'])" "$1"; }
reason() { python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['certificate']['reason'])" "$1"; }

for args in "$share/problems/disc-exact.json --force 0.3" "$share/problems/disc-exact.json --force 1.5" \
            "$share/problems/ball.json --model exact --force 0.6"; do
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

for case in "disc-galin.json:galin" "disc-profile.json:profile"; do
  file=${case%%:*} name=${case##*:}
  run "$share/problems/$file" --force 0.3
  if [[ $rc -ne 0 ]]; then
    fail "find-limits $file --force 0.3 exited with $rc: $(head -c 400 "$tmp/stderr")"
    continue
  fi
  [[ $(level "$tmp/stdout") == checked ]] || fail "find-limits $file: certificate.level is $(level "$tmp/stdout"), not checked"
  why=$(reason "$tmp/stdout") before=$failures
  [[ $why == *"no rigorous (interval) enclosure"* && $why == *"exact, $name"* && $why == *"ring quadrature"* ]] ||
    fail "find-limits $file: the reason does not name the model without an enclosure: $why"
  run "$share/problems/$file" --force 0.3 --require proven
  [[ $rc -eq 3 ]] || fail "find-limits $file --require proven exited with $rc (want 3)"
  [[ $failures -eq $before ]] && echo "ok: find-limits $file stays checked: $why"
done

cli_finish "find-limits (exact model)"
