// The summary of a scan (docs/manual.md section 14, "Summaries and heat maps"); see scan/summary.hpp.
#include "limitdir/scan/summary.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/scan/records.hpp"

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
  double seconds = 0.0;
  std::optional<double> field;
};

[[noreturn]] void bad(const std::string& where, const std::string& key, const std::string& what, const json& value) {
  throw InputError(where + ": \"" + key + "\" must be " + what + " (got " + detail::show(value) + ")");
}

std::optional<double> field_of(const json& summary, const std::string& field, const std::string& where) {
  if (field.empty()) return std::nullopt;
  const auto it = summary.find(field);
  if (it == summary.end() || it->is_null()) return std::nullopt;
  if (!it->is_number() || !std::isfinite(it->get<double>())) bad(where, field, "a finite number or null", *it);
  return it->get<double>();
}

/// The record checked as every reader checks it (scan_record_content_problem), and what the
/// summary uses of it.
Entry read_entry(const json& record, const std::string& where, const ScanGrid& grid, const std::string& field) {
  const std::string why = scan_record_content_problem(record, grid);
  if (!why.empty()) throw InputError(where + ": " + why);
  Entry e;
  e.index = record["index"].get<std::uint64_t>();
  e.status = record["status"].get<int>();
  const json& summary = record["summary"];
  e.seconds = summary["seconds"].get<double>();
  e.level = scan_level_rank(summary["level"], where + ": summary.level");
  if (summary["class"].is_string()) e.cls = summary["class"].get<std::string>();
  e.field = field_of(summary, field, where + ": summary");
  return e;
}

json class_json(const std::optional<std::string>& cls) { return cls ? json(*cls) : json(nullptr); }

json point_json(const Entry& e, const json& record) {
  return {{"index", e.index}, {"point", record.at("point")}, {"status", e.status}, {"level", level_names[e.level]},
          {"class", class_json(e.cls)}, {"seconds", e.seconds}, {"reason", record.at("summary").at("reason")}};
}

/// The mean of finite numbers without overflow: the plain sum, and beside it the sum of the
/// numbers times 2^-54, which stays finite for up to 2^53 (the most points of a grid) numbers
/// below DBL_MAX each; the plain sum is used while it is finite (exact scaling by a power of two
/// loses only subnormal bits, far below a sum that overflowed).
struct MeanSum {
  double plain = 0.0, scaled = 0.0;
  void add(double x) {
    plain += x;
    scaled += std::ldexp(x, -54);
  }
  double mean(std::uint64_t n) const {
    const double count = static_cast<double>(n);
    return std::isfinite(plain) ? plain / count : std::ldexp(scaled / count, 54);
  }
};

/// One cell of the table while it is being filled.
struct Cell {
  std::uint64_t points = 0;
  std::map<std::size_t, std::uint64_t> classes;  // class id (in the order met) -> count
  int level = std::numeric_limits<int>::max();
  std::uint64_t values = 0;
  MeanSum sum;
  double min = std::numeric_limits<double>::infinity(), max = -std::numeric_limits<double>::infinity();
};

std::size_t axis_position(const ScanGrid& grid, const std::string& key, const std::string& option) {
  const auto it = std::find(grid.keys.begin(), grid.keys.end(), key);
  if (it == grid.keys.end()) throw InputError(option + " " + key + ": not an axis of the grid");
  return static_cast<std::size_t>(it - grid.keys.begin());
}

/// The index of point `index` along axis k of a product grid (the first axis slowest).
std::uint64_t along(const ScanGrid& grid, std::uint64_t index, std::size_t k) {
  for (std::size_t m = grid.axes.size(); m-- > k + 1;) index /= grid.axes[m].size();
  return index % grid.axes[k].size();
}

}  // namespace

struct ScanSummarizer::State {
  ScanGrid grid;
  ScanSummaryOptions options;
  bool table = false;
  std::size_t ax = 0, ay = 0;
  std::vector<std::uint64_t> indices;  // as met
  std::optional<json> grid_hash, scan_hash;
  std::optional<std::string> job;  // the records' "job", when they name it
  std::array<std::uint64_t, 6> status{};
  std::array<std::uint64_t, 4> levels{};
  double seconds = 0.0;
  bool field_seen = false;
  // the classes in the order met, their counts and smallest indices
  std::map<std::optional<std::string>, std::size_t> class_id;
  std::vector<std::optional<std::string>> names;
  std::vector<std::uint64_t> class_count;
  std::vector<std::vector<std::uint64_t>> examples;
  std::optional<std::pair<Entry, json>> worst;        // the weakest level, smallest index
  std::vector<std::pair<Entry, json>> slowest;        // seconds descending, then index
  std::vector<Cell> cells;

