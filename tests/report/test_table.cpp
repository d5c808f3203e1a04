// The reports as CSV and TSV (report/table.hpp, docs/manual.md section 5 "Tables"): RFC 4180
// quoting and TSV escapes of a cell, units in the header, empty cells for null and for a missing
// value, and InputError for a report that is not a table. (The cells of real reports against
// their JSON: tests/cli/csv_formats.sh.)
#include <doctest/doctest.h>

#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/report/table.hpp"

namespace test_table {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::report_table;
using limitdir::TableFormat;
using json = nlohmann::json;

namespace {

/// A limits report with two directions: one with a radial type holding a comma, quotes and a
/// line break, one without epsilon's value (null) and without a colour.
json two_directions() {
  json a{{"w", {1.0, 0.0, 0.0}}, {"theta", 0.0}, {"epsilon", 0.5}, {"radial", "a,\"b\"\nc"}, {"colour", "red"}};
  json b{{"w", {0.0, 0.0, -1.0}}, {"theta", -1.5707963267948966}, {"epsilon", nullptr}, {"radial", "x\ty\\z"}};
  return {{"schema", "limitdir.limits/1"}, {"limit_directions", {a, b}}};
}

}  // namespace

TEST_CASE("RFC 4180: a cell with a comma, a quote or a line break is quoted, quotes doubled, records end in CRLF") {
  const std::string csv = report_table(two_directions(), TableFormat::csv);
  CHECK(csv ==
        "w[0] [1],w[1] [1],w[2] [1],theta [rad],epsilon [1],radial,colour\r\n"
        "1.0,0.0,0.0,0.0,0.5,\"a,\"\"b\"\"\nc\",red\r\n"
        "0.0,0.0,-1.0,-1.5707963267948966,,x\ty\\z,\r\n");
}

TEST_CASE("TSV: a tab, line break or backslash in a cell is escaped, records end in LF") {
  const std::string tsv = report_table(two_directions(), TableFormat::tsv);
  CHECK(tsv ==
        "w[0] [1]\tw[1] [1]\tw[2] [1]\ttheta [rad]\tepsilon [1]\tradial\tcolour\n"
        "1.0\t0.0\t0.0\t0.0\t0.5\ta,\"b\"\\nc\tred\n"
        "0.0\t0.0\t-1.0\t-1.5707963267948966\t\tx\\ty\\\\z\t\n");
}

TEST_CASE("A number is written as the shortest text that reads back as the same double") {
  json report{{"schema", "limitdir.limits/1"},
              {"limit_directions", {{{"rdot", 0.1}, {"residual", 2.2250738585072014e-308}}}}};
  const std::string csv = report_table(report, TableFormat::csv);
  CHECK(csv == "rdot [mu g],residual [mu g]\r\n0.1,2.2250738585072014e-308\r\n");
  CHECK(std::stod("2.2250738585072014e-308") == 2.2250738585072014e-308);
}

TEST_CASE("A report that is not a table is bad input") {
  CHECK_THROWS_AS(report_table(json{{"schema", "limitdir.map/1"}}, TableFormat::csv), limitdir::InputError);
  CHECK_THROWS_AS(report_table(json{{"schema", "limitdir.celt-report/1"}, {"kind", "comparison"}}, TableFormat::tsv),
                  limitdir::InputError);
  CHECK_THROWS_AS(report_table(json::array(), TableFormat::csv), limitdir::InputError);
}

}  // namespace test_table
