// One step of Lohner's interval Taylor method for V* in a gnomonic chart (limits/lohner_step.hpp):
// the Taylor coefficients by automatic differentiation, the a priori box, the remainder and its
// derivative, the QR representation of the set and the C^1 enclosure of the flow's derivative.
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limits/lohner_step.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace limitdir::detail {

namespace {

template <class T>
using Pair = std::array<Series<T>, 2>;

/// The Taylor coefficients c_0..c_p of the solution from z0, one order per pass of the tape.
template <class T>
Pair<T> taylor(const ChartFlow& flow, const std::array<T, 2>& z0, int p) {
  FieldTape<T> t = flow.tape<T>();
  for (int i = 0; i < 2; ++i) t.z[i].a[0] = z0[i];
  for (int k = 0; k < p; ++k) {
    flow.advance(t, k);  // g_k from z_0..z_k: z' = g gives z_(k+1) = g_k/(k + 1)
    for (int i = 0; i < 2; ++i) t.z[i].a[k + 1] = t.g[i].a[k] / T(static_cast<double>(k + 1));
  }
  for (int i = 0; i < 2; ++i) t.z[i].n = p + 1;
  return t.z;
}

/// sum_(k <= p) c_k H^k by Horner.
template <class T>
T horner(const Series<T>& c, int p, const Interval& H) {
  T r = c[p];
  for (int k = p - 1; k >= 0; --k) r = r * T(H) + c[k];
  return r;
}

Interval power(const Interval& H, int k) {
  Interval r(1.0);
  for (int i = 0; i < k; ++i) r = r * H;
  return r;
}

IVec2 widened(const IVec2& Z, double factor) {
  IVec2 r;
  for (int i = 0; i < 2; ++i) {
    const double m = mid_of(Z(i)), h = 0.5 * width_of(Z(i)) * factor + 1e-15 * (1.0 + std::abs(m));
    r(i) = Interval(Z(i).lower() - h, Z(i).upper() + h);
  }
  return r;
}

bool inside(const IVec2& a, const IVec2& b) { return strictly_inside(a(0), b(0)) && strictly_inside(a(1), b(1)); }

/// The rigorous inverse of a 2 x 2 double matrix (adjugate over the determinant).
std::optional<IMat2> inverse2(const Eigen::Matrix2d& A) {
  const Interval det = Interval(A(0, 0)) * A(1, 1) - Interval(A(0, 1)) * A(1, 0);
  if (contains_zero(det)) return std::nullopt;
  IMat2 r;
  r(0, 0) = Interval(A(1, 1)) / det;
  r(0, 1) = -Interval(A(0, 1)) / det;
  r(1, 0) = -Interval(A(1, 0)) / det;
  r(1, 1) = Interval(A(0, 0)) / det;
  return r;
}

/// The a priori box E over [0, h]: Z + [0, h] g(E) inside E (Picard-Lindelof).
std::optional<IVec2> a_priori(const ChartFlow& flow, const IVec2& Z, double h) {
  const Interval H(0.0, h);
  IVec2 g = flow.enclose(Z), E;
  for (int i = 0; i < 2; ++i) E(i) = Z(i) + H * g(i);
  for (int it = 0; it < 8; ++it) {
    const IVec2 guess = widened(E, 1.2);
    g = flow.enclose(guess);
    for (int i = 0; i < 2; ++i) E(i) = Z(i) + H * g(i);
    if (inside(E, guess)) return E;
  }
  return std::nullopt;
}

/// The a priori enclosure of V_s = D phi_s over [0, h] (V_0 = I): I + [0, h] Dg(E) W inside W.
std::optional<IMat2> a_priori_derivative(const IMat2& Dg, double h) {
  const Interval H(0.0, h);
  double norm = 0;
  for (int i = 0; i < 4; ++i) norm = std::max(norm, mag_of(Dg.a[i]));
  double d = 4.0 * h * norm + 1e-15;
  for (int it = 0; it < 8; ++it, d *= 2.0) {
    IMat2 W;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) W(i, j) = Interval((i == j ? 1.0 : 0.0) - d, (i == j ? 1.0 : 0.0) + d);
    const IMat2 DW = Dg * W;
    bool ok = true;
    for (int i = 0; i < 2 && ok; ++i)
      for (int j = 0; j < 2 && ok; ++j) ok = strictly_inside(Interval(i == j ? 1.0 : 0.0) + H * DW(i, j), W(i, j));
    if (ok) return W;
  }
  return std::nullopt;
}

/// The remainder H^(p+1) c_(p+1)(E) (checked against rem_limit, its width's ratio to the limit in
/// rem_ratio) and, when `derivative`, its derivative H^(p+1) Dc_(p+1)(E) W in Drem, with W the a
/// priori enclosure of the flow's derivative over [0, hmax]. False when W cannot be found or the
/// remainder is too wide.
bool remainder(const ChartFlow& flow, const IVec2& E, const Interval& H, double hmax, int p, bool derivative,
               IVec2& rem, IMat2& Drem, double rem_limit, double* rem_ratio) {
  const Interval Hp = power(H, p + 1);
  const auto check = [&](int i) {
    if (rem_ratio) *rem_ratio = std::max(i == 0 ? 0.0 : *rem_ratio, width_of(rem(i)) / rem_limit);
    return width_of(rem(i)) <= rem_limit;
  };
  if (!derivative) {  // the C^0 algorithm: c_(p+1)(E) in intervals only
    const Pair<Interval> cE = taylor(flow, std::array<Interval, 2>{E(0), E(1)}, p + 1);
    for (int i = 0; i < 2; ++i) {
      rem(i) = Hp * cE[i][p + 1];
      if (!check(i)) return false;
    }
    return true;
  }
  const Pair<Dual2> cE = taylor(flow, std::array<Dual2, 2>{Dual2(E(0), 1.0, 0.0), Dual2(E(1), 0.0, 1.0)}, p + 1);
  IMat2 Dg;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) Dg(i, j) = (j == 0 ? cE[i][1].d0 : cE[i][1].d1);
  const std::optional<IMat2> W = a_priori_derivative(Dg, hmax);
  if (!W) return false;
  for (int i = 0; i < 2; ++i) {
    rem(i) = Hp * cE[i][p + 1].v;
    if (!check(i)) return false;
    for (int j = 0; j < 2; ++j) Drem(i, j) = Hp * (j == 0 ? cE[i][p + 1].d0 : cE[i][p + 1].d1);
  }
  Drem = Drem * *W;
  return true;
}

