// The progress notes of the apps; see progress.hpp and docs/manual.md section 5.
#include "progress.hpp"

#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "limitdir/core/errors.hpp"

namespace limitdir::cli {

namespace po = boost::program_options;

namespace {

/// The width assumed when the terminal does not say: a line of 80 columns less the last one
/// (writing into the last column wraps on some terminals, which breaks the redraw).
constexpr std::size_t default_columns = 80;

struct State {
  ProgressMode mode = ProgressMode::off;
  std::string app;
  bool drawn = false;  // a note is on the terminal's current line
  bool cleared = false;  // clear_progress_line erased it: redraw_progress_line draws `last` again
  std::string last;      // the note drawn in place last, as drawn
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

State& state() {
  static State s;
  return s;
}

std::size_t terminal_columns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1) return size.ws_col;
  return default_columns;
}

void render(const std::string& note) {
  State& s = state();
  // a run shorter than a second shows no notes (docs/manual.md section 5)
  if (std::chrono::steady_clock::now() - s.start < progress_interval) return;
  std::string line = s.app + ": " + note;
  std::replace(line.begin(), line.end(), '\n', ' ');
  if (s.mode == ProgressMode::lines) {
    std::cerr << line << std::endl;
    return;
  }
  // in place: cut to the terminal's width (a wrapped line cannot be redrawn), then erase the rest
  // of the previous note (ESC [ K)
  const std::size_t width = terminal_columns() - 1;
  if (line.size() > width) line.resize(width);
  std::cerr << '\r' << line << "\x1b[K" << std::flush;
  s.drawn = true;
  s.cleared = false;
  s.last = std::move(line);
}

}  // namespace

void add_progress_options(po::options_description& general) {
  general.add_options()("quiet,q", "no progress notes on standard error (errors are still reported)")(
      "progress",
      "progress notes on standard error even when it is not a terminal, one line each (on a terminal "
      "a run over a second redraws one line in place)");
}

ProgressMode progress_mode(const po::variables_map& vm, bool stderr_is_terminal) {
  return progress_mode(vm.count("quiet") != 0, vm.count("progress") != 0, stderr_is_terminal);
}

ProgressMode progress_mode(bool quiet, bool forced, bool stderr_is_terminal) {
  if (quiet && forced) throw InputError("--quiet and --progress exclude each other");
  if (quiet) return ProgressMode::off;
  if (stderr_is_terminal) return ProgressMode::in_place;
  return forced ? ProgressMode::lines : ProgressMode::off;
}

void start_progress(const std::string& app, const po::variables_map& vm) {
  start_progress(app, progress_mode(vm, isatty(STDERR_FILENO) != 0));
}

void start_progress(const std::string& app, ProgressMode mode) {
  State& s = state();
  s.app = app;
  s.drawn = s.cleared = false;
  s.start = std::chrono::steady_clock::now();
  s.mode = mode;
}

bool output_shares_terminal() {
  struct stat out {}, err {};
  return isatty(STDOUT_FILENO) != 0 && isatty(STDERR_FILENO) != 0 && ::fstat(STDOUT_FILENO, &out) == 0 &&
         ::fstat(STDERR_FILENO, &err) == 0 && out.st_rdev == err.st_rdev;
}

ProgressHook progress_hook() {
  if (state().mode == ProgressMode::off) return {};
  return render;
}

void end_progress() {
  State& s = state();
  if (!s.drawn) return;
  std::cerr << "\r\x1b[K" << std::flush;
  s.drawn = false;
}

void clear_progress_line() {
  State& s = state();
  if (!s.drawn) return;
  end_progress();
  s.cleared = true;
}

void redraw_progress_line() {
  State& s = state();
  if (!s.cleared) return;
  std::cerr << '\r' << s.last << "\x1b[K" << std::flush;
  s.drawn = true;
  s.cleared = false;
}

}  // namespace limitdir::cli
