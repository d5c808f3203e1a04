// The regions of a map as the faces of the curves' arrangement: see maps/regions.hpp.
#include "maps/regions.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <numeric>
#include <set>

#include "limitdir/analysis/find_limits.hpp"

namespace limitdir::detail {

namespace {
// X values closer than 1e-12 are one cut: the points of a curve at a constant parameter (a
// tangency at a fixed load) differ in X by the rounding of the scaling, ~1e-16.
constexpr double kSameX = 1e-12;
// A curve's end within 1e-8 of another chord or of a side of the rectangle lies on it: ends are
// located to the corrector's ~1e-11 (bounds, codimension-2 points), and the points of a curve
// are ~1e-3 or more apart, so 1e-8 joins only what meets.
constexpr double kSnap = 1e-8;
// The Y of chords on one cut closer than 1e-13 are one (where two chords cross, their
// interpolated Y differ by rounding, ~1e-16): trapezoids of neighbouring slabs are then joined
// when their sides overlap by more than nothing, and a trapezoid of no height is no part of a face.
constexpr double kSameY = 1e-13;
// A face whose widest trapezoid is below 1e-9 (in width or height) has no point that is off its
// curves by more than their own accuracy (~1e-11 with room): it is not classified.
constexpr double kThinFace = 1e-9;

struct RegionChord {
  Eigen::Vector2d a, b;  // a.x() <= b.x()
  int curve;             // -1: a side of the rectangle
  double y_at(double X) const { return a.x() == b.x() ? a.y() : a.y() + (b.y() - a.y()) * (X - a.x()) / (b.x() - a.x()); }
};

Eigen::Vector2d nearest_on(const RegionChord& c, const Eigen::Vector2d& p) {
  const Eigen::Vector2d d = c.b - c.a;
  const double t = d.squaredNorm() > 0 ? std::clamp((p - c.a).dot(d) / d.squaredNorm(), 0.0, 1.0) : 0.0;
  return c.a + t * d;
}

/// The curves' polylines in the scaled rectangle, ends snapped onto the sides and onto other curves.
std::vector<std::vector<Eigen::Vector2d>> polylines(const MapAxis& x, const MapAxis& y, const std::vector<MapCurve>& curves) {
  std::vector<std::vector<Eigen::Vector2d>> lines;
  for (const MapCurve& c : curves) {
    std::vector<Eigen::Vector2d> line;
    for (const MapPoint& p : c.points)
      line.emplace_back(std::clamp((p.x - x.from) / (x.to - x.from), 0.0, 1.0),
                        std::clamp((p.y - y.from) / (y.to - y.from), 0.0, 1.0));
    if (line.empty()) continue;
    lines.push_back(std::move(line));
  }
  const auto to_sides = [&] {
    for (auto& line : lines)
      for (Eigen::Vector2d* end : {&line.front(), &line.back()})
        for (int k = 0; k < 2; ++k)
          for (double side : {0.0, 1.0})
            if (std::abs((*end)[k] - side) <= kSnap) (*end)[k] = side;
  };
  to_sides();
  // an end near another curve's end goes onto that end, else onto the nearest chord
  for (std::size_t i = 0; i < lines.size(); ++i)
    for (Eigen::Vector2d* end : {&lines[i].front(), &lines[i].back()}) {
      bool done = false;
      for (std::size_t j = 0; j < i && !done; ++j)
        for (const Eigen::Vector2d* other : {&lines[j].front(), &lines[j].back()})
          if (!done && (*other - *end).norm() <= kSnap) *end = *other, done = true;
      for (std::size_t j = 0; j < lines.size() && !done; ++j)
        for (std::size_t s = 0; j != i && s + 1 < lines[j].size() && !done; ++s) {
          const Eigen::Vector2d q = nearest_on(RegionChord{lines[j][s], lines[j][s + 1], 0}, *end);
          if ((q - *end).norm() <= kSnap) *end = q, done = true;
        }
    }
  to_sides();
  return lines;
}

std::vector<double> merged(std::vector<double> xs) {
  std::sort(xs.begin(), xs.end());
  std::vector<double> out;
  for (double x : xs)
    if (out.empty() || x - out.back() > kSameX) out.push_back(x);
  out.front() = 0, out.back() = 1;
  return out;
}

double snapped(const std::vector<double>& cuts, double x) {
  const auto it = std::lower_bound(cuts.begin(), cuts.end(), x - kSameX);
  return it != cuts.end() && std::abs(*it - x) <= kSameX ? *it : x;
}

/// The X of every strict crossing of two non-vertical chords.
void crossings(const std::vector<RegionChord>& chords, std::vector<double>& xs) {
  for (std::size_t i = 0; i < chords.size(); ++i)
    for (std::size_t j = i + 1; j < chords.size(); ++j) {
      const RegionChord &p = chords[i], &q = chords[j];
      if (p.a.x() == p.b.x() || q.a.x() == q.b.x()) continue;
      const double lo = std::max(p.a.x(), q.a.x()), hi = std::min(p.b.x(), q.b.x());
      if (!(lo < hi)) continue;
      const double d0 = p.y_at(lo) - q.y_at(lo), d1 = p.y_at(hi) - q.y_at(hi);
      if ((d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0)) xs.push_back(lo + (hi - lo) * d0 / (d0 - d1));
    }
}

struct UnionFind {
  std::vector<int> parent;
  int add() {
    parent.push_back(static_cast<int>(parent.size()));
    return parent.back();
  }
  int find(int i) { return parent[i] == i ? i : parent[i] = find(parent[i]); }
  void join(int a, int b) { parent[find(a)] = find(b); }
};

/// The open part of [lo, hi] left by the vertical chords at X is not empty.
bool open_between(double lo, double hi, const std::vector<std::pair<double, double>>& blocked) {
  double y = lo;
  for (const auto& [b0, b1] : blocked) {  // sorted by b0
    if (b1 <= y) continue;
    if (std::min(b0, hi) > y) return true;
    y = std::max(y, b1);
    if (y >= hi) return false;
  }
  return hi > y;
}

/// The Y of the chords at one cut, merged to within kSameY (each to the lowest of its cluster;
/// the sides 0 and 1 exact).
class Levels {
 public:
  Levels(const std::vector<const RegionChord*>& chords, double X) {
    std::vector<double> ys{0.0, 1.0};
    for (const RegionChord* c : chords) ys.push_back(std::clamp(c->y_at(X), 0.0, 1.0));
    std::sort(ys.begin(), ys.end());
    for (double y : ys)
      if (starts_.empty() || y - starts_.back() > kSameY) starts_.push_back(y);
  }
  double operator()(double y) const {
    y = std::clamp(y, 0.0, 1.0);
    auto it = std::upper_bound(starts_.begin(), starts_.end(), y);
    const double v = *(it - 1);
    return it != starts_.end() && *it - y <= kSameY && *it == 1.0 ? 1.0 : v;
  }

