// The sphere-harmonic model of degree N (friction/sphere_harmonic.hpp, docs/manual.md section 8):
// the projection of a reference q(w) on the polynomials of degree <= 2N - 1 on the sphere in
// the inner product of (83) [Nonlinear Dyn. 2024], int int f g d(theta) d(phi).
#include "limitdir/friction/sphere_harmonic.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/constants.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/numerics/quadrature.hpp"
#include "numerics/sphere_basis.hpp"

namespace limitdir {

namespace {

constexpr int max_degree = 32;
// The theta integrals: as the harmonic model's (83) (friction/harmonic.cpp), 1e-15 absolute or
// 1e-14 relative to the largest integral (O(1)): the level-to-level difference of tanh-sinh
// overestimates its error, which falls quadratically per level.
constexpr double theta_abs_tol = 1e-15, theta_rel_tol = 1e-14;
// The phi sums: the trapezoid rule converges geometrically for the smooth meridian integrals;
// doubling stops when no coefficient changes by more than 1e-13 (coefficients are O(1), the
// theta integrals carry ~1e-15 each and the sum over 2 pi/n_phi-weighted nodes ~2 pi times that).
constexpr double phi_tol = 1e-13;
constexpr int max_phi_nodes = 4096;

using Vec = Eigen::VectorXd;

Eigen::Vector3d direction(double cos_theta, double sin_theta, double phi) {
  return {cos_theta * std::cos(phi), cos_theta * std::sin(phi), sin_theta};
}

// The pieces in theta of one meridian: the lower end (0 for an odd reference: only the upper
// hemisphere is sampled), the crease latitudes, pi/2.
std::vector<double> theta_cuts(const SphereHarmonicOptions& o, double phi) {
  const double lo = o.odd ? 0.0 : -0.5 * pi;
  std::vector<double> cuts{lo};
  if (o.crease)
    for (double t : o.crease(phi))
      if (t > lo && t < 0.5 * pi) cuts.push_back(t);
  std::sort(cuts.begin(), cuts.end());
  cuts.push_back(0.5 * pi);
  return cuts;
}

// int q_k(theta, phi) Y_i(theta, phi) d(theta) over the meridian phi, for all k and i
// (entry k * size + i). Near the poles cos(theta) is taken from the distance to the end.
Vec meridian_integrals(const FrictionModel& reference, const detail::SphereBasis& basis,
                       const SphereHarmonicOptions& options, double phi, long& evaluations) {
  const int nb = basis.size();
  const std::vector<double> cuts = theta_cuts(options, phi);
  Vec total = Vec::Zero(3 * nb);
  Vec Y;
  for (std::size_t p = 0; p + 1 < cuts.size(); ++p) {
    const bool top = p + 2 == cuts.size(), bottom = p == 0 && !options.odd;
    const auto integrand = [&](double theta, double da, double db) -> Vec {
      const double c = top ? std::sin(db) : bottom ? std::sin(da) : std::cos(theta);
      const Eigen::Vector3d w = direction(c, std::sin(theta), phi);
      const Eigen::Vector3d q = reference.q(w);
      basis.values(w, Y);
      Vec v(3 * nb);
      for (int k = 0; k < 3; ++k) v.segment(k * nb, nb) = q[k] * Y;
      return v;
    };
    const auto r = integrate_tanh_sinh<Eigen::Dynamic>(integrand, cuts[p], cuts[p + 1], theta_abs_tol,
                                                        theta_rel_tol, detail::tanh_sinh_max_level, 3 * nb);
    if (!r.converged)
      throw NumericalError(fmt::format("sphere-harmonic model: the theta quadrature at phi = {:.6g} did not "
                                       "converge on [{:.6g}, {:.6g}] (estimated error {:.2g})",
                                       phi, cuts[p], cuts[p + 1], r.error_estimate));
    total += r.value;
    evaluations += r.evaluations;
  }
  return total;
}

struct Projection {
  Eigen::Matrix<double, 3, Eigen::Dynamic> a;
  long evaluations = 0;
  int phi_nodes = 0;
};

// Trapezoid rule in phi, doubled from the first power of two >= 2L + 2 (exact for products of
// basis functions, whose phi-frequencies are <= 2L) until converged. An odd reference was
// integrated over the upper hemisphere only: q_k Y_i is even, the sphere integral twice that.
Projection project(const FrictionModel& reference, const detail::SphereBasis& basis,
                   const SphereHarmonicOptions& options) {
  const int nb = basis.size();
  int n = 8;
  while (n < 2 * basis.L() + 2) n *= 2;
  Projection out;
  Vec sum = Vec::Zero(3 * nb);
  for (int j = 0; j < n; ++j) sum += meridian_integrals(reference, basis, options, 2.0 * pi * j / n, out.evaluations);
  const double factor = options.odd ? 2.0 : 1.0;
  Vec coef = (factor * 2.0 * pi / n) * sum;
  for (;;) {
    if (2 * n > max_phi_nodes)
      throw NumericalError(fmt::format("sphere-harmonic model: the phi quadrature did not converge with {} nodes", n));
    for (int j = 0; j < n; ++j)
      sum += meridian_integrals(reference, basis, options, pi * (2 * j + 1) / n, out.evaluations);
    n *= 2;
    const Vec next = (factor * 2.0 * pi / n) * sum;
    const double change = (next - coef).cwiseAbs().maxCoeff();
    coef = next;
    if (change <= phi_tol) break;
  }
  out.a.resize(3, nb);
  for (int k = 0; k < 3; ++k) out.a.row(k) = coef.segment(k * nb, nb).transpose();
  out.phi_nodes = n;
  return out;
}

// q(G w) = G q(w) for a diagonal reflection G: the coefficient of Y_i in q_k must vanish unless
// Y_i(G w) = G_kk Y_i(w).
void keep_reflection(Eigen::Matrix<double, 3, Eigen::Dynamic>& a, const detail::SphereBasis& basis,
                     const Eigen::Vector3d& G) {
  for (int i = 0; i < basis.size(); ++i)
    for (int k = 0; k < 3; ++k)
      if (detail::SphereBasis::reflection_sign(basis.terms()[i], G) != G[k]) a(k, i) = 0.0;
}

int index_of(const detail::SphereBasis& basis, int m, int n, bool sine) {
  const auto& t = basis.terms();
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i].m == m && t[i].n == n && t[i].sine == sine) return static_cast<int>(i);
  return -1;
}

}  // namespace

