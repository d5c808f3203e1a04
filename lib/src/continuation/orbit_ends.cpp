// How a branch of closed orbits ends (continuation/orbit_branches.hpp classify_orbit_end,
// docs/manual.md section 9 "Continuation of orbits"):
//  * fold of cycles: two orbits of multipliers mu < 1 and mu > 1 meet at mu = 1 and vanish; on
//    either branch ln mu ~ c sqrt(p_f - p) (the return map's normal form P(s) = s + a (p_f - p)
//    - b s^2 has fixed points s = +-sqrt(a (p_f - p)/b) of slope 1 -+ 2 sqrt(a b (p_f - p))),
//    so (ln mu)^2 is linear in p and its zero estimates p_f (located where mu = 1 by
//    locate_cycle_fold, continuation/cycle_fold.cpp);
//  * saddle-node on an invariant circle: the time spent in the bottleneck of the saddle-node's
//    ghost is pi/sqrt(a b |p* - p|) (Strogatz, Nonlinear Dynamics and Chaos, 4.3), the period
//    ~ C |p* - p|^(-1/2);
//  * homoclinic loop to a saddle of unstable eigenvalue lambda_u: the time spent near the saddle
//    is -(1/lambda_u) ln|p* - p| + O(1) (Kuznetsov, Elements of Applied Bifurcation Theory, 6.2).
// Both blow-ups are fitted with p* free (a grid of distances beyond the last point, refined
// by golden section) and told apart by the smaller relative residual of the fitted period.
#include "limitdir/continuation/orbit_branches.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <functional>

