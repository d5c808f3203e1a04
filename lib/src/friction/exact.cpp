// The exact friction model of an axisymmetric contact, Sect. 4 of [Nonlinear Dyn. 2024].
//
// Ring decomposition (used for every pressure, and to derive the closed forms): a ring of
// radius xi slipping with speed v and spin omega contributes, with a = |omega| xi/v,
//   f_Q(a) = (2/pi) E(a^2),        f_T(a) = (2/pi) a B(a^2)        for a <= 1,
//   f_Q(a) = (2/pi) B(1/a^2)/a,    f_T(a) = (2/pi) E(1/a^2)        for a >= 1,
// (the angular integrals of (29)-(30) over the ring; f_Q is the mean force along the slip,
// f_T the mean torque over xi), so that with M_k = int_0^1 p xi^k dxi
//   Q_eps(eps) = (1/M_1) int p xi f_Q(xi/eps) dxi,  T_eps(eps) = (1/M_2) int p xi^2 f_T(xi/eps) dxi.
// For uniform pressure the radial integrals give (59)-(60); rewritten with B = (E-(1-m)K)/m
// they lose no digits (docs/errata.md):
//   eps <= 1, t = eps^2:   Q = eps A(t),  T = T1(t)
//   eps >= 1, t = 1/eps^2: Q = A(t),      eps T = H(t)
//   A = 4/(3pi) (E + B),  T1 = 2/(3pi) ((3 - 2t) E + t B),  H = 2/(3pi) (E - (2 - 3t) B)/t.
#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <memory>
#include <mutex>

#include "core/constants.hpp"
#include "friction/exact_laws.hpp"
#include "friction/exact_profile.hpp"
#include "friction/exact_ring.hpp"
#include "limitdir/numerics/elliptic.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/numerics/quadrature.hpp"

