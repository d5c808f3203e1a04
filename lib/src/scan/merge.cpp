// `scan ... --merge FILE...` streamed (docs/manual.md section 14, "The scan command"): the files
// are read line by line, twice. The first pass checks every record (as a resume file's) and
// whether each file's indices ascend; the second writes the records sorted by index: a k-way
// merge of the files when they all ascend (the shards of --jobs 1: a record per file in memory),
// else through a table of the index, file and byte offset of every record (24 bytes per record),
// sorted. Either way no record is held beyond its line, and nothing grows with the grid's points.
// See scan/scan_run.hpp.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <optional>
#include <queue>
#include <tuple>
#include <unistd.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/scan/records.hpp"
#include "limitdir/scan/scan_run.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// The indices a merge's one-line message names of the missing and of the duplicated ones (its
/// counts say how many there are): enough to start looking, short enough for one line.
constexpr std::size_t merge_named_indices = 5;

/// The interval between two progress notes of a merge, and the records between two looks at the
/// clock (a clock read per record would cost more than reading its line).
constexpr double merge_note_seconds = 1.0;
constexpr std::uint64_t merge_note_stride = 4096;

/// scan's own options that make no sense with --merge.
void check_merge_options(const ScanCommand& command) {
  for (const auto& [given, name] : {std::pair{command.shard.has_value(), "--shard"}, std::pair{command.resume.has_value(), "--resume"},
                                    std::pair{command.jobs.has_value(), "--jobs"}, std::pair{command.full, "--full"}})
    if (given) throw InputError(std::string(name) + ": not an option of --merge (it takes PROBLEM, the grid and optionally --job)");
}

/// Standard input copied to a temporary file (a merge reads each file twice), removed at the end.
class SpilledInput {
 public:
  SpilledInput() {
    const char* dir = std::getenv("TMPDIR");
    path_ = std::string(dir && *dir ? dir : "/tmp") + "/limitdir-merge-XXXXXX";
    const int fd = ::mkstemp(path_.data());
    if (fd < 0) throw IoError("--merge -: cannot create a temporary file in " + path_);
    ::close(fd);
    std::ofstream out(path_, std::ios::binary);
    out << std::cin.rdbuf();
    if (!out || std::cin.bad()) {
      std::remove(path_.c_str());
      throw IoError("--merge -: copying standard input to " + path_ + " failed");
    }
  }
  ~SpilledInput() { std::remove(path_.c_str()); }
  SpilledInput(const SpilledInput&) = delete;
  SpilledInput& operator=(const SpilledInput&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// A file of the merge: as named, as read, and what the first pass found.
struct MergeFile {
  std::string name, path;
  std::uint64_t kept_bytes = 0;  // the lines before a partial last one
  bool ascending = true;         // its indices never decrease
};

/// The missing and the duplicated indices: their counts and the first few of each.
struct MergeTally {
  std::uint64_t missing = 0, duplicated = 0;
  std::vector<std::uint64_t> first_missing, first_duplicated;
  /// The indices [from, to) have no record.
  void miss(std::uint64_t from, std::uint64_t to) {
    for (std::uint64_t i = from; i < to && first_missing.size() < merge_named_indices; ++i) first_missing.push_back(i);
    missing += to > from ? to - from : 0;
  }
  void duplicate(std::uint64_t i) {
    if (first_duplicated.size() < merge_named_indices) first_duplicated.push_back(i);
    ++duplicated;
  }
  /// "" when complete, else the one-line message of exit 3.
  std::string message(std::uint64_t size) const;
};

std::string MergeTally::message(std::uint64_t size) const {
  if (missing == 0 && duplicated == 0) return "";
  const auto list = [](const std::vector<std::uint64_t>& first, std::uint64_t count) {
    std::string text;
    for (std::size_t k = 0; k < first.size(); ++k) text += (k ? ", " : "") + std::to_string(first[k]);
    return text + (count > first.size() ? ", ..." : "");
  };
  std::string text = "merge of " + std::to_string(size) + " points: ";
  if (missing != 0) text += std::to_string(missing) + " missing (" + list(first_missing, missing) + ")";
  if (missing != 0 && duplicated != 0) text += ", ";
  if (duplicated != 0)
    text += std::to_string(duplicated) + " recorded more than once (" + list(first_duplicated, duplicated) + ")";
  return text;
}

/// The progress of a merge: "--merge: N records read" (first pass) or "written", at most once a second.
class MergeProgress {
 public:
  explicit MergeProgress(const ScanNote& note) : note_(note) {}
  void count(const char* what) {
    if (!note_ || ++done_ % merge_note_stride != 0) return;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_).count() < merge_note_seconds) return;
    last_ = now;
    note_("--merge: " + std::to_string(done_) + " records " + what);
  }
  void restart() { done_ = 0; }

