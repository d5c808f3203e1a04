// Proofs for load sweeps on the invariant circle of a harmonic model: see continuation/circle_proof.hpp.
//
// With the invariant circle w2 = 0 and c = (c1, 0, 0), c1 = a F + b, rows 1-2 of (125)
// [Nonlinear Dyn. 2024] put every limit direction on w2 = 0 (c1 != 0); besides (+-1, 0, 0)
// (128) they are w3 = +-sqrt(u), w1 = c1/A(u) with h(u) = A(u)^2 (1 - u) = c1^2 (131)-(132).
// So a non-trivial branch is the graph F(u) = (+-sqrt(h(u)) - b)/a over u, and every event
// load solves one of the conditions listed in continuation/circle_events.hpp. Everything here is in
// outward-rounded interval arithmetic on the model as computed: its Chebyshev series alpha_j,
// beta_j in y = 2u - 1 (84)-(85), kept in that basis (numerics/chebyshev.hpp), whose roots are
// isolated with the degree's digits intact for every degree the model accepts.
#include "continuation/circle_proof.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"

namespace limitdir::detail {

namespace {

// h = A^2 (1 - u) over the u of a cell of angles (u = (1 + cos theta)/2, numerics/chebyshev.hpp).
Interval h_over_angles(const CircleSeries& P, double lo, double hi) {
  const Interval U = (Interval(1.0) + cos_enclose(lo, hi)) * Interval(0.5);
  return square(chebyshev_enclose(P.A, lo, hi)) * (Interval(1.0) - U);
}

// h over u in U (within [0, 1]).
// sum_j a_j T_j(y) by Clenshaw's recurrence in interval arithmetic: tight for a thin y (an end
// of a branch segment), where the enclosure in theta is not: theta = acos(y) widens a y of
// width eps near y = 1 (a pole) to ~sqrt(2 eps) in theta.
Interval clenshaw_in_y(const ChebyshevSeries& a, const Interval& y) {
  Interval b1(0.0), b2(0.0);
  for (std::size_t j = a.size(); j-- > 1;) {
    const Interval b0 = a[j] + Interval(2.0) * y * b1 - b2;
    b2 = b1;
    b1 = b0;
  }
  return a.empty() ? Interval(0.0) : a[0] + y * b1 - b2;
}

Interval h_over_u(const CircleSeries& P, const Interval& U) {
  const Interval V(std::clamp(U.lower(), 0.0, 1.0), std::clamp(U.upper(), 0.0, 1.0));
  const Interval Y = Interval(2.0) * V - Interval(1.0);
  const auto [lo, hi] = angles_of(Y);
  // both enclose A over U: their intersection is one too
  const Interval A = meet(chebyshev_enclose(P.A, lo, hi), clenshaw_in_y(P.A, Y));
  return square(A) * (Interval(1.0) - V);
}

}  // namespace

std::optional<CircleSeries> circle_series(const System& system, bool harmonic_only) {
  const auto* model = dynamic_cast<const HarmonicModel*>(&system.friction());
  CircleSeries out;
  if (model && system.has_invariant_circle()) {
    out.C.assign(model->chebyshev_C().begin(), model->chebyshev_C().end());
    out.S.assign(model->chebyshev_S().begin(), model->chebyshev_S().end());
  } else {
    // a linear model with Pi = diag(a, a, b): q = -(w1 C, w2 C, (kappa/rho) w3 S) with the
    // constants C = -a, S = -(rho/kappa) b (the harmonic model of degree 1)
    const auto* linear = dynamic_cast<const LinearModel*>(&system.friction());
    if (harmonic_only || !linear || !system.has_circle_structure()) return std::nullopt;
    const Eigen::Matrix3d& Pi = linear->Pi();
    if (!Pi.isDiagonal(0.0) || Pi(0, 0) != Pi(1, 1)) return std::nullopt;
    out.C = {Interval(-Pi(0, 0))};
    out.S = {-Interval(Pi(2, 2)) / Interval(linear->kappa_over_rho())};
  }
  const std::optional<IMat3> Minv = inverse_enclosure(to_interval(system.M()));
  const Eigen::Vector3d d = system.load_direction(), e = system.load_offset();
  if (!Minv || d.z() != 0.0 || e.z() != 0.0) return std::nullopt;  // M is diagonal: c3 = 0 exactly
  out.a = (*Minv)(0, 0) * Interval(d.x());
  out.b = (*Minv)(0, 0) * Interval(e.x());
  out.b1 = (*Minv)(0, 0);
  if (contains_zero(out.a)) return std::nullopt;
  const Interval b3k = (*Minv)(2, 2) * Interval(system.friction().kappa_over_rho());
  out.A = chebyshev_combination(out.b1, out.C, -b3k, out.S);
  // h'(u) = A (2 A_u (1 - u) - A) with d/du = 2 d/dy, 1 - u = (1 - y)/2: B = 2 A_y (1 - y) - A
  const ChebyshevSeries one_minus_y{Interval(1.0), Interval(-1.0)};
  out.B = chebyshev_combination(Interval(2.0), chebyshev_product(chebyshev_derivative(out.A), one_minus_y),
                                Interval(-1.0), out.A);
  return out;
}

CircleEvents enclose_circle_events(const CircleSeries& P, double F0, double F1, bool strict_ends) {
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
  // the roots of B in (0, 1) (u = 0, 1 are the ends of the angles, where B must not vanish)
  const ChebyshevRoots folds = chebyshev_roots(P.B);
  if (!folds.complete) return fail("folds: " + folds.why);
  for (const auto& [lo, hi] : folds.cells)
    if (!add(EventKind::fold, h_over_angles(P, lo, hi))) return fail(why);
  // u = 0 is y = -1
  if (!add(EventKind::pitchfork, square(chebyshev_at_end(P.A, -1))) ||
      !add(EventKind::tangency, square(P.b1 * chebyshev_at_end(P.C, -1))))
    return fail(why);
  const ChebyshevRoots zeros_of_S = chebyshev_roots(P.S);
  if (!zeros_of_S.complete) return fail("tangencies: " + zeros_of_S.why);
  for (const auto& [lo, hi] : zeros_of_S.cells)
    if (!add(EventKind::tangency, h_over_angles(P, lo, hi))) return fail(why);
  out.proven = true;
  return out;
}

std::optional<CircleEvents> enclose_circle_events(const System& system, double F0, double F1) {
  const std::optional<CircleSeries> series = circle_series(system, true);
  if (!series) return std::nullopt;
  return enclose_circle_events(*series, F0, F1, true);
}

bool enclose_circle_branches(const System& system, const std::vector<Branch>& branches, std::string& reason) {
  // A branch point is on the circle, or is (+-1, 0, 0), when its w2 (w3) is rounding; its load
  // agrees with the graph F(u) to the continuation's accuracy (Newton to 1e-11) with room.
  constexpr double on_circle = 1e-12, load_agreement = 1e-8;
  const std::optional<CircleSeries> polys = circle_series(system, true);
  if (!polys) {
    reason = "not a harmonic model on its invariant circle";
    return false;
  }
  const CircleSeries& P = *polys;
  // the graph of the branch through u with c1 of sign s: F(u) = (s sqrt(h(u)) - b)/a
  const auto load = [&](const Interval& u, double s) { return (Interval(s) * sqrt(h_over_u(P, u)) - P.b) / P.a; };
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
      const bool graphs_meet = sx == sy || contains_zero(h_over_u(P, U));
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
