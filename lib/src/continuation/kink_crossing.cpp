// Branches that meet a kink set of the friction model: see continuation/kink_crossing.hpp.
#include "continuation/kink_crossing.hpp"

#include <cmath>
#include <functional>
#include <optional>
#include <fmt/format.h>

#include "limitdir/friction/model.hpp"
#include "limitdir/numerics/sphere.hpp"

namespace limitdir::detail {

namespace {

// The walker halves its step down to h_min (1e-9 by default) before it gives up, and a step
// across a corner is refused for every h above the distance to it: the last node lies within a
// few h_min of the set (5e-11 to 3e-10 measured on the disc and the ellipse). 1e3 h_min leaves
// room for a branch that meets the set at a shallow angle; farther, the failure is not the kink's.
constexpr double kink_reach_per_h_min = 1e3;
// The projected point must be a limit direction: |V*| there is the distance to the set times
// |J_T| ~ 1, so 1e3 h_min again, with the same margin.
constexpr double kink_residual_per_h_min = 1e3;
// The branches leaving the kink point are looked for at p_k -+ 1e-4 (1 + |p_k|), off the set by
// r = 1e-4, 1e-3, 1e-2 on each side: a corner F - F* ~ b |w3| with b of order 1 puts them at
// |w3| ~ 1e-4, and Newton at fixed p from within ten times that converges to the nearest zero.
constexpr double side_load_step = 1e-4;
constexpr double side_offsets[] = {1e-4, 1e-3, 1e-2};

// The point of the nearest kink set (equator or pole) to w and the unit normal of that set
// there (for a pole: one direction of its tangent plane; the caller turns it).
struct OnSet {
  Eigen::Vector3d w, normal;
  std::string name;
};

std::string what_q_does(Smoothness s) {
  return s == Smoothness::kink ? "where q has a kink" : s == Smoothness::c1 ? "where q is C^1, not C^2" : "where q jumps";
}

OnSet nearest_on_set(const KinkSets& sets, const Eigen::Vector3d& w) {
  const double to_equator = sets.equator != Smoothness::smooth ? std::abs(w.z()) : INFINITY;
  const double to_pole = sets.poles != Smoothness::smooth ? std::hypot(w.x(), w.y()) : INFINITY;
  if (to_equator <= to_pole)
    return {Eigen::Vector3d(w.x(), w.y(), 0.0).normalized(), Eigen::Vector3d::UnitZ(),
            "equator, " + what_q_does(sets.equator)};
  return {Eigen::Vector3d(0.0, 0.0, w.z() < 0 ? -1.0 : 1.0), Eigen::Vector3d::UnitX(),
          "pole, " + what_q_does(sets.poles)};
}

}  // namespace

bool KinkCrossing::end_at_kink(const Node& cur, int branch) {
  const double p = cur.x[4];
  const std::shared_ptr<const System> sys = tr_.field().system_ptr(p);
  const KinkSets sets = sys->friction().kink_sets();
  const Eigen::Vector3d w = cur.x.head<3>().normalized();
  const double h_min = tr_.options().h_min, d = distance_to_kink(sets, w);
  if (!(d <= kink_reach_per_h_min * h_min)) return false;
  const OnSet on = nearest_on_set(sets, w);
  const Smoothness kind = on.normal == Eigen::Vector3d::UnitZ() ? sets.equator : sets.poles;
  if (kind == Smoothness::jump) {  // q jumps: V* has no zero there to continue through
    findings_.doubts.push_back(fmt::format("branch {} stopped at {} = {} on the model's {}: the continuation does "
                                           "not cross a discontinuity of V*",
                                           branch, name_, p, on.name));
    return true;
  }
  const double residual = spherical_part(on.w, sys->field(on.w, tr_.field().force(p))).norm();
  if (!(residual <= kink_residual_per_h_min * h_min)) return false;
  // p at the set by the tangent: p_k = p + t_p d/|t across|, within that step
  const double across = std::abs(cur.t.head<3>().dot(on.normal));
  const double p_step = across > 0 ? std::abs(cur.t[4]) * d / across : d;
  Event e;
  e.kind = EventKind::kink;
  e.p = p;
  e.directions = {on.w};
  e.branches = {branch};
  e.p_error = p_step;
  log_.add(e);
  findings_.notes.push_back(fmt::format(
      "branches meet the model's kink set at the {} (kink events): the corrector stops there, the branches on both "
      "sides are seeded at the kink point and every kink event is checked against find-limits on both sides, which "
      "solves V* on the kink sets themselves",
      on.name));
  if (on.normal == Eigen::Vector3d::UnitZ()) {
    seed_other_side(on.w, on.normal, cur.x[3], p);
  } else {
    for (const Eigen::Vector3d& n : {Eigen::Vector3d::UnitX().eval(), Eigen::Vector3d::UnitY().eval()})
      seed_other_side(on.w, n, cur.x[3], p);
  }
  return true;
}

void KinkCrossing::crossed(const Node& a, const Node& b, double h, int branch) {
  crossed_pole(a, b, h, branch);
  const Smoothness equator = tr_.field().system(a.x[4]).friction().kink_sets().equator;
  if (equator != Smoothness::kink && equator != Smoothness::c1) return;
  // a branch that lies in the equator has w3 at rounding (1e-14) with either sign: a crossing
  // starts and ends off it by more than the reach of a kink
  const double reach = kink_reach_per_h_min * tr_.options().h_min;
  const double za = a.x[2] / a.x.head<3>().norm(), zb = b.x[2] / b.x.head<3>().norm();
  if (!(std::abs(za) > reach && std::abs(zb) > reach) || (za < 0) == (zb < 0)) return;
  const auto [nlo, nhi] = bisect(a, b, h, [&](const Node& n) { return (n.x[2] < 0) == (za < 0); });
  log_crossing(nlo, nhi, Eigen::Vector3d(nlo.x[0], nlo.x[1], 0.0).normalized(), branch,
               fmt::format("the equator, {} (kink events, located by bisection in arclength on w3)", what_q_does(equator)));
}

// A step that passes over a pole (its ends on opposite sides in (w1, w2)): bisection in
// arclength on the component of (w1, w2) along the start's, to the point where it changes sign;
// the branch crosses the pole when (w1, w2) there is within the kink reach of 0 (a branch held
// on the invariant circle w2 = 0 by symmetry passes through it; one passing beside the pole
// is smooth there and gets no event).
void KinkCrossing::crossed_pole(const Node& a, const Node& b, double h, int branch) {
  const Eigen::Vector2d xa = a.x.head<2>(), xb = b.x.head<2>();
  if (!(xa.dot(xb) < 0) || (a.x[2] < 0) != (b.x[2] < 0)) return;
  const Smoothness poles = tr_.field().system(a.x[4]).friction().kink_sets().poles;
  if (poles != Smoothness::kink && poles != Smoothness::c1) return;
  const auto [nlo, nhi] = bisect(a, b, h, [&](const Node& n) { return n.x.head<2>().dot(xa) > 0; });
  const double reach = kink_reach_per_h_min * tr_.options().h_min;
  if (!(nlo.x.head<2>().norm() <= reach * nlo.x.head<3>().norm())) return;
  log_crossing(nlo, nhi, Eigen::Vector3d(0.0, 0.0, a.x[2] < 0 ? -1.0 : 1.0), branch,
               fmt::format("a pole, {} (kink events, located by bisection in arclength on (w1, w2))", what_q_does(poles)));
}

// Bisection in arclength from a, as BranchTracer::locate: the nodes on either side of the
// change of `same_as_a`, to the event tolerance in p.
std::pair<Node, Node> KinkCrossing::bisect(const Node& a, const Node& b, double h,
                                           const std::function<bool(const Node&)>& same_as_a) {
  double lo = 0, hi = h;
  Node nlo = a, nhi = b;
  constexpr int max_halvings = 60;  // 2^-60 h: below the rounding of the arclength
  for (int it = 0; it < max_halvings && std::abs(nhi.x[4] - nlo.x[4]) > tr_.options().p_tol; ++it) {
    const std::optional<Node> nm = tr_.at(nlo, 0.5 * (hi - lo));
    if (!nm) break;
    const bool left = same_as_a(*nm);
    (left ? nlo : nhi) = *nm;
    (left ? lo : hi) = 0.5 * (lo + hi);
  }
  return {nlo, nhi};
}

void KinkCrossing::log_crossing(const Node& nlo, const Node& nhi, const Eigen::Vector3d& w, int branch,
                                const std::string& where) {
  Event e;
  e.kind = EventKind::kink;
  e.p = 0.5 * (nlo.x[4] + nhi.x[4]);
  e.directions = {w};
  e.branches = {branch};
  e.p_error = 0.5 * std::abs(nhi.x[4] - nlo.x[4]);
  e.located = e.p_error <= tr_.options().p_tol;
  if (!range_.inside(e.p)) return;
  log_.add(e);
  findings_.notes.push_back("branches cross the model's kink set at " + where);
}

void KinkCrossing::seed_other_side(const Eigen::Vector3d& w_k, const Eigen::Vector3d& normal, double rdot,
                                   double p_k) {
  const double dp = side_load_step * (1 + std::abs(p_k));
  for (double p : {p_k - dp, p_k + dp}) {
    if (!range_.inside(p)) continue;
    for (double r : side_offsets)
      for (double s : {1.0, -1.0}) {
        X x = make_x((w_k + s * r * normal).normalized(), rdot, p);
        if (tr_.correct_at_p(x, p)) seeder_.add_seed(x.head<3>().normalized(), x[3], p);
      }
  }
}

}  // namespace limitdir::detail
