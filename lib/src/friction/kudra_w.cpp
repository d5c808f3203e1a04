// The piecewise polynomial model W (51)-(58) [Kudra & Awrejcewicz 2013] (= W1 (10)
// [Awrejcewicz & Kudra, Celtic stone]) with the corrected coefficients (docs/errata.md):
// b_{T_sx,3} = (61)/3! instead of (52)'s, b_{M_s,1} with + c_{0,2,0} (as (59)), and (55)'s
// a_{f,3} with - 24 b_{f,2}. friction/contact_approx.hpp.
#include <cmath>
#include <fmt/format.h>

#include "friction/approx_dual.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"

namespace limitdir {

std::array<double, 3> kudra_w_joins(double b) {
  return {0.967 + b * (0.276 + b * (-0.542 + b * 0.706)), 1.280 + b * (0.007 + b * 0.106),
          0.702 + b * (0.407 + b * (-0.819 + b * 0.600))};
}

namespace {

template <class T>
struct Pieces {
  std::array<T, 5> a;
  std::array<T, 4> b;
};

// (52)-(53) (force) and (54) (torque): a_0, a_1 and b_0..b_2 (b_3 for the force).
template <class T>
Pieces<T> matched(const CharacteristicIntegrals& c, int f, const T& C, const T& S) {
  Pieces<T> p{};
  const T C2 = C * C, S2 = S * S;
  if (f == 0) {
    p.a[0] = T(-c.c011);
    p.a[1] = c.c203 * C + c.c113 * S;
    p.b[0] = C;
    p.b[1] = -(c.c010 * S2 + c.c100 * S * C);
    p.b[2] = 0.5 * (6.0 * c.c110 * S2 * S + 3.0 * (c.c200 - c.c020) * S2 * C - 4.0 * c.c110 * S - c.c200 * C);
    p.b[3] = 0.5 * ((5.0 * c.c030 - 15.0 * c.c210) * S2 * S2 + (15.0 * c.c120 - 5.0 * c.c300) * S2 * S * C +
                    (15.0 * c.c210 - 4.0 * c.c030) * S2 + (3.0 * c.c300 - 6.0 * c.c120) * S * C - 2.0 * c.c210);
  } else if (f == 1) {
    p.a[0] = T(c.c101);
    p.a[1] = c.c023 * S + c.c113 * C;
    p.b[0] = S;
    p.b[1] = c.c010 * S * C + c.c100 * C2;
    p.b[2] = 0.5 * (3.0 * (c.c020 - c.c200) * S * C2 + 6.0 * c.c110 * C2 * C - c.c020 * S - 4.0 * c.c110 * C);
    p.b[3] = (5.0 / 16.0) * (3.0 * c.c120 - c.c300) * (S2 * S2 + 7.0 * C2 * C2) +
             2.5 * (c.c030 - 3.0 * c.c210) * S * C2 * C + 0.125 * (11.0 * c.c300 - 45.0 * c.c120) * C2 -
             3.0 * (0.5 * c.c030 - c.c210) * S * C + (5.0 * c.c300 + c.c120) / 16.0;
  } else {
    p.a[0] = T(c.c00m1);
    p.a[1] = T(0.0);
    p.a[2] = 0.5 * ((c.c023 - c.c203) * C2 - c.c023 - 2.0 * c.c113 * S * C);
    p.b[0] = c.c100 * S - c.c010 * C;
    p.b[1] = (c.c200 - c.c020) * C2 + c.c020 + 2.0 * c.c110 * S * C;
    p.b[2] = 1.5 * ((3.0 * c.c120 - c.c300) * S * C2 + (3.0 * c.c210 - c.c030) * C2 * C - c.c120 * S +
                    (c.c030 - 2.0 * c.c210) * C);
  }
  return p;
}

// The C^0-C^2 join at v_s = |omega_s| u: (55) (force, corrected sign of the b_{f,2} term of
// a_{f,3}) and (56) (torque).
template <class T>
Pieces<T> pieces(const CharacteristicIntegrals& c, int f, const T& C, const T& S, double s, double u, bool printed) {
  Pieces<T> p = matched(c, f, C, S);
  const T &a0 = p.a[0], &a1 = p.a[1], &b0 = p.b[0], &b1 = p.b[1], &b2 = p.b[2];
  const double u2 = u * u, u3 = u2 * u, u4 = u3 * u, u5 = u4 * u, u6 = u5 * u, u7 = u6 * u;
  if (f < 2) {
    const T& b3 = p.b[3];
    p.a[2] = -3.0 * s * a1 / u + 6.0 * (s * b0 - a0) / u2 + 10.0 * b1 / u3 + 15.0 * s * b2 / u4 + 21.0 * b3 / u5;
    p.a[3] = 3.0 * a1 / u2 + 8.0 * (s * a0 - b0) / u3 - 15.0 * s * b1 / u4 + (printed ? 24.0 : -24.0) * b2 / u5 -
             35.0 * s * b3 / u6;
    p.a[4] = -s * a1 / u3 + 3.0 * (s * b0 - a0) / u4 + 6.0 * b1 / u5 + 10.0 * s * b2 / u6 + 15.0 * b3 / u7;
  } else {
    const T& a2 = p.a[2];
    p.a[3] = -(5.0 / 3.0) * s * a2 / u - 2.0 * a1 / u2 + 2.0 * (b0 - s * a0) / u3 + (5.0 / 3.0) * s * b1 / u4 + b2 / u5;
    p.a[4] = (5.0 * a2 / u2 + 8.0 * s * a1 / u3 + 9.0 * (a0 - s * b0) / u4 - 8.0 * b1 / u5 - 5.0 * s * b2 / u6) / 7.0;
    p.b[3] = (-15.0 * s * b2 * u - 10.0 * b1 * u2 + 6.0 * (a0 - s * b0) * u3 + 3.0 * s * a1 * u4 + a2 * u5) / 21.0;
  }
  return p;
}

// (51) for the three components. Near pure spin f = s a_0 + a_1 v_s/|omega_s| + sum_{i>=2}
// s^(i+1) a_i x^i, x = v_s/|omega_s|, with a_1 v_s written as the linear form it is (so that
// its derivative at v_s = 0 is right where the sliding angle is undefined).
template <class T>
std::array<T, 3> w_law(const CharacteristicIntegrals& c, const std::array<double, 3>& u0, const std::array<T, 3>& v) {
  const T &vx = v[0], &vy = v[1], &om = v[2];
  const T vs = approx::norm2(vx, vy), ao = approx::abs_of(om);
  const bool sliding = value(vs) > 0.0;
  const T C = sliding ? vx / vs : T(1.0), S = sliding ? vy / vs : T(0.0);
  const double s = approx::sgn(value(om));
  const std::array<T, 3> a1v{c.c203 * vx + c.c113 * vy, c.c113 * vx + c.c023 * vy, T(0.0)};
  std::array<T, 3> out;
  for (int f = 0; f < 3; ++f) {
    const Pieces<T> p = pieces(c, f, C, S, s, u0[f], false);
    if (value(vs) <= value(ao) * u0[f]) {
      const T x = vs / ao;
      out[f] = s * p.a[0] + a1v[f] / ao + x * x * (s * s * s * p.a[2] + x * (p.a[3] + x * s * p.a[4]));
    } else {
      const T t = om / vs;
      out[f] = p.b[0] + t * (p.b[1] + t * (p.b[2] + t * p.b[3]));
    }
  }
  return out;
}

}  // namespace

KudraWPieces kudra_w_pieces(const CharacteristicIntegrals& c, int f, double c_phi, double s_phi, double s, double u0,
                            bool printed_a3) {
  if (f < 0 || f > 2) throw InputError(fmt::format("kudra-w pieces: component must be 0, 1 or 2 (got {})", f));
  const Pieces<double> p = pieces(c, f, c_phi, s_phi, s, u0, printed_a3);
  return {p.a, p.b, u0};
}

KudraWModel::KudraWModel(const Contact& contact, double rho, std::optional<std::array<double, 3>> u0)
    : KudraModel(contact, rho, "kudra-w"), u0_(u0 ? *u0 : kudra_w_joins(frame().b)) {
  for (double u : u0_)
    if (!std::isfinite(u) || !(u > 0.0))
      throw InputError(fmt::format("kudra-w model: the joins u0 must be positive finite numbers (got {})", u));
}

std::string KudraWModel::description() const {
  return fmt::format("piecewise polynomial W (51) (u0 = {:.4g}, {:.4g}, {:.4g}), {}", u0_[0], u0_[1], u0_[2], where());
}

Eigen::Vector3d KudraWModel::law_value(const Eigen::Vector3d& v) const {
  return approx::value_of([&](const auto& x) { return w_law(c(), u0_, x); }, v);
}

KudraLaw KudraWModel::law(const Eigen::Vector3d& v) const {
  KudraLaw L;
  approx::value_and_jacobian([&](const auto& x) { return w_law(c(), u0_, x); }, v, L.f, L.df);
  L.differentiable = true;  // C^2 across the joins, C^1 at the poles, smooth on the equator
  return L;
}

std::unique_ptr<KudraWModel> make_kudra_w_model(const Contact& contact) {
  return std::make_unique<KudraWModel>(contact, contact.kappa());
}

}  // namespace limitdir