namespace limitdir {

ExactModel::ExactModel(Pressure pressure, double rho_over_R)
    : RegionModel(rho_over_R, pressure.kappa() / rho_over_R), pressure_(std::move(pressure)) {}

double ExactModel::slope_at_pure_spin() const { return pressure_.moment(0) / (2.0 * pressure_.moment(1)); }
double ExactModel::slope_at_pure_sliding() const { return pressure_.moment(3) / (2.0 * pressure_.moment(2)); }

std::string ExactModel::description() const {
  return fmt::format("exact, {} pressure, rho/R = {:.6g}", pressure_.name(), rho_over_R());
}

// The exact laws are C^1 only where the instantaneous centre of rotation crosses a circle on
// which the pressure is not smooth: the rim (eps = 1, Sect. 4.1 errata) and profile nodes.
std::vector<double> ExactModel::theta_breakpoints() const {
  std::vector<double> theta{std::atan(rho_over_R())};
  for (double xi : pressure_.breakpoints()) theta.push_back(std::atan(rho_over_R() / xi));
  std::sort(theta.begin(), theta.end());
  return theta;
}

std::optional<CircleEnclosure> ExactModel::enclose_circle(const Interval&) const { return std::nullopt; }

namespace {

// Power series sum_n c_n t^n and its derivative, truncated where t^n < 1e-18.
struct Series {
  std::vector<double> c;
  // the number of terms at t: all of them from t = 1/2, else until t^n < 1e-18
  std::size_t terms(double t) const {
    if (!(t < 0.5)) return c.size();
    const double lt = t > 0.0 ? std::log(t) : -1e300;
    return std::min<std::size_t>(c.size(), static_cast<std::size_t>(std::ceil(std::log(1e-18) / lt)) + 2);
  }
  void eval(double t, std::size_t n, double& f, double& df) const {
    f = 0.0;
    df = 0.0;
    for (std::size_t i = n; i-- > 0;) {
      df = df * t + f;
      f = f * t + c[i];
    }
  }
  void eval(double t, double& f, double& df) const { eval(t, terms(t), f, df); }
};

// Two series of the same length at once: the same operations as Series::eval on each (the same
// roundings), interleaved so that the two Horner chains overlap in the processor.
void eval_pair(double t, std::size_t n, const Series& a, const Series& b, double& fa, double& dfa, double& fb,
               double& dfb) {
  fa = dfa = fb = dfb = 0.0;
  for (std::size_t i = n; i-- > 0;) {
    dfa = dfa * t + fa;
    fa = fa * t + a.c[i];
    dfb = dfb * t + fb;
    fb = fb * t + b.c[i];
  }
}

constexpr int series_terms = 100;  // t <= 1/2: the terms fall below 1e-18 well before that

// ----- uniform pressure, (56)-(60) ---------------------------------------------------------

struct UniformSeries {
  Series A, T1, H;
  UniformSeries() {
    std::vector<double> e(series_terms + 2), b(series_terms + 2);
    for (int n = 0; n < series_terms + 2; ++n) {
      e[n] = series_e(n);
      b[n] = series_b(n);
    }
    for (int n = 0; n < series_terms; ++n) {
      A.c.push_back(2.0 / 3.0 * e[n] + b[n] / 3.0);
      T1.c.push_back((3.0 * e[n] - (n > 0 ? 2.0 * e[n - 1] - 0.5 * b[n - 1] : 0.0)) / 3.0);
      H.c.push_back((e[n + 1] - b[n + 1] + 1.5 * b[n]) / 3.0);
    }
  }
};

const UniformSeries& uniform_series() {
  static const UniformSeries s;
  return s;
}

struct UniformValues {
  double A, dA, T1, dT1, H, dH;
};

// A, T1, H of the header comment and their t-derivatives; one_minus_t = 1 - t accurately. Near
// a pole H is not needed, near the equator T1 is not (`pole`): its series is skipped (left 0).
UniformValues uniform_values(double t, double one_minus_t, bool pole) {
  UniformValues v{};
  if (t < 0.5) {
    const auto& s = uniform_series();
    const std::size_t n = s.A.terms(t);  // the three series have the same length
    if (pole)
      eval_pair(t, n, s.A, s.T1, v.A, v.dA, v.T1, v.dT1);
    else
      eval_pair(t, n, s.A, s.H, v.A, v.dA, v.H, v.dH);
    return v;
  }
  const EllipticSet el = elliptic_set(t, one_minus_t);
  const double E = el.E, B = el.B;
  v.A = 4.0 / (3.0 * pi) * (E + B);
  v.dA = 2.0 / (3.0 * pi) * (E - 2.0 * B) / t;  // dE/dt = -D/2, dB/dt = Sigma/2
  v.T1 = 2.0 / (3.0 * pi) * ((3.0 - 2.0 * t) * E + t * B);
  v.dT1 = (B - 2.0 * E) / pi;
  v.H = 2.0 / (3.0 * pi) * (E - (2.0 - 3.0 * t) * B) / t;
  v.dH = -(3.0 * B + 4.0 * (E - 2.0 * B) / t) / (3.0 * pi * t);
  return v;
}

using detail::ExactLaw;
constexpr detail::ExactLaws kUniformLaws{ExactLaw::uniform_A, ExactLaw::uniform_T1, ExactLaw::uniform_A,
                                         ExactLaw::uniform_H};
constexpr detail::ExactLaws kHertzLaws{ExactLaw::hertz_G, ExactLaw::hertz_T, ExactLaw::hertz_Q, ExactLaw::hertz_H};

// An exact model whose laws of t have rigorous enclosures (friction/exact_laws.cpp).
class EnclosedExact : public ExactModel {
 public:
  std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const override {
    return detail::enclose_exact_meridian(x, rho_over_R(), laws_);
  }
  std::optional<CircleEnclosure> enclose_circle(const Interval& U) const override {
    return detail::enclose_exact_circle(U, rho_over_R(), laws_);
  }

 protected:
  EnclosedExact(Pressure p, double c, const detail::ExactLaws& laws) : ExactModel(std::move(p), c), laws_(laws) {}

