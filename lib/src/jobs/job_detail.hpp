#pragma once
// The pieces of the job runners (jobs/job.hpp, docs/manual.md section 14): one file per job,
// lib/src/jobs/<name>.cpp, each with its option table, the checks of its options' text and
// its body on a problem document; lib/src/jobs/job.cpp dispatches and maps failures to statuses.
#include <chrono>
#include <string>

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include "limitdir/limits/limits.hpp"
#include "limitdir/jobs/job.hpp"

namespace limitdir {

/// The parsed options of a job: the variables map of its option table (read only once made).
struct JobOptions {
  boost::program_options::variables_map vm;
};

namespace detail {

namespace po = boost::program_options;

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

// The jobs: their option tables, the checks of their options' text (InputError), their bodies.
po::options_description find_limits_table();
void check_find_limits(const po::variables_map& vm);
JobRun run_find_limits(const po::variables_map& vm, const nlohmann::json& document, const JobContext& context);

po::options_description sweep_force_table();
void check_sweep_force(const po::variables_map& vm);
JobRun run_sweep_force(const po::variables_map& vm, const nlohmann::json& document, const JobContext& context);

po::options_description bifurcation_map_table();
void check_bifurcation_map(const po::variables_map& vm);
JobRun run_bifurcation_map(const po::variables_map& vm, const nlohmann::json& document, const JobContext& context);

po::options_description simulate_table();
void check_simulate(const po::variables_map& vm);
JobRun run_simulate(const po::variables_map& vm, const nlohmann::json& document, const JobContext& context);

po::options_description roll_table();
void check_roll(const po::variables_map& vm);
JobRun run_roll(const po::variables_map& vm, const nlohmann::json& document, const JobContext& context);

po::options_description celt_table();
void check_celt(const po::variables_map& vm);
JobRun run_celt(const po::variables_map& vm, const nlohmann::json& document, const JobContext& context);

}  // namespace detail
}  // namespace limitdir
