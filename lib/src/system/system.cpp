// Systems near stick, (97)-(101) of [Nonlinear Dyn. 2024] and docs/manual.md section 2.
#include "limitdir/system/system.hpp"

#include <Eigen/LU>
#include <Eigen/SVD>
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>

#include "core/constants.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/system/mass.hpp"

namespace limitdir {

// The sample sets of circle_samples, one per n (find-limits uses one n).
struct System::CircleMemo {
  std::mutex mutex;
  std::map<int, std::vector<CircleSample>> samples;
};

System::System(const Eigen::Matrix3d& M, const Eigen::Vector3d& load_direction, const Eigen::Vector3d& load_offset,
               std::shared_ptr<const FrictionModel> friction)
    : M_(M), d_(load_direction), e_(load_offset), friction_(std::move(friction)) {
  if (const std::string why = mass_matrix_problem(M); !why.empty()) throw InputError("system: " + why);
  if (!d_.allFinite() || !e_.allFinite()) throw InputError("system: the load is not finite");
  if (!friction_) throw InputError("system: no friction model");
  M_inv_ = mass_matrix_inverse(M);
  circle_memo_ = std::make_shared<CircleMemo>();
}

namespace {

/// M 2^-k with k the exponent of M's largest entry (M finite, not zero): entries of modulus below
/// 2, the largest >= 1; exact (a power of two; ldexp per entry, since 2^-k itself may overflow).
Eigen::Matrix3d normalised_mass(const Eigen::Matrix3d& M, int& k) {
  k = std::ilogb(M.cwiseAbs().maxCoeff());
  return M.unaryExpr([k](double x) { return std::ldexp(x, -k); });
}

}  // namespace

std::string mass_matrix_problem(const Eigen::Matrix3d& M) {
  if (!M.allFinite()) return "the mass matrix is not finite";
  if (M.isZero(0.0)) return "singular mass matrix (M = 0)";
  const bool diagonal = M.isDiagonal(0.0);
  if (diagonal && (M.diagonal().array() == 0.0).any()) return "singular mass matrix (a zero on its diagonal)";
  // |M^-1| = 1/sigma_min(M): of a diagonal M, 1/min |M_ii| (inverted entry by entry, 1/M_ii
  // correctly rounded whatever its condition number); of any other M from the singular values of
  // M 2^-k, its condition number bounding the relative error cond(M) eps of an LU solve
  double inverse_norm = 0.0;
  if (diagonal) {
    inverse_norm = 1.0 / M.diagonal().cwiseAbs().minCoeff();
  } else {
    int k = 0;
    const Eigen::Vector3d sigma = Eigen::JacobiSVD<Eigen::Matrix3d>(normalised_mass(M, k)).singularValues();
    const double reciprocal_condition = sigma[2] / sigma[0];  // descending
    if (!(reciprocal_condition > kMassReciprocalCondition))
      return fmt::format("singular mass matrix relative to its norm (condition number {:.3g}, more than 1e12: "
                         "M^-1 would lose up to cond(M) x 2.2e-16 of its digits)",
                         1.0 / reciprocal_condition);
    inverse_norm = std::ldexp(1.0 / sigma[2], -k);
  }
  if (!(inverse_norm <= kMaxMassInverseNorm))
    return fmt::format("the mass matrix is too small: |M^-1| = {:.3g} exceeds 1e100, so the field "
                       "B(w) w + c = M^-1 (q + Q_e) would overflow in the solvers' cubes of it",
                       inverse_norm);
  if (!(inverse_norm >= kMinMassInverseNorm))
    return fmt::format("the mass matrix is too large: |M^-1| = {:.3g} is below 1e-4, so the field "
                       "B(w) w + c = M^-1 (q + Q_e) would be below the solvers' absolute tolerances "
                       "(1e-13 to 1e-10) relative to 1e-6",
                       inverse_norm);
  return "";
}

Eigen::Matrix3d mass_matrix_inverse(const Eigen::Matrix3d& M) {
  if (M.isDiagonal(0.0)) return M.diagonal().cwiseInverse().asDiagonal();  // 1/M_ii, correctly rounded
  int k = 0;
  const Eigen::Matrix3d N_inv = Eigen::FullPivLU<Eigen::Matrix3d>(normalised_mass(M, k)).inverse();
  return N_inv.unaryExpr([k](double x) { return std::ldexp(x, -k); });
}

const std::vector<System::CircleSample>& System::circle_samples(int n) const {
  const std::lock_guard<std::mutex> lock(circle_memo_->mutex);
  auto& out = circle_memo_->samples[n];
  if (out.empty()) {
    out.resize(static_cast<std::size_t>(n) + 1);
    for (int i = 0; i <= n; ++i) {
      const double psi = -pi + 2.0 * pi * i / n;
      const Eigen::Vector3d w(std::cos(psi), 0.0, std::sin(psi));
      out[static_cast<std::size_t>(i)] = {psi, w, Bw(w)};
    }
  }
  return out;  // never changed again: safe to read without the lock
}

double System::radial(const Eigen::Vector3d& w, double F) const {
  const Eigen::Vector3d u = w.normalized();
  return radial_part(u, field(u, F));
}

Eigen::Vector3d System::spherical(const Eigen::Vector3d& w, double F) const {
  const Eigen::Vector3d u = w.normalized();
  return spherical_part(u, field(u, F));
}

FieldJacobian System::field_jacobian(const Eigen::Vector3d& w, double F) const {
  const FrictionJacobian J = friction_->jacobian(w);
  return {M_inv_ * J.q + c(F), M_inv_ * J.dq_dw, J.differentiable};
}

std::optional<Eigen::Matrix3d> System::constant_B() const {
  if (const auto* lin = dynamic_cast<const LinearModel*>(friction_.get())) return M_inv_ * lin->Pi();
  if (const auto* h = dynamic_cast<const HarmonicModel*>(friction_.get()); h && h->degree() == 1) {
    // (90)-(91): N = 1 is linear, q = -diag(C1, C1, (kappa/rho) S1) w
    const Eigen::Vector3d n(h->C()[0], h->C()[0], h->kappa_over_rho() * h->S()[0]);
    return Eigen::Matrix3d(-(M_inv_ * n.asDiagonal()));
  }
  return std::nullopt;
}

bool System::has_circle_structure() const {
  const bool diagonal = M_(0, 1) == 0 && M_(0, 2) == 0 && M_(1, 0) == 0 && M_(1, 2) == 0 && M_(2, 0) == 0 &&
                        M_(2, 1) == 0 && M_(0, 0) == M_(1, 1);
  return diagonal && d_.y() == 0 && e_.y() == 0;
}

const AxisymmetricModel* System::axisymmetric() const {
  const auto* a = dynamic_cast<const AxisymmetricModel*>(friction_.get());
  return a && has_circle_structure() ? a : nullptr;
}

bool System::has_invariant_circle() const { return axisymmetric() != nullptr; }

bool System::spin_decoupled() const {
  // exact zeros: the presets build M diagonal, so M^-1 and c have exact zeros there
  return friction_->torque_free() && M_inv_(2, 0) == 0 && M_inv_(2, 1) == 0 && (M_inv_ * d_).z() == 0 &&
         (M_inv_ * e_).z() == 0;
}

Eigen::Vector3d System::field_at(const Eigen::Vector3d& w, double r, double F) const {
  if (!friction_->speed_dependent()) return field(w, F);
  return M_inv_ * (friction_->q(w) + friction_->speed_part(r * w)) + c(F);
}

System make_system(const Problem& problem, std::shared_ptr<const FrictionModel> friction) {
  const SystemSpec& s = problem.system;
  const double rho = problem.rho_over_R();
  if (s.preset == "disc") {
    // (11)-(13): M = diag(m, m, (Rbar/rho)^2 j m), Q_e = (F, 0, 0), Rbar = R = 1, m = 1.
    const Eigen::Matrix3d M = Eigen::Vector3d(1.0, 1.0, s.j / (rho * rho)).asDiagonal();
    return System(M, Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), std::move(friction));
  }
  if (s.preset == "ball") {
    // (16)-(18): M = diag(j/(1+j), j/(1+j), (Rbar/rho)^2 j) with Rbar = lambda R,
    // Q_e = (F j/(1+j), 0, 0); gives (139) for rho = kappa = 3 pi R/16.
    const double a = s.j / (1.0 + s.j);
    const Eigen::Matrix3d M = Eigen::Vector3d(a, a, s.lambda * s.lambda * s.j / (rho * rho)).asDiagonal();
    return System(M, Eigen::Vector3d(a, 0.0, 0.0), Eigen::Vector3d::Zero(), std::move(friction));
  }
  if (s.preset == "plate") {
    // docs/manual.md section 2: a flat elliptic plate of mass m = 1 and uniform density on its
    // contact face x^2/a^2 + y^2/b^2 <= 1: J = m (a^2 + b^2)/4 about its centre (the disc's
    // m R^2/2 for a = b = R), M = diag(m, m, J/rho^2) as (11)-(13), Q_e = F (cos beta, sin beta, 0).
    const ContactSpec& c = problem.contact;
    const double J = (c.a * c.a + c.b * c.b) / 4.0;
    const Eigen::Matrix3d M = Eigen::Vector3d(1.0, 1.0, J / (rho * rho)).asDiagonal();
    const Eigen::Vector3d d(std::cos(s.load_angle), std::sin(s.load_angle), 0.0);
    return System(M, d, Eigen::Vector3d::Zero(), std::move(friction));
  }
  if (s.preset == "general") return System(s.mass, s.load_direction, s.load_offset, std::move(friction));
  throw InputError(problem.source + ": system.preset: unknown preset '" + s.preset + "'");
}

System make_system(const Problem& problem) {
  return make_system(problem, std::shared_ptr<const FrictionModel>(make_friction_model(problem)));
}

}  // namespace limitdir
