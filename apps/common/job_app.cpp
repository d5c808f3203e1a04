// The shell of the apps that are jobs of a scan; see job_app.hpp and docs/manual.md section 14.
#include "job_app.hpp"

#include <iostream>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/report/table.hpp"
#include "jobs/option_tables.hpp"
#include "progress.hpp"

namespace limitdir::cli {

namespace {

/// Writes one line of a trajectory at once (the output is streamed, docs/manual.md section 5);
/// a failed write is an I/O error (exit 4).
void write_line(const std::string& line) {
  std::cout << line << '\n';
  if (!std::cout) throw IoError("cannot write to standard output");
}

/// The trajectory's points as they come: JSON Lines, or with --format csv|tsv the rows of its
/// table (report/table.hpp), the header before the first. On the terminal of the progress notes
/// each line is written with the note erased before it and drawn again after it (progress.hpp,
/// docs/manual.md section 5 "Progress"), so that a line never starts on the note's line.
std::function<void(const nlohmann::json&)> point_writer(Format format) {
  std::function<void(const nlohmann::json&)> write;
  if (format != Format::csv && format != Format::tsv) {
    write = [](const nlohmann::json& point) { write_line(point.dump()); };
  } else {
    const TableFormat table = format == Format::csv ? TableFormat::csv : TableFormat::tsv;
    write = [table, first = true](const nlohmann::json& point) mutable {
      std::cout << trajectory_table_row(point, table, first) << std::flush;
      first = false;
      if (!std::cout) throw IoError("cannot write to standard output");
    };
  }
  if (!output_shares_terminal()) return write;
  return [write](const nlohmann::json& point) {
    clear_progress_line();
    write(point);
    std::cout.flush();
    redraw_progress_line();
  };
}

}  // namespace

int run_job_app(const AppInfo& info, JobKind kind, Formats formats, int argc, const char* const argv[],
                const JobPrinter& print) {
  po::options_description options = job_option_table(kind);
  const bool with_format = formats.text || formats.table;
  if (with_format) add_format_option(options, formats);
  return run(info, options, argc, argv, [&](const po::variables_map& vm) -> Output {
    // a bad --format is bad input before any work
    const Format format = with_format ? output_format(vm, formats) : Format::json;
    // the options are checked inside run_job, in the order the app always checked them
    const Job job = job_from_options(kind, vm, {}, /*check_now=*/false);
    const std::string path = problem_path(vm);
    const nlohmann::json document = read_json_file(path, "a problem file (PROBLEM)");
    JobHooks hooks;
    hooks.progress = progress_hook();  // the notes as progress.hpp renders them (none when off)
    if (kind == JobKind::simulate) hooks.point = point_writer(format);
    const JobResult result = run_job(job, document, path, hooks);
    if (result.report.is_null()) return Output(std::string(), result.status, result.message);
    return Output(print(result.report, vm), result.status, result.message);
  });
}

}  // namespace limitdir::cli
