#pragma once
// Another model as the data of a fit (docs/manual.md section 16, "Another model as the data"): the
// Kudra studies fit an approximant to the exact integral model over a family of contacts.
#include "limitdir/core/progress.hpp"
#include "limitdir/fit/fit_spec.hpp"
#include "limitdir/fit/slip_data.hpp"

namespace limitdir {

/// The reference model of spec.reference (which must be set) sampled at every point of its axes'
/// grid (one case each, the last axis varying fastest) at the midpoints of its (theta, phi) grid:
/// theta_i = -pi/2 + (i + 1/2) pi/n_theta, phi_j = (j + 1/2) 2 pi/n_phi, w = (32); the rows'
/// friction is the reference's q (dimensionless), weight 1. InputError naming the case when the
/// problem refuses a point of the grid.
SlipData sample_reference(const FitSpec& spec, const ProgressHook& progress = {});

/// The problem file of the fit at `values` of its free keys and the case's settings (keys set on
/// top); the reference's problem when `reference` is true.
nlohmann::json case_problem(const FitSpec& spec, const std::vector<double>& values, const SlipCase& c, bool reference);

}  // namespace limitdir
