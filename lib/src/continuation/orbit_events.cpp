// The ends of orbit branches as events (continuation/orbit_events.hpp, docs/manual.md section 9
// "Continuation of orbits").
#include "limitdir/continuation/orbit_events.hpp"

namespace limitdir {

bool is_orbit_event(const std::string& end_kind) {
  return end_kind == "cycle-fold" || end_kind == "snic" || end_kind == "homoclinic";
}

std::vector<OrbitEvent> orbit_events(const std::vector<OrbitBranch>& branches) {
  std::vector<OrbitEvent> out;
  for (const OrbitBranch& b : branches)
    for (std::size_t k = 0; k < 2; ++k) {
      const OrbitEnd& end = b.ends[k];
      if (!is_orbit_event(end.kind)) continue;
      OrbitEvent e;
      e.kind = end.kind;
      e.p = end.p;
      e.p_error = end.p_error;
      e.orbit_branch = b.id;
      e.exponent = end.exponent;
      e.reason = end.reason;
      // a located fold is the branch's end point itself (ends[0] is the first point, ends[1] the last)
      if (end.kind == "cycle-fold" && !b.points.empty()) {
        const OrbitPoint& q = k == 0 ? b.points.front() : b.points.back();
        e.located = q.p == end.p;
        if (e.located) e.period = q.period;
      }
      out.push_back(std::move(e));
    }
  return out;
}

}  // namespace limitdir
