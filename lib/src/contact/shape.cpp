// A plane contact (circle or ellipse) and its nominal pressure: validation, N, centre of
// pressure (22) and kappa [Kudra & Awrejcewicz 2013]; see contact/shape.hpp for the conventions.
#include "limitdir/contact/shape.hpp"

#include <algorithm>
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/special_functions/ellint_2.hpp>
#include <cmath>
#include <fmt/format.h>

#include "core/constants.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

std::string NominalPressure::name() const {
  switch (kind) {
    case Kind::uniform: return "uniform";
    case Kind::hertz: return "hertz";
    case Kind::galin: return "galin";
    case Kind::profile: return fmt::format("tabulated ({} nodes)", xi.size());
    case Kind::power: break;
  }
  return fmt::format("power {:g}", alpha);
}

NominalPressure NominalPressure::profile(std::vector<double> xi, std::vector<double> p) {
  if (xi.size() < 2 || xi.size() != p.size())
    throw InputError("contact: a tabulated pressure needs at least two nodes (xi, p)");
  if (xi.front() != 0.0 || xi.back() != 1.0)
    throw InputError(fmt::format("contact: a tabulated pressure's xi must run from 0 to 1 (got {} to {})", xi.front(),
                                 xi.back()));
  bool positive = false;
  for (std::size_t i = 0; i < xi.size(); ++i) {
    if (!std::isfinite(xi[i]) || (i > 0 && !(xi[i] > xi[i - 1])))
      throw InputError("contact: a tabulated pressure's xi must be finite and strictly increasing");
    if (!std::isfinite(p[i]) || p[i] < 0.0)
      throw InputError(fmt::format("contact: a tabulated pressure must be finite and >= 0 (got {} at xi = {})", p[i],
                                   xi[i]));
    positive = positive || p[i] > 0.0;
  }
  if (!positive) throw InputError("contact: a tabulated pressure must not be zero everywhere");
  return {Kind::profile, std::nan(""), std::move(xi), std::move(p)};
}

double NominalPressure::value(double rhat) const {
  if (!is_profile()) return std::pow((1.0 - rhat) * (1.0 + rhat), alpha);
  const auto it = std::upper_bound(xi.begin(), xi.end(), rhat);
  const std::size_t i = std::min<std::size_t>(std::max<std::ptrdiff_t>(it - xi.begin(), 1), xi.size() - 1);
  const double t = (rhat - xi[i - 1]) / (xi[i] - xi[i - 1]);
  return p[i - 1] + t * (p[i] - p[i - 1]);
}

double NominalPressure::moment(int k) const {
  // int_0^1 (1 - u^2)^alpha u^k du = B((k + 1)/2, alpha + 1)/2.
  if (!is_profile()) return 0.5 * boost::math::beta(0.5 * (k + 1), alpha + 1.0);
  // a segment p = c + d u on [x0, x1]: c (x1^(k+1) - x0^(k+1))/(k+1) + d (x1^(k+2) - x0^(k+2))/(k+2)
  double M = 0.0;
  for (std::size_t i = 1; i < xi.size(); ++i) {
    const double d = (p[i] - p[i - 1]) / (xi[i] - xi[i - 1]), c = p[i - 1] - d * xi[i - 1];
    M += c * (std::pow(xi[i], k + 1) - std::pow(xi[i - 1], k + 1)) / (k + 1) +
         d * (std::pow(xi[i], k + 2) - std::pow(xi[i - 1], k + 2)) / (k + 2);
  }
  return M;
}

namespace {
void check_axis(double v, const char* name) {
  if (!std::isfinite(v) || !(v > 0.0))
    throw InputError(fmt::format("contact: semi-axis {} must be a positive finite number (got {})", name, v));
}
void check_pressure(const NominalPressure& p) {
  if (p.is_profile()) {
    (void)NominalPressure::profile(p.xi, p.p);  // validates the nodes
    return;
  }
  if (!std::isfinite(p.alpha) || !(p.alpha > -1.0))
    throw InputError(fmt::format("contact: pressure exponent alpha must be > -1 (got {})", p.alpha));
  if ((p.kind == NominalPressure::Kind::uniform && p.alpha != 0.0) ||
      (p.kind == NominalPressure::Kind::hertz && p.alpha != 0.5) ||
      (p.kind == NominalPressure::Kind::galin && p.alpha != -0.5))
    throw InputError(
        fmt::format("contact: {} pressure with exponent {} (uniform is 0, Hertz 1/2, Galin -1/2)", p.name(), p.alpha));
}
}  // namespace

Contact Contact::circle(double R, NominalPressure pressure) {
  check_axis(R, "R");
  check_pressure(pressure);
  return Contact(R, R, pressure);
}

Contact Contact::ellipse(double a, double b, NominalPressure pressure) {
  check_axis(a, "a");
  check_axis(b, "b");
  check_pressure(pressure);
  return Contact(a, b, pressure);
}

Contact Contact::with_distortion(double d, double gamma_prime) const {
  if (!std::isfinite(gamma_prime)) throw InputError("contact distortion (15): gamma' must be finite");
  if (!(d >= 0.0 && d <= 1.0))
    throw InputError(fmt::format("contact distortion (15): d must lie in [0, 1] (got {})", d));
  Contact c = *this;
  c.d_ = d;
  c.gamma_prime_ = gamma_prime;
  c.check_nonnegative();
  return c;
}

