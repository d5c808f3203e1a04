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

}  // namespace

json summarize_scan_file(std::istream& in, const std::string& source, const ScanGrid& grid,
                         const std::string& problem_text, const ScanSummaryOptions& options,
                         const std::function<void(const std::string&)>& note,
                         const std::function<void(const std::string&)>& progress) {
  ScanSummarizer summarizer(grid, options);
  const ScanRecordCheck check(grid, problem_text, options.scan_hash);  // as a merge's and a resume's
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
    const std::string why = check.problem(record);
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
