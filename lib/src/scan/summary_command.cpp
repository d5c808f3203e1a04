// `scan PROBLEM GRID --summary FILE [--x KEY] [--y KEY] [--field NAME]` (docs/manual.md section 14,
// "Summaries and heat maps"); see scan/summary_command.hpp.
#include "limitdir/scan/summary_command.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>

#include "limitdir/core/errors.hpp"
#include "limitdir/report/table.hpp"
#include "limitdir/scan/scan_run.hpp"
#include "limitdir/scan/summary.hpp"

namespace limitdir {

namespace {

/// The summary's options --x, --y, --field among the arguments scan passed on as the job's
/// ("--x KEY" or "--x=KEY"); anything else there is bad input (a summary runs no job).
ScanSummaryOptions summary_options(const std::vector<std::string>& args, std::string* format = nullptr) {
  ScanSummaryOptions options;
  std::string ignored;
  std::string* const targets[] = {&options.x, &options.y, &options.field, format ? format : &ignored};
  const char* const names[] = {"--x", "--y", "--field", "--format"};
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::size_t equals = args[i].find('=');
    const std::string name = args[i].substr(0, equals);
    std::size_t k = 0;
    while (k < 4 && name != names[k]) ++k;
    if (k == 4)
      throw InputError("--summary: unknown option \"" + args[i] + "\" (a summary takes PROBLEM, the grid, --x, --y, "
                       "--field and --format)");
    if (!targets[k]->empty()) throw InputError(name + ": given twice");
    std::string value = equals == std::string::npos ? (i + 1 < args.size() ? args[++i] : "") : args[i].substr(equals + 1);
    if (value.empty() || (equals == std::string::npos && value.rfind("--", 0) == 0))
      throw InputError(name + ": needs a value; see --help");
    *targets[k] = std::move(value);
  }
  return options;
}

/// The options of a scan that a summary does not take: bad input.
void check_summary_command(const ScanCommand& command) {
  if (command.job) throw InputError("--summary: takes no --job (the records' hashes name their scan)");
  for (const auto& [given, name] : {std::pair{command.shard.has_value(), "--shard"}, std::pair{command.resume.has_value(), "--resume"},
                                    std::pair{command.jobs.has_value(), "--jobs"}, std::pair{command.full, "--full"},
                                    std::pair{command.merge.has_value(), "--merge"}})
    if (given) throw InputError(std::string(name) + ": not an option of --summary");
}

nlohmann::json summarize(const ScanCommand& command, const ScanSummaryOptions& options, const ScanNote& note) {
  ScanCommand grid_only = command;
  grid_only.job_args.clear();
  const ScanSetup setup = make_scan_setup(grid_only, /*job_optional=*/true);
  const std::string& path = *command.summary;
  const auto noted = [&note](const std::string& text) { if (note) note("--summary: " + text); };
  if (path == "-") return summarize_scan_file(std::cin, "<stdin>", setup.grid, setup.problem_text, options, noted);
  if (std::filesystem::is_directory(path)) throw InputError(path + ": is a directory, not a scan file");
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot be opened");
  return summarize_scan_file(in, path, setup.grid, setup.problem_text, options, noted);
}

}  // namespace

nlohmann::json summarize_scan_command(const ScanCommand& command, const ScanNote& note) {
  check_summary_command(command);
  return summarize(command, summary_options(command.job_args), note);
}

std::string scan_summary_output(const ScanCommand& command, const ScanNote& note) {
  check_summary_command(command);
  std::string format;
  const ScanSummaryOptions options = summary_options(command.job_args, &format);
  if (!format.empty() && format != "json" && format != "csv" && format != "tsv")
    throw InputError("--format: must be json, csv or tsv (got \"" + format + "\")");
  const nlohmann::json summary = summarize(command, options, note);
  if (format == "csv") return report_table(summary, TableFormat::csv);
  if (format == "tsv") return report_table(summary, TableFormat::tsv);
  return summary.dump(2) + "\n";
}

}  // namespace limitdir
