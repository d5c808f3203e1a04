// The exact integral model (8) [Kudra & Awrejcewicz 2013] of a circular or elliptic contact;
// method in friction/contact_model.hpp. Notation: A = diag(a, b); primes are pre-image-circle
// coordinates r' = A^-1 r; C the instantaneous centre of rotation (ICR).
//
// The method's pieces are private headers of this folder, in namespace detail::contact: the
// pressure along a chord (friction/contact_profile.hpp), the rays from the ICR and their
// channels with the derivation of the ray integrals R_k (friction/contact_rays.hpp), and the
// angular quadrature rules (friction/contact_quadrature.hpp). Here: the choice between the
// tensor rule of a far ICR and the ICR polar coordinates, the inside/outside integrals with the
// rim fallback, and the model class.
#include "limitdir/friction/contact_model.hpp"

#include <algorithm>
#include <array>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "core/constants.hpp"
#include "friction/contact_enclose.hpp"
#include "friction/contact_profile.hpp"
#include "friction/contact_quadrature.hpp"
#include "friction/contact_rays.hpp"
#include "numerics/dual.hpp"
#include "numerics/gauss_jacobi.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

using namespace detail::contact;  // NOLINT: the method's pieces (friction/contact_*.hpp)

namespace {

// ICR farther than this many max(a, b) from O: tensor rule (the integrand is analytic within
// a polydisc of radius >= 5 in the pre-image coordinates); nearer: ICR polar coordinates,
// whose torque loses about log10(|C|/max(a, b)) < 1 digit by cancellation of C . e G1 and
// lambda G2.
constexpr double far_ratio = 6.0;
// Tensor rule sizes: the nearest singularity of v/|v| is >= 5 max(a, b) from the contact, so
// the trapezoid rule in the angle converges like 5^-N and Gauss-Jacobi in rhat^2 like 25^-n;
// N = 32, n = 12 leave ~1e-16 (the tests compare with the brute-force reference on both
// sides of the switch).
constexpr int tensor_angles = 32;
constexpr int tensor_radii = 12;
// An ICR with 1 - rhat^2 below this is evaluated on the rim: q is C^1 with an O(1) derivative
// in rhat^2, so this changes q by ~1e-14, and it keeps the inside rays' layers (width
// sqrt(1 - rhat^2) around the nearly tangent rays) resolvable.
constexpr double rim_band = 1e-14;
// Edge-singular pressures (-1/2 <= alpha < 0): for an ICR just inside the rim the derivative
// integrands have peaks of height ~ (1 - rhat^2)^alpha at the nearly tangent rays, computed with
// cancellation, and the adaptive rule may not converge. Measured (alpha = -1/2, aspect ratios
// 1 to 1000): convergence for 1 - rhat^2 >= 1e-13 (circle) to 1e-9 (b/a = 1e-3). Within this
// band a failed derivative quadrature is replaced by the derivatives on the rim: from the inside
// the Jacobian is Holder continuous with exponent min(1, alpha + 1) (Lipschitz for Galin's
// alpha = -1/2: its change over the band is below 1e-7 |J|; docs/manual.md section 6). The
// values are still computed at the ICR itself (their quadrature converges everywhere).
constexpr double edge_fallback_band = 1e-8;
// The smallest exponent accepted off the axisymmetric path: below -1/2 the Jacobian at the rim
// is only Holder-(alpha + 1) continuous from both sides, and the fallback above would be wrong
// by ~ band^(alpha + 1) (0.16 at alpha = -0.9).
constexpr double alpha_min = -0.5;
// The geometric rules (friction/contact_quadrature.hpp) are used only for |1 - rhat^2| >= this
// (rhat of the ICR): nearer to the rim the integrands have layers of width ~ sqrt|1 - rhat^2|
// (nearly tangent rays), the convergence is algebraic before it turns geometric, and the
// doubling test could stop early.
constexpr double geometric_band = 1e-2;

// The cuts of a tabulated profile's angular integrals about an inside ICR C' at distance
// rc = |C'| and angle theta_c: the rays through the centre (p = 0: the offset's p^2 log p) and
// those tangent to a node circle (p = xi_i < rc: a piece of the chord appears), mapped into
// [t0, t0 + 2 pi).
std::vector<double> tab_ray_cuts(const TabProfile& tab, double theta_c, double rc, double t0) {
  std::vector<double> cuts{theta_c, theta_c + pi};
  for (std::size_t i = 1; i + 1 < tab.xi.size(); ++i) {
    if (!(tab.xi[i] < rc)) continue;
    const double a = std::asin(tab.xi[i] / rc);
    for (const double t : {theta_c + a, theta_c - a, theta_c + pi + a, theta_c + pi - a}) cuts.push_back(t);
  }
  for (double& t : cuts) t = t0 + std::fmod(std::fmod(t - t0, 2.0 * pi) + 2.0 * pi, 2.0 * pi);
  return cuts;
}

}  // namespace

