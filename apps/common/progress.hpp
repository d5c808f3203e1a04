#pragma once
// The progress notes of the apps on standard error (docs/manual.md section 5, "Progress"): the
// library reports how far a long run has gone through its hooks (limitdir/core/progress.hpp);
// this renders the notes. The rule:
// Nothing in a run's first second; then:
//   --quiet                        no notes;
//   stderr a terminal              one line "<app>: <note>" redrawn in place (\r), erased at the end;
//   --progress, stderr not a terminal   one line per note (for the logs of batch runs);
//   otherwise                      no notes (stderr stays empty on success).
// --quiet and --progress are general options of every app (cli.cpp adds them).
#include <string>

#include <boost/program_options.hpp>

#include "limitdir/core/progress.hpp"

namespace limitdir::cli {

enum class ProgressMode { off, in_place, lines };

/// Declares --quiet and --progress.
void add_progress_options(boost::program_options::options_description& general);

/// The mode of the rule above, from the options and whether stderr is a terminal; InputError when
/// both --quiet and --progress are given.
ProgressMode progress_mode(const boost::program_options::variables_map& vm, bool stderr_is_terminal);

/// The same from the two flags (scan parses its own command line).
ProgressMode progress_mode(bool quiet, bool forced, bool stderr_is_terminal);

/// Sets the app's mode (the `run` of cli.cpp, from its options and isatty(2)).
void start_progress(const std::string& app, const boost::program_options::variables_map& vm);
/// Sets the app's mode as given.
void start_progress(const std::string& app, ProgressMode mode);

/// True when standard output and standard error are the same terminal (the same device).
bool output_shares_terminal();

/// The hook that renders notes in the app's mode; empty when the mode is off, so that the
/// library does not even format them.
ProgressHook progress_hook();

/// Erases a note drawn in place, so that what follows on stderr (an error, a warning) starts
/// on a clean line; nothing otherwise.
void end_progress();

/// For an app that streams its output (simulate --x0's trajectory) to the terminal of its notes
/// (output_shares_terminal): clear_progress_line() before a line of output erases the note drawn
/// in place, redraw_progress_line() after it draws the note again below the line, so the
/// output's lines stay whole and the note stays on the terminal's last line. Nothing when no
/// note is drawn.
void clear_progress_line();
void redraw_progress_line();

}  // namespace limitdir::cli
