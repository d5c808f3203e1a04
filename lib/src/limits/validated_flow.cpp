// The validated integrator of V* in a gnomonic chart and the first return to a section
// (limits/validated_flow.hpp): Lohner's interval Taylor method with the QR representation of
// the set and the C^1 enclosure of the flow's derivative. Compiled with -frounding-math
// (lib/CMakeLists.txt).
#include "limits/validated_flow.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

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

bool positive(const Interval& x) { return x.lower() > 0.0; }
bool negative(const Interval& x) { return x.upper() < 0.0; }

/// n . g over a box.
Interval normal_speed(const ChartFlow& flow, const ChartSection& sec, const IVec2& Z) {
  const IVec2 g = flow.enclose(Z);
  return Interval(sec.n(0)) * g(0) + Interval(sec.n(1)) * g(1);
}

bool inside(const IVec2& a, const IVec2& b) { return strictly_inside(a(0), b(0)) && strictly_inside(a(1), b(1)); }

IVec2 hull_of(const Eigen::Vector2d& mid, const Eigen::Matrix2d& B, const IVec2& r) {
  return to_interval<2>(mid) + to_interval<2>(B) * r;
}

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

/// The set mid + B r (every point of it, at the current time) and the flow's derivative
/// V = Vmid + B R, in the same basis B (the C^1 Lohner algorithm: V's columns are pushed by the
/// same near-triangular B'^-1 J B as the set, so V does not wrap either).
struct FlowSet {
  Eigen::Vector2d mid;
  Eigen::Matrix2d B = Eigen::Matrix2d::Identity();
  IVec2 r;
  Eigen::Matrix2d Vmid = Eigen::Matrix2d::Identity();
  IMat2 R;  // zero
  IVec2 hull() const { return hull_of(mid, B, r); }
  IMat2 V() const {
    IMat2 V = to_interval<2>(B) * R;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) V(i, j) = V(i, j) + Vmid(i, j);
    return V;
  }
};

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

/// One step of Lohner's method over the times H in [0, hmax] (a point h, or an interval at the
/// crossing): the set at every time of H, its derivative, and E (the a priori box over
/// [0, hmax]). False when the a priori boxes cannot be found or the remainder is wider than
/// rem_limit (the step is too long).
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

/// What a step of Lohner's method proved for every point of the hull Z it started from: the
/// Jacobian J of the Taylor polynomial over Z and the remainder over the a priori box, at the
/// times H. A set inside Z is carried by them too (carry).
struct StepParts {
  IVec2 Z;
  Interval H;
  IMat2 J;
  IVec2 rem;
};

/// One step of Lohner's method over the times H in [0, hmax] (a point h, or an interval at the
/// crossing): the set at every time of H, its derivative (when `derivative`), and E (the a
/// priori box over [0, hmax]). False when the a priori boxes cannot be found or the remainder is
/// wider than rem_limit (the step is too long). `parts`, when given, gets what the step proved.
bool lohner_step(const ChartFlow& flow, FlowSet& set, const Interval& H, double hmax, int p, bool derivative, IVec2& E,
                 double rem_limit = INFINITY, double* rem_ratio = nullptr, StepParts* parts = nullptr) {
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

bool within(const IVec2& a, const IVec2& b) {
  for (int i = 0; i < 2; ++i)
    if (!(a(i).lower() >= b(i).lower() && a(i).upper() <= b(i).upper())) return false;
  return true;
}

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

/// An enclosure meets the section segment.
bool meets_section(const ChartSection& sec, const IVec2& E) {
  return contains_zero(sec.sigma(E)) && !disjoint(sec.s(E), Interval(-sec.half_length, sec.half_length));
}

}  // namespace

bool section_transversal(const ChartFlow& flow, const ChartSection& sec) {
  const UpwardRounding upward;
  constexpr int pieces = 32;
  for (int k = 0; k < pieces; ++k) {
    const double a = sec.half_length * (-1.0 + 2.0 * k / pieces), b = sec.half_length * (-1.0 + 2.0 * (k + 1) / pieces);
    const IVec2 g = flow.enclose(sec.point(Interval(a, b)));
    if (!positive(Interval(sec.n(0)) * g(0) + Interval(sec.n(1)) * g(1))) return false;
  }
  return true;
}