// ----- the model -------------------------------------------------------------------------------

struct ContactExactModel::Impl {
  Shape shape;
  Profile profile;
  bool tabulated = false;  // a tabulated profile: tab (profile is unused)
  TabProfile tab;
  double rho, N;
  Eigen::Vector2d ell_d;  // the distortion part of l
  double shift;           // k/max(a, b)
  std::vector<double> u, wu;  // Gauss-Jacobi in u = rhat^2 for the weight (1 - u)^alpha on [0, 1]
  std::vector<double> cphi, sphi;
  std::shared_ptr<const ChordRules> chord_rules;  // Gauss-Jacobi in p for the weight (1 - p^2)^(alpha + 1/2)
  template <class T>
  Flat<T> inside(const T& cpx, const T& cpy, const T& one_minus_rc2) const;
  template <class T>
  Flat<T> outside(const T& cpx, const T& cpy, T rc2_minus_1) const;
  template <class T>
  Flat<T> inside_or_rim(const T& cpx, const T& cpy, const T& one_minus_rc2) const;

  // The three channels q_1, q_x, q_y at the slip vector x (homogeneous of degree 0 in x).
  template <class T>
  Channels<T> channels(const std::array<T, 3>& x) const;
  template <class T>
  Channels<T> tensor(const std::array<T, 3>& x) const;
  template <class T>
  Channels<T> icr_polar(const std::array<T, 3>& x) const;
  template <class T>
  std::array<T, 3> q(const std::array<T, 3>& x) const;
};

// Far ICR: q_c = -(1/N) int sigma0 w_c (v, r x v)/|v| dA with dA = a b rhat drhat dphi and
// rhat drhat = du/2, the radial weight (1 - u)^alpha in the Gauss-Jacobi rule.
template <class T>
Channels<T> ContactExactModel::Impl::tensor(const std::array<T, 3>& x) const {
  Channels<T> out{};
  const double a = shape.a, b = shape.b;
  for (std::size_t i = 0; i < u.size(); ++i) {
    const double ru = std::sqrt(u[i]);
    for (std::size_t j = 0; j < cphi.size(); ++j) {
      const double X = a * ru * cphi[j], Y = b * ru * sphi[j];
      const T vx = x[0] - x[2] * (Y / rho), vy = x[1] + x[2] * (X / rho);
      const T n = sqrt(vx * vx + vy * vy);
      const T ux = wu[i] * vx / n, uy = wu[i] * vy / n;
      const T tz = X * uy - Y * ux;
      out[0] += ux;
      out[1] += uy;
      out[2] += tz;
      if (!shape.linear) continue;
      out[3] += X * ux;
      out[4] += X * uy;
      out[5] += X * tz;
      out[6] += Y * ux;
      out[7] += Y * uy;
      out[8] += Y * tz;
    }
  }
  const double scale = -0.5 * a * b * (2.0 * pi / static_cast<double>(cphi.size())) / N;
  return to_q(out, scale, rho);
}

template <class T>
Flat<T> ContactExactModel::Impl::inside(const T& cpx, const T& cpy, const T& one_minus_rc2) const {
  if (tabulated) {  // kinks where a ray is tangent to a node circle: adaptive, cut there
    const double t0 = std::atan2(value(cpy), value(cpx)) - 0.5 * pi;
    std::vector<double> cuts = tab_ray_cuts(tab, t0 + 0.5 * pi, std::hypot(value(cpx), value(cpy)), t0);
    for (const double t : {t0, t0 + 2.0 * pi}) cuts.push_back(t);
    for (int k = -4; k <= 6; ++k)
      if (k * 0.5 * pi > t0 && k * 0.5 * pi < t0 + 2.0 * pi) cuts.push_back(k * 0.5 * pi);
    std::sort(cuts.begin(), cuts.end());
    return integrate_adaptive<flat_size<T>>(
        [&](double t) { return flatten(inside_ray_tab(shape, tab, cpx, cpy, one_minus_rc2, std::cos(t), std::sin(t))); },
        cuts);
  }
  const auto f = [&](double c, double s) { return flatten(inside_ray(shape, profile, cpx, cpy, one_minus_rc2, c, s)); };
  // Nearly tangent rays at t_c +- pi/2 (the nearest singularities when the ICR nears the
  // boundary): the trapezoid nodes start there, the fallback panels end there and at the axes
  // (where the direction e of an eccentric ellipse turns fastest).
  const double t0 = std::atan2(value(cpy), value(cpx)) - 0.5 * pi;
  Flat<T> flat;
  if (value(one_minus_rc2) >= geometric_band && integrate_periodic<flat_size<T>>(f, t0, flat)) return flat;
  std::vector<double> cuts{t0, t0 + pi, t0 + 2.0 * pi};
  for (int k = -4; k <= 6; ++k)
    if (k * 0.5 * pi > t0 && k * 0.5 * pi < t0 + 2.0 * pi) cuts.push_back(k * 0.5 * pi);
  std::sort(cuts.begin(), cuts.end());
  return integrate_adaptive<flat_size<T>>([&](double t) { return f(std::cos(t), std::sin(t)); }, cuts);
}

