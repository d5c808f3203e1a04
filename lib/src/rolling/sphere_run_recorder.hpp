#pragma once
// Internal: the bookkeeping shared by the sphere runs (rolling/sphere.cpp,
// rolling/sphere_spin.cpp): step count, history, modes, X_max, energy, errors.
#include <algorithm>
#include <cmath>

#include "limitdir/rolling/sphere.hpp"

namespace limitdir::detail {

/// ceil(t_end/h), but a ratio within 1e-9 of an integer is that integer (6/1e-4 is not exactly
/// 60000 in binary).
inline long long sphere_step_count(const SphereSteppingOptions& o) {
  const double ratio = o.t_end / o.h;
  const double nearest = std::round(ratio);
  return static_cast<long long>(std::abs(ratio - nearest) <= 1e-9 * nearest ? nearest : std::ceil(ratio));
}

class SphereRunRecorder {
 public:
  SphereRunRecorder(const RollingSphere& sphere, const SphereState& initial, const SphereSteppingOptions& options)
      : sphere_(sphere), options_(options), energy_(sphere_energy(sphere, initial)) {
    run_.steps = sphere_step_count(options);
    current_.state = initial;
    run_.history.push_back(current_);
    run_.X_max = initial.position[0];
  }
  const SphereSample& current() const { return current_; }
  /// Records step k's end (the solver's error against tol); true when the run ends there.
  bool add(long long k, const SphereSample& next, bool converged) {
    run_.total_iterations += next.iterations;
    run_.max_error = std::max(run_.max_error, next.error);
    run_.converged = run_.converged && converged;
    const double e = sphere_energy(sphere_, next.state);
    run_.max_energy_increase = k == 1 ? e - energy_ : std::max(run_.max_energy_increase, e - energy_);
    energy_ = e;
    if (next.state.position[0] > run_.X_max) {
      run_.X_max = next.state.position[0];
      run_.t_X_max = next.t;
    }
    if (run_.modes.empty() || run_.modes.back().mode != next.mode) run_.modes.push_back({next.t, next.mode});
    const bool last = k == run_.steps || (next.mode == ContactMode::rest && options_.stop_at_rest);
    if (last || (options_.every > 0 && k % options_.every == 0)) run_.history.push_back(next);
    current_ = next;
    if (last) run_.steps = k;
    return last;
  }
  long long steps() const { return run_.steps; }
  SphereRun finish() {
    run_.final_state = current_.state;
    run_.at_rest = current_.mode == ContactMode::rest;
    if (run_.at_rest) run_.t_rest = run_.modes.back().t;
    return std::move(run_);
  }

 private:
  const RollingSphere& sphere_;
  const SphereSteppingOptions& options_;
  SphereRun run_;
  SphereSample current_;
  double energy_;
};

}  // namespace limitdir::detail
