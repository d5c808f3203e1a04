#pragma once
// All limit directions at one load F: the zeros of V*(w) (122), i.e. the solutions of
// (rdot I - B(w)) w = c, |w| = 1 (125), [Nonlinear Dyn. 2024] Sect. 7.3, docs/manual.md section 3.
#include <Eigen/Core>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/limits/classify.hpp"
#include "limitdir/limits/closed_orbit.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

/// A circle of limit directions {w : w . axis = sin(theta)}: of constant latitude theta for
/// axis = e3 (F = 0 with axisymmetry, Figs 15-16), or a great circle (theta = 0) about another
/// axis (a linear model with c = 0 and a double eigenvalue, docs/manual.md section 3).
struct LimitCircle {
  double theta;
  Eigen::Vector3d axis;
  double rdot;
  Radial radial;
  /// Along the meridian (the eigenvalue along the circle is 0); none on a sliding circle, a set
  /// where q jumps (docs/manual.md section 5, jump sets), where V* has no Jacobian.
  std::optional<double> transverse_eigenvalue;
  /// "stable-circle" | "unstable-circle" | "non-hyperbolic" (by the transverse eigenvalue), or on
  /// a set where q jumps "stable-sliding-circle" (V* points towards it from both sides) |
  /// "unstable-sliding-circle" (away from it on both sides), by the one-sided speeds
  std::string sphere_type;
  /// On a sliding circle: the components of V* along e_theta (the meridian direction towards
  /// +axis) as w tends to the circle from above (w . axis > sin theta) and from below, {above,
  /// below}, the ones nearest 0 along the circle (the weakest attraction or repulsion).
  std::optional<std::array<double, 2>> one_sided_speeds = std::nullopt;
};

/// Whether a circle of limit directions attracts the flow dw/dtau = sign V*(w) from both sides
/// (stable for sign > 0, unstable for sign < 0), by its sphere_type; a non-hyperbolic circle
/// cannot be told apart and counts as attracting.
bool circle_attracts(const LimitCircle& circle, double sign);

/// How much a result is known to be right (docs/certificates):
///  * proven: a computer-assisted proof (rigorous interval arithmetic, every case covered);
///  * checked: every numerical consistency check passed (Poincare-Hopf index sum 2 with every
///    limit direction hyperbolic, or for diagrams every check against find-limits), no proof;
///  * incomplete: something is in doubt; the reason says what.
enum class Level { incomplete, checked, proven };
/// "incomplete" | "checked" | "proven"
std::string to_string(Level level);
/// The level named by text; InputError otherwise.
Level level_from_string(const std::string& text);

/// One claim of a certificate (docs/manual.md section 5, "Claims"): what it is about (find-limits:
/// "limit-directions", "types", "closed-orbits"; sweep-force: "branches", "events", "regions",
/// "invariant-circle"; bifurcation-map: "curves", "codimension-2 points", "regions"), the level
/// shown for it and exactly what was shown.
struct Claim {
  std::string claim;
  Level level = Level::incomplete;
  std::string reason;
};

/// A certificate says exactly what was shown (`reason`), at its `level`; `complete()` is
/// level != incomplete. Where it has claims, `level` is the weakest of them (set_claim keeps
/// it so; nothing sets it otherwise) and `reason` the joined text of what was shown.
struct Certificate {
  int index_sum = 0;
  Level level = Level::incomplete;
  std::string reason;
  /// How closed orbits of V* were handled (docs/manual.md section 9): "excluded" (proven
  /// impossible: closed_orbit_exclusion, or exclude_closed_orbits of limits/orbit_exclusion.hpp
  /// on a proven limit set), "checked" (the search settled every seed's fate;
  /// the orbits are listed; the level is then at most checked), "incomplete" (it did not: the
  /// level is incomplete) or "not-searched" (SolverOptions::closed_orbits off, analysis/find_limits.hpp).
  std::string closed_orbits = "not-searched";
  std::vector<Claim> claims;  // docs/manual.md section 5, "Claims" (set_claim)
  bool complete() const { return level != Level::incomplete; }
};

