#pragma once
// The apps that are jobs of a scan (find-limits, sweep-force, bifurcation-map, simulate, roll,
// celt; docs/manual.md section 14): thin shells around the library's job runners
// (limitdir/jobs/job.hpp), so that an app and `scan --job NAME` run the same code. The shell
// adds what only a command line has: PROBLEM read from a file or standard input, --help,
// --version, --format, the printing of the report, the progress notes and the exit code.
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "limitdir/jobs/job.hpp"

namespace limitdir::cli {

/// How an app prints a job's report: its standard output (e.g. report.dump(2) + "\n", or a text
/// table with --format text).
using JobPrinter = std::function<std::string(const nlohmann::json& report, const po::variables_map& vm)>;

/// Runs the job `kind` as the app `info`: the job's option table (job_option_table) plus --format
/// with the `formats` offered besides json, when there are any (then `print` sees it in vm), PROBLEM
/// read as one JSON document (the file named in messages as given), run_job with the progress
/// notes rendered by progress.hpp
/// and, for simulate --x0, the trajectory streamed to stdout line by line; then the report
/// printed by `print` and the job's status as the exit code with its one-line message.
int run_job_app(const AppInfo& info, JobKind kind, Formats formats, int argc, const char* const argv[],
                const JobPrinter& print);

}  // namespace limitdir::cli
