// The events of a load sweep on the invariant circle: see circle_events.hpp.
#include "circle_events.hpp"

#include <cmath>

#include "polynomial.hpp"

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

}  // namespace

std::optional<std::vector<PredictedEvent>> circle_event_loads(const System& system, double F0, double F1) {
  if (!system.has_invariant_circle()) return std::nullopt;
  const auto* h = dynamic_cast<const HarmonicModel*>(&system.friction());
  if (!h || h->degree() > max_degree) return std::nullopt;
  const Eigen::Vector3d d = system.M_inv() * system.load_direction(), e = system.M_inv() * system.load_offset();
  if (d.z() != 0.0 || e.z() != 0.0 || d.x() == 0.0) return std::nullopt;
  const double a = d.x(), b = e.x();  // c1 = a F + b
  const double b1 = system.M_inv()(0, 0), b3 = system.M_inv()(2, 2), k = h->kappa_over_rho();
  std::vector<double> A(h->degree());
  for (int i = 0; i < h->degree(); ++i) A[i] = b1 * h->C()[i] - b3 * k * h->S()[i];
  const std::vector<double> hu = product(product(A, A), {1.0, -1.0});  // A^2 (1 - u)
  std::vector<PredictedEvent> out;
  for (double u : polynomial_roots_01(derivative(hu)))
    if (u > 0.0 && u < 1.0) add_loads(EventKind::fold, horner(hu, u), a, b, F0, F1, out);
  add_loads(EventKind::pitchfork, A[0] * A[0], a, b, F0, F1, out);
  add_loads(EventKind::tangency, b1 * b1 * h->C()[0] * h->C()[0], a, b, F0, F1, out);
  for (double u : polynomial_roots_01(h->S()))
    if (u > 0.0 && u < 1.0) add_loads(EventKind::tangency, horner(hu, u), a, b, F0, F1, out);
  return out;
}

}  // namespace limitdir::detail
