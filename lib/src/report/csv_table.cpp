// The reports that are tables as CSV or TSV (--format csv|tsv); see report/table.hpp and
// docs/manual.md section 5 "Tables".
#include "limitdir/report/table.hpp"

#include <algorithm>
#include <cmath>
#include <map>
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
  /// `rows` is a scan summary's table: cells[j][i] at (x.values[i], y.values[j]).
  bool cells = false;
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

/// A scan summary's cells: the grid keys by their last name (diagram_units, roll's mu and mu_r),
/// the counts, and the field ("field" stands for the unit of the summarised field, field_units).
std::map<std::string, std::string> scan_units() {
  std::map<std::string, std::string> units = diagram_units();
  units.insert({{"mu", "1"}, {"mu_r", "m"}, {"degree", "1"}, {"points", "1"}, {"missing", "1"}, {"class_count", "1"},
                {"classes", "1"}, {"count", "1"}, {"mean", "field"}, {"min", "field"}, {"max", "field"}});
  return units;
}

/// The units of the numeric keys of the records' summaries (scan/records.hpp) that --field names.
const std::map<std::string, std::string> field_units{{"limit_directions", "1"}, {"regions", "1"}, {"X_max", "m"},
                                                     {"seconds", "s"}, {"steps", "1"}, {"reversals", "1"}};

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
      {"limitdir.survey/1", nullptr, "/entries", nullptr, "", false,
       {{"w", "1"}, {"epsilon", "1"}, {"count", "1"}, {"fraction", "1"}},
       {"w", "epsilon", "radial", "sphere_type", "circle", "count", "fraction"}},
      // the x and y keys under their names (problem keys: units as a diagram's parameters, or
      // roll's friction.mu, mu_r), the cell's counts, and the field's mean, min and max
      {"limitdir.scan-summary/1", nullptr, "/table", nullptr, "", false, scan_units(),
       {}, true},  // columns: x, y, then the cell's in the JSON's order
      {"limitdir.roll-report/1", nullptr, "/history", nullptr, "", true,
       {{"t", "s"}, {"X", "m"}, {"Y", "m"}, {"Z", "m"}, {"U_X", "m/s"}, {"U_Y", "m/s"}, {"U_Z", "m/s"},
        {"Omega_X", "rad/s"}, {"Omega_Y", "rad/s"}, {"Omega_Z", "rad/s"}, {"r_N", "N"}, {"r_T_X", "N"},
        {"r_T_Y", "N"}, {"m_T_X", "N m"}, {"m_T_Y", "N m"}, {"m_T_Z", "N m"}, {"error", "1"},
        {"iterations", "1"}},
       {"t", "X", "Y", "Z", "U_X", "U_Y", "U_Z", "Omega_X", "Omega_Y", "Omega_Z", "r_N", "r_T_X", "r_T_Y", "m_T_X",
        "m_T_Y", "m_T_Z"}},
      // a map's curves point by point, x and y under the parameters' names (map_rows)
      {"limitdir.map/1", nullptr, "/curves", "points", "curve.", false, diagram_units(),
       {"id", "kind", "x", "y", "w", "rdot"}},
      // elliptic-series: per b the reference K, E and each order's errors (K_error[i] of orders[i])
      {"limitdir.elliptic-series/1", nullptr, "/rows", nullptr, "", false,
       {{"b", "1"}, {"K", "1"}, {"E", "1"}, {"K_error", "1"}, {"E_error", "1"}},
       {"b", "K", "E", "K_error", "E_error"}},
      {"limitdir.celt-report/1", "run", "/history", nullptr, "", true,
       {{"t", "s"}, {"omega", "rad/s"}, {"spin", "rad/s"}, {"N", "N"}, {"a_hat", "m"}, {"b", "1"},
        {"energy", "J"}, {"L_z", "kg m^2/s"}, {"slip_speed", "m/s"}, {"height", "m"}},
       {"t", "omega", "spin", "N"}},
  };
  return all;
}

/// The columns met so far: their names in first-seen order and the index of each name.
struct Columns {
  std::vector<std::string> order;
  std::map<std::string, std::size_t> index;
};

/// A row: its cells by column index (null where the row has no value: an empty cell). A vector,
/// not a map by name: a history of 200000 rows stays ~20 cells of 16 bytes each per row.
using Row = std::vector<json>;

