// Branches that meet a kink set of the friction model: see continuation/kink_crossing.hpp.
#include "continuation/kink_crossing.hpp"

#include <cmath>
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

OnSet nearest_on_set(const KinkSets& sets, const Eigen::Vector3d& w) {
  const double to_equator = sets.equator != Smoothness::smooth ? std::abs(w.z()) : INFINITY;
  const double to_pole = sets.poles != Smoothness::smooth ? std::hypot(w.x(), w.y()) : INFINITY;
  if (to_equator <= to_pole)
    return {Eigen::Vector3d(w.x(), w.y(), 0.0).normalized(), Eigen::Vector3d::UnitZ(),
            "equator (" + to_string(sets.equator) + ")"};
  return {Eigen::Vector3d(0.0, 0.0, w.z() < 0 ? -1.0 : 1.0), Eigen::Vector3d::UnitX(),
          "pole (" + to_string(sets.poles) + ")"};
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
    findings_.doubts.push_back(fmt::format("branch {} stopped at {} = {} on the model's {}, where q jumps: the "
                                           "continuation does not cross a discontinuity of V*",
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
