#pragma once
// Friction models: the dimensionless generalised friction force q(w) = Q(w)/(mu P)
// = (Q_x, Q_y, T_z/rho)/(mu P) as a function of the slip direction w on the unit sphere
// (31), [Nonlinear Dyn. 2024], and its derivative. docs/manual.md section 1. This header is the
// interface every model implements (FrictionModel, AxisymmetricModel, RegionModel); the models
// are in exact.hpp, coulomb_point.hpp, linear.hpp, harmonic.hpp, pade.hpp, contact_model.hpp,
// contact_approx.hpp and sphere_harmonic.hpp of this folder.
//
// Conventions shared by every model:
//  * q is evaluated at any nonzero x in R^3 through its degree-0 homogeneous extension
//    q(x) = q(x/|x|) (Proposition 1, (24)).
//  * dq_dw is the Jacobian of that extension. It satisfies dq_dw * x = 0 (Euler), and on
//    the tangent plane of the sphere it is the derivative of q along the sphere, which is
//    all the Jacobians of Sect. 7.2.7 use.
//  * Where a model is not differentiable (a cone point at a pole, a kink on the equator),
//    `differentiable` is false and dq_dw is the symmetric mean of the one-sided derivatives.
//  * kink_sets() says where a model is less smooth than C^2 (the equator, the poles), which
//    the solver and the continuation treat apart (docs/manual.md sections 5 and 7).
#include <Eigen/Core>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/numerics/interval.hpp"
#include "limitdir/numerics/jet2.hpp"

namespace limitdir {

struct FrictionJacobian {
  Eigen::Vector3d q;
  Eigen::Matrix3d dq_dw;
  bool differentiable = true;
};

/// The scalar laws of an axisymmetric model in one parametrisation, with the derivative
/// with respect to that parameter: (46) in w3, (49) in theta, (53) in epsilon.
struct ScalarLaw {
  double Q, dQ, T, dT;
};

/// On a meridian, an axisymmetric q is q = -(w1 C, w2 C, (kappa/rho) w3 S) with
/// C = Q_w(w3)/w12 and S = T_w(w3)/w3 (generalising (85)-(86) to every model). C and S are
/// even functions of theta; C_theta, S_theta are their theta-derivatives.
/// Rigorous enclosures, for every x in a box not containing 0, of q(x) and of dq_dw(x), the
/// Jacobian of the degree-0 homogeneous extension (its Clarke generalised Jacobian where q is
/// not differentiable), computed in outward-rounded interval arithmetic (numerics/interval.hpp).
struct QEnclosure {
  IVec3 q;
  IMat3 dq_dw;
};

/// Over a box of x: w = x/|x| and the meridian functions C, S of (86), each with its (Clarke)
/// gradient with respect to x, so that q = -(w1 C, w2 C, (kappa/rho) w3 S) and its Jacobian
/// follow; the proofs combine a wide gradient of C (a kink) with the narrow w first.
struct MeridianEnclosure {
  std::array<IDual, 3> w;
  IDual C, S;
};

/// Over a box of x about a pole where q jumps because a force turns with the sliding direction
/// s = (w1, w2)/w12 (the pressure shifted along s, (2) [Kireenkov]): q = q_c + a n with q_c
/// continuous through the pole (its enclosure over the box) and n = e_z x s, n w12 = (-w2, w1, 0),
/// a unit vector of every horizontal direction about the pole, a enclosed (limits/jump_cells.cpp
/// excludes zeros of V* about the pole from these).
struct PoleJumpEnclosure {
  IVec3 q_c;
  Interval a;
};

/// How smooth q is across a set of the sphere (docs/manual.md section 7, "The models"):
/// smooth (C^2 at least), c1 (dq/dw exists and is continuous, d2q/dw2 jumps: a branch of
/// limit directions may still turn a corner there), kink (dq/dw jumps: the one-sided
/// Jacobians differ; a cone point at a pole) or jump (q itself jumps).
enum class Smoothness { smooth, c1, kink, jump };
/// "smooth" | "c1" | "kink" | "jump"
std::string to_string(Smoothness s);

/// Where a model is less smooth than C^2: the equator w3 = 0 (pure sliding) and the poles
/// w12 = 0 (pure spin), the only such sets of the models of this folder.
struct KinkSets {
  Smoothness equator = Smoothness::smooth;
  Smoothness poles = Smoothness::smooth;
  bool any() const { return equator != Smoothness::smooth || poles != Smoothness::smooth; }
};

/// The distance (in radians, to first order) from the unit vector w to the nearest kink set
/// of `sets` that is not smooth; +infinity when there is none.
double distance_to_kink(const KinkSets& sets, const Eigen::Vector3d& w);

struct MeridianValue {
  double C, C_theta, S, S_theta;
  bool differentiable = true;
};

class FrictionModel {
 public:
  virtual ~FrictionModel() = default;
  /// "exact", "coulomb-point", "linear-fit", "harmonic", "pade".
  virtual std::string name() const = 0;
  /// One-line human description, e.g. "harmonic N=4 (uniform pressure, rho = kappa)".
  virtual std::string description() const = 0;

