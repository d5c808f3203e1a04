#pragma once
// The exact friction model of an axisymmetric contact: the integrals (23) [Nonlinear Dyn. 2024]
// (docs/manual.md section 1).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/contact/pressure.hpp"
#include "limitdir/friction/model.hpp"

namespace limitdir {

/// C and S of (86) on a meridian as functions of u = w3^2 (the invariant circle w2 = 0 of
/// Sect. 7.4 has w1^2 = 1 - u), with their first and second u-derivatives, enclosed over an
/// interval of u. The second derivatives are the whole line on intervals that reach eps = 1
/// (u = c^2/(1 + c^2), c = rho/R): there the uniform laws are only C^1 (Sect. 4.1 errata) and the
/// Hertz laws' second derivatives are not enclosed (friction/exact_laws.hpp).
struct CircleEnclosure {
  Interval C, dC, ddC, S, dS, ddS;
};

/// The exact model: the integrals (23) for an axisymmetric pressure. Uniform pressure by the
/// elliptic-integral closed form (57)-(60) (with the errata), Hertz by (62)-(63), Galin's
/// (1 - xi^2)^(-1/2) by its closed form in asin, sqrt (docs/manual.md section 4), every other
/// pressure by a ring quadrature (the angular integral in closed form, the radial one by
/// tanh-sinh quadrature split at the instantaneous centre of rotation and the profile nodes).
/// For eps >= sqrt(2) every pressure uses the convergent series in 1/eps^2 whose
/// coefficients are the pressure moments (no cancellation at large eps, docs/errata.md).
/// The thin ring of [Kireenkov] (Pressure::ring) has no radial integral: its laws are the
/// closed forms in E, K at the ring's radius (friction/exact_ring.cpp), for either method.
/// Uniform, Hertz and Galin pressure and the ring at the rim have rigorous enclosures
/// (enclose_meridian, Arb ball arithmetic for the elliptic integrals); the ring quadrature and a
/// ring inside the contact have none.
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
  /// Rigorous enclosures of C, S and their u-derivatives over U within [0, 1] (Arb's elliptic
  /// integrals for uniform, Hertz and Galin pressure and the ring at the rim, friction/exact_circle.cpp);
  /// none for the ring quadrature and a ring inside the contact.
  virtual std::optional<CircleEnclosure> enclose_circle(const Interval& U) const;

 protected:
  ExactModel(Pressure pressure, double rho_over_R);
  Pressure pressure_;
};

/// How the exact model is evaluated: `automatic` takes the closed forms for uniform and
/// Hertz pressure; `ring_quadrature` forces the general numerical method (for cross-checks).
enum class ExactMethod { automatic, ring_quadrature };
std::unique_ptr<ExactModel> make_exact_model(const Pressure& pressure, double rho_over_R,
                                             ExactMethod method = ExactMethod::automatic);

}  // namespace limitdir
