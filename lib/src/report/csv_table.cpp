// The reports that are tables as CSV or TSV (--format csv|tsv); see report/table.hpp and
// docs/manual.md section 5 "Tables".
#include "limitdir/report/table.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "limitdir/core/errors.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// Where a report's rows are: `rows` (a JSON pointer) is an array of rows, or of groups whose
/// array `inner` holds the rows (each row then starts with the group's scalars, prefixed by
/// `group_prefix`), or (columnar) an object of equally long arrays, one per column.
struct TableSpec {
  const char* schema;
  const char* kind;  // the report's "kind" when the schema has several, else nullptr
  const char* rows;
  const char* inner;
  const char* group_prefix;
  bool columnar;
  /// The unit of each leaf name (the last name of a column, without indices).
  std::map<std::string, std::string> units;
  /// The leaf names whose columns come first, in this order (the others follow in the JSON's
  /// order, which is alphabetical).
  std::vector<std::string> first;
};

// The units of docs/manual.md section 1: slip speeds scaled so that mu = g = m = R = 1, loads in
// mu m g, R*(w) and V*(w) (and the eigenvalues of their Jacobian in w) accelerations in mu g.
const std::map<std::string, std::string> limits_units{
    {"w", "1"},        {"theta", "rad"},   {"phi", "rad"},      {"epsilon", "1"},       {"rdot", "mu g"},
    {"residual", "mu g"}, {"eigenvalues", "mu g"}, {"index", "1"}, {"force", "mu m g"}};

/// A diagram's points: those of a limit direction and the swept parameter under its name
/// (continuation/parameter_family.hpp: the load, the ball's lambda, the disc's or ball's j, the
/// pressure exponent alpha, rho in units of R, the shift k (dimensionless), the axis ratio a/b, the
/// distortion d and its direction gamma).
std::map<std::string, std::string> diagram_units() {
  std::map<std::string, std::string> units = limits_units;
  units.insert({{"id", "1"}, {"lambda", "1"}, {"j", "1"}, {"alpha", "1"}, {"rho", "R"}, {"a/b", "1"},
                {"d", "1"}, {"gamma", "rad"}, {"k", "1"}});
  return units;
}

const std::vector<std::string> direction_columns{"w", "theta", "phi", "epsilon", "rdot", "residual", "radial",
                                                 "sphere"};

const std::vector<TableSpec>& specs() {
  static const std::vector<TableSpec> all{
      {"limitdir.friction/1", nullptr, "/table", nullptr, "", false,
       {{"theta", "rad"}, {"phi", "rad"}, {"epsilon", "1"}, {"Q", "1"}, {"T", "1"}, {"Q_exact", "1"},
        {"T_exact", "1"}, {"w", "1"}, {"q", "1"}, {"q_exact", "1"}},
       {"theta", "phi", "epsilon", "w", "Q", "T", "Q_exact", "T_exact", "q", "q_exact"}},
      {"limitdir.limits/1", nullptr, "/limit_directions", nullptr, "", false, limits_units, direction_columns},
      {"limitdir.diagram/1", nullptr, "/branches", "points", "branch.", false, diagram_units(),
       {"id", "closed", "jump_set", "force", "w", "rdot", "radial", "sphere_type", "colour"}},
      {"limitdir.degree-study/1", nullptr, "/summary", "errors", "", false,
       {{"exact_events", "1"}, {"degree", "1"}, {"events", "1"}, {"matched", "1"}, {"extra", "1"},
        {"max_error", "parameter"}},
       {"kind", "exact_events", "degree"}},
      {"limitdir.roll-report/1", nullptr, "/history", nullptr, "", true,
       {{"t", "s"}, {"X", "m"}, {"Y", "m"}, {"Z", "m"}, {"U_X", "m/s"}, {"U_Y", "m/s"}, {"U_Z", "m/s"},
        {"Omega_X", "rad/s"}, {"Omega_Y", "rad/s"}, {"Omega_Z", "rad/s"}, {"r_N", "N"}, {"r_T_X", "N"},
        {"r_T_Y", "N"}, {"m_T_X", "N m"}, {"m_T_Y", "N m"}, {"m_T_Z", "N m"}, {"error", "1"},
        {"iterations", "1"}},
       {"t", "X", "Y", "Z", "U_X", "U_Y", "U_Z", "Omega_X", "Omega_Y", "Omega_Z", "r_N", "r_T_X", "r_T_Y", "m_T_X",
        "m_T_Y", "m_T_Z"}},
      {"limitdir.celt-report/1", "run", "/history", nullptr, "", true,
       {{"t", "s"}, {"omega", "rad/s"}, {"spin", "rad/s"}, {"N", "N"}, {"a_hat", "m"}, {"b", "1"},
        {"energy", "J"}, {"L_z", "kg m^2/s"}, {"slip_speed", "m/s"}, {"height", "m"}},
       {"t", "omega", "spin", "N"}},
  };
  return all;
}

/// A row: its cells by column name, and the names in their first-seen order.
using Row = std::map<std::string, json>;

void flatten(const json& value, const std::string& name, Row& row, std::vector<std::string>& order,
             std::set<std::string>& seen) {
  if (value.is_object()) {
    for (const auto& [key, item] : value.items()) flatten(item, name.empty() ? key : name + "." + key, row, order, seen);
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i)
      flatten(value[i], name + "[" + std::to_string(i) + "]", row, order, seen);
  } else {
    row[name] = value;
    if (seen.insert(name).second) order.push_back(name);
  }
}