void flatten(const json& value, const std::string& name, Row& row, Columns& columns) {
  if (value.is_object()) {
    for (const auto& [key, item] : value.items()) flatten(item, name.empty() ? key : name + "." + key, row, columns);
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) flatten(value[i], name + "[" + std::to_string(i) + "]", row, columns);
  } else {
    const auto [at, added] = columns.index.emplace(name, columns.order.size());
    if (added) columns.order.push_back(name);
    if (row.size() <= at->second) row.resize(at->second + 1);
    row[at->second] = value;
  }
}

/// The rows of a report by its spec.
std::vector<Row> rows_of(const json& report, const TableSpec& spec, Columns& columns) {
  std::vector<Row> rows;
  const json& top = report.at(json::json_pointer(spec.rows));
  if (spec.cells) {
    if (!top.is_object()) throw InputError("--format csv|tsv: the summary has no table (a list of points, or no records)");
    const json& xs = top.at("x").at("values");
    const json& ys = top.at("y").at("values");
    const std::string x = top.at("x").at("key").get<std::string>(), y = top.at("y").at("key").get<std::string>();
    for (std::size_t j = 0; j < ys.size(); ++j)
      for (std::size_t i = 0; i < xs.size(); ++i) {
        rows.emplace_back();
        flatten(json{{x, xs[i]}}, "", rows.back(), columns);
        flatten(json{{y, ys[j]}}, "", rows.back(), columns);
        flatten(top.at("cells").at(j).at(i), "", rows.back(), columns);
      }
    return rows;
  }
  if (spec.columnar) {
    // the history: one array per column, all as long as t; other members (a name) are not columns
    const std::size_t n = top.at("t").size();
    for (std::size_t i = 0; i < n; ++i) {
      json entry = json::object();
      for (const auto& [key, column] : top.items())
        if (column.is_array() && column.size() == n) entry[key] = column[i];
      rows.emplace_back();
      flatten(entry, "", rows.back(), columns);
    }
    return rows;
  }
  for (const json& item : top) {
    if (spec.inner == nullptr) {
      rows.emplace_back();
      flatten(item, "", rows.back(), columns);
      continue;
    }
    json group = item;
    group.erase(spec.inner);
    for (const json& inner : item.at(spec.inner)) {
      rows.emplace_back();
      for (const auto& [key, value] : group.items())
        if (!value.is_structured()) flatten(value, spec.group_prefix + key, rows.back(), columns);
      flatten(inner, "", rows.back(), columns);
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

namespace {

/// The unit of a column (empty: none known): by its leaf name in the spec; "parameter" stands for
/// the swept parameter's unit, "field" for that of the summarised field.
std::string unit_of(const std::string& column, const TableSpec& spec, const json& report) {
  static const std::map<std::string, std::string> parameter_units = diagram_units();
  const auto found = spec.units.find(leaf_name(column));
  if (found == spec.units.end()) return "";
  std::string key;
  const std::map<std::string, std::string>* units = nullptr;
  if (found->second == "parameter") {
    key = report.value("parameter", "");
    units = &parameter_units;
  } else if (found->second == "field") {
    const json table = report.value("table", json());
    if (table.is_object() && table.value("field", json()).is_string()) key = table["field"].get<std::string>();
    units = &field_units;
  } else {
    return found->second;
  }
  const auto unit = units->find(key);
  return unit == units->end() ? std::string() : unit->second;
}

/// True unless the column's first value is a string or a boolean (types, modes): a column of
/// numbers, or of nulls (+infinity), carries its unit.
bool numeric_column(const std::vector<Row>& rows, std::size_t column) {
  for (const Row& row : rows)
    if (column < row.size() && !row[column].is_null()) return row[column].is_number();
  return true;
}

/// The table of `report` by `spec`: the header row (when `with_header`) and the rows.
std::string render(const json& report, const TableSpec& spec, TableFormat format, bool with_header) {
  Columns columns;
  const std::vector<Row> rows = rows_of(report, spec, columns);
  // the spec's first columns first (by the first name of a nested column, e.g. sphere.type)
  const auto rank = [&](const std::string& column) {
    const std::string head = column.substr(0, column.find_first_of(".["));
    const bool grouped = *spec.group_prefix != '\0' && column.rfind(spec.group_prefix, 0) == 0;
    const std::string name = grouped ? leaf_name(column) : head;
    return std::find(spec.first.begin(), spec.first.end(), name) - spec.first.begin();
  };
  std::vector<std::string> order = columns.order;
  std::stable_sort(order.begin(), order.end(),
                   [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
  const char separator = format == TableFormat::csv ? ',' : '\t';
  const char* eol = format == TableFormat::csv ? "\r\n" : "\n";  // RFC 4180 ends records with CRLF
  std::string out;
  for (std::size_t k = 0; k < order.size() && with_header; ++k) {
    const std::string unit = unit_of(order[k], spec, report);
    const bool bracket = !unit.empty() && numeric_column(rows, columns.index.at(order[k]));
    out += (k ? std::string(1, separator) : std::string()) +
           cell_text(bracket ? order[k] + " [" + unit + "]" : order[k], format);
  }
  if (with_header) out += eol;
  for (const Row& row : rows) {
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (k) out += separator;
      const std::size_t column = columns.index.at(order[k]);
      if (column < row.size()) out += cell(row[column], format);
    }
    out += eol;
  }
  return out;
}

}  // namespace

namespace {

/// A map's curves and orbit curves with each point's x and y under the names of the parameters
/// they are (the load "force", "lambda", ...), and the spec's first columns renamed alike.
std::string map_table(const json& report, const TableSpec& spec, TableFormat format) {
  const std::string x = report.at("x").at("parameter").get<std::string>();
  const std::string y = report.at("y").at("parameter").get<std::string>();
  if (x == y) throw InputError("--format csv|tsv: the map's x and y are one parameter (" + x + ")");
  json curves = report.at("curves");
  // the orbit curves after them, told apart by their kinds (cycle-fold, snic, homoclinic; their
  // ids count apart): their points have no w and rdot, but along, located, p_error, period, exponent
  if (const auto orbits = report.find("orbit_curves"); orbits != report.end() && orbits->is_array())
    for (const json& c : *orbits) curves.push_back(c);
  for (json& curve : curves)
    for (json& point : curve.at("points")) {
      json named = json::object();
      for (const auto& [key, value] : point.items()) named[key == "x" ? x : key == "y" ? y : key] = value;
      point = std::move(named);
    }
  TableSpec named = spec;
  for (std::string& column : named.first) column = column == "x" ? x : column == "y" ? y : column;
  return render(json{{"curves", std::move(curves)}}, named, format, /*with_header=*/true);
}

}  // namespace

std::string report_table(const json& report, TableFormat format) {
  const TableSpec& spec = spec_of(report);
  try {
    if (std::string(spec.schema) == "limitdir.map/1") return map_table(report, spec, format);
  } catch (const json::exception& e) {
    throw InputError(std::string("--format csv|tsv: malformed limitdir.map/1 report: ") + e.what());
  }
  return render(report, spec, format, /*with_header=*/true);
}

std::string trajectory_table_row(const json& point, TableFormat format, bool with_header) {
  // simulate's points {"t", "tau", "r", "w"} in the units of section 1: t in sqrt(R/(mu g)), the
  // slip speed r = |x_o| in sqrt(mu g R), and tau of (114) (dt = r dtau) in 1/(mu g)
  static const TableSpec spec{"", nullptr, "/points", nullptr, "", false,
                              {{"t", "sqrt(R/(mu g))"}, {"tau", "1/(mu g)"}, {"r", "sqrt(mu g R)"}, {"w", "1"}},
                              {"t", "tau", "r", "w"}};
  return render(json{{"points", json::array({point})}}, spec, format, with_header);
}

std::string simulation_record_table(const json& record, TableFormat format) {
  if (!record.is_object() || record.value("schema", std::string()) != "limitdir.simulation/1")
    throw InputError("a simulation's final record must have the schema \"limitdir.simulation/1\"");
  // section 1's units: x0 and r_end slip speeds in sqrt(mu g R), stick_time in sqrt(R/(mu g)),
  // tau_end in 1/(mu g), force in mu m g; the limit direction's as find-limits' (limits_units)
  static const TableSpec spec = [] {
    TableSpec s{"", nullptr, "/records", nullptr, "", false, limits_units,
                {"outcome", "stick_time", "steps", "tau_end", "r_end", "arrival", "match_distance", "limit_direction",
                 "circle"}};
    // a limit circle (section 9): its axis a unit vector, its transverse eigenvalue that of J_T
    s.units.insert({{"x0", "sqrt(mu g R)"}, {"r_end", "sqrt(mu g R)"}, {"stick_time", "sqrt(R/(mu g))"},
                    {"tau_end", "1/(mu g)"}, {"arrival", "1"}, {"match_distance", "1"}, {"steps", "1"},
                    {"axis", "1"}, {"transverse_eigenvalue", "mu g"}});
    return s;
  }();
  json row = record;
  row.erase("problem");  // the input, in the JSON record; its many keys are no result
  return render(json{{"records", json::array({row})}}, spec, format, /*with_header=*/true);
}

}  // namespace limitdir
