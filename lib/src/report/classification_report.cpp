// The classification report of docs/manual.md section 5, "limitdir.classification/1" (classify):
// given directions refined to the nearest limit direction and classified in detail, each on its
// own; see report/report.hpp.
#include "limitdir/core/cancellation.hpp"
#include "limitdir/report/report.hpp"

#include <Eigen/Geometry>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/version.hpp"
#include "report/report_values.hpp"

namespace limitdir {

using json = nlohmann::json;
using detail::in_entry;
using detail::vector3;

namespace {

/// Angle between two nonzero vectors, accurate for small angles.
double angle_between(const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  return std::atan2(a.cross(b).norm(), a.dot(b));
}

std::string show_vector(const Eigen::Vector3d& w) {
  std::ostringstream text;
  text.precision(6);
  text << '[' << w[0] << ", " << w[1] << ", " << w[2] << ']';
  return text.str();
}

/// An entry of the classification report that could not be classified (docs/manual.md section 5):
/// the input, "status": "unclassified" and the reason.
json unclassified(const Eigen::Vector3d& input, const std::string& error) {
  return {{"input", vector3(input, "input")}, {"status", "unclassified"}, {"error", error}};
}

/// Direction k refined by Newton on (B(w)w + c - rdot w, (w^T w - 1)/2) = 0 (125) and
/// classified, or an unclassified entry when Newton fails, lands more than max_angle away or
/// the classification is not finite: each direction of a batch stands on its own.
json classification_entry(const System& system, double F, const Eigen::Vector3d& given, std::size_t k,
                          double max_angle, double rho_over_R) {
  const SolverOptions defaults;
  const std::string name = "direction " + std::to_string(k) + " " + show_vector(given);
  const Eigen::Vector3d w0 = given.stableNormalized();
  const Refined refined = refine_limit_direction(system, F, w0, defaults.residual_tol);
  std::ostringstream text;
  if (!refined.converged) {
    text << name << ": no limit direction found near it (Newton did not converge: |V*| = " << refined.residual
         << " after " << refined.iterations << " iterations)";
    return unclassified(given, text.str());
  }
  const double angle = angle_between(w0, refined.w);
  if (!(angle <= max_angle)) {
    text << name << ": the nearest limit direction " << show_vector(refined.w) << " is " << angle
         << " rad away, more than the allowed --max-angle " << max_angle << " rad";
    return unclassified(given, text.str());
  }
  try {
    json entry = in_entry(name, [&] {
      return classification_to_json(classify(system, F, refined.w, defaults.classify), rho_over_R, true);
    });
    entry["input"] = vector3(given, "input");
    entry["status"] = "classified";
    return entry;
  } catch (const NumericalError& e) {
    return unclassified(given, e.what());
  }
}

}  // namespace

json classification_report(const Problem& problem, const System& system, double F,
                           const std::vector<Eigen::Vector3d>& given, double max_angle) {
  if (!std::isfinite(F)) throw InputError("force: must be a finite number");
  if (!(max_angle > 0.0) || !std::isfinite(max_angle))
    throw InputError("max_angle: must be a finite number > 0 (got " + std::to_string(max_angle) + ")");
  for (std::size_t k = 0; k < given.size(); ++k)
    if (!given[k].allFinite() || given[k].isZero(0.0))
      throw InputError("direction " + std::to_string(k) + " " + show_vector(given[k]) +
                       ": must be finite and must not have zero length");
  const double rho_over_R = system.friction().rho_over_R();
  json directions = json::array();
  for (std::size_t k = 0; k < given.size(); ++k) {
    poll_cancellation();  // core/cancellation.hpp: once per direction
    directions.push_back(classification_entry(system, F, given[k], k, max_angle, rho_over_R));
  }
  Problem at_force = problem;  // the embedded problem file carries the load actually used
  at_force.force = F;
  return {{"schema", "limitdir.classification/1"},
          {"limitdir_version", limitdir::version},
          {"problem", problem_to_json(at_force)},
          {"force", F},
          {"model", system.friction().description()},
          {"directions", std::move(directions)}};
}

std::vector<std::string> unclassified_directions(const json& classification) {
  std::vector<std::string> errors;
  for (const json& entry : classification.at("directions"))
    if (entry.value("status", "") == "unclassified") errors.push_back(entry.at("error").get<std::string>());
  return errors;
}

}  // namespace limitdir
