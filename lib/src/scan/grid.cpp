// The points of a parameter scan (docs/manual.md section 14); see scan/grid.hpp.
#include "limitdir/scan/grid.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "scan/log_spacing.hpp"

namespace limitdir {

namespace {

[[noreturn]] void bad_axis(const std::string& spec, const std::string& what) {
  throw InputError("--grid " + spec + ": " + what);
}

/// The whole of `text` as a finite decimal number, or none.
std::optional<double> finite_number(const std::string& text) {
  const char* first = text.data();
  const char* last = first + text.size();
  if (first != last && *first == '+') ++first;
  double x = 0.0;
  const auto [end, ec] = std::from_chars(first, last, x);
  if (first == last || ec != std::errc() || end != last || !std::isfinite(x)) return std::nullopt;
  return x;
}

double axis_number(const std::string& spec, const std::string& text, const char* what) {
  const auto x = finite_number(text);
  if (!x) bad_axis(spec, std::string(what) + " must be a finite number (got \"" + text + "\")");
  return *x;
}

bool valid_key(const std::string& key) {
  if (key.empty() || key.front() == '.' || key.back() == '.' || key.find("..") != std::string::npos) return false;
  return std::all_of(key.begin(), key.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-' || ch == '.';
  });
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

/// COUNT of FROM:TO:COUNT or log:FROM:TO:COUNT: an integer in [1, 2^24]; COUNT 1 needs FROM = TO.
std::uint64_t axis_count(const std::string& spec, const std::string& count_text, const ScanAxis::Range& range) {
  std::uint64_t count = 0;
  const auto [end, ec] = std::from_chars(count_text.data(), count_text.data() + count_text.size(), count);
  if (count_text.empty() || ec != std::errc() || end != count_text.data() + count_text.size() || count < 1)
    bad_axis(spec, "COUNT must be an integer >= 1 (got \"" + count_text + "\")");
  if (count > max_scan_axis_values) bad_axis(spec, "COUNT must be at most 2^24 (an axis's values are held in memory)");
  if (count == 1 && range.from != range.to) bad_axis(spec, "COUNT 1 needs FROM = TO (both ends are points)");
  return count;
}

/// FROM, TO (each read by `end`) and COUNT of a range's parts: the range set, COUNT returned.
std::uint64_t range_parts(const std::string& spec, const std::vector<std::string>& parts, ScanAxis::Range& range,
                          double (*end)(const std::string&, const std::string&, const char*)) {
  range.from = end(spec, parts[0], "FROM");
  range.to = end(spec, parts[1], "TO");
  return axis_count(spec, parts[2], range);
}

/// FROM:TO:COUNT: COUNT points with the ends exact (the last is TO itself, not FROM + (COUNT-1) h).
std::vector<double> linspace_axis(const std::string& spec, const std::vector<std::string>& parts,
                                  ScanAxis::Range& range) {
  const std::uint64_t count = range_parts(spec, parts, range, axis_number);
  const double span = range.to - range.from;
  if (!std::isfinite(span)) bad_axis(spec, "TO - FROM overflows");
  std::vector<double> values(count);
  // FROM + (i (TO - FROM))/(COUNT - 1), in that order: for integral FROM, TO (an integer key such as
  // friction.degree=1:40:40) i (TO - FROM) is an exact integer below 2^53 and so is the quotient when
  // COUNT - 1 divides it, so every point of an integral grid is an exact integer (i/(COUNT - 1)
  // first gave 26.000000000000004). Should i (TO - FROM) overflow, the quotient is taken first.
  for (std::uint64_t i = 0; i < count; ++i) {
    const double product = span * static_cast<double>(i);
    const double step = std::isfinite(product) ? product / static_cast<double>(count - 1)
                                               : span * (static_cast<double>(i) / static_cast<double>(count - 1));
    values[i] = i + 1 == count ? range.to : range.from + step;
  }
  return values;
}

/// An end of a log range: a finite number >= 2^-1022 (the smallest normal double: the values in
/// between are then normal, where they are rounded correctly, scan/log_spacing.cpp).
double log_end(const std::string& spec, const std::string& text, const char* what) {
  const double x = axis_number(spec, text, what);
  if (!(x > 0.0)) bad_axis(spec, std::string(what) + " must be > 0 on a log axis (got \"" + text + "\")");
  if (x < std::numeric_limits<double>::min())
    bad_axis(spec, std::string(what) + " must be at least 2.2250738585072014e-308 (a normal double) on a log axis" +
                       " (got \"" + text + "\")");
  return x;
}

/// log:FROM:TO:COUNT: COUNT points FROM (TO/FROM)^(i/(COUNT - 1)), each the double nearest its
/// exact value (scan/log_spacing.hpp): the ends exact, the values monotone, the same on every
/// platform (std::pow's rounding is the library's: 0.0099999999999999985 for the third point of
/// log:1e-3:1:7, where the nearest double is 0.01).
std::vector<double> logspace_axis(const std::string& spec, const std::vector<std::string>& parts,
                                  ScanAxis::Range& range) {
  const std::uint64_t count = range_parts(spec, parts, range, log_end);
  if (count == 1) return {range.from};
  const detail::LogSpacing spacing(range.from, range.to);
  std::vector<double> values(count);
  for (std::uint64_t i = 0; i < count; ++i) values[i] = spacing.at(i, 0.0, count - 1);
  return values;
}

void check_distinct_keys(const std::vector<ScanAxis>& axes) {
  if (axes.empty()) throw InputError("--grid: a scan needs at least one axis");
  std::set<std::string> seen;
  for (const ScanAxis& axis : axes)
    if (!seen.insert(axis.key).second) throw InputError("--grid: key " + axis.key + " is given twice");
}

}  // namespace

ScanAxis parse_scan_axis(const std::string& spec) {
  const std::size_t eq = spec.find('=');
  if (eq == std::string::npos) bad_axis(spec, "must be KEY=FROM:TO:COUNT, KEY=log:FROM:TO:COUNT or KEY=v1,v2,...");
  ScanAxis axis;
  axis.key = spec.substr(0, eq);
  if (!valid_key(axis.key)) bad_axis(spec, "KEY must be a dotted path of letters, digits, '_' and '-'");
  std::string rest = spec.substr(eq + 1);
  if (rest.empty()) bad_axis(spec, "the list of values is empty");
  if (rest.rfind("log:", 0) == 0) {
    axis.scale = ScanScale::log;
    rest.erase(0, 4);
  }
  const bool has_colon = rest.find(':') != std::string::npos;
  const bool has_comma = rest.find(',') != std::string::npos;
  if (has_colon && has_comma) bad_axis(spec, "must be KEY=FROM:TO:COUNT or KEY=v1,v2,..., not both");
  if (axis.scale == ScanScale::log) {
    const auto parts = split(rest, ':');
    if (parts.size() != 3) bad_axis(spec, "a log range must be log:FROM:TO:COUNT");
    axis.range.emplace();
    axis.values = logspace_axis(spec, parts, *axis.range);
    return axis;
  }
  if (has_colon) {
    const auto parts = split(rest, ':');
    if (parts.size() != 3) bad_axis(spec, "a range must be FROM:TO:COUNT");
    axis.range.emplace();
    axis.values = linspace_axis(spec, parts, *axis.range);
    return axis;
  }
  for (const std::string& item : split(rest, ',')) axis.values.push_back(axis_number(spec, item, "a value"));
  return axis;
}

std::uint64_t ScanGrid::size() const {
  if (kind == Kind::list) return rows.size();
  std::uint64_t n = 1;
  for (const auto& values : axes) n *= values.size();
  return n;
}

std::vector<double> ScanGrid::point(std::uint64_t i) const {
  if (kind == Kind::list) return rows.at(i);
  std::vector<double> values(axes.size());
  for (std::size_t k = axes.size(); k-- > 0;) {  // the last axis fastest
    values[k] = axes[k][i % axes[k].size()];
    i /= axes[k].size();
  }
  return values;
}

ScanGrid scan_product(const std::vector<ScanAxis>& axes) {
  check_distinct_keys(axes);
  ScanGrid grid;
  std::uint64_t n = 1;
  for (const ScanAxis& axis : axes) {
    if (axis.values.empty()) throw InputError("--grid: key " + axis.key + " has no value");
    if (n > max_scan_points / axis.values.size()) throw InputError("--grid: more than 2^53 points");
    n *= axis.values.size();
    grid.keys.push_back(axis.key);
    grid.axes.push_back(axis.values);
    grid.scales.push_back(axis.scale);
  }
  return grid;
}

ScanGrid scan_points_from_jsonl(const std::string& text, const std::string& source) {
  ScanGrid grid;
  grid.kind = ScanGrid::Kind::list;
  std::istringstream lines(text);
  std::string line;
  for (std::size_t number = 1; std::getline(lines, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = source + ": line " + std::to_string(number);
    const nlohmann::json point = parse_json_input(line, where);
    if (!point.is_object() || point.empty()) throw InputError(where + ": a point must be an object {KEY: number, ...}");
    std::vector<std::string> keys;
    std::vector<double> values;
    for (const auto& [key, value] : point.items()) {  // sorted by key
      if (!valid_key(key)) throw InputError(where + ": " + key + ": not a dotted key path");
      if (!value.is_number() || !std::isfinite(value.get<double>()))
        throw InputError(where + ": " + key + ": must be a finite number");
      keys.push_back(key);
      values.push_back(value.get<double>());
    }
    if (grid.rows.empty()) {
      grid.keys = keys;
      grid.scales.assign(keys.size(), ScanScale::linear);
    }
    if (keys != grid.keys) throw InputError(where + ": the keys differ from the first point's");
    grid.rows.push_back(std::move(values));
  }
  if (grid.rows.empty()) throw InputError(source + ": no point");
  return grid;
}

ScanGrid scan_latin_hypercube(const std::vector<ScanAxis>& axes, std::uint64_t n, std::uint64_t seed) {
  check_distinct_keys(axes);
  if (n < 1 || n > max_scan_random_points) throw InputError("--random: N must be an integer in [1, 2^24]");
  ScanGrid grid;
  grid.kind = ScanGrid::Kind::list;
  grid.rows.assign(n, std::vector<double>(axes.size()));
  std::mt19937_64 draw(seed);
  // u(x) = (x >> 11) 2^-53: the top 53 bits of a raw draw, exactly a double in [0, 1).
  const auto uniform = [&draw] { return static_cast<double>(draw() >> 11) * 0x1p-53; };
  for (std::size_t k = 0; k < axes.size(); ++k) {
    const ScanAxis& axis = axes[k];
    if (!axis.range)
      throw InputError("--random: axis " + axis.key +
                       " is a list; a Latin hypercube needs FROM:TO:COUNT or log:FROM:TO:COUNT");
    grid.keys.push_back(axis.key);
    grid.scales.push_back(axis.scale);
    std::vector<std::uint64_t> p(n);
    for (std::uint64_t i = 0; i < n; ++i) p[i] = i;
    for (std::uint64_t j = n - 1; j >= 1; --j) std::swap(p[j], p[draw() % (j + 1)]);
    if (axis.scale == ScanScale::log) {
      // t = (p_i + u)/n exactly, the value the double nearest FROM (TO/FROM)^t: strata equal in log
      const detail::LogSpacing spacing(axis.range->from, axis.range->to);
      for (std::uint64_t i = 0; i < n; ++i) grid.rows[i][k] = spacing.at(p[i], uniform(), n);
      continue;
    }
    const double span = axis.range->to - axis.range->from;
    for (std::uint64_t i = 0; i < n; ++i) {
      const double t = (static_cast<double>(p[i]) + uniform()) / static_cast<double>(n);
      grid.rows[i][k] = axis.range->from + span * t;
    }
  }
  return grid;
}

}  // namespace limitdir