  Eigen::Vector3d q(const Eigen::Vector3d& x) const;
  FrictionJacobian jacobian(const Eigen::Vector3d& x) const;
  /// Rigorous enclosures of q and dq_dw over the box x (which must not contain 0); none when
  /// the model has no rigorous enclosure (the default) or not on this box.
  virtual std::optional<QEnclosure> enclose(const IVec3& x) const;
  /// PoleJumpEnclosure over the box x (which must not contain 0), for a model whose q jumps at the
  /// poles as it describes; none for the others (the default) and on boxes away from the poles.
  virtual std::optional<PoleJumpEnclosure> enclose_pole_jump(const IVec3& /*x*/) const { return std::nullopt; }
  /// The accuracy of enclose() follows the width of its box: a quadrature whose rule is chosen
  /// for the box (the exact ellipse, friction/contact_model.hpp; the tabulated profile near the
  /// poles, friction/exact_profile.cpp), so that a point costs the model's finest rule. A proof
  /// then takes g at a small box about a cell's midpoint, not at the point (limits/
  /// cube_cover.cpp, limits/circle_cover.cpp). False by default.
  virtual bool enclosure_follows_box() const { return false; }
  /// q(w) with its first and second derivatives, as second-order interval jets over the
  /// variables of the jets of w (w a unit vector): the linear (64) and harmonic (86) models have
  /// them (friction/enclose_jet.cpp); none for the others (the default).
  virtual std::optional<IJet2Vec3> q_jet(const IJet2Vec3& w) const;
  /// The model is the exact uniform disc (57)-(60) [Nonlinear Dyn. 2024], its pressure possibly
  /// shifted along the sliding direction by k (2) [Kireenkov], in closed form: a Taylor-series
  /// form of q follows from these numbers and E, B's equations (friction/elliptic_enclose.hpp;
  /// the orbit proof's integrator, limits/chart_flow.cpp). None for every other model.
  struct UniformDiscForm {
    double rho_over_R, kappa_over_rho, k;
  };
  virtual std::optional<UniformDiscForm> uniform_disc_form() const { return std::nullopt; }

  /// Parametrisation 2, (32): q and dq/d(theta, phi).
  Eigen::Vector3d q_angles(double theta, double phi) const;
  Eigen::Matrix<double, 3, 2> dq_dangles(double theta, double phi) const;

  /// Where q is less smooth than C^2 (docs/manual.md section 7); smooth everywhere by default.
  virtual KinkSets kink_sets() const { return {}; }
  /// q3 = 0 for every w: a model without a spin torque (coulomb-point, zhuravlev-klimov).
  virtual bool torque_free() const { return false; }
  /// q(-w) = -q(w) for every w by construction (to rounding): friction opposing a reversed slip
  /// with the same contact. False by default (the pressure shifted along the slip (2)
  /// [Kireenkov] is not odd); fits evaluate one direction of each antipodal pair of an odd model
  /// (fit/least_squares.hpp).
  virtual bool odd() const { return false; }
  /// The part of the friction force that depends on the slip's magnitude, at the slip x itself
  /// (not its direction), in the units of q: the speed terms of the generalised Coulomb law (1)
  /// [Kireenkov] (friction/speed_law.hpp), so that the force is q(x/|x|) + speed_part(x). Zero
  /// (the default) for the laws of the direction only; it vanishes as x -> 0, so stick, the limit
  /// directions, sweeps and maps never see it; the slip dynamics (simulate) does.
  virtual Eigen::Vector3d speed_part(const Eigen::Vector3d& /*x*/) const { return Eigen::Vector3d::Zero(); }
  /// speed_part is not identically zero.
  virtual bool speed_dependent() const { return false; }

