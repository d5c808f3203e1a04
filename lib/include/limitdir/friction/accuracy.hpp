#pragma once
// Accuracy of a friction model against a reference (normally the exact model of the same
// contact, friction/contact_model.hpp) on a (theta, phi) grid covering the whole sphere.
// docs/manual.md section 7.
//
// Grid: theta_i = -pi/2 + pi i/(n_theta - 1), i = 0..n_theta-1 (both poles, the equator when
// n_theta is odd), phi_j = 2 pi j/n_phi, j = 0..n_phi-1; each pole appears once (phi = 0).
// w = (cos theta cos phi, cos theta sin phi, sin theta) (numerics/sphere.hpp), the poles exactly (0, 0, +-1).
#include <Eigen/Core>
#include <array>
#include <nlohmann/json.hpp>
#include <vector>

#include "limitdir/friction/model.hpp"

namespace limitdir {

struct AccuracyPoint {
  double theta, phi;
  Eigen::Vector3d w, q, q_exact;
};

/// The largest |q_i - q_exact,i| of one component and where it occurs (first such point).
struct ComponentError {
  double max_error = 0.0;
  double theta = 0.0, phi = 0.0;
  Eigen::Vector3d w = Eigen::Vector3d::Zero();
};

struct AccuracyTable {
  int n_theta = 0, n_phi = 0;
  std::vector<AccuracyPoint> table;
  std::array<ComponentError, 3> max_error;
  /// max over the components
  double overall() const;
};

/// n_theta >= 2, n_phi >= 1 (InputError otherwise, and for grids above 10^6 points).
AccuracyTable accuracy_table(const FrictionModel& model, const FrictionModel& exact, int n_theta, int n_phi);

/// {"model", "exact", "grid": [n_theta, n_phi], "max_error": {"q1": {"error", "theta", "phi",
/// "w"}, "q2": .., "q3": ..}, "table": [{"theta", "phi", "q", "q_exact"}]} (the table only when
/// with_table).
nlohmann::json accuracy_json(const AccuracyTable& t, const FrictionModel& model, const FrictionModel& exact,
                             bool with_table = true);

}  // namespace limitdir
