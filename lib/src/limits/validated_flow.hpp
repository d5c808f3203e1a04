#pragma once
// A validated integrator of the flow dw/dtau = V*(w) (115)/(122) [Nonlinear Dyn. 2024] in a
// gnomonic chart of the sphere (limits/chart_flow.hpp), and the first return of a box of initial
// points to a section (limits/validated_flow.cpp), for the proof of a closed orbit
// (limits/orbit_proof.hpp). Internal to limits/.
//
// The method is Lohner's [Lohner 1987]: Taylor coefficients of order p by automatic
// differentiation (numerics/taylor_series.hpp) at the set's centre, over its hull (in interval
// duals: the Jacobian of the step) and over an a priori box (the Lagrange remainder); the set
// is kept as mid + B r with B orthonormal (the QR variant, against the wrapping effect), and the
// derivative of the flow V as an interval matrix (the C^1 algorithm [Zgliczynski 2002], with the
// remainder's derivative bounded on the a priori enclosure of V).
#include <string>

#include "limitdir/numerics/interval.hpp"
#include "limits/chart_flow.hpp"

namespace limitdir::detail {

struct FlowOptions {
  int order = 9;             // Taylor order p (p + 2 <= taylor_capacity)
  double step_tol = 1e-17;   // |c_p| h^p per step at the centre (relative to the chart scale 1)
  /// The Lagrange remainder's width per unit time: over the a priori box the interval Taylor
  /// coefficients are wider than at the centre (dependency), so this bounds the step too. 1e-13
  /// keeps a period of ~50 within ~1e-11 of widening, far below the radii of X tried.
  double rem_rate = 1e-13;
  int max_steps = 20000;
  /// Carry the flow's derivative (the C^1 algorithm): the return's slope P' and dT/ds. Off, only
  /// the set is carried (the C^0 algorithm: the remainder over the a priori box in intervals, no
  /// interval duals over it, no derivative), for the return of a point, whose slope the proof
  /// does not use: FirstReturn::slope and dtime are then the whole line (slope_estimate, from the
  /// derivative's midpoint carried by the midpoint Jacobians, steers Newton).
  bool derivative = true;
};

/// The first return of the points z(s), s in S, to the section, enclosed.
struct FirstReturn {
  bool ok = false;
  std::string why;  // when not ok
  Interval s;       // P(s) over S
  Interval time;    // the return time over S
  Interval slope;   // P'(s) over S
  Interval dtime;   // dT/ds over S
  double slope_estimate = 0;  // P' at the midpoints (rounded; also without the derivative's enclosure)
  int steps = 0;
};

/// Integrates from z(S) until the first return to the section (near period_guess): the flow's
/// crossing of the section transversal (n . g > 0 on the enclosures at the start and at the
/// return), no enclosure between meeting the section, the return inside the section.
FirstReturn first_return(const ChartFlow& flow, const ChartSection& section, const Interval& S, double period_guess,
                         const FlowOptions& options);

/// The first return of z(S) with options o, and that of the point z(s0), s0 in S, carried on the
/// same steps by the C^0 algorithm (its own centre's Taylor polynomial, the step's Jacobian over
/// the hull of z(S)'s set and its remainder, both valid for a set inside that hull; a step of its
/// own where its hull is not inside). One integration instead of two: the point's costs one
/// interval Taylor series per step. `point.slope` and `point.dtime` are the whole line (not
/// carried); `point.slope_estimate` steers Newton. The point's crossing is resolved by itself.
struct FirstReturns {
  FirstReturn set;
  FirstReturn point;
};
FirstReturns first_returns(const ChartFlow& flow, const ChartSection& section, const Interval& S, double s0,
                           double period_guess, const FlowOptions& options);

/// n . g > 0 over the whole section (subdivided): the section is a transversal of the flow.
bool section_transversal(const ChartFlow& flow, const ChartSection& section);

}  // namespace limitdir::detail
