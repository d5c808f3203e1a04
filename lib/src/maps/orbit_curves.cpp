// Curves of closed-orbit events in a two-parameter map: maps/orbit_curves.hpp, docs/manual.md
// section 13 "Orbit curves".
#include "limitdir/maps/orbit_curves.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "limitdir/continuation/orbit_events.hpp"

namespace limitdir {

namespace {

// Two ends of a line's orbit branches are one event when their p agree within the larger of
// their p_error and 1e-9 of the line's length: a fold of cycles reached from both sides is
// located to ~1e-10 (continuation/cycle_fold.cpp) on each.
constexpr double kSameEvent = 1e-9;

/// Union-find over the points: whether a link would close a cycle.
int root(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

/// The polyline of a path of links starting at `start` (a point of degree <= 1, or any point of a
/// component without one).
std::vector<int> walk(const std::vector<std::vector<int>>& next, int start, std::vector<bool>& seen) {
  std::vector<int> path{start};
  seen[start] = true;
  for (int at = start;;) {
    const auto it = std::find_if(next[at].begin(), next[at].end(), [&](int j) { return !seen[j]; });
    if (it == next[at].end()) return path;
    at = *it;
    seen[at] = true;
    path.push_back(at);
  }
}

/// The curves of the points of one kind (indices into `pts`).
std::vector<std::vector<int>> join_kind(const std::vector<OrbitCurvePoint>& pts, const std::vector<int>& idx,
                                        const MapAxis& x, const MapAxis& y, double max_link) {
  const auto X = [&](int i) { return (pts[i].x - x.from) / (x.to - x.from); };
  const auto Y = [&](int i) { return (pts[i].y - y.from) / (y.to - y.from); };
  struct Link {
    double length;
    int a, b;
  };
  std::vector<Link> links;
  for (std::size_t i = 0; i < idx.size(); ++i)
    for (std::size_t j = i + 1; j < idx.size(); ++j) {
      const double d = std::hypot(X(idx[i]) - X(idx[j]), Y(idx[i]) - Y(idx[j]));
      if (d <= max_link) links.push_back({d, static_cast<int>(i), static_cast<int>(j)});
    }
  std::sort(links.begin(), links.end(), [](const Link& a, const Link& b) { return a.length < b.length; });
  const int n = static_cast<int>(idx.size());
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<std::vector<int>> next(n);
  for (const Link& l : links) {
    if (next[l.a].size() >= 2 || next[l.b].size() >= 2 || root(parent, l.a) == root(parent, l.b)) continue;
    parent[root(parent, l.a)] = root(parent, l.b);
    next[l.a].push_back(l.b);
    next[l.b].push_back(l.a);
  }
  std::vector<std::vector<int>> out;
  std::vector<bool> seen(n, false);
  for (int i = 0; i < n; ++i)  // every component is a path: start at an end
    if (!seen[i] && next[i].size() <= 1) {
      std::vector<int> path = walk(next, i, seen);
      for (int& k : path) k = idx[k];
      out.push_back(std::move(path));
    }
  return out;
}

}  // namespace

std::vector<OrbitCurvePoint> orbit_curve_points(const Diagram& diagram, bool along_x, double value) {
  std::vector<OrbitCurvePoint> out;
  const auto p_of = [along_x](const OrbitCurvePoint& q) { return along_x ? q.x : q.y; };
  const double length = std::abs(diagram.to - diagram.from);
  for (const OrbitEvent& e : orbit_events(diagram.orbit_branches)) {
    bool merged = false;
    for (std::size_t k = 0; k < out.size() && !merged; ++k) {
      // the smaller error: an extrapolated end (its p_error the distance to its last point) must
      // not swallow a located event nearby
      const double tol = std::max(std::min(out[k].p_error, e.p_error), kSameEvent * length);
      if (out[k].kind == e.kind && std::abs(p_of(out[k]) - e.p) <= tol) {
        merged = true;
        out[k].located = out[k].located || e.located;
        if (!out[k].period) out[k].period = e.period;
      }
    }
    if (merged) continue;
    OrbitCurvePoint q;
    q.kind = e.kind;
    q.x = along_x ? e.p : value;
    q.y = along_x ? value : e.p;
    q.along_x = along_x;
    q.located = e.located;
    q.p_error = e.p_error;
    q.period = e.period;
    q.exponent = e.exponent;
    out.push_back(q);
  }
  return out;
}

std::vector<OrbitCurve> join_orbit_points(const std::vector<OrbitCurvePoint>& points, const MapAxis& x,
                                          const MapAxis& y, double max_link, int first_id) {
  std::vector<std::string> kinds;
  for (const OrbitCurvePoint& q : points)
    if (std::find(kinds.begin(), kinds.end(), q.kind) == kinds.end()) kinds.push_back(q.kind);
  std::vector<OrbitCurve> out;
  for (const std::string& kind : kinds) {
    std::vector<int> idx;
    for (std::size_t i = 0; i < points.size(); ++i)
      if (points[i].kind == kind) idx.push_back(static_cast<int>(i));
    for (const std::vector<int>& path : join_kind(points, idx, x, y, max_link)) {
      OrbitCurve c;
      c.id = first_id + static_cast<int>(out.size());
      c.kind = kind;
      for (int i : path) c.points.push_back(points[i]);
      out.push_back(std::move(c));
    }
  }
  return out;
}

double orbit_link_length(int interior) { return 2 * std::sqrt(2.0) / (interior + 1); }

}  // namespace limitdir
