// The summary of a scan (docs/manual.md section 14, "Summaries and heat maps"); see scan/summary.hpp.
#include "limitdir/scan/summary.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// The names of the levels by rank (scan_level_rank), the weakest first.
constexpr const char* level_names[] = {"none", "incomplete", "checked", "proven"};

/// The most cells a table may have: 10^6 (e.g. 1000 x 1000), more than the pixels of any heat map
/// plot draws (at most 10000 x 10000 px with cells of >= 10 px); the table is ~100 bytes per cell.
constexpr std::uint64_t max_table_cells = 1000000;

/// The number of missing indices listed (the first ones); the count is always exact.
constexpr std::size_t missing_listed = 20;

/// What the summary uses of one record (validated).
struct Entry {
  std::uint64_t index = 0;
  int status = 0;
  int level = 0;  // scan_level_rank
  std::optional<std::string> cls;
  std::size_t class_id = 0;  // position in the sorted list of classes
  double seconds = 0.0;
  std::optional<double> field;
  const json* record = nullptr;
};

/// A JSON integer >= 0 (nlohmann::json keeps a parsed one unsigned, a built one may be signed).
bool is_index(const json& value) {
  return value.is_number_unsigned() || (value.is_number_integer() && value.get<std::int64_t>() >= 0);
}

std::string where_of(const json& record, std::size_t k) {
  const auto it = record.is_object() ? record.find("index") : record.end();
  return it != record.end() && is_index(*it) ? "record " + it->dump() : "records[" + std::to_string(k) + "]";
}

const json& member(const json& object, const char* key, const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end()) throw InputError(where + ": missing key \"" + key + "\"");
  return *it;
}

[[noreturn]] void bad(const std::string& where, const std::string& key, const std::string& what, const json& value) {
  throw InputError(where + ": \"" + key + "\" must be " + what + " (got " + detail::show(value) + ")");
}

/// The record's point must be grid.point(index): the table places it by its index.
void check_point(const json& point, const ScanGrid& grid, std::uint64_t index, const std::string& where) {
  if (!point.is_object()) bad(where, "point", "an object", point);
  const std::vector<double> values = grid.point(index);
  for (std::size_t k = 0; k < grid.keys.size(); ++k) {
    const auto it = point.find(grid.keys[k]);
    if (it == point.end() || !it->is_number() || it->get<double>() != values[k])
      throw InputError(where + ": \"point\" is not point " + std::to_string(index) + " of the grid (" + grid.keys[k] +
                       " = " + detail::show(json(values[k])) + ")");
  }
  if (point.size() != grid.keys.size())
    throw InputError(where + ": \"point\" has keys that are not the grid's (" + detail::show(point) + ")");
}

std::optional<double> field_of(const json& summary, const std::string& field, const std::string& where) {
  if (field.empty()) return std::nullopt;
  const auto it = summary.find(field);
  if (it == summary.end() || it->is_null()) return std::nullopt;
  if (!it->is_number() || !std::isfinite(it->get<double>())) bad(where, field, "a finite number or null", *it);
  return it->get<double>();
}

Entry read_entry(const json& record, std::size_t k, const ScanGrid& grid, const std::string& field) {
  const std::string where = where_of(record, k);
  if (!record.is_object()) throw InputError(where + ": a record must be a JSON object (got " + detail::show(record) + ")");
  Entry e;
  e.record = &record;
  const json& index = member(record, "index", where);
  if (!is_index(index) || index.get<std::uint64_t>() >= grid.size())
    bad(where, "index", "an integer in [0, " + std::to_string(grid.size()) + ")", index);
  e.index = index.get<std::uint64_t>();
  const json& status = member(record, "status", where);
  if (!status.is_number_integer() || (status != 0 && status != 2 && status != 3 && status != 4 && status != 5))
    bad(where, "status", "0, 2, 3, 4 or 5", status);
  e.status = status.get<int>();
  check_point(member(record, "point", where), grid, e.index, where);
  const json& summary = member(record, "summary", where);
  if (!summary.is_object()) bad(where, "summary", "an object", summary);
  const std::string in = where + ": summary";
  const json& seconds = member(summary, "seconds", in);
  if (!seconds.is_number() || !(seconds.get<double>() >= 0.0) || !std::isfinite(seconds.get<double>()))
    bad(in, "seconds", "a finite number >= 0", seconds);
  e.seconds = seconds.get<double>();
  e.level = scan_level_rank(member(summary, "level", in), in + ".level");
  const json& reason = member(summary, "reason", in);
  if (!reason.is_null() && !reason.is_string()) bad(in, "reason", "a string or null", reason);
  const json& cls = member(summary, "class", in);
  if (!cls.is_null() && !cls.is_string()) bad(in, "class", "a string or null", cls);
  if (cls.is_string()) e.cls = cls.get<std::string>();
  e.field = field_of(summary, field, in);
  return e;
}

