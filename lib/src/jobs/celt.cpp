// The job celt (jobs/job.hpp, docs/manual.md sections 12 and 14): one run of the Celtic stone, the
// comparison of the paper's models, or the slip system near stick, as the app prints them.
#include <cmath>
#include <string>
#include <vector>

#include "limitdir/celt/celt.hpp"
#include "limitdir/core/errors.hpp"
#include "jobs/option_tables.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir::detail {

using json = nlohmann::json;

po::options_description celt_table() {
  po::options_description options("Options", options::help_line_length);
  const std::string models =
      "contact model with the paper's parameters (replaces contact), one of:" + entry_help(celt_model_registry());
  options.add_options()
      ("model", po::value<std::string>()->value_name("M"), models.c_str())
      ("mu", po::value<std::string>()->value_name("MU"),
       "friction coefficient mu >= 0 (overrides contact.mu). Unit: dimensionless.")
      ("k-r", po::value<std::string>()->value_name("KR"),
       "rolling-resistance parameter k_r in [0, 1] (overrides contact.k_r). Unit: dimensionless.")
      ("t-end", po::value<std::string>()->value_name("T"), "final time t_end > 0 (overrides time.t_end). Unit: s.")
      ("dt", po::value<std::string>()->value_name("DT"), "output interval dt > 0 (overrides time.dt). Unit: s.")
      ("tol", po::value<std::string>()->value_name("TOL"),
       "integrator tolerance in (0, 1e-3] (overrides time.tolerance). Unit: dimensionless.")
      ("tilt", po::value<std::string>()->value_name("TX,TY"),
       "initial tilt about x1e, then x2e, each in (-pi/2, pi/2) (overrides initial.tilt). Unit: rad.")
      ("omega", po::value<std::string>()->value_name("W1,W2,W3"),
       "initial angular velocity in the body frame (overrides initial.omega). Unit: rad/s.")
      ("every", po::value<std::string>()->value_name("K"),
       "keep every K-th sample in the history (0: first and last only; default 1). Unit: count.")
      ("compare", po::bool_switch(), "compare the models O, P1', P3', P1 with W1 (Sect. 4) instead of one run")
      ("slip-system", po::value<std::string>()->value_name("T"),
       "the slip system near stick at time T of the run (models W1, P1). Unit: s.")
      ("w", po::value<std::vector<std::string>>()->value_name("W1,W2,W3")->composing(),
       "with --slip-system: a slip direction where B(w) w + c is printed (repeatable). Unit: dimensionless.")
      ("export-problem", po::bool_switch(), "with --slip-system: print only the limitdir problem file of the slip system");
  options::add_set_option(options);
  return options;
}

