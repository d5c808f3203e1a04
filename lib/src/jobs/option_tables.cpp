// The strict conversions of option text shared by the jobs and the apps (jobs/option_tables.hpp,
// docs/manual.md section 5).
#include "jobs/option_tables.hpp"

#include <charconv>
#include <stdexcept>
#include <climits>
#include <cmath>
#include <system_error>

#include "limitdir/core/errors.hpp"
#include "limitdir/jobs/problem_overrides.hpp"
#include "limitdir/friction/model_registry.hpp"

namespace limitdir::options {

namespace {

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

void check_angle(double x, const std::string& option, const std::string& text) {
  // one full turn either way covers every direction; the problem files' rule (system/problem.cpp)
  constexpr double max_angle = 2.0 * M_PI;
  if (!(std::abs(x) <= max_angle)) bad_option(option, "looks like degrees; give radians (an angle, |angle| <= 2 pi)", text);
}

std::pair<double, double> parse_range(const std::string& text, const std::string& option) {
  const auto bad = [&] { bad_option(option, "must be A:B (or A,B), two finite numbers with A < B", text); };
  // the separator: the one ':' or else the one ','; never both, never twice (a sign is no separator)
  const std::size_t colon = text.find(':'), comma = text.find(',');
  if ((colon == std::string::npos) == (comma == std::string::npos)) bad();
  const std::size_t at = colon != std::string::npos ? colon : comma;
  if (text.find(text[at], at + 1) != std::string::npos) bad();
  double a = 0.0, b = 0.0;
  try {
    a = parse_real(text.substr(0, at), option);
    b = parse_real(text.substr(at + 1), option);
  } catch (const InputError&) {
    bad();
  }
  if (!(a < b) || !std::isfinite(b - a)) bad();
  return {a, b};
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

std::optional<std::string> certificate_shortfall(const Certificate& certificate, Level required,
                                                 const std::string& what) {
  if (certificate.level >= required) return std::nullopt;
  const std::string head = certificate.complete()
                               ? "certificate " + to_string(certificate.level) + ", not proven as --require asks"
                               : "certificate not complete";
  return head + (what.empty() ? "" : " (" + what + ")") + ": " +
         shorten(certificate.reason, 400, "certificate.reason");
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

long long integer_option(const po::variables_map& vm, const std::string& name, long long fallback, long long min,
                         long long max) {
  if (!vm.count(name)) return fallback;
  return parse_integer(vm[name].as<std::string>(), "--" + name, min, max);
}

void real_option(const po::variables_map& vm, const std::string& name, double& target, const std::string& range,
                 bool (*ok)(double)) {
  if (!vm.count(name)) return;
  const std::string text = vm[name].as<std::string>(), option = "--" + name;
  const double x = parse_real(text, option);
  if (!ok(x)) throw InputError(option + ": must be " + range + " (got \"" + text + "\")");
  target = x;
}

void add_set_option(po::options_description& options) {
  options.add_options()("set", po::value<std::vector<std::string>>()->composing()->value_name("KEY=VALUE"),
                        "set the numeric key KEY of the problem file (a dotted path: system.lambda, "
                        "contact.shape.ellipse.1, ...) to VALUE after the file is read and before it is checked "
                        "(repeatable; the keys of scan, docs/manual.md section 14). Unit: the key's (the "
                        "problem file's unit of KEY, share/schemas).");
}

void apply_set_options(nlohmann::json& document, const po::variables_map& vm, const std::string& source) {
  if (!vm.count("set")) return;
  // each text is read and applied in turn, so that the first bad one is named whatever it is
  for (const std::string& text : vm["set"].as<std::vector<std::string>>()) {
    const std::size_t equals = text.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == text.size())
      bad_option("--set", "must be KEY=VALUE, a dotted key of the problem file and a number", text);
    const std::string key = text.substr(0, equals);
    apply_key_settings(document, {{key, parse_real(text.substr(equals + 1), "--set " + key)}}, source);
  }
}

void add_problem_overrides(po::options_description& options, bool with_force) {
  const std::string models = "friction model (overrides friction.model; docs/manual.md sections 4, 7 and 8), one of:" +
                             entry_help(friction_model_registry());
  options.add_options()
      ("model", po::value<std::string>()->value_name("M"), models.c_str())
      ("degree", po::value<std::string>()->value_name("N"),
       "degree N >= 1 of the harmonic model (overrides friction.degree). Unit: dimensionless.")
      ("pressure", po::value<std::string>()->value_name("P"),
       "contact pressure (overrides contact.pressure): uniform, hertz, galin, ring, power:ALPHA with ALPHA > -1 "
       "(the exponent of (1 - xi^2/R^2)^ALPHA, dimensionless) or ring:XI0 with 0 < XI0 <= 1 (the thin ring of "
       "radius XI0 R; ring = ring:1)")
      ("rho", po::value<std::string>()->value_name("RHO"),
       "rho of the slip x_o = (u_x, u_y, rho omega_z) (overrides rho): kappa, R or a number > 0. "
       "Unit: R (the contact radius).");
  if (with_force)
    options.add_options()("force", po::value<std::string>()->value_name("F"),
                          "loading force F (overrides force). Unit: mu m g.");
  add_set_option(options);
}

namespace {

std::optional<std::string> option_text(const po::variables_map& vm, const char* name) {
  if (!vm.count(name)) return std::nullopt;
  return vm[name].as<std::string>();
}

}  // namespace

ProblemOverrides problem_overrides(const po::variables_map& vm) {
  ProblemOverrides o;
  o.model = option_text(vm, "model");
  if (const auto value = option_text(vm, "degree"))
    o.degree = static_cast<int>(parse_integer(*value, "--degree", INT_MIN, INT_MAX));
  o.pressure = option_text(vm, "pressure");
  o.rho = option_text(vm, "rho");
  if (const auto value = option_text(vm, "force")) o.force = parse_real(*value, "--force");
  return o;
}

void check_problem_overrides(const po::variables_map& vm) { (void)problem_overrides(vm); }

void apply_problem_overrides(Problem& problem, const po::variables_map& vm) {
  apply_overrides(problem, problem_overrides(vm));
}

std::pair<int, std::string> current_failure() {
  try {
    throw;
  } catch (const po::error& e) {
    return {2, e.what()};
  } catch (const InputError& e) {
    return {2, e.what()};
  } catch (const NumericalError& e) {
    return {3, e.what()};
  } catch (const IoError& e) {
    return {4, std::string("I/O error: ") + e.what()};
  } catch (const std::logic_error& e) {
    return {5, std::string("internal error: ") + e.what()};
  } catch (const std::system_error& e) {  // std::ios_base::failure among them
    return {4, std::string("I/O error: ") + e.what()};
  } catch (const std::runtime_error& e) {
    // Boost.Math's evaluation and rounding errors, Boost.Odeint's step errors, std::overflow_error:
    // a numerical failure that a library detected.
    return {3, std::string("numerical failure: ") + e.what()};
  } catch (const std::exception& e) {
    return {5, std::string("internal error: ") + e.what()};
  } catch (...) {
    return {5, "internal error: an exception of an unknown kind"};
  }
}

}  // namespace limitdir::options
