#pragma once
// JSON reports printed by the apps. Everything an app prints is computed here.
#include <nlohmann/json.hpp>

#include "limitdir/problem.hpp"

namespace limitdir {

/// The friction-model report (schema "limitdir.friction/1", SPEC.md section 5): kappa, rho,
/// model coefficients, a table of Q(theta), T(theta) of the problem's model and of the exact
/// model at `samples` latitudes theta_k = (pi/2) k/(samples-1), k = 0..samples-1, and the
/// largest absolute differences. Requires samples >= 2.
nlohmann::json friction_report(const Problem& problem, int samples);

}  // namespace limitdir
