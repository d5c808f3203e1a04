// Two bifurcation diagrams compared by meaning (diagram-diff, docs/manual.md section 5): the
// parameter, its range and the fixed load, the certificate, the events of Sect. 7.2.8 of
// [Nonlinear Dyn. 2024] and the regions of the paper's Cases 1-4, each matched one-to-one within
// tolerance; the branches as curves are compared in report/diagram_branches.cpp. See
// report/diagram_io.hpp.
#include "limitdir/report/diagram_io.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "limitdir/continuation/orbit_events.hpp"
#include "limitdir/core/errors.hpp"
#include "report/diagram_compare.hpp"
#include "report/diagram_keys.hpp"

namespace limitdir {

using detail::kForce;
using detail::number_text;
using detail::Tolerance;
using detail::vector_text;

std::string detail::number_text(double x) {
  std::ostringstream text;
  text.precision(10);
  text << x;
  return text.str();
}

std::string detail::vector_text(const Eigen::Vector3d& w) {
  return "[" + number_text(w[0]) + ", " + number_text(w[1]) + ", " + number_text(w[2]) + "]";
}

namespace {

/// A maximum one-to-one matching (augmenting paths, Kuhn) given, for each item i of A, the
/// items of B it may be matched with: returns, for each item of B, the matched item of A or
/// -1. O(sum of the candidate lists) per augmentation, near-linear for the short lists of
/// candidates_by_key.
std::vector<int> match(const std::vector<std::vector<std::size_t>>& candidates, std::size_t n_b) {
  std::vector<int> owner(n_b, -1);
  std::vector<std::size_t> seen(n_b, 0);  // the augmentation (1-based) that last visited j
  std::size_t stamp = 0;
  const std::function<bool(std::size_t)> augment = [&](std::size_t i) {
    for (const std::size_t j : candidates[i]) {
      if (seen[j] == stamp) continue;
      seen[j] = stamp;
      if (owner[j] < 0 || augment(static_cast<std::size_t>(owner[j]))) {
        owner[j] = static_cast<int>(i);
        return true;
      }
    }
    return false;
  };
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    ++stamp;
    augment(i);
  }
  return owner;
}

/// The same for few items (the directions of one event): every pair is tried.
std::vector<int> match(std::size_t n_a, std::size_t n_b, const std::function<bool(std::size_t, std::size_t)>& fits) {
  std::vector<std::vector<std::size_t>> candidates(n_a);
  for (std::size_t i = 0; i < n_a; ++i)
    for (std::size_t j = 0; j < n_b; ++j)
      if (fits(i, j)) candidates[i].push_back(j);
  return match(candidates, n_b);
}

/// The candidates of many items (events, regions) found by a sweep instead of every pair: B
/// sorted by a key (the parameter value), and for item i of A only the items of B whose key
/// lies within reach_a[i] of key_a[i] are tried (O((n_a + n_b) log n_b + pairs in reach)).
std::vector<std::vector<std::size_t>> candidates_by_key(const std::vector<double>& key_a,
                                                        const std::vector<double>& reach_a,
                                                        const std::vector<double>& key_b,
                                                        const std::function<bool(std::size_t, std::size_t)>& fits) {
  std::vector<std::size_t> order(key_b.size());
  for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return key_b[x] < key_b[y]; });
  std::vector<std::vector<std::size_t>> candidates(key_a.size());
  for (std::size_t i = 0; i < key_a.size(); ++i) {
    const double lo = key_a[i] - reach_a[i], hi = key_a[i] + reach_a[i];
    auto it = std::lower_bound(order.begin(), order.end(), lo, [&](std::size_t j, double x) { return key_b[j] < x; });
    for (; it != order.end() && !(key_b[*it] > hi); ++it)
      if (fits(i, *it)) candidates[i].push_back(*it);
  }
  return candidates;
}

/// Which items of A (size n_a) the matching left without a partner.
std::vector<bool> unmatched_of_a(std::size_t n_a, const std::vector<int>& owner) {
  std::vector<bool> lonely(n_a, true);
  for (const int i : owner)
    if (i >= 0) lonely[static_cast<std::size_t>(i)] = false;
  return lonely;
}

bool same_directions(const std::vector<Eigen::Vector3d>& a, const std::vector<Eigen::Vector3d>& b,
                     const Tolerance& tol) {
  if (a.size() != b.size()) return false;
  const std::vector<int> owner = match(a.size(), b.size(), [&](std::size_t i, std::size_t j) {
    return tol.same_w(a[i], b[j]);
  });
  return std::none_of(owner.begin(), owner.end(), [](int i) { return i < 0; });
}

bool same_event(const Event& a, const Event& b, const Tolerance& tol) {
  // A bracketed event is known only to within its error: widen the test by it.
  const double extra = std::max(a.located ? 0.0 : a.p_error, b.located ? 0.0 : b.p_error);
  return a.kind == b.kind && tol.same_p(a.p, b.p, extra) && same_directions(a.directions, b.directions, tol);
}

