#pragma once
// A closed (periodic) orbit of the flow on the sphere dw/dtau = V*(w) (115)/(122)
// [Nonlinear Dyn. 2024], docs/manual.md section 9, as a limit set records it (limits.hpp). The
// value type only: the search that finds orbits and the proof that excludes them are in
// dynamics/closed_orbits.hpp, above the solver of one load (docs/architecture.md).
#include <Eigen/Core>
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace limitdir {

/// attracting: Floquet multiplier < 1 - tol; repelling: > 1 + tol; neutral otherwise.
enum class OrbitStability { attracting, repelling, neutral };
/// "attracting" | "repelling" | "neutral"
std::string to_string(OrbitStability s);

/// The Floquet multiplier is exp of the integral of the divergence of V* over one period
/// (Liouville), computed to ~1e-9 (integrator tolerance 1e-12 over periods ~1e1-1e2); 1e-6
/// separates attracting and repelling orbits from neutral ones (a continuum of orbits, e.g. a
/// rigid rotation) with a margin of 1e3 over that error.
inline constexpr double orbit_neutral_tol = 1e-6;

/// The computer-assisted proof of one orbit (limits/orbit_proof.hpp, docs/manual.md section 9):
/// proven, the orbit exists and is the only closed orbit through the section arc from
/// section_from to section_to (a great-circle arc transversal to the flow), with its period and
/// multiplier in the enclosures; checked, the proof did not hold (the reason says why) and the
/// orbit stays the search's numerical result.
struct OrbitProof {
  bool proven = false;
  std::string reason;
  std::array<double, 2> period{0, 0}, multiplier{0, 0};  // [lo, hi], when proven
  Eigen::Vector3d section_from = Eigen::Vector3d::Zero(), section_to = Eigen::Vector3d::Zero();
  double seconds = 0;  // CPU time of the proof
};

/// One closed orbit of V*: not a zero of V*, a closed curve of the flow on the sphere.
struct ClosedOrbit {
  Eigen::Vector3d w;        // a point on it (where the Poincare section cuts it)
  double period = 0;        // in the rescaled time tau of (114)
  double multiplier = 0;    // the nontrivial Floquet multiplier (the return map's slope)
  OrbitStability stability = OrbitStability::neutral;
  double rdot_mean = 0;     // the mean of R*(w) (121) over one period: r ~ exp(rdot_mean tau)
  double residual = 0;      // |P(w) - w| of the return map P at w, after Newton
  std::vector<Eigen::Vector3d> polyline;  // samples at equal steps of tau, first = w
  std::optional<OrbitProof> proof;  // when a proof was attempted (find-limits)
};

}  // namespace limitdir