namespace limitdir {

namespace {

// A blow-up: the period has grown by half over the branch and it and |ln mu| rise over its last
// 3 points (near a homoclinic loop or a SNIC the orbit spends ever longer near the saddle or the
// saddle-node, ln mu ~ T times the divergence there, and mu may underflow to 0: |ln mu| = inf;
// at a fold of cycles ln mu -> 0 instead).
constexpr double blowup_ratio = 1.5;
// The blow-up is fitted on the trailing points whose period is at least 1/8 of the last one
// (there |p* - p| spans ~64 times its last value for a SNIC: the correction O(|p* - p|^(1/2)) of
// the power law and the constant part of the period are small against the singular part).
constexpr double fit_window = 8;
constexpr int min_fit_points = 4;
// p* is sought at distances from the last point between 1e-9 and 1 times the fitted span.
constexpr double min_offset = 1e-9;
constexpr int offset_grid = 181;
// The fold of cycles: (ln mu)^2 extrapolated from the last 2 points, its zero at most the span of
// the last 4 ahead.
constexpr int fold_points = 4;

struct Line {
  double a, b, rms;  // y = a + b x, the root-mean-square residual (weighted by 1/scale)
};

Line fit_line(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& scale) {
  const double n = static_cast<double>(x.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sx += x[i], sy += y[i], sxx += x[i] * x[i], sxy += x[i] * y[i];
  const double b = (n * sxy - sx * sy) / (n * sxx - sx * sx), a = (sy - b * sx) / n;
  double r = 0;
  for (std::size_t i = 0; i < x.size(); ++i) r += std::pow((y[i] - a - b * x[i]) / scale[i], 2);
  return {a, b, std::sqrt(r / n)};
}

struct Blowup {
  double p_star, exponent, rms;
};

// The law y(T) = a + b ln|p* - p| (y = ln T: the power law, b its exponent; y = T: the
// logarithmic law, -b its rate), p* beyond the last point minimising the relative residual.
Blowup fit_blowup(const std::vector<OrbitPoint>& pts, bool power) {
  const double last = pts.back().p, dir = last > pts.front().p ? 1 : -1;
  const double span = std::abs(last - pts.front().p);
  std::vector<double> y, scale;
  for (const OrbitPoint& q : pts) {
    y.push_back(power ? std::log(q.period) : q.period);
    scale.push_back(power ? 1.0 : q.period);  // both residuals relative to the period
  }
  const auto fit_at = [&](double log_offset) {
    std::vector<double> x;
    for (const OrbitPoint& q : pts) x.push_back(std::log(std::abs(last + dir * span * std::exp(log_offset) - q.p)));
    return fit_line(x, y, scale);
  };
  const double lo = std::log(min_offset);
  double best = lo, best_rms = fit_at(lo).rms;
  for (int k = 1; k < offset_grid; ++k) {
    const double t = lo * (1 - static_cast<double>(k) / (offset_grid - 1));
    if (const double r = fit_at(t).rms; r < best_rms) best = t, best_rms = r;
  }
  double a = best + lo / (offset_grid - 1), b = best - lo / (offset_grid - 1);  // golden section in between
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 60; ++i) {
    const double c = b - g * (b - a), d = a + g * (b - a);
    if (fit_at(c).rms < fit_at(d).rms)
      b = d;
    else
      a = c;
  }
  const double t = 0.5 * (a + b);
  const Line l = fit_at(t);
  return {last + dir * span * std::exp(t), l.b, l.rms};
}

std::optional<OrbitEnd> blowup_end(const std::vector<OrbitPoint>& pts) {
  const std::size_t n = pts.size();
  double t_min = pts.front().period;
  for (const OrbitPoint& q : pts) t_min = std::min(t_min, q.period);
  const double t_last = pts.back().period;
  const auto log_mu = [&](std::size_t i) { return std::abs(std::log(pts[i].multiplier)); };
  if (n < min_fit_points || t_last < blowup_ratio * t_min || !(pts[n - 3].period < pts[n - 2].period) ||
      !(pts[n - 2].period < t_last) || !(log_mu(n - 3) <= log_mu(n - 2) && log_mu(n - 2) <= log_mu(n - 1)))
    return std::nullopt;
  std::size_t first = n - 1;
  while (first > 0 && pts[first - 1].period < pts[first].period && pts[first - 1].period * fit_window >= t_last)
    --first;
  first = std::min(first, n - min_fit_points);
  const std::vector<OrbitPoint> tail(pts.begin() + static_cast<long>(first), pts.end());
  const Blowup snic = fit_blowup(tail, true), loop = fit_blowup(tail, false);
  const bool is_snic = snic.rms <= loop.rms;
  const Blowup& b = is_snic ? snic : loop;
  OrbitEnd e;
  e.kind = is_snic ? "snic" : "homoclinic";
  e.p = b.p_star;
  e.p_error = std::abs(b.p_star - pts.back().p);
  e.exponent = is_snic ? b.exponent : -b.exponent;
  e.reason = fmt::format(
      "period blow-up ({:.4g} to {:.4g}) fitted on the last {} points: T = C |p* - p|^beta with beta = {:.4f} "
      "(relative residual {:.2g}), T = a - b ln|p* - p| with b = {:.4g} (residual {:.2g}); the {} law fits better",
      t_min, t_last, tail.size(), snic.exponent, snic.rms, -loop.exponent, loop.rms, is_snic ? "power" : "logarithmic");
  return e;
}

std::optional<OrbitEnd> fold_end(const std::vector<OrbitPoint>& pts) {
  const std::size_t n = pts.size();
  if (n < fold_points) return std::nullopt;
  const auto y = [&](std::size_t i) { return std::pow(std::log(pts[i].multiplier), 2); };
  // (ln mu)^2 falls over the last 3 points, and its secant through the last two (the sqrt law's
  // leading order, ever better as the points near the fold) vanishes at most the span of the
  // last fold_points points ahead
  if (!(y(n - 1) < y(n - 2) && y(n - 2) < y(n - 3))) return std::nullopt;
  const double last = pts[n - 1].p, before = pts[n - 2].p;
  const double p_f = last + y(n - 1) * (last - before) / (y(n - 2) - y(n - 1));
  const double span = std::abs(last - pts[n - fold_points].p), dir = last > before ? 1 : -1;
  if (!(dir * (p_f - last) >= 0 && dir * (p_f - last) <= span)) return std::nullopt;
  OrbitEnd e;
  e.kind = "cycle-fold";
  e.p = p_f;
  e.p_error = std::abs(p_f - last);
  e.reason = fmt::format("the multiplier tends to 1 ({:.6g} at the last point): (ln mu)^2, linear in p at a fold of "
                         "cycles, extrapolates to 0 at p = {:.9g}",
                         pts.back().multiplier, p_f);
  return e;
}

}  // namespace

OrbitEnd classify_orbit_end(const std::vector<OrbitPoint>& points) {
  if (std::optional<OrbitEnd> e = blowup_end(points)) return *e;
  if (std::optional<OrbitEnd> e = fold_end(points)) return *e;
  OrbitEnd e;
  e.kind = "lost";
  e.p = points.back().p;
  e.reason = fmt::format("the corrector failed below the smallest step at p = {:.9g} (period {:.6g}, multiplier "
                         "{:.6g}) without a period blow-up or a multiplier tending to 1",
                         e.p, points.back().period, points.back().multiplier);
  return e;
}

}  // namespace limitdir