/// The weakest level of `claims` (proven when there are none: the minimum over an empty set).
Level weakest_level(const std::vector<Claim>& claims);
/// Sets the claim named `claim` (replacing one of that name, else appended) and derives
/// cert.level as the weakest of the claims.
void set_claim(Certificate& cert, const std::string& claim, Level level, std::string reason);
/// The claim named `claim`, or null.
const Claim* find_claim(const Certificate& cert, const std::string& claim);

/// An isolated point where V* is not continuous and not zero (a pole of Coulomb's point
/// contact (75), where q jumps): Poincare-Hopf counts its index (the winding of V* about it).
struct SingularPoint {
  Eigen::Vector3d w;
  int index;
};

struct LimitSet {
  double force = 0;
  std::vector<Classification> directions;
  std::vector<LimitCircle> circles;
  std::vector<SingularPoint> singular_points;
  std::vector<ClosedOrbit> closed_orbits;  // found by the search (dynamics/closed_orbits.hpp)
  Certificate certificate;
  std::string method;  // "linear-eigen" | "invariant-circle-polynomial" | "invariant-circle" | "axisymmetric-circles" | "rotational-circles" | "global"
};

/// The options of the solver of one load (the closed orbits are handled above it:
/// SolverOptions of analysis/find_limits.hpp).
struct LimitOptions {
  /// "auto" picks the most specific exact method that applies; or force one of
  /// "linear-eigen", "invariant-circle", "global".
  std::string method = "auto";
  /// Icosphere level of the global method, 1..7 (10 4^L + 2 vertices: 2562 at 4); raised
  /// automatically by up to two levels when the mesh does not resolve the field.
  int mesh_level = 4;
  double residual_tol = 1e-13;  // |V*| after Newton
  /// Attempt a computer-assisted proof (limits/proof.hpp) to raise the certificate to "proven". Off
  /// for the many find-limits checks of a sweep, whose certificate is "checked" at best.
  bool prove = true;
  ClassifyTolerances classify;
};

/// Every limit direction at load F, classified, with its certificate (the index sum and, when
/// options.prove, the proof), without looking for closed orbits of V* (certificate
/// closed_orbits "not-searched"; find_limit_directions of analysis/find_limits.hpp looks).
/// Throws InputError for a method that does not apply to the system.
LimitSet solve_limit_directions(const System& system, double F, const LimitOptions& options = {});

/// Newton on (B(w) w + c - rdot w, (w^T w - 1)/2) = 0 in the tangent plane from w0 (damped);
/// returns the refined unit vector and the final |V*|.
struct Refined {
  Eigen::Vector3d w;
  double residual;
  bool converged;
  int iterations;
};
Refined refine_limit_direction(const System& system, double F, const Eigen::Vector3d& w0, double residual_tol = 1e-13);

/// docs/manual.md section 3, constant B: all (w, rdot) with (rdot I - B) w = c, |w| = 1 from the real
/// eigenpairs of the 6x6 matrix [[B, c c^T], [I, B^T]]; for c = 0 the real eigenvectors of B.
/// A repeated real eigenvalue of B with a 2-D eigenspace (c = 0) gives a great circle,
/// returned in `circle_normals` (the normal of the circle's plane).
/// When rdot is itself an eigenvalue lambda of B, (rdot I - B) is singular and x is not
/// determined by c alone: w = w_p + t v with w_p the minimum-norm solution of
/// (lambda I - B) w = c, v spanning the null space and t = +-sqrt(1 - |w_p|^2); these are
/// added (they are the non-trivial directions (135) of the linear disc model).
/// Real eigenvalues whose eigenvector does not give a unit direction (a multiple, defective
/// eigenvalue) are returned in `uncertain` (for Newton to decide); nearly real complex pairs
/// and multiple eigenvalues of B that leave solutions unresolved are named in `doubts`.
struct LinearSolution {
  std::vector<Eigen::Vector3d> directions;
  std::vector<Eigen::Vector3d> circle_normals;
  std::vector<Eigen::Vector3d> uncertain;
  std::vector<std::string> doubts;
};
LinearSolution limit_directions_linear(const Eigen::Matrix3d& B, const Eigen::Vector3d& c);

}  // namespace limitdir
