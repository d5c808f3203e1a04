#pragma once
// Friction models: the dimensionless generalised friction force q(w) = Q(w)/(mu P)
// = (Q_x, Q_y, T_z/rho)/(mu P) as a function of the slip direction w on the unit sphere
// (31), [Nonlinear Dyn. 2024], and its derivative. docs/manual.md section 1.
//
// Conventions shared by every model:
//  * q is evaluated at any nonzero x in R^3 through its degree-0 homogeneous extension
//    q(x) = q(x/|x|) (Proposition 1, (24)).
//  * dq_dw is the Jacobian of that extension. It satisfies dq_dw * x = 0 (Euler), and on
//    the tangent plane of the sphere it is the derivative of q along the sphere, which is
//    all the Jacobians of Sect. 7.2.7 use.
//  * Where a model is not differentiable (a cone point at a pole, a kink on the equator),
//    `differentiable` is false and dq_dw is the symmetric mean of the one-sided derivatives.
#include <Eigen/Core>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/numerics/interval.hpp"
#include "limitdir/contact/pressure.hpp"

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

  /// Parametrisation 2, (32): q and dq/d(theta, phi).
  Eigen::Vector3d q_angles(double theta, double phi) const;
  Eigen::Matrix<double, 3, 2> dq_dangles(double theta, double phi) const;

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

// ----- model families ------------------------------------------------------------------

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
  MeridianValue meridian(double w12, double w3) const override;

 protected:
  using AxisymmetricModel::AxisymmetricModel;
};

/// The exact model: the integrals (23) for an axisymmetric pressure. Uniform pressure by the
/// elliptic-integral closed form (57)-(60) (with the errata), Hertz by (62)-(63), every other
/// pressure by a ring quadrature (the angular integral in closed form, the radial one by
/// tanh-sinh quadrature split at the instantaneous centre of rotation and the profile nodes).
/// For eps >= sqrt(2) every pressure uses the convergent series in 1/eps^2 whose
/// coefficients are the pressure moments (no cancellation at large eps, docs/errata.md).
/// Uniform and Hertz pressure have rigorous enclosures (enclose_meridian, Arb ball arithmetic
/// for the elliptic integrals); the ring quadrature has none (its error is only estimated).
class ExactModel : public RegionModel {
 public:
  const Pressure& pressure() const { return pressure_; }
  /// dQ_eps/deps at pure spin (eps = 0): M_0/(2 M_1).
  double slope_at_pure_spin() const;
  /// lim_{eps->inf} eps T_eps(eps) (the slope of T in 1/eps at pure sliding): M_3/(2 M_2).
  double slope_at_pure_sliding() const;
  std::string name() const override { return "exact"; }
  std::string description() const override;
  std::vector<double> theta_breakpoints() const override;

 protected:
  ExactModel(Pressure pressure, double rho_over_R);
  Pressure pressure_;
};

/// How the exact model is evaluated: `automatic` takes the closed forms for uniform and
/// Hertz pressure; `ring_quadrature` forces the general numerical method (for cross-checks).
enum class ExactMethod { automatic, ring_quadrature };
std::unique_ptr<ExactModel> make_exact_model(const Pressure& pressure, double rho_over_R,
                                             ExactMethod method = ExactMethod::automatic);

/// (75): the Coulomb model of a point contact, q = -(w1/w12, w2/w12, 0). At the poles
/// (pure spin) q = 0, the R -> 0 limit of (41); the model is discontinuous there.
std::unique_ptr<AxisymmetricModel> make_coulomb_point_model(double rho_over_R, double kappa_over_rho);

/// (64): q(w) = Pi w with a constant 3x3 matrix Pi (= Pi-hat/(mu P)).
class LinearModel : public FrictionModel {
 public:
  LinearModel(const Eigen::Matrix3d& Pi, double rho_over_R, double kappa_over_rho, std::string description);
  /// (65)-(66): Pi = [q(w_i) q(w_ii) q(w_iii)] of a reference model at the elementary
  /// directions; for an axisymmetric exact reference this is (67).
  static std::unique_ptr<LinearModel> fit(const FrictionModel& reference);
  const Eigen::Matrix3d& Pi() const { return Pi_; }
  std::string name() const override { return "linear-fit"; }
  std::string description() const override { return description_; }
  std::optional<QEnclosure> enclose(const IVec3& x) const override;

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override;
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override;

