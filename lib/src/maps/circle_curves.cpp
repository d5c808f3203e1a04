// The curves of a map on the invariant circle from their exact parametrisation: see
// maps/circle_curves.hpp.
#include "maps/circle_curves.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "maps/defining_system.hpp"

namespace limitdir::detail {

namespace {

// A point computed in double from the closed forms satisfies its defining system to the
// rounding of the field at these scales (~1e-13: F and rdot up to ~1e2, a few operations); 1e-9
// also bounds the continuation's own points (Newton to 1e-11 with Jacobians of norm ~1e2).
constexpr double kDefining = 1e-9;
// The ends are located by bisection of t until its cell is this relative width (a few ulps).
constexpr double kEndBisection = 4e-16;
// A codimension-2 point is on a piece when within 1e-9 (of the ranges) of it: its enclosures
// are ~1e-13 wide, the pieces' ends located to a few ulps; distinct curves are far farther apart.
constexpr double kOnPiece = 1e-9;
// The first step of t is 1/64 of a piece; a step is halved while its chord exceeds h_max and
// doubled while it is under h_max/4, down to this fraction of the piece (a cusp's tip).
constexpr double kMinStep = 1e-12;

struct Piece {
  double t0, t1;  // the parameter range inside the rectangle
  CurveEnd ends[2];
};

/// The exact curve's points, with the rectangle's test.
struct Evaluator {
  const CircleMap& exact;
  const ExactCurve& curve;
  const TwoParameterFamily& f;
  bool force_is_x;