/// The entries sorted by index; InputError on an index twice or records of two grid hashes.
std::vector<Entry> read_entries(const std::vector<json>& records, const ScanGrid& grid, const std::string& field) {
  std::vector<Entry> entries;
  entries.reserve(records.size());
  for (std::size_t k = 0; k < records.size(); ++k) entries.push_back(read_entry(records[k], k, grid, field));
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.index < b.index; });
  for (std::size_t k = 1; k < entries.size(); ++k)
    if (entries[k].index == entries[k - 1].index)
      throw InputError("record " + std::to_string(entries[k].index) + ": the index is recorded twice (a merged file "
                       "has each point once: scan --merge)");
  for (const Entry& e : entries) {
    const json& hash = member(*e.record, "grid", "record " + std::to_string(e.index));
    if (!hash.is_string()) bad("record " + std::to_string(e.index), "grid", "a string", hash);
    if (hash != entries.front().record->at("grid"))
      throw InputError("record " + std::to_string(e.index) + ": grid " + detail::show(hash) + " differs from record " +
                       std::to_string(entries.front().index) + "'s " + detail::show(entries.front().record->at("grid")) +
                       " (records of two scans)");
  }
  if (!field.empty() && std::none_of(entries.begin(), entries.end(), [](const Entry& e) { return e.field.has_value(); }))
    throw InputError("--field " + field + ": no record has a number at summary." + field);
  return entries;
}

/// The classes, the most frequent first (ties: null first, then by name); sets every class_id.
std::vector<std::pair<std::optional<std::string>, std::vector<std::uint64_t>>> class_list(std::vector<Entry>& entries) {
  std::map<std::optional<std::string>, std::vector<std::uint64_t>> by_class;
  for (const Entry& e : entries) by_class[e.cls].push_back(e.index);  // ascending: entries are sorted
  std::vector<std::pair<std::optional<std::string>, std::vector<std::uint64_t>>> list(by_class.begin(), by_class.end());
  std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  std::map<std::optional<std::string>, std::size_t> id;
  for (std::size_t c = 0; c < list.size(); ++c) id[list[c].first] = c;
  for (Entry& e : entries) e.class_id = id[e.cls];
  return list;
}

json class_json(const std::optional<std::string>& cls) { return cls ? json(*cls) : json(nullptr); }

json point_json(const Entry& e) {
  return {{"index", e.index}, {"point", e.record->at("point")}, {"status", e.status}, {"level", level_names[e.level]},
          {"class", class_json(e.cls)}, {"seconds", e.seconds}, {"reason", e.record->at("summary").at("reason")}};
}

json counts_json(const std::vector<Entry>& entries, const ScanGrid& grid, json& out) {
  json status = {{"0", 0}, {"2", 0}, {"3", 0}, {"4", 0}, {"5", 0}};
  json levels = {{"none", 0}, {"incomplete", 0}, {"checked", 0}, {"proven", 0}};
  double seconds = 0.0;
  for (const Entry& e : entries) {
    status[std::to_string(e.status)] = status[std::to_string(e.status)].get<std::uint64_t>() + 1;
    levels[level_names[e.level]] = levels[level_names[e.level]].get<std::uint64_t>() + 1;
    seconds += e.seconds;
  }
  // the missing indices: the gaps between the sorted recorded ones
  json first = json::array();
  std::uint64_t next = 0;
  for (std::size_t k = 0; k <= entries.size() && first.size() < missing_listed; ++k) {
    const std::uint64_t end = k < entries.size() ? entries[k].index : grid.size();
    for (; next < end && first.size() < missing_listed; ++next) first.push_back(next);
    next = end + 1;
  }
  out["status"] = status;
  out["levels"] = levels;
  out["seconds"] = seconds;
  return {{"count", grid.size() - entries.size()}, {"first", first}};
}