template <class T>
Flat<T> ContactExactModel::Impl::outside(const T& cpx, const T& cpy, T rc2_minus_1) const {
  // Within the rim band the ICR is taken on the rim (value 0, derivatives kept: q is C^1).
  if (value(rc2_minus_1) < 0.0) rc2_minus_1 = chain(rc2_minus_1, 0.0, 1.0);
  if (tabulated) {  // p = cos phi, kinks where the chord touches a node circle (p = +-xi_i)
    std::vector<double> cuts{0.0, 0.25 * pi, 0.5 * pi, 0.75 * pi, pi};
    for (std::size_t i = 1; i + 1 < tab.xi.size(); ++i)
      for (const double x : {tab.xi[i], -tab.xi[i]}) cuts.push_back(std::acos(x));
    std::sort(cuts.begin(), cuts.end());
    return integrate_adaptive<flat_size<T>>(
        [&](double phi) {
          const double sphi = std::sin(phi);
          return Flat<T>(sphi * flatten(outside_ray_tab(shape, tab, cpx, cpy, rc2_minus_1, std::cos(phi), sphi)));
        },
        cuts);
  }
  Flat<T> previous;
  DoublingTest<flat_size<T>> test;
  for (int r = 0; value(rc2_minus_1) >= geometric_band && r < jacobi_rules; ++r) {
    Flat<T> current = Flat<T>::Zero();
    const detail::GaussRule& rule = chord_rules->at(r);
    for (std::size_t i = 0; i < rule.y.size(); ++i) {
      const double p = rule.y[i], h = std::sqrt((1.0 - p) * (1.0 + p));
      current += rule.w[i] * flatten(outside_ray(shape, profile, cpx, cpy, rc2_minus_1, p, h, false));
    }
    if (r > 0 && test.accept(current, previous)) return current;
    previous = current;
  }
  // p = cos phi, dp = sin phi dphi (the weight h^(2 alpha + 1) now in the integrand).
  return integrate_adaptive<flat_size<T>>(
      [&](double phi) {
        const double sphi = std::sin(phi);
        return Flat<T>(sphi * flatten(outside_ray(shape, profile, cpx, cpy, rc2_minus_1, std::cos(phi), sphi, true)));
      },
      {0.0, 0.25 * pi, 0.5 * pi, 0.75 * pi, pi});
}

// The inside rule, with the rim fallback of edge_fallback_band for the derivatives.
template <class T>
Flat<T> ContactExactModel::Impl::inside_or_rim(const T& cpx, const T& cpy, const T& one_minus_rc2) const {
  if constexpr (std::is_same_v<T, Dual>) {
    if (profile.alpha < 0.0 && value(one_minus_rc2) < edge_fallback_band) {
      try {
        return inside(cpx, cpy, one_minus_rc2);
      } catch (const NumericalError&) {
        Flat<Dual> flat = outside(cpx, cpy, Dual(0.0) - one_minus_rc2);  // taken on the rim (value 0)
        flat.template head<9>() = inside(value(cpx), value(cpy), value(one_minus_rc2));
        return flat;
      }
    }
  }
  return inside(cpx, cpy, one_minus_rc2);
}

