// The command-line shell shared by every app; see cli.hpp and docs/manual.md section 5.
#include "cli.hpp"

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <unistd.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/system/problem_input.hpp"
#include "progress.hpp"
#include "limitdir/report/table.hpp"

namespace limitdir::cli {

namespace {


/// The single line every failure prints on stderr; stdout stays empty.
int report_failure(const AppInfo& info, const std::string& message, int code) {
  end_progress();
  std::cerr << info.name << ": error: " << limitdir::printable_line(message) << '\n';
  std::cerr.flush();
  return code;
}

std::string help_text(const AppInfo& info, const po::options_description& options,
                      const po::options_description& general) {
  std::ostringstream out;
  out << "Usage: " << info.name << ' ' << info.synopsis << "\n\n" << info.description << "\n\n";
  if (info.takes_problem && info.problem_schema != "limitdir.problem/1")
    out << info.problem_name << " is " << info.problem_is << " (JSON, schema \"" << info.problem_schema
        << "\"), or - for standard input\n(also read when " << info.problem_name
        << " is omitted and standard input is not a terminal).\n\n";
  else if (info.takes_problem)
    out << "PROBLEM is a problem file (JSON, schema \"limitdir.problem/1\") or a report that embeds one\n"
           "(of find-limits, sweep-force, friction-model, classify or simulate: its problem, at its load\n"
           "\"force\" where it has one), or - for standard input (also read when PROBLEM is omitted and\n"
           "standard input is not a terminal).\n\n";
  out << options << '\n' << general << '\n';
  out << "Exit codes:\n"
         "  0  success: the result is printed on standard output\n";
  if (!info.exit_negative_meaning.empty())
    out << "  1  " << info.exit_negative_meaning << ": the result is printed on standard output\n";
  out << "  2  bad input: a one-line message on standard error, nothing on standard output\n"
         "  3  numerical failure detected by the tool: a one-line message says which\n"
         "  4  I/O error: reading an opened input or writing the output failed (e.g. disk full)\n"
         "  5  internal error (a bug in limitdir; please report the one-line message)\n";
  return out.str();
}

}  // namespace

Output certified(std::string text, const Certificate& certificate, Level required, const std::string& what) {
  const auto shortfall = options::certificate_shortfall(certificate, required, what);
  if (!shortfall) return text;
  return {std::move(text), exit_numerical_failure, *shortfall};
}

namespace {

/// The names of Format, in its order.
constexpr const char* format_names[] = {"json", "text", "csv", "tsv"};

std::string offered_list(Formats offered) {
  std::string list = "json";
  if (offered.text) list += offered.table ? ", text" : " or text";
  if (offered.table) list += ", csv or tsv";
  return list;
}

}  // namespace

void add_format_option(po::options_description& options, Formats offered) {
  std::string help = "output format: json (default: one JSON object of the schema above)";
  if (offered.text) help += ", text (a compact table for reading; the exit code is the same)";
  if (offered.table)
    help += ", csv or tsv (the report's table for spreadsheets: a header row with units, one row per entry, "
            "numbers as in the JSON; docs/manual.md section 5)";
  options.add_options()("format", po::value<std::string>()->value_name("FORMAT"), help.c_str());
}

Format output_format(const po::variables_map& vm, Formats offered) {
  if (!vm.count("format")) return Format::json;
  const std::string text = vm["format"].as<std::string>();
  for (int k = 0; k < 4; ++k) {
    const auto format = static_cast<Format>(k);
    if (text != format_names[k]) continue;
    if ((format == Format::text && offered.text) || ((format == Format::csv || format == Format::tsv) && offered.table) ||
        format == Format::json)
      return format;
  }
  throw InputError("--format: must be " + offered_list(offered) + " (got \"" + text + "\")");
}

bool text_format(const po::variables_map& vm) { return output_format(vm) == Format::text; }

std::string print_report(const nlohmann::json& report, Format format,
                         const std::function<std::string(const nlohmann::json&)>& text, int indent) {
  switch (format) {
    case Format::text:
      if (!text) throw std::logic_error("print_report: no text printer");
      return text(report);
    case Format::csv:
      return report_table(report, TableFormat::csv);
    case Format::tsv:
      return report_table(report, TableFormat::tsv);
    case Format::json:
      break;
  }
  return report.dump(indent) + "\n";
}

namespace {

/// `text` parsed as JSON; `source` ("<stdin>" or a file name) and `where` ("on standard input",
/// "in the file") for the messages.
nlohmann::json parse_json_text(const std::string& text, const std::string& source, const std::string& expected,
                               const std::string& where) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw InputError(source + ": no input; expected " + expected + " " + where);
  return parse_json_input(text, source);
}

}  // namespace