namespace {

bool flag(const po::variables_map& vm, const char* name) { return vm.count(name) && vm[name].as<bool>(); }

/// The overrides of the options on `p` (celt_validate checks the whole problem after them).
void apply_option_values(CeltProblem& p, const po::variables_map& vm) {
  using options::real_option;
  const auto tilt = [](double x) { return std::abs(x) < M_PI / 2; };
  if (vm.count("model")) p.contact = celt_paper_contact(celt_model_from_name(vm["model"].as<std::string>(), "--model"));
  real_option(vm, "mu", p.contact.mu, ">= 0", [](double x) { return x >= 0.0; });
  real_option(vm, "k-r", p.contact.k_r, "in [0, 1]", [](double x) { return x >= 0.0 && x <= 1.0; });
  real_option(vm, "t-end", p.stepping.t_end, "> 0", [](double x) { return x > 0.0; });
  real_option(vm, "dt", p.stepping.dt, "> 0", [](double x) { return x > 0.0; });
  real_option(vm, "tol", p.stepping.tolerance, "in (0, 1e-3]", [](double x) { return x > 0.0 && x <= 1e-3; });
  if (vm.count("omega")) p.initial.omega = options::parse_vector3(vm["omega"].as<std::string>(), "--omega");
  if (vm.count("tilt")) {
    const std::string text = vm["tilt"].as<std::string>();
    const auto comma = text.find(',');
    if (comma == std::string::npos) throw InputError("--tilt: must be TX,TY (got \"" + text + "\")");
    p.initial.tilt_x = options::parse_real(text.substr(0, comma), "--tilt");
    p.initial.tilt_y = options::parse_real(text.substr(comma + 1), "--tilt");
    options::check_angle(p.initial.tilt_x, "--tilt", text);
    options::check_angle(p.initial.tilt_y, "--tilt", text);
    if (!tilt(p.initial.tilt_x) || !tilt(p.initial.tilt_y))
      throw InputError("--tilt: each angle must be in (-pi/2, pi/2) (got \"" + text + "\")");
  }
}

/// The checks of the options among themselves.
void mode_checks(const po::variables_map& vm) {
  const bool compare = flag(vm, "compare"), slip = vm.count("slip-system") > 0;
  if (compare && slip) throw InputError("--compare: not with --slip-system");
  if (!slip && (vm.count("w") || flag(vm, "export-problem")))
    throw InputError("--w, --export-problem: only with --slip-system");
  if (compare && vm.count("every")) throw InputError("--every: not with --compare");
}

std::vector<Eigen::Vector3d> slip_directions(const po::variables_map& vm) {
  std::vector<Eigen::Vector3d> directions;
  if (vm.count("w"))
    for (const std::string& w : vm["w"].as<std::vector<std::string>>())
      directions.push_back(options::parse_vector3(w, "--w"));
  return directions;
}

json slip_system(const CeltProblem& p, const po::variables_map& vm) {
  if (p.contact.model != CeltModel::W1 && p.contact.model != CeltModel::P1)
    throw InputError("--slip-system: only with the models W1 and P1 (the others have no friction law of "
                     "limitdir on the slip system's contact; docs/manual.md section 12)");
  const double T = options::parse_real(vm["slip-system"].as<std::string>(), "--slip-system");
  if (!(T >= 0.0) || T > p.stepping.t_end) throw InputError("--slip-system: T must be in [0, time.t_end]");
  CeltStepping s = p.stepping;
  s.t_end = T;
  CeltState state = celt_initial_state(p.body, p.initial);
  if (T > 0.0) {
    s.dt = T;  // one sample at T
    state = celt_simulate(p.body, p.contact, state, s).samples.back().state;
  }
  const CeltSlipSystem sys = celt_slip_system(p.body, p.contact, state, T);
  if (flag(vm, "export-problem")) return celt_slip_problem(sys);
  return celt_slip_report(sys, slip_directions(vm));
}

/// "1 reversal", "2 reversals".
std::string reversals_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " reversal" : " reversals"); }

/// The summary of a run (docs/manual.md section 14): the spin reversals (count and times), the
/// cost (steps, right-hand-side evaluations) and the class "N reversals"; of a comparison, the
/// reversals per model; of a slip system, the class "slip-system".
json celt_summary(const json& report) {
  if (report.value("kind", "") == "run") {
    const json& run = report.at("run");
    return {{"reversals", run.at("reversals").size()}, {"reversal_times", run.at("reversals")},
            {"steps", run.at("steps")}, {"rhs_evaluations", run.at("rhs_evaluations")},
            {"class", reversals_text(run.at("reversals").size())}};
  }
  if (report.value("kind", "") == "comparison") {
    json reversals = json::object();
    for (const json& m : report.at("models")) reversals[m.at("model").get<std::string>()] = m.at("reversals").size();
    return {{"reversals", reversals}, {"class", "comparison"}};
  }
  return {{"class", "slip-system"}};
}

}  // namespace

JobValues check_celt(const po::variables_map& vm) {
  CeltProblem p;
  apply_option_values(p, vm);
  mode_checks(vm);
  if (vm.count("slip-system")) (void)options::parse_real(vm["slip-system"].as<std::string>(), "--slip-system");
  (void)slip_directions(vm);
  (void)options::integer_option(vm, "every", 1, 0, 1000000000);
  return {};
}

JobRun run_celt(const JobOptions& given, const json& document, const JobContext& context) {
  const po::variables_map& vm = text_of(given);
  CeltProblem problem = parse_celt_problem(document, context.source);
  apply_option_values(problem, vm);
  celt_validate(problem);
  // the solver's notes about once a second (docs/manual.md section 5), through the job's hooks
  problem.stepping.progress = [&context](const std::string& note) { context.progress(note); };
  mode_checks(vm);
  JobRun run;
  if (vm.count("slip-system")) {
    run.report = slip_system(problem, vm);
  } else if (flag(vm, "compare")) {
    run.report = celt_comparison(problem);
  } else {
    const int every = static_cast<int>(options::integer_option(vm, "every", 1, 0, 1000000000));
    const CeltState start = celt_initial_state(problem.body, problem.initial);
    const CeltRun celt_run = celt_simulate(problem.body, problem.contact, start, problem.stepping);
    run.report = celt_report(problem, celt_run, every);
  }
  run.summary = celt_summary(run.report);
  return run;
}

}  // namespace limitdir::detail
