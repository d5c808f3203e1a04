// The strict conversions of option text shared by the jobs and the apps (scan/job_options.hpp,
// docs/manual.md section 5).
#include "limitdir/scan/job_options.hpp"

#include <charconv>
#include <stdexcept>
#include <climits>
#include <cmath>
#include <system_error>

#include "limitdir/core/errors.hpp"

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
