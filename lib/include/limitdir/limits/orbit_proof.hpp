#pragma once
// The computer-assisted proof of one closed orbit of dw/dtau = V*(w) (115)/(122) [Nonlinear
// Dyn. 2024], docs/manual.md section 9: a section S through a point of the orbit found by the
// search, transversal to the flow, its parameter s, and the return map P enclosed with P' by a
// validated integrator (limits/lohner_step.cpp and validated_flow.cpp, Lohner's interval Taylor method in a
// gnomonic chart); the interval Newton (Krawczyk) operator
//   K(X) = s* - (P(s*) - s*)/(P'(s*) - 1) + (1 - (P'(X) - 1)/(P'(s*) - 1)) (X - s*)
// inside X proves exactly one fixed point of P in X, i.e. exactly one closed orbit through the
// arc X of S (a closed orbit of a flow on the sphere meets a transversal once); P'(X) away from
// 1 proves it attracting (< 1) or repelling (> 1), and the return time encloses its period.
// The existence of other orbits elsewhere is not decided here.
#include "limitdir/limits/closed_orbit.hpp"
#include "limitdir/system/system.hpp"

#include <vector>

namespace limitdir {

struct OrbitProofOptions {
  int order = 9;           // Taylor order of the integrator, in [2, 14]: 9 measured fastest
  double step_tol = 1e-17; // |c_p| h^p per step
  double rem_rate = 1e-13; // the remainder's width per unit time (limits/validated_flow.hpp)
  int max_steps = 20000;   // steps per integration
  /// The half-widths r of X tried in turn (chart units); the widest enclosure of the flow
  /// allowed is 1e-2 (then the proof gives up: "the enclosure grew too wide").
  std::vector<double> radii{1e-9, 1e-7, 1e-5};
};

/// The proof of `orbit` (a point w on it, its period and polyline from the search) at load F.
/// Never throws for a failed proof: proven = false with the reason (a model without a series
/// form, an orbit that leaves every hemisphere, an enclosure too wide, a multiplier not
/// separated from 1). InputError for options out of range.
OrbitProof prove_closed_orbit(const System& system, double F, const ClosedOrbit& orbit,
                              const OrbitProofOptions& options = {});

}  // namespace limitdir
