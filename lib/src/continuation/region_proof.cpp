// The structure of a region proven at interior loads: see continuation/region_proof.hpp.
#include "continuation/region_proof.hpp"

#include <fmt/format.h>
#include <map>

#include "continuation/branch_tracer.hpp"
#include "continuation/diagram_verifier.hpp"
#include "limitdir/analysis/find_limits.hpp"

namespace limitdir::detail {

std::string region_gap_at(BranchTracer& tracer, const System& sys, const Region& r,
                          const std::vector<double>& loads) {
  SolverOptions proving = tracer.options().solver;
  proving.prove = true;
  for (double pm : loads) {
    const LimitSet L = find_limit_directions(sys, tracer.field().force(pm), proving);
    std::map<std::string, int> types;
    for (const Classification& c : L.directions) ++types[type_key(c.radial, c.type)];
    if (L.certificate.level != Level::proven || static_cast<int>(L.directions.size()) != r.count ||
        std::vector<std::pair<std::string, int>>(types.begin(), types.end()) != r.types)
      return fmt::format("the region [{:.9g}, {:.9g}] is not proven at F = {:.9g}: {}", r.from, r.to, pm,
                         L.certificate.reason);
  }
  return "";
}

}  // namespace limitdir::detail
