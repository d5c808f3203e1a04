// The harmonic model of degree N, Sect. 6.2-6.3 of [Nonlinear Dyn. 2024], (82)-(88).
#include <cmath>
#include <fmt/format.h>

#include "core/constants.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/numerics/quadrature.hpp"
#include "numerics/chebyshev.hpp"

namespace limitdir {

// (83): c_i = 4/pi int_0^{pi/2} Q(theta) cos((2i-1) theta), s_i likewise with T and sin.
// The reference is only C^1 at its breakpoints (eps = 1 for the exact model): the interval is
// split there, so that tanh-sinh quadrature converges double-exponentially on every piece.
// All 2N integrals share the nodes, so the reference is evaluated once per node.
void harmonic_coefficients(const AxisymmetricModel& reference, int N, std::vector<double>& c,
                           std::vector<double>& s, double* err) {
  if (N < 1) throw InputError(fmt::format("harmonic model: degree must be an integer >= 1 (got {})", N));
  std::vector<double> cuts{0.0};
  for (double t : reference.theta_breakpoints())
    if (t > 0.0 && t < 0.5 * pi) cuts.push_back(t);
  cuts.push_back(0.5 * pi);
  using Vec = Eigen::VectorXd;
  Vec total = Vec::Zero(2 * N);
  double error = 0.0;
  for (std::size_t p = 0; p + 1 < cuts.size(); ++p) {
    const auto integrand = [&](double theta, double, double) -> Vec {
      // (49): Q(theta) = cos(theta) C, T(theta) = sin(theta) S, from the values alone
      const double w12 = std::cos(theta), w3 = std::sin(theta);
      const MeridianValue m = reference.meridian_values(w12, w3);
      const double Q = w12 * m.C, T = w3 * m.S;
      Vec v(2 * N);
      // cos, sin of (2i-1) theta by rotation through 2 theta
      const double c2 = std::cos(2.0 * theta), s2 = std::sin(2.0 * theta);
      double ck = w12, sk = w3;
      for (int i = 0; i < N; ++i) {
        v[i] = Q * ck;
        v[N + i] = T * sk;
        const double cn = ck * c2 - sk * s2;
        sk = sk * c2 + ck * s2;
        ck = cn;
      }
      return (4.0 / pi) * v;
    };
    const auto r = integrate_tanh_sinh<Eigen::Dynamic>(integrand, cuts[p], cuts[p + 1], 1e-15, 1e-14,
                                                        detail::tanh_sinh_max_level, 2 * N);
    if (!r.converged)
      throw NumericalError(fmt::format("harmonic coefficients: quadrature of (83) did not converge on "
                                       "[{:.6g}, {:.6g}] (estimated error {:.2g})",
                                       cuts[p], cuts[p + 1], r.error_estimate));
    total += r.value;
    error += r.error_estimate;
  }
  c.assign(total.data(), total.data() + N);
  s.assign(total.data() + N, total.data() + 2 * N);
  if (err) *err = error;
}

HarmonicModel::HarmonicModel(const AxisymmetricModel& reference, int N)
    : AxisymmetricModel(reference.rho_over_R(), reference.kappa_over_rho()), reference_(reference.description()) {
  harmonic_coefficients(reference, N, c_, s_, &coefficient_error_);
  prepare();
}

HarmonicModel::HarmonicModel(std::vector<double> c, std::vector<double> s, double rho_over_R, double kappa_over_rho,
                             std::string reference_description)
    : AxisymmetricModel(rho_over_R, kappa_over_rho),
      c_(std::move(c)),
      s_(std::move(s)),
      reference_(std::move(reference_description)) {
  if (c_.empty() || c_.size() != s_.size())
    throw InputError("harmonic model: c and s must have the same length N >= 1");
  prepare();
}

std::string HarmonicModel::description() const {
  return fmt::format("harmonic N={} of {}", degree(), reference_);
}

namespace {
// Chebyshev coefficients of the derivative of sum_j a_j T_j.
std::vector<double> chebyshev_derivative(const std::vector<double>& a) {
  const int n = static_cast<int>(a.size()) - 1;
  std::vector<double> b(a.size() + 1, 0.0);
  for (int j = n; j >= 1; --j) b[j - 1] = b[j + 1] + 2.0 * j * a[j];
  b[0] *= 0.5;
  b.resize(a.size());
  return b;
}

double clenshaw(const std::vector<double>& a, double y) {  // sum_j a_j T_j(y)
  double b1 = 0.0, b2 = 0.0;
  for (std::size_t j = a.size(); j-- > 1;) {
    const double b0 = a[j] + 2.0 * y * b1 - b2;
    b2 = b1;
    b1 = b0;
  }
  return a[0] + y * b1 - b2;
}
}  // namespace

// With w3 = cos(t) and y = cos(2t) = 2 w3^2 - 1:
//   U_{2k}(w3) = 1 + 2 sum_{j=1..k} T_j(y),  T_{2k+1}(w3)/w3 = (-1)^k (1 + 2 sum_{j=1..k} (-1)^j T_j(y)),
// so C(w3) = sum_i c_i (-1)^(i-1) U_{2i-2}(w3) and S(w3) = sum_i s_i (-1)^(i-1) T_{2i-1}(w3)/w3 of
// (84)-(85) are Chebyshev series in y:
//   C = sum_j alpha_j T_j(y), alpha_0 = sum_i (-1)^(i-1) c_i, alpha_j = 2 sum_{i>j} (-1)^(i-1) c_i;
//   S = sum_j beta_j T_j(y),  beta_0 = sum_i s_i,          beta_j = 2 (-1)^j sum_{i>j} s_i.
// The monomial coefficients C_i, S_i of (85) follow from T_j(2u - 1) in powers of u = w3^2;
// for N = 2 they reduce to (94).
void HarmonicModel::prepare() {
  const int N = degree();
  alpha_.assign(N, 0.0);
  beta_.assign(N, 0.0);
  for (int j = 0; j < N; ++j) {
    double sc = 0.0, ss = 0.0;
    for (int i = j + 1; i <= N; ++i) {  // 1-based i > j
      sc += ((i - 1) % 2 == 0 ? 1.0 : -1.0) * c_[i - 1];
      ss += s_[i - 1];
    }
    alpha_[j] = (j == 0 ? 1.0 : 2.0) * sc;
    beta_[j] = (j == 0 ? 1.0 : 2.0 * (j % 2 == 0 ? 1.0 : -1.0)) * ss;
  }
  dalpha_ = chebyshev_derivative(alpha_);
  dbeta_ = chebyshev_derivative(beta_);
  box_C_ = std::make_shared<const detail::ChebyshevBox>(alpha_);
  box_S_ = std::make_shared<const detail::ChebyshevBox>(beta_);
  const auto exact = [](const std::vector<double>& a) { return detail::ChebyshevSeries(a.begin(), a.end()); };
  box_dC_ = std::make_shared<const detail::ChebyshevBox>(detail::chebyshev_derivative(exact(alpha_)));
  box_dS_ = std::make_shared<const detail::ChebyshevBox>(detail::chebyshev_derivative(exact(beta_)));
  // Shifted Chebyshev polynomials T_j(2u - 1) in powers of u (integer coefficients).
  std::vector<std::vector<double>> Ts{{1.0}, {-1.0, 2.0}};
  for (int j = 2; j < N; ++j) {
    std::vector<double> t(j + 1, 0.0);
    for (int k = 0; k < j; ++k) {
      t[k] -= 2.0 * Ts[j - 1][k];
      t[k + 1] += 4.0 * Ts[j - 1][k];
    }
    for (int k = 0; k < j - 1; ++k) t[k] -= Ts[j - 2][k];
    Ts.push_back(t);
  }
  C_.assign(N, 0.0);
  S_.assign(N, 0.0);
  for (int j = 0; j < N; ++j)
    for (int k = 0; k <= j; ++k) {
      C_[k] += alpha_[j] * Ts[j][k];
      S_[k] += beta_[j] * Ts[j][k];
    }
}

// (86)-(88): q = -(w1 C, w2 C, (kappa/rho) w3 S); y = -cos(2 theta), dy/dtheta = 4 w3 w12.
MeridianValue HarmonicModel::meridian(double w12, double w3) const {
  const double y = (w3 - w12) * (w3 + w12);
  const double dy = 4.0 * w3 * w12;
  return {clenshaw(alpha_, y), clenshaw(dalpha_, y) * dy, clenshaw(beta_, y), clenshaw(dbeta_, y) * dy, true};
}

MeridianValue HarmonicModel::meridian_values(double w12, double w3) const {
  const double y = (w3 - w12) * (w3 + w12);
  return {clenshaw(alpha_, y), 0.0, clenshaw(beta_, y), 0.0, true};
}

}  // namespace limitdir
