// The claims of a certificate (limits/limits.hpp, docs/manual.md section 5 "Claims"): the level of
// a certificate with claims is the weakest of them, derived here and nowhere else.
#include <algorithm>

#include "limitdir/limits/limits.hpp"

namespace limitdir {

Level weakest_level(const std::vector<Claim>& claims) {
  Level level = Level::proven;
  for (const Claim& c : claims) level = std::min(level, c.level);
  return level;
}

void set_claim(Certificate& cert, const std::string& claim, Level level, std::string reason) {
  const auto it =
      std::find_if(cert.claims.begin(), cert.claims.end(), [&](const Claim& c) { return c.claim == claim; });
  if (it != cert.claims.end()) {
    it->level = level;
    it->reason = std::move(reason);
  } else {
    cert.claims.push_back({claim, level, std::move(reason)});
  }
  cert.level = weakest_level(cert.claims);
}

const Claim* find_claim(const Certificate& cert, const std::string& claim) {
  const auto it =
      std::find_if(cert.claims.begin(), cert.claims.end(), [&](const Claim& c) { return c.claim == claim; });
  return it != cert.claims.end() ? &*it : nullptr;
}

}  // namespace limitdir
