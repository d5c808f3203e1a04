// The reports of the roll app (docs/manual.md section 10): one run ("limitdir.roll-report/1")
// and the Fig. 2 map ("limitdir.roll-map/1").
#include <cmath>
#include <fmt/format.h>
#include <string>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/rolling/sphere_io.hpp"
#include "limitdir/core/version.hpp"
#include "rolling/sphere_run_recorder.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// A number of a report: finite, or null where the quantity is +-infinity by design (a phase
/// or motion that never ends).
json finite_or_null(double x) { return std::isinf(x) ? json(nullptr) : json(x); }

json closed_form_json(const RollingClosedForm& cf, double X0) {
  json phases = json::array();
  for (const RollingPhase& p : cf.phases)
    phases.push_back({{"mode", contact_mode_name(p.mode)},
                      {"t0", p.t0},
                      {"t1", finite_or_null(p.t1)},
                      {"X0", X0 + p.X0},
                      {"U_X", p.U0},
                      {"Omega_Y", p.Omega0},
                      {"a_U", p.a_U},
                      {"a_Omega", p.a_Omega},
                      {"r_T", p.r_T},
                      {"m_T", p.m_R}});
  return {{"stops", cf.stops},
          {"t_stop", cf.stops ? json(cf.t_stop) : json(nullptr)},
          {"X_max", finite_or_null(X0 + cf.X_max)},
          {"phases", phases}};
}

json history_json(const SphereRun& run) {
  static const char* const names[] = {"t",       "X",       "Y",       "Z",     "U_X",   "U_Y",   "U_Z",
                                      "Omega_X", "Omega_Y", "Omega_Z", "r_N",   "r_T_X", "r_T_Y", "m_T_X",
                                      "m_T_Y",   "m_T_Z",   "error",   "iterations"};
  json h = {{"reaction", "mean force (N) and moment (N m) over the step before t: impulse / h"}};
  for (const char* n : names) h[n] = json::array();
  json modes = json::array();
  for (const SphereSample& s : run.history) {
    const double values[] = {s.t,
                             s.state.position[0], s.state.position[1], s.state.position[2],
                             s.state.velocity[0], s.state.velocity[1], s.state.velocity[2],
                             s.state.omega[0],    s.state.omega[1],    s.state.omega[2],
                             s.r_N,               s.r_T[0],            s.r_T[1],
                             s.m_R[0],            s.m_R[1],            s.m_Z,
                             s.error,
                             static_cast<double>(s.iterations)};
    for (std::size_t k = 0; k < std::size(names); ++k)
      h[names[k]].push_back(detail::finite_in_report(values[k], "roll report", names[k]));
    modes.push_back(contact_mode_name(s.mode));
  }
  h["mode"] = modes;
  return h;
}

}  // namespace

json roll_report(const RollProblem& problem, const SphereRun& run) {
  json modes = json::array();
  for (const ModeChange& m : run.modes) modes.push_back({{"t", m.t}, {"mode", contact_mode_name(m.mode)}});
  const auto finite = [](double x, const char* what) { return detail::finite_in_report(x, "roll report", what); };
  json out = {{"schema", "limitdir.roll-report/1"},
              {"limitdir_version", version},
              {"problem", roll_problem_to_json(problem)},
              {"steps", run.steps},
              {"converged", run.converged},
              {"max_error", finite(run.max_error, "max_error")},
              {"total_iterations", run.total_iterations},
              {"rest_speed", finite(rest_speed(problem.sphere, problem.initial, problem.stepping), "rest_speed")},
              {"X_max", finite(run.X_max, "X_max")},
              {"t_X_max", run.t_X_max},
              {"at_rest", run.at_rest},
              {"t_stop", run.at_rest ? json(run.t_rest) : json(nullptr)},
              {"max_energy_increase", finite(run.max_energy_increase, "max_energy_increase")},
              {"modes", modes},
              {"closed_form", nullptr},
              {"history", history_json(run)}};
  if (is_planar(problem))
    out["closed_form"] = closed_form_json(
        rolling_sphere_closed_form(problem.sphere, problem.initial.velocity[0], problem.initial.omega[1]),
        problem.initial.position[0]);
  return out;
}

