// The general approximant f^(I_{n1(n1p),n2(n2p)}) (40), (44)-(45) [Kudra & Awrejcewicz 2013]
// (friction/contact_approx.hpp), built from the Taylor coefficients of the exact model (8):
//
//  * at omega_s = 0 (v_s != 0) the denominator of (44) is |v_s|^n (1 + O(|omega_s/v_s|^(n m))),
//    so (43) a_{f,i} v_s^(n-i) = |v_s|^n F_i(v_s), F_i the omega_s^i coefficient of (8). With
//    v_P = u + omega_s w, u = (v_sx, v_sy), w = e_z x rho = (-y, x),
//      |v_P|^-1 = |u|^-1 sum_k binom(-1/2, k) s^k |u|^-2k,  s = 2 omega_s u.w + omega_s^2 |rho|^2,
//    and |u|^n |u|^(-2k-1) = (|u|^2)^((n-1)/2-k): N is a polynomial for odd n and k <= (n-1)/2.
//    The integrand's numerator is u + omega_s w (force) or rho x u + omega_s |rho|^2 (torque)
//    (7); its omega_s^i coefficient is a polynomial of degree <= i + 1 in (x, y), integrated
//    with the moments c_{a,b,0} (13).
//  * at v_s = 0 (omega_s != 0) the denominator is b |omega_s|^n (1 + O(|v_s/omega_s|^(n m))),
//    so a_{f,n-j} omega_s^(n-j) = b H_j(v_s) omega_s^(n-j) with H_j the v-Taylor term of degree j
//    of (8) at omega_s = 1 (for odd n the oddness f(-v, -omega) = -f(v, omega) gives the same
//    polynomial for omega_s < 0). Expanding (v + w)/|v + w| and rho x (v + w)/|v + w| in v:
//      force  H_0 = (-c_{0,1,1}, c_{1,0,1})  (11),
//             H_1 = (c_{2,0,3} v_sx + c_{1,1,3} v_sy, c_{1,1,3} v_sx + c_{0,2,3} v_sy)  (59),
//      torque H_0 = c_{0,0,-1}  (11),  H_1 = 0  (59),
//             H_2 = -(c_{2,0,3} v_sx^2 + 2 c_{1,1,3} v_sx v_sy + c_{0,2,3} v_sy^2)/2  (60),
//    since rho x w = |rho|^2, w.v = rho x v and (rho x v)^2 + (rho.v)^2 = |rho|^2 |v|^2. Higher
//    orders need c_{i,j,5}, c_{i,j,7}, whose integrals (60)-(61) do not converge absolutely.
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "friction/approx_dual.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"

