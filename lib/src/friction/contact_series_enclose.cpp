// The near-translation enclosure of the exact model of an ellipse with uniform or Hertz pressure
// (friction/contact_enclose.hpp; docs/manual.md section 6, "Rigorous enclosures of the exact model of an
// ellipse"). With u = (x1, x2), U = |u|, omega = x3/rho and v(r) = u + omega J r (J the rotation
// by pi/2), |v|^2 = U^2 (1 - 2 X z + z^2) with z = omega |r|/U, X = beta/(U |r|),
// beta = u_x r_y - u_y r_x, so Legendre's generating function gives
//   1/|v| = sum_n omega^n U^(-2n-1) L_n(r),   L_n = (U |r|)^n P_n(X),
//   (n + 1) L_(n+1) = (2n + 1) beta L_n - n U^2 |r|^2 L_(n-1),  L_0 = 1, L_1 = beta,
// L_n a homogeneous polynomial of degree n in r. Then t = v/|v| and r x t = (-beta + omega |r|^2)/|v|
// are integrated term by term against the moments of the pressure sigma0 = (1 - rhat^2)^alpha
// normalised by N, alpha = 0 (uniform) or 1/2 (Hertz): in polar coordinates of the pre-image disc
// the angle gives 2 pi (1/2)_i (1/2)_j/(i + j)! and the radius B(i + j + 1, alpha + 1)/2, so
//   E[x^(2i) y^(2j)] = a^(2i) b^(2j) (1/2)_i (1/2)_j / (alpha + 2)_(i+j)  (odd moments vanish).
// The tail after order K (a bound on the integrand, so whatever the pressure): for fixed u and r, omega -> t is analytic in |omega| < U/|r| (the zeros
// of v . v are at |omega| = U/|r|), and on |omega| = rho0 < U/R, R = max(a, b),
//   |v . v| >= (U - rho0 R)^2, |v_i| <= U + rho0 R, so |t_i| <= M0 = (U + rho0 R)/(U - rho0 R),
//   |d t_i/d u_j| <= M1 = 1/s0 + (U + rho0 R)^2/s0^3, s0 = U - rho0 R,
// and by Cauchy's estimates the tail of a function bounded by M on that circle is at most
// M xi^(K+1)/(1 - xi), its omega-derivative (M/rho0) xi^K ((K + 1) - K xi)/(1 - xi)^2,
// xi = |omega|/rho0 [Ahlfors 1979, Ch. 4 (Cauchy's estimate)]. |r x t| <= (a + b) max |t_i|.
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include <algorithm>
#include <cmath>
#include <vector>

#include "friction/contact_enclose.hpp"

