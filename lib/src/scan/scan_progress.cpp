// The progress notes of a scan (docs/manual.md sections 5 and 14); see scan/scan_progress.hpp.
#include "limitdir/scan/scan_progress.hpp"

#include <cmath>
#include <cstdio>

namespace limitdir {

namespace {

/// The interval between two notes, and the run time before the first one: a second (section 5).
constexpr double note_interval_seconds = 1.0;

std::string duration_text(double seconds) {
  const auto s = static_cast<long long>(std::llround(seconds));
  char buffer[64];
  if (s < 60) {
    std::snprintf(buffer, sizeof buffer, "%lld s", s);
  } else if (s < 3600) {
    std::snprintf(buffer, sizeof buffer, "%lld min %lld s", s / 60, s % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%lld h %lld min", s / 3600, (s % 3600) / 60);
  }
  return buffer;
}

std::string count_text(std::uint64_t done, std::uint64_t total) {
  char buffer[96];
  const double percent = total == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total);
  std::snprintf(buffer, sizeof buffer, "%llu/%llu points (%.0f %%)", static_cast<unsigned long long>(done),
                static_cast<unsigned long long>(total), std::floor(percent));
  return buffer;
}

}  // namespace

std::string scan_progress_text(std::uint64_t done, std::uint64_t total, double seconds) {
  std::string text = count_text(done, total);
  if (done == 0 || seconds <= 0.0) return text;
  const double rate = static_cast<double>(done) / seconds;
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, ", %.3g points/s", rate);
  text += buffer;
  if (done < total) text += ", ETA " + duration_text(static_cast<double>(total - done) / rate);
  return text;
}

ScanProgress::ScanProgress(std::uint64_t total, std::function<void(const std::string&)> note)
    : total_(total), note_(std::move(note)) {}

double ScanProgress::seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

void ScanProgress::point_done() {
  ++done_;
  const Clock::time_point now = Clock::now();
  if (!note_ || std::chrono::duration<double>(now - last_note_).count() < note_interval_seconds) return;
  last_note_ = now;
  note_(scan_progress_text(done_, total_, seconds()));
}

void ScanProgress::finish() {
  const double elapsed = seconds();
  if (!note_ || elapsed < note_interval_seconds) return;
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, " in %.1f s, %.3g points/s", elapsed, static_cast<double>(done_) / elapsed);
  note_(count_text(done_, total_) + buffer);
}

}  // namespace limitdir
