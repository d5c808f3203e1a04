// The characteristic integrals c_{i,j,k} (13), Table 1 and (30) [Kudra & Awrejcewicz 2013];
// conventions in contact/integrals.hpp.
#include "limitdir/contact/integrals.hpp"

#include <algorithm>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <fmt/format.h>

#include "core/constants.hpp"
#include "limitdir/numerics/elliptic.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

KudraFrame kudra_frame(const Contact& contact) {
  if (contact.has_shift())
    throw InputError("characteristic integrals: the shift (2) [Kireenkov] depends on the slip direction; "
                     "the approximate models of an elliptic contact take a distortion (15) only");
  const bool turned = contact.b() > contact.a();
  const double major = std::max(contact.a(), contact.b()), minor = std::min(contact.a(), contact.b());
  // the pre-image direction gamma' turns with the frame: gamma'_KA = gamma' - pi/2
  const double g = contact.gamma_prime() - (turned ? 0.5 * pi : 0.0);
  return {major, minor / major, turned, contact.d() * std::cos(g), contact.d() * std::sin(g), contact.alpha()};
}

// Boost's beta in double arithmetic (not promoted to long double, its default): a few ulps, and
// ~10x faster where a fit builds the contact's integrals ~10^5 times.
using DoublePolicy = boost::math::policies::policy<boost::math::policies::promote_double<false>>;

// I_i = M_i/(2 pi M_1), M_i = int_0^1 (1 - r^2)^alpha r^i dr = B((i + 1)/2, alpha + 1)/2.
double radial_moment(double alpha, double i) {
  if (!(i > -1.0) || !(alpha > -1.0))
    throw InputError(fmt::format("radial moment I_{:g} of (23) diverges (needs i > -1 and alpha > -1)", i));
  const double Mi = 0.5 * boost::math::beta(0.5 * (i + 1.0), alpha + 1.0, DoublePolicy());
  const double M1 = 0.5 / (alpha + 1.0);
  return Mi / (2.0 * pi * M1);
}

// Table 1. G = D(m), H = B(m) of numerics/elliptic.hpp with m = e^2 = 1 - b^2 (series for small m, no
// cancellation as b -> 1).
CharacteristicIntegrals characteristic_integrals(const KudraFrame& f) {
  const double b = f.b, m = (1.0 - b) * (1.0 + b);
  const EllipticSet el = elliptic_set(m, b * b);
  const double G = el.D, H = el.B, E = el.E;
  const double I0 = radial_moment(f.alpha, 0), I2 = radial_moment(f.alpha, 2), I3 = radial_moment(f.alpha, 3),
               I5 = radial_moment(f.alpha, 5);
  CharacteristicIntegrals c{};
  c.c100 = pi * I3 * f.d_c;
  c.c010 = pi * b * I3 * f.d_s;
  c.c011 = 4.0 * b * G * I2 * f.d_s;
  c.c101 = 4.0 * H * I2 * f.d_c;
  c.c203 = 4.0 * G * I0;
  c.c023 = 4.0 * H * I0;
  c.c113 = 0.0;
  c.c200 = pi * I3;
  c.c020 = pi * b * b * I3;
  c.c110 = 0.0;
  c.c00m1 = 4.0 * E * I2;
  c.c120 = 0.25 * pi * b * b * I5 * f.d_c;
  c.c210 = 0.25 * pi * b * I5 * f.d_s;
  c.c300 = 0.75 * pi * I5 * f.d_c;
  c.c030 = 0.75 * pi * b * b * b * I5 * f.d_s;
  return c;
}

CharacteristicIntegrals characteristic_integrals(const Contact& contact) {
  return characteristic_integrals(kudra_frame(contact));
}

nlohmann::json to_json(const CharacteristicIntegrals& c) {
  return {{"c100", c.c100}, {"c010", c.c010}, {"c011", c.c011}, {"c101", c.c101}, {"c203", c.c203},
          {"c023", c.c023}, {"c113", c.c113}, {"c200", c.c200}, {"c020", c.c020}, {"c110", c.c110},
          {"c00-1", c.c00m1}, {"c120", c.c120}, {"c210", c.c210}, {"c300", c.c300}, {"c030", c.c030}};
}

namespace {
// Periodic trapezoid rule: for an analytic periodic integrand the error of n nodes falls
// geometrically, and the difference of the n- and 2n-node rules bounds the n-node error (the
// 2n-node rule is then far better). Two rules agreeing to this, relative to max |f| (the sums
// of 2 pi f/n carry rounding of ~ 2 pi eps max |f| ~ 1.4e-15 max |f|; 1e-14 leaves a factor 7),
// are accepted; the integrand's poles sit at distance ~ b from the real axis, so b = 1e-4
// needs ~ 4e5 nodes.
constexpr double trapezoid_tol = 1e-14;
constexpr int trapezoid_first = 16, trapezoid_max = 1 << 22;

template <class F>
double periodic_trapezoid(const F& f) {
  int n = trapezoid_first;
  double sum = 0.0;
  for (int j = 0; j < n; ++j) sum += f(2.0 * pi * j / n);
  double previous = 2.0 * pi * sum / n, scale = 0.0;
  for (; n < trapezoid_max; n *= 2) {
    for (int j = 0; j < n; ++j) {
      const double v = f(2.0 * pi * (j + 0.5) / n);
      sum += v;
      scale = std::max(scale, std::abs(v));
    }
    const double current = 2.0 * pi * sum / (2 * n);
    if (std::abs(current - previous) <= trapezoid_tol * std::max(scale, 1e-300)) return current;
    previous = current;
  }
  throw NumericalError("characteristic integral (30): the trapezoid rule did not converge");
}
}  // namespace

// (30): c_{i,j,k} = b^j int_0^{2 pi} cos^i sin^j (cos^2 + b^2 sin^2)^(-k/2)
//                   [I_n + I_{n+1} (d_c cos + d_s sin)] dphi,  n = 1 + i + j - k.
double characteristic_integral(const KudraFrame& f, int i, int j, int k) {
  if (i < 0 || j < 0)
    throw InputError(fmt::format("characteristic integral c_{{{},{},{}}}: i, j must be >= 0", i, j, k));
  const double n = 1.0 + i + j - k;
  const bool distorted = f.d_c != 0.0 || f.d_s != 0.0;
  const double In = radial_moment(f.alpha, n), In1 = distorted ? radial_moment(f.alpha, n + 1.0) : 0.0;
  const double b = f.b;
  const double angular = periodic_trapezoid([&](double phi) {
    const double c = std::cos(phi), s = std::sin(phi);
    const double base = std::pow(c, i) * std::pow(s, j) * std::pow(c * c + b * b * s * s, -0.5 * k);
    return base * (In + In1 * (f.d_c * c + f.d_s * s));
  });
  return std::pow(b, j) * angular;
}

}  // namespace limitdir
