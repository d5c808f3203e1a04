#pragma once
// The Coulomb model of a point contact (75) [Nonlinear Dyn. 2024].
#include <memory>

#include "limitdir/friction/model.hpp"

namespace limitdir {

/// (75): the Coulomb model of a point contact, q = -(w1/w12, w2/w12, 0). At the poles
/// (pure spin) q = 0, the R -> 0 limit of (41); the model is discontinuous there.
std::unique_ptr<AxisymmetricModel> make_coulomb_point_model(double rho_over_R, double kappa_over_rho);

}  // namespace limitdir