std::vector<double> Grid::points() const {
  std::vector<double> out;
  for (int k = 0; k < n; ++k) out.push_back(n == 1 ? lo : lo + (hi - lo) * k / (n - 1));
  return out;
}

void validate_map(const RollProblem& problem, const Grid& mu, const Grid& mu_r) {
  for (const auto& [g, name] : {std::pair{mu, "--mu-grid"}, std::pair{mu_r, "--mu-r-grid"}}) {
    if (!(std::isfinite(g.lo) && std::isfinite(g.hi) && 0.0 <= g.lo && g.lo <= g.hi))
      throw InputError(std::string(name) + ": must have 0 <= LO <= HI");
    if (g.n < 1 || g.n > max_map_axis)
      throw InputError(std::string(name) + ": N must be in [1, " + std::to_string(max_map_axis) + "] (got " +
                       std::to_string(g.n) + ")");
  }
  if (!(mu_r.hi < problem.sphere.radius))
    throw InputError(fmt::format("--mu-r-grid: HI = {:g} m must be below the radius {:g} m (a rolling-resistance arm "
                                 "inside the sphere)", mu_r.hi, problem.sphere.radius));
  const double steps = static_cast<double>(mu.n) * mu_r.n * std::ceil(problem.stepping.t_end / problem.stepping.h);
  if (steps > max_map_steps)
    throw InputError("--map: at most " + detail::show(json(max_map_steps)) + " time steps in all (got " +
                     detail::show(json(steps)) + " = points x t_end/h); use fewer points or a larger h");
}

json roll_map(const RollProblem& problem, const Grid& mu, const Grid& mu_r) {
  validate_map(problem, mu, mu_r);
  const double X0 = problem.initial.position[0];
  json X = json::array(), X_cf = json::array(), t = json::array(), t_cf = json::array(), stopped = json::array();
  double worst = 0.0;
  SphereSteppingOptions options = problem.stepping;
  options.stop_at_rest = true;
  options.every = 0;
  options.progress = nullptr;  // the map notes its points instead
  ProgressCounter notes(problem.stepping.progress, "map points", static_cast<std::uint64_t>(mu.n) * mu_r.n);
  std::uint64_t done = 0;
  for (double m : mu.points()) {
    json rX = json::array(), rXc = json::array(), rt = json::array(), rtc = json::array(), rs = json::array();
    for (double mr : mu_r.points()) {
      notes.step(done++);
      RollingSphere s = problem.sphere;
      s.mu = m;
      s.mu_r = mr;
      const SphereRun run = run_problem(problem, s, options);
      rX.push_back(run.X_max);
      rt.push_back(run.at_rest ? json(run.t_rest) : json(nullptr));
      rs.push_back(run.at_rest);
      if (is_planar(problem)) {
        const RollingClosedForm cf = rolling_sphere_closed_form(s, problem.initial.velocity[0], problem.initial.omega[1]);
        rXc.push_back(finite_or_null(X0 + cf.X_max));
        rtc.push_back(cf.stops ? json(cf.t_stop) : json(nullptr));
        if (run.at_rest && cf.stops) worst = std::max(worst, std::abs(run.X_max - (X0 + cf.X_max)));
      }
    }
    X.push_back(rX);
    t.push_back(rt);
    stopped.push_back(rs);
    X_cf.push_back(rXc);
    t_cf.push_back(rtc);
  }
  const bool planar = is_planar(problem);
  return {{"schema", "limitdir.roll-map/1"},
          {"limitdir_version", version},
          {"problem", roll_problem_to_json(problem)},
          {"mu", mu.points()},
          {"mu_r", mu_r.points()},
          {"X_max", X},
          {"t_stop", t},
          {"stopped", stopped},
          {"X_max_closed_form", planar ? X_cf : json(nullptr)},
          {"t_stop_closed_form", planar ? t_cf : json(nullptr)},
          {"max_abs_difference", planar ? json(worst) : json(nullptr)}};
}

}  // namespace limitdir
