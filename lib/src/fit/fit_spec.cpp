// The fit file, schema "limitdir.fit/1" (docs/manual.md section 16).
#include "limitdir/fit/fit_spec.hpp"

#include <cmath>
#include <filesystem>
#include <limits>

#include "core/json_section.hpp"
#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/core/json_keys.hpp"
#include "limitdir/celt/celt.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

namespace {

using detail::JsonSection;
using json = nlohmann::json;

/// A number as the file would write it (shortest round trip), -inf and inf as such.
std::string text(double x) { return std::isfinite(x) ? detail::show(json(x)) : (x > 0 ? "inf" : "-inf"); }

/// The most starts a fit runs: each is a full local fit, and 10^4 of them already take minutes
/// on the papers' problems.
constexpr std::uint64_t kMaxStarts = 10000;
/// The most free parameters: the covariance and the SVD are dense p x p and m x p.
constexpr std::uint64_t kMaxParameters = 100;

std::string resolve(const std::string& path, const std::string& directory) {
  if (path.empty() || path == "-" || std::filesystem::path(path).is_absolute() || directory.empty()) return path;
  return (std::filesystem::path(directory) / path).string();
}

double bound(const json* v, const JsonSection& s, const char* key, double none) {
  if (!v) return none;
  if (v->is_string() && (v->get<std::string>() == "-inf" || v->get<std::string>() == "inf"))
    return v->get<std::string>() == "inf" ? std::numeric_limits<double>::infinity()
                                          : -std::numeric_limits<double>::infinity();
  return s.finite(*v, key);
}

// `key`, read at section s's "key", must name a number of the problem (InputError otherwise).
void check_numeric_key(json& problem, const std::string& key, const JsonSection& s) {
  std::string why;
  const json* at = find_dotted_key(problem, key, why);
  if (!at) throw InputError(s.at("key") + ": " + key + " is not a key of the problem: " + why);
  if (!at->is_number()) JsonSection::fail(s.at("key"), key + " must hold a number in the problem", *at);
}

FitParameter parse_parameter(const json& value, const std::string& path, json& problem) {
  JsonSection s(value, path);
  FitParameter p;
  const json& key = s.need("key");
  if (!key.is_string() || key.get<std::string>().empty()) JsonSection::fail(s.at("key"), "must be a dotted key", key);
  p.key = key.get<std::string>();
  if (p.key != kMuPKey) check_numeric_key(problem, p.key, s);
  p.start = s.finite(s.need("start"), "start");
  p.lower = bound(s.find("lower"), s, "lower", -std::numeric_limits<double>::infinity());
  p.upper = bound(s.find("upper"), s, "upper", std::numeric_limits<double>::infinity());
  if (!(p.lower < p.upper))
    throw InputError(s.at("lower") + ": the bounds must satisfy lower < upper (got " + text(p.lower) +
                     " and " + text(p.upper) + ")");
  if (!(p.lower <= p.start && p.start <= p.upper))
    throw InputError(s.at("start") + ": the bounds [" + text(p.lower) + ", " + text(p.upper) +
                     "] exclude the start " + text(p.start));
  s.done();
  return p;
}

bool is_celt(const json& problem) {
  const auto it = problem.find("schema");
  return it != problem.end() && *it == "limitdir.celt/1";
}

/// Reads the problem as its schema says (a limitdir.celt/1 file or a limitdir.problem/1 file).
void check_problem(const json& problem, const std::string& source) {
  if (is_celt(problem)) parse_celt_problem(problem, source);
  else parse_problem(problem, source);
}

/// The most rows a reference is sampled at: 10^6 directions of the exact model take ~10 s.
constexpr std::uint64_t kMaxReferenceRows = 1000000;

FitAxis parse_axis(const json& value, const std::string& path, json& problem) {
  JsonSection s(value, path);
  FitAxis a;
  const json& key = s.need("key");
  if (!key.is_string()) JsonSection::fail(s.at("key"), "must be a dotted key", key);
  a.key = key.get<std::string>();
  check_numeric_key(problem, a.key, s);
  const json& values = s.need("values");
  if (!values.is_array() || values.empty()) JsonSection::fail(s.at("values"), "must be a non-empty array of numbers", values);
  for (const json& v : values) a.values.push_back(s.finite(v, "values"));
  s.done();
  return a;
}

ReferenceData parse_reference(JsonSection s, json& problem) {
  ReferenceData r;
  r.reference = s.need("reference");
  if (!r.reference.is_object() || r.reference.empty())
    JsonSection::fail(s.at("reference"), "must be an object of the problem's top-level keys to replace", r.reference);
  if (const json* v = s.find("n_theta")) r.n_theta = static_cast<int>(s.integer(*v, "n_theta", 1, 10000));
  if (const json* v = s.find("n_phi")) r.n_phi = static_cast<int>(s.integer(*v, "n_phi", 1, 10000));
  std::uint64_t rows = static_cast<std::uint64_t>(r.n_theta) * static_cast<std::uint64_t>(r.n_phi);
  if (const json* v = s.find("over")) {
    if (!v->is_array()) JsonSection::fail(s.at("over"), "must be an array of {\"key\", \"values\"}", *v);
    for (std::size_t k = 0; k < v->size(); ++k) {
      r.over.push_back(parse_axis((*v)[k], s.at("over") + "[" + std::to_string(k) + "]", problem));
      rows *= r.over.back().values.size();
      if (rows > kMaxReferenceRows) break;
    }
  }
  if (rows > kMaxReferenceRows)
    throw InputError(s.at("over") + ": the grid has more than " + std::to_string(kMaxReferenceRows) +
                     " rows (n_theta x n_phi x the axes' values)");
  s.done();
  return r;
}

void parse_units(JsonSection s, FitSpec& spec) {
  if (const json* v = s.find("mu_P")) spec.mu_P = s.number(*v, "mu_P", true);
  if (const json* v = s.find("R")) spec.R = s.number(*v, "R", true);
  s.done();
}

void parse_loss(JsonSection s, FitSpec& spec) {
  const json& kind = s.need("kind");
  const std::string k = kind.is_string() ? kind.get<std::string>() : "";
  if (k == "squared") spec.loss = FitLoss::squared;
  else if (k == "huber") spec.loss = FitLoss::huber;
  else if (k == "cauchy") spec.loss = FitLoss::cauchy;
  else JsonSection::fail(s.at("kind"), "must be \"squared\", \"huber\" or \"cauchy\"", kind);
  if (const json* v = s.find("scale")) spec.loss_scale = s.number(*v, "scale", true);
  s.done();
}

// Every free key, at each of its bounds (the others at their starts): a value the problem
// refuses there would end the fit midway, so it is refused here.
void check_bounds(const FitSpec& spec) {
  std::vector<double> values;
  for (const FitParameter& p : spec.parameters) values.push_back(p.start);
  for (std::size_t j = 0; j < spec.parameters.size(); ++j) {
    const FitParameter& p = spec.parameters[j];
    if (p.key == kMuPKey) {
      if (!(p.lower >= 0.0))
        throw InputError(spec.source + ": parameters[" + std::to_string(j) + "].lower: " + kMuPKey +
                         " must be >= 0 (got " + text(p.lower) + ")");
      continue;
    }
    // A value between the start and a bound that is not an integer: a key that takes integers
    // only (friction.degree) cannot be fitted by a continuous method.
    const double step = 1e-3 * std::max(std::abs(p.start), 1.0);
    const double between = p.start + step <= p.upper ? p.start + step : p.start - step;
    for (const double b : {p.start, p.lower, p.upper, between}) {
      if (!std::isfinite(b)) continue;
      std::vector<double> at = values;
      at[j] = b;
      try {
        check_problem(problem_with(spec, at), spec.problem_source);
      } catch (const InputError& e) {
        throw InputError(spec.source + ": parameters[" + std::to_string(j) + "]: the problem refuses " + p.key + " = " +
                         text(b) + (b == between ? " (fit varies its keys continuously)" : "") + ": " + e.what());
      }
    }
  }
}

}  // namespace