namespace {

/// The crossing itself from `set` (before the section): a step to just before it, then one over
/// an interval of times across it with the flow transversal on the a priori box.
bool cross(const ChartFlow& flow, const ChartSection& sec, FlowSet set, const Interval& time, const FlowOptions& o, double h,
           FirstReturn& out) {
  const double theta = crossing_estimate(flow, set, sec, o.order, h);
  const IVec2 Zg = set.hull(), gZ = flow.enclose(Zg);
  const double speed = mid_of(Interval(sec.n(0)) * gZ(0) + Interval(sec.n(1)) * gZ(1));
  if (!(speed > 0) || !(theta > 0)) return false;
  double delta = 4.0 * width_of(sec.sigma(Zg)) / speed + 1e-14;
  for (int attempt = 0; attempt < 12; ++attempt, delta *= 4.0) {
    FlowSet before = set;
    IVec2 E;
    const double h1 = theta - delta;
    // up to h1: n . g > 0 on the a priori box, so sigma increases along every trajectory there and
    // stays below its value at h1, proven < 0 below
    if (h1 > 0) {
      if (!lohner_step(flow, before, Interval(h1), h1, o.order, o.derivative, E) || !positive(normal_speed(flow, sec, E))) continue;
    }
    FlowSet across = before;
    const double h2 = h1 > 0 ? 2.0 * delta : theta + delta;
    if (!lohner_step(flow, across, Interval(0.0, h2), h2, o.order, o.derivative, E)) continue;
    FlowSet after = before;
    IVec2 E2;
    if (!lohner_step(flow, after, Interval(h2), h2, o.order, o.derivative, E2)) continue;
    const IVec2 gE = flow.enclose(E);
    const Interval ng = Interval(sec.n(0)) * gE(0) + Interval(sec.n(1)) * gE(1);
    // before: every point short of the line; after: every point past it; n . g > 0 between
    if (!negative(sec.sigma(before.hull())) || !positive(sec.sigma(after.hull())) || !positive(ng)) continue;
    const IVec2 Y = across.hull();
    const IVec2 g = flow.enclose(Y);
    const Eigen::Vector2d tv = sec.t();
    const Interval tt = Interval(tv(0)) * tv(0) + Interval(tv(1)) * tv(1);
    // z'(s) = t/(t . t): V t' the image, theta'(s) = -(n . V t')/(n . g)
    IVec2 Vt;
    const IMat2 V = across.V();
    for (int i = 0; i < 2; ++i) Vt(i) = (V(i, 0) * tv(0) + V(i, 1) * tv(1)) / tt;
    const Interval nVt = Interval(sec.n(0)) * Vt(0) + Interval(sec.n(1)) * Vt(1);
    const Interval tVt = Interval(tv(0)) * Vt(0) + Interval(tv(1)) * Vt(1);
    const Interval ngY = Interval(sec.n(0)) * g(0) + Interval(sec.n(1)) * g(1);
    const Interval tg = Interval(tv(0)) * g(0) + Interval(tv(1)) * g(1);
    if (!positive(ngY)) continue;
    out.dtime = -nVt / ngY;
    out.slope = (tVt + tg * out.dtime) / tt;
    out.slope_estimate = mid_of(out.slope);
    if (!o.derivative) out.dtime = out.slope = Interval(-INFINITY, INFINITY);  // not carried: no claim
    out.s = sec.s(Y);
    out.time = time + Interval(std::max(h1, 0.0)) + Interval(0.0, h2);
    out.ok = true;
    return true;
  }
  return false;
}

}  // namespace