 private:
  detail::ExactLaws laws_;
};

class UniformExact final : public EnclosedExact {
 public:
  UniformExact(Pressure p, double c) : EnclosedExact(std::move(p), c, kUniformLaws) {}
  std::string description() const override { return ExactModel::description() + ", closed form (57)-(60)"; }
  std::optional<UniformDiscForm> uniform_disc_form() const override {
    return UniformDiscForm{rho_over_R(), kappa_over_rho(), 0.0};
  }
  Pole pole(double eps) const override {
    const UniformValues v = uniform_values(eps * eps, (1.0 - eps) * (1.0 + eps), true);
    return {v.A, 2.0 * eps * v.dA, v.T1, 2.0 * eps * v.dT1};
  }
  Equator equator(double s) const override {
    const UniformValues v = uniform_values(s * s, (1.0 - s) * (1.0 + s), false);
    return {v.A, 2.0 * s * v.dA, v.H, 2.0 * s * v.dH};
  }
};

// ----- large eps for any pressure: the moment series -----------------------------------
// For eps >= 1 every ring has a <= 1, and expanding E, B in powers of a^2 = xi^2/eps^2:
//   Q_eps = sum_n e_n (M_{2n+1}/M_1) s^{2n},   eps T_eps = (1/2) sum_n b_n (M_{2n+3}/M_2) s^{2n},
// s = 1/eps, convergent for s < 1 with positive (b_n) or one-signed (e_n, n >= 1) terms.
struct MomentSeries {
  Series Q, H;
  explicit MomentSeries(const Pressure& p) {
    const double M1 = p.moment(1), M2 = p.moment(2);
    for (int n = 0; n < series_terms; ++n) {
      Q.c.push_back(series_e(n) * p.moment(2 * n + 1) / M1);
      H.c.push_back(0.5 * series_b(n) * p.moment(2 * n + 3) / M2);
    }
  }
  RegionModel::Equator eval(double s) const {
    RegionModel::Equator e;
    double dQt, dHt;
    Q.eval(s * s, e.Q, dQt);
    H.eval(s * s, e.H, dHt);
    e.dQ = 2.0 * s * dQt;
    e.dH = 2.0 * s * dHt;
    return e;
  }
};

constexpr double series_limit = 0.5;  // use the moment series for s^2 < 1/2

// ----- Hertz pressure, (61)-(63) ------------------------------------------------------------

class HertzExact final : public EnclosedExact {
 public:
  HertzExact(Pressure p, double c) : EnclosedExact(std::move(p), c, kHertzLaws), series_(pressure_) {}
  std::string description() const override { return ExactModel::description() + ", closed form (62)-(63)"; }
  Pole pole(double eps) const override {  // (62)-(63), eps <= 1: Q = eps G
    const double e2 = eps * eps;
    return {3.0 * pi / 32.0 * (4.0 - e2), -3.0 * pi / 16.0 * eps, (3.0 * e2 * e2 - 8.0 * e2 + 8.0) / 8.0,
            1.5 * e2 * eps - 2.0 * eps};
  }
  Equator equator(double s) const override {
    if (s * s < series_limit) return series_.eval(s);
    // (62)-(63), eps >= 1, written in x = 1/eps; the printed forms cancel for small x, which
    // the series above covers.
    const double x = s, x2 = x * x, rc = std::sqrt((1.0 - x) * (1.0 + x)), as = std::asin(x);
    Equator e;
    e.Q = 3.0 / (16.0 * x2 * x) * ((4.0 * x2 - 1.0) * as + x * (1.0 + 2.0 * x2) * rc);
    e.dQ = 3.0 / 16.0 * ((3.0 - 4.0 * x2) * as / (x2 * x2) + (2.0 * x2 - 3.0) * rc / (x2 * x));
    const double h = (3.0 / (x2 * x2) - 8.0 / x2 + 8.0) * as + (6.0 / x - 3.0 / (x2 * x)) * rc;
    const double dh = (16.0 / (x2 * x) - 12.0 / (x2 * x2 * x)) * as + 4.0 * (3.0 - 2.0 * x2) * rc / (x2 * x2);
    e.H = h / (4.0 * pi * x);  // H = eps T_eps = T_eps2/x
    e.dH = (dh * x - h) / (4.0 * pi * x2);
    return e;
  }

