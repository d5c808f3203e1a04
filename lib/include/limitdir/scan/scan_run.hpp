#pragma once
// The `scan` command as library calls (docs/manual.md section 14, "The scan command"): the scan
// set up from its command line, its points checked, a resume file read (and its partial last
// line cut off), the points of a shard run on K threads with their records written as they
// finish, and the merge of record files.
#include <cstdint>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/scan/grid.hpp"
#include "limitdir/jobs/job.hpp"
#include "limitdir/scan/points.hpp"
#include "limitdir/scan/scan_command.hpp"

namespace limitdir {

/// A scan ready to run: its problem file, grid, job and hashes.
struct ScanSetup {
  nlohmann::json document;  // PROBLEM as read
  std::string source;       // PROBLEM's name, for messages ("<stdin>" for -)
  std::string problem_text; // canonical_problem_text(document)
  ScanGrid grid;
  std::string grid_hash;    // scan_grid_hash
  std::optional<Job> job;   // none only for a merge not told the job
  std::string scan_hash;    // scan_hash(grid_hash, job, args); "" without a job
};

/// Notes on standard error, one line each, without the "scan: " prefix. Two kinds go to two
/// callbacks: the notes on the data (points recorded with a status other than 0, a partial last
/// line cut off or left out), which scan always prints, and the progress notes (points done,
/// records read), which it renders as every app does (--quiet, --progress: docs/manual.md
/// section 5).
using ScanNote = std::function<void(const std::string&)>;

/// The whole file `path` (no size cap: a scan's record file grows with its points; "-" is
/// standard input). InputError when it cannot be opened, IoError when reading it fails.
std::string read_scan_file(const std::string& path);

/// The file `path` opened for reading line by line (binary: the byte offsets are the file's).
/// InputError when it cannot be opened or is a directory.
std::ifstream open_scan_file(const std::string& path);

/// The grid of the command: the product of the --grid axes, the --points file, or a Latin
/// hypercube of --random N --seed S over the --grid ranges. InputError (one line) on none of
/// them, a mix, or any error of the grid's parts (scan/grid.hpp).
ScanGrid scan_grid_of(const ScanCommand& command);

/// Reads PROBLEM, builds the grid, parses the job's options (make_job; a job is required unless
/// `job_optional`) and the hashes. InputError on bad input.
ScanSetup make_scan_setup(const ScanCommand& command, bool job_optional);

/// The points checked before any job runs: point 0 and, for each key, the points where it takes
/// its smallest and its largest value (of a product grid, with the other axes at their first
/// value; of a list, its first such row): at most 2 K + 1 problems for K keys, read by the
/// problem's parser (problem_at_point). So a key that does not exist or is not numeric, and a
/// range that leaves the key's valid values at either end, are bad input before any point runs;
/// any other invalid point (an interior value of a list, a combination of keys) is recorded with
/// status 2 and the parser's message when its turn comes. InputError "<source> at point i: ...".
void validate_scan_grid(const ScanSetup& setup);

/// What a resume file holds: the indices recorded there (ascending).
struct ScanResume {
  std::vector<std::uint64_t> recorded;
  std::size_t cut_line = 0;  // the partial last line cut off the file (0: none)
};

/// Reads the resume file `path` (records of this scan: read_scan_records) and, when its last line
/// is partial, truncates the file to the whole lines before it, so that the records written next
/// (`scan ... --resume out.jsonl >> out.jsonl`) start on a line of their own. InputError when it
/// cannot be read or holds records of another grid or scan, and when standard output (`out_fd`)
/// is that same file but not opened for appending (">" instead of ">>": the shell emptied the
/// file before scan read it, and writes would not follow the cut); IoError when the truncation fails.
ScanResume resume_scan(const std::string& path, const ScanSetup& setup, int out_fd);

/// The record of point `index`: scan_record with the job's status, its "summary" and, with
/// `full`, its "report". A point whose problem is invalid (problem_at_point) gets status 2 and the
/// parser's message as the summary's reason. Never throws for a point's failure.
nlohmann::json scan_point_record(const ScanSetup& setup, std::uint64_t index, bool full);

/// What a run of points did.
struct ScanOutcome {
  std::uint64_t points = 0;     // records written
  std::uint64_t not_ok = 0;     // of them, with status != 0
  std::string first_not_ok;     // "point i: status s: reason" of the first of them written
};

/// Runs the points of `shard` not in `recorded` (ascending: a resume file's indices) on `threads`
/// threads (scan_parallel_for; fewer, noted to `note` as "--jobs: ...", when the system cannot
/// create them all) and writes each record to `out_fd` (write_scan_record) as soon as it is done,
/// under a lock (one write per line). The shard's indices are computed as the points are taken,
/// never listed: the memory does not grow with the grid. Progress notes to `progress` at most once
/// a second after the first second. IoError when a write fails (the points still running finish,
/// no new one starts).
ScanOutcome run_scan_points(const ScanSetup& setup, const ScanShard& shard, const std::vector<std::uint64_t>& recorded,
                            int out_fd, unsigned threads, bool full, const ScanNote& note, const ScanNote& progress);

/// The whole scan of the command (no --merge): setup, check, shard, resume, run; `note` gets the
/// notes on the data, `progress` the progress notes. InputError on bad input before any point runs.
ScanOutcome run_scan_command(const ScanCommand& command, int out_fd, const ScanNote& note,
                             const ScanNote& progress = {});

/// `scan PROBLEM GRID [--job NAME ...] --merge FILE...`: reads the files (records of this grid; of
/// this scan when --job is given, else all of one scan), writes the merged records sorted by index
/// to `out_fd` and returns "" when every point is recorded exactly once, else the one-line
/// message naming the first few missing and duplicated indices and their counts (exit 3). A
/// partial last line of a file is left out (its point is missing unless recorded elsewhere) and
/// noted. InputError on bad input.
std::string merge_scan_command(const ScanCommand& command, int out_fd, const ScanNote& note,
                               const ScanNote& progress = {});

}  // namespace limitdir
