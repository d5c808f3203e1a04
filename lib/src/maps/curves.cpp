// One codimension-1 curve through a seed, traced both ways: see maps/curves.hpp.
#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/maps/curves.hpp"
#include "maps/curve_walk.hpp"
#include "maps/kink_curves.hpp"

namespace limitdir {

namespace {
// A seed lies in the mirror w_k = 0 when |w_k| <= 1e-5: the threshold at which a sweep calls a
// branch point on a mirror a pitchfork (continuation/event_location.cpp); the seed's w_k is then
// set to 0 and the corrector moves it onto the curve inside the mirror.
constexpr double kOnMirror = 1e-5;
// A fold curve ending at the load 0 ends at the pole (a fold-pole) when |w3| is 1 to the
// corrector's accuracy in w (1e-11) squared up through 1 - |w3| ~ w1^2/2: 1e-9.
constexpr double kAtPole = 1e-9;

}  // namespace

std::vector<int> mirrors_through(const TwoParameterFamily& family, const Eigen::Vector3d& w) {
  std::vector<int> held;
  for (int k : family.mirrors)
    if (std::abs(w[k]) <= kOnMirror) held.push_back(k);
  if (family.half_turn && std::abs(w[1]) <= kOnMirror && std::abs(w[2]) <= kOnMirror) held = {1, 2};
  return held;
}

/// The mirror across which a pitchfork's eigenvalue vanishes: the held coordinate whose
/// transverse eigenvalue dF_k/dw_k - rdot is smallest at the seed.
namespace {

int pitchfork_mirror(const TwoParameterFamily& family, const CurveSeed& seed, const std::vector<int>& held) {
  if (held.empty())
    throw NumericalError(fmt::format("a pitchfork at {} = {}, {} = {} lies on no mirror of the family: it is a branch "
                                     "point, which unfolds (codimension 2)", family.x.name, seed.at.x, family.y.name,
                                     seed.at.y));
  const FieldJacobian fj = family.system(seed.at.x, seed.at.y).field_jacobian(seed.at.w, family.force(seed.at.x, seed.at.y));
  std::vector<int> reflections;
  for (int k : held)
    if (std::find(family.mirrors.begin(), family.mirrors.end(), k) != family.mirrors.end()) reflections.push_back(k);
  if (reflections.empty()) return 3;  // the half-turn about e1 alone: its (w2, w3) block
  return *std::min_element(reflections.begin(), reflections.end(), [&](int a, int b) {
    return std::abs(fj.DF(a, a) - seed.at.rdot) < std::abs(fj.DF(b, b) - seed.at.rdot);
  });
}

/// The seed moved onto the curve at its own y (the sweep's fixed parameter), or at its x when
/// the curve is tangent to that line there.
std::optional<Eigen::VectorXd> corrected_seed(const detail::CurveSpace& space, const Eigen::VectorXd& v) {
  const int n = space.size();
  for (int index : {n - 1, n - 2}) {
    Eigen::VectorXd e = Eigen::VectorXd::Zero(n);
    e[index] = 1;
    if (auto c = detail::correct(space, v, e, v[index])) return c;
  }
  return std::nullopt;
}

CurveEnd refine_end(const TwoParameterFamily& family, CurveEnd end, const MapPoint& p) {
  const double scale = std::max({1.0, std::abs(family.x.from), std::abs(family.x.to), std::abs(family.y.from),
                                 std::abs(family.y.to)});
  constexpr double kLoadZero = 1e-14;  // a bound at F = 0 is met to the rounding of X, Y
  if (end == CurveEnd::boundary && std::abs(family.force(p.x, p.y)) <= kLoadZero * scale) return CurveEnd::load_zero;
  return end;
}
}  // namespace

CurveKind seed_kind(const TwoParameterFamily& family, const CurveSeed& seed) {
  if (seed.kind != CurveKind::pitchfork) return seed.kind;
  const std::vector<int> held = mirrors_through(family, seed.at.w);
  if (held.empty() || pitchfork_mirror(family, seed, held) != 2) return seed.kind;
  return equator_is_kink_set(family, seed.at.x, seed.at.y) ? CurveKind::kink : seed.kind;
}

TracedCurve follow_curve(const TwoParameterFamily& family, const CurveSeed& seed, const CurveOptions& options) {
  std::vector<int> held = mirrors_through(family, seed.at.w);
  int mirror = seed.kind == CurveKind::pitchfork ? pitchfork_mirror(family, seed, held) : -1;
  if (seed.kind == CurveKind::kink) {
    const detail::KinkSpace k = detail::kink_space(family, seed);
    held = k.held;
    mirror = k.mirror;
  }
  const detail::CurveSpace space(family, seed.kind, held, mirror);
  MapPoint p = seed.at;
  for (int k : held) p.w[k] = 0;
  TracedCurve out;
  out.curve.kind = seed.kind;
  out.curve.mirrors = held;
  out.curve.mirror = mirror;
  const auto v0 = corrected_seed(space, space.pack(p));
  if (!v0) {
    out.curve.why = fmt::format("the {} seed at {} = {}, {} = {} is not on a regular {} curve (the corrector failed)",
                                to_string(seed.kind), family.x.name, p.x, family.y.name, p.y, to_string(seed.kind));
    return out;
  }
  const Eigen::VectorXd t0 = detail::curve_tangent(space, *v0, {});
  const detail::Walk ahead = detail::walk_curve(space, family, *v0, t0, *v0, options);
  std::vector<Eigen::VectorXd> points{*v0};
  detail::Walk back;
  if (ahead.end == CurveEnd::closed) {
    back.end = CurveEnd::closed;
  } else {
    back = detail::walk_curve(space, family, *v0, -t0, *v0, options);
    points.insert(points.begin(), back.points.rbegin(), back.points.rend());
  }
  points.insert(points.end(), ahead.points.begin(), ahead.points.end());
  for (const Eigen::VectorXd& v : points) out.curve.points.push_back(space.unpack(v));
  out.curve.ends[0] = refine_end(family, back.end, out.curve.points.front());
  out.curve.ends[1] = refine_end(family, ahead.end, out.curve.points.back());
  out.curve.why = back.why.empty() ? ahead.why : back.why;
  for (const detail::Walk* w : {static_cast<const detail::Walk*>(&back), &ahead}) out.points.insert(out.points.end(), w->found.begin(), w->found.end());
  if (seed.kind == CurveKind::fold)
    for (int e : {0, 1}) {
      const MapPoint& q = e == 0 ? out.curve.points.front() : out.curve.points.back();
      if (out.curve.ends[e] == CurveEnd::load_zero && std::abs(q.w.z()) >= 1 - kAtPole)
        out.points.push_back({PointKind::fold_pole, q, {}, 0});
    }
  return out;
}

}  // namespace limitdir