Contact Contact::with_shift(double k) const {
  if (!std::isfinite(k)) throw InputError("contact shift (2): k must be finite");
  Contact c = *this;
  c.k_ = k;
  c.check_nonnegative();
  return c;
}

// The pressure is >= 0 iff 1 + l . r >= 0 on the ellipse for every sliding direction s, i.e.
// max over s of |A l(s)| <= 1 with A l(s) = d u + (k/max(a, b)) (a cos phi, b sin phi).
void Contact::check_nonnegative() const {
  const double ks = shift_scale();
  const Eigen::Vector2d du = d_ * Eigen::Vector2d(std::cos(gamma_prime_), std::sin(gamma_prime_));
  const auto g = [&](double phi) { return (du + ks * Eigen::Vector2d(a_ * std::cos(phi), b_ * std::sin(phi))).norm(); };
  double worst = 0.0;
  if (k_ == 0.0) {
    worst = d_;
  } else {
    // g is a smooth 2 pi-periodic function: sample, then refine the best sample by golden
    // section on its bracket (exact to rounding for the unimodal bracket).
    constexpr int samples = 720;
    int best = 0;
    for (int i = 1; i < samples; ++i)
      if (g(2.0 * pi * i / samples) > g(2.0 * pi * best / samples)) best = i;
    double lo = 2.0 * pi * (best - 1) / samples, hi = 2.0 * pi * (best + 1) / samples;
    const double r = 0.5 * (std::sqrt(5.0) - 1.0);
    for (int it = 0; it < 80; ++it) {
      const double m1 = hi - r * (hi - lo), m2 = lo + r * (hi - lo);
      if (g(m1) < g(m2)) lo = m1; else hi = m2;
    }
    worst = std::max(g(0.5 * (lo + hi)), g(2.0 * pi * best / samples));
  }
  // Rounding of the maximisation above: a few ulps of a number of size 1.
  constexpr double rounding_tol = 8.0 * 2.220446049250313e-16;
  if (worst > 1.0 + rounding_tol)
    throw InputError(fmt::format("contact: distortion d = {} and shift k = {} make the pressure negative "
                                 "(max |l . r| = {:.6g} > 1)", d_, k_, worst));
}

double Contact::shift_scale() const { return k_ / std::max(a_, b_); }

Eigen::Vector2d Contact::ell_distortion() const {
  return d_ * Eigen::Vector2d(std::cos(gamma_prime_) / a_, std::sin(gamma_prime_) / b_);
}

Eigen::Vector2d Contact::ell(const Eigen::Vector3d& w) const {
  Eigen::Vector2d l = ell_distortion();
  const double w12 = std::hypot(w.x(), w.y());
  if (k_ != 0.0 && w12 > 0.0) l += shift_scale() * Eigen::Vector2d(w.x(), w.y()) / w12;
  return l;
}

double Contact::sigma(const Eigen::Vector2d& r, const Eigen::Vector3d& w) const {
  const double t = 1.0 - (r.x() / a_) * (r.x() / a_) - (r.y() / b_) * (r.y() / b_);
  if (!(t > 0.0)) return 0.0;
  const double sigma0 = pressure_.is_profile() ? pressure_.value(std::hypot(r.x() / a_, r.y() / b_))
                                               : std::pow(t, alpha());
  return sigma0 * (1.0 + ell(w).dot(r));
}

double Contact::moment(int k) const { return pressure_.moment(k); }

// N = a b int_0^2pi int_0^1 sigma0 rhat drhat dphi = 2 pi a b M_1 (pi a b/(alpha + 1) exactly for
// the family).
double Contact::N() const {
  return pressure_.is_profile() ? 2.0 * pi * a_ * b_ * moment(1) : pi * a_ * b_ / (alpha() + 1.0);
}

// int sigma0 r r^T dA = pi a b M_3 diag(a^2, b^2), divided by N.
Eigen::Vector2d Contact::centre_of_pressure(const Eigen::Vector3d& w) const {
  const Eigen::Vector2d l = ell(w);
  const double factor = pressure_.is_profile() ? moment(3) / (2.0 * moment(1)) : 1.0 / (2.0 * (alpha() + 2.0));
  return Eigen::Vector2d(a_ * a_ * l.x(), b_ * b_ * l.y()) * factor;
}

// kappa = (a b/N) M2 int_0^{2 pi} sqrt(a^2 cos^2 t + b^2 sin^2 t) dt (elliptic polar
// coordinates (21) [Kudra & Awrejcewicz 2013]); the perimeter integral is 4 max E(e).
double Contact::kappa() const {
  const double big = std::max(a_, b_), small = std::min(a_, b_);
  const double e = std::sqrt((1.0 - small / big) * (1.0 + small / big));
  return a_ * b_ * moment(2) * 4.0 * big * boost::math::ellint_2(e) / N();
}

std::string Contact::description() const {
  std::string s = a_ == b_ ? fmt::format("circle R = {:g}", a_) : fmt::format("ellipse a = {:g}, b = {:g}", a_, b_);
  s += ", " + pressure_.name() + " pressure";
  if (d_ != 0.0) s += fmt::format(", distortion d = {:g}, gamma' = {:g}", d_, gamma_prime_);
  if (k_ != 0.0) s += fmt::format(", shift k = {:g}", k_);
  return s;
}

}  // namespace limitdir