json worst_json(const std::vector<Entry>& entries) {
  if (entries.empty()) return nullptr;
  const auto worst = std::min_element(entries.begin(), entries.end(),
                                      [](const Entry& a, const Entry& b) { return a.level < b.level; });
  json w = point_json(*worst);
  w["count"] = std::count_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.level == worst->level; });
  return w;
}

json slowest_json(const std::vector<Entry>& entries, std::size_t n) {
  std::vector<const Entry*> order;
  for (const Entry& e : entries) order.push_back(&e);
  n = std::min(n, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), order.end(),
                    [](const Entry* a, const Entry* b) {
                      return a->seconds != b->seconds ? a->seconds > b->seconds : a->index < b->index;
                    });
  json out = json::array();
  for (std::size_t k = 0; k < n; ++k) out.push_back(point_json(*order[k]));
  return out;
}

/// One cell of the table while it is being filled.
struct Cell {
  std::uint64_t points = 0;
  std::map<std::size_t, std::uint64_t> classes;  // class_id -> count
  int level = std::numeric_limits<int>::max();
  std::uint64_t values = 0;
  double sum = 0.0, min = std::numeric_limits<double>::infinity(), max = -std::numeric_limits<double>::infinity();
};

std::size_t axis_position(const ScanGrid& grid, const std::string& key, const std::string& option) {
  const auto it = std::find(grid.keys.begin(), grid.keys.end(), key);
  if (it == grid.keys.end()) throw InputError(option + " " + key + ": not an axis of the grid");
  return static_cast<std::size_t>(it - grid.keys.begin());
}

json cell_json(const Cell& c, std::uint64_t per_cell, const std::vector<std::optional<std::string>>& names, bool field) {
  json cell = {{"points", c.points}, {"missing", per_cell - c.points}, {"classes", c.classes.size()}};
  // the most frequent class; ties go to the first in the list (the smaller class_id: the map's order)
  const auto top = std::max_element(c.classes.begin(), c.classes.end(),
                                    [](const auto& a, const auto& b) { return a.second < b.second; });
  cell["class"] = top == c.classes.end() ? json(nullptr) : class_json(names[top->first]);
  cell["class_count"] = top == c.classes.end() ? 0 : top->second;
  cell["level"] = c.points == 0 ? json(nullptr) : json(level_names[c.level]);
  if (field)
    cell["field"] = c.values == 0 ? json(nullptr)
                                  : json{{"mean", c.sum / static_cast<double>(c.values)}, {"min", c.min},
                                         {"max", c.max}, {"count", c.values}};
  return cell;
}

/// The index of point `index` along axis k of a product grid (the first axis slowest).
std::uint64_t along(const ScanGrid& grid, std::uint64_t index, std::size_t k) {
  for (std::size_t m = grid.axes.size(); m-- > k + 1;) index /= grid.axes[m].size();
  return index % grid.axes[k].size();
}

