#pragma once
// A simulation fitted to a reference run (docs/manual.md section 16, "A run as the data"): the
// Celtic-stone fits of [Awrejcewicz & Kudra, Celtic stone] Sect. 4, which fit the contact models
// O, P'1, P'3 and P1 to a W1 run by the mean squared deviation of the body's angular velocity.
#include "limitdir/fit/least_squares.hpp"

namespace limitdir {

/// The fit of spec (a limitdir.celt/1 problem with spec.trajectory set): the reference run is the
/// problem with spec.trajectory's top-level keys replaced; each residual block is
/// omega(t_i) - omega_ref(t_i) (body frame, rad/s) at the runs' common sample times, so that
/// 2 cost / samples is the paper's objective (celt_mean_square_deviation). InputError when the
/// reference's problem is not valid, NumericalError when its run fails.
FitResult fit_trajectory(const FitSpec& spec, const ProgressHook& progress = {});

/// 2 cost / samples at the best: the mean over the samples of |omega - omega_ref|^2 (rad^2/s^2),
/// the objective of [Awrejcewicz & Kudra, Celtic stone] Sect. 4.
double trajectory_objective(const FitResult& result);

}  // namespace limitdir
