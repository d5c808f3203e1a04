#pragma once
// The progress notes of a scan on standard error (docs/manual.md section 5: a run over a second
// notes its progress): points done of the total, rate and the time left.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace limitdir {

/// "120/4000 points (3 %), 35.2 points/s, ETA 1 min 50 s" after `seconds` of a scan: the rate is
/// done/seconds and the ETA (total - done)/rate, rounded to the second (omitted while done = 0).
std::string scan_progress_text(std::uint64_t done, std::uint64_t total, double seconds);

/// Counts the points done and calls `note` with scan_progress_text at most once a second, from
/// the first second on. Not synchronised: call point_done from one thread at a time (scan calls
/// it under the lock of its writes).
class ScanProgress {
 public:
  ScanProgress(std::uint64_t total, std::function<void(const std::string&)> note);
  void point_done();
  /// The last note ("4000/4000 points (100 %) in 12.3 s, 325 points/s") when the scan took
  /// over a second.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  double seconds() const;
  std::uint64_t total_, done_ = 0;
  std::function<void(const std::string&)> note_;
  Clock::time_point start_ = Clock::now(), last_note_ = start_;
};

}  // namespace limitdir
