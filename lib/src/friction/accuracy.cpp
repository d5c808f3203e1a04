// Accuracy tables of a friction model against a reference on the whole sphere;
// friction/accuracy.hpp.
#include "limitdir/friction/accuracy.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/constants.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/numerics/sphere.hpp"

namespace limitdir {

namespace {
constexpr long max_grid_points = 1000000;  // ~ 10 s of the exact model at ~10 us per point
}

double AccuracyTable::overall() const {
  return std::max({max_error[0].max_error, max_error[1].max_error, max_error[2].max_error});
}

AccuracyTable accuracy_table(const FrictionModel& model, const FrictionModel& exact, int n_theta, int n_phi) {
  if (n_theta < 2 || n_phi < 1 || static_cast<long>(n_theta) * n_phi > max_grid_points)
    throw InputError(fmt::format("accuracy grid: need n_theta >= 2, n_phi >= 1 and at most {} points (got {} x {})",
                                 max_grid_points, n_theta, n_phi));
  AccuracyTable t;
  t.n_theta = n_theta;
  t.n_phi = n_phi;
  ProgressCounter counter(current_progress(), "grid points", static_cast<std::uint64_t>(n_theta - 2) * n_phi + 2);
  for (int i = 0; i < n_theta; ++i) {
    const double theta = i == n_theta - 1 ? 0.5 * pi : -0.5 * pi + pi * i / (n_theta - 1);
    const bool pole = i == 0 || i == n_theta - 1;
    for (int j = 0; j < (pole ? 1 : n_phi); ++j) {
      const double phi = 2.0 * pi * j / n_phi;
      // the poles exactly (cos(pi/2) = 6e-17 in floating point would be a sliding direction)
      const Eigen::Vector3d w = pole ? Eigen::Vector3d(0.0, 0.0, i == 0 ? -1.0 : 1.0) : w_from_angles(theta, phi);
      AccuracyPoint p{theta, phi, w, model.q(w), exact.q(w)};
      for (int k = 0; k < 3; ++k) {
        const double e = std::abs(p.q[k] - p.q_exact[k]);
        if (e > t.max_error[k].max_error) t.max_error[k] = {e, theta, phi, w};
      }
      t.table.push_back(p);
      counter.step(t.table.size());
    }
  }
  return t;
}

nlohmann::json accuracy_json(const AccuracyTable& t, const FrictionModel& model, const FrictionModel& exact,
                             bool with_table) {
  const auto vec = [](const Eigen::Vector3d& v) { return nlohmann::json::array({v.x(), v.y(), v.z()}); };
  nlohmann::json j;
  j["model"] = model.description();
  j["exact"] = exact.description();
  j["grid"] = {t.n_theta, t.n_phi};
  for (int k = 0; k < 3; ++k) {
    const ComponentError& e = t.max_error[k];
    j["max_error"][fmt::format("q{}", k + 1)] = {
        {"error", e.max_error}, {"theta", e.theta}, {"phi", e.phi}, {"w", vec(e.w)}};
  }
  if (with_table) {
    j["table"] = nlohmann::json::array();
    for (const AccuracyPoint& p : t.table)
      j["table"].push_back({{"theta", p.theta}, {"phi", p.phi}, {"q", vec(p.q)}, {"q_exact", vec(p.q_exact)}});
  }
  return j;
}

}  // namespace limitdir
