// find_limit_directions: the solver of one load, then the closed orbits, assembled into one
// certificate (docs/manual.md section 9, docs/architecture.md "analysis").
#include "limitdir/analysis/find_limits.hpp"

#include <optional>
#include <string>

namespace limitdir {

namespace {
// docs/manual.md section 9: closed orbits are excluded by the symmetry argument where it
// applies; otherwise the search must settle every seed's fate, or the certificate is
// incomplete (a report that lists limit directions but may miss an attracting closed orbit
// does not describe where the slip goes). On a proven limit set the combinatorial-flow proof
// comes first; the search is numerical: a proven level drops to checked.
void attach_closed_orbits(const System& system, double F, const SolverOptions& opt, LimitSet& set) {
  Certificate& cert = set.certificate;
  const auto append = [&](const std::string& text) { cert.reason += (cert.reason.empty() ? "" : "; ") + text; };
  if (const std::optional<std::string> why = closed_orbit_exclusion(system, F)) {
    cert.closed_orbits = "excluded";
    append(*why);
    return;
  }
  // A proven limit set: the combinatorial-flow proof (limits/orbit_exclusion.hpp) keeps the
  // level proven when it excludes every closed orbit; otherwise the search decides, as below,
  // and the reason says why the proof did not hold.
  std::string not_excluded;
  if (cert.level == Level::proven) {
    const OrbitExclusion proof = exclude_closed_orbits(system, F, opt.orbit_exclusion);
    if (proof.proven) {
      cert.closed_orbits = "excluded";
      append(proof.reason);
      return;
    }
    not_excluded = "; " + proof.reason;
  }
  // With the limit set already in doubt the certificate is incomplete whatever the search
  // finds: only the forward trajectories (the attracting orbits, where slip ends up) are run.
  OrbitSearchOptions search_options = opt.orbit_search;
  const bool forward_only = !cert.complete() && search_options.backward;
  if (forward_only) search_options.backward = false;
  const OrbitSearch search = find_closed_orbits(system, F, set, search_options);
  set.closed_orbits = search.orbits;
  if (forward_only) {  // the level is incomplete already
    cert.closed_orbits = "incomplete";
    append("closed orbits searched forward only (the limit set is incomplete): " + search.summary());
    return;
  }
  if (search.complete() && search.backward.seeds > 0) {  // both directions: attracting and repelling orbits
    cert.closed_orbits = "checked";
    if (cert.level == Level::proven) cert.level = Level::checked;
    append("closed orbits checked (numerically): " + search.summary() + not_excluded);
    return;
  }
  cert.closed_orbits = "incomplete";
  cert.level = Level::incomplete;
  append("closed orbits not settled: " + search.summary() + not_excluded);
}
}  // namespace

LimitSet find_limit_directions(const System& system, double F, const SolverOptions& opt) {
  LimitSet set = solve_limit_directions(system, F, opt);
  if (opt.closed_orbits) attach_closed_orbits(system, F, opt, set);
  return set;
}

}  // namespace limitdir
