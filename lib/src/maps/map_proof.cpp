// The proof of a two-parameter map on the invariant circle: see maps/map_proof.hpp.
#include "maps/map_proof.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "continuation/circle_proof.hpp"
#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

namespace {

// A traced vertex is corrected to ~1e-11 in the scaled unknowns (maps/curve_walk.cpp); the
// exact curve's point at the vertex's own u (or p) is then within that residual times the
// conditioning of the defining system, below 1e3 on these curves: 1e-8 of the rectangle.
constexpr double kOnExact = 1e-8;
// A located codimension-2 point is within ~1e-10 of its exact point; two distinct points of one
// kind closer than the map's kSamePoint (1e-7 of the rectangle) would be one point there.
constexpr double kPointMatch = 1e-7;
// A traced curve's parameter range covers a cell when it reaches within 1e-8 of the range
// (its ends at a side or at a codimension-2 point are located to ~1e-11, scaled).
constexpr double kCoverGap = 1e-8;
// A direction is on the circle w2 = 0 (held there exactly by the curve's mirror), and on the
// equator (+-1, 0, 0), to the rounding of a unit vector.
constexpr double kOnCircle = 1e-12;
// The mass matrix built in double (system/system.cpp) and its closed form agree to its rounding.
constexpr double kMassAgreement = 1e-14;

// ----- the qualifying families --------------------------------------------------------------

/// b1(p), r(p) = b3/b1 and p(r) of (11)-(18) [Nonlinear Dyn. 2024] (system/system.cpp):
/// disc M = diag(1, 1, j/rho^2); ball M = diag(a, a, lambda^2 j/rho^2), a = j/(1 + j), Q_e = a F e1.
std::optional<MassParameter> mass_parameter(const Problem& problem, const std::string& name) {
  const Interval rho2 = square(Interval(problem.rho_over_R()));
  const std::string& preset = problem.system.preset;
  MassParameter m;
  if (preset == "disc" && name == "j") {
    m.b1 = [](const Interval&) { return Interval(1.0); };
    m.r = [rho2](const Interval& j) { return rho2 / j; };
    m.p_of_r = [rho2](const Interval& r) { return rho2 / r; };
  } else if (preset == "ball" && name == "lambda") {
    const Interval j(problem.system.j), one_plus_j = Interval(1.0) + Interval(problem.system.j);
    m.b1 = [j, one_plus_j](const Interval&) { return one_plus_j / j; };
    m.r = [rho2, one_plus_j](const Interval& lambda) { return rho2 / (square(lambda) * one_plus_j); };
    m.p_of_r = [rho2, one_plus_j](const Interval& r) { return sqrt(rho2 / (r * one_plus_j)); };
  } else if (preset == "ball" && name == "j") {
    const Interval lambda2 = square(Interval(problem.system.lambda));
    m.b1 = [](const Interval& j) { return Interval(1.0) + Interval(1.0) / j; };
    m.r = [rho2, lambda2](const Interval& j) { return rho2 / (lambda2 * (Interval(1.0) + j)); };
    m.p_of_r = [rho2, lambda2](const Interval& r) { return rho2 / (lambda2 * r) - Interval(1.0); };
  } else {
    return std::nullopt;
  }
  return m;
}

bool agree(const Interval& a, const Interval& b) {
  return std::abs(mid_of(a) - mid_of(b)) <= kMassAgreement * std::max(std::abs(mid_of(a)), std::abs(mid_of(b)));
}

bool same_series(const ChebyshevSeries& a, const ChebyshevSeries& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].lower() != b[i].lower() || a[i].upper() != b[i].upper()) return false;
  return true;
}

/// The circle's series of the system at p, checked against the closed form of M^-1 and c1 = F.
std::optional<CircleSeries> series_at(const System& s, const std::string& name, const MassParameter& m, double p,
                                      std::string& why) {
  const std::optional<CircleSeries> series = circle_series(s, false);
  if (!series) {
    why = "the system is neither a harmonic model on its invariant circle nor a linear one with Pi = diag(a, a, b)";
    return std::nullopt;
  }
  const std::optional<IMat3> Minv = inverse_enclosure(to_interval(s.M()));
  const Interval P(p);
  if (!Minv || !agree(m.b1(P), (*Minv)(0, 0)) || !agree(m.r(P), (*Minv)(2, 2) / (*Minv)(0, 0)) ||
      !agree(series->a, Interval(1.0)) || series->b.lower() != 0 || series->b.upper() != 0) {
    why = fmt::format("the system at {} = {} does not have M^-1 and c1 = F of its closed form", name, p);
    return std::nullopt;
  }
  return series;
}

}  // namespace