/// The rows of a report by its spec.
std::vector<Row> rows_of(const json& report, const TableSpec& spec, std::vector<std::string>& order) {
  std::set<std::string> seen;
  std::vector<Row> rows;
  const json& top = report.at(json::json_pointer(spec.rows));
  if (spec.columnar) {
    // the history: one array per column, all as long as t; other members (a name) are not columns
    const std::size_t n = top.at("t").size();
    for (std::size_t i = 0; i < n; ++i) {
      json entry = json::object();
      for (const auto& [key, column] : top.items())
        if (column.is_array() && column.size() == n) entry[key] = column[i];
      rows.emplace_back();
      flatten(entry, "", rows.back(), order, seen);
    }
    return rows;
  }
  for (const json& item : top) {
    if (spec.inner == nullptr) {
      rows.emplace_back();
      flatten(item, "", rows.back(), order, seen);
      continue;
    }
    json group = item;
    group.erase(spec.inner);
    for (const json& inner : item.at(spec.inner)) {
      rows.emplace_back();
      for (const auto& [key, value] : group.items())
        if (!value.is_structured()) flatten(value, spec.group_prefix + key, rows.back(), order, seen);
      flatten(inner, "", rows.back(), order, seen);
    }
  }
  return rows;
}

/// The name a column's unit is looked up by: its last name without indices or prefix.
std::string leaf_name(const std::string& column) {
  std::string name = column.substr(0, column.find('['));
  const auto dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

std::string cell_text(const std::string& text, TableFormat format) {
  if (format == TableFormat::tsv) {
    std::string out;
    for (const char c : text) {
      if (c == '\t') out += "\\t";
      else if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else if (c == '\\') out += "\\\\";
      else out += c;
    }
    return out;
  }
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

/// A cell: empty for null, a string as it is, a number or boolean as JSON writes it (the
/// shortest text that reads back as the same double).
std::string cell(const json& value, TableFormat format) {
  // JSON null, and a non-finite double the JSON would write as null (epsilon on the equator)
  if (value.is_null() || (value.is_number_float() && !std::isfinite(value.get<double>()))) return "";
  if (value.is_string()) return cell_text(value.get<std::string>(), format);
  return value.dump();
}

const TableSpec& spec_of(const json& report) {
  const std::string schema = report.is_object() && report.contains("schema") && report["schema"].is_string()
                                 ? report["schema"].get<std::string>()
                                 : std::string();
  for (const TableSpec& spec : specs()) {
    if (schema != spec.schema) continue;
    if (spec.kind == nullptr || report.value("kind", std::string()) == spec.kind) return spec;
    throw InputError(std::string("--format csv|tsv: a ") + spec.schema + " report of kind \"" +
                     report.value("kind", std::string()) + "\" is not a table (only kind \"" + spec.kind +
                     "\" is)");
  }
  throw InputError("--format csv|tsv: a report of schema \"" + schema + "\" is not a table");
}

}  // namespace

const std::vector<std::string>& table_schemas() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const TableSpec& spec : specs()) out.emplace_back(spec.schema);
    return out;
  }();
  return names;
}

std::string report_table(const json& report, TableFormat format) {
  const TableSpec& spec = spec_of(report);
  static const std::map<std::string, std::string> parameter_units = diagram_units();
  std::vector<std::string> order;
  const std::vector<Row> rows = rows_of(report, spec, order);
  // the spec's first columns first (by the first name of a nested column, e.g. sphere.type)
  const auto rank = [&](const std::string& column) {
    const std::string head = column.substr(0, column.find_first_of(".["));
    const std::string name = head == "branch" ? leaf_name(column) : head;
    const auto at = std::find(spec.first.begin(), spec.first.end(), name);
    return at - spec.first.begin();
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
  const char separator = format == TableFormat::csv ? ',' : '\t';
  const char* eol = format == TableFormat::csv ? "\r\n" : "\n";  // RFC 4180 ends records with CRLF
  std::string out;
  for (std::size_t k = 0; k < order.size(); ++k) {
    std::string header = order[k];
    std::string unit;
    if (const auto found = spec.units.find(leaf_name(order[k])); found != spec.units.end()) unit = found->second;
    // an error of the swept parameter is in the parameter's unit
    if (unit == "parameter") {
      const auto found = parameter_units.find(report.value("parameter", ""));
      unit = found == parameter_units.end() ? std::string() : found->second;
    }
    // a column of numbers (or of nulls, +infinity) carries its unit; strings and booleans
    // (types, modes) have none
    bool numeric = true;
    for (const Row& row : rows) {
      const auto found = row.find(order[k]);
      if (found != row.end() && !found->second.is_null()) {
        numeric = found->second.is_number();
        break;
      }
    }
    if (numeric && !unit.empty()) header += " [" + unit + "]";
    out += (k ? std::string(1, separator) : std::string()) + cell_text(header, format);
  }
  out += eol;
  for (const Row& row : rows) {
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (k) out += separator;
      const auto found = row.find(order[k]);
      if (found != row.end()) out += cell(found->second, format);
    }
    out += eol;
  }
  return out;
}

}  // namespace limitdir