  double rho_over_R() const { return rho_over_R_; }
  double kappa_over_rho() const { return kappa_over_rho_; }

 protected:
  FrictionModel(double rho_over_R, double kappa_over_rho);
  void set_scales(double rho_over_R, double kappa_over_rho) {
    rho_over_R_ = rho_over_R;
    kappa_over_rho_ = kappa_over_rho;
  }
  /// Implementations see a unit vector w.
  virtual Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const = 0;
  virtual FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const = 0;

 private:
  double rho_over_R_, kappa_over_rho_;
};

/// A model of an axisymmetric contact, given by its meridian functions C and S.
class AxisymmetricModel : public FrictionModel {
 public:
  /// C, S and their theta-derivatives at the point (w12, w3) of a meridian, w12 >= 0,
  /// w12^2 + w3^2 = 1 (both given so that neither is recomputed with cancellation).
  virtual MeridianValue meridian(double w12, double w3) const = 0;
  /// C and S only (the derivative fields are left zero): what q needs; models override it
  /// when the values are much cheaper than the derivatives.
  virtual MeridianValue meridian_values(double w12, double w3) const { return meridian(w12, w3); }
  /// Latitudes in (0, pi/2) where the model is less smooth (e.g. epsilon = 1 of the exact
  /// model, Sect. 4.1 errata): quadratures over theta split there.
  virtual std::vector<double> theta_breakpoints() const { return {}; }

  /// (46): Q_w(w3), T_w(w3) and d/dw3 (dQ/dw3 is infinite at |w3| = 1 where Q_w has a
  /// square-root behaviour).
  ScalarLaw at_w3(double w3) const;
  /// (49): Q(theta), T(theta) and d/dtheta, theta in [-pi/2, pi/2].
  ScalarLaw at_theta(double theta) const;
  /// (53): Q_eps(eps), T_eps(eps) and d/deps, eps in [0, +infinity].
  ScalarLaw at_epsilon(double epsilon) const;

  /// Rigorous enclosures of w, C and S over the box x (none by default, and where the model
  /// has none); enclose() of an axisymmetric model is built on it.
  virtual std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const;
  std::optional<QEnclosure> enclose(const IVec3& x) const override;

 protected:
  using FrictionModel::FrictionModel;
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override;
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override;
};

/// An axisymmetric model given by smooth representations on the two halves of the sphere,
/// split at eps = 1 (theta = arctan(rho/R)):
///  * near the poles (eps <= 1): G = Q_eps/eps and T_eps as functions of eps,
///  * near the equator (s = 1/eps <= 1): Q_eps and H = eps T_eps as functions of s.
/// Each is smooth on its closed half, so C, S and their theta-derivatives follow without
/// cancellation or division by zero at the poles and on the equator.
class RegionModel : public AxisymmetricModel {
 public:
  struct Pole { double G, dG, T, dT; };
  struct Equator { double Q, dQ, H, dH; };
  virtual Pole pole(double epsilon) const = 0;
  virtual Equator equator(double s) const = 0;
  /// G, T (Q, H) only, the derivative fields left zero: what meridian_values needs. Models whose
  /// values are much cheaper than their derivatives (the ring quadrature) override them.
  virtual Pole pole_values(double epsilon) const { return pole(epsilon); }
  virtual Equator equator_values(double s) const { return equator(s); }
  MeridianValue meridian(double w12, double w3) const override;
  MeridianValue meridian_values(double w12, double w3) const override;

 protected:
  using AxisymmetricModel::AxisymmetricModel;
};

}  // namespace limitdir