std::unique_ptr<const CircleMap> circle_map_of(const Problem& problem, const MapAxis& x, const MapAxis& y,
                                               std::string& why) {
  if ((x.name == "force") == (y.name == "force")) {
    why = "the load is not one of the axes";
    return nullptr;
  }
  const MapAxis& load = x.name == "force" ? x : y;
  const MapAxis& other = x.name == "force" ? y : x;
  const std::optional<MassParameter> mass = mass_parameter(problem, other.name);
  if (!mass) {
    why = fmt::format("{} of the {} changes more than M^-1 (only lambda of the ball and j of the disc or the ball "
                      "enter M^-1 alone)", other.name, problem.system.preset);
    return nullptr;
  }
  if (load.from < 0) {
    why = "the load range reaches below 0";
    return nullptr;
  }
  const ParameterFamily family = parameter_family(problem, other.name);  // the friction model built once
  const System s0 = family.system(other.from), s1 = family.system(other.to);
  const std::optional<CircleSeries> c0 = series_at(s0, other.name, *mass, other.from, why);
  if (!c0) return nullptr;
  const std::optional<CircleSeries> c1 = series_at(s1, other.name, *mass, other.to, why);
  if (!c1) return nullptr;
  if (!same_series(c0->C, c1->C) || !same_series(c0->S, c1->S) ||
      s0.friction().kappa_over_rho() != s1.friction().kappa_over_rho()) {
    why = fmt::format("the friction model changes with {}", other.name);
    return nullptr;
  }
  auto exact = std::make_unique<const CircleMap>(c0->C, c0->S, Interval(s0.friction().kappa_over_rho()), *mass,
                                                 CircleRectangle{other.from, other.to, load.from, load.to});
  if (!exact->ok()) {
    why = exact->why();
    return nullptr;
  }
  return exact;
}

