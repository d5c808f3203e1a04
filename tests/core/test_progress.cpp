// The progress hooks of the library (limitdir/core/progress.hpp, docs/manual.md section 5,
// "Progress"): the counter's text, its start note, the thread's scope and the throttle.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "limitdir/core/progress.hpp"

namespace test_progress {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::ProgressHook;

TEST_CASE("progress: a counter's text is done/total with the percentage rounded down") {
  CHECK(limitdir::progress_count_text("grid points", 0, 7) == "grid points 0/7 (0 %)");
  CHECK(limitdir::progress_count_text("grid points", 2, 3) == "grid points 2/3 (66 %)");  // 66.7 rounds down
  CHECK(limitdir::progress_count_text("grid points", 3, 3) == "grid points 3/3 (100 %)");
  CHECK(limitdir::progress_count_text("cells", 1200, 0) == "cells 1200");  // no total: the count alone
}

namespace {
// The clock of the throttle tests (core/progress.hpp ProgressClock): it moves only when a test
// moves it, so what is held back and what passes does not depend on the machine's speed.
std::chrono::steady_clock::time_point test_now{};
std::chrono::steady_clock::time_point test_clock() { return test_now; }
}  // namespace

TEST_CASE("progress: a counter notes its start, then at most once a second") {
  std::vector<std::string> notes;
  limitdir::ProgressCounter counter([&](const std::string& n) { notes.push_back(n); }, "seeds", 10, &test_clock);
  for (std::uint64_t k = 1; k <= 5; ++k) counter.step(k);  // within the first second
  REQUIRE(notes.size() == 1);
  CHECK(notes[0] == "seeds 0/10 (0 %)");
  test_now += limitdir::progress_interval;  // a second later: the next step is noted
  counter.step(6);
  counter.step(7);  // at the same instant: held back
  test_now += limitdir::progress_interval - std::chrono::milliseconds(1);
  counter.step(8);  // less than a second after the last note: held back
  CHECK(notes == std::vector<std::string>{"seeds 0/10 (0 %)", "seeds 6/10 (60 %)"});
  limitdir::ProgressCounter silent(ProgressHook(), "seeds", 10);  // no hook: nothing to call
  silent.step(5);
}

TEST_CASE("progress: a scope sets this thread's hook and restores the previous one") {
  std::vector<std::string> notes;
  CHECK(!limitdir::current_progress());
  {
    const limitdir::ProgressScope outer([&](const std::string& n) { notes.push_back("outer " + n); });
    REQUIRE(limitdir::current_progress());
    {
      const limitdir::ProgressScope inner{ProgressHook()};  // silenced below
      CHECK(!limitdir::current_progress());
    }
    REQUIRE(limitdir::current_progress());
    limitdir::current_progress()("x");
    bool other_thread_has_hook = true;
    std::thread([&] { other_thread_has_hook = static_cast<bool>(limitdir::current_progress()); }).join();
    CHECK(!other_thread_has_hook);  // thread_local: another thread's runs are not noted here
  }
  CHECK(!limitdir::current_progress());
  CHECK(notes == std::vector<std::string>{"outer x"});
}

TEST_CASE("progress: the throttled hook passes a note with the caller's prefix at most once a second") {
  std::vector<std::string> notes;
  std::string stage = "sweep: seeding; ";
  const ProgressHook hook =
      limitdir::throttled_progress([&](const std::string& n) { notes.push_back(n); }, &stage, &test_clock);
  for (int k = 0; k < 100; ++k) hook("mesh");  // within the first second: all held back
  CHECK(notes.empty());
  test_now += limitdir::progress_interval;
  stage = "sweep: checks; ";  // the prefix as it is when the note passes
  hook("mesh");
  hook("mesh");  // again at once: held back
  CHECK(notes == std::vector<std::string>{"sweep: checks; mesh"});
  CHECK(!limitdir::throttled_progress(ProgressHook(), &stage));
}

}  // namespace test_progress
