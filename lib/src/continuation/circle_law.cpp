// The law of the invariant circle, and that of a harmonic model's Chebyshev series: see
// continuation/circle_law.hpp and continuation/circle_series.hpp.
//
// The harmonic law is everything here in outward-rounded interval arithmetic on the model as
// computed: its Chebyshev series alpha_j, beta_j in y = 2u - 1 (84)-(85) [Nonlinear Dyn. 2024],
// kept in that basis (numerics/chebyshev.hpp), whose roots are isolated with the degree's digits
// intact for every degree the model accepts.
#include "continuation/circle_law.hpp"

#include <algorithm>

#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"

namespace limitdir::detail {

namespace {

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

class ChebyshevCircleLaw final : public CircleLaw {
 public:
  explicit ChebyshevCircleLaw(const CircleSeries& series) : P_(series) {}

  // h over u in U (within [0, 1]): A over U in theta and in y, met.
  Interval h(const Interval& U) const override {
    const Interval V(std::clamp(U.lower(), 0.0, 1.0), std::clamp(U.upper(), 0.0, 1.0));
    const Interval Y = Interval(2.0) * V - Interval(1.0);
    const auto [lo, hi] = angles_of(Y);
    // both enclose A over U: their intersection is one too
    const Interval A = meet(chebyshev_enclose(P_.A, lo, hi), clenshaw_in_y(P_.A, Y));
    return square(A) * (Interval(1.0) - V);
  }
  // u = 0 is y = -1
  Interval A_equator() const override { return chebyshev_at_end(P_.A, -1); }
  Interval C_equator() const override { return chebyshev_at_end(P_.C, -1); }
  // h' = A B: the folds are the roots of B in (0, 1) (u = 0, 1 are the ends of the angles,
  // where B must not vanish)
  CircleRoots folds(double) const override { return roots_of(P_.B, "folds: "); }
  CircleRoots tangencies(double) const override { return roots_of(P_.S, "tangencies: "); }

 private:
  // h = A^2 (1 - u) over the u of a cell of angles (u = (1 + cos theta)/2, numerics/chebyshev.hpp).
  Interval h_over_angles(double lo, double hi) const {
    const Interval U = (Interval(1.0) + cos_enclose(lo, hi)) * Interval(0.5);
    return square(chebyshev_enclose(P_.A, lo, hi)) * (Interval(1.0) - U);
  }
  CircleRoots roots_of(const ChebyshevSeries& p, const std::string& what) const {
    const ChebyshevRoots roots = chebyshev_roots(p);
    CircleRoots out;
    out.complete = roots.complete;
    if (!roots.complete) out.why = what + roots.why;
    for (const auto& [lo, hi] : roots.cells) out.h.push_back(h_over_angles(lo, hi));
    return out;
  }
  CircleSeries P_;
};

}  // namespace

std::optional<CircleLoad> circle_load(const System& system) {
  const std::optional<IMat3> Minv = inverse_enclosure(to_interval(system.M()));
  const Eigen::Vector3d d = system.load_direction(), e = system.load_offset();
  if (!Minv || d.z() != 0.0 || e.z() != 0.0) return std::nullopt;  // M is diagonal: c3 = 0 exactly
  CircleLoad out;
  out.a = (*Minv)(0, 0) * Interval(d.x());
  out.b = (*Minv)(0, 0) * Interval(e.x());
  out.b1 = (*Minv)(0, 0);
  out.b3k = (*Minv)(2, 2) * Interval(system.friction().kappa_over_rho());
  if (contains_zero(out.a)) return std::nullopt;
  return out;
}

const LinearModel* circle_linear_model(const System& system) {
  const auto* linear = dynamic_cast<const LinearModel*>(&system.friction());
  if (!linear || !system.has_circle_structure()) return nullptr;
  const Eigen::Matrix3d& Pi = linear->Pi();
  return Pi.isDiagonal(0.0) && Pi(0, 0) == Pi(1, 1) ? linear : nullptr;
}

std::optional<CircleSeries> circle_series(const System& system, bool harmonic_only) {
  const auto* model = dynamic_cast<const HarmonicModel*>(&system.friction());
  CircleSeries out;
  if (model && system.has_invariant_circle()) {
    out.C.assign(model->chebyshev_C().begin(), model->chebyshev_C().end());
    out.S.assign(model->chebyshev_S().begin(), model->chebyshev_S().end());
  } else {
    // a linear model with Pi = diag(a, a, b): q = -(w1 C, w2 C, (kappa/rho) w3 S) with the
    // constants C = -a, S = -(rho/kappa) b (the harmonic model of degree 1)
    const LinearModel* linear = circle_linear_model(system);
    if (harmonic_only || !linear) return std::nullopt;
    const Eigen::Matrix3d& Pi = linear->Pi();
    out.C = {Interval(-Pi(0, 0))};
    out.S = {-Interval(Pi(2, 2)) / Interval(linear->kappa_over_rho())};
  }
  const std::optional<CircleLoad> load = circle_load(system);
  if (!load) return std::nullopt;
  out.a = load->a;
  out.b = load->b;
  out.b1 = load->b1;
  out.A = chebyshev_combination(out.b1, out.C, -load->b3k, out.S);
  // h'(u) = A (2 A_u (1 - u) - A) with d/du = 2 d/dy, 1 - u = (1 - y)/2: B = 2 A_y (1 - y) - A
  const ChebyshevSeries one_minus_y{Interval(1.0), Interval(-1.0)};
  out.B = chebyshev_combination(Interval(2.0), chebyshev_product(chebyshev_derivative(out.A), one_minus_y),
                                Interval(-1.0), out.A);
  return out;
}

CircleSystem circle_system(const CircleSeries& series) {
  return {std::make_shared<ChebyshevCircleLaw>(series), series.a, series.b, series.b1};
}

std::optional<CircleSystem> circle_system(const System& system, bool harmonic_only) {
  if (const std::optional<CircleSeries> series = circle_series(system, harmonic_only)) return circle_system(*series);
  const auto exact = std::dynamic_pointer_cast<const ExactModel>(system.friction_ptr());
  const std::optional<CircleLoad> load = circle_load(system);
  if (!exact || !system.has_invariant_circle() || !load || !exact->enclose_circle(Interval(0.0))) return std::nullopt;
  return CircleSystem{exact_circle_law(exact, load->b1, load->b3k), load->a, load->b, load->b1};
}

}  // namespace limitdir::detail
