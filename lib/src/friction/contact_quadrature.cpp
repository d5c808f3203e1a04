// The rule tables of the exact contact model's quadrature (friction/contact_quadrature.hpp,
// docs/manual.md section 6), each made once and shared by every model and thread: the nodes and
// weights of the Gauss-Kronrod (7, 15) pair of the adaptive rule, and the trapezoid nodes on the
// unit circle of the periodic rule.
#include "friction/contact_quadrature.hpp"

#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>

namespace limitdir::detail::contact {

KronrodRule::KronrodRule() {
  const auto& a = boost::math::quadrature::gauss_kronrod<double, 15>::abscissa();
  const auto& w = boost::math::quadrature::gauss_kronrod<double, 15>::weights();
  const auto& g = boost::math::quadrature::gauss<double, 7>::weights();
  for (int i = 0; i < 8; ++i) {
    x[i] = a[i];
    wk[i] = w[i];
    wg[i] = (i % 2 == 0) ? g[i / 2] : 0.0;  // the Gauss nodes are the even-indexed ones
  }
}

UnitCircle::UnitCircle() {
  for (int k = 0; k < trapezoid_max; ++k) {
    c.push_back(std::cos(2.0 * pi * k / trapezoid_max));
    s.push_back(std::sin(2.0 * pi * k / trapezoid_max));
  }
}

const KronrodRule& kronrod() {
  static const KronrodRule rule;
  return rule;
}

const UnitCircle& unit_circle() {
  static const UnitCircle table;
  return table;
}

}  // namespace limitdir::detail::contact