  bool at(double t, MapPoint& q, double& p, double& F) const {
    Eigen::Vector3d w;
    if (!exact.point_on(curve, t, p, F, w)) return false;
    q.x = force_is_x ? F : p;
    q.y = force_is_x ? p : F;
    q.w = w;
    return true;
  }
  bool inside(double t) const {
    MapPoint q;
    double p = 0, F = 0;
    const CircleRectangle& r = exact.rectangle();
    return at(t, q, p, F) && p >= r.p0 && p <= r.p1 && F <= r.F1 && (r.F0 > 0 ? F >= r.F0 : F > 0);
  }
  /// The point at t with the coordinate of the side it is nearest snapped onto it; its end kind.
  MapPoint end_point(double t, CurveEnd& kind) const {
    MapPoint q;
    double p = 0, F = 0;
    at(t, q, p, F);
    const CircleRectangle& r = exact.rectangle();
    const double dp = std::min(std::abs(p - r.p0), std::abs(p - r.p1)) / (r.p1 - r.p0);
    const double dF = std::min(std::abs(F - r.F0), std::abs(F - r.F1)) / (r.F1 - r.F0);
    double& qp = force_is_x ? q.y : q.x;
    double& qF = force_is_x ? q.x : q.y;
    if (dp <= dF) qp = std::abs(p - r.p0) < std::abs(p - r.p1) ? r.p0 : r.p1;
    else qF = std::abs(F - r.F0) < std::abs(F - r.F1) ? r.F0 : r.F1;
    kind = dp > dF && qF == 0 ? CurveEnd::load_zero : CurveEnd::boundary;
    return q;
  }
};

/// The t where the curve leaves the rectangle between t_in (inside) and t_out.
double crossing(const Evaluator& e, double t_in, double t_out) {
  while (std::abs(t_out - t_in) > kEndBisection * (1 + std::abs(t_in))) {
    const double mid = 0.5 * (t_in + t_out);
    (e.inside(mid) ? t_in : t_out) = mid;
  }
  return t_in;
}

/// The sign of w1 at t (0 where the curve has no point).
double w1_sign(const Evaluator& e, double t) {
  MapPoint q;
  double p = 0, F = 0;
  return e.at(t, q, p, F) ? (q.w.x() < 0 ? -1.0 : 1.0) : 0.0;
}

/// The pieces of a curve from its cells: a piece runs over cells inside the rectangle; it ends
/// at a cell bound next to a cell outside, at a side crossing located in an edge cell, or where
/// w1 = F/A(u) changes sign in an edge cell inside at both ends (A = 0: the curve reaches the
/// load 0 there and leaves it, Figs 15-16); an edge cell inside at both ends with one sign of w1
/// (a side touched, or nearly) joins its neighbours.
std::vector<Piece> pieces(const Evaluator& e, const CurveCells& cells) {
  std::vector<Piece> out;
  bool open = false;
  double start = 0;
  const auto close = [&](double t) {
    if (open) out.push_back({start, t, {CurveEnd::boundary, CurveEnd::boundary}});
    open = false;
  };
  const auto begin = [&](double t) {
    if (!open) start = t;
    open = true;
  };
  for (const CurveCell& c : cells.cells) {
    if (c.state == CurveCell::State::in) {
      begin(c.lo);
    } else if (c.state == CurveCell::State::out) {
      close(c.lo);
    } else {
      const bool at_lo = e.inside(c.lo), at_hi = e.inside(c.hi);
      if (at_lo && at_hi && w1_sign(e, c.lo) != w1_sign(e, c.hi)) {
        double l = c.lo, h = c.hi;  // the sign change of w1, where A = 0 and F = 0
        while (std::abs(h - l) > kEndBisection * (1 + std::abs(l))) {
          const double m = 0.5 * (l + h);
          (w1_sign(e, m) == w1_sign(e, c.lo) ? l : h) = m;
        }
        begin(c.lo);
        close(l);
        begin(h);
      } else if (at_lo && at_hi) {
        begin(c.lo);
      } else if (at_lo) {
        begin(c.lo);
        close(crossing(e, c.lo, c.hi));
      } else if (at_hi) {
        close(c.lo);
        begin(crossing(e, c.hi, c.lo));
      } else {
        close(c.lo);
      }
    }
  }
  if (!cells.cells.empty()) close(cells.cells.back().hi);
  return out;
}

}  // namespace

namespace {

/// The points of a piece from t0 to t1 with chords of at most h_max (scaled (x, y) and w),
/// through the parameters in `through`, and at exactly the parameters of `grid` (increasing)
/// over its range.
std::vector<MapPoint> sample(const Evaluator& e, double t0, double t1, std::vector<double> through,
                             const std::vector<double>& grid, double h_max) {
  const TwoParameterFamily& f = e.f;
  const auto scaled = [&](const MapPoint& q) {
    Eigen::Matrix<double, 5, 1> v;
    v << (q.x - f.x.from) / (f.x.to - f.x.from), (q.y - f.y.from) / (f.y.to - f.y.from), q.w;
    return v;
  };
  std::sort(through.begin(), through.end());
  std::vector<MapPoint> out;
  double p = 0, F = 0, t = t0, dt = (t1 - t0) / 64;
  MapPoint q;
  e.at(t0, q, p, F);
  out.push_back(q);
  while (t < t1) {
    // at least one float step: a piece only a few ulps long (a rectangle that thin) still ends
    double next = std::min(std::max(t + dt, std::nextafter(t, t1)), t1);
    const bool on_grid = !grid.empty() && next > grid.front() && t < grid.back();
    if (on_grid) next = std::min(*std::upper_bound(grid.begin(), grid.end(), t), t1);
    for (double s : through)
      if (s > t && s < next) next = s;
    MapPoint r;
    if (!e.at(next, r, p, F)) return {};
    const double chord = (scaled(r) - scaled(out.back())).norm();
    if (!on_grid && chord > h_max && dt > kMinStep * (t1 - t0)) {
      dt *= 0.5;
      continue;
    }
    if (chord < 0.25 * h_max) dt *= 2;
    out.push_back(r);
    t = next;
  }
  return out;
}

}  // namespace

namespace {

/// The p of the vertices of a fold curve from its degenerate pitchfork (the first), as far as p
/// is monotone along it, increasing. The fold is born tangent to the pitchfork curve there: with
/// vertices at the same p the chords of both are linear in p between common abscissae and keep
/// the curves' order, where chords of their own would cross (the gap between the curves vanishes
/// quadratically at the point, below the chords' sagitta) and cut slivers out of the regions.
std::vector<double> born_from_pitchfork(const std::vector<MapPoint>& fold, bool force_is_x) {
  std::vector<double> p;
  for (const MapPoint& q : fold) {
    const double v = force_is_x ? q.y : q.x;
    if (p.size() >= 2 && (v - p.back()) * (p[1] - p[0]) <= 0) break;
    p.push_back(v);
  }
  if (p.size() >= 2 && p[1] < p[0]) std::reverse(p.begin(), p.end());
  return p;
}

/// rdot at every point, and every point on its curve's defining system.
std::string finish(const TwoParameterFamily& f, std::vector<MapCurve>& curves) {
  for (MapCurve& c : curves) {
    const CurveSpace space(f, c.kind, c.mirrors, c.mirror);
    for (MapPoint& q : c.points) {
      for (int k : c.mirrors) q.w[k] = 0;
      q.rdot = f.system(q.x, q.y).radial(q.w, f.force(q.x, q.y));
      const double residual = space.residual(space.pack(q)).norm();
      if (!(residual <= kDefining))
        return fmt::format("a point of the exact {} curve at ({}, {}) is {:.2g} off its defining system",
                           to_string(c.kind), q.x, q.y, residual);
    }
  }
  return {};
}

/// The codimension-2 points inside the rectangle, each with the pieces through it.
std::vector<CodimTwoPoint> exact_points(const CircleMap& exact, const TwoParameterFamily& f,
                                        const std::vector<MapCurve>& curves,
                                        const std::vector<std::pair<double, double>>& ranges,
                                        const std::vector<int>& family) {
  const bool force_is_x = f.x.name == "force";
  const CircleRectangle& r = exact.rectangle();
  std::vector<CodimTwoPoint> out;
  for (const ExactPoint& p : exact.points()) {
    if (!p.inside) continue;
    CodimTwoPoint point;
    point.kind = p.kind;
    double pv = 0, F = 0;
    const Evaluator e{exact, exact.curves().front(), f, force_is_x};  // the fold set
    e.at(mid_of(p.u), point.at, pv, F);
    point.at.rdot = f.system(point.at.x, point.at.y).radial(point.at.w, f.force(point.at.x, point.at.y));
    point.located_to = std::max(width_of(p.P) / (r.p1 - r.p0), width_of(p.F) / (r.F1 - r.F0));
    for (std::size_t i = 0; i < curves.size(); ++i) {
      const ExactCurve& c = exact.curves()[family[i]];
      // on the piece: within its range of t (to the bisection of its ends), and for a curve over p
      // at the point's u and load (the pitchfork through a degenerate pitchfork, the tangency through
      // a fold-tangency) to the enclosures' widths
      const double t = c.over_u ? mid_of(p.u) : mid_of(p.P), tol = kOnPiece * (c.t1 - c.t0);
      const bool on = c.over_u || (std::abs(c.u - mid_of(p.u)) <= kOnPiece &&
                                   std::abs(mid_of(c.at(Interval(t)).F) - F) <= kOnPiece * (r.F1 - r.F0));
      if (on && t >= ranges[i].first - tol && t <= ranges[i].second + tol) point.curves.push_back(static_cast<int>(i));
    }
    out.push_back(point);
  }
  return out;
}

}  // namespace

ExactMapCurves exact_map_curves(const CircleMap& exact, const TwoParameterFamily& f, double h_max) {
  ExactMapCurves out;
  const bool force_is_x = f.x.name == "force";
  // the p of the fold's vertices from its degenerate pitchfork: the pitchfork's there
  std::vector<double> grid;
  const std::vector<double> no_grid;
  std::vector<std::pair<double, double>> ranges;  // the parameter range of each piece
  std::vector<int> family;                         // and its exact curve
  for (std::size_t k = 0; k < exact.curves().size(); ++k) {
    const ExactCurve& c = exact.curves()[k];
    const Evaluator e{exact, c, f, force_is_x};
    std::vector<double> through;  // the codimension-2 points on it
    for (const ExactPoint& p : exact.points())
      if (p.inside) through.push_back(c.over_u ? mid_of(p.u) : mid_of(p.P));
    for (const Piece& piece : pieces(e, exact.cells()[k])) {
      MapCurve curve;
      curve.id = static_cast<int>(out.curves.size());
      curve.kind = c.kind;
      curve.points = sample(e, piece.t0, piece.t1, through, c.kind == CurveKind::pitchfork ? grid : no_grid, h_max);
      if (c.over_u && piece.t0 == 0.0) grid = born_from_pitchfork(curve.points, force_is_x);
      if (curve.points.size() < 2) {
        out.why = fmt::format("{} could not be sampled on [{}, {}]", c.what, piece.t0, piece.t1);
        return out;
      }
      for (int end : {0, 1}) {
        const double t = end == 0 ? piece.t0 : piece.t1;
        MapPoint& q = end == 0 ? curve.points.front() : curve.points.back();
        if (c.over_u && t == 0.0) curve.ends[end] = CurveEnd::codim_two;  // the degenerate pitchfork (u = 0)
        else q = e.end_point(t, curve.ends[end]);
      }
      curve.mirrors = mirrors_through(f, curve.points[curve.points.size() / 2].w);
      curve.mirror = c.kind == CurveKind::pitchfork ? 2 : -1;  // the pair w3 = +-sqrt(u) is born across w3 = 0
      ranges.emplace_back(piece.t0, piece.t1);
      family.push_back(static_cast<int>(k));
      out.curves.push_back(std::move(curve));
    }
  }
  out.why = finish(f, out.curves);
  if (out.why.empty()) out.points = exact_points(exact, f, out.curves, ranges, family);
  return out;
}

}  // namespace limitdir::detail