namespace {

FlowSet start_set(const ChartSection& sec, const Interval& S) {
  FlowSet set;
  const IVec2 Z0 = sec.point(S);
  set.mid = mid_of(Z0);
  set.r = Z0 - to_interval<2>(set.mid);
  for (int i = 0; i < 4; ++i) set.R.a[i] = Interval(0.0);
  return set;
}

/// A set carried along the steps of first_return's (FirstReturns::point): its set, its options
/// (the C^0 algorithm) and its return.
struct Passenger {
  FlowSet set;
  FlowOptions o;
  FirstReturn out;
};

/// The step of `parts` (over H = h) for the passenger: carried (carry), or a step of its own
/// when its hull has left the step's. False, with the reason in its return, when neither works.
bool carry_passenger(const ChartFlow& flow, Passenger& pass, const StepParts& parts, double h, double time) {
  if (carry(flow, pass.set, parts, pass.o.order)) return true;
  IVec2 E;
  if (lohner_step(flow, pass.set, Interval(h), h, pass.o.order, false, E)) return true;
  pass.out.why = fmt::format("the centre's set: no step of its own at tau = {:.6g}", time);
  return false;
}

/// The crossing of the passenger, from its set before the step at which the main set's
/// enclosure meets the section (where every trajectory of the passenger's is too).
void cross_passenger(const ChartFlow& flow, const ChartSection& sec, Passenger& pass, const Interval& tau, double h,
                     double time) {
  if (!cross(flow, sec, pass.set, tau, pass.o, h, pass.out))
    pass.out.why = fmt::format("the crossing of the centre at tau = {:.6g} is not resolved", time);
  if (pass.out.ok && !strictly_inside(pass.out.s, Interval(-sec.half_length, sec.half_length))) {
    pass.out.ok = false;
    pass.out.why = "the centre's return leaves the section";
  }
}

/// The first return of z(S) (first_return) and, when `pass` is given, of the passenger's set on
/// the same steps.
FirstReturn integrate(const ChartFlow& flow, const ChartSection& sec, const Interval& S, double period_guess,
                      const FlowOptions& o, Passenger* pass) {
  const UpwardRounding upward;  // one rounding mode for every interval operation below
  FirstReturn out;
  FlowSet set = start_set(sec, S);
  Interval tau(0.0);  // the exact sum of the steps
  double h_accepted = INFINITY;
  const auto lost = [&](std::string why) {
    out.why = std::move(why);
    if (pass && pass->out.why.empty()) pass->out.why = "the set it rides with: " + out.why;
    return out;
  };
  for (int step = 0; step < o.max_steps; ++step) {
    out.steps = step + 1;
    if (pass) pass->out.steps = out.steps;
    const double time = tau.upper();
    double h = std::min(step_length(flow, set, o), h_accepted);
    FlowSet next = set;
    IVec2 E;
    StepParts parts;
    bool done = false;
    // the remainder ~ h^(p+1): the next step from the ratio of its width to the limit
    const auto rescale = [&](double ratio) {
      return std::pow(0.8 / std::max(ratio, 1e-30), 1.0 / (o.order + 1));
    };
    double ratio = 1.0;
    for (int retry = 0; retry < 30; ++retry) {
      next = set;
      if ((done = lohner_step(flow, next, Interval(h), h, o.order, o.derivative, E, o.rem_rate * h, &ratio, &parts))) break;
      h *= std::clamp(rescale(ratio), 0.1, 0.5);
    }
    h_accepted = h * std::min(rescale(ratio), 2.0);
    if (!done) return lost(fmt::format("no a priori enclosure at tau = {:.6g}", time));
    if (step == 0) {  // leaving the section: n . g > 0 on the first box, so sigma > 0 after it
      const IVec2 g = flow.enclose(E);
      if (!positive(Interval(sec.n(0)) * g(0) + Interval(sec.n(1)) * g(1)))
        return lost("the flow is not proven transversal to the section at the start");
    } else if (meets_section(sec, E)) {
      if (time < 0.5 * period_guess)
        return lost(fmt::format("the enclosure meets the section at tau = {:.6g}, before the return", time));
      if (!cross(flow, sec, set, tau, o, h, out)) out.why = fmt::format("the crossing at tau = {:.6g} is not resolved", time);
      if (out.ok && !strictly_inside(out.s, Interval(-sec.half_length, sec.half_length))) {
        out.ok = false;
        out.why = "the return leaves the section";
      }
      if (pass) cross_passenger(flow, sec, *pass, tau, h, time);
      return out;
    }
    if (pass && !carry_passenger(flow, *pass, parts, h, time)) pass = nullptr;  // its reason kept
    set = next;
    tau += Interval(h);
    const IVec2 Z = set.hull();
    if (width_of(Z(0)) > 1e-2 || width_of(Z(1)) > 1e-2)
      return lost(fmt::format("the enclosure grew too wide ({:.2g}) at tau = {:.6g}", std::max(width_of(Z(0)), width_of(Z(1))),
                              tau.upper()));
    if (tau.lower() > 2.0 * period_guess) break;
  }
  return lost(fmt::format("no return to the section within {} steps or tau = {:.6g}", out.steps, 2.0 * period_guess));
}

}  // namespace

FirstReturn first_return(const ChartFlow& flow, const ChartSection& sec, const Interval& S, double period_guess,
                         const FlowOptions& o) {
  return integrate(flow, sec, S, period_guess, o, nullptr);
}

FirstReturns first_returns(const ChartFlow& flow, const ChartSection& sec, const Interval& S, double s0,
                           double period_guess, const FlowOptions& o) {
  if (!(S.lower() <= s0 && s0 <= S.upper())) throw std::logic_error("first_returns: the point is not in S");
  Passenger pass{start_set(sec, Interval(s0)), o, {}};
  pass.o.derivative = false;
  FirstReturns r;
  r.set = integrate(flow, sec, S, period_guess, o, &pass);
  r.point = pass.out;
  return r;
}

}  // namespace limitdir::detail
