#include "limitdir/contact/pressure.hpp"

#include <algorithm>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <stdexcept>

#include "limitdir/core/errors.hpp"

namespace limitdir {

Pressure Pressure::uniform() { return Pressure(Kind::uniform, 0.0); }
Pressure Pressure::hertz() { return Pressure(Kind::hertz, 0.5); }
Pressure Pressure::galin() { return Pressure(Kind::galin, -0.5); }

namespace {

// (1 - xi^2)^alpha falls to 1/e at xi ~ 1/sqrt(alpha): beyond alpha = 1e6 the pressure lives
// within 1e-3 of the given contact radius, a contact 1000 times smaller than the one described
// (give that radius instead); its moments kappa ~ sqrt(pi/(4 alpha)) then leave the spin row of
// M at ~1e-6 of the others, and at alpha ~ 1e10 below the singularity test of the mass matrix.
constexpr double kMaxPowerAlpha = 1e6;

}  // namespace

Pressure Pressure::power(double alpha) {
  if (!std::isfinite(alpha) || !(alpha > -1.0) || alpha > kMaxPowerAlpha)
    throw InputError(fmt::format("pressure power: alpha must be a finite number in (-1, {:g}] (got {:g}; a larger "
                                 "power is a contact ~1/sqrt(alpha) of the given radius: give that radius)",
                                 kMaxPowerAlpha, alpha));
  return Pressure(Kind::power, alpha);
}

Pressure Pressure::profile(std::vector<double> xi, std::vector<double> p) {
  if (xi.size() != p.size()) throw InputError("pressure profile: xi and p differ in length");
  if (xi.size() < 2) throw InputError("pressure profile: needs at least two points [xi, p]");
  for (std::size_t i = 0; i < xi.size(); ++i) {
    if (!std::isfinite(xi[i]) || !std::isfinite(p[i]))
      throw InputError(fmt::format("pressure profile: point {} is not finite", i));
    if (p[i] < 0.0) throw InputError(fmt::format("pressure profile: point {}: negative pressure {}", i, p[i]));
    if (i > 0 && !(xi[i] > xi[i - 1]))
      throw InputError(fmt::format("pressure profile: point {}: xi must be strictly increasing ({} after {})", i,
                                   xi[i], xi[i - 1]));
  }
  if (xi.front() != 0.0) throw InputError(fmt::format("pressure profile: xi must start at 0 (got {})", xi.front()));
  if (xi.back() != 1.0)
    throw InputError(fmt::format("pressure profile: xi must end at 1, the contact radius R (got {})", xi.back()));
  if (std::all_of(p.begin(), p.end(), [](double v) { return v == 0.0; }))
    throw InputError("pressure profile: the pressure is zero everywhere");
  Pressure result(Kind::profile, std::numeric_limits<double>::quiet_NaN());
  result.xi_ = std::move(xi);
  result.p_ = std::move(p);
  return result;
}

/// The smallest ring radius: its moment M_2 = xi0^2, and so kappa = M_2/M_1 = xi0 and the default
/// rho = kappa R (section 4 of docs/manual.md), must be a normal double: xi0^2 >= DBL_MIN.
const double ring_xi0_min = std::sqrt(std::numeric_limits<double>::min());  // 1.49e-154

Pressure Pressure::ring(double xi0) {
  if (!std::isfinite(xi0) || !(xi0 > 0.0) || xi0 > 1.0)
    throw InputError(fmt::format("pressure ring: the ring's radius xi0 must be a number in (0, 1] (units of the "
                                 "contact radius R; got {:g})",
                                 xi0));
  if (xi0 < ring_xi0_min)
    throw InputError(fmt::format("pressure ring: the ring's radius xi0 = {:g} is below {:.3g}, where its moment "
                                 "xi0^2 (and kappa = xi0) leaves the range of doubles",
                                 xi0, ring_xi0_min));
  Pressure result(Kind::ring, std::numeric_limits<double>::quiet_NaN());
  result.xi0_ = xi0;
  return result;
}

std::string Pressure::name() const {
  switch (kind_) {
    case Kind::uniform: return "uniform";
    case Kind::hertz: return "hertz";
    case Kind::galin: return "galin";
    case Kind::power: return fmt::format("power(alpha={})", alpha_);
    case Kind::profile: return fmt::format("profile({} points)", xi_.size());
    case Kind::ring: return xi0_ == 1.0 ? "ring" : fmt::format("ring(xi0={})", xi0_);
  }
  return "?";
}

double Pressure::operator()(double xi, double one_minus_xi) const {
  if (kind_ == Kind::ring) throw std::logic_error("Pressure::operator(): the ring is a measure without a density");
  if (kind_ != Kind::profile) {
    if (alpha_ == 0.0) return 1.0;
    return std::pow(one_minus_xi * (1.0 + xi), alpha_);  // (1 - xi^2)^alpha
  }
  if (xi <= 0.0) return p_.front();
  if (xi >= 1.0) return p_.back();
  const auto it = std::upper_bound(xi_.begin(), xi_.end(), xi);
  const std::size_t i = static_cast<std::size_t>(it - xi_.begin()) - 1;
  const double t = (xi - xi_[i]) / (xi_[i + 1] - xi_[i]);
  return p_[i] + t * (p_[i + 1] - p_[i]);
}

double Pressure::moment(int k) const {
  // the Dirac measure at xi0: int delta(xi - xi0) xi^k dxi = xi0^k (its weight cancels in M_j/M_k)
  if (kind_ == Kind::ring) return std::pow(xi0_, k);
  if (kind_ != Kind::profile) {
    // int_0^1 (1 - xi^2)^alpha xi^k dxi = B((k+1)/2, alpha+1)/2
    return 0.5 * boost::math::beta(0.5 * (k + 1), alpha_ + 1.0);
  }
  // Exact integral of the piecewise linear profile p = p0 + s (xi - x0) on each segment.
  double sum = 0.0;
  for (std::size_t i = 0; i + 1 < xi_.size(); ++i) {
    const double x0 = xi_[i], x1 = xi_[i + 1];
    const double s = (p_[i + 1] - p_[i]) / (x1 - x0);
    sum += (p_[i] - s * x0) * (std::pow(x1, k + 1) - std::pow(x0, k + 1)) / (k + 1) +
           s * (std::pow(x1, k + 2) - std::pow(x0, k + 2)) / (k + 2);
  }
  return sum;
}

std::vector<double> Pressure::breakpoints() const {
  if (kind_ == Kind::ring) return xi0_ < 1.0 ? std::vector<double>{xi0_} : std::vector<double>{};
  if (kind_ != Kind::profile) return {};
  return std::vector<double>(xi_.begin() + 1, xi_.end() - 1);
}

}  // namespace limitdir