 private:
  MomentSeries series_;
};

// ----- Galin's pressure (1 - xi^2)^(-1/2): closed forms ---------------------------------------
// (docs/manual.md, "Galin's pressure in closed form"; friction/exact_laws.cpp encloses them)
//   eps <= 1: G = pi/4, T = 1 - eps^2/2;
//   eps >= 1, x = 1/eps: Q = (rc + as/x)/2, H = eps T_eps = (2/pi) (as/x - (as - x rc)/(2 x^3)),
//   rc = sqrt(1 - x^2), as = asin(x). The model is C^1 at the rim (Q' = pi/4, T' = -1 from both
//   sides); for x^2 < 1/2 H's closed form cancels and the moment series is summed instead.
constexpr detail::ExactLaws kGalinLaws{ExactLaw::galin_G, ExactLaw::galin_T, ExactLaw::galin_Q, ExactLaw::galin_H};

class GalinExact final : public EnclosedExact {
 public:
  GalinExact(Pressure p, double c) : EnclosedExact(std::move(p), c, kGalinLaws), series_(pressure_) {}
  std::string description() const override { return ExactModel::description() + ", closed form in asin and sqrt"; }
  Pole pole(double eps) const override { return {pi / 4.0, 0.0, 1.0 - 0.5 * eps * eps, -eps}; }
  Equator equator(double s) const override {
    if (s * s < series_limit) return series_.eval(s);
    const double x = s, x2 = x * x, rc = std::sqrt((1.0 - x) * (1.0 + x)), as = std::asin(x), d = as - x * rc;
    return {0.5 * (rc + as / x), 0.5 * (rc / x - as / x2), 2.0 / pi * (as / x - d / (2.0 * x2 * x)),
            2.0 / pi * (1.5 * d / (x2 * x2) - as / x2)};
  }

 private:
  MomentSeries series_;
};

// ----- any pressure: ring quadrature ---------------------------------------------------------

class RingQuadratureExact : public ExactModel {
 public:
  RingQuadratureExact(Pressure p, double c)
      : ExactModel(std::move(p), c),
        series_(pressure_),
        M1_(pressure_.moment(1)),
        M2_(pressure_.moment(2)),
        nodes_(pressure_.breakpoints()) {}
  std::string description() const override { return ExactModel::description() + ", ring quadrature"; }

  Pole pole(double eps) const override {
    // (41) and Q_eps ~ eps G(0). Below 1e-150 the corrections are O(eps) relative to the
    // values and the quadrature nodes inside [0, eps] would be subnormal.
    if (eps < 1e-150) return {slope_at_pure_spin(), 0.0, 1.0, 0.0};
    // Components: p xi f_Q/eps -> G; p xi h(a)/eps^2 -> -G' with h = (a f_Q)';
    // p xi^2 f_T -> T; p xi^3 f_T'(a)/eps^2 -> -T'. Written in a = xi/eps and eps/xi so that
    // nothing under- or overflows for small eps.
    const auto kernel = [eps](double xi, double, double d) -> Eigen::Vector4d {
      // d = xi - eps, accurate near the split
      if (d < 0.0) {  // a = xi/eps < 1, 1 - a^2 = (-d/eps)(1 + a)
        const double a = xi / eps;
        const EllipticSet el = elliptic_set(a * a, (-d / eps) * (1.0 + a));
        return (2.0 / pi) *
               Eigen::Vector4d(a * el.E, a * (2.0 * el.E - el.K) / eps, xi * xi * a * el.B, a * a * xi * el.D);
      }
      const double r = eps / xi;  // 1/a, 1 - 1/a^2 = (d/xi)(1 + r)
      const EllipticSet el = elliptic_set(r * r, (d / xi) * (1.0 + r));
      return (2.0 / pi) * Eigen::Vector4d(el.B, -el.Sigma * r / xi, xi * xi * el.E, el.D * eps);
    };
    const Eigen::Vector4d I = integrate<4>(kernel, eps, "pole", eps);
    return {I[0] / M1_, -I[1] / M1_, I[2] / M2_, -I[3] / M2_};
  }

