#!/usr/bin/env bash
# The thin-ring pressure of [Kireenkov] (docs/manual.md section 4): "ring", {"ring": xi0} with
# 0 < xi0 <= 1 and --pressure ring / ring:XI0. Bad radii and the contacts and models that need an
# area density are bad input: exit 2, one line naming the key. Good input: the limit directions of
# share/problems/disc-ring.json (proven with the rim ring's enclosures where the types are decided;
# a ring inside the contact has none: checked, never "proven") and the pressure written back. Usage: bash ring_pressure.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
disc="$share/problems/disc.json"
ring="$share/problems/disc-ring.json"

problem() {
  printf '%s\n' "$2" >"$tmp/$1"
}
head='"schema": "limitdir.problem/1", "system": {"preset": "disc"}, "friction": {"model": "exact"}, "force": 0.3'
problem ring-zero.json "{$head, \"contact\": {\"pressure\": {\"ring\": 0}}}"
problem ring-big.json "{$head, \"contact\": {\"pressure\": {\"ring\": 1.5}}}"
problem ring-text.json "{$head, \"contact\": {\"pressure\": {\"ring\": \"a\"}}}"
problem ring-negative.json "{$head, \"contact\": {\"pressure\": {\"ring\": -0.5}}}"
problem ring-two-keys.json "{$head, \"contact\": {\"pressure\": {\"ring\": 0.5, \"power\": 1}}}"
problem ring-ellipse.json '{"system": {"preset": "plate"}, "contact": {"shape": {"ellipse": [1, 0.5]}, "pressure": "ring"}, "friction": {"model": "exact"}, "force": 0.3}'
problem ring-distortion.json "{$head, \"contact\": {\"pressure\": {\"ring\": 0.5}, \"distortion\": {\"d\": 0.2}}}"
problem ring-kudra.json '{"schema": "limitdir.problem/1", "system": {"preset": "disc"}, "contact": {"pressure": "ring"}, "friction": {"model": "kudra-pade"}, "force": 0.3}'
problem ring-kireenkov-pade.json '{"schema": "limitdir.problem/1", "system": {"preset": "disc"}, "contact": {"pressure": {"ring": 0.5}}, "friction": {"model": "kireenkov-pade", "order": 2, "k0": 0.5}, "rho": "kappa", "force": 0.3}'
problem ring-kireenkov-exact.json '{"schema": "limitdir.problem/1", "system": {"preset": "disc"}, "contact": {"pressure": {"ring": 0.5}}, "friction": {"model": "kireenkov-exact", "k0": 0.5}, "rho": "kappa", "force": 0.3}'
problem ring-shift.json "{$head, \"contact\": {\"pressure\": {\"ring\": 0.5}, \"shift\": {\"k\": 0.3}}}"
problem ring-kireenkov-k0.json '{"schema": "limitdir.problem/1", "system": {"preset": "disc"}, "contact": {"pressure": {"ring": 0.5}}, "friction": {"model": "kireenkov-exact", "k0": 1.5}, "force": 0.3}'
problem ellipse.json '{"system": {"preset": "plate"}, "contact": {"shape": {"ellipse": [1, 0.5]}}, "friction": {"model": "exact"}, "force": 0.3}'

expect_bad "contact.pressure.ring" "$tmp/ring-zero.json"
expect_bad "contact.pressure.ring" "$tmp/ring-big.json"
expect_bad "contact.pressure.ring" "$tmp/ring-text.json"
expect_bad "contact.pressure.ring" "$tmp/ring-negative.json"
expect_bad "contact.pressure" "$tmp/ring-two-keys.json"
expect_bad "needs a circular contact" "$tmp/ring-ellipse.json"
expect_bad "needs a circular contact" "$tmp/ring-distortion.json"
expect_bad "friction" "$tmp/ring-kudra.json"
expect_bad "--pressure" "$disc" --pressure ring:0
expect_bad "--pressure" "$disc" --pressure ring:1.5
expect_bad "--pressure" "$disc" --pressure ring:a
# below sqrt(DBL_MIN) the ring's moment xi0^2 (and so kappa and the default rho) leaves the doubles
expect_bad "leaves the range of doubles" "$disc" --pressure ring:1e-300
problem ring-tiny.json "{$head, \"contact\": {\"pressure\": {\"ring\": 1e-200}}}"
expect_bad "leaves the range of doubles" "$tmp/ring-tiny.json"
expect_bad "needs a circular contact" "$tmp/ellipse.json" --pressure ring
expect_bad "--model" "$ring" --model kudra-pade
expect_bad "k0" "$tmp/ring-kireenkov-k0.json"
# a constant shift on the ring is refused, naming the coupled shift that is supported
expect_bad "kireenkov-exact" "$tmp/ring-shift.json"

