// The events of a load sweep on the invariant circle: see continuation/circle_events.hpp.
#include "continuation/circle_events.hpp"

#include <cmath>
#include <optional>

#include "numerics/polynomial.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"

namespace limitdir::detail {

namespace {

// The same degree limit as the polynomial route of find-limits: beyond it the monomial
// coefficients C_i, S_i lose the digits the root finding needs.
constexpr int max_degree = 12;

void add_loads(EventKind kind, double c1_squared, double a, double b, double F0, double F1,
               std::vector<PredictedEvent>& out) {
  if (!(c1_squared > 0)) return;  // c1 = 0: the continuum of circles (Figs 15-16), no event
  for (double sign : {1.0, -1.0}) {
    const double F = (sign * std::sqrt(c1_squared) - b) / a;
    if (F >= F0 && F <= F1) out.push_back({kind, F});
  }
}

/// C(u) and S(u), u = w3^2, as monomial coefficients: a harmonic model's C_i, S_i ((84)-(85)),
/// or a linear model whose Pi is diag(a, a, b): q = Pi w = -(w1 C, w2 C, (kappa/rho) w3 S) with
/// the constants C = -a, S = -(rho/kappa) b (the harmonic model of degree 1). None for any
/// other model, or without the invariant circle's structure (M = diag(m1, m1, m3), d2 = e2 = 0).
struct MeridianPolys {
  std::vector<double> C, S;
};

std::optional<MeridianPolys> meridian_polynomials(const System& system) {
  if (system.has_invariant_circle()) {
    const auto* h = dynamic_cast<const HarmonicModel*>(&system.friction());
    if (!h || h->degree() > max_degree) return std::nullopt;
    return MeridianPolys{h->C(), h->S()};
  }
  const auto* linear = dynamic_cast<const LinearModel*>(&system.friction());
  if (!linear || !system.has_circle_structure()) return std::nullopt;
  const Eigen::Matrix3d& Pi = linear->Pi();
  if (!Pi.isDiagonal(0.0) || Pi(0, 0) != Pi(1, 1)) return std::nullopt;
  return MeridianPolys{{-Pi(0, 0)}, {-Pi(2, 2) / linear->kappa_over_rho()}};
}

}  // namespace

std::optional<std::vector<PredictedEvent>> circle_event_loads(const System& system, double F0, double F1) {
  const std::optional<MeridianPolys> m = meridian_polynomials(system);
  if (!m) return std::nullopt;
  const Eigen::Vector3d d = system.M_inv() * system.load_direction(), e = system.M_inv() * system.load_offset();
  if (d.z() != 0.0 || e.z() != 0.0 || d.x() == 0.0) return std::nullopt;
  const double a = d.x(), b = e.x();  // c1 = a F + b
  const double b1 = system.M_inv()(0, 0), b3 = system.M_inv()(2, 2), k = system.friction().kappa_over_rho();
  const int N = static_cast<int>(m->C.size());
  std::vector<double> A(N);
  for (int i = 0; i < N; ++i) A[i] = b1 * m->C[i] - b3 * k * m->S[i];
  const std::vector<double> hu = product(product(A, A), {1.0, -1.0});  // A^2 (1 - u)
  std::vector<PredictedEvent> out;
  for (double u : polynomial_roots_01(derivative(hu)))
    if (u > 0.0 && u < 1.0) add_loads(EventKind::fold, horner(hu, u), a, b, F0, F1, out);
  add_loads(EventKind::pitchfork, A[0] * A[0], a, b, F0, F1, out);
  add_loads(EventKind::tangency, b1 * b1 * m->C[0] * m->C[0], a, b, F0, F1, out);
  for (double u : polynomial_roots_01(m->S))
    if (u > 0.0 && u < 1.0) add_loads(EventKind::tangency, horner(hu, u), a, b, F0, F1, out);
  return out;
}

}  // namespace limitdir::detail