namespace limitdir {

namespace {

constexpr int kDeg = 4;  // the highest moment degree: the torque's omega_s^3 coefficient
constexpr int kDegU = 7;  // the highest degree in (v_sx, v_sy): n <= 7

// A polynomial sum c[a][b] v_sx^a v_sy^b of degree <= kDegU: the coefficients of the series
// below are computed once, as polynomials in u = (v_sx, v_sy).
struct UPoly {
  double c[kDegU + 1][kDegU + 1] = {};
  UPoly() = default;
  explicit UPoly(double constant) { c[0][0] = constant; }
  static UPoly variable(int k) {  // v_sx (k = 0) or v_sy (k = 1)
    UPoly r;
    r.c[k == 0][k == 1] = 1.0;
    return r;
  }
};

UPoly operator+(UPoly a, const UPoly& b) {
  for (int i = 0; i <= kDegU; ++i)
    for (int j = 0; i + j <= kDegU; ++j) a.c[i][j] += b.c[i][j];
  return a;
}

UPoly operator*(const UPoly& a, const UPoly& b) {
  UPoly r;
  for (int i = 0; i <= kDegU; ++i)
    for (int j = 0; i + j <= kDegU; ++j) {
      if (a.c[i][j] == 0.0) continue;
      for (int k = 0; i + j + k <= kDegU; ++k)
        for (int l = 0; i + j + k + l <= kDegU; ++l) r.c[i + k][j + l] += a.c[i][j] * b.c[k][l];
    }
  return r;
}

UPoly operator*(UPoly a, double s) {
  for (auto& row : a.c)
    for (double& e : row) e *= s;
  return a;
}

// A polynomial sum p[a][b] x^a y^b of degree <= kDeg (higher terms dropped).
template <class T>
struct Poly {
  T p[kDeg + 1][kDeg + 1];
  Poly() {
    for (auto& row : p)
      for (T& e : row) e = T(0.0);
  }
};

template <class T>
Poly<T> operator+(Poly<T> a, const Poly<T>& b) {
  for (int i = 0; i <= kDeg; ++i)
    for (int j = 0; i + j <= kDeg; ++j) a.p[i][j] = a.p[i][j] + b.p[i][j];
  return a;
}

template <class T>
Poly<T> operator*(const Poly<T>& a, const Poly<T>& b) {
  Poly<T> r;
  for (int i = 0; i <= kDeg; ++i)
    for (int j = 0; i + j <= kDeg; ++j)
      for (int k = 0; i + j + k <= kDeg; ++k)
        for (int l = 0; i + j + k + l <= kDeg; ++l) r.p[i + k][j + l] = r.p[i + k][j + l] + a.p[i][j] * b.p[k][l];
  return r;
}

template <class T>
Poly<T> scaled(Poly<T> a, const T& s) {
  for (int i = 0; i <= kDeg; ++i)
    for (int j = 0; i + j <= kDeg; ++j) a.p[i][j] = a.p[i][j] * s;
  return a;
}

template <class T>
Poly<T> monomial(const T& coefficient, int a, int b) {
  Poly<T> r;
  r.p[a][b] = coefficient;
  return r;
}

// A power series in omega_s with polynomial coefficients, truncated after omega_s^K.
template <class T>
using PolySeries = std::vector<Poly<T>>;

template <class T>
PolySeries<T> times(const PolySeries<T>& a, const PolySeries<T>& b) {
  PolySeries<T> r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; i + j < a.size(); ++j) r[i + j] = r[i + j] + a[i] * b[j];
  return r;
}

// integral of sigma times the polynomial: sum p[a][b] c_{a,b,0} (13)
template <class T>
T integrate(const Poly<T>& p, const KudraApproximant::Integrals& c) {
  T sum(0.0);
  for (int i = 0; i <= kDeg; ++i)
    for (int j = 0; i + j <= kDeg; ++j) sum = sum + p.p[i][j] * c.m[i][j];
  return sum;
}

// |u|^n |v_P|^-1 up to omega_s^K (K <= (n-1)/2): sum_k binom(-1/2, k) s^k (|u|^2)^((n-1)/2-k).
template <class T>
PolySeries<T> scaled_inverse_speed(const T& ux, const T& uy, int n, int K) {
  const T u2 = ux * ux + uy * uy;
  PolySeries<T> s(K + 1), sk(K + 1), out(K + 1);
  if (K >= 1) s[1] = monomial(T(-2.0) * ux, 0, 1) + monomial(T(2.0) * uy, 1, 0);  // 2 u.w
  if (K >= 2) s[2] = monomial(T(1.0), 2, 0) + monomial(T(1.0), 0, 2);             // |rho|^2
  sk[0] = monomial(T(1.0), 0, 0);
  double binom = 1.0;  // binom(-1/2, k)
  for (int k = 0; k <= K; ++k) {
    T power(1.0);
    for (int e = 0; e < (n - 1) / 2 - k; ++e) power = power * u2;
    for (int i = 0; i <= K; ++i) out[i] = out[i] + scaled(sk[i], T(binom) * power);
    sk = times(sk, s);
    binom *= (-0.5 - k) / (k + 1.0);
  }
  return out;
}

// The numerators' omega_s series before integration, (7) times |u|^n |v_P|^-1: for component f
// (force x, y; torque) the coefficient of omega_s^i as a polynomial in (x, y) whose coefficients
// are polynomials in u. They depend on n and K alone, not on the contact, so they are built once
// per (n, K) and kept (a fit builds the model ~10^5 times with the same n).
using OmegaSeries = std::array<PolySeries<UPoly>, 3>;

OmegaSeries omega_series(int n, int K) {
  const UPoly ux = UPoly::variable(0), uy = UPoly::variable(1), one(1.0);
  const PolySeries<UPoly> S = scaled_inverse_speed(ux, uy, n, K);
  PolySeries<UPoly> Ax(K + 1), Ay(K + 1), AM(K + 1);  // (7): u + omega_s w, rho x u + omega_s |rho|^2
  Ax[0] = monomial(ux, 0, 0);
  Ay[0] = monomial(uy, 0, 0);
  AM[0] = monomial(uy, 1, 0) + monomial(UPoly(-1.0) * ux, 0, 1);
  if (K >= 1) {
    Ax[1] = monomial(UPoly(-1.0), 0, 1);
    Ay[1] = monomial(one, 1, 0);
    AM[1] = monomial(one, 2, 0) + monomial(one, 0, 2);
  }
  return {times(Ax, S), times(Ay, S), times(AM, S)};
}

const OmegaSeries& cached_omega_series(int n, int K) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, OmegaSeries> cache;  // node-based: references stay valid
  const std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find({n, K});
  if (it == cache.end()) it = cache.emplace(std::pair{n, K}, omega_series(n, K)).first;
  return it->second;
}