std::string event_text(const Event& event, const std::string& parameter) {
  std::string text = to_string(event.kind) + " at " + parameter + " = " + number_text(event.p);
  if (!event.located) text += " (bracketed, error " + number_text(event.p_error) + ")";
  if (!event.directions.empty()) text += " with w = " + vector_text(event.directions.front());
  if (event.directions.size() > 1) text += " and " + std::to_string(event.directions.size() - 1) + " more direction(s)";
  return text;
}

/// Events of `mine` with no partner in `theirs`, each with the nearest event of the same kind.
void lonely_events(const std::vector<Event>& mine, const std::vector<bool>& lonely, const std::vector<Event>& theirs,
                   const std::string& me, const std::string& other, const std::string& parameter,
                   std::vector<std::string>& out) {
  for (std::size_t i = 0; i < mine.size(); ++i) {
    if (!lonely[i]) continue;
    std::string text =
        "bifurcation " + event_text(mine[i], parameter) + " of " + me + " has no counterpart in " + other;
    const Event* nearest = nullptr;
    for (const Event& candidate : theirs)
      if (candidate.kind == mine[i].kind &&
          (nearest == nullptr || std::abs(candidate.p - mine[i].p) < std::abs(nearest->p - mine[i].p)))
        nearest = &candidate;
    if (nearest)
      text += " (nearest " + to_string(nearest->kind) + " of " + other + ": " + event_text(*nearest, parameter) + ")";
    else
      text += " (" + other + " has no " + to_string(mine[i].kind) + ")";
    out.push_back(std::move(text));
  }
}

bool same_region(const Region& a, const Region& b, const Tolerance& tol) {
  return a.count == b.count && a.types == b.types && tol.same_p(a.from, b.from) && tol.same_p(a.to, b.to);
}

std::string region_text(const Region& region, const std::string& parameter) {
  std::string types;
  for (const auto& [name, n] : region.types) types += (types.empty() ? "" : ", ") + std::to_string(n) + " " + name;
  return "region " + parameter + " in [" + number_text(region.from) + ", " + number_text(region.to) + "] with " +
         std::to_string(region.count) + " limit direction(s)" + (types.empty() ? "" : " (" + types + ")");
}


/// The events matched one-to-one (same_event), B's events swept in order of p.
std::vector<int> match_events(const std::vector<Event>& a, const std::vector<Event>& b, const Tolerance& tol) {
  const auto extra = [](const Event& e) { return e.located ? 0.0 : e.p_error; };
  double extra_b = 0.0;
  for (const Event& e : b) extra_b = std::max(extra_b, extra(e));
  std::vector<double> key_a, reach_a, key_b;
  for (const Event& e : a) {
    key_a.push_back(e.p);
    reach_a.push_back(tol.reach_p(e.p, std::max(extra(e), extra_b)));
  }
  for (const Event& e : b) key_b.push_back(e.p);
  return match(candidates_by_key(key_a, reach_a, key_b,
                                 [&](std::size_t i, std::size_t j) { return same_event(a[i], b[j], tol); }),
               b.size());
}

/// Two ends of orbit branches at the same event: the kind, p within tolerance (widened by the error
/// of an event not located: a fold extrapolated from one side, a fitted blow-up) and, for two
/// located folds, the period of the fold's orbit (as a value of p).
bool same_orbit_event(const OrbitEvent& a, const OrbitEvent& b, const Tolerance& tol) {
  const double extra = std::max(a.located ? 0.0 : a.p_error, b.located ? 0.0 : b.p_error);
  if (a.kind != b.kind || !tol.same_p(a.p, b.p, extra)) return false;
  return !(a.period && b.period) || tol.same_p(*a.period, *b.period);
}

std::string orbit_event_text(const OrbitEvent& e, const std::string& parameter) {
  std::string text = e.kind + " at " + parameter + " = " + number_text(e.p) + " (orbit branch " +
                     std::to_string(e.orbit_branch);
  text += e.located ? ", located" : ", extrapolated, error " + number_text(e.p_error);
  if (e.period) text += ", period " + number_text(*e.period);
  return text + ")";
}

/// The ends of orbit branches as events (continuation/orbit_events.hpp) matched one-to-one, every
/// pair tried (a diagram has few); the events of each side without a partner, one sentence each.
void orbit_event_differences(const Diagram& a, const Diagram& b, const Tolerance& tol, std::vector<std::string>& out) {
  const std::vector<OrbitEvent> ea = orbit_events(a.orbit_branches), eb = orbit_events(b.orbit_branches);
  const std::vector<int> owner =
      match(ea.size(), eb.size(), [&](std::size_t i, std::size_t j) { return same_orbit_event(ea[i], eb[j], tol); });
  const std::vector<bool> lonely_a = unmatched_of_a(ea.size(), owner);
  for (std::size_t i = 0; i < ea.size(); ++i)
    if (lonely_a[i]) out.push_back("bifurcation " + orbit_event_text(ea[i], a.parameter) + " of A has no counterpart in B");
  for (std::size_t j = 0; j < eb.size(); ++j)
    if (owner[j] < 0) out.push_back("bifurcation " + orbit_event_text(eb[j], a.parameter) + " of B has no counterpart in A");
}