template <class T>
Channels<T> ContactExactModel::Impl::icr_polar(const std::array<T, 3>& x) const {
  const double a = shape.a, b = shape.b;
  const T cpx = -(rho / a) * x[1] / x[2], cpy = (rho / b) * x[0] / x[2];
  const T one_minus_rc2 = 1.0 - cpx * cpx - cpy * cpy;
  const Flat<T> flat = value(one_minus_rc2) > rim_band ? inside_or_rim(cpx, cpy, one_minus_rc2) : outside(cpx, cpy, -one_minus_rc2);
  Channels<T> out;
  unflatten(flat, out);
  const double scale = -(value(x[2]) > 0.0 ? 1.0 : -1.0) * a * b / N;
  return to_q(out, scale, rho);
}

template <class T>
Channels<T> ContactExactModel::Impl::channels(const std::array<T, 3>& x) const {
  const double x12 = std::hypot(value(x[0]), value(x[1]));
  if (rho * x12 >= far_ratio * std::max(shape.a, shape.b) * std::abs(value(x[2]))) return tensor(x);
  return icr_polar(x);
}

template <class T>
std::array<T, 3> ContactExactModel::Impl::q(const std::array<T, 3>& x) const {
  const Channels<T> ch = channels(x);
  std::array<T, 3> q{ch[0], ch[1], ch[2]};
  if (!shape.linear) return q;
  T lx = ell_d.x(), ly = ell_d.y();
  const double x12 = std::hypot(value(x[0]), value(x[1]));
  if (shift != 0.0 && x12 > 0.0) {  // l = l_d + (k/max(a, b)) s, s = (x1, x2)/|(x1, x2)|
    const double scale = std::max(std::abs(value(x[0])), std::abs(value(x[1])));  // no underflow
    const T y0 = x[0] / scale, y1 = x[1] / scale;
    const T n = sqrt(y0 * y0 + y1 * y1);
    lx = lx + shift * y0 / n;
    ly = ly + shift * y1 / n;
  }
  for (int i = 0; i < 3; ++i) q[i] = q[i] + lx * ch[3 + i] + ly * ch[6 + i];
  return q;
}

ContactExactModel::ContactExactModel(const Contact& contact, double rho)
    : FrictionModel(std::isfinite(rho) && rho > 0.0 ? rho / std::max(contact.a(), contact.b()) : 1.0,
                    contact.kappa() / rho),
      contact_(contact),
      rho_(rho),
      kappa_(contact.kappa()) {
  if (!std::isfinite(rho) || !(rho > 0.0))
    throw InputError(fmt::format("exact contact model: rho must be a positive finite number (got {})", rho));
  const bool tabulated = contact.pressure().is_profile();
  if (!tabulated && !(contact.alpha() >= alpha_min))
    throw InputError(fmt::format("exact contact model: pressure exponent alpha must be >= -1/2 (got {}; below it "
                                 "the Jacobian is not Lipschitz at the rim)", contact.alpha()));
  auto im = std::make_shared<Impl>();
  const double al = tabulated ? 0.0 : contact.alpha();  // a profile is bounded: no edge singularity
  im->shape = {contact.a(), contact.b(), contact.has_linear_factor()};
  im->tabulated = tabulated;
  if (tabulated) im->tab = TabProfile(contact.pressure());
  // integer and half-integer exponents up to recurrence_max use the recurrence of Profile::J0
  const bool recurrence = 2.0 * al == std::floor(2.0 * al) && al <= recurrence_max;
  im->profile = {contact.pressure().kind, al, boost::math::beta(0.5, al + 1.0),
                 std::pow(2.0, 2.0 * al + 1.0) * boost::math::beta(al + 1.0, al + 1.0),
                 recurrence ? static_cast<int>(std::floor(al + 0.5)) : -1};
  im->rho = rho;
  im->N = contact.N();
  im->ell_d = contact.ell_distortion();
  im->shift = contact.shift_scale();
  if (tabulated) {
    // Gauss-Legendre in rhat on each piece: sigma0 du = sigma0(rhat) 2 rhat drhat, a polynomial
    // times the analytic v/|v| of a far ICR
    // held by its shared_ptr: the memo of gauss_jacobi may drop it when another thread fills it
    const std::shared_ptr<const detail::GaussRule> piece = detail::gauss_jacobi(tensor_radii, 0.0, 0.0);
    const NominalPressure& p0 = contact.pressure();
    for (std::size_t k = 1; k < p0.xi.size(); ++k) {
      const double lo = p0.xi[k - 1], half = 0.5 * (p0.xi[k] - lo);
      for (std::size_t i = 0; i < piece->y.size(); ++i) {
        const double r = lo + half * (1.0 + piece->y[i]);
        im->u.push_back(r * r);
        im->wu.push_back(half * piece->w[i] * p0.value(r) * 2.0 * r);
      }
    }
  } else {
    // u = (1 + y)/2 in [0, 1]: (1 - u)^alpha du = 2^(-alpha - 1) (1 - y)^alpha dy.
    const std::shared_ptr<const detail::GaussRule> radial = detail::gauss_jacobi(tensor_radii, al, 0.0);
    for (std::size_t i = 0; i < radial->y.size(); ++i) {
      im->u.push_back(0.5 * (1.0 + radial->y[i]));
      im->wu.push_back(radial->w[i] / std::pow(2.0, al + 1.0));
    }
  }
  im->chord_rules = std::make_shared<const ChordRules>(al + 0.5);
  for (int j = 0; j < tensor_angles; ++j) {
    const double phi = 2.0 * pi * (j + 0.5) / tensor_angles;
    im->cphi.push_back(std::cos(phi));
    im->sphi.push_back(std::sin(phi));
  }
  impl_ = std::move(im);
}