  // The values alone: G and T need only E and B of each ring (no K, D, Sigma), and their
  // kernels are continuous at the split (those of the derivatives are log-singular there).
  Pole pole_values(double eps) const override {
    if (eps < 1e-150) return {slope_at_pure_spin(), 0.0, 1.0, 0.0};
    const auto kernel = [eps](double xi, double, double d) -> Eigen::Vector2d {
      if (d < 0.0) {
        const double a = xi / eps;
        const EllipticEB el = elliptic_eb(a * a, (-d / eps) * (1.0 + a));
        return (2.0 / pi) * Eigen::Vector2d(a * el.E, xi * xi * a * el.B);
      }
      const double r = eps / xi;
      const EllipticEB el = elliptic_eb(r * r, (d / xi) * (1.0 + r));
      return (2.0 / pi) * Eigen::Vector2d(el.B, xi * xi * el.E);
    };
    const Eigen::Vector2d I = integrate<2>(kernel, eps, "pole", eps);
    return {I[0] / M1_, 0.0, I[1] / M2_, 0.0};
  }

  Equator equator_values(double s) const override {
    if (s * s < series_limit) return series_.eval(s);
    const auto kernel = [s](double xi, double one_minus_xi, double) -> Eigen::Vector2d {
      const double a = s * xi;
      const EllipticEB el = elliptic_eb(a * a, ((1.0 - s) + s * one_minus_xi) * (1.0 + a));
      return (2.0 / pi) * Eigen::Vector2d(xi * el.E, xi * xi * xi * el.B);
    };
    const Eigen::Vector2d I = integrate<2>(kernel, 1.0, "equator", 1.0 / s);
    return {I[0] / M1_, 0.0, I[1] / M2_, 0.0};
  }

  Equator equator(double s) const override {
    if (s * s < series_limit) return series_.eval(s);
    // a = s xi <= 1: Q = (2/pi)/M1 int p xi E(a^2), dQ/ds = -(2/pi) s/M1 int p xi^3 D(a^2),
    // H = (2/pi)/M2 int p xi^3 B(a^2),  dH/ds = (2/pi) s/M2 int p xi^5 Sigma(a^2).
    const auto kernel = [s](double xi, double one_minus_xi, double) -> Eigen::Vector4d {
      const double a = s * xi;
      const EllipticSet el = elliptic_set(a * a, ((1.0 - s) + s * one_minus_xi) * (1.0 + a));
      const double x3 = xi * xi * xi;
      return (2.0 / pi) * Eigen::Vector4d(xi * el.E, -s * x3 * el.D, x3 * el.B, s * x3 * xi * xi * el.Sigma);
    };
    const Eigen::Vector4d I = integrate<4>(kernel, 1.0, "equator", 1.0 / s);
    return {I[0] / M1_, I[1] / M1_, I[2] / M2_, I[3] / M2_};
  }

