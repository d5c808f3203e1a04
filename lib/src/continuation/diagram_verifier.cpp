// Checks of a traced diagram against find-limits: see continuation/diagram_verifier.hpp.
#include "continuation/diagram_verifier.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>

#include "limitdir/analysis/find_limits.hpp"
#include "continuation/jump_sets.hpp"
#include "core/vector_text.hpp"

namespace limitdir::detail {

namespace {

// Two limit directions at the same p are the same when they agree to 1e-7: both are Newton
// solutions to |V*| <= 1e-11, and distinct hyperbolic zeros closer than that would make the
// continuation itself ill-posed; find-limits merges its own duplicates at the same distance.
constexpr double same_direction = 1e-7;
// Events closer than this (relative) bound one region of zero width: no interior point.
constexpr double region_min_width = 1e-9;
// A check value stands for a region's interior when it is at least this fraction of the region
// away from both ends: next to an event the close pair of a fold is resolved less well, and a
// tenth keeps clear of the event checks at 1e-5 of the range in every region wider than 1e-4.
constexpr double interior_margin = 0.1;
// A direction on a circle {w : w . axis = sin theta} of a continuum: the latitude is a root of
// the meridian equation (to ~1e-12) and the cut a Newton point at p (to ~1e-11); 1e-7 as for
// two directions.
constexpr double on_circle = 1e-7;


bool contains(const std::vector<Classification>& set, const Eigen::Vector3d& w) {
  return std::any_of(set.begin(), set.end(), [&](const Classification& c) { return (c.w - w).norm() <= same_direction; });
}

std::map<std::string, int> type_counts(const std::vector<Classification>& set) {
  std::map<std::string, int> out;
  for (const Classification& c : set) ++out[type_key(c.radial, c.type)];
  return out;
}

}  // namespace

std::string type_key(Radial radial, SphereType type) { return to_string(radial) + " " + to_string(type); }

// The point of the branch between its consecutive points u, v (p between u.p and v.p) at p.
// Near a turning point or a branch point, w is far from linear in p, and Newton at fixed p
// from the linear interpolation can land on another branch. So the chord is followed: points
// of the branch on hyperplanes normal to the chord (the pseudo-arclength corrector), the chord
// fraction s adjusted by regula falsi until their p is p, then Newton at p from there.
bool DiagramVerifier::point_at(const BranchPoint& u, const BranchPoint& v, double p, X& x) {
  // p to 1e-3 of the segment's p-range before the final Newton at p: the point is then on this
  // branch within 1e-3 of the step in p, far closer than any other branch that is not meeting
  // it at an event (events are points of the polyline); a step or two of regula falsi.
  constexpr double p_fraction = 1e-3;
  constexpr int max_steps = 8;
  const X xu = make_x(u.w, u.rdot, u.p), xv = make_x(v.w, v.rdot, v.p);
  const X d = xv - xu;
  const X t = d.normalized();
  double s0 = 0, s1 = 1, f0 = u.p - p, f1 = v.p - p;
  x = xu + (f0 / (f0 - f1)) * d;
  for (int k = 0; k < max_steps; ++k) {
    const double s = std::clamp(f0 / (f0 - f1), 0.0, 1.0);
    const X xp = xu + (s0 + s * (s1 - s0)) * d;
    X y = xp;
    if (!tr_.correct(y, t, xp)) break;
    x = y;
    const double f = y[4] - p;
    if (std::abs(f) <= p_fraction * std::abs(v.p - u.p)) break;
    const double sm = s0 + s * (s1 - s0);
    if ((f < 0) == (f0 < 0)) {
      s0 = sm;
      f0 = f;
    } else {
      s1 = sm;
      f1 = f;
    }
  }
  return tr_.correct_at_p(x, p);
}

Cut DiagramVerifier::cut(const std::vector<Branch>& branches, double p) {
  Cut out{p, {}};
  const std::shared_ptr<const System> system = tr_.field().system_ptr(p);  // held across corrections
  const double F = tr_.field().force(p);
  for (const Branch& b : branches)
    for (std::size_t i = 0; i + 1 < b.points.size(); ++i) {
      const BranchPoint &u = b.points[i], &v = b.points[i + 1];
      if ((u.p - p) * (v.p - p) > 0 || u.p == v.p) continue;
      if (b.jump_set) {  // a Filippov limit direction: its own 1-D condition at p (jump_sets.hpp)
        const std::optional<Classification> c = jump_point_at(tr_.field(), *b.jump_set, u.w, p);
        if (c && !contains(out.directions, c->w)) out.directions.push_back(*c);
        continue;
      }
      X x;
      if (!point_at(u, v, p, x)) continue;  // find-limits then reports it as unexplained
      const Eigen::Vector3d w = x.head<3>().normalized();
      if (contains(out.directions, w)) continue;
      out.directions.push_back(classify(*system, F, w, tr_.options().solver.classify));
    }
  return out;
}

// find-limits at p; where its sampled search is in doubt (a close pair next to a fold), the
// proof decides (it encloses every zero or names the cells it could not decide).
// Each value of p is solved once (a later round of checks, or a region's interior point that is
// a check value already, reuses it: find-limits does not depend on the branches).
const LimitSet& DiagramVerifier::settled_limits(double p) {
  if (const auto known = solved_.find(p); known != solved_.end()) return known->second;
  ++checks_;
  LimitSet L = find_limit_directions(tr_.field().system(p), tr_.field().force(p), tr_.options().solver);
  if (!L.certificate.complete() && !tr_.options().solver.prove) {
    SolverOptions proving = tr_.options().solver;
    proving.prove = true;
    L = find_limit_directions(tr_.field().system(p), tr_.field().force(p), proving);
  }
  return solved_.emplace(p, std::move(L)).first->second;
}

// The load at which a region (a, b) is checked: a value solved already that lies well inside
// it (the one nearest its middle), else its middle.
double DiagramVerifier::interior_point(double a, double b) const {
  const double mid = 0.5 * (a + b), margin = interior_margin * (b - a);
  double best = mid;
  for (auto it = solved_.lower_bound(a + margin); it != solved_.end() && it->first <= b - margin; ++it)
    if (best == mid || std::abs(it->first - mid) < std::abs(best - mid)) best = it->first;
  return best;
}

CheckOutcome DiagramVerifier::check(const std::vector<Branch>& branches, double p) {
  CheckOutcome out;
  const LimitSet& L = settled_limits(p);
  if (!L.circles.empty()) {
    out.continuum = true;
    return out;
  }
  const std::string at = fmt::format("at {} = {:.12g}", name_, p);
  if (!L.certificate.complete())
    out.doubts.push_back(fmt::format("find-limits {} is itself in doubt: {}", at, L.certificate.reason));
  const Cut c = cut(branches, p);
  for (const Classification& f : L.directions) {
    const auto it = std::find_if(c.directions.begin(), c.directions.end(),
                                 [&](const Classification& b) { return (b.w - f.w).norm() <= same_direction; });
    if (it == c.directions.end()) {
      out.unexplained.push_back(f);
      continue;
    }
    if (it->radial != f.radial || it->type != f.type)
      out.doubts.push_back(fmt::format("{} the branch through w = {} is typed {}, find-limits types it {}", at,
                                       vec(f.w, 6), type_key(it->radial, it->type), type_key(f.radial, f.type)));
  }
  for (const Classification& b : c.directions)
    if (!contains(L.directions, b.w))
      out.doubts.push_back(fmt::format("{} the branches pass through w = {}, which find-limits does not find", at,
                                       vec(b.w, 6)));
  return out;
}

std::vector<std::string> DiagramVerifier::check_continuum(const std::vector<Branch>& branches, double p, const LimitSet& L,
                                                          const std::function<bool(const Eigen::Vector3d&)>& on_curve) {
  std::vector<std::string> doubts;
  const std::string at = fmt::format("at the continuum {} = {:.12g}", name_, p);
  const auto on_a_circle = [&](const Eigen::Vector3d& w) {
    return std::any_of(L.circles.begin(), L.circles.end(),
                       [&](const LimitCircle& c) { return std::abs(w.dot(c.axis) - std::sin(c.theta)) <= on_circle; });
  };
  const Cut c = cut(branches, p);
  for (const Classification& b : c.directions)
    if (!on_a_circle(b.w) && !on_curve(b.w) && !contains(L.directions, b.w))
      doubts.push_back(fmt::format("{} a branch passes through w = {}, on no circle and not an isolated limit "
                                   "direction of find-limits",
                                   at, vec(b.w, 6)));
  // A branch that meets a kink set (a cone of q at a pole) at the continuum's load stops within
  // the kink reach of it (1e3 h_min in w and in p, continuation/kink_crossing.cpp) with its kink
  // event: an isolated direction there is on that branch.
  const double reach = 1e3 * tr_.options().h_min;
  const auto near = [&](const BranchPoint& e, const Eigen::Vector3d& w) {
    return std::abs(e.p - p) <= reach && (e.w - w).norm() <= reach;
  };
  const auto ends_at = [&](const Eigen::Vector3d& w) {
    return std::any_of(branches.begin(), branches.end(), [&](const Branch& b) {
      return !b.points.empty() && (near(b.points.front(), w) || near(b.points.back(), w));
    });
  };
  for (const Classification& f : L.directions)
    if (!contains(c.directions, f.w) && !ends_at(f.w))
      doubts.push_back(fmt::format("{} find-limits finds w = {}, on no branch", at, vec(f.w, 6)));
  return doubts;
}

// The ends of the regions: from, to and the event loads between, those closer than
// region_min_width taken as one.
std::vector<double> DiagramVerifier::region_cuts(std::vector<double> event_loads, double from, double to) {
  std::vector<double> cuts{from, to};
  for (double p : event_loads)
    if (p > from && p < to) cuts.push_back(p);
  std::sort(cuts.begin(), cuts.end());
  const double min_width = region_min_width * (1 + std::abs(from) + std::abs(to));
  cuts.erase(std::unique(cuts.begin(), cuts.end(), [&](double a, double b) { return b - a < min_width; }), cuts.end());
  return cuts;
}

std::vector<double> DiagramVerifier::region_points(std::vector<double> event_loads, double from, double to) const {
  const std::vector<double> cuts = region_cuts(std::move(event_loads), from, to);
  std::vector<double> out;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) out.push_back(interior_point(cuts[k], cuts[k + 1]));
  return out;
}