 private:
  const ScanNote& note_;
  std::uint64_t done_ = 0;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

/// The first pass over one file: every record checked, all of one scan (`scan`: the first
/// record's hash, set by the first record met), whether the indices ascend.
void check_merge_file(MergeFile& file, const ScanSetup& setup, std::string& scan, MergeProgress& progress,
                      const ScanNote& note) {
  std::ifstream in = open_scan_file(file.path);
  std::uint64_t last = 0;
  bool first = true;
  const ScanFileEnd end = for_each_scan_record(in, file.name, setup.grid, setup.problem_text, setup.scan_hash,
                                               [&](const json& record, std::uint64_t) {
    const std::string& hash = record["scan"].get_ref<const std::string&>();
    if (scan.empty()) scan = hash;
    if (hash != scan)
      throw InputError("merge: records of two scans (scan hashes " + scan + " and " + hash +
                       ": the same grid with another job or other job options)");
    const std::uint64_t index = record["index"].get<std::uint64_t>();
    if (!first && index < last) file.ascending = false;
    first = false;
    last = index;
    progress.count("read");
  });
  file.kept_bytes = end.kept_bytes;
  if (end.cut_line != 0 && note)
    note("--merge: " + file.name + ": its partial last line " + std::to_string(end.cut_line) + " is left out");
}

/// A file read line by line in the second pass: its next record and that record's index.
class MergeCursor {
 public:
  explicit MergeCursor(const MergeFile& file)
      : name_(file.name), in_(open_scan_file(file.path)), end_(file.kept_bytes) {}
  /// Moves to the next record (the lines before kept_bytes; blank ones skipped); false at the end.
  bool next() {
    while (offset_ < end_ && read_line_bounded(in_, line_, "--merge: " + name_, 0)) {
      offset_ += line_.size() + 1;
      if (line_.find_first_not_of(" \t\r") == std::string::npos) continue;
      try {  // checked by the first pass, unless the file was written to since
        record_ = json::parse(line_);
        index_ = record_.at("index").get<std::uint64_t>();
      } catch (const json::exception&) {
        throw IoError("--merge: " + name_ + " changed between the two passes (a line is no longer a record)");
      }
      return true;
    }
    if (in_.bad()) throw IoError("--merge: reading a file failed in its second pass");
    return false;
  }
  /// The record of the line at byte `offset`.
  const json& at(std::uint64_t offset) {
    if (offset != offset_) {
      in_.clear();
      in_.seekg(static_cast<std::streamoff>(offset));
      offset_ = offset;
    }
    if (!next()) throw IoError("--merge: a record moved between the two passes");
    return record_;
  }
  const json& record() const { return record_; }
  std::uint64_t index() const { return index_; }

