// One printable line for every message (limitdir/core/errors.hpp, docs/manual.md section 5):
// the expected texts are written out by hand from RFC 3629 (valid UTF-8) and the C0/C1 control
// ranges of ISO 6429.
#include <doctest/doctest.h>

#include <string>

#include "limitdir/core/errors.hpp"

namespace test_printable_line {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::printable_line;

TEST_CASE("printable_line: line breaks and tabs become spaces, text and valid UTF-8 are kept") {
  CHECK(printable_line("a\nb\r\nc\td") == "a b  c d");
  CHECK(printable_line("force: must be at most 1e12 (got 1e+300)") == "force: must be at most 1e12 (got 1e+300)");
  CHECK(printable_line("\xce\xbc = 0.3, \xe2\x89\xa4 1, \xf0\x9f\x99\x82") == "\xce\xbc = 0.3, \xe2\x89\xa4 1, \xf0\x9f\x99\x82");
  CHECK(printable_line("\xc2\xa0") == "\xc2\xa0");  // U+00A0, the first character after C1
  CHECK(printable_line("") == "");
}

TEST_CASE("printable_line: control characters and invalid UTF-8 are escaped, never passed on") {
  CHECK(printable_line("\x1b[31mred") == "\\x1b[31mred");   // an escape sequence: ESC as text
  CHECK(printable_line(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(printable_line("\x7f") == "\\x7f");                  // DEL
  CHECK(printable_line("\xc2\x9b" "31m") == "\\u009b31m");    // C1 CSI, U+009B
  CHECK(printable_line("\xff\xfe") == "\\xff\\xfe");          // never in UTF-8
  CHECK(printable_line("\xc0\xaf") == "\\xc0\\xaf");          // an overlong '/'
  CHECK(printable_line("\xe0\x80\xaf") == "\\xe0\\x80\\xaf");  // an overlong '/' in three bytes
  CHECK(printable_line("\xed\xa0\x80") == "\\xed\\xa0\\x80");  // the surrogate U+D800
  CHECK(printable_line("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
  CHECK(printable_line("\xe2\x89") == "\\xe2\\x89");          // a sequence cut short
  CHECK(printable_line("x\xe2\x89y") == "x\\xe2\\x89y");
}

}  // namespace test_printable_line
