#pragma once
// Shared by the tests of granular/: the bundled pile problems and the JSON schemas of
// share/schemas, checked by tests/cli/validate_json.py as tests/cli/schemas.sh does.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/core/json_input.hpp"
#include "limitdir/granular/moreau_jean.hpp"
#include "limitdir/granular/pile_problem.hpp"
#include "limitdir/granular/pluviation.hpp"
#include "limitdir/rolling/cone.hpp"

namespace pile_test {

inline const std::string share = LIMITDIR_SHARE_DIR;

/// A bundled problem file of share/problems as a JSON document.
inline nlohmann::json bundled(const std::string& name) {
  return limitdir::parse_json_input(limitdir::read_input(share + "/problems/" + name), name);
}

/// A bundled problem file parsed (its source is its name).
inline limitdir::PileProblem bundled_problem(const std::string& name) {
  return limitdir::parse_pile_problem(bundled(name), name);
}

/// The paper's pile with `count` spheres at rolling resistance mu_r (m), run until 1.2 s after
/// the last birth (the last sphere lands within 0.2 s of its birth and the pile comes to rest).
inline limitdir::PileProblem resting_pile(int count, double mu_r) {
  limitdir::PileProblem p = bundled_problem("pile.json");
  p.spheres.count = count;
  p.law.mu_r = mu_r;
  p.stepping.t_end = (count - 1) * p.drop.interval + 1.2;
  return p;
}

/// The stepping of pile problem pr for a stepper driven by a test: its gravity, law and
/// tolerance (the rest the defaults, which are the paper's).
inline limitdir::GranularStepping pile_stepping(const limitdir::PileProblem& pr) {
  limitdir::GranularStepping st;
  st.gravity = Eigen::Vector3d(0.0, 0.0, -pr.gravity);
  st.cone = {pr.law.mu, pr.law.mu_r};
  st.solver.tol = pr.stepping.tol;
  return st;
}

/// Adds to s the spheres born by time t (births[next], ... ; next moves past them), each in its
/// state of free fall since its birth, as granular/pile_run.hpp does.
inline void give_birth(const std::vector<limitdir::SphereBirth>& births, std::size_t& next, double t,
                       const limitdir::GranularStepping& st, limitdir::SphereBodies& s) {
  for (; next < births.size() && births[next].t <= t + 1e-9 * st.h; ++next) {
    const double late = t - births[next].t;
    s.add(static_cast<long long>(next), births[next].position + 0.5 * late * late * st.gravity, births[next].radius,
          births[next].mass);
    s.v.back() = late * st.gravity;
  }
}

/// Siconos' relative error of p read independently of the solver: its formula
/// |(p_a - proj_{K_r}(p_a - yhat_a))_a| / max(|q|, |p|, |y|) evaluated on the dense W (y = W p + q).
inline double dense_siconos_error(const limitdir::BlockSparseProblem& w, const Eigen::VectorXd& p) {
  const limitdir::RollingProblem d = w.dense();
  const Eigen::VectorXd y = d.W * p + d.q;
  double sum = 0.0;
  for (int a = 0; a < w.contacts(); ++a)
    sum += limitdir::natural_map(p.segment<5>(5 * a), y.segment<5>(5 * a), w.cones[static_cast<std::size_t>(a)]).squaredNorm();
  return std::sqrt(sum) / std::max({d.q.norm(), p.norm(), y.norm()});
}

/// True when every document validates against share/schemas/SCHEMA (valid) or none does (!valid).
inline bool schema_accepts(const std::string& schema, const std::vector<nlohmann::json>& documents, bool valid) {
  char dir_name[] = "/tmp/limitdir_pile_schema_XXXXXX";
  REQUIRE(mkdtemp(dir_name) != nullptr);
  const std::filesystem::path dir = dir_name;
  std::string command = "python3 " + share + "/../tests/cli/validate_json.py " + share + "/schemas " + schema;
  for (std::size_t k = 0; k < documents.size(); ++k) {
    const std::filesystem::path file = dir / ("document" + std::to_string(k) + ".json");
    std::ofstream(file) << documents[k].dump();
    command += " " + file.string();
  }
  if (!valid) command += " --invalid";
  const bool ok = std::system(command.c_str()) == 0;
  std::filesystem::remove_all(dir);
  return ok;
}

}  // namespace pile_test