 private:
  std::string name_;
  std::ifstream in_;
  std::uint64_t end_, offset_ = 0;
  std::string line_;
  json record_;
  std::uint64_t index_ = 0;
};

/// The second pass when every file ascends: a k-way merge by (index, file); of equal indices the
/// first file's record is written, the others count as duplicates.
MergeTally write_merged_ascending(const std::vector<MergeFile>& files, std::uint64_t size, int out_fd,
                                  MergeProgress& progress) {
  std::vector<MergeCursor> cursors;
  cursors.reserve(files.size());
  using Head = std::pair<std::uint64_t, std::size_t>;  // (index, file)
  std::priority_queue<Head, std::vector<Head>, std::greater<Head>> heads;
  for (const MergeFile& file : files) {
    cursors.emplace_back(file);
    if (cursors.back().next()) heads.emplace(cursors.back().index(), cursors.size() - 1);
  }
  MergeTally tally;
  std::uint64_t next = 0;  // the smallest index not yet written
  std::optional<std::uint64_t> counted;  // the last index counted as duplicated
  while (!heads.empty()) {
    const std::size_t k = heads.top().second;
    heads.pop();
    MergeCursor& cursor = cursors[k];
    const std::uint64_t index = cursor.index();
    if (index < next) {  // written already (the indices come in ascending order): a duplicate
      if (counted != index) tally.duplicate(index);
      counted = index;
    } else {
      tally.miss(next, index);
      write_scan_record(out_fd, cursor.record());
      next = index + 1;
      progress.count("written");
    }
    if (cursor.next()) heads.emplace(cursor.index(), k);
  }
  tally.miss(next, size);
  return tally;
}

/// Where the second pass finds a record: its index, its file and the byte offset of its line.
struct PlacedRecord {
  std::uint64_t index, offset;
  std::uint32_t file;
};

/// The second pass when a file's indices do not ascend (the shards of --jobs K > 1): the place of
/// every record (24 bytes per record, not per point of the grid: a grid of 10^13 points with 10^3
/// records needs 24 kB) sorted by index, then by file and line, the first record of each index
/// written by seeking to it.
MergeTally write_merged_by_table(const std::vector<MergeFile>& files, const ScanSetup& setup, int out_fd,
                                 MergeProgress& progress) {
  std::vector<PlacedRecord> places;
  for (std::size_t k = 0; k < files.size(); ++k) {
    std::ifstream in = open_scan_file(files[k].path);
    for_each_scan_record(in, files[k].name, setup.grid, setup.problem_text, setup.scan_hash,
                         [&](const json& record, std::uint64_t at) {
                           places.push_back({record["index"].get<std::uint64_t>(), at, static_cast<std::uint32_t>(k)});
                         });
  }
  std::sort(places.begin(), places.end(), [](const PlacedRecord& a, const PlacedRecord& b) {
    return std::tie(a.index, a.file, a.offset) < std::tie(b.index, b.file, b.offset);
  });
  std::vector<MergeCursor> cursors;
  cursors.reserve(files.size());
  for (const MergeFile& file : files) cursors.emplace_back(file);
  MergeTally tally;
  std::uint64_t next = 0;  // the smallest index not yet written
  for (std::size_t r = 0; r < places.size(); ++r) {
    const PlacedRecord& place = places[r];
    if (r > 0 && places[r - 1].index == place.index) {  // written already: a duplicate, counted once
      const bool first_repeat = r < 2 || places[r - 2].index != place.index;
      if (first_repeat) tally.duplicate(place.index);
      continue;
    }
    tally.miss(next, place.index);
    write_scan_record(out_fd, cursors[place.file].at(place.offset));
    next = place.index + 1;
    progress.count("written");
  }
  tally.miss(next, setup.grid.size());
  return tally;
}

}  // namespace

std::string merge_scan_command(const ScanCommand& command, int out_fd, const ScanNote& note, const ScanNote& progress_note) {
  check_merge_options(command);
  const ScanSetup setup = make_scan_setup(command, /*job_optional=*/true);
  std::optional<SpilledInput> spilled;  // "-": standard input (parse_scan_command lets one input name it)
  std::vector<MergeFile> files;
  for (const std::string& name : *command.merge) {
    if (name == "-" && !spilled) spilled.emplace();
    files.push_back(MergeFile{name == "-" ? "<stdin>" : name, name == "-" ? spilled->path() : name});
  }
  MergeProgress progress(progress_note);
  std::string scan;  // the scan hash of the records: one for all
  bool ascending = true;
  for (MergeFile& file : files) {
    check_merge_file(file, setup, scan, progress, note);
    ascending = ascending && file.ascending;
  }
  progress.restart();
  if (files.size() > std::numeric_limits<std::uint32_t>::max()) throw InputError("--merge: too many files");
  const MergeTally tally = ascending ? write_merged_ascending(files, setup.grid.size(), out_fd, progress)
                                     : write_merged_by_table(files, setup, out_fd, progress);
  return tally.message(setup.grid.size());
}

}  // namespace limitdir