/// The set mid + B r after a step whose Taylor polynomial has the Jacobian J over the set's hull
/// and maps its centre into y0 (the remainder included): phi(x) in y0 + J (x - mid), x - mid in
/// B r, kept as y0's midpoint + Q r' with Q from the QR of mid(J B) (Lohner's QR variant, against
/// the wrapping effect). r and mid move here, B and the derivative are the caller's (the C^1 step
/// needs the old B); Q^-1 returned, none when Q is not proven invertible.
std::optional<IMat2> move_set(FlowSet& set, const IMat2& J, const IVec2& y0, Eigen::Matrix2d& Q) {
  const IMat2 A = J * to_interval<2>(set.B);
  Q = mid_of(A).householderQr().householderQ();
  const std::optional<IMat2> Qinv = inverse2(Q);
  if (!Qinv) return std::nullopt;
  const Eigen::Vector2d m = mid_of(y0);
  set.r = (*Qinv * A) * set.r + *Qinv * (y0 - to_interval<2>(m));
  set.mid = m;
  return Qinv;
}

/// The C^0 algorithm's end of a step: the derivative's midpoint alone, steered by J (no
/// enclosure), and the new basis Q.
void steer(FlowSet& set, const IMat2& J, const Eigen::Matrix2d& Q) {
  set.Vmid = mid_of(J * to_interval<2>(set.Vmid));
  set.B = Q;
}

}  // namespace

/// n . g over a box.
Interval normal_speed(const ChartFlow& flow, const ChartSection& sec, const IVec2& Z) {
  const IVec2 g = flow.enclose(Z);
  return Interval(sec.n(0)) * g(0) + Interval(sec.n(1)) * g(1);
}