 private:
  // int_0^1 p(xi) kernel(xi, 1 - xi, xi - split) dxi over pieces split at the profile nodes
  // and at `split`. On the last piece a pressure (1 - xi^2)^alpha with alpha < 0 is made
  // regular by xi = 1 - L tau^beta, beta = 1/(alpha + 1), whose Jacobian cancels the edge
  // singularity exactly: p dxi = L^(alpha+1) beta (1 + xi)^alpha dtau.
  template <int N, class Kernel>
  Eigen::Matrix<double, N, 1> integrate(const Kernel& kernel, double split, const char* region, double eps) const {
    using Vec = Eigen::Matrix<double, N, 1>;
    std::vector<double> cuts{0.0};
    for (double x : nodes_)
      if (x != split) cuts.push_back(x);
    if (split > 0.0 && split < 1.0) cuts.push_back(split);
    cuts.push_back(1.0);
    std::sort(cuts.begin(), cuts.end());
    const bool singular_edge = pressure_.power_family() && pressure_.alpha() < 0.0;
    Vec total = Vec::Zero();
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
      const double l = cuts[i], u = cuts[i + 1];
      const bool last = (u == 1.0);
      // Each piece may err in proportion to its length, so that over [0, 1] the errors add up
      // to rel_tol of the smaller moment (the results are divided by M1, M2): a tiny piece
      // between close profile nodes is then not held to rel_tol of its own tiny value.
      const double piece_tol = rel_tol * std::min(M1_, M2_) * (u - l);
      QuadratureResult<N> r;
      if (last && singular_edge) {
        const double L = 1.0 - l, alpha = pressure_.alpha(), beta = 1.0 / (alpha + 1.0);
        const double scale = std::pow(L, alpha + 1.0) * beta;
        r = integrate_tanh_sinh<N>(
            [&](double tau, double, double one_minus_tau) -> Vec {
              const double one_minus_xi = L * std::pow(tau, beta);
              const double xi_minus_l = -L * std::expm1(beta * std::log1p(-one_minus_tau));
              // each form of xi is accurate on its own half (xi may be tiny near l)
              const double xi = tau > 0.5 ? l + xi_minus_l : 1.0 - one_minus_xi;
              const double d = (l == split) ? xi_minus_l : (split >= 1.0 ? -one_minus_xi : xi - split);
              return scale * std::pow(1.0 + xi, alpha) * kernel(xi, one_minus_xi, d);
            },
            0.0, 1.0, piece_tol, rel_tol);
      } else {
        r = integrate_tanh_sinh<N>(
            [&](double xi, double da, double db) -> Vec {
              const double one_minus_xi = (1.0 - u) + db;  // exact 1 - u, accurate db
              const double d = (l == split) ? da : (u == split ? -db : xi - split);
              return pressure_(xi, one_minus_xi) * kernel(xi, one_minus_xi, d);
            },
            l, u, piece_tol, rel_tol);
      }
      if (!r.converged)
        throw NumericalError(fmt::format("exact model ({}): ring quadrature did not converge in the {} region at "
                                         "eps = {} (estimated error {:.2g})",
                                         pressure_.name(), region, eps, r.error_estimate));
      total += r.value;
    }
    return total;
  }

  static constexpr double rel_tol = 1e-13;  // level-to-level change; the error is far smaller
  MomentSeries series_;
  double M1_, M2_;
  std::vector<double> nodes_;
};

// A tabulated profile: evaluated by the ring quadrature, enclosed rigorously by its cells and
// moment series (friction/exact_profile.cpp), built at the first enclosure (their moments take
// ~90 ms for 101 nodes, which only proofs need).
class ProfileExact final : public RingQuadratureExact {
 public:
  ProfileExact(Pressure p, double c) : RingQuadratureExact(std::move(p), c) {}
  std::string description() const override {
    return RingQuadratureExact::description() + ", enclosed by cells and moment series";
  }
  std::optional<MeridianEnclosure> enclose_meridian(const IVec3& x) const override {
    std::call_once(built_, [this] { laws_ = std::make_unique<detail::ProfileLaws>(pressure_); });
    return detail::enclose_profile_meridian(x, rho_over_R(), *laws_);
  }
  /// Near the poles intervals of eps narrower than 1e-4 take the sharp rule (points included).
  bool enclosure_follows_box() const override { return true; }

 private:
  mutable std::once_flag built_;
  mutable std::unique_ptr<detail::ProfileLaws> laws_;
};

}  // namespace

std::unique_ptr<ExactModel> make_exact_model(const Pressure& pressure, double rho_over_R, ExactMethod method) {
  // the ring is a measure: its radial integrals are evaluations at xi0, no quadrature applies
  if (pressure.kind() == Pressure::Kind::ring) return detail::make_ring_exact_model(pressure, rho_over_R);
  if (method == ExactMethod::automatic && pressure.power_family()) {
    if (pressure.alpha() == 0.0) return std::make_unique<UniformExact>(pressure, rho_over_R);
    if (pressure.alpha() == 0.5) return std::make_unique<HertzExact>(pressure, rho_over_R);
    if (pressure.alpha() == -0.5) return std::make_unique<GalinExact>(pressure, rho_over_R);
  }
  if (method == ExactMethod::automatic && pressure.kind() == Pressure::Kind::profile)
    return std::make_unique<ProfileExact>(pressure, rho_over_R);
  return std::make_unique<RingQuadratureExact>(pressure, rho_over_R);
}

}  // namespace limitdir
