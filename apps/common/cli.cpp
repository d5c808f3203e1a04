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

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/core/version.hpp"

namespace limitdir::cli {

namespace {

std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  return text;
}

/// The single line every failure prints on stderr; stdout stays empty.
int report_failure(const AppInfo& info, const std::string& message, int code) {
  std::cerr << info.name << ": error: " << one_line(message) << '\n';
  std::cerr.flush();
  return code;
}

std::string help_text(const AppInfo& info, const po::options_description& options,
                      const po::options_description& general) {
  std::ostringstream out;
  out << "Usage: " << info.name << ' ' << info.synopsis << "\n\n" << info.description << "\n\n";
  if (info.takes_problem && info.problem_schema != "limitdir.problem/1")
    out << "PROBLEM is a problem file (JSON, schema \"" << info.problem_schema << "\"), or - for standard input.\n\n";
  else if (info.takes_problem)
    out << "PROBLEM is a problem file (JSON, schema \"limitdir.problem/1\") or a report that embeds one\n"
           "(of find-limits, sweep-force, friction-model, classify or simulate: its problem, at its load\n"
           "\"force\" where it has one), or - for standard input.\n\n";
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

/// "+" is accepted before a number; from_chars rejects leading blanks and trailing garbage.
const char* skip_plus(const std::string& text) {
  const char* first = text.data();
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') ++first;
  return first;
}

[[noreturn]] void bad_option(const std::string& option, const std::string& what, const std::string& text) {
  throw InputError(option + ": " + what + " (got \"" + text + "\")");
}

}  // namespace

long long parse_integer(const std::string& text, const std::string& option, long long min, long long max) {
  const char* first = skip_plus(text);
  const char* last = text.data() + text.size();
  long long value = 0;
  const auto [end, ec] = std::from_chars(first, last, value);
  if (first == last || end != last || (ec != std::errc() && ec != std::errc::result_out_of_range))
    bad_option(option, "must be an integer", text);
  const bool too_small = ec == std::errc::result_out_of_range ? text.front() == '-' : value < min;
  const bool too_large = ec == std::errc::result_out_of_range ? text.front() != '-' : value > max;
  if (too_small) bad_option(option, "must be an integer >= " + std::to_string(min), text);
  if (too_large) bad_option(option, "must be an integer <= " + std::to_string(max), text);
  return value;
}

double parse_real(const std::string& text, const std::string& option) {
  const char* first = skip_plus(text);
  const char* last = text.data() + text.size();
  double value = 0.0;
  const auto [end, ec] = std::from_chars(first, last, value);
  if (first == last || end != last || (ec != std::errc() && ec != std::errc::result_out_of_range))
    bad_option(option, "must be a number", text);
  if (ec == std::errc::result_out_of_range || !std::isfinite(value)) bad_option(option, "must be a finite number", text);
  return value;
}

std::string shorten(const std::string& text, std::size_t max_length, const std::string& where) {
  if (text.size() <= max_length) return text;
  std::size_t cut = text.rfind("; ", max_length);
  if (cut == std::string::npos || cut == 0) {
    cut = max_length;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
  }
  return text.substr(0, cut) + "; ... (the whole text is in " + where + ")";
}

void add_require_option(po::options_description& options) {
  options.add_options()("require", po::value<std::string>()->value_name("LEVEL"),
                        "least certificate level that exits 0: checked (default: every consistency check passed) "
                        "or proven (a computer-assisted proof); anything less exits 3");
}

Level required_level(const po::variables_map& vm) {
  if (!vm.count("require")) return Level::checked;
  const std::string text = vm["require"].as<std::string>();
  if (text != "checked" && text != "proven")
    throw InputError("--require: must be checked or proven (got \"" + text + "\")");
  return level_from_string(text);
}

Output certified(std::string text, const Certificate& certificate, Level required, const std::string& what) {
  if (certificate.level >= required) return text;
  const std::string head = certificate.complete()
                               ? "certificate " + to_string(certificate.level) + ", not proven as --require asks"
                               : "certificate not complete";
  return {std::move(text), exit_numerical_failure,
          head + (what.empty() ? "" : " (" + what + ")") + ": " + shorten(certificate.reason, 400, "certificate.reason")};
}

void add_format_option(po::options_description& options) {
  options.add_options()("format", po::value<std::string>()->value_name("FORMAT"),
                        "output format: json (default: one JSON object of the schema above) or text (a compact "
                        "table for reading; the exit code is the same)");
}

bool text_format(const po::variables_map& vm) {
  if (!vm.count("format")) return false;
  const std::string text = vm["format"].as<std::string>();
  if (text != "json" && text != "text") throw InputError("--format: must be json or text (got \"" + text + "\")");
  return text == "text";
}

Eigen::Vector3d parse_vector3(const std::string& text, const std::string& option) {
  Eigen::Vector3d v;
  std::size_t start = 0;
  for (Eigen::Index i = 0; i < 3; ++i) {
    const std::size_t comma = text.find(',', start);
    if ((i < 2) == (comma == std::string::npos)) bad_option(option, "must be three numbers w1,w2,w3", text);
    const std::string part = text.substr(start, i < 2 ? comma - start : std::string::npos);
    try {
      v[i] = parse_real(part, option);
    } catch (const InputError&) {
      bad_option(option, "must be three finite numbers w1,w2,w3", text);
    }
    start = comma + 1;
  }
  return v;
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

long long integer_option(const po::variables_map& vm, const std::string& name, long long fallback, long long min,
                         long long max) {
  if (!vm.count(name)) return fallback;
  return parse_integer(vm[name].as<std::string>(), "--" + name, min, max);
}

std::string problem_path(const po::variables_map& vm) {
  if (!vm.count("problem")) throw InputError("missing PROBLEM (a problem file, or - for standard input); see --help");
  return vm["problem"].as<std::string>();
}

std::optional<std::string> optional_problem_path(const po::variables_map& vm) {
  if (!vm.count("problem")) return std::nullopt;
  return vm["problem"].as<std::string>();
}

void add_problem_overrides(po::options_description& options, bool with_force) {
  options.add_options()
      ("model", po::value<std::string>()->value_name("M"),
       "friction model (overrides friction.model): exact, coulomb-point, linear-fit, harmonic or sphere-harmonic "
       "(with --degree), pade:1, pade:2, kudra-pade (order 3; kudra-pade:1 is P1), kudra-pade-first, kudra-w, "
       "point-spin, zhuravlev-klimov, kireenkov-pade (order 2; kireenkov-pade:1), kireenkov-exact (docs/manual.md "
       "sections 4 and 7)")
      ("degree", po::value<std::string>()->value_name("N"),
       "degree N >= 1 of the harmonic model (overrides friction.degree)")
      ("pressure", po::value<std::string>()->value_name("P"),
       "contact pressure (overrides contact.pressure): uniform, hertz, galin or power:ALPHA with ALPHA > -1")
      ("rho", po::value<std::string>()->value_name("RHO"),
       "rho (overrides rho): kappa, R or a number > 0 in units of R");
  if (with_force)
    options.add_options()("force", po::value<std::string>()->value_name("F"),
                          "loading force F in units of mu m g (overrides force)");
}

void apply_problem_overrides(Problem& problem, const po::variables_map& vm) {
  const auto text = [&](const char* name) -> std::optional<std::string> {
    if (!vm.count(name)) return std::nullopt;
    return vm[name].as<std::string>();
  };
  std::optional<int> degree;
  if (const auto value = text("degree")) degree = static_cast<int>(parse_integer(*value, "--degree", INT_MIN, INT_MAX));
  std::optional<double> force;
  if (const auto value = text("force")) force = parse_real(*value, "--force");
  apply_overrides(problem, text("model"), degree, text("pressure"), text("rho"), force);
}

int run(const AppInfo& info, const po::options_description& options, int argc, const char* const argv[],
        const Body& body) {
  po::options_description general("General options");
  general.add_options()("help,h", "print this help and exit")("version", "print the version and exit");
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
      if (info.takes_problem && !info.problem_optional && !vm.count("problem"))
        throw InputError("missing PROBLEM (a problem file, or - for standard input); see --help");
      result = body(vm);
      const bool negative = result.code == exit_negative && !info.exit_negative_meaning.empty();
      if (result.code != exit_success && result.code != exit_numerical_failure && !negative)
        throw std::logic_error("an app body returned exit code " + std::to_string(result.code));
      if (result.code == exit_numerical_failure && result.message.empty())
        throw std::logic_error("an app body returned a failure without a message");
    }
  } catch (const po::error& e) {
    return report_failure(info, e.what(), exit_bad_input);
  } catch (const InputError& e) {
    return report_failure(info, e.what(), exit_bad_input);
  } catch (const NumericalError& e) {
    return report_failure(info, e.what(), exit_numerical_failure);
  } catch (const IoError& e) {
    return report_failure(info, std::string("I/O error: ") + e.what(), exit_io_error);
  } catch (const std::logic_error& e) {
    return report_failure(info, std::string("internal error: ") + e.what(), exit_internal_error);
  } catch (const std::system_error& e) {  // std::ios_base::failure among them
    return report_failure(info, std::string("I/O error: ") + e.what(), exit_io_error);
  } catch (const std::runtime_error& e) {
    // Boost.Math's evaluation and rounding errors, Boost.Odeint's step errors, std::overflow_error:
    // a numerical failure that a library detected.
    return report_failure(info, std::string("numerical failure: ") + e.what(), exit_numerical_failure);
  } catch (const std::exception& e) {
    return report_failure(info, std::string("internal error: ") + e.what(), exit_internal_error);
  } catch (...) {
    return report_failure(info, "internal error: an exception of an unknown kind", exit_internal_error);
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
    if (!result.message.empty()) std::cerr << info.name << ": " << one_line(result.message) << '\n';
    return exit_negative;
  }
  if (result.code != exit_success) return report_failure(info, result.message, result.code);
  return exit_success;
}

void real_option(const po::variables_map& vm, const std::string& name, double& target, const std::string& range,
                 bool (*ok)(double)) {
  if (!vm.count(name)) return;
  const std::string text = vm[name].as<std::string>(), option = "--" + name;
  const double x = parse_real(text, option);
  if (!ok(x)) throw InputError(option + ": must be " + range + " (got \"" + text + "\")");
  target = x;
}

}  // namespace limitdir::cli