 private:
  std::vector<double> starts_;
};

void classify_region(const TwoParameterFamily& f, MapRegion& r, const SolverOptions& solver, std::vector<std::string>& doubts) {
  try {
    const LimitSet set = find_limit_directions(f.system(r.x, r.y), f.force(r.x, r.y), solver);
    std::map<std::string, int> types;
    for (const Classification& c : set.directions) ++types[to_string(c.radial) + " " + to_string(c.type)];
    r.count = static_cast<int>(set.directions.size());
    r.types.assign(types.begin(), types.end());
    r.level = set.certificate.level;
    if (!set.certificate.complete())
      doubts.push_back(fmt::format("find-limits at the region point {} = {}, {} = {} is incomplete: {}", f.x.name, r.x,
                                   f.y.name, r.y, set.certificate.reason));
  } catch (const std::exception& e) {
    doubts.push_back(fmt::format("find-limits at the region point {} = {}, {} = {} failed: {}", f.x.name, r.x, f.y.name,
                                 r.y, e.what()));
  }
}

/// The types up to topological equivalence: a node and a focus of the same stability are one
/// (both index 1, conjugate by Hartman-Grobman); where the discriminant of J_T changes sign
/// inside a region no bifurcation occurs and no curve is drawn (docs/manual.md section 13).
std::vector<std::pair<std::string, int>> topological(const std::vector<std::pair<std::string, int>>& types) {
  std::map<std::string, int> merged;
  for (const auto& [name, k] : types) {
    std::string n = name;
    if (const auto at = n.rfind("-focus"); at != std::string::npos && at + 6 == n.size()) n.replace(at, 6, "-node");
    merged[n] += k;
  }
  return {merged.begin(), merged.end()};
}

std::string structure(int count, const std::vector<std::pair<std::string, int>>& types) {
  std::string s = fmt::format("{} limit direction(s)", count);
  for (const auto& [name, k] : types) s += fmt::format(", {} {}", k, name);
  return s;
}

}  // namespace

int Arrangement::face_at(double X, double Y) const {
  const auto it = std::upper_bound(cuts.begin(), cuts.end(), X);
  if (it == cuts.begin() || it == cuts.end() || *(it - 1) == X) return -1;
  for (const Trapezoid& t : slabs[static_cast<std::size_t>(it - cuts.begin() - 1)]) {
    const double s = (X - t.X0) / (t.X1 - t.X0);
    if (Y > t.low0 + s * (t.low1 - t.low0) && Y < t.high0 + s * (t.high1 - t.high0)) return t.face;
  }
  return -1;
}

namespace {

/// The chords of the curves and of the rectangle's sides, with X snapped to the cuts.
std::vector<RegionChord> chords_and_cuts(const MapAxis& x, const MapAxis& y, const std::vector<MapCurve>& curves,
                                   std::vector<double>& cuts) {
  const auto lines = polylines(x, y, curves);
  std::vector<RegionChord> chords;
  std::vector<double> xs{0.0, 1.0};
  for (std::size_t i = 0; i < lines.size(); ++i)
    for (std::size_t s = 0; s + 1 < lines[i].size(); ++s) {
      Eigen::Vector2d a = lines[i][s], b = lines[i][s + 1];
      if (a.x() > b.x()) std::swap(a, b);
      if ((a - b).norm() == 0) continue;
      chords.push_back({a, b, static_cast<int>(i)});
      xs.push_back(a.x());
      xs.push_back(b.x());
    }
  cuts = merged(xs);
  for (RegionChord& c : chords) c.a.x() = snapped(cuts, c.a.x()), c.b.x() = snapped(cuts, c.b.x());
  std::vector<double> more = cuts;
  crossings(chords, more);
  cuts = merged(more);
  for (RegionChord& c : chords) c.a.x() = snapped(cuts, c.a.x()), c.b.x() = snapped(cuts, c.b.x());
  return chords;
}

/// The chords that reach the cut X from either side.
std::vector<const RegionChord*> at_cut(const std::vector<RegionChord>& chords, double X) {
  std::vector<const RegionChord*> out;
  for (const RegionChord& c : chords)
    if (c.a.x() < c.b.x() && c.a.x() <= X && c.b.x() >= X) out.push_back(&c);
  return out;
}

/// The trapezoids of each slab, and the faces by joining neighbours.
void decompose(const std::vector<RegionChord>& chords, Arrangement& a, UnionFind& faces) {
  const RegionChord bottom{{0, 0}, {1, 0}, -1}, top{{0, 1}, {1, 1}, -1};
  a.slabs.resize(a.cuts.size() - 1);
  std::vector<Levels> levels;
  for (double X : a.cuts) levels.emplace_back(at_cut(chords, X), X);
  for (std::size_t i = 0; i + 1 < a.cuts.size(); ++i) {
    const double X0 = a.cuts[i], X1 = a.cuts[i + 1], Xm = 0.5 * (X0 + X1);
    std::vector<const RegionChord*> span{&bottom, &top};
    for (const RegionChord& c : chords)
      if (c.a.x() < c.b.x() && c.a.x() <= X0 && c.b.x() >= X1) span.push_back(&c);
    std::sort(span.begin(), span.end(), [&](const RegionChord* p, const RegionChord* q) { return p->y_at(Xm) < q->y_at(Xm); });
    for (std::size_t k = 0; k + 1 < span.size(); ++k) {
      const RegionChord &lo = *span[k], &hi = *span[k + 1];
      Trapezoid t{X0, X1, levels[i](lo.y_at(X0)), levels[i + 1](lo.y_at(X1)), levels[i](hi.y_at(X0)),
                  levels[i + 1](hi.y_at(X1)), -1};
      if (!(t.high0 - t.low0 + t.high1 - t.low1 > 0) || t.low0 + t.low1 >= 2 || t.high0 + t.high1 <= 0) continue;
      t.face = faces.add();
      a.slabs[i].push_back(t);
    }
  }
  for (std::size_t i = 0; i + 2 < a.cuts.size(); ++i) {
    const double X = a.cuts[i + 1];
    std::vector<std::pair<double, double>> blocked;
    for (const RegionChord& c : chords)
      if (c.a.x() == X && c.b.x() == X)
        blocked.emplace_back(levels[i + 1](std::min(c.a.y(), c.b.y())), levels[i + 1](std::max(c.a.y(), c.b.y())));
    std::sort(blocked.begin(), blocked.end());
    for (const Trapezoid& t : a.slabs[i])
      for (const Trapezoid& u : a.slabs[i + 1])
        if (open_between(std::max(t.low1, u.low0), std::min(t.high1, u.high0), blocked)) faces.join(t.face, u.face);
  }
}

}  // namespace

Arrangement arrange(const MapAxis& x, const MapAxis& y, const std::vector<MapCurve>& curves) {
  Arrangement a;
  const std::vector<RegionChord> chords = chords_and_cuts(x, y, curves, a.cuts);
  UnionFind faces;
  decompose(chords, a, faces);
  // faces numbered in order of first appearance; each one's widest trapezoid gives its point
  std::map<int, int> number;
  for (auto& slab : a.slabs)
    for (Trapezoid& t : slab) {
      const auto [it, fresh] = number.emplace(faces.find(t.face), static_cast<int>(number.size()));
      t.face = it->second;
      if (fresh) {
        a.regions.emplace_back();
        a.widest.push_back(-1.0);
      }
      const double Xm = 0.5 * (t.X0 + t.X1), lo = 0.5 * (t.low0 + t.low1), hi = 0.5 * (t.high0 + t.high1);
      MapRegion& r = a.regions[t.face];
      r.area += (t.X1 - t.X0) * (hi - lo);
      const double size = std::min(t.X1 - t.X0, hi - lo);
      if (size > a.widest[t.face]) {
        a.widest[t.face] = size;
        r.x = x.from + Xm * (x.to - x.from);
        r.y = y.from + 0.5 * (lo + hi) * (y.to - y.from);
      }
    }
  return a;
}

Arrangement map_regions(const TwoParameterFamily& f, const std::vector<MapCurve>& curves, const SolverOptions& solver) {
  Arrangement a = arrange(f.x, f.y, curves);
  for (std::size_t k = 0; k < a.regions.size(); ++k) {
    MapRegion& r = a.regions[k];
    if (a.widest[k] < kThinFace) {
      a.doubts.push_back(fmt::format("a region near {} = {}, {} = {} is thinner than {:.0e} of the rectangle: not "
                                     "classified", f.x.name, r.x, f.y.name, r.y, kThinFace));
      continue;
    }
    classify_region(f, r, solver, a.doubts);
  }
  return a;
}

LineComparison compare_with_line(const TwoParameterFamily& f, const Arrangement& arrangement, bool along_x,
                                 double value, const Diagram& diagram) {
  LineComparison out;
  const MapAxis& along = along_x ? f.x : f.y;
  const double across = along_x ? (value - f.y.from) / (f.y.to - f.y.from) : (value - f.x.from) / (f.x.to - f.x.from);
  for (const Region& interval : diagram.regions) {
    int face = -1;
    for (double t : {0.5, 0.25, 0.75, 0.1, 0.9}) {
      const double s = (interval.from + t * (interval.to - interval.from) - along.from) / (along.to - along.from);
      face = along_x ? arrangement.face_at(s, across) : arrangement.face_at(across, s);
      if (face >= 0) break;
    }
    if (face < 0) {
      ++out.unresolved;
      continue;
    }
    const MapRegion& g = arrangement.regions[face];
    if (g.count != interval.count || topological(g.types) != topological(interval.types))
      out.doubts.push_back(fmt::format(
          "the sweep along {} at {} = {} has {} on {} in [{}, {}], but the map's region there (find-limits at {} = {}, "
          "{} = {}) has {}", along.name, along_x ? f.y.name : f.x.name, value, structure(interval.count, interval.types),
          along.name, interval.from, interval.to, f.x.name, g.x, f.y.name, g.y, structure(g.count, g.types)));
  }
  return out;
}

}  // namespace limitdir::detail
