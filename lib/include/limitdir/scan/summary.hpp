#pragma once
// The summary of a scan (docs/manual.md section 14, share/schemas/scan-summary.schema.json): the
// records of a merged scan file counted per status, certificate level and class, the worst
// certificate, the slowest points, and a table over two axes of a product grid that `plot` draws
// as a heat map. Missing points are counted and marked, never filled.
#include <cstddef>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/scan/grid.hpp"

namespace limitdir {

inline constexpr const char* scan_summary_schema = "limitdir.scan-summary/1";

struct ScanSummaryOptions {
  /// The keys of the table's axes (keys of the grid); empty: the grid's first and second axis.
  std::string x, y;
  /// A numeric key of the records' "summary" (e.g. "X_max", "limit_directions") whose mean, min
  /// and max over each cell the table gives; empty: none.
  std::string field;
  /// The indices of at most this many examples per class (the smallest indices).
  std::size_t examples = 3;
  /// The number of slowest points listed.
  std::size_t slowest = 5;
  /// Not empty: the scan hash (scan/records.hpp) every record's "scan" must have (scan --summary
  /// told the job and its options); checked by summarize_scan_file.
  std::string scan_hash;
  /// The job that wrote the records (scan --summary --job NAME); empty: the records' "job" (all
  /// the same), or none (records written before they named it). The summary's "job".
  std::string job;
  /// The problem scanned: its "name" and its file as given to scan ("<stdin>" for -); both empty:
  /// unknown (the summary's "problem" is null).
  std::string problem_name, problem_file;
};

/// The certificate levels from the weakest up: "none" (the record's level is null: no
/// certificate), "incomplete", "checked", "proven". Returns the rank 0..3; InputError
/// "<where>: level must be ..." for any other value.
int scan_level_rank(const nlohmann::json& level, const std::string& where);

/// The summary (schema limitdir.scan-summary/1) of the records of a scan of `grid` (a merged
/// file: any order, each index at most once; missing indices are counted and listed, never
/// filled). Each record needs "index" (< grid.size()), "grid" (the same in every record, and so
/// "scan" when there is one), "point" (grid.point(index)), "status" and "summary" with
/// "seconds", "level", "reason" and "class" (jobs/job.hpp). The table over the axes x and y
/// exists for a product grid of at least two axes (else "table" is null); every other axis is
/// aggregated in each cell (x, y): the class is the most frequent one of the cell's records (ties:
/// the first in the order of the "classes" list), the level the weakest, the field its mean, min
/// and max over the records that hold a number. InputError (one line) on a record that breaks
/// this, an index twice, x or y not an axis of the grid (or equal, or given for a list grid), or
/// a field that is a number in no record.
nlohmann::json summarize_scan(const std::vector<nlohmann::json>& records, const ScanGrid& grid,
                              const ScanSummaryOptions& options = {});

/// The same summary taken one record at a time, holding ~8 bytes per record and the table's
/// cells, not the records (so a file of 10^7 records can be summarised as it is read):
/// ScanSummarizer s(grid, options); s.add(record, "f.jsonl: line 3") for each; s.finish().
/// The constructor checks the options (InputError as summarize_scan), add a record (InputError
/// "<where>: ..."), finish the indices recorded twice and the field.
class ScanSummarizer {
 public:
  ScanSummarizer(const ScanGrid& grid, const ScanSummaryOptions& options = {});
  ~ScanSummarizer();
  ScanSummarizer(const ScanSummarizer&) = delete;
  ScanSummarizer& operator=(const ScanSummarizer&) = delete;
  void add(const nlohmann::json& record, const std::string& where);
  nlohmann::json finish() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The summary of the scan file read from `in` (JSON Lines; `source` names it in messages) of the
/// scan of `grid` on the problem of canonical text `problem_text` (scan/points.hpp), taken one line
/// at a time (ScanSummarizer: the records are not held). Each non-empty line must be a record of
/// this grid, as read_scan_records checks it ("schema", the grid hash, "index", "point" and "key"
/// of that index), with the keys summarize_scan needs; InputError "<source>: line N: ..."
/// otherwise. A last line without its newline or that is not JSON (a write cut short) is left
/// out, its point counted as missing, and noted. `note` gets that, and `progress` (or `note` when
/// it is empty) the progress: the records read, once a second after the first second.
nlohmann::json summarize_scan_file(std::istream& in, const std::string& source, const ScanGrid& grid,
                                   const std::string& problem_text, const ScanSummaryOptions& options,
                                   const std::function<void(const std::string&)>& note,
                                   const std::function<void(const std::string&)>& progress = {});

}  // namespace limitdir