/// The regions matched one-to-one (same_region), B's regions swept in order of their start.
std::vector<int> match_regions(const std::vector<Region>& a, const std::vector<Region>& b, const Tolerance& tol) {
  std::vector<double> key_a, reach_a, key_b;
  for (const Region& r : a) {
    key_a.push_back(r.from);
    reach_a.push_back(tol.reach_p(r.from, 0.0));
  }
  for (const Region& r : b) key_b.push_back(r.from);
  return match(candidates_by_key(key_a, reach_a, key_b,
                                 [&](std::size_t i, std::size_t j) { return same_region(a[i], b[j], tol); }),
               b.size());
}


}  // namespace

std::vector<std::string> diagram_differences(const Diagram& a, const Diagram& b, const DiffTolerance& tolerance) {
  const auto check = [](double x, const char* name, bool zero_ok) {
    if (!std::isfinite(x) || x < 0.0 || (!zero_ok && x == 0.0))
      throw InputError(std::string(name) + ": must be a finite number " + (zero_ok ? ">= 0" : "> 0") + " (got " +
                       number_text(x) + ")");
  };
  check(tolerance.event_rtol, "event_rtol", true);
  check(tolerance.event_atol, "event_atol", false);
  check(tolerance.curve_tol, "curve_tol", false);
  const Tolerance tol{tolerance.event_rtol, tolerance.event_atol, tolerance.curve_tol};
  std::vector<std::string> out;

  // Diagrams over different parameters are not comparable any further.
  if (a.parameter != b.parameter) {
    out.push_back("parameter: A varies \"" + a.parameter + "\", B varies \"" + b.parameter + "\"");
    return out;
  }
  const std::string& name = a.parameter;
  if (!tol.same_p(a.from, b.from) || !tol.same_p(a.to, b.to))
    out.push_back("range of " + name + ": A covers [" + number_text(a.from) + ", " + number_text(a.to) +
                  "], B covers [" + number_text(b.from) + ", " + number_text(b.to) + "]");
  if (name != kForce && !tol.same_p(a.force, b.force))
    out.push_back("fixed load: A has force = " + number_text(a.force) + ", B has force = " + number_text(b.force));
  if (a.certificate.level != b.certificate.level)
    out.push_back("certificate.level: A " + to_string(a.certificate.level) + ", B " + to_string(b.certificate.level));
  // a claim both certificates make at different levels; reasons and claims only one of them
  // makes (a diagram written before claims) are no change of the diagram (docs/manual.md section 5)
  for (const Claim& ca : a.certificate.claims)
    if (const Claim* cb = find_claim(b.certificate, ca.claim); cb && cb->level != ca.level)
      out.push_back("certificate.claims[" + ca.claim + "].level: A " + to_string(ca.level) + ", B " +
                    to_string(cb->level));

  // Events: the same multiset (Sect. 7.2.8: tangency, fold, pitchfork, branch point, Hopf).
  const std::vector<int> event_owner = match_events(a.events, b.events, tol);
  lonely_events(a.events, unmatched_of_a(a.events.size(), event_owner), b.events, "A", "B", name, out);
  std::vector<bool> lonely_b(b.events.size());
  for (std::size_t j = 0; j < b.events.size(); ++j) lonely_b[j] = event_owner[j] < 0;
  lonely_events(b.events, lonely_b, a.events, "B", "A", name, out);
  // the ends of orbit branches that are events (cycle-fold, snic, homoclinic; docs/manual.md section 9)
  orbit_event_differences(a, b, tol, out);

  // Regions: the paper's Cases, by count and types of limit directions, and their boundaries.
  const std::vector<int> region_owner = match_regions(a.regions, b.regions, tol);
  const std::vector<bool> lonely_regions_a = unmatched_of_a(a.regions.size(), region_owner);
  for (std::size_t i = 0; i < a.regions.size(); ++i)
    if (lonely_regions_a[i]) out.push_back(region_text(a.regions[i], name) + " of A has no counterpart in B");
  for (std::size_t j = 0; j < b.regions.size(); ++j)
    if (region_owner[j] < 0) out.push_back(region_text(b.regions[j], name) + " of B has no counterpart in A");

  // Branches as curves in (p, w), both ways, and the types of their points along them.
  detail::branch_differences(a, b, tol, out);
  // Branches of closed orbits as curves in (p, ln T), both ways.
  detail::orbit_branch_differences(a, b, tol, out);
  return out;
}

}  // namespace limitdir
