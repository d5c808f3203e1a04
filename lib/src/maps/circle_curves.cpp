// The curves of a map on the invariant circle from their exact parametrisation: see
// maps/circle_curves.hpp.
#include "maps/circle_curves.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <cstdint>
#include <optional>

#include "maps/chord_refine.hpp"
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

/// a = A/10^d with an integer |A| < 2^53 for the least d <= 15 (A/10^d rounds to a): a is the double
/// nearest that decimal. False for none.
bool short_decimal(double a, int d, std::int64_t& A) {
  const double scale = std::pow(10.0, d), v = std::round(a * scale);
  if (!(std::abs(v) < 9007199254740992.0) || v / scale != a) return false;
  A = static_cast<std::int64_t>(v);
  return true;
}

/// The point the dyadic fraction s in [0, 1] of the way from a to b. When a and b are short
/// decimals (a = A/10^d, b = B/10^d) and s = j/N, (A (N - j) + B j)/(N 10^d) is a quotient of
/// integers exact in double, so one division gives the double nearest the decimal value: the
/// range 0.2:8 gives 0.44375 at s = 1/32, where 0.2 + 7.8/64 + 7.8/64 gives 0.44375000000000003.
/// Otherwise a + (b - a) s.
double fraction_of(double a, double b, double s) {
  __extension__ typedef __int128 int128;  // GCC's 128-bit integer (-Wpedantic: not ISO C++)
  if (s == 0) return a;
  if (s == 1) return b;
  std::int64_t N = 1;
  while (N < (std::int64_t(1) << 52) && s * static_cast<double>(N) != std::floor(s * static_cast<double>(N))) N *= 2;
  const std::int64_t j = static_cast<std::int64_t>(s * static_cast<double>(N));
  constexpr int128 kExact = int128(1) << 53;  // integers below 2^53 are exact in double
  for (int d = 0; d <= 15; ++d) {
    std::int64_t A = 0, B = 0;
    if (!short_decimal(a, d, A) || !short_decimal(b, d, B)) continue;
    const int128 num = int128(A) * (N - j) + int128(B) * j, den = int128(N) * static_cast<std::int64_t>(std::pow(10.0, d));
    if (num < kExact && -num < kExact && den < kExact) return static_cast<double>(num) / static_cast<double>(den);
    break;
  }
  return a + (b - a) * s;
}

