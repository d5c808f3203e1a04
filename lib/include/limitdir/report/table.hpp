#pragma once
// The reports that are tables written as CSV (RFC 4180) or TSV for spreadsheets (--format csv
// and --format tsv, docs/manual.md section 5 "Tables"). They are rendered from the JSON report
// itself, so every number is the JSON's to the last digit (the same shortest round-trip text),
// and a stored report can be converted again.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace limitdir {

enum class TableFormat { csv, tsv };

/// The schemas report_table accepts ("limitdir.friction/1", "limitdir.limits/1", ...).
const std::vector<std::string>& table_schemas();

/// The table of a report: a header row of column names with their units ("theta [rad]"; "[1]"
/// for a dimensionless number or a count), then one row per entry. Which entries are rows
/// (docs/manual.md section 5): friction/1 its table, limits/1 its limit directions, diagram/1
/// every point of every branch (with the branch's id), degree-study/1 every (event kind, degree)
/// of its summary, survey/1 (simulate --survey) its entries, roll-report/1 and celt-report/1 (kind run) their histories, elliptic-series/1 its rows. Nested values are
/// flattened into columns "w[0]", "sphere.eigenvalues[1][0]"; a value the entry lacks or that is
/// JSON null (epsilon on the equator: +infinity) is an empty cell. CSV quotes a cell holding a
/// comma, a quote or a line break (quotes doubled); TSV writes a tab, line break or backslash in
/// a cell as \t, \n, \r, \\. InputError for a report of another schema or kind.
std::string report_table(const nlohmann::json& report, TableFormat format);

/// One point {"t", "tau", "r", "w"} of simulate's trajectory as a row of the same kind of table
/// (preceded by the header row when `with_header`): columns t, tau, r, w[0..2] with the units of
/// docs/manual.md section 1, so that simulate streams the rows as it computes them.
std::string trajectory_table_row(const nlohmann::json& point, TableFormat format, bool with_header);

/// simulate --x0's final record (schema limitdir.simulation/1) as a table of its own: a header
/// row and one row, every member but the embedded "problem" flattened into columns (outcome,
/// stick_time, steps, arrival[0..2], limit_direction.*, ...) with the units of section 1, so
/// that the table of a trajectory ends with it after an empty row (docs/manual.md section 5,
/// "Tables"). InputError for a record of another schema.
std::string simulation_record_table(const nlohmann::json& record, TableFormat format);

}  // namespace limitdir
