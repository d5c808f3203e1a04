// The approximants I_{2(1),2} and I_{3(1),3} (44)-(45) [Kudra & Awrejcewicz 2013] (kudra-pade
// orders 5 and 7, friction/contact_approx.hpp) against values obtained independently:
//  * the exact model (8) by a 2-D quadrature written here (no library code): Gauss-Legendre
//    after an edge substitution, in polar coordinates about the contact's centre (instant
//    centre outside) or about the instant centre of rotation (inside: the integrand is then
//    smooth, its only singularity being the centre itself);
//  * the defining property (45): the derivatives in v_s at v_s = 0 and in omega_s at
//    omega_s = 0, by finite differences of that quadrature and of the approximant;
//  * the hand-written (47), (48) (a different construction) for I_{0,0} and I_{1,1};
//  * Sect. 4.3 / Figs 8-9: the accuracy over the sphere of slip directions.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <functional>
#include <vector>

#include "limitdir/contact/integrals.hpp"
#include "limitdir/contact/shape.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"

namespace test_kudra_approximant {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {

using limitdir::Contact;
using limitdir::KudraPadeParameters;
using limitdir::NominalPressure;
using Vec = Eigen::Vector3d;
constexpr double kPi = 3.14159265358979323846;

// ----- the exact model (8) by quadrature -------------------------------------------------------

// Gauss-Legendre nodes and weights on [0, 1] (Newton on P_n, started at the Chebyshev guess).
struct Gauss {
  std::vector<double> x, w;
  explicit Gauss(int n) {
    for (int i = 0; i < n; ++i) {
      double z = std::cos(kPi * (i + 0.75) / (n + 0.5)), dp = 1.0;
      for (int it = 0; it < 100; ++it) {
        double p0 = 1.0, p1 = z;
        for (int k = 2; k <= n; ++k) {
          const double p2 = ((2.0 * k - 1.0) * z * p1 - (k - 1.0) * p0) / k;
          p0 = p1;
          p1 = p2;
        }
        dp = n * (z * p1 - p0) / (z * z - 1.0);
        const double dz = p1 / dp;
        z -= dz;
        if (std::abs(dz) < 1e-16) break;
      }
      x.push_back(0.5 * (1.0 - z));
      w.push_back(1.0 / ((1.0 - z * z) * dp * dp));  // 2/((1-z^2) P'^2), halved for [0, 1]
    }
  }
};

// K&A frame: x^2 + y^2/b^2 <= 1, sigma = (alpha+1)/(pi b) (1 - rho'^2)^alpha (1 + dc x + ds y/b) (16)
struct Pressure {
  double b, alpha, dc, ds;
  // sigma dA/(rho' drho' dphi) in the contact's polar coordinates x = rho' cos, y = b rho' sin
  double weight(double x, double y, double one_minus_rho2) const {
    return (alpha + 1.0) / kPi * std::pow(one_minus_rho2, alpha) * (1.0 + dc * x + ds * y / b);
  }
};

Pressure pressure_of(const Contact& c) {
  const limitdir::KudraFrame f = limitdir::kudra_frame(c);
  return {f.b, f.alpha, f.d_c, f.d_s};
}

// The exact (T_sx, T_sy, M_s) (8) at v = (v_sx, v_sy, omega_s), nodes n per direction.
// about_contact: force the scheme about the contact's centre (for the check of the schemes).
Vec exact_by_quadrature(const Pressure& p, const Vec& v, int n, bool about_contact = false) {
  const Gauss g(n);
  const int m = 4 * n;  // trapezoid nodes in the angle (periodic integrand)
  const double om = v.z();
  const double cx = om != 0.0 ? -v.y() / om : 1e300, cy = om != 0.0 ? v.x() / om : 1e300;  // instant centre
  Vec f = Vec::Zero();
  if (!about_contact && cx * cx + cy * cy / (p.b * p.b) < 1.0) {
    // about the centre: rho = c + r e_psi, v_P = omega r e_z x e_psi, (rho x v_P)/|v_P| =
    // sgn(omega) (r + c.e_psi); r = R (1 - t^2) takes the edge's (R - r)^alpha into t^(2 alpha)
    const double s = om > 0.0 ? 1.0 : -1.0;
    for (int j = 0; j < m; ++j) {
      const double psi = 2.0 * kPi * j / m, ex = std::cos(psi), ey = std::sin(psi);
      const double A = ex * ex + ey * ey / (p.b * p.b), B = cx * ex + cy * ey / (p.b * p.b),
                   C = cx * cx + cy * cy / (p.b * p.b) - 1.0;
      const double R = (-B + std::sqrt(B * B - A * C)) / A, r1 = C / (A * R);  // the roots
      for (int i = 0; i < n; ++i) {
        const double t = g.x[i], r = R * (1.0 - t * t), x = cx + r * ex, y = cy + r * ey;
        const double one_minus_rho2 = A * R * t * t * (r - r1);  // -(A r^2 + 2 B r + C)
        // sigma dA = weight / b * r dr dpsi (weight is per rho' drho' dphi = dA / b)
        const double dA = p.weight(x, y, one_minus_rho2) / p.b * r * 2.0 * R * t * g.w[i] * 2.0 * kPi / m;
        f += s * dA * Vec(-ey, ex, r + cx * ex + cy * ey);
      }
    }
    return f;
  }
  for (int j = 0; j < m; ++j) {
    const double phi = 2.0 * kPi * (j + 0.5) / m;
    for (int i = 0; i < n; ++i) {  // rho' = 1 - t^2
      const double t = g.x[i], rp = 1.0 - t * t, x = rp * std::cos(phi), y = p.b * rp * std::sin(phi);
      const double dA = p.weight(x, y, t * t * (2.0 - t * t)) * rp * 2.0 * t * g.w[i] * 2.0 * kPi / m;
      const double vx = v.x() - om * y, vy = v.y() + om * x, speed = std::hypot(vx, vy);  // (7)
      f += dA / speed * Vec(vx, vy, x * vy - y * vx);
    }
  }
  return f;
}

// Weights of the k-th derivative at 0 on the nodes j h, j = -J..J (Fornberg's recursion).
std::vector<double> fd_weights(int k, int J, double h) {
  const int N = 2 * J + 1;
  std::vector<double> z(N);
  for (int j = 0; j < N; ++j) z[j] = (j - J) * h;
  std::vector<std::vector<double>> c(N, std::vector<double>(k + 1, 0.0));
  double c1 = 1.0, c4 = z[0];
  c[0][0] = 1.0;
  for (int i = 1; i < N; ++i) {
    const int mn = std::min(i, k);
    double c2 = 1.0;
    const double c5 = c4;
    c4 = z[i];
    for (int j = 0; j < i; ++j) {
      const double c3 = z[i] - z[j];
      c2 *= c3;
      if (j == i - 1) {
        for (int q = mn; q >= 1; --q) c[i][q] = c1 * (q * c[i - 1][q - 1] - c5 * c[i - 1][q]) / c2;
        c[i][0] = -c1 * c5 * c[i - 1][0] / c2;
      }
      for (int q = mn; q >= 1; --q) c[j][q] = (c4 * c[j][q] - q * c[j][q - 1]) / c3;
      c[j][0] = c4 * c[j][0] / c3;
    }
    c1 = c2;
  }
  std::vector<double> w(N);
  for (int j = 0; j < N; ++j) w[j] = c[j][k];
  return w;
}

// The k-th derivative at 0 of g (vector valued) on nodes j h, j = -4..4.
Vec derivative(const std::function<Vec(double)>& g, int k, double h) {
  constexpr int J = 4;
  const std::vector<double> w = fd_weights(k, J, h);
  Vec d = Vec::Zero();
  for (int j = -J; j <= J; ++j) d += w[j + J] * g(j * h);
  return d;
}

// Quadrature nodes per direction: the integrands are smooth (analytic in the angle, the edge
// taken out by the substitution), 48 Gauss nodes and 192 angles reach rounding (checked below).
constexpr int kNodes = 48;
// Steps of the 9-point differences: omega_s = +-4 h keeps the instant centre >= 1/(4 h) = 5
// contact radii away (v_s = 1); v_s = +-4 h keeps it inside the narrowest contact (b = 0.5).
constexpr double kStepOmega = 0.05, kStepV = 0.02;
// The 9-point differences are of order 8 (even k) or 7-ish (odd k) in h: with derivatives of
// the analytic exact model growing like m! / R^m (R >= 1 the distance to its singularities),
// truncation ~ (h/R)^8 (k+8)!/8! <= 4e-11 * 1.3e3 ~ 5e-8 for k = 3, h = 0.05; rounding of the
// 1e-16-accurate values ~ 1e-16 sum |w| <= 1e-16 * 4e4 (k = 3) ~ 4e-12. 1e-6 leaves a factor 20.
constexpr double kTolDerivative = 1e-6;

std::vector<Contact> contacts() {
  return {Contact::ellipse(1.0, 1.0, NominalPressure::hertz()),
          Contact::ellipse(1.0, 0.5, NominalPressure::hertz()).with_distortion(1.0, 1.0),
          Contact::ellipse(1.0, 0.7, NominalPressure::uniform()).with_distortion(0.6, -2.0)};
}

}  // namespace

TEST_CASE("K&A (8): the test's two quadrature schemes agree and converge") {
  // With the instant centre inside, the scheme about the contact's centre has a point
  // singularity (the direction field turns about it) and converges only algebraically; at 400
  // nodes (1600 angles) its error is ~1e-6 (cells of ~(1/400)(2 pi/1600)); 1e-5 leaves margin.
  constexpr double kTolSchemes = 1e-5;
  // Doubling the nodes of the smooth schemes changes them by rounding only (~1e-16 * 1e4 nodes).
  constexpr double kTolConverged = 1e-13;
  // The instant centre just outside: the integrand steepens like 1/distance; measured changes
  // from 240 to 480 nodes are <= 4e-11 (the Hertz pressure vanishes at the edge); 1e-6.
  constexpr double kTolNearEdge = 1e-6;
  for (const Contact& c : contacts()) {
    const Pressure p = pressure_of(c);
    for (const Vec& v : {Vec(0.1, -0.05, 1.0), Vec(0.2, 0.1, -1.0), Vec(1.0, 0.3, 0.05), Vec(-0.6, 0.8, 0.2)}) {
      CAPTURE(v.transpose());
      const Vec f = exact_by_quadrature(p, v, kNodes);
      CHECK((f - exact_by_quadrature(p, v, 2 * kNodes)).cwiseAbs().maxCoeff() <= kTolConverged);
      CHECK((f - exact_by_quadrature(p, v, 400, true)).cwiseAbs().maxCoeff() <= kTolSchemes);
    }
    // instant centre just outside the edge ((x^2 + y^2/b^2)^(1/2) = 1.02 .. 1.5): the scheme about the
    // contact's centre at 240 nodes, as the accuracy test below uses it, against 480 nodes
    for (double e : {1.02, 1.1, 1.5}) {
      const Vec v(e * std::sqrt(0.91) * p.b, -0.3 * e, 1.0);  // centre (0.3 e, e sqrt(0.91) b)
      CAPTURE(e);
      const double gap = (exact_by_quadrature(p, v, 240) - exact_by_quadrature(p, v, 480)).cwiseAbs().maxCoeff();
      CHECK(gap <= kTolNearEdge);
    }
  }
}

TEST_CASE("K&A (45): I_{1,1}, I_{2(1),2}, I_{3(1),3} have the exact model's derivatives in omega_s at omega_s = 0 and in v_s at v_s = 0 up to their orders, and zero beyond") {
  // m_T = m_M = 2: n m is even, the denominators are polynomials and the approximants analytic
  // at both ends, so that the same 9-point differences apply to them (the derivatives (43) do
  // not depend on m once n m exceeds the orders).
  constexpr int kMaxOrder = 3;  // n1, n2 <= 3 for the orders tested
  for (const Contact& c : contacts()) {
    const Pressure p = pressure_of(c);
    for (double phi : {0.3, 1.2, 2.5, 4.0}) {
      const double cp = std::cos(phi), sp = std::sin(phi);
      CAPTURE(phi);
      // the exact derivatives: in omega_s at omega_s = 0, v_s = 1, and in v_s at v_s = 0,
      // omega_s = +-1 (dv[0], dv[1])
      std::array<Vec, kMaxOrder + 1> dw;
      std::array<std::array<Vec, kMaxOrder + 1>, 2> dv;
      for (int k = 0; k <= kMaxOrder; ++k) {
        dw[k] = derivative([&](double h) { return exact_by_quadrature(p, Vec(cp, sp, h), kNodes); }, k, kStepOmega);
        for (int si = 0; si < 2; ++si) {
          const double s = si == 0 ? 1.0 : -1.0;
          dv[si][k] = derivative([&](double h) { return exact_by_quadrature(p, Vec(h * cp, h * sp, s), kNodes); }, k,
                                 kStepV);
        }
      }
      for (int order : {3, 5, 7}) {
        CAPTURE(order);
        const limitdir::KudraPadeModel I(c, c.kappa(), KudraPadeParameters{order, 0.7, 1.3, 2.0, 2.0});
        const auto orders = limitdir::kudra_pade_orders(order);
        const limitdir::KudraApproximantOrders &oT = orders[0], &oM = orders[1];
        // (a_{f,i} of (43)): the exact derivative up to n2p, zero from there to n2
        for (int k = 0; k <= std::max(oT.n2, oM.n2); ++k) {
          CAPTURE(k);
          const Vec da = derivative([&](double h) { return Vec(I.law_value(Vec(cp, sp, h))); }, k, kStepOmega);
          const Vec want(k <= oT.n2p ? dw[k].x() : 0.0, k <= oT.n2p ? dw[k].y() : 0.0, k <= oM.n2p ? dw[k].z() : 0.0);
          if (k <= oT.n2) CHECK((da - want).head<2>().cwiseAbs().maxCoeff() <= kTolDerivative);
          if (k <= oM.n2) CHECK(std::abs(da.z() - want.z()) <= kTolDerivative);
        }
        // (a_{f,n-i} of (43)): likewise with n1p, n1
        for (int si = 0; si < 2; ++si) {
          const double s = si == 0 ? 1.0 : -1.0;
          CAPTURE(s);
          for (int k = 0; k <= std::max(oT.n1, oM.n1); ++k) {
            CAPTURE(k);
            const Vec da = derivative([&](double h) { return Vec(I.law_value(Vec(h * cp, h * sp, s))); }, k, kStepV);
            const Vec& de = dv[si][k];
            const Vec want(k <= oT.n1p ? de.x() : 0.0, k <= oT.n1p ? de.y() : 0.0, k <= oM.n1p ? de.z() : 0.0);
            if (k <= oT.n1) CHECK((da - want).head<2>().cwiseAbs().maxCoeff() <= kTolDerivative);
            if (k <= oM.n1) CHECK(std::abs(da.z() - want.z()) <= kTolDerivative);
          }
        }
      }
    }
  }
}

TEST_CASE("K&A (44)-(45) vs (47), (48): the general construction gives I_{0,0} and I_{1,1} as written out in the paper") {
  // Two constructions of one formula in double precision, the moments of the general one by
  // the separable quadrature (30) (to 1e-15) and those of (47)/(48) by Table 1: values and
  // Jacobians O(1)..O(10) agree to ~10 roundings of O(10) numbers.
  constexpr double kTolConstructions = 1e-12;
  std::vector<Contact> cs = contacts();
  cs.push_back(Contact::ellipse(0.6, 1.2, NominalPressure::hertz()).with_distortion(0.9, 0.4));  // turned frame
  cs.push_back(Contact::ellipse(2.0, 0.7, NominalPressure::power(1.5)).with_distortion(0.6, -2.0));
  for (const Contact& c : cs)
    for (int order : {1, 3})
      for (const KudraPadeParameters& q : {KudraPadeParameters{order}, KudraPadeParameters{order, 0.7, 1.3, 1.5, 0.8}}) {
        const limitdir::KudraPadeModel written(c, c.kappa(), q);
        const auto o = limitdir::kudra_pade_orders(order);
        const limitdir::KudraApproximant general(limitdir::kudra_frame(c), o[0], o[1]);
        for (int i = 0; i < 40; ++i) {
          const double th = -1.5 + 3.0 * i / 39.0, ph = 0.7 * i;
          const Vec v(std::cos(th) * std::cos(ph), std::cos(th) * std::sin(ph), std::sin(th));
          CAPTURE(order);
          CAPTURE(v.transpose());
          const limitdir::KudraLaw a = written.law(v), b = general.law(v, q);
          CHECK((a.f - b.f).cwiseAbs().maxCoeff() <= kTolConstructions);
          CHECK((a.df - b.df).cwiseAbs().maxCoeff() <= kTolConstructions);
        }
      }
}

TEST_CASE("K&A (45): orders outside the construction are rejected") {
  const limitdir::KudraFrame f = limitdir::kudra_frame(Contact::ellipse(1.0, 0.5, NominalPressure::hertz()));
  using O = limitdir::KudraApproximantOrders;
  CHECK_THROWS_AS(limitdir::KudraApproximant(f, O{2, 2, 2, 2}, O{2, 2, 2, 2}), limitdir::InputError);  // force n1p <= 1
  CHECK_THROWS_AS(limitdir::KudraApproximant(f, O{3, 1, 3, 3}, O{3, 3, 3, 3}), limitdir::InputError);  // torque n1p <= 2
  CHECK_THROWS_AS(limitdir::KudraApproximant(f, O{1, 1, 2, 2}, O{1, 1, 2, 2}), limitdir::InputError);  // n even
  CHECK_THROWS_AS(limitdir::KudraApproximant(f, O{0, 0, 2, 2}, O{0, 0, 2, 2}), limitdir::InputError);  // n2p > (n-1)/2
  CHECK_THROWS_AS(limitdir::KudraApproximant(f, O{1, 1, 1, 1}, O{2, 2, 2, 2}), limitdir::InputError);  // two degrees
  CHECK_THROWS_AS(limitdir::kudra_pade_orders(4), limitdir::InputError);
  CHECK_THROWS_AS(limitdir::KudraPadeModel(Contact::ellipse(1.0, 0.5, NominalPressure::hertz()), 1.0, {9}),
                  limitdir::InputError);
}

namespace {
// The exact model over a (theta_s, phi_s) grid of the sphere (9): the scheme about the instant
// centre when it is inside, else about the contact's centre, with more nodes when the instant
// centre is near the edge (the integrand is then steep).
struct Errors {
  double rms_all[3] = {0, 0, 0};
  double near_equator[3] = {0, 0, 0};  // max over |theta_s| = 0.1
  double near_pole[3] = {0, 0, 0};     // max over |theta_s| = pi/2 - 0.1
};

Vec exact_anywhere(const Pressure& p, const Vec& v) {
  const double cx = -v.y() / v.z(), cy = v.x() / v.z();
  const double e = v.z() != 0.0 ? cx * cx + cy * cy / (p.b * p.b) : 1e300;
  return exact_by_quadrature(p, v, (e < 1.0 || e > 2.0) ? kNodes : 240);
}

Errors errors_of(const limitdir::KudraModel& m, const Pressure& p) {
  Errors E;
  int count = 0;
  for (int i = 0; i < 24; ++i)
    for (int j = 0; j < 24; ++j) {
      const double th = -kPi / 2.0 + kPi * (i + 0.5) / 24.0, ph = 2.0 * kPi * j / 24.0;
      const Vec v(std::cos(th) * std::cos(ph), std::cos(th) * std::sin(ph), std::sin(th));
      const Vec d = (m.law_value(v) - exact_anywhere(p, v)).cwiseAbs();
      for (int k = 0; k < 3; ++k) E.rms_all[k] += d[k] * d[k];
      ++count;
    }
  for (int k = 0; k < 3; ++k) E.rms_all[k] = std::sqrt(E.rms_all[k] / count);
  for (int j = 0; j < 24; ++j) {
    const double ph = 2.0 * kPi * j / 24.0;
    for (double th : {0.1, -0.1}) {
      const Vec v(std::cos(th) * std::cos(ph), std::cos(th) * std::sin(ph), std::sin(th));
      const Vec d = (m.law_value(v) - exact_anywhere(p, v)).cwiseAbs();
      for (int k = 0; k < 3; ++k) E.near_equator[k] = std::max(E.near_equator[k], d[k]);
    }
    for (double th : {kPi / 2.0 - 0.1, -kPi / 2.0 + 0.1}) {
      const Vec v(std::cos(th) * std::cos(ph), std::cos(th) * std::sin(ph), std::sin(th));
      const Vec d = (m.law_value(v) - exact_anywhere(p, v)).cwiseAbs();
      for (int k = 0; k < 3; ++k) E.near_pole[k] = std::max(E.near_pole[k], d[k]);
    }
  }
  return E;
}
}  // namespace

TEST_CASE("K&A Sect. 4.3, Figs 8-9: accuracy of I_{0,0}, I_{1,1}, I_{2(1),2}, I_{3(1),3} against the exact model over the sphere") {
  // With the paper's default-free form (b_T = b_M = m_T = m_M = 1), against the test's quadrature
  // on a 24 x 24 grid of (theta_s, phi_s) and at |theta_s| = 0.1 and pi/2 - 0.1 (24 phi_s):
  //  * near pure sliding the order n2p of (45) rules: each higher approximant is closer (force;
  //    torque: I_{3(2),3} closer than I_{1,1}, closer than I_{0,0});
  //  * near pure spin the force of every I beyond I_{0,0} matches to n1p = 1 (closer than
  //    I_{0,0}), the torque of I_{2,2}, I_{3(2),3} to n1p = 2 (closer than I_{1,1});
  //  * "the higher degree of the approximant do not always lead to better results": over the
  //    whole sphere the torque of I_{2,2} is further from exact than that of I_{1,1} (b = 0.5).
  // The quadrature's error (<= 1e-6 near the edge, rounding elsewhere) is far below the gaps.
  for (const Contact& c : {Contact::ellipse(1.0, 1.0, NominalPressure::hertz()),
                           Contact::ellipse(1.0, 0.5, NominalPressure::hertz()),
                           Contact::ellipse(1.0, 0.5, NominalPressure::hertz()).with_distortion(1.0, 1.0)}) {
    const Pressure p = pressure_of(c);
    std::vector<Errors> E;
    for (int order : {1, 3, 5, 7}) {
      const limitdir::KudraPadeModel I(c, c.kappa(), KudraPadeParameters{order});
      E.push_back(errors_of(I, p));
      const Errors& e = E.back();
      MESSAGE(c.description() << " order " << order << ": rms " << e.rms_all[0] << " " << e.rms_all[1] << " "
                              << e.rms_all[2] << "; equator " << e.near_equator[0] << " " << e.near_equator[1] << " "
                              << e.near_equator[2] << "; pole " << e.near_pole[0] << " " << e.near_pole[1] << " "
                              << e.near_pole[2]);
    }
    CAPTURE(c.description());
    for (int k = 0; k < 2; ++k) {
      CHECK(E[3].near_equator[k] < E[2].near_equator[k]);
      CHECK(E[2].near_equator[k] < E[1].near_equator[k]);
      CHECK(E[1].near_equator[k] < E[0].near_equator[k]);
      for (int o = 1; o < 4; ++o) CHECK(E[o].near_pole[k] < E[0].near_pole[k]);
    }
    CHECK(E[3].near_equator[2] < E[1].near_equator[2]);
    CHECK(E[1].near_equator[2] < E[0].near_equator[2]);
    CHECK(E[2].near_pole[2] < E[1].near_pole[2]);
    CHECK(E[3].near_pole[2] < E[1].near_pole[2]);
    CHECK(E[1].near_pole[2] < E[0].near_pole[2]);
    if (c.b() == 0.5 && c.d() == 0.0) CHECK(E[2].rms_all[2] > E[1].rms_all[2]);
  }
}

TEST_CASE("K&A (44): orders 5 and 7 - dual-number Jacobian against central differences, kink sets from n m") {
  // Central differences with step 1e-6 of laws with O(1)..O(10) third derivatives: truncation
  // ~1e-12 * 10, rounding ~1e-16/1e-6 = 1e-10; 1e-7 leaves margin.
  constexpr double kStep = 1e-6, kTolFd = 1e-7;
  const Contact c = Contact::ellipse(1.0, 0.5, NominalPressure::hertz()).with_distortion(1.0, 1.0);
  for (int order : {5, 7})
    for (const KudraPadeParameters& q : {KudraPadeParameters{order}, KudraPadeParameters{order, 0.7, 1.3, 1.5, 0.8}}) {
      const limitdir::KudraPadeModel I(c, c.kappa(), q);
      for (int i = 0; i < 20; ++i) {
        const double th = -1.4 + 2.8 * i / 19.0, ph = 0.9 * i + 0.2;
        const Vec v(std::cos(th) * std::cos(ph), std::cos(th) * std::sin(ph), std::sin(th));
        const limitdir::KudraLaw L = I.law(v);
        CHECK(L.differentiable);
        for (int k = 0; k < 3; ++k) {
          const Vec e = Vec::Unit(k) * kStep;
          const Vec fd = (I.law_value(v + e) - I.law_value(v - e)) / (2.0 * kStep);
          CAPTURE(order);
          CAPTURE(v.transpose());
          CHECK((L.df.col(k) - fd).cwiseAbs().maxCoeff() <= kTolFd);
        }
      }
    }
  // |x|^(n m) in the denominators: a kink for n m <= 1, C^1 below 2, C^2 from 2 on
  using limitdir::Smoothness;
  const auto sets = [&](int order, double m) { return limitdir::KudraPadeModel(c, c.kappa(), {order, 1.0, 1.0, m, m}).kink_sets(); };
  CHECK(sets(5, 0.2).equator == Smoothness::kink);
  CHECK(sets(5, 0.3).equator == Smoothness::c1);
  CHECK(sets(7, 0.3).poles == Smoothness::smooth);
  CHECK_FALSE(limitdir::KudraPadeModel(c, c.kappa(), {5, 1.0, 1.0, 0.2, 0.2}).law(Vec(0.0, 0.0, 1.0)).differentiable);
}

}  // namespace test_kudra_approximant
