// A certificate and its claims as JSON (report/report.hpp, docs/manual.md section 5 "Claims").
#include "limitdir/report/report.hpp"

namespace limitdir {

nlohmann::json certificate_to_json(const Certificate& certificate) {
  nlohmann::json out = {{"level", to_string(certificate.level)},
                        {"complete", certificate.complete()},
                        {"reason", certificate.reason}};
  if (certificate.claims.empty()) return out;
  nlohmann::json claims = nlohmann::json::array();
  for (const Claim& c : certificate.claims)
    claims.push_back({{"claim", c.claim}, {"level", to_string(c.level)}, {"reason", c.reason}});
  out["claims"] = std::move(claims);
  return out;
}

}  // namespace limitdir