std::vector<Region> DiagramVerifier::regions(const std::vector<Branch>& branches, const std::vector<Event>& events,
                                             double from, double to, std::vector<std::string>& doubts) {
  std::vector<double> loads;
  for (const Event& e : events) loads.push_back(e.p);
  const std::vector<double> cuts = region_cuts(loads, from, to);
  const double min_width = region_min_width * (1 + std::abs(from) + std::abs(to));
  std::vector<Region> out;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const double pm = interior_point(cuts[k], cuts[k + 1]);
    const Cut c = cut(branches, pm);
    const std::map<std::string, int> types = type_counts(c.directions);
    const LimitSet& L = settled_limits(pm);
    if (L.circles.empty() && (L.directions.size() != c.directions.size() || type_counts(L.directions) != types))
      doubts.push_back(fmt::format("in the region [{:.9g}, {:.9g}] the branches give {} limit direction(s) at {} = "
                                   "{:.9g}, find-limits {} (or other types)",
                                   cuts[k], cuts[k + 1], c.directions.size(), name_, pm, L.directions.size()));
    Region r{cuts[k], cuts[k + 1], static_cast<int>(c.directions.size()), {types.begin(), types.end()}};
    // a continuum ends the regions on both sides (its own count is not finite)
    const bool at_continuum = std::any_of(events.begin(), events.end(), [&](const Event& e) {
      return e.kind == EventKind::continuum && std::abs(e.p - cuts[k]) < min_width;
    });
    if (!out.empty() && !at_continuum && out.back().count == r.count && out.back().types == r.types)
      out.back().to = r.to;  // an event that changes nothing here (e.g. one on another branch pair)
    else
      out.push_back(std::move(r));
  }
  return out;
}

}  // namespace limitdir::detail
