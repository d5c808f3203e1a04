// The proof of one closed orbit (limits/orbit_proof.hpp): the section, the return map P and P'
// from the validated integrator (limits/validated_flow.cpp), the Krawczyk operator on the
// section's parameter. Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limitdir/limits/orbit_proof.hpp"

#include <array>
#include <cmath>
#include <ctime>
#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limits/validated_flow.hpp"

namespace limitdir {

namespace {

/// The orbit's polyline must lie in one open hemisphere for the gnomonic chart about its mean;
/// w . c0 >= 0.1 keeps |x| <= 10 in the chart (the field's scale grows like |x|).
constexpr double min_chart_cosine = 0.1;
/// The section is 5% of the orbit's chart radius on either side of the orbit's point: short
/// enough to cross the orbit once, long enough to hold X and P(X) (X has r <= 1e-5).
constexpr double section_fraction = 0.05;
/// The fallback sections' lengths, as fractions of section_fraction: down to 1/100 (5e-4 of the
/// chart radius, ~1e-4 in the chart for an orbit of radius ~0.5) still holds X and P(X) of
/// r <= 1e-5 with a factor 10.
constexpr std::array<double, 3> section_shortenings{1.0, 0.1, 0.01};

std::optional<Eigen::Vector3d> orbit_centre(const ClosedOrbit& orbit, std::string& why) {
  Eigen::Vector3d c = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d& w : orbit.polyline) c += w.normalized();
  if (orbit.polyline.empty() || c.norm() < 1e-3 * static_cast<double>(orbit.polyline.size())) {
    why = "the orbit is not inside one open hemisphere (its points average to ~0: a great circle?)";
    return std::nullopt;
  }
  c.normalize();
  for (const Eigen::Vector3d& w : orbit.polyline)
    if (w.normalized().dot(c) < min_chart_cosine) {
      why = fmt::format("the orbit leaves the hemisphere about its centre (w . c0 < {})", min_chart_cosine);
      return std::nullopt;
    }
  return c;
}

/// The section through a point w of the orbit (the chart line normal to the field there) with
/// half-length section_fraction of the orbit's chart radius, the flow proven transversal on it.
std::optional<detail::ChartSection> section_at(const detail::ChartFlow& flow, const ClosedOrbit& orbit,
                                               const Eigen::Vector3d& w, double fraction) {
  detail::ChartSection sec;
  sec.zc = flow.chart_point(w.normalized());
  sec.n = flow.value(sec.zc).normalized();
  double radius = 0;
  for (const Eigen::Vector3d& p : orbit.polyline) radius = std::max(radius, (flow.chart_point(p.normalized()) - sec.zc).norm());
  sec.half_length = fraction * 0.5 * radius;
  if (!(sec.half_length > 0) || !detail::section_transversal(flow, sec)) return std::nullopt;
  return sec;
}

/// The section: through the orbit's point, else through the polyline's point where the field is
/// fastest, on arcs 1, 1/10 and 1/100 as long. Near a saddle-node's ghost (disc-shift.json below
/// F* = 0.14049, docs/manual.md section 9) the flow is slow and the strong attraction across the
/// orbit turns the field along a long arc; the arc need only hold X and P(X) (r <= 1e-5).
std::optional<detail::ChartSection> transversal_section(const detail::ChartFlow& flow, const ClosedOrbit& orbit) {
  if (auto sec = section_at(flow, orbit, orbit.w, section_fraction)) return sec;
  Eigen::Vector3d fastest = orbit.w;
  double speed = 0;
  for (const Eigen::Vector3d& p : orbit.polyline) {
    const double s = flow.value(flow.chart_point(p.normalized())).norm();
    if (s > speed) {
      speed = s;
      fastest = p;
    }
  }
  for (const double shorter : section_shortenings)
    if (auto sec = section_at(flow, orbit, fastest, shorter * section_fraction)) return sec;
  return std::nullopt;
}

/// K(X) of (the header) with the centre 0 (in X): K = -Y P(0) + (1 - Y (P'(X) - 1)) X,
/// Y = 1/(P'(X) - 1) at its midpoint (any Y will do; this one makes the factor small).
Interval krawczyk(const Interval& X, const detail::FirstReturn& at, const detail::FirstReturn& over) {
  const Interval Y(1.0 / (mid_of(over.slope) - 1.0));
  return -(Y * at.s) + (Interval(1.0) - Y * (over.slope - Interval(1.0))) * X;
}

/// The proof's result from X, K(X) inside X and the two returns: the period T(s) in T(0) + T'(X) s
/// at the fixed point s in K(X) & X, the multiplier P'(X); the reason.
std::string proven(const detail::ChartFlow& flow, const detail::ChartSection& sec, const OrbitProofOptions& o,
                   const Interval& X, const Interval& K, const detail::FirstReturn& at, const detail::FirstReturn& over,
                   OrbitProof& proof) {
  const Interval T = at.time + over.dtime * meet(K, X);
  proof.proven = true;
  proof.period = {T.lower(), T.upper()};
  proof.multiplier = {over.slope.lower(), over.slope.upper()};
  proof.section_from = flow.sphere_point(mid_of(sec.point(Interval(X.lower()))));
  proof.section_to = flow.sphere_point(mid_of(sec.point(Interval(X.upper()))));
  return fmt::format("proven: exactly one closed orbit through the section arc (chart width {:.0e}; Krawczyk on the "
                     "return map, {} steps of an order-{} interval Taylor method carrying the arc and the orbit's "
                     "point), {}: multiplier in [{:.9g}, {:.9g}], period in [{:.12g}, {:.12g}]",
                     width_of(X), over.steps, o.order, over.slope.upper() < 1.0 ? "attracting" : "repelling",
                     proof.multiplier[0], proof.multiplier[1], proof.period[0], proof.period[1]);
}

}  // namespace