// The omega_s side (first sum of the header) as polynomials in u: table[i][f] is the
// coefficient of omega_s^i in the numerator of component f, for i <= K (K <= 3), the series
// integrated with the contact's moments c_{a,b,0} (13).
void omega_side_table(KudraApproximant::Integrals& c, int n, int KT, int KM) {
  const OmegaSeries& F = cached_omega_series(n, std::max(KT, KM));
  for (int i = 0; i < 4; ++i)
    for (int f = 0; f < 3; ++f) {
      const UPoly P = i <= (f < 2 ? KT : KM) ? integrate(F[f][i], c) : UPoly();
      for (int a = 0; a <= kDegU; ++a)
        for (int b = 0; b <= kDegU; ++b) c.N[i][f][a][b] = P.c[a][b];
    }
}

// The omega_s side at v: sum_i omega_s^i sum_{a,b} N[i][f][a][b] v_sx^a v_sy^b.
template <class T>
std::array<T, 3> omega_side(const KudraApproximant::Integrals& c, int n, const std::array<T, 3>& v) {
  std::array<T, kDegU + 1> px, py;
  px[0] = py[0] = T(1.0);
  for (int a = 1; a <= kDegU; ++a) {
    px[a] = px[a - 1] * v[0];
    py[a] = py[a - 1] * v[1];
  }
  std::array<T, 3> N{T(0.0), T(0.0), T(0.0)};
  T omi(1.0);
  for (int i = 0; i < 4; ++i) {
    for (int f = 0; f < 3; ++f) {
      T sum(0.0);
      for (int a = 0; a <= n - i && a <= kDegU; ++a)
        for (int b = 0; a + b <= n - i; ++b)
          if (c.N[i][f][a][b] != 0.0) sum = sum + c.N[i][f][a][b] * (px[a] * py[b]);
      N[f] = N[f] + sum * omi;
    }
    omi = omi * v[2];
  }
  return N;
}

// (44): N/D with the v_s side (second sum of the header) added.
template <class T>
std::array<T, 3> approximant(const KudraApproximant::Integrals& c, const KudraApproximantOrders& oT,
                             const KudraApproximantOrders& oM, const KudraPadeParameters& p, const std::array<T, 3>& v) {
  const T &vx = v[0], &vy = v[1], &om = v[2];
  const int n = oT.n();
  std::array<T, 3> N = omega_side(c, n, v);
  // force: H_0 omega^n + H_1 omega^(n-1)
  N[0] = N[0] + p.b_T * (T(-c.c011) * approx::power_of(om, n) +
                         (oT.n1p >= 1 ? (c.c203 * vx + c.c113 * vy) * approx::power_of(om, n - 1) : T(0.0)));
  N[1] = N[1] + p.b_T * (T(c.c101) * approx::power_of(om, n) +
                         (oT.n1p >= 1 ? (c.c113 * vx + c.c023 * vy) * approx::power_of(om, n - 1) : T(0.0)));
  // torque: H_0 omega^n + H_2 omega^(n-2) (H_1 = 0)
  T NM = T(c.c00m1) * approx::power_of(om, n);
  if (oM.n1p >= 2)
    NM = NM - 0.5 * (c.c203 * vx * vx + 2.0 * c.c113 * vx * vy + c.c023 * vy * vy) * approx::power_of(om, n - 2);
  N[2] = N[2] + p.b_M * NM;
  const T vs = approx::norm2(vx, vy), ao = approx::abs_of(om);
  // (|v_s|^(n m_T) + b_T^m_T |omega_s|^(n m_T))^(1/m_T) and likewise with m_M, b_M
  const T vsn = approx::power_of(vs, n), aon = approx::power_of(ao, n);
  const T DT = approx::power_mean_sum(vsn, p.b_T * aon, p.m_T);
  const T DM = approx::power_mean_sum(vsn, p.b_M * aon, p.m_M);
  return {N[0] / DT, N[1] / DT, N[2] / DM};
}

