#pragma once
// `scan --summary` (docs/manual.md section 14, "Summaries and heat maps"): the summary of a scan
// file from scan's command line.
#include <nlohmann/json.hpp>

#include "limitdir/scan/scan_command.hpp"
#include "limitdir/scan/scan_run.hpp"

namespace limitdir {

/// `scan PROBLEM GRID [--job NAME [job options]] --summary FILE [--x KEY] [--y KEY] [--field NAME]`:
/// the grid set up as for a scan (make_scan_setup), FILE ("-": standard input) read line by line
/// (summarize_scan_file), the summary returned. --x, --y and --field reach scan as the job's
/// arguments (command.job_args) and are taken from there: all of them without --job; with --job
/// (a scan's command line re-run with --summary FILE appended) those after --summary FILE, the
/// ones before being the job's options, parsed as the scan parses them, whose scan hash every
/// record must carry. Any other summary argument, --shard, --resume, --jobs, --full or --merge
/// with --summary is bad input (a summary runs nothing). `note` gets the notes on the data,
/// `progress` the records read. InputError (one line) on bad input, IoError when reading fails.
nlohmann::json summarize_scan_command(const ScanCommand& command, const ScanNote& note, const ScanNote& progress = {});

/// What `scan ... --summary FILE [--format json|csv|tsv]` prints: the summary as indented JSON,
/// or with --format csv|tsv the cells of its table, one row per (x, y) (report/table.hpp).
std::string scan_summary_output(const ScanCommand& command, const ScanNote& note, const ScanNote& progress = {});

}  // namespace limitdir
