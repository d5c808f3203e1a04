// Pseudo-arclength continuation of a codimension-1 curve: see maps/curve_walk.hpp.
#include "maps/curve_walk.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <Eigen/LU>
#include <Eigen/SVD>

namespace limitdir::detail {

namespace {
// Newton stops when a step is below 1e-11 in the scaled unknowns: their rounding is ~1e-16 and
// the Jacobian's condition near a codimension-2 point ~1e4, so smaller steps are noise.
constexpr double kNewtonStep = 1e-11;
// Near a codimension-2 point the defining system's condition grows (~1e5 at |w_k| ~ 1e-2 of a
// degenerate pitchfork) and the rounding of the residual (~1e-15) makes steps of ~1e-10 that
// never go below kNewtonStep: when the residual has stopped falling (by less than a factor 2)
// twice and the step is below 1e-8, the point is as good as the arithmetic allows.
constexpr double kStall = 0.5;
constexpr double kNoiseStep = 1e-8;
// A step is accepted when the corrector moved the point by less than the step itself and the
// tangent turned by less than 15 degrees (cos 15 deg = 0.966): a larger turn may have jumped
// to another curve or across a codimension-2 point's neighbourhood.
constexpr double kMinTangentCos = 0.966;
// After an accepted step the next is 1.3 times longer (up to h_max): a halving undone in three
// steps, with the tangent test catching a step that grew into a turn.
constexpr double kGrowth = 1.3;
// Bisection of a monitor's sign change stops at 1e-13 of arclength (the corrector's own
// accuracy is ~1e-11; the bisection must not be what limits the location).
constexpr double kLocateArclength = 1e-13;
constexpr int kLocateIterations = 80;
// A fold curve that comes within |w_k| < 0.02 of a mirror of the family, and closer with each
// step, is meeting it at a degenerate pitchfork (where its defining system is singular: the
// fold and the pitchfork curves meet). w_k is a regular parameter of the fold curve there and
// (x, y) is even in w_k, so three points at w_k = e, 2e, 4e (e = |w_k|/4 <= 0.005) extrapolate
// to w_k = 0 with an error O(e^6) ~ 1e-14.
constexpr double kNearMirror = 0.02;
// A monitor located within 1e-9 in (X, Y) of a bound the step crossed is at that bound (the
// corrector's ~1e-11 with room for the bound's own correction; w may be less sharp there: at the
// load 0 of an axisymmetric system the zeros fill circles).
constexpr double kAtEnd = 1e-9;
// Onto a side, Newton may meet a singular root: the load 0 crosses a fold curve at its
// fold-pole, where it converges linearly (ratio ~0.6 per step, measured on the ball N = 2): 64
// steps reach kNewtonStep from a predictor 1e-2 off, where 12 suffice elsewhere.
constexpr int kSideIterations = 64;

struct Sample {
  Eigen::VectorXd v, t;
  CurveSpace::Tests tests;
};

/// A monitored quantity: its sign change between two samples marks a codimension-2 point.
struct Monitor {
  PointKind kind;
  bool ends;  // the curve ends there
  std::function<double(const Sample&, const Sample& reference)> value;
};

std::vector<Monitor> monitors_of(const CurveSpace& space, const TwoParameterFamily& family) {
  std::vector<Monitor> m;
  const auto rdot = [](const Sample& s, const Sample&) { return s.tests.rdot; };
  switch (space.kind()) {
    case CurveKind::fold: {
      m.push_back({PointKind::fold_tangency, false, rdot});
      // a cusp: the projection of the curve on (x, y) turns back (its (x, y) tangent reverses)
      m.push_back({PointKind::cusp, false, [](const Sample& s, const Sample& ref) {
                     return s.t.tail<2>().dot(ref.t.tail<2>());
                   }});
      if (space.held().empty())  // J_T with a double zero eigenvalue: trace 0 on the fold
        m.push_back({PointKind::bogdanov_takens, false, [](const Sample& s, const Sample&) { return s.tests.trace_JT; }});
      for (int k : family.mirrors)  // the fold's direction reaches a mirror: it is born from a pitchfork there
        if (std::find(space.held().begin(), space.held().end(), k) == space.held().end())
          m.push_back({PointKind::degenerate_pitchfork, true, [k](const Sample& s, const Sample&) { return s.tests.w[k]; }});
      break;
    }
    case CurveKind::pitchfork: m.push_back({PointKind::pitchfork_tangency, false, rdot}); break;
    case CurveKind::tangency:
      m.push_back({PointKind::fold_tangency, false, [](const Sample& s, const Sample&) { return s.tests.fold; }});
      break;
    case CurveKind::hopf:
      m.push_back({PointKind::bogdanov_takens, true, [](const Sample& s, const Sample&) { return s.tests.det_JT; }});
      break;
    case CurveKind::kink: m.push_back({PointKind::kink_tangency, false, rdot}); break;
  }
  return m;
}

bool changes(double a, double b) { return (a < 0 && b > 0) || (a > 0 && b < 0) || (a != 0 && b == 0); }

class Walker {
 public:
  Walker(const CurveSpace& space, const TwoParameterFamily& family, const CurveOptions& options)
      : space_(space), family_(family), options_(options), monitors_(monitors_of(space, family)) {}

