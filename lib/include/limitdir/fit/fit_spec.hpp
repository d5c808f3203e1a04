#pragma once
// The fit file (docs/manual.md section 16, schema "limitdir.fit/1"): a problem, the keys of it
// that a fit frees (bounds and starts), the measured data, the loss and the multi-start design.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace limitdir {

/// The pseudo-key of the force scale mu P (N) of measured forces, free like a problem key.
inline constexpr const char* kMuPKey = "units.mu_P";

/// One free parameter: a numeric dotted key of the problem file ("friction.b_T",
/// "contact.distortion.d") or kMuPKey; lower < upper, either may be infinite, start in
/// [lower, upper].
struct FitParameter {
  std::string key;
  double start = 0.0;
  double lower = 0.0, upper = 0.0;
  bool bounded() const;  ///< both bounds finite
};

/// The loss applied to each datum's squared residual s (Ceres' losses): squared s; huber
/// s <= a^2 ? s : 2 a sqrt(s) - a^2; cauchy a^2 log(1 + s/a^2); a = loss_scale.
enum class FitLoss { squared, huber, cauchy };
/// "squared" | "huber" | "cauchy"
std::string to_string(FitLoss loss);

/// Ceres' trust-region strategy (docs/manual.md section 16, "What is minimised"):
/// Levenberg-Marquardt (the default) or subspace dogleg, which crosses a long narrow valley in
/// fewer steps (the Celtic-stone fit of P3': 64 iterations against 414, 19 s against 98 s of CPU)
/// but not always (O: 92 against 44).
enum class FitTrustRegion { levenberg_marquardt, dogleg };
/// "levenberg-marquardt" | "dogleg"
std::string to_string(FitTrustRegion strategy);

/// One axis of the family of problems that a reference model is sampled over: a numeric key
/// of the problem file and its values.
struct FitAxis {
  std::string key;
  std::vector<double> values;
};

/// Data from another model (docs/manual.md section 16, "Another model as the data"): the problem
/// with the top-level keys of `reference` replaced (e.g. {"friction": {"model": "exact"}}), at
/// every point of the axes' grid (set on both models), sampled at the midpoints of an
/// n_theta x n_phi grid uniform in the angles (theta, phi) of (32).
struct ReferenceData {
  nlohmann::json reference;
  int n_theta = 18, n_phi = 36;
  std::vector<FitAxis> over;
};

/// A run as the data (docs/manual.md section 16, "A run as the data"): the problem (a
/// limitdir.celt/1 file) with the top-level keys of `reference` replaced is run once; the fit's
/// runs are compared with it sample by sample.
struct TrajectoryData {
  nlohmann::json reference;
};

struct FitSpec {
  std::string source;  ///< the fit file, for messages
  std::string name;
  nlohmann::json problem;      ///< the problem file's document (limitdir.problem/1)
  std::string problem_source;  ///< its path, for messages
  std::vector<FitParameter> parameters;
  std::string data_path;  ///< the CSV of measured data (relative paths: to the fit file), or
  std::optional<ReferenceData> reference;  ///< another model as the data, or
  std::optional<TrajectoryData> trajectory;  ///< a run as the data (a limitdir.celt/1 problem)
  /// The data's units (docs/manual.md section 16): mu P in N (the start of kMuPKey when it is
  /// free) for force columns, the contact's radius R in m for torque or spin columns.
  std::optional<double> mu_P, R;
  FitLoss loss = FitLoss::squared;
  double loss_scale = 1.0;
  int starts = 1;          ///< the given start, then a seeded Latin hypercube over the bounds
  std::uint64_t seed = 1;
  int max_iterations = 200;  ///< Ceres' iterations per start
  FitTrustRegion trust_region = FitTrustRegion::levenberg_marquardt;
};

/// Parses a fit document; relative paths (problem, data) are taken from `directory`. Every error
/// is an InputError "<source>: <key path>: ..." (an unknown parameter key, bounds that exclude
/// the start, more starts than the bounds allow, ...).
/// `adjust`, when given, changes the problem's document before it is read (an app's --set).
using ProblemAdjustment = std::function<void(nlohmann::json& problem, const std::string& source)>;
FitSpec parse_fit_spec(const nlohmann::json& document, const std::string& source, const std::string& directory,
                       const ProblemAdjustment& adjust = {});
/// Reads the fit file at `path` and parses it.
FitSpec load_fit_spec(const std::string& path, const ProblemAdjustment& adjust = {});

/// The problem document with the free keys set to `values` (kMuPKey is not a key of it).
nlohmann::json problem_with(const FitSpec& spec, const std::vector<double>& values);

}  // namespace limitdir