SphereHarmonicOptions sphere_harmonic_options(const FrictionModel& reference) {
  SphereHarmonicOptions o;
  if (const auto* exact = dynamic_cast<const ContactExactModel*>(&reference)) {
    const Contact& c = exact->contact();
    const Eigen::Vector2d l = c.ell_distortion();
    // q(-w) = -q(w) for every pressure that does not depend on w (reversing every velocity
    // reverses every friction stress), the distortion included; the shift follows w.
    o.odd = !c.has_shift();
    o.mirror_x = l.x() == 0.0;       // the shift follows the sliding direction: mirrored with it
    o.mirror_y = l.y() == 0.0;
    // "ICR on the contact boundary": rho |cot theta| sqrt(sin^2 phi/a^2 + cos^2 phi/b^2) = 1;
    // for a tabulated pressure also on each node's level set rhat = xi_i (q less smooth there)
    const double a = c.a(), b = c.b(), rho = exact->rho();
    std::vector<double> levels{1.0};
    const std::vector<double>& xi = c.pressure().xi;
    for (std::size_t i = 1; i + 1 < xi.size(); ++i) levels.push_back(xi[i]);
    o.crease = [a, b, rho, levels](double phi) {
      std::vector<double> cuts;
      for (const double level : levels) {
        const double t = std::atan(rho * std::hypot(std::sin(phi) / a, std::cos(phi) / b) / level);
        cuts.push_back(-t);
        cuts.push_back(t);
      }
      std::sort(cuts.begin(), cuts.end());
      return cuts;
    };
  } else if (const auto* axi = dynamic_cast<const AxisymmetricModel*>(&reference)) {
    o.odd = o.mirror_x = o.mirror_y = true;  // q = -(w1 C, w2 C, (kappa/rho) w3 S), C, S even in w3
    std::vector<double> cuts;
    for (double t : axi->theta_breakpoints()) {
      cuts.push_back(t);
      cuts.push_back(-t);
    }
    o.crease = [cuts](double) { return cuts; };
  }
  return o;
}

SphereHarmonicModel::SphereHarmonicModel(const FrictionModel& reference, int N)
    : SphereHarmonicModel(reference, N, sphere_harmonic_options(reference)) {}

