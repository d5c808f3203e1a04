#pragma once
// The Pade friction models of Zhuravlev and Kireenkov ([Kireenkov], eqs 9-10).
#include <optional>
#include <string>

#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/model.hpp"

namespace limitdir {

/// Zhuravlev-Kireenkov Pade models ([Kireenkov], eqs 9-10, mu1 = mu2 = k = 0) with
/// u = R |omega|, v = slip speed, eps = v/u:
///   order 1: Q_eps = eps/(eps + a),            T_eps = 1/(1 + m eps)
///   order 2: Q_eps = (eps^2 + a eps)/(eps^2 + a eps + 1),
///            T_eps = (1 + m eps)/(1 + m eps + eps^2)
/// a and m match the exact model's slopes at pure spin and pure sliding.
class PadeModel : public RegionModel {
 public:
  PadeModel(const ExactModel& exact, int order);
  int order() const { return order_; }
  double a() const { return a_; }
  double m() const { return m_; }
  std::string name() const override { return "pade"; }
  std::string description() const override;
  std::vector<double> theta_breakpoints() const override { return {}; }
  Pole pole(double epsilon) const override;
  Equator equator(double s) const override;
  /// C and S as rational functions of w12 = hypot(w1, w2) and |w3| on the whole sphere
  /// (Clarke hulls of abs and hypot at the equator and the poles).
  std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const override;
  /// Order 1: kinks on the equator and at the poles; order 2: C^1, not C^2, on both (unless
  /// m = 1, a = 1 respectively).
  KinkSets kink_sets() const override;

 private:
  int order_;
  double a_, m_;
  std::string reference_;
};

}  // namespace limitdir
