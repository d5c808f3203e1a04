#pragma once
// Internal: how a JSON value is quoted in an error message "(got ...)".
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "limitdir/core/errors.hpp"

namespace limitdir::detail {

/// Compact JSON on one line, non-finite numbers spelled out (JSON would say null), long
/// values shortened at a UTF-8 boundary.
inline std::string show(const nlohmann::json& value) {
  if (value.is_number_float()) {
    const double x = value.get<double>();
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  }
  std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  constexpr std::size_t max_length = 80;
  if (text.size() > max_length) {
    std::size_t cut = max_length - 3;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text = text.substr(0, cut) + "...";
  }
  return text;
}

/// JSON writes NaN and infinities as null, which a reader cannot tell from a missing value, so
/// every number of a report is checked: NumericalError "<report>: <what> is not finite (...)".
inline double finite_in_report(double value, const std::string& report, const std::string& what) {
  if (!std::isfinite(value)) {
    std::ostringstream text;
    text << report << ": " << what << " is not finite (" << value << ")";
    throw NumericalError(text.str());
  }
  return value;
}

}  // namespace limitdir::detail