  void check_scan(const json& record, const std::string& where);
  void check_job(const json& record, const std::string& where);
  std::size_t intern(const Entry& e);
  void rank(const Entry& e, const json& record);
  void fill_cell(const Entry& e);
  std::vector<std::size_t> class_order() const;
  json counts_json(json& out) const;
  json table_json(const std::vector<std::size_t>& order) const;
};

ScanSummarizer::ScanSummarizer(const ScanGrid& grid, const ScanSummaryOptions& options)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.grid = grid;
  s.options = options;
  if (grid.kind != ScanGrid::Kind::product || grid.keys.size() < 2) {
    if (!options.x.empty() || !options.y.empty())
      throw InputError("--x/--y: a table needs a product grid of at least two axes (this grid is " +
                       std::string(grid.kind == ScanGrid::Kind::list ? "a list of points)" : "one axis)"));
    return;
  }
  s.table = true;
  s.ax = axis_position(grid, options.x.empty() ? grid.keys[0] : options.x, "--x");
  s.ay = axis_position(grid, options.y.empty() ? grid.keys[1] : options.y, "--y");
  if (s.ax == s.ay) throw InputError("--x/--y: the two axes must differ (both " + grid.keys[s.ax] + ")");
  const std::uint64_t n = grid.axes[s.ax].size() * grid.axes[s.ay].size();
  if (n > max_table_cells)
    throw InputError("--x/--y: the table would have " + std::to_string(n) + " cells, more than " +
                     std::to_string(max_table_cells));
  s.cells.resize(n);
}

ScanSummarizer::~ScanSummarizer() = default;

void ScanSummarizer::State::check_scan(const json& record, const std::string& where) {
  const auto grid_key = record.find("grid");
  if (grid_key == record.end()) throw InputError(where + ": missing key \"grid\"");
  const json& hash = *grid_key;
  if (!hash.is_string()) bad(where, "grid", "a string", hash);
  const auto it = record.find("scan");
  const json scan = it == record.end() ? json(nullptr) : *it;
  if (!grid_hash) {
    grid_hash = hash;
    scan_hash = scan;
  }
  if (hash != *grid_hash || scan != *scan_hash)
    throw InputError(where + ": grid " + detail::show(hash) + ", scan " + detail::show(scan) +
                     " differ from the first record's " + detail::show(*grid_hash) + ", " + detail::show(*scan_hash) +
                     " (records of two scans)");
}

/// The record's "job" (optional: records written before it was added lack it) must be a string,
/// the same in every record that has one and the job scan --summary was told.
void ScanSummarizer::State::check_job(const json& record, const std::string& where) {
  const auto it = record.find("job");
  if (it == record.end()) return;
  if (!it->is_string()) bad(where, "job", "a string", *it);
  const std::string name = it->get<std::string>();
  if (!options.job.empty() && name != options.job)
    throw InputError(where + ": a record of the job " + name + ", not of --job " + options.job);
  if (job && name != *job)
    throw InputError(where + ": a record of the job " + name + " among records of the job " + *job);
  job = name;
}

std::size_t ScanSummarizer::State::intern(const Entry& e) {
  const auto [it, added] = class_id.try_emplace(e.cls, names.size());
  if (added) {
    names.push_back(e.cls);
    class_count.push_back(0);
    examples.emplace_back();
  }
  const std::size_t id = it->second;
  ++class_count[id];
  std::vector<std::uint64_t>& ex = examples[id];  // the smallest indices, ascending
  ex.insert(std::upper_bound(ex.begin(), ex.end(), e.index), e.index);
  if (ex.size() > options.examples) ex.pop_back();
  return id;
}

