// The events of a load sweep on the invariant circle: see continuation/circle_events.hpp.
#include "continuation/circle_events.hpp"

#include <optional>

#include "continuation/circle_proof.hpp"

namespace limitdir::detail {

std::optional<std::vector<PredictedEvent>> circle_event_loads(const System& system, double F0, double F1,
                                                              std::string* undecided) {
  const Eigen::Vector3d d = system.M_inv() * system.load_direction(), e = system.M_inv() * system.load_offset();
  if (d.z() != 0.0 || e.z() != 0.0 || d.x() == 0.0) return std::nullopt;
  const std::optional<CircleSeries> series = circle_series(system, false);
  if (!series) return std::nullopt;
  // the roots are enclosed rigorously (continuation/circle_proof.hpp); their middles are the
  // predictions (the enclosures are ~1e-14 wide)
  const CircleEvents ev = enclose_circle_events(circle_system(*series), F0, F1, false);
  if (!ev.proven) {
    if (undecided) *undecided = ev.reason;
    return std::nullopt;
  }
  std::vector<PredictedEvent> out;
  for (const EventEnclosure& x : ev.events) out.push_back({x.kind, mid_of(x.F)});
  return out;
}

std::optional<std::vector<PredictedEvent>> circle_event_loads(const System& system, double F0, double F1) {
  return circle_event_loads(system, F0, F1, nullptr);
}

}  // namespace limitdir::detail