json table_json(const std::vector<Entry>& entries, const ScanGrid& grid, const ScanSummaryOptions& options,
                const std::vector<std::optional<std::string>>& names) {
  if (grid.kind != ScanGrid::Kind::product || grid.keys.size() < 2) {
    if (!options.x.empty() || !options.y.empty())
      throw InputError("--x/--y: a table needs a product grid of at least two axes (this grid is " +
                       std::string(grid.kind == ScanGrid::Kind::list ? "a list of points)" : "one axis)"));
    return nullptr;
  }
  const std::size_t ax = axis_position(grid, options.x.empty() ? grid.keys[0] : options.x, "--x");
  const std::size_t ay = axis_position(grid, options.y.empty() ? grid.keys[1] : options.y, "--y");
  if (ax == ay) throw InputError("--x/--y: the two axes must differ (both " + grid.keys[ax] + ")");
  const std::uint64_t nx = grid.axes[ax].size(), ny = grid.axes[ay].size();
  if (nx * ny > max_table_cells)
    throw InputError("--x/--y: the table would have " + std::to_string(nx * ny) + " cells, more than " +
                     std::to_string(max_table_cells));
  std::vector<Cell> cells(nx * ny);
  for (const Entry& e : entries) {
    Cell& c = cells[along(grid, e.index, ay) * nx + along(grid, e.index, ax)];
    ++c.points;
    ++c.classes[e.class_id];
    c.level = std::min(c.level, e.level);
    if (e.field) {
      ++c.values;
      c.sum += *e.field;
      c.min = std::min(c.min, *e.field);
      c.max = std::max(c.max, *e.field);
    }
  }
  const std::uint64_t per_cell = grid.size() / (nx * ny);
  json table = {{"x", {{"key", grid.keys[ax]}, {"values", grid.axes[ax]}}},
                {"y", {{"key", grid.keys[ay]}, {"values", grid.axes[ay]}}},
                {"aggregated", json::array()},
                {"aggregation", {{"class", "most frequent"}, {"level", "weakest"}, {"field", "mean, min, max"}}},
                {"field", options.field.empty() ? json(nullptr) : json(options.field)},
                {"points_per_cell", per_cell}};
  for (std::size_t k = 0; k < grid.keys.size(); ++k)
    if (k != ax && k != ay) table["aggregated"].push_back({{"key", grid.keys[k]}, {"count", grid.axes[k].size()}});
  json rows = json::array();
  std::uint64_t missing_cells = 0, partial_cells = 0;
  for (std::uint64_t j = 0; j < ny; ++j) {
    json row = json::array();
    for (std::uint64_t i = 0; i < nx; ++i) {
      const Cell& c = cells[j * nx + i];
      missing_cells += c.points == 0;
      partial_cells += c.points > 0 && c.points < per_cell;
      row.push_back(cell_json(c, per_cell, names, !options.field.empty()));
    }
    rows.push_back(std::move(row));
  }
  table["missing_cells"] = missing_cells;
  table["partial_cells"] = partial_cells;
  table["cells"] = std::move(rows);
  return table;
}

}  // namespace

int scan_level_rank(const json& level, const std::string& where) {
  if (level.is_null()) return 0;
  for (int r = 1; r < 4; ++r)
    if (level == level_names[r]) return r;
  throw InputError(where + ": must be \"proven\", \"checked\", \"incomplete\" or null (got " + detail::show(level) + ")");
}

json summarize_scan(const std::vector<json>& records, const ScanGrid& grid, const ScanSummaryOptions& options) {
  std::vector<Entry> entries = read_entries(records, grid, options.field);
  const auto classes = class_list(entries);
  json out = {{"schema", scan_summary_schema},
              {"grid", entries.empty() ? json(nullptr) : entries.front().record->at("grid")},
              {"kind", grid.kind == ScanGrid::Kind::product ? "product" : "list"},
              {"keys", grid.keys},
              {"points", grid.size()},
              {"recorded", entries.size()}};
  out["missing"] = counts_json(entries, grid, out);
  json class_array = json::array();
  std::vector<std::optional<std::string>> names;
  for (const auto& [cls, indices] : classes) {
    names.push_back(cls);
    json examples(std::vector<std::uint64_t>(indices.begin(), indices.begin() + static_cast<std::ptrdiff_t>(
                                                                                   std::min(options.examples, indices.size()))));
    class_array.push_back({{"class", class_json(cls)}, {"count", indices.size()}, {"examples", examples}});
  }
  out["classes"] = class_array;
  out["worst"] = worst_json(entries);
  out["slowest"] = slowest_json(entries, options.slowest);
  out["table"] = table_json(entries, grid, options, names);
  return out;
}

}  // namespace limitdir
