// Proofs for load sweeps on the invariant circle of a harmonic or exact model: see
// continuation/circle_proof.hpp.
//
// With the invariant circle w2 = 0 and c = (c1, 0, 0), c1 = a F + b, rows 1-2 of (125)
// [Nonlinear Dyn. 2024] put every limit direction on w2 = 0 (c1 != 0); besides (+-1, 0, 0)
// (128) they are w3 = +-sqrt(u), w1 = c1/A(u) with h(u) = A(u)^2 (1 - u) = c1^2 (131)-(132).
// So a non-trivial branch is the graph F(u) = (+-sqrt(h(u)) - b)/a over u, and every event
// load solves one of the conditions listed in continuation/circle_events.hpp. Everything here is in
// outward-rounded interval arithmetic on the law of the circle (continuation/circle_law.hpp).
#include "continuation/circle_proof.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace limitdir::detail {

CircleEvents enclose_circle_events(const CircleSystem& P, double F0, double F1, bool strict_ends) {
  CircleEvents out;
  std::string why;
  const auto fail = [&](const std::string& what) {
    out.reason = what;
    return out;
  };
  // c1^2 = value: the loads (+-sqrt(value) - b)/a in [F0, F1]
  const auto add = [&](EventKind kind, const Interval& value) {
    if (value.upper() <= 0) return true;  // c1 = 0: the continuum of circles, no event
    if (contains_zero(value)) {
      why = fmt::format("a {} at c1 = 0 cannot be told from the continuum", to_string(kind));
      return false;
    }
    for (double sign : {1.0, -1.0}) {
      const Interval F = (Interval(sign) * sqrt(value) - P.b) / P.a;
      if (F.upper() < F0 || F.lower() > F1) continue;
      if (F.lower() < F0 || F.upper() > F1) {
        if (!strict_ends) {
          if (mid_of(F) >= F0 && mid_of(F) <= F1) out.events.push_back({kind, F});
          continue;
        }
        why = fmt::format("a {} at F = {:.12g}, at an end of the range", to_string(kind), mid_of(F));
        return false;
      }
      out.events.push_back({kind, F});
    }
    return true;
  };
  // h' = A B: its roots with A = 0 have h = 0, c1 = 0 (the continuum, no event); the folds are
  // the roots of B in (0, 1)
  // c1^2 >= h_min over [F0, F1] (h_min = 0 when c1 vanishes there): roots of lower h are loads
  // outside the range
  const Interval c1 = P.a * Interval(F0, F1) + P.b;
  const double h_min = contains_zero(c1) ? 0.0 : square(Interval(std::min(std::abs(c1.lower()), std::abs(c1.upper())))).lower();
  const CircleRoots folds = P.law->folds(h_min);
  if (!folds.complete) return fail(folds.why);
  for (const Interval& h : folds.h)
    if (!add(EventKind::fold, h)) return fail(why);
  // u = 0: the equator
  if (!add(EventKind::pitchfork, square(P.law->A_equator())) ||
      !add(EventKind::tangency, square(P.b1 * P.law->C_equator())))
    return fail(why);
  const CircleRoots zeros_of_S = P.law->tangencies(h_min);
  if (!zeros_of_S.complete) return fail(zeros_of_S.why);
  for (const Interval& h : zeros_of_S.h)
    if (!add(EventKind::tangency, h)) return fail(why);
  out.proven = true;
  return out;
}

std::optional<CircleEvents> enclose_circle_events(const System& system, double F0, double F1) {
  const std::optional<CircleSystem> circle = circle_system(system, true);
  if (!circle) return std::nullopt;
  return enclose_circle_events(*circle, F0, F1, true);
}

bool enclose_circle_branches(const System& system, const std::vector<Branch>& branches, std::string& reason) {
  // A branch point is on the circle, or is (+-1, 0, 0), when its w2 (w3) is rounding; its load
  // agrees with the graph F(u) to the continuation's accuracy (Newton to 1e-11) with room.
  constexpr double on_circle = 1e-12, load_agreement = 1e-8;
  const std::optional<CircleSystem> circle = circle_system(system, true);
  if (!circle) {
    reason = "not a harmonic or exact (uniform, Hertz) model on its invariant circle";
    return false;
  }
  const CircleSystem& P = *circle;
  // the graph of the branch through u with c1 of sign s: F(u) = (s sqrt(h(u)) - b)/a
  const auto load = [&](const Interval& u, double s) { return (Interval(s) * sqrt(P.law->h(u)) - P.b) / P.a; };
  for (const Branch& br : branches)
    for (std::size_t i = 0; i + 1 < br.points.size(); ++i) {
      const BranchPoint &x = br.points[i], &y = br.points[i + 1];
      if (std::abs(x.w.y()) > on_circle || std::abs(y.w.y()) > on_circle) {
        reason = fmt::format("branch {} leaves the circle w2 = 0", br.id);
        return false;
      }
      const bool trivial = std::abs(x.w.z()) <= on_circle && std::abs(y.w.z()) <= on_circle;
      if (trivial) continue;  // (+-1, 0, 0) is a limit direction for every load, (128)
      // the sign of c1 at each end: one graph F(u) = (s sqrt(h(u)) - b)/a, or two meeting where
      // h = 0 when the segment crosses the continuum's load (c1 = 0, the circles of Fig. 16)
      const auto sign_at = [&](double p) {
        const Interval c1 = P.a * Interval(p) + P.b;
        return c1.upper() < 0 ? -1.0 : c1.lower() > 0 ? 1.0 : 0.0;
      };
      double sx = sign_at(x.p), sy = sign_at(y.p);
      if (sx == 0.0) sx = sy;
      if (sy == 0.0) sy = sx;
      const Interval ux(x.w.z() * x.w.z()), uy(y.w.z() * y.w.z());
      // w1 = c1/A(u) (131) vanishes only at the poles (u = 1) of the circle w2 = 0: a segment
      // whose ends have w1 of opposite signs passes through a pole, where its u reaches 1
      const bool through_pole = x.w.x() * y.w.x() < 0;
      const Interval U(std::min(ux.lower(), uy.lower()), through_pole ? 1.0 : std::max(ux.upper(), uy.upper()));
      const Interval FU = load(U, sx == 0.0 ? 1.0 : sx), Fx = load(ux, sx == 0.0 ? 1.0 : sx),
                     Fy = load(uy, sy == 0.0 ? 1.0 : sy);
      const bool graphs_meet = sx == sy || contains_zero(P.law->h(U));
      const auto agrees = [&](const Interval& F, double p) {
        return std::max({F.lower() - p, p - F.upper(), 0.0}) <= load_agreement * (1 + std::abs(p));
      };
      const bool ends = agrees(Fx, x.p) && agrees(Fy, y.p);
      if (std::isnan(FU.lower()) || std::isnan(FU.upper()) || !ends || !graphs_meet) {
        reason = fmt::format("the segment of branch {} at F = {:.9g} is not on a graph of (132)", br.id, x.p);
        return false;
      }
    }
  return true;
}

}  // namespace limitdir::detail
