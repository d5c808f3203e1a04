// The crossings of a map's curves: see maps/crossings.hpp.
#include "maps/crossings.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <Eigen/LU>

#include "maps/defining_system.hpp"

namespace limitdir::detail {

namespace {

// Two curves crossing with directions closer than 1e-2 (mirror images as one) meet at a
// codimension-2 point instead: there the directions agree, and the polylines' crossing near it
// carries only their interpolation error (h^2 k/8 ~ 5e-5 k for chords of 0.02, k < 20).
constexpr double kSameDirection = 1e-2;
// Newton on the joint system stops at a step below 1e-12 in the scaled unknowns (the curves'
// own corrector stops at 1e-11, maps/curve_walk.cpp; the joint system is as well conditioned
// where the curves cross transversally).
constexpr double kJointStep = 1e-12;
constexpr int kJointIterations = 30;
// Two located crossings of the same curves within 1e-9 (scaled) are one (found from two pairs of
// chords meeting at a vertex).
constexpr double kSameCrossing = 1e-9;

struct Chord {
  Eigen::Vector2d a, b;
  Eigen::Vector3d wa, wb;
  int curve, segment;
  double lo() const { return std::min(a.x(), b.x()); }
  double hi() const { return std::max(a.x(), b.x()); }
};

double cross(const Eigen::Vector2d& p, const Eigen::Vector2d& q) { return p.x() * q.y() - p.y() * q.x(); }

/// The parameters (s on p, t on q) of a strict crossing of two chords, both in (0, 1).
std::optional<std::pair<double, double>> strict_crossing(const Chord& p, const Chord& q) {
  const Eigen::Vector2d r = p.b - p.a, d = q.b - q.a;
  const double den = cross(r, d);
  if (den == 0) return std::nullopt;
  const double s = cross(q.a - p.a, d) / den, t = cross(q.a - p.a, r) / den;
  if (!(s > 0 && s < 1 && t > 0 && t < 1)) return std::nullopt;
  return std::pair{s, t};
}

/// Newton on both curves' defining systems with their common (X, Y), from the polylines' crossing.
std::optional<MapCrossing> locate(const TwoParameterFamily& f, const MapCurve& A, const MapCurve& B, MapPoint pa,
                                  MapPoint pb) {
  const CurveSpace sa(f, A.kind, A.mirrors, A.mirror), sb(f, B.kind, B.mirrors, B.mirror);
  const int na = sa.size(), nb = sb.size(), n = na + nb - 2;
  Eigen::VectorXd va = sa.pack(pa), vb = sb.pack(pb);
  Eigen::VectorXd z(n);
  z << va.head(na - 2), vb.head(nb - 2), va.tail<2>();
  const Eigen::Vector2d start = va.tail<2>();
  for (int it = 0; it < kJointIterations; ++it) {
    va << z.head(na - 2), z.tail<2>();
    vb << z.segment(na - 2, nb - 2), z.tail<2>();
    if (!sa.inside(va)) return std::nullopt;
    Eigen::VectorXd r(n);
    r << sa.residual(va), sb.residual(vb);
    Eigen::MatrixXd J = Eigen::MatrixXd::Zero(n, n);
    const Eigen::MatrixXd Ja = sa.jacobian(va), Jb = sb.jacobian(vb);
    J.block(0, 0, na - 1, na - 2) = Ja.leftCols(na - 2);
    J.block(0, n - 2, na - 1, 2) = Ja.rightCols(2);
    J.block(na - 1, na - 2, nb - 1, nb - 2) = Jb.leftCols(nb - 2);
    J.block(na - 1, n - 2, nb - 1, 2) = Jb.rightCols(2);
    if (!r.allFinite() || !J.allFinite()) return std::nullopt;
    const Eigen::VectorXd delta = J.fullPivLu().solve(-r);
    if (!delta.allFinite()) return std::nullopt;
    z += delta;
    if (delta.lpNorm<Eigen::Infinity>() <= kJointStep) {
      va << z.head(na - 2), z.tail<2>();
      vb << z.segment(na - 2, nb - 2), z.tail<2>();
      if (!sa.inside(va)) return std::nullopt;
      MapCrossing c;
      const MapPoint qa = sa.unpack(va), qb = sb.unpack(vb);
      c.x = qa.x, c.y = qa.y, c.curves[0] = A.id, c.curves[1] = B.id, c.w[0] = qa.w, c.w[1] = qb.w;
      c.located = true;
      c.located_to = delta.tail<2>().norm();
      // as a corrector's step (maps/curve_walk.cpp): no jump to another crossing
      if ((z.tail<2>() - start).norm() > 0.1) return std::nullopt;
      return c;
    }
  }
  return std::nullopt;
}

MapPoint between(const MapCurve& c, int segment, double s) {
  const MapPoint &a = c.points[segment], &b = c.points[segment + 1];
  MapPoint p;
  p.x = a.x + s * (b.x - a.x), p.y = a.y + s * (b.y - a.y), p.rdot = a.rdot + s * (b.rdot - a.rdot);
  p.w = (a.w + s * (b.w - a.w)).normalized();
  for (int k : c.mirrors) p.w[k] = 0;
  return p;
}

}  // namespace

Eigen::Vector3d canonical_direction(const TwoParameterFamily& f, const Eigen::Vector3d& direction) {
  Eigen::Vector3d w = direction;
  for (int k : f.mirrors) w[k] = std::abs(w[k]);
  if (f.half_turn && (w[2] < 0 || (w[2] == 0 && w[1] < 0))) w.tail<2>() = -w.tail<2>();  // one of each image pair
  return w;
}

std::vector<MapCrossing> curve_crossings(const TwoParameterFamily& f, const std::vector<MapCurve>& curves) {
  std::vector<Chord> chords;
  for (std::size_t i = 0; i < curves.size(); ++i)
    for (std::size_t s = 0; s + 1 < curves[i].points.size(); ++s) {
      const MapPoint &a = curves[i].points[s], &b = curves[i].points[s + 1];
      const auto scaled = [&](const MapPoint& p) {
        return Eigen::Vector2d((p.x - f.x.from) / (f.x.to - f.x.from), (p.y - f.y.from) / (f.y.to - f.y.from));
      };
      chords.push_back({scaled(a), scaled(b), a.w, b.w, static_cast<int>(i), static_cast<int>(s)});
    }
  std::sort(chords.begin(), chords.end(), [](const Chord& p, const Chord& q) { return p.lo() < q.lo(); });
  std::vector<MapCrossing> out;
  for (std::size_t i = 0; i < chords.size(); ++i)
    for (std::size_t j = i + 1; j < chords.size() && chords[j].lo() <= chords[i].hi(); ++j) {
      const Chord &p = chords[i], &q = chords[j];
      const int last = static_cast<int>(curves[p.curve].points.size()) - 2;
      if (p.curve == q.curve && (std::abs(p.segment - q.segment) <= 1 || std::abs(p.segment - q.segment) == last))
        continue;  // neighbours on one curve (a closed curve's first and last too)
      const auto st = strict_crossing(p, q);
      if (!st) continue;
      const MapPoint pa = between(curves[p.curve], p.segment, st->first);
      const MapPoint pb = between(curves[q.curve], q.segment, st->second);
      if ((canonical_direction(f, pa.w) - canonical_direction(f, pb.w)).norm() <= kSameDirection) continue;
      std::optional<MapCrossing> c = locate(f, curves[p.curve], curves[q.curve], pa, pb);
      if (!c) {  // the polylines' own crossing
        c = MapCrossing{pa.x, pa.y, {curves[p.curve].id, curves[q.curve].id}, {pa.w, pb.w}, false, 0.0};
      }
      if (c->curves[0] > c->curves[1]) std::swap(c->curves[0], c->curves[1]), std::swap(c->w[0], c->w[1]);
      const bool known = std::any_of(out.begin(), out.end(), [&](const MapCrossing& o) {
        return o.curves[0] == c->curves[0] && o.curves[1] == c->curves[1] &&
               std::hypot((o.x - c->x) / (f.x.to - f.x.from), (o.y - c->y) / (f.y.to - f.y.from)) <= kSameCrossing;
      });
      if (!known) out.push_back(*c);
    }
  std::sort(out.begin(), out.end(), [](const MapCrossing& a, const MapCrossing& b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
  });
  return out;
}

}  // namespace limitdir::detail
