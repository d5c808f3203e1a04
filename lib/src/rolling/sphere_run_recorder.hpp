#pragma once
// Internal: the bookkeeping shared by the sphere runs (rolling/sphere.cpp,
// rolling/sphere_spin.cpp): step count, history, modes, X_max, energy, errors.
#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/core/errors.hpp"

#include "limitdir/rolling/sphere.hpp"

namespace limitdir::detail {

/// ceil(t_end/h), but a ratio within 1e-9 of an integer is that integer (6/1e-4 is not exactly
/// 60000 in binary).
inline long long sphere_step_count(const SphereSteppingOptions& o) {
  const double ratio = o.t_end / o.h;
  const double nearest = std::round(ratio);
  return static_cast<long long>(std::abs(ratio - nearest) <= 1e-9 * nearest ? nearest : std::ceil(ratio));
}

/// Calls `progress` with a note at most once a second, from the first second on.
class ProgressClock {
 public:
  explicit ProgressClock(std::function<void(const std::string&)> progress)
      : progress_(std::move(progress)), last_(std::chrono::steady_clock::now()) {}
  template <class Note>
  void note(const Note& make) {
    if (!progress_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    progress_(make());
  }

 private:
  std::function<void(const std::string&)> progress_;
  std::chrono::steady_clock::time_point last_;
};

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
  /// The end of step k: k h, but t_end for the last step (shorter when t_end/h is not an
  /// integer), so that no step passes the horizon.
  double time(long long k) const {
    return k == run_.steps ? options_.t_end : static_cast<double>(k) * options_.h;
  }
  /// The length of step k: h, or t_end - (k - 1) h for the last one.
  double step_length(long long k) const {
    return k == run_.steps ? options_.t_end - static_cast<double>(k - 1) * options_.h : options_.h;
  }
  /// Records step k's end (the solver's error against tol); true when the run ends there.
  /// `work`: the step's inner iterations (one-contact iterations of PGS, evaluations of F
  /// otherwise); NumericalError once the run's work exceeds its budget (rolling/sphere.hpp).
  bool add(long long k, const SphereSample& next, bool converged, long long work) {
    work_ += work;
    if (k % kProgressStride == 0)
      clock_.note([&] { return fmt::format("t = {:g} s of {:g} s, step {} of {}", next.t, options_.t_end, k, run_.steps); });
    if (static_cast<double>(work_) > sphere_work_budget(k))
      throw NumericalError(fmt::format("rolling sphere: incomplete: the work budget of {:g} solver iterations in {} steps is spent "
                                       "at t = {:g} s (the contact problems do not converge: max error {:g}; raise "
                                       "solver.tol)", sphere_work_budget(k), k, next.t, std::max(run_.max_error, next.error)));
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
  long long work_ = 0;
  ProgressClock clock_{options_.progress};
  // the clock is read every 4096 steps (~1 ms of the fastest runs), not at every step
  static constexpr long long kProgressStride = 4096;
};

}  // namespace limitdir::detail
