// The job celt (jobs/job.hpp, docs/manual.md sections 12 and 14): one run of the Celtic stone, the
// comparison of the paper's models, or the slip system near stick, as the app prints them.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/jobs/celt_options.hpp"

#include "limitdir/celt/celt.hpp"
#include "limitdir/core/errors.hpp"
#include "jobs/option_tables.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir {
namespace detail {

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

/// The ranges of the overrides (the problem file's, celt/celt.hpp), each with its text.
bool non_negative(double x) { return x >= 0.0; }
bool unit_closed(double x) { return x >= 0.0 && x <= 1.0; }
bool positive(double x) { return x > 0.0; }
bool tolerance_range(double x) { return x > 0.0 && x <= 1e-3; }
bool tilt_range(double x) { return std::abs(x) < M_PI / 2; }

constexpr long long max_every = 1000000000;  // --every

/// --tilt TX,TY: two angles in radians, each in (-pi/2, pi/2).
Eigen::Vector2d parse_tilt(const std::string& text) {
  const auto comma = text.find(',');
  if (comma == std::string::npos) throw InputError("--tilt: must be TX,TY (got \"" + text + "\")");
  const Eigen::Vector2d tilt(options::parse_real(text.substr(0, comma), "--tilt"),
                             options::parse_real(text.substr(comma + 1), "--tilt"));
  options::check_angle(tilt[0], "--tilt", text);
  options::check_angle(tilt[1], "--tilt", text);
  if (!tilt_range(tilt[0]) || !tilt_range(tilt[1]))
    throw InputError("--tilt: each angle must be in (-pi/2, pi/2) (got \"" + text + "\")");
  return tilt;
}

/// The overrides of `o` on `p` (celt_validate checks the whole problem after them).
void apply_option_values(CeltProblem& p, const CeltOptions& o) {
  if (o.model) p.contact = celt_paper_contact(*o.model);
  if (o.mu) p.contact.mu = *o.mu;
  if (o.k_r) p.contact.k_r = *o.k_r;
  if (o.t_end) p.stepping.t_end = *o.t_end;
  if (o.dt) p.stepping.dt = *o.dt;
  if (o.tol) p.stepping.tolerance = *o.tol;
  if (o.omega) p.initial.omega = *o.omega;
  if (o.tilt) p.initial.tilt_x = (*o.tilt)[0], p.initial.tilt_y = (*o.tilt)[1];
}

/// The slip system at T = o.slip_system: its report, or with export_problem its problem file.
json slip_system(const CeltProblem& p, const CeltOptions& o) {
  if (p.contact.model != CeltModel::W1 && p.contact.model != CeltModel::P1)
    throw InputError("--slip-system: only with the models W1 and P1 (the others have no friction law of "
                     "limitdir on the slip system's contact; docs/manual.md section 12)");
  const double T = *o.slip_system;
  if (!(T >= 0.0) || T > p.stepping.t_end) throw InputError("--slip-system: T must be in [0, time.t_end]");
  CeltStepping s = p.stepping;
  s.t_end = T;
  CeltState state = celt_initial_state(p.body, p.initial);
  if (T > 0.0) {
    s.dt = T;  // one sample at T
    state = celt_simulate(p.body, p.contact, state, s).samples.back().state;
  }
  const CeltSlipSystem sys = celt_slip_system(p.body, p.contact, state, T);
  if (o.export_problem) return celt_slip_problem(sys);
  return celt_slip_report(sys, o.w);
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

CeltOptions celt_from_text(const po::variables_map& vm) {
  CeltOptions o;
  if (vm.count("model")) o.model = celt_model_from_name(vm["model"].as<std::string>(), "--model");
  o.mu = real_value(vm, "mu", ">= 0", non_negative);
  o.k_r = real_value(vm, "k-r", "in [0, 1]", unit_closed);
  o.t_end = real_value(vm, "t-end", "> 0", positive);
  o.dt = real_value(vm, "dt", "> 0", positive);
  o.tol = real_value(vm, "tol", "in (0, 1e-3]", tolerance_range);
  if (vm.count("omega")) o.omega = options::parse_vector3(vm["omega"].as<std::string>(), "--omega");
  if (vm.count("tilt")) o.tilt = parse_tilt(vm["tilt"].as<std::string>());
  // the options among themselves
  o.compare = flag(vm, "compare");
  o.export_problem = flag(vm, "export-problem");
  const bool slip = vm.count("slip-system") > 0;
  if (o.compare && slip) throw InputError("--compare: not with --slip-system");
  if (!slip && (vm.count("w") || o.export_problem)) throw InputError("--w, --export-problem: only with --slip-system");
  if (o.compare && vm.count("every")) throw InputError("--every: not with --compare");
  if (slip) o.slip_system = options::parse_real(vm["slip-system"].as<std::string>(), "--slip-system");
  if (vm.count("w"))
    for (const std::string& w : vm["w"].as<std::vector<std::string>>()) o.w.push_back(options::parse_vector3(w, "--w"));
  if (vm.count("every")) o.every = static_cast<int>(options::integer_option(vm, "every", 1, 0, max_every));
  return o;  // o.set stays empty: run_job applies the text of --set (apply_set_options)
}

JobValues check_celt(const po::variables_map& vm) { return celt_from_text(vm); }

JobRun run_celt(const JobOptions& given, const json& document, const JobContext& context) {
  CeltProblem problem = parse_celt_problem(document, context.source);
  const CeltOptions o = values_of(given, celt_from_text);
  apply_option_values(problem, o);
  celt_validate(problem);
  // the solver's notes about once a second (docs/manual.md section 5), through the job's hooks
  problem.stepping.progress = [&context](const std::string& note) { context.progress(note); };
  JobRun run;
  if (o.slip_system) {
    run.report = slip_system(problem, o);
  } else if (o.compare) {
    run.report = celt_comparison(problem);
  } else {
    const CeltState start = celt_initial_state(problem.body, problem.initial);
    const CeltRun celt_run = celt_simulate(problem.body, problem.contact, start, problem.stepping);
    run.report = celt_report(problem, celt_run, o.every.value_or(1));
  }
  run.summary = celt_summary(run.report);
  return run;
}

}  // namespace detail

void CeltOptions::validate() const {
  const std::string owner = "CeltOptions::";
  detail::check_range(owner + "mu", mu, "finite and >= 0", detail::non_negative);
  detail::check_range(owner + "k_r", k_r, "in [0, 1]", detail::unit_closed);
  detail::check_range(owner + "t_end", t_end, "finite and > 0", detail::positive);
  detail::check_range(owner + "dt", dt, "finite and > 0", detail::positive);
  detail::check_range(owner + "tol", tol, "in (0, 1e-3]", detail::tolerance_range);
  if (omega) detail::check_finite(owner + "omega", *omega);
  if (tilt)
    for (const double angle : {(*tilt)[0], (*tilt)[1]})
      if (!detail::tilt_range(angle)) detail::bad_value(owner + "tilt", "in (-pi/2, pi/2) in each angle", angle);
  if (compare && slip_system) throw InputError(owner + "compare: not with slip_system");
  if (!slip_system && !w.empty()) throw InputError(owner + "w: only with slip_system");
  if (!slip_system && export_problem) throw InputError(owner + "export_problem: only with slip_system");
  if (compare && every) throw InputError(owner + "every: not with compare");
  if (slip_system && !(std::isfinite(*slip_system) && *slip_system >= 0.0))
    detail::bad_value(owner + "slip_system", "finite and >= 0", *slip_system);
  for (std::size_t k = 0; k < w.size(); ++k) detail::check_finite(owner + "w[" + std::to_string(k) + "]", w[k]);
  if (every && (*every < 0 || *every > detail::max_every))
    detail::bad_value(owner + "every", "in 0..1000000000", static_cast<long long>(*every));
  check_key_settings(set, owner + "set");
}

Job make_job(const CeltOptions& options) {
  options.validate();
  return detail::job_from_values(JobKind::celt, options);
}

}  // namespace limitdir
