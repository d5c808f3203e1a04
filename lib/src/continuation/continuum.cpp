// The continuum of a sweep (docs/manual.md section 5): see continuation/continuum.hpp.
#include "continuation/continuum.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "continuation/branch_tracer.hpp"
#include "continuation/diagram_verifier.hpp"
#include "continuation/event_log.hpp"
#include "continuation/sweep_scope.hpp"

namespace limitdir::detail {

namespace {

// c = M^-1 (F d + e) vanishes at F = -e.d/|d|^2 when e is parallel to d: to a few roundings of
// the products, relative to |e| + |F d|.
constexpr double c_zero_relative = 1e-14;
// A direction of an event lies on a circle {w : w . axis = sin theta} of a continuum: an event
// within the continuum margin of its load lies within ~|dw/dp| 1e-6 of the circle; 1e-5 keeps
// clear of the isolated directions, whose distance from the circles is of order one.
constexpr double on_continuum_circle = 1e-5;

}  // namespace

std::vector<double> continuum_loads(const Eigen::Vector3d& d, const Eigen::Vector3d& e, bool invariant_circle) {
  std::vector<double> loads;
  if (invariant_circle && d.x() != 0) loads.push_back(-e.x() / d.x() + 0.0);  // + 0.0: no -0
  if (d.squaredNorm() > 0) {
    const double F = -e.dot(d) / d.squaredNorm() + 0.0;
    if ((F * d + e).norm() <= c_zero_relative * (e.norm() + std::abs(F) * d.norm())) loads.push_back(F);
  }
  std::sort(loads.begin(), loads.end());
  loads.erase(std::unique(loads.begin(), loads.end()), loads.end());
  return loads;
}

bool has_continuum(FamilyField& field, double p, double c1_zero) {
  const System& sys = field.system(p);
  const double F = field.force(p);
  const double scale = 1.0 + std::abs(F) * (sys.M_inv() * sys.load_direction()).norm();
  return sys.has_invariant_circle() && std::abs(sys.c(F).x()) <= c1_zero * scale;
}

void Continua::find(FamilyField& field, DiagramVerifier& verifier, double from, double to) {
  const std::shared_ptr<const System> sys = field.system_ptr(from);
  const Eigen::Vector3d d = sys->M_inv() * sys->load_direction(), e = sys->M_inv() * sys->load_offset();
  for (double F : continuum_loads(d, e, sys->has_invariant_circle())) {
    if (F < from || F > to) continue;
    const LimitSet& L = verifier.limits_at(F);
    if (!L.circles.empty()) continua_.push_back({F, L});
  }
}

bool Continua::near_load(double p) const {
  return std::any_of(continua_.begin(), continua_.end(), [&](const Continuum& C) { return std::abs(p - C.p) <= window_; });
}

bool Continua::on_a_circle(const Continuum& C, const Eigen::Vector3d& w) {
  return std::any_of(C.limits.circles.begin(), C.limits.circles.end(), [&](const LimitCircle& c) {
    return std::abs(w.dot(c.axis) - std::sin(c.theta)) <= on_continuum_circle;
  });
}

bool Continua::part_of(const Continuum& C, const Event& e) const {
  return e.kind != EventKind::continuum && std::abs(e.p - C.p) <= window_ &&
         std::any_of(e.directions.begin(), e.directions.end(), [&](const Eigen::Vector3d& w) { return on_a_circle(C, w); });
}

bool Continua::part_of_any(const Event& e) const {
  return std::any_of(continua_.begin(), continua_.end(), [&](const Continuum& C) { return part_of(C, e); });
}

bool Continua::meets(const Branch& b, double p) const {
  for (std::size_t i = 0; i < b.points.size(); ++i) {
    if (std::abs(b.points[i].p - p) <= window_) return true;
    if (i + 1 < b.points.size() && (b.points[i].p - p) * (b.points[i + 1].p - p) < 0) return true;
  }
  return false;
}

// The branches reach a continuum on its circles or at its isolated directions, and every
// isolated direction is on a branch (DiagramVerifier::check_continuum).
void Continua::add_events(EventLog& log, const std::vector<Branch>& branches, DiagramVerifier& verifier,
                          const std::string& parameter, Findings& findings) const {
  for (const Continuum& C : continua_) {
    Event e{EventKind::continuum, C.p, {}, {}, true, 0.0, C.limits.circles, C.limits.certificate.level};
    for (const Classification& c : C.limits.directions) e.directions.push_back(c.w);
    for (const Branch& b : branches)
      if (meets(b, C.p)) e.branches.push_back(b.id);
    log.absorb(e, [&](const Event& f) { return part_of(C, f); });
    if (!C.limits.certificate.complete())
      findings.doubts.push_back(fmt::format("find-limits at the continuum {} = {:.12g} is not certified: {}", parameter,
                                            C.p, C.limits.certificate.reason));
    const std::vector<std::string> doubts = verifier.check_continuum(branches, C.p);
    findings.doubts.insert(findings.doubts.end(), doubts.begin(), doubts.end());
    findings.notes.push_back(fmt::format("the continuum at {} = {:.12g} ({} circle(s) and {} isolated limit direction(s) "
                                         "from find-limits there, {}; no proof covers it) is met by the branches on its "
                                         "circles or at its isolated directions, each of which lies on a branch",
                                         parameter, C.p, C.limits.circles.size(), C.limits.directions.size(),
                                         to_string(C.limits.certificate.level)));
  }
}

void Continua::place_kinks(std::vector<Event>& events) const {
  for (const Continuum& C : continua_)
    for (Event& e : events) {
      if (e.kind != EventKind::kink || !(std::abs(e.p - C.p) <= window_)) continue;
      const bool isolated = std::any_of(C.limits.directions.begin(), C.limits.directions.end(), [&](const Classification& c) {
        return (c.w - e.directions.front()).norm() <= on_continuum_circle;
      });
      if (!isolated) continue;
      e.p_error = std::max(e.p_error, std::abs(e.p - C.p));
      e.p = C.p;
    }
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.p < b.p; });
}

}  // namespace limitdir::detail
