#pragma once
// A validated integrator of the flow dw/dtau = V*(w) (115)/(122) [Nonlinear Dyn. 2024] in a
// gnomonic chart of the sphere, and the first return of a box of initial points to a section
// (limits/validated_flow.cpp), for the proof of a closed orbit (limits/orbit_proof.hpp).
// Internal to limits/.
//
// The chart: x = T (1, u, v) with T = [c0 a b] (doubles, T^-1 enclosed), w = x/|x|; with
// f = T^-1 F(w), F = M^-1 q(w) + c, the chart coordinates obey (docs/manual.md section 9)
//   du/dtau = |x| (f_a - u f_n),   dv/dtau = |x| (f_b - v f_n),
// the same g as limits/chart_field.hpp times |x|: in the true time tau, so the return time is
// the period. The method is Lohner's [Lohner 1987]: Taylor coefficients of order p by automatic
// differentiation (numerics/taylor_series.hpp) at the set's centre, over its hull (in interval
// duals: the Jacobian of the step) and over an a priori box (the Lagrange remainder); the set
// is kept as mid + B r with B orthonormal (the QR variant, against the wrapping effect), and the
// derivative of the flow V as an interval matrix (the C^1 algorithm [Zgliczynski 2002], with the
// remainder's derivative bounded on the a priori enclosure of V).
#include <Eigen/Core>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/numerics/interval.hpp"
#include "limitdir/system/system.hpp"
#include "numerics/taylor_series.hpp"

namespace limitdir::detail {

template <class T>
struct FieldTape;  // limits/validated_flow.cpp

/// V* in the gnomonic chart about c0, for the models whose q is a polynomial in w that the series
/// arithmetic evaluates: linear-fit (64) and harmonic (84)-(86).
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

 private:
  Eigen::Matrix3d T_;
  IMat3 Tinv_, Minv_;
  IVec3 c_;
  bool harmonic_ = false;
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

struct FlowOptions {
  int order = 8;             // Taylor order p (p + 2 <= taylor_capacity)
  double step_tol = 1e-17;   // |c_p| h^p per step at the centre (relative to the chart scale 1)
  /// The Lagrange remainder's width per unit time: over the a priori box the interval Taylor
  /// coefficients are wider than at the centre (dependency), so this bounds the step too. 1e-13
  /// keeps a period of ~50 within ~1e-11 of widening, far below the radii of X tried.
  double rem_rate = 1e-13;
  int max_steps = 20000;
};

/// The first return of the points z(s), s in S, to the section, enclosed.
struct FirstReturn {
  bool ok = false;
  std::string why;  // when not ok
  Interval s;       // P(s) over S
  Interval time;    // the return time over S
  Interval slope;   // P'(s) over S
  Interval dtime;   // dT/ds over S
  int steps = 0;
};

/// Integrates from z(S) until the first return to the section (near period_guess): the flow's
/// crossing of the section transversal (n . g > 0 on the enclosures at the start and at the
/// return), no enclosure between meeting the section, the return inside the section.
FirstReturn first_return(const ChartFlow& flow, const ChartSection& section, const Interval& S, double period_guess,
                         const FlowOptions& options);

/// n . g > 0 over the whole section (subdivided): the section is a transversal of the flow.
bool section_transversal(const ChartFlow& flow, const ChartSection& section);

}  // namespace limitdir::detail
