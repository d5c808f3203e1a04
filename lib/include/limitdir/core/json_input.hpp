#pragma once
// Reading the JSON that every app accepts (problem files, reports), with bounds: a hostile
// input ends in a one-line InputError, never in unbounded memory or a stack overflow.
#include <cstddef>
#include <istream>
#include <nlohmann/json.hpp>
#include <string>

namespace limitdir {

/// The largest input read: 64 MiB, ~50x the largest diagram limitdir writes for the bundled
/// problems (~1 MB) and far below the memory of any machine it runs on.
inline constexpr std::size_t max_input_bytes = std::size_t{64} << 20;
/// The deepest nesting of arrays and objects accepted: the reports nest 6 levels (a diagram's
/// branch points' w inside its embedded problem), so 64 leaves room and still stops inputs
/// built to exhaust the stack of a recursive reader.
inline constexpr int max_json_depth = 64;

/// The whole file at `path` ("-": standard input), at most max_input_bytes; InputError
/// "<path>: ..." when it cannot be opened (missing, a directory) or is larger, IoError when
/// reading it fails after it was opened (e.g. standard input redirected from a directory).
std::string read_input(const std::string& path);

/// The next line of `in` into `line` (its newline left out), as std::getline: false when no
/// character is left (failbit and eofbit set); true with eofbit set for a last line without a
/// newline; false with badbit set when reading fails. A line that reaches `max_bytes` without its
/// newline is the InputError "<source>: line <number>: longer than N MiB without a newline"
/// ("<source>: ..." when `number` is 0, a line not counted): files read one line at a time
/// (scan's records) stay bounded as whole inputs are (a record file of /dev/zero once grew to
/// 16 GB before it failed). The message is made only when it is thrown.
bool read_line_bounded(std::istream& in, std::string& line, const std::string& source, std::size_t number,
                       std::size_t max_bytes = max_input_bytes);

/// `text` parsed as JSON; InputError "<source>: ..." on malformed JSON, nesting deeper than
/// max_json_depth, or a key that appears twice in one object (JSON leaves that undefined; a
/// silently kept last value hides a typo).
nlohmann::json parse_json_input(const std::string& text, const std::string& source);

}  // namespace limitdir
