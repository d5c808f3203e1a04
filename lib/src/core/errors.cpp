#include "limitdir/core/errors.hpp"

#include <cmath>
#include <cstdio>

namespace limitdir {

namespace {

/// The length of the valid UTF-8 sequence at text[i] (RFC 3629: no overlong forms, no
/// surrogates, at most U+10FFFF), or 0 when the byte there does not start one.
std::size_t utf8_length(const std::string& text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  std::size_t n = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) low = 0xA0;   // overlong
    if (b0 == 0xED) high = 0x9F;  // surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) low = 0x90;   // overlong
    if (b0 == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + n > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
}

std::string hex_escape(const char* prefix, unsigned value) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "%s%02x", prefix, value);
  return buffer;
}

}  // namespace

std::string printable_line(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b == '\n' || b == '\r' || b == '\t') {
      out += ' ';
      ++i;
    } else if (b < 0x20 || b == 0x7F) {
      out += hex_escape("\\x", b);
      ++i;
    } else if (b < 0x80) {
      out += static_cast<char>(b);
      ++i;
    } else if (const std::size_t n = utf8_length(text, i); n == 0) {
      out += hex_escape("\\x", b);
      ++i;
    } else if (b == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {  // C1: U+0080..U+009F
      out += hex_escape("\\u00", static_cast<unsigned char>(text[i + 1]));
      i += 2;
    } else {
      out.append(text, i, n);
      i += n;
    }
  }
  return out;
}

double require_finite(double x, const std::string& where) {
  if (!std::isfinite(x)) throw InputError(where + ": must be a finite number");
  return x;
}

}  // namespace limitdir
