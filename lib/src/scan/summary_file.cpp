// The summary of a scan file read one line at a time (docs/manual.md section 14, "Summaries and
// heat maps"); see scan/summary.hpp.
#include <chrono>
#include <optional>
#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/scan/points.hpp"
#include "limitdir/scan/records.hpp"
#include "limitdir/scan/summary.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// Progress is checked every this many lines (a clock read per line would cost more than a
/// line's work, ~1 us).
constexpr std::size_t progress_stride = 4096;

/// Why `record` is not a record of the grid (hash `grid_hash`) at its point, or "": the checks of
/// read_scan_records (scan/records.hpp) that summarize_scan does not make itself (the index and the
/// point it checks). The key is the hash of the problem's text and "\n" continued over the point's
/// text (points.hpp: fnv1a64(a + b) == fnv1a64(b, fnv1a64(a))).
std::string not_a_record(const json& record, const std::string& grid_hash, const std::string& scan_hash,
                         const ScanGrid& grid, std::uint64_t prefix) {
  if (!record.is_object()) return "a record must be a JSON object";
  const auto schema = record.find("schema");
  if (schema == record.end() || *schema != scan_record_schema)
    return std::string("\"schema\" must be \"") + scan_record_schema + "\"";
  const auto hash = record.find("grid");
  if (hash == record.end() || !hash->is_string()) return "\"grid\" must be a string";
  if (*hash != grid_hash)
    return "a record of another grid (its grid is " + hash->get<std::string>() + ", this grid's " + grid_hash + ")";
  const auto scan = record.find("scan");
  if (!scan_hash.empty() && (scan == record.end() || *scan != scan_hash))
    return "a record of another scan (its scan hash is " + (scan == record.end() ? std::string("absent") : scan->dump()) +
           ", that of --job and its options " + scan_hash + ")";
  const auto index = record.find("index");
  const auto key = record.find("key");
  if (index == record.end() || !index->is_number_unsigned() || index->get<std::uint64_t>() >= grid.size())
    return "";  // summarize_scan names what is wrong with it
  const std::vector<double> values = grid.point(index->get<std::uint64_t>());
  if (key == record.end() || *key != hash_hex(fnv1a64(point_text(grid.keys, values), prefix)))
    return "\"key\" is not the key of point " + index->dump();
  return "";
}

}  // namespace

json summarize_scan_file(std::istream& in, const std::string& source, const ScanGrid& grid,
                         const std::string& problem_text, const ScanSummaryOptions& options,
                         const std::function<void(const std::string&)>& note,
                         const std::function<void(const std::string&)>& progress) {
  ScanSummarizer summarizer(grid, options);
  const std::string grid_hash = scan_grid_hash(problem_text, grid);
  const std::uint64_t prefix = fnv1a64(problem_text + "\n");
  using clock = std::chrono::steady_clock;
  const clock::time_point start = clock::now();
  clock::time_point last_note = start;
  std::optional<std::pair<std::size_t, std::string>> not_json;  // a line that is not JSON: the last one?
  std::string line;
  std::size_t number = 0, read = 0;
  while (read_line_bounded(in, line, source, number + 1)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = source + ": line " + std::to_string(number);
    if (not_json) throw InputError(not_json->second);  // "<source>: line N: malformed JSON ..." not at the end
    if (in.eof()) {  // no final newline: a write cut short
      note(where + ": a partial last line (no newline) left out; its point counts as missing");
      break;
    }
    json record;
    try {
      record = parse_json_input(line, where);
    } catch (const InputError& e) {
      not_json.emplace(number, e.what());
      continue;
    }
    const std::string why = not_a_record(record, grid_hash, options.scan_hash, grid, prefix);
    if (!why.empty()) throw InputError(where + ": " + why);
    summarizer.add(record, where);
    if (++read % progress_stride == 0 && clock::now() - last_note > std::chrono::seconds(1)) {
      last_note = clock::now();
      (progress ? progress : note)(source + ": " + std::to_string(read) + " records read");
    }
  }
  if (in.bad()) throw IoError(source + ": reading failed after line " + std::to_string(number));
  if (not_json)
    note(source + ": line " + std::to_string(not_json->first) + ": a partial last line (not JSON) left out; its point "
         "counts as missing");
  return summarizer.finish();
}

}  // namespace limitdir
