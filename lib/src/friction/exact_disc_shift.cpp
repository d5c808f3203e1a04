// The uniform disc with its pressure shifted along the sliding direction, sigma0 (1 + k x_par/R)
// (2) [Kireenkov] with a constant k, in closed form: friction/exact_shift.hpp, docs/manual.md
// section 7 ("The shifted uniform disc").
//
// Ring decomposition: the ring of radius xi (weight 2 xi dxi of the unit load) with the line
// density 1 + k xi cos phi carries the lateral force -sgn(omega) k xi a g(a) along n = e_z x s,
// a = xi/eps, with a g(a) = a G(a^2) for a <= 1 and G(1/a^2) for a >= 1 and
// G(m) = (2/(3 pi)) (E + B) (friction/exact_ring_shift.cpp). Since d/dm ((1 + m) E - (1 - m) K)
// = 3 E/2, G(m) = (1/(pi m)) int_0^m E, and the radial integral
//   Lambda(eps) = 2 int_0^1 xi^2 (a g(a)) dxi
// reduces to int u E(u) du = (1/45) ((8 + 2u + 18u^2) E - (8 - 2u - 6u^2) K) and
// int u^(-7/2) int_0^u E = -(4/45) u^(-5/2) ((3 + 7u - 2u^2) E - (1 - u)(3 + u) K) (both checked
// by differentiation); with K = E + m D and (1 - m) D = E - B:
//   eps <= 1, t = eps^2:   Lambda = (4/(45 pi)) ((6 - 2t) E + (3 + t) B),
//                          dLambda/dt = (2/(15 pi t)) ((1 - 2t) E - (2 - t) B),
//   eps >= 1, t = 1/eps^2: eps Lambda = H(t) = (4/(45 pi t)) ((3t + 1) E - 2 (1 - 3t) B),
//                          dH/dt = (2/(45 pi t^2)) ((3t - 4) E + (8 - 9t) B).
// Both are continuous with their eps-derivatives at eps = 1 (Lambda = 32/(45 pi), dLambda/deps =
// -8/(15 pi)): the lateral force is C^1 across the rim circle, as the ring's is.
#include "limitdir/friction/exact_shift.hpp"

#include <array>
#include <cmath>
#include <fmt/format.h>
#include <type_traits>

#include "core/constants.hpp"
#include "friction/approx_dual.hpp"
#include "friction/exact_laws.hpp"
#include "friction/shifted_lateral.hpp"
#include "limitdir/contact/pressure.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/numerics/elliptic.hpp"

