// The driver of a scan: the points of a shard minus those resumed, run on K threads, each record
// written as soon as it is done (docs/manual.md section 14); see scan/scan_run.hpp.
#include "limitdir/scan/scan_run.hpp"

#include <algorithm>
#include <mutex>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/errors.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/scan/points.hpp"
#include "limitdir/jobs/problem_keys.hpp"
#include "limitdir/scan/records.hpp"
#include "limitdir/scan/scan_pool.hpp"
#include "limitdir/scan/scan_progress.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// The result of a point whose problem could not be made (its status and message), with the
/// summary keys every record carries (jobs/job.hpp).
JobResult failed_point(int status, const std::string& message) {
  JobResult result;
  result.status = status;
  result.message = message;
  result.summary = json{{"seconds", 0.0}, {"level", nullptr}, {"reason", message}, {"class", nullptr}};
  return result;
}

/// --jobs K: 1 <= K <= max_scan_threads (the apps' strict integer option, jobs/option_tables.hpp).
unsigned thread_count(const std::optional<std::string>& text) {
  return text ? static_cast<unsigned>(options::parse_integer(*text, "--jobs", 1, max_scan_threads)) : 1;
}

}  // namespace

json scan_point_record(const ScanSetup& setup, std::uint64_t index, bool full) {
  JobResult result;
  const std::string source = setup.source + " at point " + std::to_string(index);
  try {
    const json document = problem_at_point(setup.document, setup.grid.keys, setup.grid.point(index), source);
    result = run_job(*setup.job, document, source);
  } catch (const InputError& e) {
    result = failed_point(2, e.what());
  } catch (const std::exception& e) {  // problem_at_point anticipates no other failure: a bug
    result = failed_point(5, std::string("internal error: ") + e.what());
  }
  // a point ended by the caller's cancellation predicate (core/cancellation.hpp) is not recorded:
  // the scan unwinds, and the points not yet recorded are run again by a resume
  if (result.status == cancelled_status) throw Cancelled{};
  json record = scan_record(setup.grid, setup.problem_text, setup.grid_hash, setup.scan_hash, index, result.status);
  record["job"] = job_name(setup.job->kind);  // the scan hash names it only as a hash; the summary names it
  record["summary"] = result.summary;
  if (full) record["report"] = result.report;
  return record;
}

ScanOutcome run_scan_points(const ScanSetup& setup, const ScanShard& shard, const std::vector<std::uint64_t>& recorded,
                            int out_fd, unsigned threads, bool full, const ScanNote& note, const ScanNote& progress_note) {
  std::mutex write_mutex;  // one record at a time on out_fd, and the counts below
  ScanOutcome outcome;
  // the p-th point of the shard is shard.index + p shard.count (scan/points.hpp): computed as
  // each thread takes it, so the memory does not grow with the shard (10^13 points run as 10)
  const std::uint64_t positions = shard_size(setup.grid.size(), shard);
  const auto in_shard = [&shard](std::uint64_t i) { return shard.contains(i); };
  const auto resumed = static_cast<std::uint64_t>(std::count_if(recorded.begin(), recorded.end(), in_shard));
  ScanProgress progress(positions - resumed, progress_note);
  scan_parallel_for(positions, threads, [&](std::uint64_t p) {
    const std::uint64_t index = shard.index + p * shard.count;
    if (std::binary_search(recorded.begin(), recorded.end(), index)) return;
    const json record = scan_point_record(setup, index, full);
    const std::lock_guard<std::mutex> lock(write_mutex);
    write_scan_record(out_fd, record);
    ++outcome.points;
    const int status = record["status"].get<int>();
    if (status != 0 && outcome.not_ok++ == 0) {
      const json& reason = record["summary"]["reason"];
      outcome.first_not_ok = "point " + std::to_string(index) + ": status " + std::to_string(status) +
                             (reason.is_string() ? ": " + reason.get<std::string>() : "");
    }
    progress.point_done();
  }, note ? [&note](const std::string& text) { note("--jobs: " + text); } : ScanNote{});
  progress.finish();
  return outcome;
}

ScanOutcome run_scan_command(const ScanCommand& command, int out_fd, const ScanNote& note, const ScanNote& progress) {
  if (command.merge) throw std::logic_error("run_scan_command: a --merge command");
  const ScanShard shard = command.shard ? parse_scan_shard(*command.shard) : ScanShard{};
  const unsigned threads = thread_count(command.jobs);
  const ScanSetup setup = make_scan_setup(command, /*job_optional=*/false);
  validate_scan_grid(setup);
  std::vector<std::uint64_t> recorded;  // the resume file's indices, ascending (8 bytes per record)
  if (command.resume) {
    ScanResume resume = resume_scan(*command.resume, setup, out_fd);
    if (resume.cut_line != 0 && note)
      note("--resume " + *command.resume + ": its partial last line " + std::to_string(resume.cut_line) +
           " was cut off; its point is run again");
    recorded = std::move(resume.recorded);
  }
  return run_scan_points(setup, shard, recorded, out_fd, threads, command.full, note, progress);
}

}  // namespace limitdir
