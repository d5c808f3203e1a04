// Continuation of closed orbits in a parameter: continuation/orbit_branches.hpp, docs/manual.md
// section 9 "Continuation of orbits". Natural-parameter continuation: the predictor extrapolates
// the section point and the period quadratically from the last three points (the period also
// shortens the step), the corrector is Newton
// on the return map of a section through the orbit normal to the flow there
// (dynamics/orbit_section.hpp), re-anchored at the new orbit when the flow crosses it at less
// than 30 degrees from the section's plane, or when the orbit has moved 0.25 rad along it.
#include "limitdir/continuation/orbit_branches.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/dynamics/orbit_section.hpp"

namespace limitdir {

namespace {

// The orbit has shrunk onto the focus of its Hopf point: amplitude below 0.02 rad. Closer, the
// return map's slope mu - 1 ~ amplitude^2 makes Newton's fixed point (to 1e-9 in P(s) - s)
// uncertain beyond 1e-9/(mu - 1).
constexpr double hopf_end_amplitude = 0.02;
// Re-anchor the section: the flow crosses it at sin(angle) < 0.5, or the section point is
// 0.25 rad from its anchor (the return is sought within 0.5 rad of the anchor).
constexpr double min_transversality = 0.5;
constexpr double max_anchor_distance = 0.25;
// Steps grow by 1.5 after an accepted step and halve after a rejected one.
constexpr double step_growth = 1.5;
// A trajectory is followed for at most 1.5 times the longest period a step accepts
// (max_period_ratio times the last one) before the return is declared lost: an iterate of the
// corrector starts within ~1e-3 of its orbit, whose return time is within a few percent of the
// period, and a longer return could only make an orbit the step rejects.
constexpr double lost_return_factor = 1.5;
// The step is shortened (by 0.7 at a time, no integration) until the predicted period changes by
// at most 60% of what a step accepts: the quadratic predictor underestimates a period that grows
// like (p* - p)^(-1/2) toward a SNIC by ~4% at steps of 30% of p* - p (a ratio of 1.20 against
// 1.15 predicted), within the 30% accepted. Without it two steps in five were rejected near a
// SNIC, at the longest periods (disc-shift.json: 2/3 of the branch's integration time).
constexpr double predicted_ratio_share = 0.6;
constexpr double step_shrink = 0.7;

bool transverse(const System& system, double F, const OrbitSection& sec, const Eigen::Vector3d& w) {
  const Eigen::Vector3d V = system.spherical(w, F);
  return V.dot(sec.v) >= min_transversality * V.norm() && (w - sec.p).norm() <= max_anchor_distance;
}

// The predictor: the section point and period extrapolated in p by the Lagrange polynomial
// through the last three points (the last two, or the last alone, at the start).
std::pair<Eigen::Vector3d, double> predict(const std::vector<OrbitPoint>& pts, double p) {
  const std::size_t n = std::min<std::size_t>(pts.size(), 3);
  Eigen::Vector3d w = Eigen::Vector3d::Zero();
  double T = 0;
  for (std::size_t i = pts.size() - n; i < pts.size(); ++i) {
    double l = 1;
    for (std::size_t j = pts.size() - n; j < pts.size(); ++j)
      if (j != i) l *= (p - pts[j].p) / (pts[i].p - pts[j].p);
    w += l * pts[i].w;
    T += l * pts[i].period;
  }
  return {w.normalized(), std::max(T, 0.0)};
}

// The step toward p_end from `last`, at most h, shortened while the predicted period leaves the
// band a step accepts with predicted_ratio_share of its margin (not below h_min, where the
// corrector decides).
double limited_step(const std::vector<OrbitPoint>& pts, double p_end, double dir, double h, double h_min,
                    double max_period_ratio) {
  const double band = 1 + predicted_ratio_share * (max_period_ratio - 1);
  const double last_T = pts.back().period;
  for (;;) {
    const double p = dir * (pts.back().p + dir * h - p_end) > 0 ? p_end : pts.back().p + dir * h;
    const double T = predict(pts, p).second;
    if ((T <= band * last_T && T * band >= last_T) || h * step_shrink < h_min) return h;
    h *= step_shrink;
  }
}

OrbitEnd end_at(const std::string& kind, const OrbitPoint& last, const std::string& reason) {
  OrbitEnd e;
  e.kind = kind;
  e.p = last.p;
  e.reason = reason;
  return e;
}

// A fold of cycles extrapolated by classify_orbit_end, located where the multiplier reaches 1
// (locate_cycle_fold): the fold's orbit becomes the branch's last point; else the extrapolated
// value stays, and the reason says so.
void locate_fold_end(const ParameterFamily& family, const OrbitSection& sec, const OrbitContinuationOptions& opt,
                     OrbitContinuation& out) {
  // the fold's period is within the accepted band of the last point's
  const double tau_max = lost_return_factor * opt.max_period_ratio * out.points.back().period;
  const std::optional<CycleFold> f = locate_cycle_fold(family, sec, out.points, tau_max, opt.polyline_points);
  const double ahead = (out.end.p - out.points.back().p) * (f ? f->p - out.points.back().p : 0);
  if (f && ahead >= 0 && std::abs(f->p - out.end.p) <= std::abs(out.end.p - out.points.back().p) + out.end.p_error) {
    out.points.push_back(orbit_point_of(f->p, f->orbit));
    out.end.p = f->p;
    out.end.p_error = f->p_error;
    out.end.reason += "; " + f->reason;
  } else {
    out.end.reason += "; not located where the multiplier reaches 1 (the secant on the section did not converge "
                      "ahead of the last point): the extrapolated value";
  }
}

}  // namespace

OrbitPoint orbit_point_of(double p, const ClosedOrbit& o) {
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d& w : o.polyline) centre += w;
  centre /= std::max<std::size_t>(o.polyline.size(), 1);
  double amplitude = 0;
  for (const Eigen::Vector3d& w : o.polyline) amplitude = std::max(amplitude, (w - centre).norm());
  return {p, o.period, o.multiplier, o.w, o.rdot_mean, amplitude};
}