OrbitProof prove_closed_orbit(const System& system, double F, const ClosedOrbit& orbit, const OrbitProofOptions& o) {
  // the remainder's series has order + 2 coefficients (numerics/taylor_series.hpp)
  if (o.order < 2 || o.order + 2 > detail::taylor_capacity)
    throw InputError(fmt::format("orbit proof: order must be in [2, {}] (got {})", detail::taylor_capacity - 2, o.order));
  if (!(o.step_tol > 0) || !(o.rem_rate > 0) || o.max_steps < 1 || o.radii.empty())
    throw InputError("orbit proof: step_tol and rem_rate must be > 0, max_steps >= 1 and radii not empty");
  for (const double r : o.radii)
    if (!(r > 0)) throw InputError(fmt::format("orbit proof: every radius must be > 0 (got {})", r));
  const std::clock_t start = std::clock();
  OrbitProof proof;
  const auto done = [&](std::string why) {
    proof.reason = std::move(why);
    proof.seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    return proof;
  };
  std::string why;
  const std::optional<Eigen::Vector3d> c0 = orbit_centre(orbit, why);
  if (!c0) return done("not proven: " + why);
  const std::optional<detail::ChartFlow> flow = detail::ChartFlow::make(system, F, *c0, why);
  if (!flow) return done("not proven: " + why);
  if (const std::string off = flow->outside_domain(orbit.polyline); !off.empty()) return done("not proven: " + off);
  const std::optional<detail::ChartSection> section = transversal_section(*flow, orbit);
  if (!section) return done("not proven: the flow is not proven transversal to the section");
  const detail::ChartSection& sec = *section;
  detail::FlowOptions fo;
  fo.order = o.order;
  fo.step_tol = o.step_tol;
  fo.rem_rate = o.rem_rate;
  fo.max_steps = o.max_steps;
  // X about its centre c (0, the orbit's point, at first) and, carried on the same steps, the
  // return of the point s = 0 (the C^0 algorithm: the Krawczyk operator takes P at 0, which X
  // holds, and P' over X only). When K(X) misses X because the fixed point lies off c, X is
  // centred once on the Newton step s1 from 0 (rounded; P' at the midpoints: s1 only centres X).
  std::string last = "no radius tried";
  double c = 0;
  for (std::size_t i = 0; i < o.radii.size();) {
    const double r = std::max(o.radii[i], 2.0 * std::abs(c));
    const Interval X(c - r, c + r);
    const detail::FirstReturns both = detail::first_returns(*flow, sec, X, 0.0, orbit.period, fo);
    const detail::FirstReturn &at = both.point, &over = both.set;
    if (!over.ok) {  // the arc's return failed (the point rode with it): the next radius
      last = over.why;
      ++i;
      continue;
    }
    if (!at.ok) return done("not proven: " + at.why);
    const double slope = mid_of(over.slope);
    if (!(std::abs(slope - 1.0) > 1e-12)) return done("not proven: the multiplier is 1 to rounding (a neutral orbit)");
    const double s1 = -mid_of(at.s) / (slope - 1.0);
    const Interval K = krawczyk(X, at, over);
    if (strictly_inside(K, X)) return done(proven(*flow, sec, o, X, K, at, over, proof));
    last = fmt::format("K(X) not inside X at r = {:.0e} (P'(X) = [{:.9g}, {:.9g}])", r, over.slope.lower(),
                       over.slope.upper());
    const bool recentre = c == 0.0 && std::abs(s1) > 0.25 * r;  // once: X about s1 at the same radius
    if (recentre) c = s1;
    else ++i;
  }
  return done("not proven: " + last);
}

}  // namespace limitdir
