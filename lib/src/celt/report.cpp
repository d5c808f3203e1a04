// The reports of the celt app, schema "limitdir.celt-report/1" (docs/manual.md section 12):
// one run, the model comparison of Sect. 4 [Awrejcewicz & Kudra, Celtic stone], and the slip
// system near stick.
#include <cmath>

#include "limitdir/celt/celt.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/core/version.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

constexpr const char* kReportSchema = "limitdir.celt-report/1";

json vec(const Eigen::Vector3d& v) { return {v[0], v[1], v[2]}; }

json head(const CeltProblem& problem, const char* kind) {
  return {{"schema", kReportSchema}, {"limitdir_version", version}, {"kind", kind},
          {"problem", celt_problem_to_json(problem)}};
}

json summary(const CeltRun& run) {
  return {{"steps", run.steps},
          {"rhs_evaluations", run.rhs_evaluations},
          {"wall_seconds", run.wall_seconds},
          {"reversals", run.reversals},
          {"max_energy_increase", run.max_energy_increase},
          {"final_omega", vec(run.samples.back().state.omega)}};
}

}  // namespace

json celt_report(const CeltProblem& problem, const CeltRun& run, int every) {
  json out = head(problem, "run");
  out["run"] = summary(run);
  json h = {{"t", json::array()}, {"omega", json::array()}, {"spin", json::array()}, {"N", json::array()},
            {"a_hat", json::array()}, {"b", json::array()}, {"energy", json::array()}, {"L_z", json::array()},
            {"slip_speed", json::array()}, {"height", json::array()}};
  const std::size_t n = run.samples.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (!(every > 0 && i % static_cast<std::size_t>(every) == 0) && i != 0 && i != n - 1) continue;
    const CeltSample& s = run.samples[i];
    h["t"].push_back(s.t);
    h["omega"].push_back(vec(s.state.omega));
    h["spin"].push_back(s.omega_world.z());
    h["N"].push_back(s.N);
    h["a_hat"].push_back(s.a_hat);
    h["b"].push_back(s.b);
    h["energy"].push_back(s.energy);
    h["L_z"].push_back(s.L_z);
    h["slip_speed"].push_back(s.slip_speed);
    h["height"].push_back(s.height);
  }
  out["history"] = h;
  return out;
}

json celt_comparison(const CeltProblem& problem) {
  CeltProblem w1 = problem;  // the reference W1 needs the Hertz size (11): a2 = a3
  w1.contact = celt_paper_contact(CeltModel::W1);
  celt_validate(w1);
  json out = head(problem, "comparison");
  const CeltState initial = celt_initial_state(problem.body, problem.initial);
  const CeltRun reference = celt_simulate(problem.body, celt_paper_contact(CeltModel::W1), initial, problem.stepping);
  json models = json::array();
  for (const std::string& name : celt_model_names()) {
    const CeltModel model = celt_model_from_name(name, "model");
    const CeltRun run = model == CeltModel::W1 ? reference
                                               : celt_simulate(problem.body, celt_paper_contact(model), initial,
                                                               problem.stepping);
    json m = summary(run);
    m["model"] = name;
    m["mean_square_deviation"] = celt_mean_square_deviation(run, reference);
    models.push_back(m);
  }
  out["models"] = models;
  return out;
}

json celt_slip_report(const CeltSlipSystem& s, const std::vector<Eigen::Vector3d>& directions) {
  json W = json::array(), Wh = json::array();
  for (int i = 0; i < 3; ++i) {
    W.push_back(vec(s.W.row(i).transpose()));
    Wh.push_back(vec(s.W_hat.row(i).transpose()));
  }
  json out = {{"schema", kReportSchema}, {"limitdir_version", version}, {"kind", "slip-system"},
              {"t", s.t}, {"a_hat", s.a_hat}, {"b", s.b}, {"N0", s.N0}, {"mu", s.mu},
              {"gamma_prime", s.gamma_prime}, {"distortion", s.distortion}, {"W", W}, {"W_hat", Wh},
              {"W_N", vec(s.W_N)}, {"g", vec(s.g)}, {"c", vec(s.c)}, {"coupling", s.coupling},
              {"coupling_tolerance", celt_coupling_tolerance}, {"exact", s.exact},
              {"slip_at_t", vec(s.slip_at_t)}};
  const json problem = celt_slip_problem(s);
  out["problem"] = problem;
  const Problem p = parse_problem(problem, "slip system");
  const auto model = make_friction_model(p);
  json fields = json::array();
  for (const Eigen::Vector3d& given : directions) {
    // scaled by its largest entry before |w| is formed: |(1e300, 0, 0)| would overflow
    const double largest = given.cwiseAbs().maxCoeff();
    if (!(largest > 0.0) || !given.allFinite()) throw InputError("--w: the slip direction must be finite and nonzero");
    const Eigen::Vector3d w = (given / largest).normalized();
    const CeltSlipField f = celt_slip_field(s, *model, w);
    fields.push_back({{"w", vec(w)}, {"q", vec(f.q)}, {"Bw_plus_c", vec(f.exact)},
                      {"decoupled", vec(f.decoupled)}, {"N", f.N}});
  }
  out["fields"] = fields;
  return out;
}

}  // namespace limitdir