/// The points of a piece from t0 to t1 with chords of at most h_max (scaled (x, y) and w),
/// through the parameters in `through`, and at exactly the parameters of `grid` (increasing)
/// over its range.
std::vector<ChordVertex> sample(const Evaluator& e, double t0, double t1, std::vector<double> through,
                                const std::vector<double>& grid, double h_max) {
  const TwoParameterFamily& f = e.f;
  const auto scaled = [&](const MapPoint& q) {
    Eigen::Matrix<double, 5, 1> v;
    v << (q.x - f.x.from) / (f.x.to - f.x.from), (q.y - f.y.from) / (f.y.to - f.y.from), q.w;
    return v;
  };
  std::sort(through.begin(), through.end());
  std::vector<ChordVertex> out;
  // t at the dyadic fraction s of the piece while the steps are halvings and doublings of ds
  // (fraction_of: the decimals of the range printed as such), then by steps dt = (t1 - t0) ds
  double p = 0, F = 0, t = t0, s = 0, ds = 1.0 / 64;
  bool dyadic = true;
  MapPoint q;
  e.at(t0, q, p, F);
  out.push_back({q, t0});
  while (t < t1) {
    // at least one float step: a piece only a few ulps long (a rectangle that thin) still ends
    const double dt = (t1 - t0) * ds;
    double next = dyadic ? fraction_of(t0, t1, std::min(s + ds, 1.0)) : t + dt;
    next = std::min(std::max(next, std::nextafter(t, t1)), t1);
    bool on_lattice = dyadic;
    const bool on_grid = !grid.empty() && next > grid.front() && t < grid.back();
    if (on_grid) next = std::min(*std::upper_bound(grid.begin(), grid.end(), t), t1), on_lattice = false;
    bool between = false;  // a codimension-2 point's t before the lattice's next: s stays
    for (double v : through)
      if (v > t && v < next) next = v, between = true;
    MapPoint r;
    if (!e.at(next, r, p, F)) return {};
    const double chord = (scaled(r) - scaled(out.back().at)).norm();
    if (!on_grid && chord > h_max && ds > kMinStep) {
      ds *= 0.5;
      continue;
    }
    if (on_lattice && !between) s = std::min(s + ds, 1.0);
    dyadic = on_lattice;
    // at most the whole piece: steps on a grid (each shorter than h_max/4) would double it past it
    if (chord < 0.25 * h_max) ds = std::min(2 * ds, 1.0);
    out.push_back({r, next});
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
std::vector<double> born_from_pitchfork(const std::vector<ChordVertex>& fold, bool force_is_x) {
  std::vector<double> p;
  for (const ChordVertex& q : fold) {
    const double v = force_is_x ? q.at.y : q.at.x;
    if (p.size() >= 2 && (v - p.back()) * (p[1] - p[0]) <= 0) break;
    p.push_back(v);
  }
  if (p.size() >= 2 && p[1] < p[0]) std::reverse(p.begin(), p.end());
  return p;
}

/// The chords of a piece refined to `tol` (maps/chord_refine.hpp), each middle at the middle of
/// the parameter t, by the closed forms. A fold born at a degenerate pitchfork shares its vertices'
/// p with the pitchfork curve up to `stretch` (its t where p stops being monotone,
/// born_from_pitchfork): a chord there is split also when the pitchfork's chord between the same
/// p is off by more than `tol`, and the pitchfork's chords on that grid (`grid`) are left as they
/// are (the fold's refinement made them so), so that both keep common abscissae.
std::string refine_piece(const Evaluator& e, const Evaluator* pitchfork, double stretch, const std::vector<double>& grid,
                         double tol, std::vector<ChordVertex>& v) {
  const bool force_is_x = e.force_is_x;
  const auto point = [](const Evaluator& on, double t) -> std::optional<ChordVertex> {
    MapPoint q;
    double p = 0, F = 0;
    if (!on.at(t, q, p, F)) return std::nullopt;
    return ChordVertex{q, t};
  };
  ChordSplit split;
  split.middle = [&](const ChordVertex& a, const ChordVertex& b) { return point(e, 0.5 * (a.t + b.t)); };
  split.needs = [&](const ChordVertex& a, const ChordVertex& b, const ChordVertex& m) {
    const double lo = std::min(a.t, b.t), hi = std::max(a.t, b.t);
    if (e.curve.kind == CurveKind::pitchfork && !grid.empty() && lo >= grid.front() && hi <= grid.back()) return false;
    if (midpoint_deviation(e.f, a.at, b.at, m.at) > tol) return true;
    if (!pitchfork || hi > stretch) return false;
    const double pa = force_is_x ? a.at.y : a.at.x, pb = force_is_x ? b.at.y : b.at.x;
    const auto qa = point(*pitchfork, pa), qb = point(*pitchfork, pb), qm = point(*pitchfork, 0.5 * (pa + pb));
    return !qa || !qb || !qm || midpoint_deviation(e.f, qa->at, qb->at, qm->at) > tol;
  };
  return refine_chords(v, split, kMaxChordVertices);
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

ExactMapCurves exact_map_curves(const CircleMap& exact, const TwoParameterFamily& f, double h_max, double max_chord) {
  ExactMapCurves out;
  const bool force_is_x = f.x.name == "force";
  // the pitchfork over p, whose vertices along a fold born from it are the fold's (refine_piece)
  const auto pf = std::find_if(exact.curves().begin(), exact.curves().end(),
                               [](const ExactCurve& c) { return c.kind == CurveKind::pitchfork; });
  const std::optional<Evaluator> pitchfork =
      pf == exact.curves().end() ? std::nullopt : std::optional<Evaluator>(Evaluator{exact, *pf, f, force_is_x});
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
      std::vector<ChordVertex> v =
          sample(e, piece.t0, piece.t1, through, c.kind == CurveKind::pitchfork ? grid : no_grid, h_max);
      if (v.size() < 2) {
        out.why = fmt::format("{} could not be sampled on [{}, {}]", c.what, piece.t0, piece.t1);
        return out;
      }
      const bool born = c.over_u && piece.t0 == 0.0;  // from the degenerate pitchfork
      const std::size_t shared = born ? born_from_pitchfork(v, force_is_x).size() : 0;
      const double stretch = shared > 0 ? v[shared - 1].t : 0.0;  // the fold's t where its p turns back
      if (max_chord > 0) {
        const std::string why = refine_piece(e, shared > 0 && pitchfork ? &*pitchfork : nullptr, stretch,
                                             c.kind == CurveKind::pitchfork ? grid : no_grid, max_chord, v);
        if (!why.empty()) {
          out.why = fmt::format("{} could not be refined to chords within {:g} on [{}, {}]: {}", c.what, max_chord,
                                piece.t0, piece.t1, why);
          return out;
        }
      }
      if (born) {  // the grid only as far as the refinement shared it with the pitchfork
        std::vector<ChordVertex> upto;
        for (const ChordVertex& q : v)
          if (max_chord <= 0 || q.t <= stretch) upto.push_back(q);
        grid = born_from_pitchfork(upto, force_is_x);
      }
      for (const ChordVertex& q : v) curve.points.push_back(q.at);
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
