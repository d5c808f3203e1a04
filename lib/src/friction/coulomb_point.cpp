// The Coulomb model of a point contact (75) [Nonlinear Dyn. 2024].
#include "limitdir/friction/coulomb_point.hpp"

#include "friction/enclose.hpp"

namespace limitdir {

// ----- (75) ------------------------------------------------------------------------------------

namespace {
class CoulombPointModel final : public AxisymmetricModel {
 public:
  CoulombPointModel(double c, double k) : AxisymmetricModel(c, k) {}
  std::string name() const override { return "coulomb-point"; }
  std::string description() const override { return "Coulomb point contact (75)"; }
  // q = -(w1, w2, 0)/w12 jumps at the poles (q = 0 there) and is smooth elsewhere
  KinkSets kink_sets() const override { return {Smoothness::smooth, Smoothness::jump}; }
  bool torque_free() const override { return true; }  // S = 0: no torque (75)
  // C = Q_w/w12 = 1/w12 = 1/cos(theta), S = 0. At the poles q = 0 (pure spin, (41) with
  // R -> 0) and q is discontinuous.
  MeridianValue meridian(double w12, double w3) const override {
    if (w12 == 0.0) return {0.0, 0.0, 0.0, 0.0, false};
    return {1.0 / w12, w3 / (w12 * w12), 0.0, 0.0, true};
  }
  std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const override {
    return detail::enclose_coulomb_point(x);
  }
};
}  // namespace

std::unique_ptr<AxisymmetricModel> make_coulomb_point_model(double rho_over_R, double kappa_over_rho) {
  return std::make_unique<CoulombPointModel>(rho_over_R, kappa_over_rho);
}

}  // namespace limitdir