nlohmann::json read_stdin_json(const std::string& expected) {
  return parse_json_text(read_input("-"), "<stdin>", expected, "on standard input");
}

nlohmann::json read_json_file(const std::string& path, const std::string& expected) {
  if (path == "-") return read_stdin_json(expected);
  return parse_json_text(read_input(path), path, expected, "in the file");
}

std::string input_path(const std::optional<std::string>& operand, const AppInfo& info, const std::string& what) {
  if (operand) return *operand;
  if (!isatty(STDIN_FILENO)) return "-";
  throw InputError("missing " + what + " (standard input is a terminal); usage: " + info.name + " " +
                   limitdir::printable_line(info.synopsis));
}

Problem load_problem(const std::string& path, const po::variables_map& vm) {
  nlohmann::json document = read_json_file(path, "a problem file (PROBLEM)");
  apply_set_options(document, vm, path);
  return problem_from_document(document, path);
}

std::string problem_path(const po::variables_map& vm) {
  if (!vm.count("problem")) throw InputError("missing PROBLEM (a problem file, or - for standard input); see --help");
  return vm["problem"].as<std::string>();
}

std::optional<std::string> optional_problem_path(const po::variables_map& vm) {
  if (!vm.count("problem")) return std::nullopt;
  return vm["problem"].as<std::string>();
}

int run(const AppInfo& info, const po::options_description& options, int argc, const char* const argv[],
        const Body& body) {
  po::options_description general("General options", options::help_line_length);
  general.add_options()("help,h", "print this help and exit")("version", "print the version and exit");
  add_progress_options(general);
  po::options_description hidden;
  if (info.takes_problem) hidden.add_options()("problem", po::value<std::string>(), "problem file");
  if (!info.operands.empty())
    hidden.add_options()(info.operands.c_str(), po::value<std::vector<std::string>>(), "positional arguments");
  po::options_description all;
  all.add(options).add(general).add(hidden);
  po::positional_options_description positional;
  if (info.takes_problem) positional.add("problem", 1);
  if (!info.operands.empty()) positional.add(info.operands.c_str(), -1);

  Output result{std::string()};
  try {
    po::variables_map vm;
    // No abbreviated option names: "--deg" is an error rather than a guess.
    const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).style(style).run(), vm);
    po::notify(vm);
    if (vm.count("help")) {
      result = Output(help_text(info, options, general));
    } else if (vm.count("version")) {
      result = Output(info.name + " (limitdir) " + limitdir::version + "\n");
    } else {
      if (info.takes_problem && !info.problem_optional && !vm.count("problem")) {
        // no PROBLEM: standard input unless it is a terminal (input_path)
        const std::string path =
            input_path(std::nullopt, info, info.problem_name + " (" + info.problem_is + ", or - for standard input)");
        vm.insert({"problem", po::variable_value(boost::any(path), false)});
      }
      start_progress(info.name, vm);
      // the library's long loops note through this scope (limitdir/core/progress.hpp)
      const ProgressScope scope(progress_hook());
      result = body(vm);
      end_progress();
      const bool negative = result.code == exit_negative && !info.exit_negative_meaning.empty();
      // a job's failure (apps/common/job_app.hpp): its one line, nothing on stdout
      const bool job_failure =
          result.code == exit_bad_input || result.code == exit_io_error || result.code == exit_internal_error;
      if (result.code != exit_success && result.code != exit_numerical_failure && !negative && !job_failure)
        throw std::logic_error("an app body returned exit code " + std::to_string(result.code));
      if ((result.code == exit_numerical_failure || job_failure) && result.message.empty())
        throw std::logic_error("an app body returned a failure without a message");
      if (job_failure && !result.output.empty())
        throw std::logic_error("an app body returned a failure with output");
      if (job_failure) return report_failure(info, result.message, result.code);
    }
  } catch (...) {
    // the library's mapping of exceptions to exit codes, the same as run_job's
    const auto [code, message] = options::current_failure();
    return report_failure(info, message, code);
  }

  errno = 0;
  std::cout << result.output;
  std::cout.flush();
  if (!std::cout) {
    const int error = errno;
    return report_failure(info, std::string("I/O error: cannot write to standard output") +
                                    (error != 0 ? std::string(" (") + std::strerror(error) + ")" : ""),
                          exit_io_error);
  }
  if (result.code == exit_negative) {
    // A "no" answer, not a failure: its message (if any) without "error:".
    if (!result.message.empty()) std::cerr << info.name << ": " << limitdir::printable_line(result.message) << '\n';
    return exit_negative;
  }
  if (result.code != exit_success) return report_failure(info, result.message, result.code);
  return exit_success;
}

}  // namespace limitdir::cli