void ScanSummarizer::State::rank(const Entry& e, const json& record) {
  if (!worst || e.level < worst->first.level || (e.level == worst->first.level && e.index < worst->first.index))
    worst.emplace(e, point_json(e, record));
  const auto slower = [](const Entry& a, const Entry& b) {
    return a.seconds != b.seconds ? a.seconds > b.seconds : a.index < b.index;
  };
  if (slowest.size() < options.slowest || (!slowest.empty() && slower(e, slowest.back().first))) {
    const auto at = std::upper_bound(slowest.begin(), slowest.end(), e,
                                     [&](const Entry& a, const auto& b) { return slower(a, b.first); });
    slowest.insert(at, {e, point_json(e, record)});
    if (slowest.size() > options.slowest) slowest.pop_back();
  }
}

void ScanSummarizer::State::fill_cell(const Entry& e) {
  if (!table) return;
  Cell& c = cells[along(grid, e.index, ay) * grid.axes[ax].size() + along(grid, e.index, ax)];
  ++c.points;
  ++c.classes[class_id.at(e.cls)];
  c.level = std::min(c.level, e.level);
  if (e.field) {
    ++c.values;
    c.sum.add(*e.field);
    c.min = std::min(c.min, *e.field);
    c.max = std::max(c.max, *e.field);
  }
}

void ScanSummarizer::add(const json& record, const std::string& where) {
  State& s = *state_;
  const Entry e = read_entry(record, where, s.grid, s.options.field);
  s.check_scan(record, where);
  s.check_job(record, where);
  s.indices.push_back(e.index);
  ++s.status[static_cast<std::size_t>(e.status)];
  ++s.levels[static_cast<std::size_t>(e.level)];
  s.seconds += e.seconds;
  s.field_seen = s.field_seen || e.field.has_value();
  s.intern(e);
  s.rank(e, record);
  s.fill_cell(e);
}

/// The class ids, the most frequent first (ties: null first, then by name).
std::vector<std::size_t> ScanSummarizer::State::class_order() const {
  std::vector<std::size_t> order;
  for (const auto& [name, id] : class_id) order.push_back(id);  // null first, then by name
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return class_count[a] > class_count[b]; });
  return order;
}

/// status, levels, seconds into `out`; returns "missing" (InputError on an index recorded twice).
json ScanSummarizer::State::counts_json(json& out) const {
  std::vector<std::uint64_t> sorted = indices;
  std::sort(sorted.begin(), sorted.end());
  const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
  if (twice != sorted.end())
    throw InputError("record " + std::to_string(*twice) + ": the index is recorded twice (a merged file has each "
                     "point once: scan --merge)");
  json first = json::array();
  std::uint64_t next = 0;  // the missing indices: the gaps between the recorded ones
  for (std::size_t k = 0; k <= sorted.size() && first.size() < missing_listed; ++k) {
    const std::uint64_t end = k < sorted.size() ? sorted[k] : grid.size();
    for (; next < end && first.size() < missing_listed; ++next) first.push_back(next);
    next = end + 1;
  }
  out["status"] = {{"0", status[0]}, {"2", status[2]}, {"3", status[3]}, {"4", status[4]}, {"5", status[5]}};
  out["levels"] = json::object();
  for (std::size_t r = 0; r < levels.size(); ++r) out["levels"][level_names[r]] = levels[r];
  out["seconds"] = seconds;
  return {{"count", grid.size() - sorted.size()}, {"first", first}};
}