namespace {

// ----- the traced map against the exact curves ----------------------------------------------

/// The map's coordinates of a point as (p, F), and both scaled to the rectangle.
struct Frame {
  CircleRectangle rect;
  bool force_is_x;
  double p(const MapPoint& q) const { return force_is_x ? q.y : q.x; }
  double F(const MapPoint& q) const { return force_is_x ? q.x : q.y; }
  /// The scaled distance of q from the enclosures (P, F).
  double off(const MapPoint& q, const Interval& P, const Interval& F) const {
    const auto gap = [](double v, const Interval& I) { return std::max({I.lower() - v, v - I.upper(), 0.0}); };
    return std::max(gap(p(q), P) / (rect.p1 - rect.p0), gap(this->F(q), F) / (rect.F1 - rect.F0));
  }
};

/// A traced curve and the exact family it lies on, with its parameter range.
struct OnFamily {
  int family = -1;
  std::vector<double> t;  // the parameter of each vertex (then of its codimension-2 points)
};

/// The exact family of a traced curve by its kind and first vertex (-1 for none).
int family_of(const CircleMap& exact, const MapCurve& c) {
  const std::vector<ExactCurve>& curves = exact.curves();
  const double u = c.points.front().w.z() * c.points.front().w.z();
  for (std::size_t i = 0; i < curves.size(); ++i) {
    if (curves[i].kind != c.kind) continue;
    if (curves[i].over_u) return static_cast<int>(i);
    const Interval& U = curves[i].u_enclosure;
    if (u >= U.lower() - kOnExact && u <= U.upper() + kOnExact) return static_cast<int>(i);
  }
  return -1;
}

/// Whether a vertex lies on the exact curve of its family; its parameter t when it does.
bool on_exact(const CircleMap& exact, const Frame& frame, const ExactCurve& curve, const MapPoint& q, double& t) {
  if (std::abs(q.w.y()) > kOnCircle) return false;
  const double u = q.w.z() * q.w.z();
  Interval P(0.0), F(0.0);
  if (curve.over_u) {
    t = u;
    if (!exact.fold_at(Interval(u), P, F)) return false;
  } else {
    t = frame.p(q);
    const Interval& U = curve.u_enclosure;
    if (u < U.lower() - kOnExact || u > U.upper() + kOnExact) return false;
    P = Interval(t);
    F = curve.at(P).F;
  }
  return frame.off(q, P, F) <= kOnExact;
}

/// Whether an `out` cell lies between the parameters a and b (beyond kCoverGap of each).
bool jumps_out(const CurveCells& cells, const ExactCurve& curve, double a, double b) {
  const double gap = kCoverGap * (curve.t1 - curve.t0), lo = std::min(a, b) + gap, hi = std::max(a, b) - gap;
  return std::any_of(cells.cells.begin(), cells.cells.end(), [&](const CurveCell& c) {
    return c.state == CurveCell::State::out && c.hi > lo && c.lo < hi;
  });
}

/// Every vertex of every traced curve on its exact family, without jumps; the first failure.
std::string place_curves(const CircleMap& exact, const Frame& frame, const BifurcationMap& map,
                         const std::vector<CurveCells>& cells, std::vector<OnFamily>& placed) {
  for (const MapCurve& c : map.curves) {
    OnFamily on;
    on.family = c.points.empty() ? -1 : family_of(exact, c);
    if (on.family < 0)
      return fmt::format("the {} curve {} lies on no {} curve of the invariant circle", to_string(c.kind), c.id,
                         to_string(c.kind));
    const ExactCurve& curve = exact.curves()[on.family];
    for (const MapPoint& q : c.points) {
      double t = 0;
      if (!on_exact(exact, frame, curve, q, t))
        return fmt::format("a vertex of the {} curve {} at ({}, {}) is not on {} to {:.0e}", to_string(c.kind), c.id,
                           q.x, q.y, curve.what, kOnExact);
      if (!on.t.empty() && jumps_out(cells[on.family], curve, on.t.back(), t))
        return fmt::format("the {} curve {} jumps over a part of {} outside the rectangle", to_string(c.kind), c.id,
                           curve.what);
      on.t.push_back(t);
    }
    for (const CodimTwoPoint& p : map.points) {  // its codimension-2 points extend it (its ends)
      double t = 0;
      if (std::find(p.curves.begin(), p.curves.end(), c.id) != p.curves.end() && on_exact(exact, frame, curve, p.at, t))
        on.t.push_back(t);
    }
    placed.push_back(std::move(on));
  }
  return {};
}

/// Every `in` cell of every exact curve within the parameter range of a traced curve on it.
std::string check_cover(const CircleMap& exact, const std::vector<CurveCells>& cells,
                        const std::vector<OnFamily>& placed) {
  for (std::size_t f = 0; f < exact.curves().size(); ++f) {
    const ExactCurve& curve = exact.curves()[f];
    const double gap = kCoverGap * (curve.t1 - curve.t0);
    std::vector<std::pair<double, double>> ranges;
    for (const OnFamily& on : placed)
      if (on.family == static_cast<int>(f))
        ranges.emplace_back(*std::min_element(on.t.begin(), on.t.end()) - gap,
                            *std::max_element(on.t.begin(), on.t.end()) + gap);
    std::sort(ranges.begin(), ranges.end());
    std::vector<std::pair<double, double>> merged;
    for (const auto& r : ranges)
      if (!merged.empty() && r.first <= merged.back().second) merged.back().second = std::max(merged.back().second, r.second);
      else merged.push_back(r);
    for (const CurveCell& c : cells[f].cells) {
      if (c.state == CurveCell::State::out) continue;
      const bool covered = std::any_of(merged.begin(), merged.end(), [&](const auto& r) {
        return r.first <= c.lo && c.hi <= r.second;
      });
      if (covered) continue;
      if (c.state == CurveCell::State::in)
        return fmt::format("{} has a part inside the rectangle ({} in [{:.12g}, {:.12g}]) that no traced curve covers",
                           curve.what, curve.over_u ? "u" : "p", c.lo, c.hi);
      // an edge cell is one the bisection could not decide at its resolution: the curve may
      // cross the rectangle inside it (a rectangle thinner than the cell's image), so it must
      // lie within a traced curve's range like a cell inside
      return fmt::format("{} may pass through the rectangle within {} in [{:.12g}, {:.12g}], a cell at the proof's "
                         "resolution ({:.0e} of its parameter) that no traced curve covers: the rectangle is too "
                         "thin for the proof there",
                         curve.what, curve.over_u ? "u" : "p", c.lo, c.hi, kEdgeCell);
    }
  }
  return {};
}

/// Every codimension-2 point of the rectangle matched by exactly one located point of its kind,
/// and every located point by one of them.
std::string check_points(const CircleMap& exact, const Frame& frame, const BifurcationMap& map, int& inside) {
  std::vector<int> matched(map.points.size(), 0);
  for (const ExactPoint& e : exact.points()) {
    if (!e.inside && !e.outside)
      return fmt::format("a {} at u = {:.12g} may lie on a side of the rectangle: not decided", to_string(e.kind),
                         mid_of(e.u));
    if (e.outside) continue;
    ++inside;
    int found = 0;
    for (std::size_t i = 0; i < map.points.size(); ++i)
      if (map.points[i].kind == e.kind && frame.off(map.points[i].at, e.P, e.F) <= kPointMatch) ++found, ++matched[i];
    if (found != 1)
      return fmt::format("the {} at ({} = {:.12g}, F = {:.12g}) is located {} time(s) in the map", to_string(e.kind),
                         frame.force_is_x ? map.y.name : map.x.name, mid_of(e.P), mid_of(e.F), found);
  }
  for (std::size_t i = 0; i < map.points.size(); ++i)
    if (matched[i] == 0)
      return fmt::format("the map's {} at ({}, {}) is none of the codimension-2 points of the circle",
                         to_string(map.points[i].kind), map.points[i].at.x, map.points[i].at.y);
  return {};
}

}  // namespace

