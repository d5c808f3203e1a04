#pragma once
// The options of the job celt as plain values (docs/manual.md sections 12 and 14): what the
// app's options say, for programs that run the job without its command line.
#include <optional>
#include <vector>

#include <Eigen/Core>

#include "limitdir/celt/celt.hpp"
#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/problem_overrides.hpp"

namespace limitdir {

/// celt: one run of the Celtic stone, the comparison of the paper's models (compare), or the
/// slip system near stick at a time of the run (slip_system). Each override is empty by
/// default: the problem file's value is kept. The defaults are the app's.
struct CeltOptions {
  /// Contact model with the paper's parameters (--model; replaces contact).
  std::optional<CeltModel> model;
  /// Friction coefficient mu >= 0 (--mu; overrides contact.mu). Unit: dimensionless.
  std::optional<double> mu;
  /// Rolling-resistance parameter k_r in [0, 1] (--k-r; overrides contact.k_r). Unit:
  /// dimensionless.
  std::optional<double> k_r;
  /// Final time t_end > 0 (--t-end; overrides time.t_end). Unit: s.
  std::optional<double> t_end;
  /// Output interval dt > 0 (--dt; overrides time.dt). Unit: s.
  std::optional<double> dt;
  /// Integrator tolerance in (0, 1e-3] (--tol; overrides time.tolerance). Unit: dimensionless.
  std::optional<double> tol;
  /// Initial tilt about x1e, then x2e, each in (-pi/2, pi/2) (--tilt TX,TY; overrides
  /// initial.tilt). Unit: rad.
  std::optional<Eigen::Vector2d> tilt;
  /// Initial angular velocity in the body frame (--omega; overrides initial.omega), finite.
  /// Unit: rad/s.
  std::optional<Eigen::Vector3d> omega;
  /// Keep every K-th sample in the history (--every K; not with compare), 0 <= K <= 1000000000
  /// (0: first and last only); empty: 1. Unit: count.
  std::optional<int> every;
  /// Compare the models O, P1', P3', P1 with W1 (Sect. 4) instead of one run (--compare; not
  /// with slip_system).
  bool compare = false;
  /// The slip system near stick at time T of the run (--slip-system T; models W1 and P1),
  /// 0 <= T <= the problem's time.t_end (checked with the problem). Unit: s.
  std::optional<double> slip_system;
  /// With slip_system: the slip directions where B(w) w + c is printed (--w, in order), finite.
  /// Unit: dimensionless.
  std::vector<Eigen::Vector3d> w;
  /// With slip_system: print only the limitdir problem file of the slip system
  /// (--export-problem).
  bool export_problem = false;
  /// --set KEY=VALUE, applied in order before the problem is read.
  std::vector<KeySetting> set;

  /// InputError "CeltOptions::<field>: must be ... (got ...)" for the first field out of its
  /// range, or naming the fields that go together badly (compare with slip_system, w or
  /// export_problem without slip_system, every with compare).
  void validate() const;
};

/// The job of `options` (validated: InputError as CeltOptions::validate); Job::args is empty
/// (no text was given).
Job make_job(const CeltOptions& options);

}  // namespace limitdir
