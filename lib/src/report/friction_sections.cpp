// The friction report's sections of the friction surface (report/friction_sections.hpp).
#include "limitdir/report/friction_sections.hpp"

#include <algorithm>
#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/friction/surface_section.hpp"

namespace limitdir {

nlohmann::json friction_sections(const Problem& problem, int n) {
  if (n < 3 || n > kMaxSectionPoints)
    throw InputError("sections: must be an integer in [3, " + std::to_string(kMaxSectionPoints) + "] (got " +
                     std::to_string(n) + ")");
  const auto model = make_friction_model(problem);
  nlohmann::json sections = nlohmann::json::array();
  for (int k = 0; k < 3; ++k) {
    const SurfaceSection s = surface_section(*model, k, n);
    nlohmann::json points = nlohmann::json::array();
    double largest = 0.0;
    for (const SectionPoint& p : s.points) {
      points.push_back({{"phi_x", p.phi_x}, {"w", {p.w[0], p.w[1], p.w[2]}}, {"q", {p.q[0], p.q[1], p.q[2]}},
                        {"residual", p.residual}});
      largest = std::max(largest, p.residual);
    }
    sections.push_back({{"plane", "q" + std::to_string(k + 1) + " = 0"},
                        {"k", k + 1},
                        {"axes", {s.i + 1, s.j + 1}},
                        {"max_residual", largest},
                        {"points", points}});
  }
  return sections;
}

}  // namespace limitdir