MapProof compare_with_circle_map(const CircleMap& exact, bool force_is_x, const BifurcationMap& map) {
  MapProof out;
  const Frame frame{exact.rectangle(), force_is_x};
  const std::vector<CurveCells>& cells = exact.cells();
  std::size_t total = 0;
  for (const CurveCells& c : cells) total += c.cells.size();
  std::vector<OnFamily> placed;
  int inside = 0;
  out.reason = place_curves(exact, frame, map, cells, placed);
  if (out.reason.empty()) out.reason = check_cover(exact, cells, placed);
  if (out.reason.empty()) out.reason = check_points(exact, frame, map, inside);
  if (!out.reason.empty()) return out;
  for (const MapRegion& r : map.regions)
    if (r.level != Level::proven) {
      out.reason = fmt::format("find-limits at the region point ({}, {}) is not proven", r.x, r.y);
      return out;
    }
  out.proven = true;
  out.curves = fmt::format(
      "on the invariant circle w2 = 0 every limit direction at a load F > 0 is (+-1, 0, 0) or solves "
      "A(u)^2 (1 - u) = F^2 (131)-(132), u = w3^2, and {} depends on the systems through M^-1 alone, so the curves of "
      "the rectangle are {} exact graphs (the fold set r(p) = B_C(u)/(k B_S(u)) over u, the pitchfork and "
      "tangencies over p: docs/manual.md section 13), enclosed in interval arithmetic over {} cells of their "
      "parameters; every vertex of the map's {} curve(s) lies on its exact curve to {:.0e} of the rectangle, every "
      "part of every exact curve inside the rectangle is covered by a curve of the map to {:.0e} of its parameter (no "
      "curve or isola missed)",
      frame.force_is_x ? map.y.name : map.x.name, exact.curves().size(), total, map.curves.size(), kOnExact, kCoverGap);
  out.points = fmt::format("the {} codimension-2 point(s) inside (cusps isolated as the simple roots of R'(u), the "
                           "degenerate pitchfork, fold-pole and fold-tangencies in closed form) are each located once",
                           inside);
  out.regions = fmt::format("each of the {} region(s) (the faces of the curves' polylines) has its limit directions "
                            "proven by find-limits at its point",
                            map.regions.size());
  out.reason = "proven: " + out.curves + ", " + out.points + ", and " + out.regions;
  return out;
}

std::vector<CurveSeed> circle_seeds(const CircleMap& exact, bool force_is_x) {
  std::vector<CurveSeed> seeds;
  for (std::size_t f = 0; f < exact.curves().size(); ++f) {
    const ExactCurve& c = exact.curves()[f];
    const CurveCells& cells = exact.cells()[f];
    for (std::size_t i = 0; i < cells.cells.size();) {  // each run of cells inside the rectangle
      std::size_t j = i;
      while (j < cells.cells.size() && cells.cells[j].state == CurveCell::State::in) ++j;
      double widest = 0, t = 0;
      for (std::size_t k = i; k < j; ++k)
        if (cells.cells[k].state == CurveCell::State::in && cells.cells[k].hi - cells.cells[k].lo > widest)
          widest = cells.cells[k].hi - cells.cells[k].lo, t = 0.5 * (cells.cells[k].lo + cells.cells[k].hi);
      double p = 0, F = 0;
      Eigen::Vector3d w;
      if (widest > 0 && exact.point_on(c, t, p, F, w))
        seeds.push_back({c.kind, MapPoint{force_is_x ? F : p, force_is_x ? p : F, w, 0.0}});
      i = std::max(j, i + 1);
    }
  }
  return seeds;
}

}  // namespace limitdir::detail