SphereHarmonicModel::SphereHarmonicModel(const FrictionModel& reference, int N, const SphereHarmonicOptions& options)
    : FrictionModel(reference.rho_over_R(), reference.kappa_over_rho()), N_(N), reference_(reference.description()) {
  if (N < 1 || N > max_degree)
    throw InputError(fmt::format("sphere-harmonic model: degree must be an integer in [1, {}] (got {})", max_degree, N));
  basis_ = std::make_unique<detail::SphereBasis>(2 * N - 1, options.odd);
  Projection p = project(reference, *basis_, options);
  if (options.mirror_x) keep_reflection(p.a, *basis_, Eigen::Vector3d(-1.0, 1.0, -1.0));
  if (options.mirror_y) keep_reflection(p.a, *basis_, Eigen::Vector3d(1.0, -1.0, -1.0));
  a_ = std::move(p.a);
  evaluations_ = p.evaluations;
  phi_nodes_ = p.phi_nodes;
}

SphereHarmonicModel::~SphereHarmonicModel() = default;

SphereHarmonicModel::SphereHarmonicModel(const SphereHarmonicModel& other)
    : FrictionModel(other),
      N_(other.N_),
      basis_(std::make_unique<detail::SphereBasis>(*other.basis_)),
      a_(other.a_),
      evaluations_(other.evaluations_),
      phi_nodes_(other.phi_nodes_),
      reference_(other.reference_) {}

// The terms with m + n <= 2N - 1 come first within each m in the same order (numerics/sphere_basis.cpp).
SphereHarmonicModel::SphereHarmonicModel(const SphereHarmonicModel& from, int N)
    : FrictionModel(from), N_(N), evaluations_(from.evaluations_), phi_nodes_(from.phi_nodes_), reference_(from.reference_) {
  if (N < 1 || N > from.N_)
    throw InputError(fmt::format("sphere-harmonic model: cannot truncate degree {} to {}", from.N_, N));
  basis_ = std::make_unique<detail::SphereBasis>(2 * N - 1, from.basis_->odd_only());
  a_.resize(3, basis_->size());
  int j = 0;
  for (int i = 0; i < from.basis_size(); ++i) {
    const auto& t = from.basis_->terms()[i];
    if (t.m + t.n <= 2 * N - 1) a_.col(j++) = from.a_.col(i);
  }
}

SphereHarmonicModel SphereHarmonicModel::truncated(int N) const { return SphereHarmonicModel(*this, N); }

int SphereHarmonicModel::basis_size() const { return basis_->size(); }

std::string SphereHarmonicModel::description() const {
  return fmt::format("sphere-harmonic N={} of {}", N_, reference_);
}

// Y(m = 1, n) = cos(theta) {cos, sin}(phi) U_n(sin theta) sqrt(2)/pi and
// Y(m = 0, n >= 1) = T_n(sin theta)/pi (numerics/sphere_basis.hpp), with the identities of the header.
void SphereHarmonicModel::harmonic_part(std::vector<double>& c, std::vector<double>& s) const {
  c.assign(N_, 0.0);
  s.assign(N_, 0.0);
  const double rho_over_kappa = 1.0 / kappa_over_rho();
  for (int i = 1; i <= N_; ++i) {
    const double sign = (i - 1) % 2 == 0 ? 1.0 : -1.0;
    const int ic = index_of(*basis_, 1, 2 * i - 2, false), is = index_of(*basis_, 1, 2 * i - 2, true);
    const int it = index_of(*basis_, 0, 2 * i - 1, false);
    c[i - 1] = -sign * (std::sqrt(2.0) / pi) * 0.5 * (a_(0, ic) + a_(1, is));
    s[i - 1] = -sign * rho_over_kappa * a_(2, it) / pi;
  }
}

Eigen::Vector3d SphereHarmonicModel::q_unit(const Eigen::Vector3d& w) const {
  thread_local Eigen::VectorXd Y;
  basis_->values(w, Y);
  return a_ * Y;
}

FrictionJacobian SphereHarmonicModel::jacobian_unit(const Eigen::Vector3d& w) const {
  thread_local Eigen::VectorXd Y;
  thread_local Eigen::MatrixX3d dY;
  basis_->values(w, Y, &dY);
  const Eigen::Matrix3d D = a_ * dY;  // gradient of the polynomial in R^3
  return {a_ * Y, D * (Eigen::Matrix3d::Identity() - w * w.transpose()), true};
}

}  // namespace limitdir
