// The generalised Coulomb law (1) [Kireenkov] (friction/speed_law.hpp) against values obtained
// independently of the library:
//  * its speed terms against a 2-D Gauss quadrature (Boost.Math) of the local law (1) over the
//    shifted pressure (2) written out here, for the uniform and the Hertz circle;
//  * Fig. 2 [Kireenkov]: F_par and F_perp against v at u = omega R = 1 for the Hertz circle,
//    against the closed forms of (8) (with docs/errata.md): the Hertz laws (62) of
//    [Nonlinear Dyn. 2024], the lateral force of a unit shift P = pi I_2 (1 - eps^2/2 + eps^4/8)
//    and the printed moments I_1 = 1/(2 pi), I_3 = 1/(5 pi), I_5 = 4/(35 pi);
//  * the admissible (mu1, mu2): the factor's least value 1 - (2/3) mu2 sqrt(mu2/(3 mu1)).
#include <doctest/doctest.h>

#include <boost/math/quadrature/gauss.hpp>
#include <cmath>
#include <vector>

#include "limitdir/contact/shape.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/friction/speed_law.hpp"

namespace test_speed_law {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {

using limitdir::Contact;
using limitdir::NominalPressure;
using limitdir::SpeedLaw;
using Vec = Eigen::Vector3d;
constexpr double kPi = 3.14159265358979323846;

// A polynomial of degree <= 4 in (X, Y) times the pressure, in t (r = sin t): a trigonometric
// polynomial, integrated exactly by 40 Gauss points in t and 16 trapezoid points in psi; what
// is left is rounding of terms O(10) summed over 640 nodes: 1e-13 of the terms.
constexpr double kTolQuadrature = 1e-13;
// Closed forms (printed constants, E/K-free for eps <= 1) against the exact model's elliptic
// forms: both are accurate to rounding, ~1e-15 of O(1) values; 1e-13 leaves room for the
// exact model's quadrature of the shifted pressure (accurate to ~1e-14, test_contact_approx).
constexpr double kTolClosedForm = 1e-13;

/// The pressure of the normalised profile (2 pi I_1 = 1) at r = sin t, times r dr/dt = sin t cos t.
double weight(double alpha, double t) {
  const double s = std::sin(t), c = std::cos(t);
  const double p = alpha == 0.0 ? 1.0 / kPi : 3.0 / (2.0 * kPi) * c;  // uniform, Hertz (61)
  return p * s * c;
}

/// -int sigma0 (1 + k x_s) (V/|V|)(g(|V|) - 1) dA and its torque over rho: the speed part of
/// (1) [Kireenkov] at the slip x = (u_x, u_y, rho omega), computed pointwise over the unit disc.
Vec speed_part_by_quadrature(double alpha, const SpeedLaw& law, double k, double rho, const Vec& x) {
  const double omega = x.z() / rho;
  const double v = x.head<2>().norm();
  const Eigen::Vector2d s = v > 0 ? Eigen::Vector2d(x.head<2>() / v) : Eigen::Vector2d(1.0, 0.0);
  constexpr int n_psi = 16;
  const auto ring = [&](double t) {
    const double r = std::sin(t);
    Vec sum = Vec::Zero();
    for (int j = 0; j < n_psi; ++j) {
      const double psi = 2.0 * kPi * j / n_psi;
      const double X = r * std::cos(psi), Y = r * std::sin(psi);
      const Eigen::Vector2d V(x.x() - omega * Y, x.y() + omega * X);  // the local slip (1)
      const double shift = 1.0 + k * (X * s.x() + Y * s.y());          // (2) [Kireenkov]
      // -(V/|V|)(mu1 |V|^3 - mu2 |V|) = -V (mu1 |V|^2 - mu2)
      const Eigen::Vector2d dF = -V * (law.mu1 * V.squaredNorm() - law.mu2) * shift;
      sum.head<2>() += dF;
      sum.z() += (X * dF.y() - Y * dF.x()) / rho;
    }
    return Vec(sum * (2.0 * kPi / n_psi) * weight(alpha, t));
  };
  Vec total = Vec::Zero();
  for (int i = 0; i < 3; ++i)
    total[i] = boost::math::quadrature::gauss<double, 40>::integrate([&](double t) { return ring(t)[i]; }, 0.0,
                                                                       kPi / 2.0);
  return total;
}

}  // namespace

TEST_CASE("Kireenkov (1) over the shifted pressure (2): the speed terms against a 2-D quadrature of the local law") {
  const SpeedLaw law{0.3, 0.7};
  const double rho = 0.8;
  for (const NominalPressure& p : {NominalPressure::uniform(), NominalPressure::hertz()})
    for (double k0 : {0.0, 0.6, -0.4}) {
      const Contact c = Contact::circle(1.0, p);
      const limitdir::KireenkovExactModel exact(c, rho, k0, law);
      const limitdir::KireenkovPadeModel pade(c, rho, 2, k0, law);
      for (const Vec& x : {Vec(0.7, -0.2, 0.5), Vec(-1.5, 0.4, -2.0), Vec(0.0, 0.0, 1.3), Vec(2.0, 1.0, 0.0),
                           Vec(0.05, 0.02, -0.01)}) {
        for (const limitdir::FrictionModel* m : {static_cast<const limitdir::FrictionModel*>(&exact),
                                                 static_cast<const limitdir::FrictionModel*>(&pade)}) {
          // k = k0 Q, Q the model's Coulomb sliding component -q . s ((8) [Kireenkov])
          const double v = x.head<2>().norm();
          const double Q = v > 0 ? -m->q(x).head<2>().dot(x.head<2>()) / v : 0.0;
          const Vec want = speed_part_by_quadrature(p.alpha, law, k0 * Q, rho, x);
          CAPTURE(m->description());
          CAPTURE(x.transpose());
          CHECK(m->speed_dependent());
          CHECK((m->speed_part(x) - want).cwiseAbs().maxCoeff() <= kTolQuadrature * (1.0 + want.norm()));
        }
      }
      CHECK(exact.speed_part(Vec::Zero()).norm() == 0.0);  // g = 1 at stick
    }
}

TEST_CASE("Kireenkov Fig. 2: F_par and F_perp against v at u = 1 (Hertz), the closed forms of (8) with the errata") {
  const double rho = 0.8, k0 = 0.5;
  const double I1 = 1.0 / (2.0 * kPi), I2 = 3.0 / 32.0, I3 = 1.0 / (5.0 * kPi), I5 = 4.0 / (35.0 * kPi);  // (8)
  const Contact c = Contact::circle(1.0, NominalPressure::hertz());
  for (const SpeedLaw& law : {SpeedLaw{0.0, 0.0}, SpeedLaw{0.3, 0.7}, SpeedLaw{1.0, 0.0}, SpeedLaw{0.0, -0.5}}) {
    const limitdir::KireenkovExactModel model(c, rho, k0, law);
    const double mu1 = law.mu1, mu2 = law.mu2, u = 1.0;
    for (double v : {0.05, 0.2, 0.5, 0.8, 1.0, 1.5, 3.0}) {
      const Vec x(v, 0.0, rho * u);  // omega = u/R, R = 1
      const Vec force = model.q(x) + model.speed_part(x);
      const double e = v / u;  // eps
      // (62) [Nonlinear Dyn. 2024]: the Coulomb share of F_par/(f N)
      const double Qc = e <= 1.0 ? 3.0 * kPi / 32.0 * e * (4.0 - e * e)
                                 : 3.0 / (16.0 * e) * (e * e * (4.0 - e * e) * std::asin(1.0 / e) +
                                                       (e * e + 2.0) * std::sqrt(e * e - 1.0));
      // (8) with the factor N (docs/errata.md): F_par/(f N)
      const double F_par = Qc + 2.0 * kPi * ((mu1 * v * v * v - mu2 * v) * I1 + 2.0 * mu1 * v * u * u * I3);
      CAPTURE(mu1);
      CAPTURE(mu2);
      CAPTURE(v);
      CHECK(std::abs(-force.x() - F_par) <= kTolClosedForm);
      if (e > 1.0) continue;  // the lateral force of the shift in closed form: eps <= 1
      const double k = k0 * Qc;
      // the shift's Coulomb share k pi I_2 (1 - eps^2/2 + eps^4/8) and its speed share
      // k omega (mu1 (v^2 <r^2> + omega^2 <r^4>) - mu2 <r^2>)/2, <r^n> = 2 pi I_{n+1}
      const double F_perp = k * kPi * I2 * (1.0 - e * e / 2.0 + e * e * e * e / 8.0) +
                            k * u * (mu1 * (v * v * 2.0 * kPi * I3 + u * u * 2.0 * kPi * I5) - mu2 * 2.0 * kPi * I3) / 2.0;
      CHECK(std::abs(-force.y() - F_perp) <= kTolClosedForm);
    }
  }
}

TEST_CASE("Kireenkov (1): the factor 1 + mu1 |V|^3 - mu2 |V| must stay >= 0 (mu1 >= 0, 4 mu2^3 <= 27 mu1)") {
  const Contact c = Contact::circle(1.0, NominalPressure::hertz());
  using limitdir::InputError;
  CHECK_THROWS_AS(limitdir::KireenkovPadeModel(c, 1.0, 2, 0.0, SpeedLaw{-0.1, 0.0}), InputError);
  CHECK_THROWS_AS(limitdir::KireenkovExactModel(c, 1.0, 0.0, SpeedLaw{0.0, 0.1}), InputError);  // g < 0 beyond 10
  CHECK_THROWS_AS(limitdir::KireenkovExactModel(c, 1.0, 0.0, SpeedLaw{std::nan(""), 0.0}), InputError);
  // the least value 1 - (2/3) mu2 sqrt(mu2/(3 mu1)) at mu1 = 4/27, mu2 = 1 is 0: admissible
  CHECK_NOTHROW(limitdir::KireenkovPadeModel(c, 1.0, 2, 0.0, SpeedLaw{4.0 / 27.0 + 1e-15, 1.0}));
  CHECK_THROWS_AS(limitdir::KireenkovPadeModel(c, 1.0, 2, 0.0, SpeedLaw{4.0 / 27.0 * 0.999, 1.0}), InputError);
  CHECK_NOTHROW(limitdir::KireenkovPadeModel(c, 1.0, 2, 0.0, SpeedLaw{0.0, -2.0}));  // g >= 1
  // the other models take no speed law
  limitdir::ApproxModelOptions o;
  o.mu1 = 0.1;
  CHECK_THROWS_AS(limitdir::make_contact_approx_model("kudra-pade", c, 1.0, o), InputError);
  CHECK_NOTHROW(limitdir::make_contact_approx_model("kireenkov-exact", c, 1.0, o));
}

}  // namespace test_speed_law
