#pragma once
// Mechanical systems near stick: x_o' = B(w) w + c (101), [Nonlinear Dyn. 2024], with
// B(w) = M^-1 Pi-hat N(w) (100), c = M^-1 Q_e, so that B(w) w = M^-1 q(w) in units mu P = 1
// (docs/manual.md section 1). Presets (docs/manual.md section 2): the disc (13) and the ball (18); general
// systems give an invertible M and a load Q_e = F d + e.
#include <Eigen/Core>
#include <memory>
#include <optional>
#include <vector>

#include "limitdir/friction/model.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

/// F(w) = B(w) w + c and its Jacobian D F (of the 0-homogeneous extension, so DF w = 0).
struct FieldJacobian {
  Eigen::Vector3d F;
  Eigen::Matrix3d DF;
  bool differentiable = true;
};

class System {
 public:
  /// Throws InputError if M is singular or not finite, or d, e are not finite.
  System(const Eigen::Matrix3d& M, const Eigen::Vector3d& load_direction, const Eigen::Vector3d& load_offset,
         std::shared_ptr<const FrictionModel> friction);

  const Eigen::Matrix3d& M() const { return M_; }
  const Eigen::Matrix3d& M_inv() const { return M_inv_; }
  const Eigen::Vector3d& load_direction() const { return d_; }
  const Eigen::Vector3d& load_offset() const { return e_; }
  const FrictionModel& friction() const { return *friction_; }
  std::shared_ptr<const FrictionModel> friction_ptr() const { return friction_; }

  /// c = M^-1 (F d + e) (100).
  Eigen::Vector3d c(double F) const { return M_inv_ * (F * d_ + e_); }
  /// B(w) w = M^-1 q(w).
  Eigen::Vector3d Bw(const Eigen::Vector3d& w) const { return M_inv_ * friction_->q(w); }
  /// B(w) w + c, the right-hand side of (101).
  Eigen::Vector3d field(const Eigen::Vector3d& w, double F) const { return Bw(w) + c(F); }
  /// x_o' at the slip x_o = r w (w a unit vector, r >= 0): M^-1 (q(w) + s(r w)) + c(F) with
  /// s the friction's speed part (friction/model.hpp, speed_part: the generalised Coulomb law
  /// (1) [Kireenkov]); exactly field(w, F) for a law of the direction only. Only the slip
  /// dynamics (simulate) asks for it: at r = 0 it is field(w, F).
  Eigen::Vector3d field_at(const Eigen::Vector3d& w, double r, double F) const;
  FieldJacobian field_jacobian(const Eigen::Vector3d& w, double F) const;

  /// The constant matrix B of a linear model (linear-fit: M^-1 Pi; harmonic N = 1:
  /// M^-1 (-diag(C1, C1, (kappa/rho) S1))), none otherwise.
  std::optional<Eigen::Matrix3d> constant_B() const;

  /// Sect. 7.4: the circle w2 = 0 is invariant when the model is axisymmetric, M is diagonal
  /// with M11 = M22, and the load has no y component (d2 = e2 = 0).
  bool has_invariant_circle() const;
  /// The mass and load part of that: M = diag(m1, m1, m3) and d2 = e2 = 0 (the circle is then
  /// invariant for every model whose q commutes with the rotations about e3).
  bool has_circle_structure() const;
  /// The axisymmetric model when has_invariant_circle(), else nullptr.
  const AxisymmetricModel* axisymmetric() const;
  /// The spin decouples: the model has no torque (FrictionModel::torque_free) and the third
  /// rows of M^-1 and of the load have no x, y part, so the third component of B(w) w + c
  /// vanishes for every w and F. Then (125) row 3 reads rdot w3 = 0: every limit direction
  /// off the equator has rdot = 0 exactly (docs/manual.md section 7, zhuravlev-klimov).
  bool spin_decoupled() const;

  /// w and B(w) w at the n + 1 points w = (cos psi_i, 0, sin psi_i), psi_i = -pi + 2 pi i/n, of
  /// the circle w2 = 0, computed once per n and system: the sampled search of find-limits on
  /// the invariant circle visits them at every load of a sweep, and only c depends on the
  /// load. Safe to call from several threads.
  struct CircleSample {
    double psi;
    Eigen::Vector3d w, Bw;
  };
  const std::vector<CircleSample>& circle_samples(int n) const;

  /// R*(w) and V*(w) of (121)-(122); V* is also the fast dynamics (115) on the sphere.
  double radial(const Eigen::Vector3d& w, double F) const;
  Eigen::Vector3d spherical(const Eigen::Vector3d& w, double F) const;

 private:
  Eigen::Matrix3d M_, M_inv_;
  Eigen::Vector3d d_, e_;
  std::shared_ptr<const FrictionModel> friction_;
  struct CircleMemo;
  std::shared_ptr<CircleMemo> circle_memo_;  // shared by copies: M and the model do not change
};

/// The system of a problem: the disc and ball presets of docs/manual.md section 2 (m = g = mu = 1,
/// R = 1, Rbar = R for the disc and lambda R for the ball) or the general system.
System make_system(const Problem& problem, std::shared_ptr<const FrictionModel> friction);
/// The same with the problem's own friction model.
System make_system(const Problem& problem);

}  // namespace limitdir
