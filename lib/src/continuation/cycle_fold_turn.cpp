// The other branch of a fold of cycles (continuation/orbit_branches.hpp continue_past_fold,
// docs/manual.md section 9 "Continuation of orbits", "Past a fold of cycles"). On the fixed
// section through the fold's orbit the orbits are the zeros of G(s, p) = P(s, p) - s (P the
// return map); at the fold G_s = mu - 1 = 0 and G_p != 0, so the curve G = 0 is smooth through it
// with its tangent along s, and natural continuation in p (singular there) is replaced by
// pseudo-arclength continuation in z = (s, p/L) (L the range's length): the predictor z + h t
// along the unit tangent t, the corrector Newton on
//     G(z) = 0,   t . (z - z_pred) = 0,
// with G_s = P'(s) - 1 (Liouville's formula) and G_p by a difference in p. Once the orbit is twice
// as far from the fold on the section as the branch's last point before it (there the return
// map's slope is at least as far from 1 as where natural continuation last converged), natural
// continuation takes over toward the range's end.
#include <Eigen/Dense>

#include <cmath>
#include <fmt/format.h>

#include "limitdir/continuation/orbit_branches.hpp"

namespace limitdir {

namespace {

// The orbit closes when |P(s) - s| <= 1e-10: the return map's own error (continuation/cycle_fold.cpp).
constexpr double closing_tol = 1e-10;
// G_p by a forward difference over 1e-7 of the range: the return map's error 1e-12 over the
// step gives G_p to ~1e-5 relative, enough for Newton's quadratic phase to reach closing_tol.
constexpr double dp_fraction = 1e-7;
constexpr int newton_iterations = 12;
// Arclength steps: at most 12 of them, the step halved on a failed corrector down to 1/64 of the
// first (the last step before the fold, clamped to [1e-4, 0.05] in z).
constexpr int max_steps = 12;
constexpr double min_step_ratio = 1.0 / 64, min_first_step = 1e-4, max_first_step = 0.05;
// A trajectory is followed for at most 4 periods of the fold's orbit (as the natural continuation).
constexpr double return_time_factor = 4;

struct ArcPoint {
  double s, P;  // P = p/L
  SectionReturn r;
};

/// Newton on (G, t . (z - z_pred)) from z_pred; none when a return fails or it does not converge.
std::optional<ArcPoint> correct(const ParameterFamily& family, const OrbitSection& sec, const Eigen::Vector2d& z_pred,
                                const Eigen::Vector2d& t, double L, double tau_max) {
  Eigen::Vector2d z = z_pred;
  const auto ret = [&](double s, double P) {
    return section_return_map(family.system(P * L), family.force(P * L), sec, s, tau_max);
  };
  for (int i = 0; i < newton_iterations; ++i) {
    const std::optional<SectionReturn> r = ret(z[0], z[1]);
    if (!r) return std::nullopt;
    const double G = r->s - z[0];
    if (std::abs(G) <= closing_tol && std::abs(t.dot(z - z_pred)) <= closing_tol) return ArcPoint{z[0], z[1], *r};
    const std::optional<SectionReturn> rp = ret(z[0], z[1] + dp_fraction);
    if (!rp) return std::nullopt;
    Eigen::Matrix2d J;
    J << r->slope - 1, (rp->s - r->s) / dp_fraction, t[0], t[1];
    const Eigen::Vector2d dz = J.fullPivLu().solve(Eigen::Vector2d(-G, -t.dot(z - z_pred)));
    if (!dz.allFinite()) return std::nullopt;
    z += dz;
  }
  return std::nullopt;
}

OrbitPoint orbit_point(const ParameterFamily& family, const OrbitSection& sec, const ArcPoint& a, double L,
                       int polyline_points) {
  const double p = a.P * L;
  return orbit_point_of(p, orbit_through(family.system(p), family.force(p), sec, a.s, a.r.tau, std::exp(a.r.D),
                                         std::abs(a.r.s - a.s), polyline_points));
}

}  // namespace

std::optional<OrbitContinuation> continue_past_fold(const ParameterFamily& family, const std::vector<OrbitPoint>& points,
                                                    double p_end, double range, const OrbitContinuationOptions& opt,
                                                    const std::optional<Eigen::Vector3d>& focus) {
  if (points.size() < 2 || !(range > 0)) return std::nullopt;
  const OrbitPoint &fold = points.back(), &before = points[points.size() - 2];
  const OrbitSection sec = OrbitSection::at(family.system(fold.p), family.force(fold.p), fold.w);
  if (before.w.dot(sec.p) <= 0) return std::nullopt;
  const double tau_max = return_time_factor * fold.period;
  const Eigen::Vector2d z_fold(sec.coordinate(fold.w), fold.p / range), z_before(sec.coordinate(before.w), before.p / range);
  const double s_before = std::abs(z_before[0] - z_fold[0]);
  if (!(s_before > 0)) return std::nullopt;
  // the tangent at the fold: along s, away from the branch it was reached on
  Eigen::Vector2d t(z_fold[0] > z_before[0] ? 1.0 : -1.0, 0.0);
  const double h0 = std::clamp((z_before - z_fold).norm(), min_first_step, max_first_step);
  double h = h0;
  std::vector<ArcPoint> arc{{z_fold[0], z_fold[1], SectionReturn{z_fold[0], fold.period, 1.0, std::log(fold.multiplier)}}};
  for (int k = 0; k < max_steps && std::abs(arc.back().s - z_fold[0]) < 2 * s_before;) {
    const Eigen::Vector2d z(arc.back().s, arc.back().P);
    const std::optional<ArcPoint> next = correct(family, sec, z + h * t, t, range, tau_max);
    if (!next) {
      if ((h /= 2) < min_step_ratio * h0) return std::nullopt;
      continue;
    }
    t = (Eigen::Vector2d(next->s, next->P) - z).normalized();
    arc.push_back(*next);
    ++k;
  }
  if (std::abs(arc.back().s - z_fold[0]) < 2 * s_before) return std::nullopt;
  OrbitContinuation out;
  out.points.push_back(fold);
  for (std::size_t i = 1; i < arc.size(); ++i) out.points.push_back(orbit_point(family, sec, arc[i], range, opt.polyline_points));
  const OrbitPoint& last = out.points.back();
  const System system = family.system(last.p);
  const std::optional<ClosedOrbit> start = closed_orbit_on_section(
      system, family.force(last.p), OrbitSection::at(system, family.force(last.p), last.w), 0.0, tau_max,
      opt.polyline_points, last.multiplier > 1 ? -1.0 : 1.0);
  if (!start) return std::nullopt;
  OrbitContinuation rest = continue_orbit(family, last.p, *start, p_end, range, opt, focus);
  out.points.insert(out.points.end(), rest.points.begin() + 1, rest.points.end());
  out.end = rest.end;
  return out;
}

}  // namespace limitdir
