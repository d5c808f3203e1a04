#pragma once
// The records of a scan (docs/manual.md section 14, share/schemas/scan-record.schema.json): one
// JSON line per point, written whole; read back for a resume, and merged across shards.
#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/scan/grid.hpp"

namespace limitdir {

inline constexpr const char* scan_record_schema = "limitdir.scan-record/1";

/// The hash of a scan: its grid and the job run at every point with its options (as typed):
/// hash_hex(fnv1a64(J)), J the compact JSON array [grid_hash, job, args[0], args[1], ...] (JSON
/// quoting keeps the list unambiguous: {"a b"} and {"a", "b"} differ). A resume or a merge of
/// records of another job or other options is refused by it.
std::string scan_hash(const std::string& grid_hash, const std::string& job, const std::vector<std::string>& args);

/// The record of point `index` of `grid`:
///   {"schema": "limitdir.scan-record/1", "index", "key" (scan_point_key), "grid"
///    (scan_grid_hash), "scan" (scan_hash), "point": {KEY: value, ...}, "status" (the job's exit
///    status, docs/manual.md section 5: 0 ok, 2 bad input, 3 numerical or incomplete, 4 I/O, 5 internal)}
/// to which the job adds its results (any other keys).
nlohmann::json scan_record(const ScanGrid& grid, const std::string& problem_text, const std::string& grid_hash,
                           const std::string& scan_hash, std::uint64_t index, int status);

/// Writes `record` as one line (its compact JSON and "\n") with one write(2) of the whole line
/// (repeated only for the rest of a partial write or after EINTR), so a process killed between
/// records leaves whole lines and one killed inside a write leaves at most one partial last line.
/// Nothing is buffered. IoError when the write fails (e.g. a full disk, a closed pipe).
void write_scan_record(int fd, const nlohmann::json& record);

/// The largest "seconds" of a record's summary: 1e15 s (3e7 years, beyond any job's wall time).
/// So the total over the at most 2^53 points of a grid (scan/grid.hpp), at most 9.1e30 s, is a
/// finite double: a summary's "seconds" never overflows.
inline constexpr double max_record_seconds = 1e15;

/// Why `record` breaks what every record of a scan of `grid` holds (scan_record, and the
/// "summary" of jobs/job.hpp; share/schemas/scan-record.schema.json), or "" when it holds it:
/// an object; "index" an integer below grid.size(); "point" grid.point(index); "status" 0, 2, 3,
/// 4 or 5; "summary" an object with "seconds" (a number in [0, max_record_seconds]), "level"
/// ("proven", "checked", "incomplete" or null), "reason" and "class" (a string or null). Not the
/// hashes, which depend on the reader's scan (ScanRecordCheck).
std::string scan_record_content_problem(const nlohmann::json& record, const ScanGrid& grid);

/// The one check of a record that every reader makes (a merge, a resume, a summary: docs/manual.md
/// section 14), for the scan of `grid` on the problem of canonical text `problem_text`:
/// "schema", the grid hash, the scan hash (when `scan_hash` is not empty: a reader not told the
/// job accepts any), scan_record_content_problem, then "key" (that of the point).
class ScanRecordCheck {
 public:
  ScanRecordCheck(const ScanGrid& grid, const std::string& problem_text, const std::string& scan_hash);
  /// Why `record` is not a record of this scan, or "" when it is one.
  std::string problem(const nlohmann::json& record) const;

 private:
  const ScanGrid& grid_;
  std::string grid_hash_, scan_hash_;
  std::uint64_t key_prefix_;  // fnv1a64(problem_text + "\n"), continued over a point's text for its key
};

/// The records of a scan file (JSON Lines).
struct ScanRecords {
  std::vector<nlohmann::json> records;  // in the order of the file
  /// The partial last line cut off (no final newline, or not JSON: the write a killed run left
  /// unfinished): its 1-based line number, or 0 when the file ended cleanly.
  std::size_t cut_line = 0;
  /// The length of the file up to the cut (the whole file when nothing was cut).
  std::size_t kept_bytes = 0;
};

/// Reads the records of `text` (a file named `source`) of the scan of `grid` on the problem of
/// canonical text `problem_text`. Empty lines are skipped. The last line is cut off (cut_line)
/// when it has no final newline or is not JSON (a truncated object never is); any other line that
/// is not JSON or not a record of this scan (ScanRecordCheck) is an InputError "<source>: line
/// N: ...": a record of another grid (its "grid" is not scan_grid_hash(problem_text, grid)) is
/// the InputError "<source>: line N: a record of another grid (...)", and one of another job or
/// other job options (its "scan" is not `scan_hash`) "<source>: line N: a record of another scan (...)".
/// An empty `scan_hash` accepts any job (a merge that is not told the job: merge_scan_command
/// then checks that all records share one).
ScanRecords read_scan_records(const std::string& text, const std::string& source, const ScanGrid& grid,
                              const std::string& problem_text, const std::string& scan_hash);

/// How a scan file read by for_each_scan_record ended.
struct ScanFileEnd {
  std::size_t cut_line = 0;        // as ScanRecords::cut_line
  std::uint64_t kept_bytes = 0;    // as ScanRecords::kept_bytes
  std::uint64_t records = 0;       // the records visited
};

/// The records of the scan file `in` read one line at a time, each checked as read_scan_records
/// checks it (the same messages; the last line cut off the same way) and passed to `visit` with
/// the byte offset of its line in the file, then dropped: the memory does not grow with the file
/// (a resume keeps the indices, a merge the offsets it needs; docs/manual.md section 14).
/// InputError as read_scan_records, IoError when reading fails.
ScanFileEnd for_each_scan_record(std::istream& in, const std::string& source, const ScanGrid& grid,
                                 const std::string& problem_text, const std::string& scan_hash,
                                 const std::function<void(const nlohmann::json& record, std::uint64_t offset)>& visit);

}  // namespace limitdir
