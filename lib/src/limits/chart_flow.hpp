#pragma once
// V* (115)/(122) [Nonlinear Dyn. 2024] in a gnomonic chart of the sphere as a tape of Taylor
// coefficients in time (limits/chart_flow.cpp): the field that the validated integrator
// (limits/validated_flow.hpp) carries, and the section its first return is taken to. Internal
// to limits/.
//
// The chart: x = T (1, u, v) with T = [c0 a b] (doubles, T^-1 enclosed), w = x/|x|; with
// f = T^-1 F(w), F = M^-1 q(w) + c, the chart coordinates obey (docs/manual.md section 9)
//   du/dtau = |x| (f_a - u f_n),   dv/dtau = |x| (f_b - v f_n),
// the same g as limits/chart_field.hpp times |x|: in the true time tau, so the return time is
// the period. The coefficients come by automatic differentiation (numerics/taylor_series.hpp)
// in doubles (steering), intervals (the set's centre, the a priori box) or Dual2 (an interval
// with its gradient: the Jacobian of the step).
#include <Eigen/Core>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/numerics/interval.hpp"
#include "limitdir/system/system.hpp"
#include "numerics/taylor_series.hpp"

namespace limitdir::detail {

/// An interval and its two partial derivatives with respect to the chart coordinates (u, v):
/// the coefficients of the series whose first-order part is the flow's Jacobian. IDual of
/// numerics/interval.hpp has three and is out of line; this is the integrator's inner loop.
struct Dual2 {
  Interval v, d0, d1;
  Dual2() = default;
  Dual2(const Interval& x) : v(x), d0(0.0), d1(0.0) {}  // NOLINT: a constant
  Dual2(double x) : v(x), d0(0.0), d1(0.0) {}           // NOLINT: a constant
  Dual2(const Interval& x, const Interval& a, const Interval& b) : v(x), d0(a), d1(b) {}
};
inline Dual2 operator+(const Dual2& a, const Dual2& b) { return {a.v + b.v, a.d0 + b.d0, a.d1 + b.d1}; }
inline Dual2 operator-(const Dual2& a, const Dual2& b) { return {a.v - b.v, a.d0 - b.d0, a.d1 - b.d1}; }
inline Dual2 operator-(const Dual2& a) { return {-a.v, -a.d0, -a.d1}; }
inline Dual2 operator*(const Dual2& a, const Dual2& b) {
  return {a.v * b.v, a.d0 * b.v + a.v * b.d0, a.d1 * b.v + a.v * b.d1};
}
inline Dual2 operator/(const Dual2& a, const Dual2& b) {
  const Interval q = a.v / b.v;
  return {q, (a.d0 - q * b.d0) / b.v, (a.d1 - q * b.d1) / b.v};
}
inline Dual2 sqrt(const Dual2& a) {
  const Interval s = boost::numeric::sqrt(a.v), twice = 2.0 * s;
  return {s, a.d0 / twice, a.d1 / twice};
}

/// The intermediates of the chart field as series in time: x = T (1, u, v), w = x/|x|, q(w) (64)
/// or (86) with C, S from (84)-(85) in y = w3^2 - w12^2 (Clenshaw's b_j), or the exact uniform
/// disc's C, S (57)-(60) and lateral force (2) [Kireenkov] (limits/chart_disc.hpp, whose series
/// are `disc`), F = M^-1 q + c, f = T^-1 F, h = (f_a - u f_n, f_b - v f_n), g = |x| h.
template <class T>
struct FieldTape {
  using S = Series<T>;
  std::array<S, 2> z, h, g;
  std::array<S, 3> x, w, q, F, f;
  S r2, rho, y, C, Sy;
  std::vector<S> bC, bS;
  std::vector<S> disc;
};

/// V* in the gnomonic chart about c0, for the models whose q the series arithmetic evaluates:
/// linear-fit (64) and harmonic (84)-(86), polynomials in w, and the exact uniform disc (57)-(60),
/// shifted or not, on its pole half (eps < 1: through E, B's differential equations).
class ChartFlow {
 public:
  /// None (why says so) when the model has no series form or M^-1, T^-1 cannot be enclosed.
  static std::optional<ChartFlow> make(const System& system, double F, const Eigen::Vector3d& c0, std::string& why);
  /// The k-th time coefficient of every intermediate of the chart field (du/dtau, dv/dtau) from
  /// the first k + 1 of the chart coordinates', coefficients T (double, Interval, Dual2: an
  /// interval with its gradient in (u, v)).
  template <class T>
  void advance(FieldTape<T>& tape, int k) const;
  template <class T>
  FieldTape<T> tape() const;
  IVec2 enclose(const IVec2& Z) const;                     // over a box
  Eigen::Vector2d value(const Eigen::Vector2d& z) const;   // at a point (rounded)
  Eigen::Vector3d sphere_point(const Eigen::Vector2d& z) const;
  /// The chart point of w (w . c0 > 0).
  Eigen::Vector2d chart_point(const Eigen::Vector3d& w) const;
  const Eigen::Matrix3d& frame() const { return T_; }
  /// Why the field's series form does not hold along the points w (the exact disc's: a point off
  /// its pole half, eps >= 1 or w3 of the other sign), or empty when it does.
  std::string outside_domain(const std::vector<Eigen::Vector3d>& points) const;

 private:
  Eigen::Matrix3d T_;
  IMat3 Tinv_, Minv_;
  IVec3 c_;
  enum class Kind { linear, harmonic, disc } kind_ = Kind::linear;
  std::optional<FrictionModel::UniformDiscForm> disc_;
  double sigma_ = 1.0;  ///< the disc: the sign of w3 on the pole half the chart is about
  Eigen::Matrix3d Pi_;
  std::vector<double> alpha_, beta_;
  double kappa_over_rho_ = 1.0;
};

/// The section: the segment of the chart line through zc normal to n, s the coordinate
/// t . (z - zc)/(t . t) along t = (-n1, n0), |s| <= half_length (a great-circle arc).
struct ChartSection {
  Eigen::Vector2d zc, n;
  double half_length = 0;
  Eigen::Vector2d t() const { return {-n(1), n(0)}; }
  Interval sigma(const IVec2& z) const;  // n . (z - zc): 0 on the section's line
  Interval s(const IVec2& z) const;
  IVec2 point(const Interval& s) const;  // zc + s t/(t . t)
};

// The tape's coefficient types, instantiated in limits/chart_flow.cpp.
extern template FieldTape<double> ChartFlow::tape<double>() const;
extern template FieldTape<Interval> ChartFlow::tape<Interval>() const;
extern template FieldTape<Dual2> ChartFlow::tape<Dual2>() const;
extern template void ChartFlow::advance<double>(FieldTape<double>&, int) const;
extern template void ChartFlow::advance<Interval>(FieldTape<Interval>&, int) const;
extern template void ChartFlow::advance<Dual2>(FieldTape<Dual2>&, int) const;

}  // namespace limitdir::detail