# Kireenkov's own models on the ring (docs/manual.md section 7, "The thin ring"): the shifted disc
# at F = 0.3 has its two sliding directions and a pair of mirrored ones (the lateral force turns
# them off the meridian w2 = 0): index sum 2, every direction hyperbolic
for model in pade exact; do
  expect_report limits.schema.json 'r["certificate"]["level"] == "checked" and r["certificate"]["index_sum"] == 2 and len(r["limit_directions"]) == 4 and sum(abs(d["w"][1]) > 0.01 for d in r["limit_directions"]) == 2' "$tmp/ring-kireenkov-$model.json"
done

# the bundled problem (the homogeneous disc, j = 1/2): the ring at the rim has rigorous enclosures,
# the count is proven; the type of pure sliding is not (a star node: its two eigenvalues coincide)
expect_report limits.schema.json '[c["level"] for c in r["certificate"]["claims"]][:2] == ["proven", "checked"] and "not decided by its enclosures" in r["certificate"]["reason"] and r["problem"]["contact"]["pressure"] == "ring" and r["certificate"]["index_sum"] == 2 and len(r["limit_directions"]) == 6' "$ring"
# j = 0.4: proven
expect_report limits.schema.json 'r["certificate"]["level"] == "proven"' "$ring" --set system.j=0.4
# --pressure ring:0.5 on the plain disc: written back as {"ring": 0.5}; a ring inside the contact
# has no enclosure (its log-singular circle lies inside the pole half): checked, with the reason
expect_report limits.schema.json 'r["problem"]["contact"]["pressure"] == {"ring": 0.5} and r["certificate"]["level"] == "checked" and "no rigorous (interval) enclosure" in r["certificate"]["reason"]' "$disc" --pressure ring:0.5 --force 0.3 --model exact
# the harmonic model of the ring (its coefficients (83) are quadratures of the ring's closed form)
expect_report limits.schema.json 'r["certificate"]["index_sum"] == 2' "$ring" --model harmonic --degree 4

app="$bin/friction-model"
# plumbing: the grid of the friction report takes the ring's own exact model as its reference (no
# contact of an area density is built), so the exact model differs from it by exactly 0; kappa = xi0
expect_report friction.schema.json 'r["kappa"] == 0.5 and max(r["max_error"][k]["value"] for k in ("q1", "q2", "q3")) == 0.0' "$disc" --pressure ring:0.5 --grid 7,4 --model exact
# kireenkov-exact's grid reference is kireenkov-exact on the ring itself (the coupled shift on the
# ring, no contact of an area density): difference exactly 0
expect_report friction.schema.json 'r["kappa"] == 0.5 and max(r["max_error"][k]["value"] for k in ("q1", "q2", "q3")) == 0.0' "$tmp/ring-kireenkov-exact.json" --grid 7,4
# at eps = xi0 (w = (1, 0, 1)/sqrt(2), rho = xi0 = 1) the centre of rotation is on the ring: q is
# (-2/pi, 0, -2/pi) (E(1) = 1; 1e-15: the roundings of 2/pi and of w = x/|x|), dq/dw is infinite
# (log) on both sides: null, not differentiable
expect_report friction.schema.json 'r["values"][0]["dq_dw"] is None and not r["values"][0]["differentiable"] and abs(r["values"][0]["q"][0] + 2 / math.pi) <= 1e-15 and abs(r["values"][0]["q"][2] + 2 / math.pi) <= 1e-15' "$ring" --at 1,0,1
cli_finish "ring pressure"