  Sample sample(const Eigen::VectorXd& v, const Eigen::VectorXd& previous_t) const {
    return {v, curve_tangent(space_, v, previous_t), space_.tests(v)};
  }
  /// The corrected point at arclength s from a along its tangent.
  std::optional<Sample> at(const Sample& a, double s) const {
    // Newton starts from the predictor brought into the rectangle (nothing is evaluated outside
    // it): a curve that touches a side and turns back is followed past the touch
    Eigen::VectorXd start = a.v + s * a.t;
    for (int i : {space_.size() - 2, space_.size() - 1}) start[i] = std::clamp(start[i], 0.0, 1.0);
    const auto v = correct(space_, start, a.t, a.t.dot(a.v) + s);
    if (!v) return std::nullopt;
    return sample(*v, a.t);
  }

  Walk run(const Eigen::VectorXd& v0, const Eigen::VectorXd& t0, const Eigen::VectorXd& start);

 private:
  /// Where a fold curve that the corrector cannot follow any closer meets the mirror w_k = 0.
  std::optional<Eigen::VectorXd> degenerate_pitchfork(const Sample& a, int k) const;
  /// The end of a step that failed below h_min: a degenerate pitchfork near a mirror, or a failure.
  void stuck(const Sample& a, Walk& w) const;
  /// A fold curve that comes within kNearMirror of a mirror and closer: its degenerate pitchfork
  /// ends the walk (true) when it is found.
  bool approaching_mirror(const Sample& a, const Sample& b, Walk& w) const;
  bool step(Sample& a, double& h, double& walked, const Eigen::VectorXd& start, const Eigen::VectorXd& t_start, Walk& w);
  /// Where a monitor's sign changes between a and b (at arclength h from a), refined.
  std::optional<Sample> locate(const Sample& a, double h, const Monitor& m) const;
  /// The first bound (X or Y = 0 or 1, or the load plane F = 0) crossed between a and b, as a
  /// point on it (`located` false: crossed, but the corrector did not reach the bound).
  struct Crossing {
    bool crossed = false, located = false;
    Sample at;
    CurveEnd end = CurveEnd::boundary;
  };
  Crossing crossing(const Sample& a, const Sample& b) const;
  /// A side of the rectangle that the step of length h from a would leave by, as the point of
  /// the curve on it (`crossed` false: the step stays inside).
  Crossing side_ahead(const Sample& a, double h) const;