std::unique_ptr<ContactExactModel> ContactExactModel::with_contact(const Contact& contact, double rho) const {
  if (!(contact.pressure() == contact_.pressure())) return std::make_unique<ContactExactModel>(contact, rho);
  if (!std::isfinite(rho) || !(rho > 0.0))
    throw InputError(fmt::format("exact contact model: rho must be a positive finite number (got {})", rho));
  auto model = std::make_unique<ContactExactModel>(*this);
  model->contact_ = contact;
  model->rho_ = rho;
  model->kappa_ = contact.kappa();
  model->set_scales(rho / std::max(contact.a(), contact.b()), contact.kappa() / rho);
  auto im = std::make_shared<Impl>(*impl_);  // the quadrature rules depend on alpha only
  im->shape = {contact.a(), contact.b(), contact.has_linear_factor()};
  im->rho = rho;
  im->N = contact.N();
  im->ell_d = contact.ell_distortion();
  im->shift = contact.shift_scale();
  model->impl_ = std::move(im);
  return model;
}

std::unique_ptr<ContactExactModel> ContactExactModel::with_shift(double k) const {
  auto model = std::make_unique<ContactExactModel>(*this);
  model->contact_ = contact_.with_shift(k);  // validates the pressure's sign
  auto im = std::make_shared<Impl>(*impl_);  // the quadrature rules are kept
  im->shape.linear = model->contact_.has_linear_factor();
  im->shift = model->contact_.shift_scale();
  model->impl_ = std::move(im);
  return model;
}

std::string ContactExactModel::description() const {
  return fmt::format("exact, {}, rho = {:.6g}", contact_.description(), rho_);
}

double ContactExactModel::icr_rhat(const Eigen::Vector3d& w) const {
  if (w.z() == 0.0) return std::numeric_limits<double>::infinity();
  return std::hypot(rho_ * w.y() / (w.z() * contact_.a()), rho_ * w.x() / (w.z() * contact_.b()));
}

// docs/manual.md section 6, "Rigorous enclosures of the exact model of an ellipse": the accuracy
// follows the box (contact_enclose::box_tolerance).
std::optional<QEnclosure> ContactExactModel::enclose(const IVec3& x) const {
  return detail::contact_enclose::enclose(contact_, rho_, x, detail::contact_enclose::box_tolerance(x));
}

Eigen::Vector3d ContactExactModel::q_unit(const Eigen::Vector3d& w) const {
  const std::array<double, 3> q = impl_->q(std::array<double, 3>{w.x(), w.y(), w.z()});
  return {q[0], q[1], q[2]};
}

FrictionJacobian ContactExactModel::jacobian_unit(const Eigen::Vector3d& w) const {
  const std::array<Dual, 3> x{Dual::variable(w.x(), 0), Dual::variable(w.y(), 1), Dual::variable(w.z(), 2)};
  const std::array<Dual, 3> q = impl_->q(x);
  FrictionJacobian J;
  for (int i = 0; i < 3; ++i) {
    J.q[i] = q[i].v;
    for (int k = 0; k < 3; ++k) J.dq_dw(i, k) = q[i].d[k];
  }
  // The shift direction jumps at pure spin (contact/shape.hpp).
  J.differentiable = !(contact_.has_shift() && w.x() == 0.0 && w.y() == 0.0);
  return J;
}

std::unique_ptr<ContactExactModel> make_contact_exact_model(const Contact& contact) {
  return std::make_unique<ContactExactModel>(contact, contact.kappa());
}
std::unique_ptr<ContactExactModel> make_contact_exact_model(const Contact& contact, double rho) {
  return std::make_unique<ContactExactModel>(contact, rho);
}

}  // namespace limitdir
