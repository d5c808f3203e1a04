#pragma once
// Axisymmetric pressure distributions on a circular contact (37), [Nonlinear Dyn. 2024].
// Radii xi are in units of the contact radius R, so the contact is 0 <= xi <= 1; the
// pressure p(xi) is known up to its normalisation P (38), which cancels in every
// dimensionless quantity of the theory.
#include <string>
#include <vector>

namespace limitdir {

class Pressure {
 public:
  enum class Kind { uniform, hertz, galin, power, profile };

  static Pressure uniform();                 // (56): p = const
  static Pressure hertz();                   // (61): p ~ (1 - xi^2)^(1/2)
  static Pressure galin();                   // p ~ (1 - xi^2)^(-1/2)
  static Pressure power(double alpha);       // p ~ (1 - xi^2)^alpha, alpha > -1
  /// Tabulated radial profile, linear between the nodes; xi strictly increasing from 0 to 1
  /// (in units of R), p >= 0 and not all zero.
  static Pressure profile(std::vector<double> xi, std::vector<double> p);

  Kind kind() const { return kind_; }
  /// The exponent of the power family (0 uniform, 1/2 Hertz, -1/2 Galin); NaN for profiles.
  double alpha() const { return alpha_; }
  std::string name() const;

  /// Unnormalised pressure at xi in [0, 1]; one_minus_xi = 1 - xi supplied without
  /// cancellation (used for the singular Galin-type edge).
  double operator()(double xi, double one_minus_xi) const;
  double operator()(double xi) const { return (*this)(xi, 1.0 - xi); }

  /// M_k = int_0^1 p(xi) xi^k dxi (exact: Beta functions for the power family, piecewise
  /// polynomial integrals for profiles). So P = 2 pi R^2 M_1 (38).
  double moment(int k) const;
  /// kappa/R of (39): M_2 / M_1. 2/3 uniform (76), 3 pi/16 Hertz (77), pi/4 Galin.
  double kappa() const { return moment(2) / moment(1); }

  /// Radii in (0, 1) where p is not smooth (the interior profile nodes).
  std::vector<double> breakpoints() const;
  const std::vector<double>& nodes_xi() const { return xi_; }
  const std::vector<double>& nodes_p() const { return p_; }

 private:
  Pressure(Kind kind, double alpha) : kind_(kind), alpha_(alpha) {}
  Kind kind_;
  double alpha_;
  std::vector<double> xi_, p_;
};

}  // namespace limitdir
