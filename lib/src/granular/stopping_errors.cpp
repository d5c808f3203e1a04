// The two stopping errors of a local problem (granular/stopping_errors.hpp) and their sums
// (granular/error_sums.hpp).
#include "limitdir/granular/stopping_errors.hpp"

#include <cfloat>
#include <cmath>

#include "granular/error_sums.hpp"

namespace limitdir {

namespace detail {

void add_contact(ErrorSums& s, const Vector5& pa, const Vector5& qa, const Vector5& ya, const RollingCone& cone,
                 const Matrix5* Waa, double l) {
  s.siconos[0] += natural_map(pa, ya, cone).squaredNorm();
  s.siconos[1] += qa.squaredNorm();
  s.siconos[2] += pa.squaredNorm();
  s.siconos[3] += ya.squaredNorm();
  if (Waa == nullptr) return;
  Vector5 d = Vector5::Ones();
  d.tail<2>().setConstant(l);
  const double rho = natural_step(Waa->diagonal(), l);  // (61), a mass
  const Vector5 ps = pa.cwiseQuotient(d), ys = ya.cwiseProduct(d);
  // p' - proj(p' - rho yhat') = rho (p'/rho - proj(p'/rho - yhat')): the cone is a cone
  const Vector5 G = rho * natural_map(Vector5(ps / rho), ys, RollingCone{cone.mu, cone.mu_r / l});
  s.consistent[0] += G.squaredNorm();
  s.consistent[1] += rho * rho * qa.cwiseProduct(d).squaredNorm();
  s.consistent[2] += ps.squaredNorm();
  s.consistent[3] += rho * rho * ys.squaredNorm();
}

namespace {

double scale_of(const std::array<double, 4>& sum) { return std::sqrt(std::max({sum[1], sum[2], sum[3]})); }

}  // namespace

Relative siconos_relative(const std::array<double, 4>& sum) {
  const double scale = scale_of(sum), e = std::sqrt(sum[0]);
  return {scale > DBL_EPSILON ? e / scale : e, e};
}

Relative consistent_relative(const std::array<double, 4>& sum) {
  const double scale = scale_of(sum), e = std::sqrt(sum[0]);
  return {scale > 0.0 ? e / scale : e, e};
}

StepErrors step_errors(const ErrorSums& s, double weight) {
  StepErrors e;
  e.siconos = siconos_relative(s.siconos);
  e.weight = weight;
  if (weight > 0.0) e.consistent = consistent_relative(s.consistent);
  return e;
}

ErrorSums serial_sums(const BlockSparseProblem& problem, const Eigen::VectorXd& p, const std::vector<double>& length,
                      bool consistent) {
  const Eigen::VectorXd y = problem.velocity(p);
  ErrorSums s;
  for (int a = 0; a < problem.contacts(); ++a)
    add_contact(s, p.segment<5>(5 * a), problem.q.segment<5>(5 * a), y.segment<5>(5 * a),
                problem.cones[static_cast<std::size_t>(a)], consistent ? &problem.diagonal[static_cast<std::size_t>(a)] : nullptr,
                contact_length(length, a));
  return s;
}

}  // namespace detail

double siconos_error(const BlockSparseProblem& problem, const Eigen::VectorXd& p) {
  return detail::siconos_relative(detail::serial_sums(problem, p, {}, false).siconos).error;
}

double consistent_error(const BlockSparseProblem& problem, const Eigen::VectorXd& p, const std::vector<double>& length) {
  return detail::consistent_relative(detail::serial_sums(problem, p, length, true).consistent).error;
}

}  // namespace limitdir
