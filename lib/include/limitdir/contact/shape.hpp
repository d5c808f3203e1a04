#pragma once
// A plane contact of any (here: circular or elliptic) shape with its nominal normal pressure,
// the integral model of [Kudra & Awrejcewicz 2013] Sect. 2, generalising the circle of
// [Nonlinear Dyn. 2024].
//
// Conventions (kept by every consumer, e.g. the exact model of friction/contact_model.hpp):
//  * Contact axes: the origin O is the centre of the ellipse, x and y along its semi-axes
//    a and b (a circle of radius R is a = b = R). Lengths are in the user's unit.
//  * Nominal pressure sigma0(r) = (1 - rhat^2)^alpha, rhat^2 = (x/a)^2 + (y/b)^2 <= 1:
//    uniform (alpha = 0), Hertz/semi-ellipsoidal (alpha = 1/2), Galin (alpha = -1/2), power
//    (any alpha > -1; the exact model of friction/contact_model.hpp takes alpha >= -1/2); or a
//    tabulated profile sigma0 = p(rhat), linear between nodes xi_0 = 0 < ... < xi_n = 1 (the
//    circle's profile of (37) [Nonlinear Dyn. 2024] on the elliptic level sets rhat = const).
//    Its scale is irrelevant (it cancels in q); N = integral of sigma dA.
//  * Optional linear factor sigma = sigma0 (1 + l . r):
//    - distortion (15)-(16) [Kudra & Awrejcewicz 2013]: a fixed direction gamma' of the
//      pre-image circle, l = d (cos gamma'/a, sin gamma'/b), 0 <= d <= 1 (the paper's domain:
//      non-negative pressure). In the paper's units (a = 1, b <= 1) this is exactly
//      sigma0 (1 + d x cos gamma' + d b^-1 y sin gamma') of (16);
//    - shift (2) [Kireenkov]: along the INSTANTANEOUS sliding direction s = (w1, w2)/|(w1, w2)|
//      of the reference point O, l = k s / max(a, b) (for a circle: sigma0 (1 + k x_par/R)).
//      sigma then depends on w. At pure spin s is undefined and the shift is dropped (the mean
//      over the directions s); the model is discontinuous there.
//    Both may be combined; the pressure must stay >= 0 for every s: max |A l| <= 1, A = diag(a, b).
//  * Slip direction w = (v_x, v_y, rho omega)/|.| (v the velocity of O, omega the spin); the
//    velocity of the point r is v(r) = v + omega e_z x r; Coulomb's law pointwise: the friction
//    stress is -mu sigma(r) v(r)/|v(r)|. q(w) = (F_x, F_y, M_z/rho)/(mu N), M_z about O.
//  * kappa = (1/N) integral of sigma |r| dA (the pure-spin moment arm: q3 = -kappa/rho at
//    pure spin with omega > 0); for a circle the kappa of (39) [Nonlinear Dyn. 2024]. The linear factor does
//    not change N or kappa (sigma0 is centrally symmetric).
#include <Eigen/Core>
#include <string>
#include <vector>

namespace limitdir {

/// The nominal pressure profile sigma0 = (1 - rhat^2)^alpha, or a tabulated p(rhat).
struct NominalPressure {
  enum class Kind { uniform, hertz, galin, power, profile };
  Kind kind = Kind::uniform;
  double alpha = 0.0;  // NaN for a profile
  std::vector<double> xi, p;  // the profile's nodes (empty for the power family)
  static NominalPressure uniform() { return {Kind::uniform, 0.0, {}, {}}; }
  static NominalPressure hertz() { return {Kind::hertz, 0.5, {}, {}}; }
  /// Galin's punch pressure, edge-singular (alpha = -1/2).
  static NominalPressure galin() { return {Kind::galin, -0.5, {}, {}}; }
  static NominalPressure power(double alpha) { return {Kind::power, alpha, {}, {}}; }
  /// Linear between the nodes; xi strictly increasing from 0 to 1, p >= 0 finite and not all
  /// zero (InputError otherwise).
  static NominalPressure profile(std::vector<double> xi, std::vector<double> p);
  bool is_profile() const { return kind == Kind::profile; }
  /// sigma0 at rhat in [0, 1] (unnormalised).
  double value(double rhat) const;
  /// M_k = int_0^1 sigma0(u) u^k du (Beta functions for the family, exact piecewise
  /// polynomial integrals for a profile).
  double moment(int k) const;
  std::string name() const;
  bool operator==(const NominalPressure& o) const {
    return kind == o.kind && (alpha == o.alpha || (alpha != alpha && o.alpha != o.alpha)) && xi == o.xi && p == o.p;
  }
};

class Contact {
 public:
  static Contact circle(double R, NominalPressure pressure);
  static Contact ellipse(double a, double b, NominalPressure pressure);
  /// (15)-(16) [Kudra & Awrejcewicz 2013]: 0 <= d <= 1, gamma_prime the direction in the
  /// pre-image circle (x' = x/a, y' = y/b).
  Contact with_distortion(double d, double gamma_prime) const;
  /// (2) [Kireenkov]: sigma0 (1 + k x_par / max(a, b)), x_par along the sliding direction.
  Contact with_shift(double k) const;

  double a() const { return a_; }
  double b() const { return b_; }
  const NominalPressure& pressure() const { return pressure_; }
  double alpha() const { return pressure_.alpha; }
  double d() const { return d_; }
  double gamma_prime() const { return gamma_prime_; }
  double k() const { return k_; }
  bool has_shift() const { return k_ != 0.0; }
  bool has_linear_factor() const { return d_ != 0.0 || k_ != 0.0; }

  /// The gradient l of the linear factor 1 + l . r at the slip direction w (any nonzero w).
  Eigen::Vector2d ell(const Eigen::Vector3d& w) const;
  /// The fixed part of l (the distortion) and the shift's l per unit sliding direction.
  Eigen::Vector2d ell_distortion() const;
  double shift_scale() const;  // k / max(a, b)
  /// sigma(r) (unnormalised, sigma0(0) = 1) at slip direction w; 0 outside the contact.
  double sigma(const Eigen::Vector2d& r, const Eigen::Vector3d& w) const;

  /// N = integral of sigma dA = 2 pi a b M_1 = pi a b/(alpha + 1).
  double N() const;
  /// (22) [Kudra & Awrejcewicz 2013]: the centre of pressure at slip direction w,
  /// diag(a^2, b^2) l M_3/(2 M_1) = diag(a^2, b^2) l/(2 (alpha + 2)).
  Eigen::Vector2d centre_of_pressure(const Eigen::Vector3d& w) const;
  /// kappa = (1/N) integral sigma |r| dA = M2 (a b/N) 4 max(a, b) E(e), e^2 = 1 - (min/max)^2.
  double kappa() const;
  /// Radial moments M_k = int_0^1 sigma0(u) u^k du (= int_0^1 (1 - u^2)^alpha u^k du).
  double moment(int k) const;
  std::string description() const;

 private:
  Contact(double a, double b, NominalPressure p) : a_(a), b_(b), pressure_(p) {}
  void check_nonnegative() const;
  double a_, b_;
  NominalPressure pressure_;
  double d_ = 0.0, gamma_prime_ = 0.0, k_ = 0.0;
};

}  // namespace limitdir