namespace limitdir {

namespace {

// Below t = 1/4 the closed forms lose up to 1/t (H: 1/t^2 in its slope) to cancellation; the
// series there converge like 4^-n n^-3: 32 terms leave < 1e-20 of the sum.
constexpr double shift_series_limit = 0.25;
constexpr int shift_series_terms = 32;

// g_n of G(m) = sum g_n m^n = (1/(pi m)) int_0^m E = (1/2) sum e_n m^n/(n + 1).
double g_coefficient(int n) { return 0.5 * series_e(n) / (n + 1.0); }

// The coefficients c_n = g_n/d(n) of a series, computed once.
struct SeriesTable {
  std::array<double, shift_series_terms> c;
  template <class Divisor>
  explicit SeriesTable(Divisor d) {
    for (int n = 0; n < shift_series_terms; ++n) c[n] = g_coefficient(n) / d(n);
  }
  // sum c_n t^n and its derivative sum n c_n t^(n-1) (Horner)
  ValueSlope at(double t) const {
    double v = 0.0, s = 0.0;
    for (int n = shift_series_terms; n-- > 0;) {
      v = v * t + c[n];
      if (n > 0) s = s * t + n * c[n];
    }
    return {v, s};
  }
};

const SeriesTable& pole_series() {
  static const SeriesTable table([](int n) { return 1.5 - n; });
  return table;
}
const SeriesTable& equator_series() {
  static const SeriesTable table([](int n) { return n + 2.0; });
  return table;
}

}  // namespace

ValueSlope disc_shift_lateral_pole(double t) {
  if (t < shift_series_limit) return pole_series().at(t);
  const EllipticEB el = elliptic_eb(t, 1.0 - t);
  return {4.0 / (45.0 * pi) * ((6.0 - 2.0 * t) * el.E + (3.0 + t) * el.B),
          2.0 / (15.0 * pi * t) * ((1.0 - 2.0 * t) * el.E - (2.0 - t) * el.B)};
}

ValueSlope disc_shift_lateral_equator(double t) {
  if (t < shift_series_limit) return equator_series().at(t);
  const EllipticEB el = elliptic_eb(t, 1.0 - t);
  return {4.0 / (45.0 * pi * t) * ((3.0 * t + 1.0) * el.E - 2.0 * (1.0 - 3.0 * t) * el.B),
          2.0 / (45.0 * pi * t * t) * ((3.0 * t - 4.0) * el.E + (8.0 - 9.0 * t) * el.B)};
}

namespace {

class ShiftedDiscExact final : public FrictionModel {
 public:
  ShiftedDiscExact(double rho_over_R, double k)
      : FrictionModel(rho_over_R, Pressure::uniform().kappa() / rho_over_R),
        k_(k),
        q0_(make_exact_model(Pressure::uniform(), rho_over_R)) {
    if (!std::isfinite(k) || !(std::abs(k) <= 1.0))
      throw InputError(fmt::format("shifted disc: the shift k must satisfy |k| <= 1 (the pressure 1 + k x_par/R "
                                   "stays >= 0 on the disc; got k = {})",
                                   k));
  }
  std::string name() const override { return "exact"; }
  std::string description() const override {
    return fmt::format("{}, shifted along the sliding direction (2) [Kireenkov], k = {:g}, closed form", q0_->description(),
                       k_);
  }
  std::optional<UniformDiscForm> uniform_disc_form() const override {
    return UniformDiscForm{rho_over_R(), kappa_over_rho(), k_};
  }
  // q_0's enclosure (friction/exact_enclose.cpp) plus the lateral force's with its gradient; none
  // on a box that meets a pole, where the lateral force jumps with the sliding direction.
  std::optional<QEnclosure> enclose(const IVec3& x) const override {
    const std::optional<QEnclosure> e0 = q0_->enclose(x);
    if (!e0) return std::nullopt;
    return detail::enclose_shifted_disc(*e0, x, rho_over_R(), k_);
  }
  // About a pole: q_0 (continuous there) and a = -sgn(w3) k Lambda.
  std::optional<PoleJumpEnclosure> enclose_pole_jump(const IVec3& x) const override {
    const std::optional<Interval> a = detail::enclose_shift_coefficient(x, rho_over_R(), k_);
    if (!a) return std::nullopt;
    const std::optional<QEnclosure> e0 = q0_->enclose(x);
    if (!e0) return std::nullopt;
    return PoleJumpEnclosure{e0->q, *a};
  }

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override {
    return detail::shifted_q(*q0_, [&](const auto& x) { return lateral(x); }, w);
  }
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override {
    return detail::shifted_jacobian(*q0_, [&](const auto& x) { return lateral(x); }, w);
  }

 private:
  // Lambda or H at t on doubles or duals (the dual carries the slope through chain()).
  template <class T>
  static T at(const T& t, ValueSlope (*f)(double)) {
    const ValueSlope v = f(value(t));
    return chain(t, v.value, v.slope);
  }

  // -sgn(w3) k Lambda(eps) n with e = rho w12 and z = |w3| (eps = e/z): near the poles
  // (e <= z) sgn(w3) Lambda(t = (e/z)^2), near the equator sgn(w3) Lambda = (w3/e) H((z/e)^2),
  // which vanishes on the equator.
  template <class T>
  std::array<T, 3> lateral(const std::array<T, 3>& w) const {
    const T w12 = approx::norm2(w[0], w[1]);
    if (value(w12) == 0.0) return {T(0.0), T(0.0), T(0.0)};
    const T e = rho_over_R() * w12, z = approx::abs_of(w[2]);
    T sL;  // sgn(w3) Lambda
    if (value(e) <= value(z)) {
      const T c = e / z;
      sL = (value(w[2]) > 0.0 ? 1.0 : -1.0) * at(c * c, &disc_shift_lateral_pole);
    } else {
      const T c = z / e;
      sL = w[2] / e * at(c * c, &disc_shift_lateral_equator);
    }
    return detail::lateral_along_n(sL, w12, w, k_);
  }

  double k_;
  std::unique_ptr<ExactModel> q0_;
};

}  // namespace

bool has_shifted_disc_closed_form(const Contact& c) {
  return c.a() == 1.0 && c.b() == 1.0 && c.d() == 0.0 && c.has_shift() &&
         c.pressure().kind == NominalPressure::Kind::uniform;
}

std::unique_ptr<FrictionModel> make_shifted_disc_exact_model(double rho_over_R, double k) {
  return std::make_unique<ShiftedDiscExact>(rho_over_R, k);
}

}  // namespace limitdir
