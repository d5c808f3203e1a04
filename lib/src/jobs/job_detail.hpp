#pragma once
// The pieces of the job runners (jobs/job.hpp, docs/manual.md section 14): one file per job,
// lib/src/jobs/<name>.cpp, each with its option table, the checks of its options' text and
// its body on a problem document; lib/src/jobs/job.cpp dispatches and maps failures to statuses.
#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <variant>

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include "limitdir/jobs/bifurcation_map_options.hpp"
#include "limitdir/jobs/celt_options.hpp"
#include "limitdir/jobs/find_limits_options.hpp"
#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/pile_options.hpp"
#include "limitdir/jobs/roll_options.hpp"
#include "limitdir/jobs/simulate_options.hpp"
#include "limitdir/jobs/sweep_force_options.hpp"
#include "limitdir/limits/limits.hpp"

namespace limitdir {

/// A job's options as values (jobs/<job>_options.hpp), or none yet (std::monostate: a job made
/// by an app from its text, which the job's body converts).
using JobValues = std::variant<std::monostate, FindLimitsOptions, SweepForceOptions, BifurcationMapOptions,
                               SimulateOptions, RollOptions, CeltOptions, PileOptions>;

/// The options of a job (read only once made): the text, when the job was made from it
/// (make_job(kind, args), job_from_options), and the values, when they were given
/// (make_job(const FindLimitsOptions&), ...) or converted from the text by make_job. A job
/// made by an app (job_from_options without check_now) has the text only: its body converts it
/// where the app always read its options, so that a run with several errors names the same one.
struct JobOptions {
  std::optional<boost::program_options::variables_map> vm;
  JobValues values;
};

namespace detail {

namespace po = boost::program_options;

/// InputError "<field>: must be <what> (got <value>)": a field of an options struct out of its
/// range (the values' counterpart of the option text's one-line errors).
[[noreturn]] void bad_value(const std::string& field, const std::string& what, double value);
[[noreturn]] void bad_value(const std::string& field, const std::string& what, long long value);
[[noreturn]] void bad_value(const std::string& field, const std::string& what, const std::string& value);
/// bad_value(field, "finite in each component", x) for the first component x of the vector `v`
/// (an Eigen vector) that is not finite.
template <class Vector>
void check_finite(const std::string& field, const Vector& v) {
  for (decltype(v.size()) i = 0; i < v.size(); ++i)
    if (!std::isfinite(v[i])) bad_value(field, "finite in each component", static_cast<double>(v[i]));
}

/// bad_value(field, range, x) unless the override `value` of `field`, when given, is finite and
/// `ok` (roll's and celt's overrides of their problem files).
void check_range(const std::string& field, const std::optional<double>& value, const std::string& range,
                 bool (*ok)(double));

/// The real option `name` of the text when given, checked as options::real_option (InputError
/// "--<name>: must be <range> (got <text>)").
std::optional<double> real_value(const po::variables_map& vm, const char* name, const std::string& range,
                                 bool (*ok)(double));

/// InputError "<field>: must be Level::checked or Level::proven (got "incomplete")": the levels
/// that --require takes.
void check_require(Level require, const std::string& field);

/// The values of type T of `given`: those held, or else those converted from its text by
/// `from_text` (InputError naming the option).
template <class T>
T values_of(const JobOptions& given, T (*from_text)(const po::variables_map&)) {
  if (const T* values = std::get_if<T>(&given.values)) return *values;
  return from_text(*given.vm);
}

/// The job of `values` (already validated), without text.
Job job_from_values(JobKind kind, JobValues values);


/// What a job's body produced: the app's exit status, message and report, and the job's own
/// numbers for the summary (its "class" and, with a certificate, "level" and "reason").
struct JobRun {
  int status = 0;
  std::string message;
  nlohmann::json report;
  nlohmann::json summary = nlohmann::json::object();
};

/// Where a body runs: the name of the problem document in messages, the hooks and the start.
struct JobContext {
  std::string source;
  const JobHooks& hooks;
  std::chrono::steady_clock::time_point start;
  /// Passes a progress note to hooks.progress once the job has run for a second (the apps'
  /// rule, docs/manual.md section 5).
  void progress(const std::string& note) const;
};

/// A report with a certificate: status 3 and the message of options::certificate_shortfall when
/// the certificate is below `required`; the summary's "level" and "reason" from it.
void certify(JobRun& run, const Certificate& certificate, Level required, const std::string& what = "");

/// "1 attracting saddle, 2 attracting stable-node": the counts of an object {type: count} in the
/// order of its keys (by name), as the text report writes a region's types (report/text_report).
std::string types_text(const nlohmann::json& types);

/// A region's label: "Case k" where the report gives its case, else its types_text.
std::string region_label(const nlohmann::json& region);

// The jobs: their option tables, the checks of their options' text (InputError) with the values
// they give (std::monostate for a job whose body reads the text), their bodies.
po::options_description find_limits_table();
FindLimitsOptions find_limits_from_text(const po::variables_map& vm);
JobValues check_find_limits(const po::variables_map& vm);
JobRun run_find_limits(const JobOptions& given, const nlohmann::json& document, const JobContext& context);

po::options_description sweep_force_table();
SweepForceOptions sweep_force_from_text(const po::variables_map& vm);
JobValues check_sweep_force(const po::variables_map& vm);
JobRun run_sweep_force(const JobOptions& given, const nlohmann::json& document, const JobContext& context);

po::options_description bifurcation_map_table();
BifurcationMapOptions bifurcation_map_from_text(const po::variables_map& vm);
JobValues check_bifurcation_map(const po::variables_map& vm);
JobRun run_bifurcation_map(const JobOptions& given, const nlohmann::json& document, const JobContext& context);

po::options_description simulate_table();
SimulateOptions simulate_from_text(const po::variables_map& vm);
JobValues check_simulate(const po::variables_map& vm);
JobRun run_simulate(const JobOptions& given, const nlohmann::json& document, const JobContext& context);

po::options_description roll_table();
RollOptions roll_from_text(const po::variables_map& vm);
JobValues check_roll(const po::variables_map& vm);
JobRun run_roll(const JobOptions& given, const nlohmann::json& document, const JobContext& context);

po::options_description celt_table();
CeltOptions celt_from_text(const po::variables_map& vm);
JobValues check_celt(const po::variables_map& vm);
JobRun run_celt(const JobOptions& given, const nlohmann::json& document, const JobContext& context);

po::options_description pile_table();
PileOptions pile_from_text(const po::variables_map& vm);
JobValues check_pile(const po::variables_map& vm);
JobRun run_pile(const JobOptions& given, const nlohmann::json& document, const JobContext& context);

}  // namespace detail
}  // namespace limitdir
