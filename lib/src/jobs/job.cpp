// The jobs of a scan (jobs/job.hpp, docs/manual.md section 14): their names, their options parsed
// as their apps parse them, and run_job, which runs one on a problem document and turns every
// failure into the app's exit status and one-line message.
#include "limitdir/jobs/job.hpp"

#include <chrono>
#include <cmath>
#include <sstream>
#include <tuple>
#include <type_traits>
#include <variant>
#include <stdexcept>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/jobs/problem_overrides.hpp"
#include "jobs/option_tables.hpp"
#include "jobs/job_detail.hpp"

namespace limitdir {

namespace po = boost::program_options;
using json = nlohmann::json;

namespace {

struct KindEntry {
  JobKind kind;
  const char* name;
  po::options_description (*table)();
  JobValues (*check)(const po::variables_map&);
  detail::JobRun (*run)(const JobOptions&, const json&, const detail::JobContext&);
};

const KindEntry kinds[] = {
    {JobKind::find_limits, "find-limits", detail::find_limits_table, detail::check_find_limits,
     detail::run_find_limits},
    {JobKind::sweep_force, "sweep-force", detail::sweep_force_table, detail::check_sweep_force,
     detail::run_sweep_force},
    {JobKind::bifurcation_map, "bifurcation-map", detail::bifurcation_map_table, detail::check_bifurcation_map,
     detail::run_bifurcation_map},
    {JobKind::simulate, "simulate", detail::simulate_table, detail::check_simulate, detail::run_simulate},
    {JobKind::roll, "roll", detail::roll_table, detail::check_roll, detail::run_roll},
    {JobKind::celt, "celt", detail::celt_table, detail::check_celt, detail::run_celt},
    {JobKind::pile, "pile", detail::pile_table, detail::check_pile, detail::run_pile},
};

const KindEntry& entry(JobKind kind) {
  for (const KindEntry& e : kinds)
    if (e.kind == kind) return e;
  throw std::logic_error("job: unknown JobKind");
}

/// The common keys of a summary (jobs/job.hpp): "seconds", "level", "reason", "class".
void complete_summary(JobResult& result) {
  json& s = result.summary;
  if (!s.is_object()) s = json::object();
  s["seconds"] = result.seconds;
  if (!s.contains("level")) s["level"] = nullptr;
  if (result.status != 0) s["reason"] = result.message;
  else if (!s.contains("reason")) s["reason"] = nullptr;
  if (result.status == 2 || result.status == 4 || result.status == 5 || !s.contains("class")) s["class"] = nullptr;
}

}  // namespace

JobKind parse_job_kind(const std::string& name) {
  for (const KindEntry& e : kinds)
    if (name == e.name) return e.kind;
  throw InputError("--job: must be one of find-limits, sweep-force, bifurcation-map, simulate, roll, celt, pile (got \"" +
                   name + "\")");
}

std::string job_name(JobKind kind) { return entry(kind).name; }

po::options_description job_option_table(JobKind kind) { return entry(kind).table(); }

std::string job_options_help(JobKind kind) {
  std::ostringstream out;
  out << entry(kind).table();
  return out.str();
}

Job job_from_options(JobKind kind, const po::variables_map& vm, std::vector<std::string> args, bool check_now) {
  auto options = std::make_shared<JobOptions>();
  if (check_now) options->values = entry(kind).check(vm);
  options->vm = vm;
  return Job{kind, std::move(args), std::move(options)};
}

Job make_job(JobKind kind, const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (a == "--format" || a.rfind("--format=", 0) == 0)
      throw InputError("--format: a scan writes records; not a job option");
  const po::options_description table = job_option_table(kind);
  po::variables_map vm;
  try {
    // No abbreviated option names, as in the apps: "--deg" is an error rather than a guess.
    const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
    const po::positional_options_description none;  // a positional argument is an error, not ignored
    po::store(po::command_line_parser(args).options(table).positional(none).style(style).run(), vm);
    po::notify(vm);
  } catch (const po::too_many_positional_options_error&) {
    throw InputError(job_name(kind) + ": a job takes no positional argument (the scan gives PROBLEM)");
  } catch (const po::error& e) {
    throw InputError(e.what());
  }
  return job_from_options(kind, vm, args);
}

JobResult run_job(const Job& job, const json& document, const std::string& source, const JobHooks& hooks) {
  const auto start = std::chrono::steady_clock::now();
  JobResult result;
  const CancellationScope cancellation(hooks.cancelled);
  try {
    if (!job.options) throw std::logic_error("run_job: a job without options (use make_job)");
    const detail::JobContext context{source, hooks, start};
    // the loops without a hook of their own note through this thread's scope (core/progress.hpp)
    const ProgressScope scope(hooks.progress ? ProgressHook([&context](const std::string& note) { context.progress(note); })
                                             : ProgressHook());
    // --set: the document with its keys set, before the job reads it; from the text when there
    // is one (each KEY=VALUE read and applied in turn), else from the values
    const std::vector<KeySetting>* settings = std::visit(
        [](const auto& values) -> const std::vector<KeySetting>* {
          if constexpr (std::is_same_v<std::decay_t<decltype(values)>, std::monostate>) return nullptr;
          else return &values.set;
        },
        job.options->values);
    const bool set_text = job.options->vm && job.options->vm->count("set");
    const bool set = set_text || (!job.options->vm && settings && !settings->empty());
    json edited;
    if (set_text) options::apply_set_options(edited = document, *job.options->vm, source);
    else if (set) apply_key_settings(edited = document, *settings, source);
    detail::JobRun run = entry(job.kind).run(*job.options, set ? edited : document, context);
    result.status = run.status;
    result.message = std::move(run.message);
    result.report = std::move(run.report);
    result.summary = std::move(run.summary);
  } catch (const Cancelled&) {  // JobHooks::cancelled: nothing of the run is kept
    result.status = cancelled_status;
    result.message = "cancelled";
    result.report = nullptr;
    result.summary = json::object();
  } catch (...) {
    std::tie(result.status, result.message) = options::current_failure();
    result.report = nullptr;
    result.summary = json::object();
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  complete_summary(result);
  return result;
}

JobResult run_job(const Job& job, const json& document, const JobHooks& hooks) {
  return run_job(job, document, "<problem>", hooks);
}

namespace detail {

namespace {

template <class T>
[[noreturn]] void throw_bad_value(const std::string& field, const std::string& what, const T& value) {
  std::ostringstream text;
  text << field << ": must be " << what << " (got " << value << ")";
  throw InputError(text.str());
}

}  // namespace

void bad_value(const std::string& field, const std::string& what, double value) {
  throw_bad_value(field, what, value);
}
void bad_value(const std::string& field, const std::string& what, long long value) {
  throw_bad_value(field, what, value);
}
void bad_value(const std::string& field, const std::string& what, const std::string& value) {
  throw_bad_value(field, what, "\"" + value + "\"");
}

Job job_from_values(JobKind kind, JobValues values) {
  auto options = std::make_shared<JobOptions>();
  options->values = std::move(values);
  return Job{kind, {}, std::move(options)};
}

void check_require(Level require, const std::string& field) {
  if (require == Level::incomplete) bad_value(field, "Level::checked or Level::proven", "incomplete");
}

void check_range(const std::string& field, const std::optional<double>& value, const std::string& range,
                 bool (*ok)(double)) {
  if (value && !(std::isfinite(*value) && ok(*value))) bad_value(field, range, *value);
}

std::optional<double> real_value(const po::variables_map& vm, const char* name, const std::string& range,
                                 bool (*ok)(double)) {
  if (!vm.count(name)) return std::nullopt;
  double x = 0.0;
  options::real_option(vm, name, x, range, ok);
  return x;
}

void JobContext::progress(const std::string& note) const {
  poll_cancellation();
  if (hooks.progress && std::chrono::steady_clock::now() - start >= std::chrono::seconds(1)) hooks.progress(note);
}

void certify(JobRun& run, const Certificate& certificate, Level required, const std::string& what) {
  run.summary["level"] = to_string(certificate.level);
  run.summary["reason"] = certificate.reason;
  if (const auto shortfall = options::certificate_shortfall(certificate, required, what)) {
    run.status = 3;
    run.message = *shortfall;
  }
}

std::string types_text(const json& types) {
  std::string out;
  for (const auto& [name, n] : types.items())
    out += (out.empty() ? "" : ", ") + std::to_string(n.get<int>()) + " " + name;
  return out;
}

std::string region_label(const json& region) {
  const auto c = region.find("case");
  if (c != region.end() && c->is_number_integer()) return "Case " + std::to_string(c->get<int>());
  const std::string types = types_text(region.at("types"));
  return types.empty() ? "no limit direction" : types;
}

}  // namespace detail
}  // namespace limitdir
