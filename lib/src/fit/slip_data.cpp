// Measured friction read from CSV (docs/manual.md section 16, "Data").
#include "limitdir/fit/slip_data.hpp"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include "limitdir/core/errors.hpp"
#include "core/json_text.hpp"
#include "limitdir/core/json_input.hpp"

namespace limitdir {

namespace {

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ',')) out.push_back(trim(field));
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

std::string shown(const std::string& text) {
  constexpr std::size_t kShown = 40;  // enough to recognise a field, bounded for one line
  std::string s = text.size() > kShown ? text.substr(0, kShown) + "..." : text;
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  return "\"" + s + "\"";
}

// The columns of the header, by name.
struct Columns {
  std::array<int, 3> s{-1, -1, -1}, f{-1, -1, -1};
  int weight = -1;
  std::size_t count = 0;
};

Columns header(const std::string& line, const std::string& where, SlipData& data) {
  static const std::map<std::string, std::pair<int, int>> names = {
      {"w1", {0, 0}}, {"w2", {0, 1}}, {"w3", {0, 2}}, {"ux", {1, 0}}, {"uy", {1, 1}}, {"omega", {1, 2}},
      {"q1", {2, 0}}, {"q2", {2, 1}}, {"q3", {2, 2}}, {"Fx", {3, 0}}, {"Fy", {3, 1}}, {"Tz", {3, 2}},
      {"weight", {4, 0}}};
  Columns c;
  const std::vector<std::string> names_here = fields(line);
  c.count = names_here.size();
  std::array<int, 4> seen{0, 0, 0, 0};
  for (std::size_t i = 0; i < names_here.size(); ++i) {
    const auto it = names.find(names_here[i]);
    if (it == names.end())
      throw InputError(where + ": unknown column " + shown(names_here[i]) +
                       " (the columns are w1,w2,w3 or ux,uy,omega; q1,q2,q3 or Fx,Fy,Tz; and optionally weight)");
    const auto [group, index] = it->second;
    int& slot = group == 4 ? c.weight : (group < 2 ? c.s : c.f)[static_cast<std::size_t>(index)];
    if (slot >= 0 || (group < 4 && seen[static_cast<std::size_t>(group ^ 1)] > 0))
      throw InputError(where + ": column " + shown(names_here[i]) + " repeats or mixes two kinds of column");
    slot = static_cast<int>(i);
    if (group < 4) ++seen[static_cast<std::size_t>(group)];
  }
  if (seen[0] + seen[1] != 3 || seen[2] + seen[3] != 3)
    throw InputError(where + ": the header must name three slip columns (w1,w2,w3 or ux,uy,omega) and three friction "
                     "columns (q1,q2,q3 or Fx,Fy,Tz)");
  data.slip = seen[0] == 3 ? SlipColumns::direction : SlipColumns::velocity;
  data.friction = seen[2] == 3 ? FrictionColumns::dimensionless : FrictionColumns::force;
  return c;
}

double number(const std::string& text, const std::string& where) {
  errno = 0;
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(x))
    throw InputError(where + ": must be a finite number (got " + shown(text) + ")");
  return x;
}

}  // namespace

SlipData parse_slip_csv(const std::string& text, const std::string& source) {
  SlipData data;
  std::istringstream in(text);
  std::string line;
  std::size_t number_of_line = 0;
  Columns c;
  bool have_header = false;
  while (read_line_bounded(in, line, source, number_of_line + 1)) {
    ++number_of_line;
    const std::string where = source + ": line " + std::to_string(number_of_line);
    if (trim(line).empty()) continue;
    if (!have_header) {
      c = header(line, where, data);
      have_header = true;
      continue;
    }
    const std::vector<std::string> f = fields(line);
    if (f.size() != c.count)
      throw InputError(where + ": " + std::to_string(f.size()) + " fields where the header names " +
                       std::to_string(c.count));
    Eigen::Vector3d s, q;
    for (std::size_t k = 0; k < 3; ++k) {
      s[static_cast<Eigen::Index>(k)] = number(f[static_cast<std::size_t>(c.s[k])], where);
      q[static_cast<Eigen::Index>(k)] = number(f[static_cast<std::size_t>(c.f[k])], where);
    }
    if (s.isZero(0.0)) throw InputError(where + ": the slip is zero (it has no direction)");
    double w = 1.0;
    if (c.weight >= 0) {
      w = number(f[static_cast<std::size_t>(c.weight)], where);
      if (!(w > 0.0)) throw InputError(where + ": the weight must be > 0 (got " + detail::show(nlohmann::json(w)) + ")");
    }
    data.s.push_back(s);
    data.f.push_back(q);
    data.weight.push_back(w);
  }
  if (!have_header) throw InputError(source + ": no header (the file is empty)");
  if (data.s.empty()) throw InputError(source + ": no data row after the header");
  data.cases.push_back({{}, 0, data.size()});
  return data;
}

SlipData read_slip_csv(const std::string& path) { return parse_slip_csv(read_input(path), path); }

}  // namespace limitdir