json ScanSummarizer::State::table_json(const std::vector<std::size_t>& order) const {
  if (!table) return nullptr;
  std::vector<std::size_t> position(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) position[order[k]] = k;
  const std::uint64_t nx = grid.axes[ax].size(), ny = grid.axes[ay].size(), per_cell = grid.size() / (nx * ny);
  // an axis with its scale: log for a KEY=log:FROM:TO:COUNT axis, which plot draws in log10
  const auto axis_json = [this](std::size_t k) {
    return json{{"key", grid.keys[k]},
                {"values", grid.axes[k]},
                {"scale", grid.scale(k) == ScanScale::log ? "log" : "linear"}};
  };
  json t = {{"x", axis_json(ax)},
            {"y", axis_json(ay)},
            {"aggregated", json::array()},
            {"aggregation", {{"class", "most frequent"}, {"level", "weakest"}, {"field", "mean, min, max"}}},
            {"field", options.field.empty() ? json(nullptr) : json(options.field)},
            {"points_per_cell", per_cell}};
  for (std::size_t k = 0; k < grid.keys.size(); ++k)
    if (k != ax && k != ay) t["aggregated"].push_back({{"key", grid.keys[k]}, {"count", grid.axes[k].size()}});
  json rows = json::array();
  std::uint64_t missing_cells = 0, partial_cells = 0;
  for (std::uint64_t j = 0; j < ny; ++j) {
    json row = json::array();
    for (std::uint64_t i = 0; i < nx; ++i) {
      const Cell& c = cells[j * nx + i];
      missing_cells += c.points == 0;
      partial_cells += c.points > 0 && c.points < per_cell;
      // the most frequent class; ties go to the one first in the list of classes
      std::optional<std::pair<std::size_t, std::uint64_t>> top;
      for (const auto& [id, n] : c.classes)
        if (!top || n > top->second || (n == top->second && position[id] < position[top->first])) top.emplace(id, n);
      json cell = {{"points", c.points}, {"missing", per_cell - c.points}, {"classes", c.classes.size()},
                   {"class", top ? class_json(names[top->first]) : json(nullptr)},
                   {"class_count", top ? top->second : 0},
                   {"level", c.points == 0 ? json(nullptr) : json(level_names[c.level])}};
      if (!options.field.empty())
        cell["field"] = c.values == 0 ? json(nullptr)
                                      : json{{"mean", c.sum.mean(c.values)}, {"min", c.min},
                                             {"max", c.max}, {"count", c.values}};
      row.push_back(std::move(cell));
    }
    rows.push_back(std::move(row));
  }
  t["missing_cells"] = missing_cells;
  t["partial_cells"] = partial_cells;
  t["cells"] = std::move(rows);
  return t;
}

json ScanSummarizer::finish() const {
  const State& s = *state_;
  if (!s.options.field.empty() && !s.field_seen)
    throw InputError("--field " + s.options.field + ": no record has a number at summary." + s.options.field);
  json out = {{"schema", scan_summary_schema},
              {"grid", s.grid_hash ? *s.grid_hash : json(nullptr)},
              {"kind", s.grid.kind == ScanGrid::Kind::product ? "product" : "list"},
              {"keys", s.grid.keys},
              {"points", s.grid.size()},
              {"recorded", s.indices.size()}};
  // what was scanned: the job (told, else named by the records) and the problem
  out["job"] = !s.options.job.empty() ? json(s.options.job) : s.job ? json(*s.job) : json(nullptr);
  out["problem"] = s.options.problem_name.empty() && s.options.problem_file.empty()
                       ? json(nullptr)
                       : json{{"name", s.options.problem_name}, {"file", s.options.problem_file}};
  out["missing"] = s.counts_json(out);
  const std::vector<std::size_t> order = s.class_order();
  out["classes"] = json::array();
  for (const std::size_t id : order)
    out["classes"].push_back({{"class", class_json(s.names[id])}, {"count", s.class_count[id]}, {"examples", s.examples[id]}});
  out["worst"] = nullptr;
  if (s.worst) {
    out["worst"] = s.worst->second;
    out["worst"]["count"] = s.levels[static_cast<std::size_t>(s.worst->first.level)];
  }
  out["slowest"] = json::array();
  for (const auto& [e, point] : s.slowest) out["slowest"].push_back(point);
  out["table"] = s.table_json(order);
  return out;
}

int scan_level_rank(const json& level, const std::string& where) {
  if (level.is_null()) return 0;
  for (int r = 1; r < 4; ++r)
    if (level == level_names[r]) return r;
  throw InputError(where + ": must be \"proven\", \"checked\", \"incomplete\" or null (got " + detail::show(level) + ")");
}

json summarize_scan(const std::vector<json>& records, const ScanGrid& grid, const ScanSummaryOptions& options) {
  ScanSummarizer summarizer(grid, options);
  for (std::size_t k = 0; k < records.size(); ++k) {
    const json& r = records[k];
    const auto it = r.is_object() ? r.find("index") : r.end();
    const bool indexed = it != r.end() && (it->is_number_unsigned() || (it->is_number_integer() && *it >= 0));
    summarizer.add(r, indexed ? "record " + it->dump() : "records[" + std::to_string(k) + "]");
  }
  return summarizer.finish();
}

}  // namespace limitdir