 private:
  Eigen::Matrix3d Pi_;
  std::string description_;
};

/// (82)-(88): the harmonic model of degree N. The Fourier coefficients c_i, s_i of (83) are
/// computed from a reference model by tanh-sinh quadrature split at its breakpoints; the
/// polynomial coefficients C_i, S_i of (84)-(85) follow exactly from
/// cos((2i-1) th) = cos th (-1)^(i-1) U_{2i-2}(sin th), sin((2i-1) th) = (-1)^(i-1) T_{2i-1}(sin th).
/// Evaluation uses the equivalent Chebyshev series in y = 2 w3^2 - 1 (Clenshaw), which is
/// stable for every N.
class HarmonicModel : public AxisymmetricModel {
 public:
  HarmonicModel(const AxisymmetricModel& reference, int N);
  /// Directly from Fourier coefficients (c.size() == s.size() == N >= 1).
  HarmonicModel(std::vector<double> c, std::vector<double> s, double rho_over_R, double kappa_over_rho,
                std::string reference_description);
  int degree() const { return static_cast<int>(c_.size()); }
  const std::vector<double>& c() const { return c_; }
  const std::vector<double>& s() const { return s_; }
  const std::vector<double>& C() const { return C_; }
  const std::vector<double>& S() const { return S_; }
  /// The Chebyshev coefficients in y = 2 w3^2 - 1 that q is evaluated from: C(w3) =
  /// sum_j alpha_j T_j(y), S(w3) = sum_j beta_j T_j(y) (the model as computed, for proofs).
  const std::vector<double>& chebyshev_C() const { return alpha_; }
  const std::vector<double>& chebyshev_S() const { return beta_; }
  /// Largest estimated quadrature error of the c_i, s_i.
  double coefficient_error() const { return coefficient_error_; }
  std::string name() const override { return "harmonic"; }
  std::string description() const override;
  MeridianValue meridian(double w12, double w3) const override;
  MeridianValue meridian_values(double w12, double w3) const override;
  /// The Chebyshev series in y = w3^2 - w12^2 evaluated by interval Clenshaw.
  std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const override;

 private:
  void prepare();
  std::vector<double> c_, s_, C_, S_;
  std::vector<double> alpha_, beta_, dalpha_, dbeta_;  // Chebyshev series in y and d/dy
  double coefficient_error_ = 0.0;
  std::string reference_;
};

/// Fourier coefficients (83) of a model: returns {c, s} of length N; err receives the
/// estimated absolute quadrature error.
void harmonic_coefficients(const AxisymmetricModel& reference, int N, std::vector<double>& c,
                           std::vector<double>& s, double* err = nullptr);

/// Zhuravlev-Kireenkov Pade models ([Kireenkov], eqs 9-10, mu1 = mu2 = k = 0) with
/// u = R |omega|, v = slip speed, eps = v/u:
///   order 1: Q_eps = eps/(eps + a),            T_eps = 1/(1 + m eps)
///   order 2: Q_eps = (eps^2 + a eps)/(eps^2 + a eps + 1),
///            T_eps = (1 + m eps)/(1 + m eps + eps^2)
/// a and m match the exact model's slopes at pure spin and pure sliding.
class PadeModel : public RegionModel {
 public:
  PadeModel(const ExactModel& exact, int order);
  int order() const { return order_; }
  double a() const { return a_; }
  double m() const { return m_; }
  std::string name() const override { return "pade"; }
  std::string description() const override;
  std::vector<double> theta_breakpoints() const override { return {}; }
  Pole pole(double epsilon) const override;
  Equator equator(double s) const override;
  /// C and S as rational functions of w12 = hypot(w1, w2) and |w3| on the whole sphere
  /// (Clarke hulls of abs and hypot at the equator and the poles).
  std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const override;

 private:
  int order_;
  double a_, m_;
  std::string reference_;
};

}  // namespace limitdir
