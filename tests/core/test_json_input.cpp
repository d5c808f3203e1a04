// Bounded input (limitdir/core/json_input.hpp): read_line_bounded reads the lines std::getline
// reads, with the same stream states, and refuses a line that reaches its bound without a newline.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"

namespace test_json_input {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::InputError;

namespace {

struct Read {
  std::vector<std::string> lines;
  std::vector<bool> eof_after;  // eofbit after each line read
  bool fail_at_end = false, eof_at_end = false;
};

template <class Getline>
Read read_all(const std::string& text, Getline getline) {
  std::istringstream in(text);
  Read r;
  std::string line;
  while (getline(in, line)) {
    r.lines.push_back(line);
    r.eof_after.push_back(in.eof());
  }
  r.fail_at_end = in.fail();
  r.eof_at_end = in.eof();
  return r;
}

}  // namespace

TEST_CASE("read_line_bounded: the lines and stream states of std::getline") {
  // the reference is the standard library's std::getline on the same texts
  for (const std::string text : {"", "\n", "a", "a\n", "a\nb", "a\nb\n", "\n\n", " x \r\n\ty", "{\"index\": 1}\n{\"ind"}) {
    CAPTURE(text);
    const Read reference = read_all(text, [](std::istream& in, std::string& line) { return bool(std::getline(in, line)); });
    const Read bounded =
        read_all(text, [](std::istream& in, std::string& line) { return limitdir::read_line_bounded(in, line, "t", 0); });
    CHECK(bounded.lines == reference.lines);
    CHECK(bounded.eof_after == reference.eof_after);  // eof after a last line without a newline: a cut write
    CHECK(bounded.fail_at_end == reference.fail_at_end);
    CHECK(bounded.eof_at_end == reference.eof_at_end);
  }
}

TEST_CASE("read_line_bounded: a line that reaches the bound without a newline is one InputError naming it") {
  std::istringstream in("12345678\n123456789\n");
  std::string line;
  REQUIRE(limitdir::read_line_bounded(in, line, "f", 1, 8));  // 8 bytes and its newline: kept
  CHECK(line == "12345678");
  CHECK_THROWS_WITH_AS(limitdir::read_line_bounded(in, line, "f", 2, 8),
                       "f: line 2: longer than 8 bytes without a newline", InputError);
  std::istringstream endless(std::string(3 << 20, '\0'));  // /dev/zero cut at 3 MiB
  CHECK_THROWS_WITH_AS(limitdir::read_line_bounded(endless, line, "z", 0, std::size_t{2} << 20),
                       "z: longer than 2 MiB without a newline", InputError);
}

}  // namespace test_json_input
