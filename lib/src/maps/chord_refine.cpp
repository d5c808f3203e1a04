// The refinement of a curve's polyline to a chord tolerance: see maps/chord_refine.hpp.
#include "maps/chord_refine.hpp"

#include <cmath>
#include <fmt/format.h>

#include "maps/curve_walk.hpp"
#include "maps/defining_system.hpp"

namespace limitdir::detail {

double midpoint_deviation(const TwoParameterFamily& f, const MapPoint& a, const MapPoint& b, const MapPoint& m) {
  const double X = (m.x - 0.5 * (a.x + b.x)) / (f.x.to - f.x.from), Y = (m.y - 0.5 * (a.y + b.y)) / (f.y.to - f.y.from);
  return std::hypot(X, Y);
}

std::string refine_chords(std::vector<ChordVertex>& vertices, const ChordSplit& split, std::size_t max_vertices) {
  if (vertices.size() < 2) return {};
  std::vector<ChordVertex> out{vertices.front()};
  for (std::size_t i = 1; i < vertices.size(); ++i) {
    std::vector<ChordVertex> pending{vertices[i]};  // right ends still to reach from out.back()
    while (!pending.empty()) {
      const ChordVertex &a = out.back(), &b = pending.back();
      const std::optional<ChordVertex> m = split.middle(a, b);
      if (!m) return fmt::format("the curve's point between ({}, {}) and ({}, {}) was not found", a.at.x, a.at.y,
                                 b.at.x, b.at.y);
      if (!split.needs(a, b, *m)) {
        out.push_back(b);
        pending.pop_back();
        continue;
      }
      // a middle that is one of the ends: the chord is as short as the arithmetic allows
      if ((m->at.x == a.at.x && m->at.y == a.at.y) || (m->at.x == b.at.x && m->at.y == b.at.y))
        return fmt::format("the chord at ({}, {}) cannot be halved in double", a.at.x, a.at.y);
      if (out.size() + pending.size() >= max_vertices)
        return fmt::format("more than {} vertices", max_vertices);
      pending.push_back(*m);
    }
  }
  vertices = std::move(out);
  return {};
}

std::string refine_traced_curve(const TwoParameterFamily& f, MapCurve& curve, double tol) {
  const CurveSpace space(f, curve.kind, curve.mirrors, curve.mirror);
  ChordSplit split;
  split.middle = [&](const ChordVertex& a, const ChordVertex& b) -> std::optional<ChordVertex> {
    const Eigen::VectorXd va = space.pack(a.at), vb = space.pack(b.at), d = vb - va, mid = 0.5 * (va + vb);
    const auto v = correct(space, mid, d, d.dot(mid));
    // as a step's acceptance (maps/curve_walk.cpp): the corrector moved the point by less than the
    // chord itself, so it did not jump to another curve
    if (!v || (*v - mid).norm() > d.norm()) return std::nullopt;
    return ChordVertex{space.unpack(*v), 0.0};
  };
  split.needs = [&](const ChordVertex& a, const ChordVertex& b, const ChordVertex& m) {
    return midpoint_deviation(f, a.at, b.at, m.at) > tol;
  };
  std::vector<ChordVertex> vertices;
  for (const MapPoint& p : curve.points) vertices.push_back({p, 0.0});
  const std::string why = refine_chords(vertices, split, kMaxChordVertices);
  if (!why.empty()) return why;
  curve.points.clear();
  for (const ChordVertex& v : vertices) curve.points.push_back(v.at);
  return {};
}

}  // namespace limitdir::detail
