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
/// The rows a report holds by default: a row is ~320 bytes of indented JSON (share/fits/kudra-w.json's
/// 11 664 rows: 3.7 MB, no measurable time beside the fit's 0.45 s), so 20 000 rows are ~6.4 MB;
/// 10^5 rows would be ~32 MB, more than a report read by people and pipelines should carry unasked.
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
