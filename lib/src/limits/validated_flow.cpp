// The first return to a section of the validated flow of V* in a gnomonic chart
// (limits/validated_flow.hpp): Lohner's steps (limits/lohner_step.hpp) up to the section, the
// crossing resolved over an interval of times, and a passenger set carried on the same steps.
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limits/validated_flow.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

#include "limitdir/core/progress.hpp"
#include "limits/lohner_step.hpp"

namespace limitdir::detail {

namespace {

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
  // a proof near a saddle-node on an invariant circle takes 10^4 steps and tens of seconds
  ProgressCounter counter(current_progress(), "closed-orbit proof: integrator steps", 0);
  for (int step = 0; step < o.max_steps; ++step) {
    out.steps = step + 1;
    counter.step(static_cast<std::uint64_t>(out.steps));
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
