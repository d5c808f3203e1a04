#pragma once
// The fit report (docs/manual.md section 16, schema "limitdir.fit-report/1").
#include <nlohmann/json.hpp>

#include "limitdir/fit/least_squares.hpp"

namespace limitdir {

/// Every start, every distinct minimum, the best with its covariance, 95 % intervals and
/// condition, and the data's size; non-finite numbers (an undetermined parameter's interval)
/// are null. `data` is the slip data, or nullptr for a run as the data (spec.trajectory).
nlohmann::json fit_report(const FitSpec& spec, const SlipData* data, const FitResult& result, double seconds);

}  // namespace limitdir
