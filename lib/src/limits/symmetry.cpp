// Reflection symmetries of V*: see limits/symmetry.hpp. Every test is an exact comparison of
// the problem's doubles with 0 (a symmetry broken by 1e-300 is broken).
#include "limitdir/limits/symmetry.hpp"

#include <fmt/format.h>

#include "limitdir/friction/linear.hpp"

namespace limitdir {

namespace {

/// Whether row and column k of A are zero off the diagonal (A commutes with S_k).
bool decoupled(const Eigen::Matrix3d& A, int k) {
  for (int j = 0; j < 3; ++j)
    if (j != k && (A(k, j) != 0.0 || A(j, k) != 0.0)) return false;
  return true;
}

/// q(S_k w) = S_k q(w) for every w, known from the model's form; empty when it is, else why not.
std::string model_gap(const FrictionModel& model, int k) {
  if (dynamic_cast<const AxisymmetricModel*>(&model) != nullptr) return "";
  if (const auto* linear = dynamic_cast<const LinearModel*>(&model)) {
    if (decoupled(linear->Pi(), k)) return "";
    return fmt::format("the linear model's Pi couples w{} with the other components", k + 1);
  }
  return fmt::format("the {} model has no known reflection symmetry", model.name());
}

}  // namespace

ReflectionCheck reflection_symmetry(const System& system, int k) {
  ReflectionCheck out;
  const std::string name = fmt::format("w{} -> -w{}", k + 1, k + 1);
  if (!decoupled(system.M(), k)) {
    out.reason = fmt::format("{} is no symmetry: the mass matrix couples w{} with the other components", name, k + 1);
    return out;
  }
  if (system.load_direction()(k) != 0.0 || system.load_offset()(k) != 0.0) {
    out.reason = fmt::format("{} is no symmetry: the load direction or offset has a component {}", name, k + 1);
    return out;
  }
  const std::string gap = model_gap(system.friction(), k);
  if (!gap.empty()) {
    out.reason = fmt::format("{} is no symmetry: {}", name, gap);
    return out;
  }
  out.symmetric = true;
  out.reason = fmt::format("{} is a symmetry of V* (M, d and e decoupled from w{} exactly, q equivariant by the "
                           "form of the {} model)",
                           name, k + 1, system.friction().name());
  return out;
}

std::vector<int> reflection_symmetries(const System& system) {
  std::vector<int> ks;
  for (int k = 0; k < 3; ++k)
    if (reflection_symmetry(system, k).symmetric) ks.push_back(k);
  return ks;
}

}  // namespace limitdir
