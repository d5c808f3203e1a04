#pragma once
// Axisymmetric pressure distributions on a circular contact (37), [Nonlinear Dyn. 2024].
// Radii xi are in units of the contact radius R, so the contact is 0 <= xi <= 1; the
// pressure p(xi) is known up to its normalisation P (38), which cancels in every
// dimensionless quantity of the theory.
#include <limits>
#include <string>
#include <vector>

namespace limitdir {

class Pressure {
 public:
  enum class Kind { uniform, hertz, galin, power, profile, ring };

  static Pressure uniform();                 // (56): p = const
  static Pressure hertz();                   // (61): p ~ (1 - xi^2)^(1/2)
  static Pressure galin();                   // p ~ (1 - xi^2)^(-1/2)
  static Pressure power(double alpha);       // p ~ (1 - xi^2)^alpha, alpha > -1
  /// Tabulated radial profile, linear between the nodes; xi strictly increasing from 0 to 1
  /// (in units of R), p >= 0 and not all zero.
  static Pressure profile(std::vector<double> xi, std::vector<double> p);
  /// The thin ring of [Kireenkov]: sigma ~ delta(xi - xi0), the whole load on the circle of
  /// radius xi0 R, 0 < xi0 <= 1 (xi0 = 1: the rim). A measure, not a density: operator() and
  /// the radial quadratures do not apply; every integral over xi is the evaluation at xi0.
  static Pressure ring(double xi0 = 1.0);

  Kind kind() const { return kind_; }
  /// The exponent of the power family (0 uniform, 1/2 Hertz, -1/2 Galin); NaN for profiles
  /// and the ring.
  double alpha() const { return alpha_; }
  /// The ring's radius xi0 (units of R); NaN for every other kind.
  double ring_radius() const { return xi0_; }
  /// Of the family (1 - xi^2)^alpha (uniform, hertz, galin, power).
  bool power_family() const { return kind_ != Kind::profile && kind_ != Kind::ring; }
  std::string name() const;

  /// Unnormalised pressure at xi in [0, 1]; one_minus_xi = 1 - xi supplied without
  /// cancellation (used for the singular Galin-type edge). The ring has no density: throws
  /// std::logic_error (its consumers evaluate at ring_radius() instead).
  double operator()(double xi, double one_minus_xi) const;
  double operator()(double xi) const { return (*this)(xi, 1.0 - xi); }

  /// M_k = int_0^1 p(xi) xi^k dxi (exact: Beta functions for the power family, piecewise
  /// polynomial integrals for profiles, xi0^k for the ring). So P = 2 pi R^2 M_1 (38).
  double moment(int k) const;
  /// kappa/R of (39): M_2 / M_1. 2/3 uniform (76), 3 pi/16 Hertz (77), pi/4 Galin, xi0 ring.
  double kappa() const { return moment(2) / moment(1); }

  /// Radii in (0, 1) where p is not smooth (the interior profile nodes; the ring's radius).
  std::vector<double> breakpoints() const;
  const std::vector<double>& nodes_xi() const { return xi_; }
  const std::vector<double>& nodes_p() const { return p_; }

 private:
  Pressure(Kind kind, double alpha) : kind_(kind), alpha_(alpha) {}
  Kind kind_;
  double alpha_;
  double xi0_ = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> xi_, p_;
};

}  // namespace limitdir
