#pragma once
// The ends of the branches of closed orbits as events of a diagram (docs/manual.md section 9,
// "Continuation of orbits", and section 5): a fold of cycles ("cycle-fold", located where the
// multiplier reaches 1), a saddle-node on an invariant circle ("snic", period ~ |p* - p|^(-1/2))
// or a homoclinic loop ("homoclinic", period ~ -(1/lambda_u) ln|p* - p|), with the fitted law.
// The report lists them among the diagram's bifurcations after the events of the limit
// directions; diagram_from_json reads them back from the ends of the orbit branches.
#include <optional>
#include <string>
#include <vector>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir {

struct OrbitEvent {
  std::string kind;  // "cycle-fold" | "snic" | "homoclinic"
  double p = 0;
  double p_error = 0;
  /// A cycle-fold located where the multiplier reaches 1: its orbit is the branch's end point.
  /// False for a fold extrapolated from one side and for the period blow-ups (fitted laws).
  bool located = false;
  int orbit_branch = 0;                           // the id of the branch that ends there
  std::optional<double> period = std::nullopt;    // the located fold's orbit: its period
  std::optional<double> exponent = std::nullopt;  // snic: beta; homoclinic: b = 1/lambda_u
  std::string reason;
};

/// Whether an end of an orbit branch ("cycle-fold", "snic", "homoclinic") is an event.
bool is_orbit_event(const std::string& end_kind);

/// One event per end of an orbit branch that is a fold of cycles, a SNIC or a homoclinic loop,
/// in the order of the branches and their ends (two branches ending at the same fold from its two
/// sides give two events at the same p).
std::vector<OrbitEvent> orbit_events(const std::vector<OrbitBranch>& branches);

}  // namespace limitdir