/// One step of Lohner's method over the times H in [0, hmax] (a point h, or an interval at the
/// crossing): the set at every time of H, its derivative (when `derivative`), and E (the a
/// priori box over [0, hmax]). False when the a priori boxes cannot be found or the remainder is
/// wider than rem_limit (the step is too long). `parts`, when given, gets what the step proved.
bool lohner_step(const ChartFlow& flow, FlowSet& set, const Interval& H, double hmax, int p, bool derivative, IVec2& E,
                 double rem_limit, double* rem_ratio, StepParts* parts) {
  const IVec2 Z = set.hull();
  const std::optional<IVec2> box = a_priori(flow, Z, hmax);
  if (!box) return false;
  E = *box;
  IVec2 rem;
  IMat2 Drem;
  if (!remainder(flow, E, H, hmax, p, derivative, rem, Drem, rem_limit, rem_ratio)) return false;
  // the Taylor polynomial at the centre, and its Jacobian over the hull
  const Pair<Interval> cm = taylor(flow, std::array<Interval, 2>{Interval(set.mid(0)), Interval(set.mid(1))}, p);
  const Pair<Dual2> cZ = taylor(flow, std::array<Dual2, 2>{Dual2(Z(0), 1.0, 0.0), Dual2(Z(1), 0.0, 1.0)}, p);
  IVec2 y0;
  IMat2 J;
  for (int i = 0; i < 2; ++i) {
    y0(i) = horner(cm[i], p, H) + rem(i);
    const Dual2 d = horner(cZ[i], p, H);
    J(i, 0) = d.d0;
    J(i, 1) = d.d1;
  }
  if (parts) *parts = {Z, H, J, rem};
  Eigen::Matrix2d Q;
  const std::optional<IMat2> Qinv = move_set(set, J, y0, Q);
  if (!Qinv) return false;
  if (!derivative) {
    steer(set, J, Q);
    return true;
  }
  IMat2 Jfull;
  for (int i = 0; i < 4; ++i) Jfull.a[i] = J.a[i] + Drem.a[i];
  // V' = Jfull (Vmid + B R) = Vmid' + Q R' with Vmid' = mid(Jfull Vmid)
  const IMat2 JV = Jfull * to_interval<2>(set.Vmid), QJB = *Qinv * (Jfull * to_interval<2>(set.B));
  const Eigen::Matrix2d Vm = mid_of(JV);
  IMat2 rest = JV;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) rest(i, j) = rest(i, j) - Vm(i, j);
  const IMat2 QR = QJB * set.R, Qrest = *Qinv * rest;
  for (int i = 0; i < 4; ++i) set.R.a[i] = QR.a[i] + Qrest.a[i];
  set.Vmid = Vm;
  set.B = Q;
  return true;
}

namespace {

bool within(const IVec2& a, const IVec2& b) {
  for (int i = 0; i < 2; ++i)
    if (!(a(i).lower() >= b(i).lower() && a(i).upper() <= b(i).upper())) return false;
  return true;
}

}  // namespace

/// The step of `parts` applied to a set whose hull lies inside the step's hull Z (the C^0
/// algorithm: its own centre's Taylor polynomial, the step's J over Z for the mean value form
/// phi(x) in phi(mid) + J(Z) (x - mid), valid as Z holds the segment from mid to every x, and
/// the step's remainder, valid as E holds every trajectory from Z). False when the hull is not
/// inside Z (then the set takes a step of its own).
bool carry(const ChartFlow& flow, FlowSet& set, const StepParts& parts, int p) {
  if (!within(set.hull(), parts.Z)) return false;
  const Pair<Interval> cm = taylor(flow, std::array<Interval, 2>{Interval(set.mid(0)), Interval(set.mid(1))}, p);
  IVec2 y0;
  for (int i = 0; i < 2; ++i) y0(i) = horner(cm[i], p, parts.H) + parts.rem(i);
  Eigen::Matrix2d Q;
  if (!move_set(set, parts.J, y0, Q)) return false;
  steer(set, parts.J, Q);
  return true;
}

/// The step that keeps |c_p| h^p below the tolerance, from the coefficients at the centre.
double step_length(const ChartFlow& flow, const FlowSet& set, const FlowOptions& o) {
  const Pair<double> c = taylor(flow, std::array<double, 2>{set.mid(0), set.mid(1)}, o.order);
  double h = 1.0;
  for (int k : {o.order - 1, o.order}) {
    const double a = std::max(std::abs(c[0][k]), std::abs(c[1][k]));
    if (a > 0) h = std::min(h, std::pow(o.step_tol / a, 1.0 / k));
  }
  return h;
}

/// The time at which the centre's Taylor polynomial reaches the section's line (Newton).
double crossing_estimate(const ChartFlow& flow, const FlowSet& set, const ChartSection& sec, int p, double h) {
  const Pair<double> c = taylor(flow, std::array<double, 2>{set.mid(0), set.mid(1)}, p);
  double th = 0.5 * h;
  for (int it = 0; it < 30; ++it) {
    double z0 = 0, z1 = 0, d0 = 0, d1 = 0;
    for (int k = p; k >= 0; --k) {
      d0 = d0 * th + z0;
      d1 = d1 * th + z1;
      z0 = z0 * th + c[0][k];
      z1 = z1 * th + c[1][k];
    }
    const double s = sec.n(0) * (z0 - sec.zc(0)) + sec.n(1) * (z1 - sec.zc(1));
    const double ds = sec.n(0) * d0 + sec.n(1) * d1;
    if (!(std::abs(ds) > 0)) break;
    th -= s / ds;
  }
  return th;
}

}  // namespace limitdir::detail
