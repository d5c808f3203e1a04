#pragma once
// JSON reports printed by the apps, and the readers of the JSON that apps pass to each other
// (docs/manual.md section 5). Everything an app prints is computed here.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/limits/classify.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

/// The friction-model report (schema "limitdir.friction/1", docs/manual.md section 5): kappa, rho,
/// model coefficients, a table of Q(theta), T(theta) of the problem's model and of the exact
/// model at `samples` latitudes theta_k = (pi/2) k/(samples-1), k = 0..samples-1, and the
/// largest absolute differences. Requires samples >= 2.
/// With `grid`, or for a contact that is not axisymmetric (docs/manual.md section 6), the table
/// is a (theta, phi) grid of q against the exact integral model of the contact instead.
struct FrictionGrid {
  int n_theta = 19, n_phi = 36;  // 10 degree steps
};
/// The largest grid: 100000 entries of ~200 bytes, a 20 MB report.
inline constexpr long kMaxGridPoints = 100000;
nlohmann::json friction_report(const Problem& problem, int samples, const std::vector<Eigen::Vector3d>& at = {},
                               const std::optional<FrictionGrid>& grid = std::nullopt);
/// q(w) and dq/dw of a friction model at the given directions (normalised; each finite and
/// nonzero, InputError otherwise): the "values" of the friction report.
nlohmann::json friction_values(const FrictionModel& model, const std::vector<Eigen::Vector3d>& directions);

/// One classified direction (docs/manual.md sections 1 and 5):
///   {"w", "theta", "phi", "epsilon" (null on the equator, where it is +infinity), "rdot",
///    "residual", "radial", "sphere": {"type", "eigenvalues": [[re, im], [re, im]], "index"},
///    "colour" (only when defined), "differentiable"}
/// with theta, phi of (32)-(33) and epsilon = (rho/R)|cot theta| (35) for the given rho/R.
/// `detailed` adds "jacobian_tangent" (J_T, 2x2), "tangent_basis" (P, 3x2, as rows),
/// "eigenvectors" (two 3-vectors of [re, im]), "modified_jacobian" ((119), 3x3) and
/// "angle_jacobian" ((120) with the errata, 2x2; null at the poles). Matrices are arrays of
/// rows. A non-finite number other than epsilon is a NumericalError naming the key.
nlohmann::json classification_to_json(const Classification& c, double rho_over_R, bool detailed);

/// A circle of limit directions {w : w . axis = sin theta} as the find-limits report and the
/// continuum events of a diagram write it: {"theta", "axis", "rdot", "radial", "sphere_type",
/// "transverse_eigenvalue"}, or on a jump set {..., "sphere_type", "one_sided_speeds": {"above",
/// "below"}} (no transverse eigenvalue: a sliding circle, docs/manual.md section 5).
nlohmann::json circle_to_json(const LimitCircle& circle);

/// A closed orbit of V* as the find-limits report and the hopf events of a diagram write it
/// (docs/manual.md section 9): {"w", "period", "multiplier", "stability", "rdot_mean",
/// "residual", "polyline"}.
nlohmann::json closed_orbit_to_json(const ClosedOrbit& orbit);

/// A certificate as the reports write it (docs/manual.md section 5): {"level", "complete",
/// "reason", "claims": [{"claim", "level", "reason"}]}, "claims" left out when it has none.
nlohmann::json certificate_to_json(const Certificate& certificate);

/// The find-limits report (schema "limitdir.limits/1", docs/manual.md section 5):
///   {"schema", "limitdir_version", "problem" (problem_to_json), "force", "model" (the friction
///    model's description), "method", "limit_directions": [classification_to_json(., false)],
///    "circles": [circle_to_json(.)]
///    (the circle {w : w . axis = sin theta}),
///    "certificate": certificate_to_json and {"index_sum", "closed_orbits"}}
/// `system` must be make_system(problem) (its friction model gives "model" and rho/R).
nlohmann::json limits_report(const Problem& problem, const System& system, const LimitSet& limits);
/// The same, building the problem's friction model for the description.
nlohmann::json limits_report(const Problem& problem, const LimitSet& limits);

/// The directions of a JSON document, in one of three shapes:
///  * a find-limits report: its limit_directions[k].w,
///  * an object {"directions": [...]} (as classify prints and reads),
///  * a bare list [...],
/// where each entry of a list is a 3-vector [w1, w2, w3] or an object with such a "w".
/// The vectors are returned as given (not normalised). A wrong shape, a non-finite or a zero
/// vector is an InputError naming `source` and the index, e.g.
/// "<stdin>: directions[2]: must be an array of 3 numbers (got [1, 0])".
std::vector<Eigen::Vector3d> directions_from_json(const nlohmann::json& document,
                                                  const std::string& source = "<directions>");

/// What classify reads: the directions (directions_from_json) and, when the document is an
/// object, the problem (key "problem", a problem file as problem_to_json writes it) and the
/// load (key "force") it carries.
struct DirectionsInput {
  std::vector<Eigen::Vector3d> directions;
  std::optional<Problem> problem;
  std::optional<double> force;
};
DirectionsInput parse_directions_input(const nlohmann::json& document, const std::string& source);

/// Refines each given direction to the nearest limit direction at load F
/// (refine_limit_direction) and classifies it (classify). Each direction stands on its own
/// (docs/manual.md section 5): one whose Newton iteration does not converge, or whose limit
/// direction lies more than `max_angle` radians from it, is an entry
/// {"input", "status": "unclassified", "error": "direction k [...]: ..."} (naming --max-angle
/// and the distance); the others are classified. Returns
///   {"schema": "limitdir.classification/1", "limitdir_version", "problem", "force", "model",
///    "directions": [classification_to_json(., true) plus "input": the given w and
///    "status": "classified", or the unclassified entry]}.
/// unclassified_directions(report) lists the errors of the unclassified entries.
nlohmann::json classification_report(const Problem& problem, const System& system, double F,
                                     const std::vector<Eigen::Vector3d>& given, double max_angle);
std::vector<std::string> unclassified_directions(const nlohmann::json& classification);

}  // namespace limitdir
