#pragma once
// The fit report (docs/manual.md section 16, schema "limitdir.fit-report/1").
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/fit/least_squares.hpp"

namespace limitdir {

/// Whether the report holds the data and the model row by row (FitRows): `automatic` when there
/// are at most kReportRows rows, `all` always, `none` never (fit --rows).
enum class ReportRows { automatic, all, none };
/// The rows a report holds by default: each row is ~10 numbers, ~250 bytes of indented JSON, so
/// 20 000 rows are ~5 MB written in ~0.1 s, small beside a fit of that many rows; 10^5 rows (a
/// fit of ~1 s) would double the run's time for a report few read row by row.
inline constexpr std::size_t kReportRows = 20000;

/// ReportRows from its name ("auto", "all", "none"); InputError otherwise.
ReportRows parse_report_rows(const std::string& name);

/// Every start, every distinct minimum, the best with its covariance, 95 % intervals and
/// condition, the data's size, the problem at the best (`fitted_problem`) and, as `rows` says,
/// the data and the model row by row (else the report says why they are not there); non-finite
/// numbers (an undetermined parameter's interval) are null. `data` is the slip data, or nullptr
/// for a run as the data (spec.trajectory).
nlohmann::json fit_report(const FitSpec& spec, const SlipData* data, const FitResult& result, double seconds,
                          ReportRows rows = ReportRows::automatic);

}  // namespace limitdir