namespace limitdir::detail::contact_enclose {

namespace {

/// The Cauchy circle: rho0 R = kappa_circle U_min (xi <= eta_max/kappa_circle = 1/2).
constexpr double kappa_circle = 0.6;
/// The order is raised until the tail bound is below this (a few units of the last place of
/// q ~ 1), at most max_order.
constexpr double tail_goal = 1e-16;
constexpr int max_order = 80;

using Poly = std::vector<IDual>;  // c[k] multiplies x^(n-k) y^k, n = size - 1

/// E[x^(2i) y^(2j)] for i + j <= n_max.
std::vector<std::vector<Interval>> moments(const Ellipse& e, int n_max) {
  std::vector<std::vector<Interval>> mu(n_max + 1, std::vector<Interval>(n_max + 1, Interval(0.0)));
  const Interval a2 = Interval(e.a) * e.a, b2 = Interval(e.b) * e.b;
  mu[0][0] = Interval(1.0);
  for (int i = 0; i <= n_max; ++i)
    for (int j = 0; i + j <= n_max; ++j) {
      if (i == 0 && j == 0) continue;
      // (1/2)_i/(alpha + 2)_(i+j): a factor (i - 1/2)/(i + j + 1 + alpha) per step in i, (j - 1/2)/(...) in j
      const Interval step(i + j + (e.hertz ? 1.5 : 1.0));
      if (i > 0)
        mu[i][j] = mu[i - 1][j] * a2 * Interval(i - 0.5) / step;
      else
        mu[i][j] = mu[i][j - 1] * b2 * Interval(j - 0.5) / step;
    }
  return mu;
}

IDual expect(const Poly& p, const std::vector<std::vector<Interval>>& mu) {
  const int n = static_cast<int>(p.size()) - 1;
  IDual s(0.0);
  for (int k = 0; k <= n; ++k)
    if (k % 2 == 0 && (n - k) % 2 == 0) s = s + p[k] * IDual(mu[(n - k) / 2][k / 2]);
  return s;
}

/// p times beta = u_x y - u_y x.
Poly times_beta(const Poly& p, const IDual& ux, const IDual& uy) {
  Poly r(p.size() + 1, IDual(0.0));
  for (std::size_t k = 0; k < p.size(); ++k) {
    r[k] = r[k] - p[k] * uy;
    r[k + 1] = r[k + 1] + p[k] * ux;
  }
  return r;
}

/// p times c |r|^2.
Poly times_r2(const Poly& p, const IDual& c) {
  Poly r(p.size() + 2, IDual(0.0));
  for (std::size_t k = 0; k < p.size(); ++k) {
    const IDual t = p[k] * c;
    r[k] = r[k] + t;
    r[k + 2] = r[k + 2] + t;
  }
  return r;
}

Poly times_x(const Poly& p) {
  Poly r(p.size() + 1, IDual(0.0));
  for (std::size_t k = 0; k < p.size(); ++k) r[k] = p[k];
  return r;
}

Poly times_y(const Poly& p) {
  Poly r(p.size() + 1, IDual(0.0));
  for (std::size_t k = 0; k < p.size(); ++k) r[k + 1] = p[k];
  return r;
}

Interval power(const Interval& x, int k) {
  Interval r(1.0);
  for (int i = 0; i < k; ++i) r = r * x;
  return r;
}

struct Tail {
  Interval q, dq_du, dq_domega;  // bounds (symmetric intervals) on a unit-size component
};

/// The tail bounds after order K of one component bounded by M0 (value, omega-derivative) and
/// M1 (u-derivatives) on the Cauchy circle.
Tail tail(const Interval& xi, const Interval& rho0, const Interval& M0, const Interval& M1, int K) {
  const Interval one(1.0), geo = power(xi, K + 1) / (one - xi);
  const Interval d = power(xi, K) * (Interval(K + 1.0) - Interval(double(K)) * xi) / square(one - xi);
  const auto sym = [](const Interval& b) { return Interval(-b.upper(), b.upper()); };
  return {sym(M0 * geo), sym(M1 * geo), sym(M0 / rho0 * d)};
}

}  // namespace

std::optional<QEnclosure> near_translation(const Ellipse& e, const IVec3& x) {
  const double R = std::max(e.a, e.b);
  const Interval U2 = square(x(0)) + square(x(1));
  if (!(U2.lower() > 0.0)) return std::nullopt;
  const Interval Ulo(boost::numeric::sqrt(Interval(U2.lower())).lower());
  const Interval om_mag(mag_of(x(2) / e.rho));
  if (!((om_mag * R).upper() <= (Interval(eta_max) * Ulo).lower())) return std::nullopt;
  const Interval rho0 = Interval(kappa_circle) * Ulo / R, xi = om_mag / rho0;
  const Interval rR = rho0 * R, Uhi(boost::numeric::sqrt(Interval(U2.upper())).upper());
  const Interval s0 = Ulo - rR;
  const Interval M0 = (Uhi + rR) / s0, M1 = Interval(1.0) / s0 + square(Uhi + rR) / (s0 * s0 * s0);
  int K = 1;
  while (K < max_order && !((M0 * power(xi, K + 1) / (Interval(1.0) - xi)).upper() <= tail_goal)) ++K;

  const IDual ux = IDual::variable(x(0), 0), uy = IDual::variable(x(1), 1);
  const IDual om = IDual::variable(x(2), 2) / IDual(e.rho);
  const IDual U2d = square(ux) + square(uy), Uinv = IDual(1.0) / sqrt(U2d), zeta = om / U2d;
  const auto mu = moments(e, K / 2 + 2);
  IDual Fx(0.0), Fy(0.0), M(0.0), f = Uinv;  // f = omega^n U^(-2n-1)
  Poly Lprev, L{IDual(1.0)};
  for (int n = 0; n <= K; ++n) {
    if (n % 2 == 0) {  // E[L_n] and E[|r|^2 L_n] survive
      const IDual EL = expect(L, mu);
      Fx = Fx + f * ux * EL;
      Fy = Fy + f * uy * EL;
      M = M + f * om * expect(times_r2(L, IDual(1.0)), mu);
    } else {  // E[J r L_n] = (-E[y L_n], E[x L_n]) and E[beta L_n]
      Fx = Fx - f * om * expect(times_y(L), mu);
      Fy = Fy + f * om * expect(times_x(L), mu);
      M = M - f * expect(times_beta(L, ux, uy), mu);
    }
    Poly next = times_beta(L, ux, uy);
    for (auto& c : next) c = c * IDual(Interval(2.0 * n + 1.0));
    if (n >= 1) {
      const Poly back = times_r2(Lprev, U2d * IDual(Interval(double(n))));
      for (std::size_t k = 0; k < back.size(); ++k) next[k] = next[k] - back[k];
    }
    for (auto& c : next) c = c / IDual(Interval(n + 1.0));
    Lprev = std::move(L);
    L = std::move(next);
    f = f * zeta;
  }
  const Tail t = tail(xi, rho0, M0, M1, K);
  const Interval arm = Interval(e.a + e.b) / e.rho;  // |r x t|/rho <= (a + b) max|t_i|/rho
  QEnclosure out;
  const IDual q[3] = {-Fx, -Fy, -(M / IDual(e.rho))};
  for (int i = 0; i < 3; ++i) {
    const Interval s = i < 2 ? Interval(1.0) : arm;
    out.q(i) = q[i].v + s * t.q;
    out.dq_dw(i, 0) = q[i].d[0] + s * t.dq_du;
    out.dq_dw(i, 1) = q[i].d[1] + s * t.dq_du;
    out.dq_dw(i, 2) = q[i].d[2] + s * t.dq_domega / e.rho;  // d/dx3 = (1/rho) d/domega
  }
  return out;
}

QEnclosure trivial(const Ellipse& e) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  QEnclosure out;
  const double m = (Interval(std::max(e.a, e.b)) / e.rho).upper();
  out.q(0) = out.q(1) = Interval(-1.0, 1.0);
  out.q(2) = Interval(-m, m);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out.dq_dw(i, j) = Interval(-inf, inf);
  return out;
}

}  // namespace limitdir::detail::contact_enclose
