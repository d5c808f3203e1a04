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
                       "--field and --format; with --job, the job's options go before --summary FILE)");
    if (!targets[k]->empty()) throw InputError(name + ": given twice");
    std::string value = equals == std::string::npos ? (i + 1 < args.size() ? args[++i] : "") : args[i].substr(equals + 1);
    if (value.empty() || (equals == std::string::npos && value.rfind("--", 0) == 0))
      throw InputError(name + ": needs a value; see --help");
    *targets[k] = std::move(value);
  }
  return options;
}

/// The summary's own arguments among the job's: all of them without --job; with --job those
/// after --summary FILE (before it are the options of the scan's job, which name its records).
std::vector<std::string> summary_args(const ScanCommand& command) {
  if (!command.job) return command.job_args;
  return {command.job_args.begin() + static_cast<std::ptrdiff_t>(command.summary_at), command.job_args.end()};
}

/// The options of a scan that a summary does not take: bad input. With --job (a scan's command
/// line re-run with --summary FILE appended) --jobs and --full are let through: they change how
/// the scan ran, not which records it wrote; --shard and --resume would name other records.
void check_summary_command(const ScanCommand& command) {
  const bool rerun = command.job.has_value();
  for (const auto& [given, name] : {std::pair{command.shard.has_value(), "--shard"}, std::pair{command.resume.has_value(), "--resume"},
                                    std::pair{command.jobs.has_value() && !rerun, "--jobs"}, std::pair{command.full && !rerun, "--full"},
                                    std::pair{command.merge.has_value(), "--merge"}})
    if (given) throw InputError(std::string(name) + ": not an option of --summary");
}

/// The summary; with --job (a scan's command line with --summary FILE appended) the job and its
/// options before --summary are parsed as the scan parsed them, and every record must be of that
/// scan (its scan hash), as a resume file is checked.
nlohmann::json summarize(const ScanCommand& command, ScanSummaryOptions options, const ScanNote& note,
                         const ScanNote& progress) {
  ScanCommand scan_only = command;
  scan_only.job_args.resize(command.job ? command.summary_at : 0);
  const ScanSetup setup = make_scan_setup(scan_only, /*job_optional=*/true);
  options.scan_hash = setup.scan_hash;  // "" without --job: any one scan
  if (setup.job) options.job = job_name(setup.job->kind);
  const auto name = setup.document.is_object() ? setup.document.find("name") : setup.document.end();
  options.problem_name = name != setup.document.end() && name->is_string() ? name->get<std::string>() : "";
  options.problem_file = setup.source;
  const std::string& path = *command.summary;
  const auto noted = [&note](const std::string& text) { if (note) note("--summary: " + text); };
  const auto progressed = [&progress](const std::string& text) { if (progress) progress("--summary: " + text); };
  if (path == "-") return summarize_scan_file(std::cin, "<stdin>", setup.grid, setup.problem_text, options, noted, progressed);
  if (std::filesystem::is_directory(path)) throw InputError(path + ": is a directory, not a scan file");
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot be opened");
  return summarize_scan_file(in, path, setup.grid, setup.problem_text, options, noted, progressed);
}

}  // namespace

nlohmann::json summarize_scan_command(const ScanCommand& command, const ScanNote& note, const ScanNote& progress) {
  check_summary_command(command);
  return summarize(command, summary_options(summary_args(command)), note, progress);
}

std::string scan_summary_output(const ScanCommand& command, const ScanNote& note, const ScanNote& progress) {
  check_summary_command(command);
  std::string format;
  const ScanSummaryOptions options = summary_options(summary_args(command), &format);
  if (!format.empty() && format != "json" && format != "csv" && format != "tsv")
    throw InputError("--format: must be json, csv or tsv (got \"" + format + "\")");
  const nlohmann::json summary = summarize(command, options, note, progress);
  if (format == "csv") return report_table(summary, TableFormat::csv);
  if (format == "tsv") return report_table(summary, TableFormat::tsv);
  return summary.dump(2) + "\n";
}

}  // namespace limitdir
