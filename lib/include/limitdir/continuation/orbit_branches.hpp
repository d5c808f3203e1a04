#pragma once
// Continuation of closed orbits of dw/dtau = V*(w) (115)/(122) [Nonlinear Dyn. 2024] in a
// parameter of a sweep (docs/manual.md section 9, "Continuation of orbits"): natural-parameter
// continuation with step control, a predictor from the last two points and Newton on the return
// map of a section transverse to the orbit as the corrector (dynamics/orbit_section.hpp); the
// branches born at the Hopf events of a diagram (continuation/hopf.hpp) and at the orbits of the
// sweep's start, ending at the range's end, a fold of cycles, a saddle-node on an invariant
// circle or a homoclinic loop (period blow-up, told apart by the fitted law of the period).
#include <Eigen/Core>
#include <optional>
#include <vector>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/dynamics/orbit_section.hpp"
#include "limitdir/limits/closed_orbit.hpp"

namespace limitdir {

struct OrbitContinuationOptions {
  /// Steps in the parameter as fractions of the range's length |to - from|: the first, the
  /// largest, and the smallest before the branch ends (1e-5 reaches within ~1e-5 of a fold or a
  /// blow-up, where a SNIC's period is ~300 times its size a range away).
  double h_initial = 0.01, h_max = 0.05, h_min = 1e-5;
  /// An accepted step changes the period by at most 30% and the section point by at most
  /// 0.1 rad (the corrector stays on the branch it follows; the steps shrink toward a blow-up).
  double max_period_ratio = 1.3, max_point_move = 0.1;
  int max_points = 2000;  // a bound on the work: reached, the branch ends "lost" and says so
  int polyline_points = 32;
};

/// The branch's point of the orbit o at p (the amplitude from its polyline).
OrbitPoint orbit_point_of(double p, const ClosedOrbit& o);

/// One direction of continuation from the orbit `start` at p0 toward `p_end`: the points (the
/// first = start) and how the branch ended. With `focus` (a Hopf event's focus), the branch
/// ends "hopf" when the orbit's amplitude falls below 0.02 (it shrinks onto the focus).
struct OrbitContinuation {
  std::vector<OrbitPoint> points;
  OrbitEnd end;
};
OrbitContinuation continue_orbit(const ParameterFamily& family, double p0, const ClosedOrbit& start, double p_end,
                                 double range, const OrbitContinuationOptions& options = {},
                                 const std::optional<Eigen::Vector3d>& focus = std::nullopt);

/// The end of a branch whose corrector stopped (step below h_min) after `points` (in order of
/// continuation): a fold of cycles when (ln mu)^2, linear in p at a fold, extrapolates to 0 within
/// the span of the last points; a period blow-up when the period has grown 3-fold and keeps
/// growing, "snic" or "homoclinic" by which of T = C |p* - p|^beta and T = a - b ln|p* - p| fits the
/// last points better (the exponent beta, or b); else "lost".
OrbitEnd classify_orbit_end(const std::vector<OrbitPoint>& points);

/// The fold of cycles that a branch approaches (classify_orbit_end says "cycle-fold"), located
/// where the multiplier reaches 1: on the fixed section `section` through which the last two
/// `points` pass, the branch is a graph p(s) (P(s, p(s)) = s, the return map P), and the fold is
/// the zero of ln mu(s) by the secant method, each p(s) by the secant method in p (return times at
/// most tau_max). p, its error (the closing tolerance 1e-10 over |dP/dp|, plus the last secant
/// step), the orbit there (multiplier 1 to 1e-9) and how it was found; none when an iteration
/// does not converge.
struct CycleFold {
  double p, p_error;
  ClosedOrbit orbit;
  std::string reason;
};
std::optional<CycleFold> locate_cycle_fold(const ParameterFamily& family, const OrbitSection& section,
                                           const std::vector<OrbitPoint>& points, double tau_max,
                                           int polyline_points = 32);

/// The other branch of a fold of cycles that a branch reached: `points` end at the located fold
/// (the last point, multiplier 1) and the point before it; pseudo-arclength continuation in
/// (s, p/|range|) on the section through the fold's orbit (continuation/cycle_fold_turn.cpp) turns
/// there onto the other branch, until the orbit is twice as far from the fold on the section as
/// the point before it was, then natural continuation (continue_orbit) to p_end. The points from
/// the fold on and how the other branch ends (with `focus`, a Hopf event's between the fold and
/// p_end, "hopf" when the orbit shrinks onto it, as continue_orbit); none when a corrector fails
/// near the fold.
std::optional<OrbitContinuation> continue_past_fold(const ParameterFamily& family, const std::vector<OrbitPoint>& points,
                                                    double p_end, double range,
                                                    const OrbitContinuationOptions& options = {},
                                                    const std::optional<Eigen::Vector3d>& focus = std::nullopt);

/// The branches of `diagram` (a diagram of `family`, after confirm_hopf_events): one from every
/// confirmed Hopf event (from the orbit its search found, continued back to the Hopf point and on
/// to the range's end) and one from every orbit of the search at the sweep's start that no
/// branch already holds (none where closed_orbit_exclusion proves there are none); then, for
/// every such branch ending at a located fold of cycles that no other branch reaches, the other
/// branch through the fold (continue_past_fold); stored in diagram.orbit_branches.
void continue_orbit_branches(const ParameterFamily& family, Diagram& diagram,
                             const OrbitContinuationOptions& options = {});

}  // namespace limitdir
