// Hopf points and the orbits born there: continuation/hopf.hpp, docs/manual.md section 9.
#include "limitdir/continuation/hopf.hpp"

#include <Eigen/LU>

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/limits/classify.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/analysis/find_limits.hpp"

namespace limitdir {

std::optional<double> hopf_parameter(double p0, const Eigen::Matrix2d& J0, double p1, const Eigen::Matrix2d& J1) {
  const double t0 = J0.trace(), t1 = J1.trace();
  if (!(J0.determinant() > 0 && J1.determinant() > 0)) return std::nullopt;
  if (t0 == 0) return p0;
  if (t1 == 0) return p1;
  if ((t0 < 0) == (t1 < 0)) return std::nullopt;
  return p0 + (p1 - p0) * t0 / (t0 - t1);
}

namespace {

struct Side {
  std::vector<ClosedOrbit> orbits;
  std::optional<SphereType> focus;  // the type of the limit direction near the event's, if found
  bool complete = false;
  std::string summary;
};

// The type of the limit direction near `focus` at F, if found.
std::optional<SphereType> focus_near(const System& system, double F, const Eigen::Vector3d& focus) {
  const Refined r = refine_limit_direction(system, F, focus);
  if (!r.converged) return std::nullopt;
  return classify(system, F, r.w).type;
}

// The limit set (zeros only) and the orbit search at p; the orbits around the focus.
Side search_side(const ParameterFamily& family, double p, const Eigen::Vector3d& focus,
                 const OrbitSearchOptions& options) {
  const System system = family.system(p);
  const double F = family.force(p);
  SolverOptions zeros;
  zeros.prove = false;
  zeros.closed_orbits = false;
  const LimitSet limits = find_limit_directions(system, F, zeros);
  const OrbitSearch search = find_closed_orbits(system, F, limits, options);
  return {orbits_encircling(search, focus), focus_near(system, F, focus), search.complete(), search.summary()};
}

// orbits_at_hopf, and whether both searches settled every seed.
struct Attempt {
  HopfOrbits orbits;
  bool complete = false;
};

Attempt search_both_sides(const ParameterFamily& family, const Event& hopf, double dp,
                          const OrbitSearchOptions& options) {
  if (hopf.kind != EventKind::hopf || hopf.directions.empty())
    throw InputError("orbits_at_hopf: the event is not a Hopf point");
  if (!(dp > 0)) throw InputError("orbits_at_hopf: dp must be positive");
  const Eigen::Vector3d focus = hopf.directions.front().normalized();
  Attempt a;
  HopfOrbits& out = a.orbits;
  out.p_below = hopf.p - dp;
  out.p_above = hopf.p + dp;
  const Side below = search_side(family, out.p_below, focus, options);
  const Side above = search_side(family, out.p_above, focus, options);
  out.below = below.orbits;
  out.above = above.orbits;
  out.reason = fmt::format("at p = {:.9g}: {}; at p = {:.9g}: {}", out.p_below, below.summary, out.p_above,
                           above.summary);
  a.complete = below.complete && above.complete;
  if (!a.complete || below.orbits.size() + above.orbits.size() != 1) return a;
  const Side& with = below.orbits.empty() ? above : below;
  out.kind = hopf_kind(with.orbits.front().stability, with.focus);
  return a;
}

}  // namespace

std::string hopf_kind(OrbitStability orbit, const std::optional<SphereType>& focus) {
  if (orbit == OrbitStability::attracting && focus == SphereType::unstable_focus) return "supercritical";
  if (orbit == OrbitStability::repelling && focus == SphereType::stable_focus) return "subcritical";
  return "unconfirmed";
}

std::optional<SphereType> focus_type_at(const ParameterFamily& family, const Event& hopf, double p) {
  if (hopf.directions.empty()) return std::nullopt;
  return focus_near(family.system(p), family.force(p), hopf.directions.front().normalized());
}

HopfOrbits orbits_at_hopf(const ParameterFamily& family, const Event& hopf, double dp,
                          const OrbitSearchOptions& options) {
  return search_both_sides(family, hopf, dp, options).orbits;
}

namespace {

// The gap between the event at p and its nearest neighbour in the diagram (another event or an
// end of the range).
double gap_around(const Diagram& diagram, const Event& event) {
  double gap = std::min(std::abs(event.p - diagram.from), std::abs(diagram.to - event.p));
  for (const Event& other : diagram.events)
    if (&other != &event && other.p != event.p) gap = std::min(gap, std::abs(other.p - event.p));
  return gap;
}

// Both sides searched completely and no orbit around the focus on either.
bool none_found(const Attempt& a) {
  return a.complete && a.orbits.below.empty() && a.orbits.above.empty();
}

// orbits_at_hopf at dp, then at dp / hopf_retry_shrink^k while none_found (hopf_retries).
HopfOrbits confirm_closer(const ParameterFamily& family, const Event& event, double dp,
                          const OrbitSearchOptions& options) {
  Attempt a = search_both_sides(family, event, dp, options);
  std::string tried = a.orbits.reason;
  for (int k = 0; k < hopf_retries && none_found(a) && dp / hopf_retry_shrink > event.p_error; ++k) {
    dp /= hopf_retry_shrink;
    a = search_both_sides(family, event, dp, options);
    tried += "; closer: " + a.orbits.reason;
  }
  a.orbits.reason = tried;
  return a.orbits;
}

}  // namespace

double hopf_offset(const Diagram& diagram, const Event& event) {
  return hopf_step_fraction * gap_around(diagram, event);
}

void confirm_hopf_events(const ParameterFamily& family, Diagram& diagram, const OrbitSearchOptions& options) {
  for (Event& event : diagram.events) {
    if (event.kind != EventKind::hopf || event.directions.empty()) continue;
    const double dp = hopf_offset(diagram, event);
    if (!(dp > event.p_error)) {
      HopfOrbits none;
      none.reason = fmt::format("not searched: the Hopf point is bracketed to +-{:.2g} only, within {:.2g} of "
                                "another event or an end of the range",
                                event.p_error, dp / hopf_step_fraction);
      event.born = none;
    } else {
      event.born = confirm_closer(family, event, dp, options);
    }
    if (event.born->kind == "unconfirmed") note_unconfirmed(diagram, event);
  }
}

namespace {

std::string unconfirmed_note(const Diagram& diagram, const Event& event, const std::string& reason) {
  return fmt::format("; the orbit born at the Hopf point at {} = {:.9g} is unconfirmed ({})", diagram.parameter,
                     event.p, reason);
}

}  // namespace

void note_unconfirmed(Diagram& diagram, const Event& event) {
  const std::string text = unconfirmed_note(diagram, event, event.born ? event.born->reason : "not searched");
  Certificate& cert = diagram.certificate;
  cert.reason += text;
  if (const Claim* events = find_claim(cert, "events")) set_claim(cert, "events", events->level, events->reason + text);
}

void retract_unconfirmed(Diagram& diagram, const Event& event, const std::string& reason) {
  const std::string text = unconfirmed_note(diagram, event, reason);
  const auto erase = [&text](std::string s) {
    if (const std::size_t at = s.find(text); at != std::string::npos) s.erase(at, text.size());
    return s;
  };
  Certificate& cert = diagram.certificate;
  cert.reason = erase(cert.reason);
  if (const Claim* events = find_claim(cert, "events")) set_claim(cert, "events", events->level, erase(events->reason));
}

}  // namespace limitdir
