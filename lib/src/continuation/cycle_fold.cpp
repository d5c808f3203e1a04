// The fold of cycles at the end of a branch of closed orbits, located where the multiplier
// reaches 1 (continuation/orbit_branches.hpp locate_cycle_fold, docs/manual.md section 9
// "Continuation of orbits"). On a fixed section with the return map P(s, p), the orbits are the
// zeros of g(s, p) = P(s, p) - s and the fold is where also g_s = mu - 1 = 0 (mu the multiplier,
// the slope of P at a fixed point by Liouville's formula). There g_p != 0 (a generic fold), so
// near it the branch is a graph p(s) over the section, g(s, p(s)) = 0, and the fold is the
// extremum of p(s), where dp/ds = -g_s/g_p = 0, i.e. ln mu(s) = 0: two nested secant iterations,
// p(s) for a given s (inner) and the zero of ln mu(s) (outer), both regular at the fold where
// Newton on P(s) - s at a fixed p is singular.
#include <cmath>
#include <fmt/format.h>

#include "limitdir/continuation/orbit_branches.hpp"

namespace limitdir {

namespace {

// The orbit closes when |P(s) - s| <= 1e-10: the return map's own error at the integrator
// tolerance 1e-12 over ~1e2-1e3 steps (dynamics/orbit_section.cpp).
constexpr double closing_tol = 1e-10;
// The fold is where |ln mu| <= 1e-9: mu is exp(D) with D integrated to ~1e-10 as P.
constexpr double fold_tol = 1e-9;
constexpr int inner_iterations = 20, outer_iterations = 30;
// The outer step in s at most 0.1 (as the corrector's move, OrbitContinuationOptions).
constexpr double max_s_step = 0.1;

struct Closed {
  double p, tau, D, g_p, residual;
};

// p(s): the parameter at which the orbit through the section's point s closes, P(s, p) = s,
// by the secant method from p0 and p1.
std::optional<Closed> close_at(const ParameterFamily& family, const OrbitSection& sec, double s, double p0, double p1,
                               double tau_max) {
  const auto ret = [&](double p) { return section_return_map(family.system(p), family.force(p), sec, s, tau_max); };
  std::optional<SectionReturn> r0 = ret(p0), r1 = ret(p1);
  for (int i = 0; i < inner_iterations && r0 && r1; ++i) {
    const double g0 = r0->s - s, g1 = r1->s - s, g_p = (g1 - g0) / (p1 - p0);
    if (std::abs(g1) <= closing_tol) return Closed{p1, r1->tau, r1->D, g_p, std::abs(g1)};
    if (!std::isfinite(g_p) || g_p == 0) return std::nullopt;
    const double p2 = p1 - g1 / g_p;
    p0 = p1, r0 = r1, p1 = p2, r1 = ret(p2);
  }
  return std::nullopt;
}

}  // namespace

std::optional<CycleFold> locate_cycle_fold(const ParameterFamily& family, const OrbitSection& sec,
                                           const std::vector<OrbitPoint>& points, double tau_max,
                                           int polyline_points) {
  if (points.size() < 2) return std::nullopt;
  const OrbitPoint &a = points[points.size() - 2], &b = points.back();
  if (a.w.dot(sec.p) <= 0 || b.w.dot(sec.p) <= 0) return std::nullopt;
  double s0 = sec.coordinate(a.w), s1 = sec.coordinate(b.w);
  const double dp = b.p - a.p;  // a small offset in p for the secant's second start
  std::optional<Closed> x0 = close_at(family, sec, s0, a.p, a.p + 1e-3 * dp, tau_max);
  std::optional<Closed> x1 = close_at(family, sec, s1, b.p, b.p + 1e-3 * dp, tau_max);
  for (int it = 0; it < outer_iterations && x0 && x1; ++it) {
    const double h0 = x0->D, h1 = x1->D;  // ln mu = D
    if (std::abs(h1) <= fold_tol) {
      const System system = family.system(x1->p);
      CycleFold f{x1->p, closing_tol / std::abs(x1->g_p) + std::abs(x1->p - x0->p),
                  orbit_through(system, family.force(x1->p), sec, s1, x1->tau, std::exp(x1->D), x1->residual,
                                polyline_points),
                  ""};
      f.reason = fmt::format("located where the multiplier reaches 1 (|ln mu| = {:.2g}) in {} secant steps on the "
                             "section, the orbit closing to {:.1g}",
                             std::abs(h1), it, x1->residual);
      return f;
    }
    double s2 = s1 - h1 * (s1 - s0) / (h1 - h0);
    if (!std::isfinite(s2)) return std::nullopt;
    if (std::abs(s2 - s1) > max_s_step) s2 = s1 + std::copysign(max_s_step, s2 - s1);
    // p(s) extrapolated linearly in s for the inner secant's second start
    const double p_guess = x1->p + (x1->p - x0->p) * (s2 - s1) / (s1 - s0);
    std::optional<Closed> x2 =
        close_at(family, sec, s2, x1->p, p_guess != x1->p ? p_guess : x1->p + 1e-3 * dp, tau_max);
    s0 = s1, x0 = x1, s1 = s2, x1 = x2;
  }
  return std::nullopt;
}

}  // namespace limitdir