OrbitContinuation continue_orbit(const ParameterFamily& family, double p0, const ClosedOrbit& start, double p_end,
                                 double range, const OrbitContinuationOptions& opt,
                                 const std::optional<Eigen::Vector3d>& focus) {
  if (!(range > 0) || !(opt.h_min > 0 && opt.h_min <= opt.h_initial && opt.h_initial <= opt.h_max))
    throw InputError("orbit continuation: the range must be positive and 0 < h_min <= h_initial <= h_max");
  OrbitContinuation out;
  out.points.push_back(orbit_point_of(p0, start));
  const double dir = p_end >= p0 ? 1 : -1;
  double h = opt.h_initial * range;
  OrbitSection sec = OrbitSection::at(family.system(p0), family.force(p0), start.w);
  // a branch toward a period blow-up takes seconds to minutes (the exact contact model): its
  // points counted once a second on the run's progress hook (core/progress.hpp)
  ProgressCounter progress(current_progress(), fmt::format("closed orbits: branch from {:.9g}, points", p0), 0);
  for (;;) {
    const OrbitPoint& last = out.points.back();
    std::optional<OrbitEnd> end;
    if (focus && last.amplitude < hopf_end_amplitude)
      end = end_at("hopf", last,
                   fmt::format("the orbit has shrunk onto the focus (amplitude {:.3g} < {})", last.amplitude,
                               hopf_end_amplitude));
    else if (last.p == p_end)
      end = end_at("range-end", last, "continued to the range's end");
    else if (static_cast<int>(out.points.size()) >= opt.max_points)
      end = end_at("lost", last, fmt::format("stopped after {} points (max_points)", opt.max_points));
    else if (h < opt.h_min * range)
      end = classify_orbit_end(out.points);
    // toward a Hopf event the multiplier tends to 1 as the orbit shrinks onto the focus, as at a
    // fold of cycles: a fold extrapolated to within the last step's distance of the Hopf point is it
    if (end && focus && end->kind == "cycle-fold" && std::abs(end->p - p_end) <= std::abs(p_end - last.p))
      end = end_at("hopf", last,
                   fmt::format("the multiplier tends to 1 toward the Hopf point (amplitude {:.3g}): {}", last.amplitude,
                               end->reason));
    if (end) {
      out.end = *end;
      if (end->kind == "cycle-fold") locate_fold_end(family, sec, opt, out);
      return out;
    }
    h = limited_step(out.points, p_end, dir, h, opt.h_min * range, opt.max_period_ratio);
    const double p = dir * (last.p + dir * h - p_end) > 0 ? p_end : last.p + dir * h;
    const Eigen::Vector3d w_pred = predict(out.points, p).first;
    const System system = family.system(p);
    const double F = family.force(p);
    std::optional<ClosedOrbit> o;
    // a repelling orbit backward in time; the secant method from the last orbit's slope in that
    // direction (at a fixed point P' = multiplier^sign), its returns without the Jacobian
    const double sign = last.multiplier > 1 ? -1.0 : 1.0;
    if (w_pred.dot(sec.p) > 0)
      o = closed_orbit_on_section(system, F, sec, sec.coordinate(w_pred),
                                  lost_return_factor * opt.max_period_ratio * last.period, opt.polyline_points, sign,
                                  std::pow(last.multiplier, sign));
    const bool accept = o && (o->w - w_pred).norm() <= opt.max_point_move &&
                        o->period <= opt.max_period_ratio * last.period &&
                        o->period * opt.max_period_ratio >= last.period;
    if (!accept) {
      h /= 2;
      continue;
    }
    out.points.push_back(orbit_point_of(p, *o));
    progress.step(out.points.size());
    h = std::min(h * step_growth, opt.h_max * range);
    if (!transverse(system, F, sec, o->w)) sec = OrbitSection::at(system, F, o->w);
  }
}

}  // namespace limitdir
