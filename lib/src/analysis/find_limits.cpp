// find_limit_directions: the solver of one load, then the closed orbits, assembled into one
// certificate (docs/manual.md section 9, docs/architecture.md "analysis").
#include "limitdir/analysis/find_limits.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "limitdir/limits/reflection.hpp"

#include "limitdir/core/progress.hpp"

namespace limitdir {

namespace {
// docs/manual.md section 9, "Proof of an orbit": each orbit found gets its proof; the text says
// how many hold. A proven orbit exists and is unique near its section, but the search is not a
// proof that there is no other orbit, so the certificate's closed_orbits is not raised by it.
std::string prove_orbits(const System& system, double F, const OrbitProofOptions& options,
                         std::vector<ClosedOrbit>& orbits) {
  if (orbits.empty()) return "";
  std::size_t proven = 0;
  std::string first_failure;
  // a proof takes ~0.1 to a few seconds (docs/manual.md section 9, "Proof of an orbit")
  ProgressCounter counter(current_progress(), "closed-orbit proofs: orbits", orbits.size());
  for (std::size_t i = 0; i < orbits.size(); ++i) {
    ClosedOrbit& o = orbits[i];
    o.proof = prove_closed_orbit(system, F, o, options);
    counter.step(i + 1);
    if (o.proof->proven)
      ++proven;
    else if (first_failure.empty())
      first_failure = o.proof->reason;
  }
  const std::string prefix = "not proven: ";  // the proof's reason starts so
  if (first_failure.compare(0, prefix.size(), prefix) == 0) first_failure.erase(0, prefix.size());
  std::string text = "; " + std::to_string(proven) + " of " + std::to_string(orbits.size()) +
                     " orbit(s) proven to exist (each the only closed orbit through its section arc)";
  if (proven < orbits.size()) text += ", the first not proven: " + first_failure;
  return text + "; the list is not proven complete";
}

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
  // every zero counted by the proof (the limit-directions claim proven, not merely the level)
  const Claim* zeros = find_claim(cert, "limit-directions");
  if (zeros && zeros->level == Level::proven && reflection_symmetric(system, F)) {
    std::string why_not;
    if (const std::optional<std::string> why = reflection_orbit_exclusion(system, F, set.directions.size(), why_not)) {
      cert.closed_orbits = "excluded";
      append(*why);
      return;
    }
    not_excluded = "; not excluded by the reflection w2 -> -w2: " + why_not;
  }
  if (cert.level == Level::proven) {
    const OrbitExclusion proof = exclude_closed_orbits(system, F, opt.orbit_exclusion);
    if (proof.proven) {
      cert.closed_orbits = "excluded";
      append(proof.reason);
      return;
    }
    not_excluded += "; " + proof.reason;
  }
  // With the limit set already in doubt the certificate is incomplete whatever the search
  // finds: only the forward trajectories (the attracting orbits, where slip ends up) are run.
  OrbitSearchOptions search_options = opt.orbit_search;
  const bool forward_only = !cert.complete() && search_options.backward;
  if (forward_only) search_options.backward = false;
  const OrbitSearch search = find_closed_orbits(system, F, set, search_options);
  set.closed_orbits = search.orbits;
  const std::string proofs = opt.prove_orbits ? prove_orbits(system, F, opt.orbit_proof, set.closed_orbits) : "";
  if (forward_only) {  // the level is incomplete already
    cert.closed_orbits = "incomplete";
    append("closed orbits searched forward only (the limit set is incomplete): " + search.summary() + proofs);
    return;
  }
  if (search.complete() && search.backward.seeds > 0) {  // both directions: attracting and repelling orbits
    cert.closed_orbits = "checked";
    if (cert.level == Level::proven) cert.level = Level::checked;
    append("closed orbits checked (numerically): " + search.summary() + proofs + not_excluded);
    return;
  }
  cert.closed_orbits = "incomplete";
  cert.level = Level::incomplete;
  append("closed orbits not settled: " + search.summary() + proofs + not_excluded);
}

// The "closed-orbits" claim (docs/manual.md section 5, "Claims"): from how they were handled
// (Certificate::closed_orbits) and the text attach_closed_orbits appended after `before`; an
// exclusion is a proof (the level of the set is unchanged by it), a search at most checked.
void closed_orbits_claim(Certificate& cert, std::size_t before) {
  const std::string& how = cert.closed_orbits;
  const Level level = how == "excluded" ? Level::proven : how == "checked" ? Level::checked : Level::incomplete;
  std::string text = cert.reason.substr(std::min(before, cert.reason.size()));
  if (text.rfind("; ", 0) == 0) text.erase(0, 2);
  set_claim(cert, "closed-orbits", level, text);
}
}  // namespace

LimitSet find_limit_directions(const System& system, double F, const SolverOptions& opt) {
  LimitSet set = solve_limit_directions(system, F, opt);
  // not searched: no closed-orbits claim (the level covers the limit directions alone)
  if (opt.closed_orbits) {
    const std::size_t before = set.certificate.reason.size();
    attach_closed_orbits(system, F, opt, set);
    closed_orbits_claim(set.certificate, before);
  }
  return set;
}

}  // namespace limitdir