bool FitParameter::bounded() const { return std::isfinite(lower) && std::isfinite(upper); }

std::string to_string(FitTrustRegion strategy) {
  return strategy == FitTrustRegion::dogleg ? "dogleg" : "levenberg-marquardt";
}

std::string to_string(FitLoss loss) {
  switch (loss) {
    case FitLoss::huber: return "huber";
    case FitLoss::cauchy: return "cauchy";
    case FitLoss::squared: break;
  }
  return "squared";
}

json problem_with(const FitSpec& spec, const std::vector<double>& values) {
  json document = spec.problem;
  for (std::size_t j = 0; j < spec.parameters.size(); ++j) {
    if (spec.parameters[j].key == kMuPKey) continue;
    std::string why;
    json* at = find_dotted_key(document, spec.parameters[j].key, why);
    if (!at) throw InputError(spec.source + ": " + spec.parameters[j].key + ": " + why);
    *at = as_json_number(values[j]);
  }
  return document;
}

FitSpec parse_fit_spec(const json& document, const std::string& source, const std::string& directory,
                       const ProblemAdjustment& adjust) {
  JsonSection root(document, source + ": ");
  root.check_schema("limitdir.fit/1");
  FitSpec spec;
  spec.source = source;
  root.optional_string("name", spec.name);
  const json& problem = root.need("problem");
  if (problem.is_string()) {
    spec.problem_source = resolve(problem.get<std::string>(), directory);
    spec.problem = parse_json_input(read_input(spec.problem_source), spec.problem_source);
  } else if (problem.is_object()) {
    spec.problem_source = source + ": problem";
    spec.problem = problem;
  } else {
    JsonSection::fail(root.at("problem"), "must be a problem file's path or a problem object", problem);
  }
  if (adjust) adjust(spec.problem, spec.problem_source);
  check_problem(spec.problem, spec.problem_source);  // a bad problem fails here, not in the fit
  const json& parameters = root.need("parameters");
  if (!parameters.is_array() || parameters.empty() || parameters.size() > kMaxParameters)
    JsonSection::fail(root.at("parameters"),
                      "must be an array of 1 to " + std::to_string(kMaxParameters) + " parameters", parameters);
  for (std::size_t j = 0; j < parameters.size(); ++j) {
    spec.parameters.push_back(parse_parameter(parameters[j], root.at("parameters") + "[" + std::to_string(j) + "]",
                                              spec.problem));
    for (std::size_t i = 0; i < j; ++i)
      if (spec.parameters[i].key == spec.parameters[j].key)
        throw InputError(root.at("parameters") + "[" + std::to_string(j) + "].key: " + spec.parameters[j].key +
                         " is already free");
  }
  const json& data = root.need("data");
  const bool celt = is_celt(spec.problem);
  if (data.is_object() && data.contains("trajectory")) {
    JsonSection t(data, root.at("data"));
    const json& reference = t.need("trajectory");
    if (!reference.is_object() || reference.empty())
      JsonSection::fail(t.at("trajectory"), "must be an object of the problem's top-level keys to replace", reference);
    t.done();
    if (!celt) throw InputError(t.at("trajectory") + ": a run as the data needs a limitdir.celt/1 problem");
    spec.trajectory = TrajectoryData{reference};
  } else if (celt) {
    JsonSection::fail(root.at("data"), "a limitdir.celt/1 problem is fitted to a run: {\"trajectory\": {...}}", data);
  } else if (data.is_object()) {
    spec.reference = parse_reference(JsonSection(data, root.at("data")), spec.problem);
  } else if (data.is_string() && !data.get<std::string>().empty()) {
    spec.data_path = resolve(data.get<std::string>(), directory);
  } else {
    JsonSection::fail(root.at("data"), "must be the path of a CSV file or a reference model object", data);
  }
  if (const json* v = root.find("units")) parse_units(JsonSection(*v, root.at("units")), spec);
  if (const json* v = root.find("loss")) parse_loss(JsonSection(*v, root.at("loss")), spec);
  if (const json* v = root.find("starts")) spec.starts = static_cast<int>(root.integer(*v, "starts", 1, kMaxStarts));
  if (const json* v = root.find("seed")) spec.seed = root.integer(*v, "seed", 0, UINT64_MAX);
  if (const json* v = root.find("max_iterations"))
    spec.max_iterations = static_cast<int>(root.integer(*v, "max_iterations", 1, 100000));
  if (const json* v = root.find("trust_region")) {
    if (*v == "levenberg-marquardt") spec.trust_region = FitTrustRegion::levenberg_marquardt;
    else if (*v == "dogleg") spec.trust_region = FitTrustRegion::dogleg;
    else JsonSection::fail(root.at("trust_region"), "must be \"levenberg-marquardt\" or \"dogleg\"", *v);
  }
  root.done();
  if (spec.starts > 1)
    for (std::size_t j = 0; j < spec.parameters.size(); ++j)
      if (!spec.parameters[j].bounded())
        throw InputError(source + ": starts: more than one start needs finite bounds on every parameter (parameters[" +
                         std::to_string(j) + "], " + spec.parameters[j].key + ", has none)");
  for (const FitParameter& p : spec.parameters)
    if (p.key == kMuPKey && !spec.mu_P) spec.mu_P = p.start;
  check_bounds(spec);
  return spec;
}

FitSpec load_fit_spec(const std::string& path, const ProblemAdjustment& adjust) {
  const std::string directory = path == "-" ? "" : std::filesystem::path(path).parent_path().string();
  return parse_fit_spec(parse_json_input(read_input(path), path), path, directory, adjust);
}

}  // namespace limitdir