void check_orders(const KudraApproximantOrders& o, int n1p_max, const char* family) {
  const int n = o.n();
  const bool ok = o.n1 >= 0 && o.n2 >= 0 && o.n1p >= 0 && o.n2p >= 0 && o.n1p <= o.n1 && o.n2p <= o.n2 &&
                  n % 2 == 1 && o.n2p <= std::min(3, (n - 1) / 2) && o.n1p <= n1p_max;
  if (!ok)
    throw InputError(fmt::format("approximant I_{{{}({}),{}({})}} of the {}: needs an odd n1 + n2 + 1, n1p <= n1, n2p "
                                 "<= n2, n2p <= min(3, (n - 1)/2), n1p <= {}",
                                 o.n1, o.n1p, o.n2, o.n2p, family, n1p_max));
}

}  // namespace

std::array<KudraApproximantOrders, 2> kudra_pade_orders(int order) {
  switch (order) {
    case 1: return {KudraApproximantOrders{0, 0, 0, 0}, KudraApproximantOrders{0, 0, 0, 0}};
    case 3: return {KudraApproximantOrders{1, 1, 1, 1}, KudraApproximantOrders{1, 1, 1, 1}};
    case 5: return {KudraApproximantOrders{2, 1, 2, 2}, KudraApproximantOrders{2, 2, 2, 2}};
    case 7: return {KudraApproximantOrders{3, 1, 3, 3}, KudraApproximantOrders{3, 2, 3, 3}};
    default: throw InputError(fmt::format("kudra-pade model: order must be 1, 3, 5 or 7 (got {})", order));
  }
}

KudraApproximant::KudraApproximant(const KudraFrame& frame, KudraApproximantOrders force,
                                   KudraApproximantOrders torque)
    : T_(force), M_(torque) {
  check_orders(T_, 1, "force");
  check_orders(M_, 2, "torque");
  if (T_.n() != M_.n())
    throw InputError(fmt::format("approximant: the force and torque need one degree n (got {} and {})", T_.n(), M_.n()));
  for (int a = 0; a <= kDeg; ++a)
    for (int b = 0; b <= kDeg; ++b) c_.m[a][b] = a + b <= kDeg ? characteristic_integral(frame, a, b, 0) : 0.0;
  const CharacteristicIntegrals t = characteristic_integrals(frame);
  c_.c011 = t.c011;
  c_.c101 = t.c101;
  c_.c203 = t.c203;
  c_.c113 = t.c113;
  c_.c023 = t.c023;
  c_.c00m1 = t.c00m1;
  omega_side_table(c_, T_.n(), T_.n2p, M_.n2p);
}

Eigen::Vector3d KudraApproximant::value(const Eigen::Vector3d& v, const KudraPadeParameters& p) const {
  return approx::value_of([&](const auto& x) { return approximant(c_, T_, M_, p, x); }, v);
}

KudraLaw KudraApproximant::law(const Eigen::Vector3d& v, const KudraPadeParameters& p) const {
  KudraLaw L;
  approx::value_and_jacobian([&](const auto& x) { return approximant(c_, T_, M_, p, x); }, v, L.f, L.df);
  const bool smooth = T_.n() * std::min(p.m_T, p.m_M) > 1.0;
  L.differentiable = smooth || (v.z() != 0.0 && (v.x() != 0.0 || v.y() != 0.0));
  return L;
}

}  // namespace limitdir