  const CurveSpace& space_;
  const TwoParameterFamily& family_;
  const CurveOptions& options_;
  std::vector<Monitor> monitors_;
};

std::optional<Sample> Walker::locate(const Sample& a, double h, const Monitor& m) const {
  double lo = 0, hi = h;
  const double f_lo = m.value(a, a);
  std::optional<Sample> best;
  for (int i = 0; i < kLocateIterations && hi - lo > kLocateArclength; ++i) {
    const double mid = 0.5 * (lo + hi);
    const auto s = at(a, mid);
    if (!s) return std::nullopt;
    best = s;
    const double f_mid = m.value(*s, a);
    if (changes(f_lo, f_mid) || f_mid == 0)
      hi = mid;
    else
      lo = mid;
  }
  if (!best) best = at(a, hi);
  return best;
}

Walker::Crossing Walker::crossing(const Sample& a, const Sample& b) const {
  const int n = space_.size();
  struct Bound {
    int index;
    double value;
    CurveEnd end;
  };
  std::vector<Bound> bounds{{n - 2, 0, CurveEnd::boundary}, {n - 2, 1, CurveEnd::boundary},
                            {n - 1, 0, CurveEnd::boundary}, {n - 1, 1, CurveEnd::boundary}};
  for (const auto& [axis, index] : {std::pair{&family_.x, n - 2}, std::pair{&family_.y, n - 1}})
    if (axis->name == "force" && axis->from < 0 && axis->to > 0)
      bounds.push_back({index, -axis->from / (axis->to - axis->from), CurveEnd::load_zero});
  std::optional<std::pair<double, Bound>> first;
  for (const Bound& c : bounds) {
    // a is inside the rectangle: a bound is crossed when b is outside it (the load plane: when
    // the load changes sign or reaches 0)
    const double fa = a.v[c.index] - c.value, fb = b.v[c.index] - c.value;
    const bool crosses = c.end == CurveEnd::load_zero ? changes(fa, fb) : (c.value == 0 ? fb < 0 : fb > 0);
    if (!crosses) continue;
    const double fraction = fa == fb ? 0 : fa / (fa - fb);
    if (!first || fraction < first->first) first = {{fraction, c}};
  }
  Crossing out;
  if (!first) return out;
  out.crossed = true;
  const Bound& c = first->second;
  Eigen::VectorXd grad = Eigen::VectorXd::Zero(n);
  grad[c.index] = 1;
  const auto v = correct(space_, a.v + first->first * (b.v - a.v), grad, c.value);
  if (!v) return out;
  out.located = true;
  out.at = sample(*v, a.t);
  out.end = c.end;
  return out;
}

Walker::Crossing Walker::side_ahead(const Sample& a, double h) const {
  const int n = space_.size();
  struct Side {
    double s;      // the arclength from a at which the step reaches it
    int index;     // the scaled unknown X (n - 2) or Y (n - 1)
    double bound;  // its value there, 0 or 1
  };
  std::optional<Side> first;
  for (int index : {n - 2, n - 1})
    for (double bound : {0.0, 1.0}) {
      const double d = a.t[index], reached = a.v[index] + h * d;
      if (bound == 1 ? d <= 0 || reached <= 1 : d >= 0 || reached >= 0) continue;  // the step stays on this side
      const double s = std::max((bound - a.v[index]) / d, 0.0);
      if (s <= h && (!first || s < first->s)) first = Side{s, index, bound};
    }
  Crossing out;
  if (!first) return out;
  out.crossed = true;
  Eigen::VectorXd grad = Eigen::VectorXd::Zero(n);
  grad[first->index] = 1;
  const Eigen::VectorXd predicted = a.v + first->s * a.t;
  const auto v = correct(space_, predicted, grad, first->bound, kSideIterations);
  // as a step's acceptance (Walker::step): no jump to another curve; and the curve leaves the
  // rectangle there (a curve touching the side from inside turns back: a shorter step follows it)
  if (!v || (*v - predicted).norm() > h) return out;
  out.at = sample(*v, a.t);
  const double outward = first->bound == 1 ? out.at.t[first->index] : -out.at.t[first->index];
  out.located = outward > 0 && (out.at.t.dot(a.t) >= kMinTangentCos || first->s <= kAtEnd);
  return out;
}

bool Walker::step(Sample& a, double& h, double& walked, const Eigen::VectorXd& start, const Eigen::VectorXd& t_start,
                  Walk& w) {
  const auto b = at(a, h);
  const bool good = b && (b->v - (a.v + h * a.t)).norm() <= h && b->t.dot(a.t) >= kMinTangentCos;
  // a step that leaves the rectangle cannot be corrected (nothing is evaluated beyond its sides,
  // maps/defining_system.hpp): the curve is corrected onto the side it leaves by instead
  const Crossing cross = good ? crossing(a, *b) : side_ahead(a, h);
  if ((!good && !cross.crossed) || (cross.crossed && !cross.located)) {
    h *= 0.5;
    if (h >= options_.h_min) return true;
    stuck(a, w);
    return false;
  }
  // a bound crossed: the segment ends there, and only its part inside is monitored
  const Sample& end = cross.crossed ? cross.at : *b;
  const double span = cross.crossed ? a.t.dot(end.v - a.v) : h;
  for (const Monitor& m : monitors_) {
    if (!changes(m.value(a, a), m.value(end, a))) continue;
    const auto p = locate(a, span, m);
    // a sign change at the bound itself belongs to the curve's end (e.g. the pole at the load 0)
    if (!p || (cross.crossed && (p->v.tail<2>() - end.v.tail<2>()).norm() <= kAtEnd)) continue;
    w.found.push_back({m.kind, space_.unpack(p->v), {}, kLocateArclength});
    if (m.ends) {
      w.points.push_back(p->v);
      w.end = CurveEnd::codim_two;
      return false;
    }
  }
  if (!cross.crossed && approaching_mirror(a, *b, w)) return false;
  w.points.push_back(end.v);
  if (cross.crossed) {
    w.end = cross.end;
    return false;
  }
  walked += h;
  if (walked > 3 * h && (b->v - start).norm() < h && b->t.dot(t_start) > 0) {
    w.points.push_back(start);
    w.end = CurveEnd::closed;
    return false;
  }
  a = *b;
  h = std::min(h * kGrowth, options_.h_max);
  return true;
}

std::optional<Eigen::VectorXd> Walker::degenerate_pitchfork(const Sample& a, int k) const {
  const auto& held = space_.held();
  int index = k;  // the position of w_k among the free unknowns
  for (int h : held)
    if (h < k) --index;
  const double e = 0.25 * std::abs(a.tests.w[k]), sign = a.tests.w[k] > 0 ? 1.0 : -1.0;
  Eigen::VectorXd grad = Eigen::VectorXd::Zero(space_.size());
  grad[index] = 1;
  std::array<Eigen::VectorXd, 3> P;  // at w_k = e, 2e, 4e, each corrected from the last
  Eigen::VectorXd v = a.v;
  for (int j = 2; j >= 0; --j) {
    const auto c = correct(space_, v, grad, sign * e * (1 << j));
    if (!c) return std::nullopt;
    P[j] = v = *c;
  }
  // Richardson in e^2 (P = P0 + c e^2 + d e^4 + ...): weights 64, -20, 1 over 45
  const Eigen::Vector2d XY = (64 * P[0].tail<2>() - 20 * P[1].tail<2>() + P[2].tail<2>()) / 45;
  // onto the pitchfork curve of that mirror, at the extrapolated X or Y (whichever it crosses better)
  std::vector<int> on_mirror = held;
  on_mirror.push_back(k);
  std::sort(on_mirror.begin(), on_mirror.end());
  const TwoParameterFamily& f = family_;
  const CurveSpace pitchfork(f, CurveKind::pitchfork, on_mirror, k);
  MapPoint p = space_.unpack(P[0]);
  p.w[k] = 0;
  p.x = f.x.from + XY.x() * (f.x.to - f.x.from);
  p.y = f.y.from + XY.y() * (f.y.to - f.y.from);
  Eigen::VectorXd q = pitchfork.pack(p);
  const Eigen::VectorXd t = curve_tangent(pitchfork, q, {});
  const int n = pitchfork.size(), fixed = std::abs(t[n - 1]) >= std::abs(t[n - 2]) ? n - 2 : n - 1;
  Eigen::VectorXd e_fixed = Eigen::VectorXd::Zero(n);
  e_fixed[fixed] = 1;
  const auto on = correct(pitchfork, q, e_fixed, q[fixed]);
  if (!on) return std::nullopt;
  return space_.pack(pitchfork.unpack(*on));
}

bool Walker::approaching_mirror(const Sample& a, const Sample& b, Walk& w) const {
  if (space_.kind() != CurveKind::fold) return false;
  for (int k : family_.mirrors) {
    if (std::find(space_.held().begin(), space_.held().end(), k) != space_.held().end()) continue;
    if (!(std::abs(b.tests.w[k]) < kNearMirror && std::abs(b.tests.w[k]) < std::abs(a.tests.w[k]))) continue;
    if (const auto v = degenerate_pitchfork(b, k)) {
      w.points.push_back(b.v);
      w.points.push_back(*v);
      w.found.push_back({PointKind::degenerate_pitchfork, space_.unpack(*v), {}, kLocateArclength});
      w.end = CurveEnd::codim_two;
      return true;
    }
  }
  return false;
}

void Walker::stuck(const Sample& a, Walk& w) const {
  if (space_.kind() == CurveKind::fold)
    for (int k : family_.mirrors) {
      if (std::find(space_.held().begin(), space_.held().end(), k) != space_.held().end()) continue;
      if (std::abs(a.tests.w[k]) >= kNearMirror) continue;
      if (const auto v = degenerate_pitchfork(a, k)) {
        w.points.push_back(*v);
        w.found.push_back({PointKind::degenerate_pitchfork, space_.unpack(*v), {}, kLocateArclength});
        w.end = CurveEnd::codim_two;
        return;
      }
    }
  w.end = CurveEnd::failed;
  w.why = fmt::format("the corrector failed at {} = {}, {} = {} (step below {:.0e})", family_.x.name,
                      space_.unpack(a.v).x, family_.y.name, space_.unpack(a.v).y, options_.h_min);
}

Walk Walker::run(const Eigen::VectorXd& v0, const Eigen::VectorXd& t0, const Eigen::VectorXd& start) {
  Walk w;
  Sample a = sample(v0, t0);
  const Eigen::VectorXd t_start = a.t;
  double h = options_.h_initial, walked = 0;
  for (int n = 0; n < options_.max_points; ++n)
    if (!step(a, h, walked, start, t_start, w)) return w;
  w.end = CurveEnd::failed;
  w.why = fmt::format("the point budget ({} points, CurveOptions::max_points) was spent", options_.max_points);
  return w;
}

/// A Newton iterate that left the rectangle by no more than the corrector's own accuracy (a
/// side's coordinate after a step constrained to it, to its rounding) put back onto the side;
/// one farther out is left where it is, and the correction fails.
void onto_sides(const CurveSpace& space, Eigen::VectorXd& v) {
  for (int i : {space.size() - 2, space.size() - 1})
    if (v[i] >= -kNewtonStep && v[i] <= 1 + kNewtonStep) v[i] = std::clamp(v[i], 0.0, 1.0);
}

}  // namespace

std::optional<Eigen::VectorXd> correct(const CurveSpace& space, Eigen::VectorXd v, const Eigen::VectorXd& extra_grad,
                                       double extra_value, int iterations) {
  const int n = space.size();
  double previous = std::numeric_limits<double>::infinity();
  int stalled = 0;
  for (int it = 0; it < iterations; ++it) {
    onto_sides(space, v);
    if (!space.inside(v)) return std::nullopt;  // nothing is evaluated outside the rectangle
    Eigen::VectorXd rhs(n);
    rhs.head(n - 1) = -space.residual(v);
    rhs[n - 1] = extra_value - extra_grad.dot(v);
    Eigen::MatrixXd J(n, n);
    J.topRows(n - 1) = space.jacobian(v);
    J.row(n - 1) = extra_grad.transpose();
    if (!rhs.allFinite() || !J.allFinite()) return std::nullopt;  // (a zero "solution" of NaN equations)
    const Eigen::VectorXd delta = J.fullPivLu().solve(rhs);
    if (!delta.allFinite()) return std::nullopt;
    v += delta;
    onto_sides(space, v);
    if (!space.inside(v)) return std::nullopt;
    const double step = delta.lpNorm<Eigen::Infinity>(), r = rhs.norm();
    if (step <= kNewtonStep) return v;
    // the residual at its rounding floor: Newton's steps are that noise through the Jacobian
    stalled = r > kStall * previous ? stalled + 1 : 0;
    if (stalled >= 2 && step <= kNoiseStep) return v;
    previous = std::min(previous, r);
  }
  return std::nullopt;
}

Eigen::VectorXd curve_tangent(const CurveSpace& space, const Eigen::VectorXd& v, const Eigen::VectorXd& previous) {
  const Eigen::MatrixXd J = space.jacobian(v);
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(J, Eigen::ComputeFullV);
  Eigen::VectorXd t = svd.matrixV().col(space.size() - 1);
  if (previous.size() == t.size() && t.dot(previous) < 0) t = -t;
  return t.normalized();
}

Walk walk_curve(const CurveSpace& space, const TwoParameterFamily& family, const Eigen::VectorXd& v0,
                const Eigen::VectorXd& t0, const Eigen::VectorXd& start, const CurveOptions& options) {
  return Walker(space, family, options).run(v0, t0, start);
}

}  // namespace limitdir::detail
