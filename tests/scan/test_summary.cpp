// The summary of a scan (docs/manual.md section 14, "Summaries and heat maps"; scan/summary.hpp)
// on hand-made records whose class, level, time and field are known functions of the point: the
// counts, the worst certificate, the slowest points and every cell of the table are compared with
// what the pattern gives, counted here by walking the axes (the index i = (ia nb + ib) nc + ic of
// section 14 formed here, not by the library), and worked by hand in the comments.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/scan/grid.hpp"
#include "limitdir/scan/points.hpp"
#include "limitdir/scan/summary.hpp"

namespace test_summary {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::InputError;

namespace {

constexpr const char* hash = "0123456789abcdef";

/// a = 0:1.5:4 (x: 0, 0.5, 1, 1.5), b = 10,20,30 (y), c = 1,2,3 (aggregated): 36 points.
limitdir::ScanGrid grid_abc() {
  return limitdir::scan_product({limitdir::parse_scan_axis("a=0:1.5:4"), limitdir::parse_scan_axis("b=10,20,30"),
                                 limitdir::parse_scan_axis("c=1,2,3")});
}

/// The pattern at the axis indices (ia, ib, ic): class "even"/"odd" by the parity of ia + ib,
/// except "rare" at ia = 0, ic = 1; level "checked" at ic = 2, "incomplete" (status 3) at
/// (3, 1, 0), none (null, status 3) at (2, 2, 1), else "proven"; X_max = a + b c, but null at
/// (1, 0, 2); seconds 0.5 + ((7 i) mod 36)/10.
struct Pattern {
  std::string cls;
  std::optional<std::string> level;
  int status;
  std::optional<double> x_max;
  double seconds;
};

Pattern pattern(int ia, int ib, int ic) {
  const double a = 0.5 * ia, b = 10.0 * (ib + 1), c = ic + 1.0;
  const int i = (ia * 3 + ib) * 3 + ic;
  Pattern p{(ia + ib) % 2 == 0 ? "even" : "odd", std::string("proven"), 0, a + b * c, 0.5 + ((7 * i) % 36) / 10.0};
  if (ia == 0 && ic == 1) p.cls = "rare";
  if (ic == 2) p.level = "checked";
  if (ia == 3 && ib == 1 && ic == 0) p = {p.cls, std::string("incomplete"), 3, p.x_max, p.seconds};
  if (ia == 2 && ib == 2 && ic == 1) p = {p.cls, std::nullopt, 3, p.x_max, p.seconds};
  if (ia == 1 && ib == 0 && ic == 2) p.x_max.reset();
  return p;
}

json record(int ia, int ib, int ic) {
  const Pattern p = pattern(ia, ib, ic);
  json summary = {{"seconds", p.seconds},
                  {"level", p.level ? json(*p.level) : json(nullptr)},
                  {"reason", p.status == 0 ? json(nullptr) : json("not shown at this point")},
                  {"class", p.cls},
                  {"X_max", p.x_max ? json(*p.x_max) : json(nullptr)}};
  return {{"schema", "limitdir.scan-record/1"},
          {"index", (ia * 3 + ib) * 3 + ic},
          {"key", "fedcba9876543210"},
          {"grid", hash},
          {"scan", "0123456789abcdef"},
          {"point", {{"a", 0.5 * ia}, {"b", 10.0 * (ib + 1)}, {"c", ic + 1.0}}},
          {"status", p.status},
          {"summary", summary}};
}

/// The records of every point but those in `skip` (indices), in a shuffled order (the summary
/// sorts them).
std::vector<json> records(const std::set<int>& skip = {}) {
  std::vector<json> out;
  for (int ic = 2; ic >= 0; --ic)
    for (int ia = 0; ia < 4; ++ia)
      for (int ib = 2; ib >= 0; --ib)
        if (!skip.count((ia * 3 + ib) * 3 + ic)) out.push_back(record(ia, ib, ic));
  return out;
}

/// a = log:1e-3:1:4 (a log axis: 0.001, 0.01, 0.1, 1, the nearest doubles of the decades),
/// b = 10,20: 8 points.
limitdir::ScanGrid grid_log() {
  return limitdir::scan_product({limitdir::parse_scan_axis("a=log:1e-3:1:4"), limitdir::parse_scan_axis("b=10,20")});
}

/// A proven record of class "c" at every point of grid_log().
std::vector<json> records_log() {
  const limitdir::ScanGrid g = grid_log();
  std::vector<json> out;
  for (std::uint64_t i = 0; i < g.size(); ++i) {
    const std::vector<double> point = g.point(i);
    out.push_back({{"index", i}, {"grid", hash}, {"point", {{"a", point[0]}, {"b", point[1]}}}, {"status", 0},
                   {"summary", {{"seconds", 0.1}, {"level", "proven"}, {"reason", nullptr}, {"class", "c"}}}});
  }
  return out;
}

}  // namespace

TEST_CASE("summary: the table records each axis's scale, log for a KEY=log:FROM:TO:COUNT axis") {
  const json s = limitdir::summarize_scan(records_log(), grid_log());
  CHECK(s["table"]["x"] == json{{"key", "a"}, {"values", {1e-3, 1e-2, 1e-1, 1.0}}, {"scale", "log"}});
  CHECK(s["table"]["y"] == json{{"key", "b"}, {"values", {10.0, 20.0}}, {"scale", "linear"}});
  const json swapped = limitdir::summarize_scan(records_log(), grid_log(), {"b", "a", "", 3, 5, "", "", "", ""});
  CHECK(swapped["table"]["x"]["scale"] == "linear");
  CHECK(swapped["table"]["y"]["scale"] == "log");
  CHECK(limitdir::summarize_scan(records(), grid_abc())["table"]["x"]["scale"] == "linear");  // FROM:TO:COUNT
  CHECK(limitdir::summarize_scan(records(), grid_abc())["table"]["y"]["scale"] == "linear");  // a list
}

TEST_CASE("summary: the counts per status, level and class are those of the pattern") {
  const json s = limitdir::summarize_scan(records(), grid_abc(), {"", "", "X_max", 3, 5, "", "", "", ""});
  CHECK(s["schema"] == "limitdir.scan-summary/1");
  CHECK(s["grid"] == hash);
  CHECK(s["points"] == 36);
  CHECK(s["recorded"] == 36);
  CHECK(s["missing"] == json{{"count", 0}, {"first", json::array()}});
  // by hand: "rare" at ia = 0, ic = 1: 3 points; ia + ib even in 6 of the 12 (ia, ib), 3 c each,
  // less the 2 of them at ia = 0 (ib = 0, 2) taken by rare: 16; odd: 18 - 1 (ia = 0, ib = 1) = 17
  std::map<std::string, int> want;
  for (int ia = 0; ia < 4; ++ia)
    for (int ib = 0; ib < 3; ++ib)
      for (int ic = 0; ic < 3; ++ic) ++want[pattern(ia, ib, ic).cls];
  CHECK(want == std::map<std::string, int>{{"even", 16}, {"odd", 17}, {"rare", 3}});
  REQUIRE(s["classes"].size() == 3);
  CHECK(s["classes"][0] == json{{"class", "odd"}, {"count", 17}, {"examples", {3, 5, 9}}});  // (0,1,0) (0,1,2) (1,0,0)
  CHECK(s["classes"][1] == json{{"class", "even"}, {"count", 16}, {"examples", {0, 2, 6}}});  // (0,0,0) (0,0,2) (0,2,0)
  CHECK(s["classes"][2] == json{{"class", "rare"}, {"count", 3}, {"examples", {1, 4, 7}}});   // (0, ib, 1)
  // levels: checked at ic = 2 (12 points), incomplete 1, none 1, proven 36 - 14 = 22
  CHECK(s["levels"] == json{{"none", 1}, {"incomplete", 1}, {"checked", 12}, {"proven", 22}});
  CHECK(s["status"] == json{{"0", 34}, {"2", 0}, {"3", 2}, {"4", 0}, {"5", 0}});
  // the sum of 0.5 + ((7 i) mod 36)/10 over i = 0..35: 7 is prime to 36, so (7 i) mod 36 runs
  // over 0..35 once: 36 * 0.5 + 630/10 = 81
  CHECK(s["seconds"].get<double>() == doctest::Approx(81.0));
}

TEST_CASE("summary: the worst certificate and the slowest points") {
  const json s = limitdir::summarize_scan(records(), grid_abc());
  // the weakest level is none, at (2, 2, 1) only: index (2 * 3 + 2) * 3 + 1 = 25
  CHECK(s["worst"]["level"] == "none");
  CHECK(s["worst"]["count"] == 1);
  CHECK(s["worst"]["index"] == 25);
  CHECK(s["worst"]["point"] == json{{"a", 1.0}, {"b", 30.0}, {"c", 2.0}});
  CHECK(s["worst"]["reason"] == "not shown at this point");
  CHECK(s["worst"]["status"] == 3);
  // the slowest: (7 i) mod 36 = 35, 34, 33, ... with 7^-1 = 31 (mod 36: 7 * 31 = 217 = 6 * 36 + 1):
  // i = 35 * 31 mod 36 = 5, 34 * 31 mod 36 = 10, 33 * 31 mod 36 = 15, then 20, 25
  REQUIRE(s["slowest"].size() == 5);
  const int want[] = {5, 10, 15, 20, 25};
  for (int k = 0; k < 5; ++k) {
    CHECK(s["slowest"][k]["index"] == want[k]);
    CHECK(s["slowest"][k]["seconds"].get<double>() == doctest::Approx(0.5 + (35 - k) / 10.0));
  }
  // without the none point the worst is the incomplete one, (3, 1, 0): index 30
  const json t = limitdir::summarize_scan(records({25}), grid_abc());
  CHECK(t["worst"]["level"] == "incomplete");
  CHECK(t["worst"]["index"] == 30);
}

TEST_CASE("summary: the table over (a, b) aggregates c: most frequent class, weakest level, mean/min/max") {
  const json s = limitdir::summarize_scan(records(), grid_abc(), {"", "", "X_max", 3, 5, "", "", "", ""});
  const json& t = s["table"];
  REQUIRE(t.is_object());
  CHECK(t["x"] == json{{"key", "a"}, {"values", {0.0, 0.5, 1.0, 1.5}}, {"scale", "linear"}});
  CHECK(t["y"] == json{{"key", "b"}, {"values", {10.0, 20.0, 30.0}}, {"scale", "linear"}});
  CHECK(t["aggregated"] == json::array({{{"key", "c"}, {"count", 3}}}));
  CHECK(t["points_per_cell"] == 3);
  CHECK(t["missing_cells"] == 0);
  REQUIRE(t["cells"].size() == 3);
  for (int ib = 0; ib < 3; ++ib) {
    REQUIRE(t["cells"][ib].size() == 4);
    for (int ia = 0; ia < 4; ++ia) {
      const json& cell = t["cells"][ib][ia];
      CAPTURE(ia);
      CAPTURE(ib);
      // the class of the majority: at ia = 0, 2 of 3 c have the parity class, 1 is rare
      const std::string parity = (ia + ib) % 2 == 0 ? "even" : "odd";
      CHECK(cell["class"] == parity);
      CHECK(cell["class_count"] == (ia == 0 ? 2 : 3));
      CHECK(cell["classes"] == (ia == 0 ? 2 : 1));
      CHECK(cell["points"] == 3);
      CHECK(cell["missing"] == 0);
      // the weakest over c: checked (c = 3) everywhere, but incomplete at (3, 1), none at (2, 2)
      CHECK(cell["level"] == (ia == 3 && ib == 1 ? "incomplete" : ia == 2 && ib == 2 ? "none" : "checked"));
      // X_max = a + b c over c = 1, 2, 3: mean a + 2b, min a + b, max a + 3b; at (1, 0) c = 3 has
      // no value: mean a + 1.5 b, max a + 2b, count 2
      const double a = 0.5 * ia, b = 10.0 * (ib + 1);
      const bool gap = ia == 1 && ib == 0;
      CHECK(cell["field"]["mean"].get<double>() == doctest::Approx(gap ? a + 1.5 * b : a + 2.0 * b));
      CHECK(cell["field"]["min"].get<double>() == doctest::Approx(a + b));
      CHECK(cell["field"]["max"].get<double>() == doctest::Approx(gap ? a + 2.0 * b : a + 3.0 * b));
      CHECK(cell["field"]["count"] == (gap ? 2 : 3));
    }
  }
}

TEST_CASE("summary: other axes chosen, a tie goes to the class listed first, no field: no field per cell") {
  // x = c, y = a, b aggregated: cell (ic, ia) holds b = 10, 20, 30; the parities of ia + ib over
  // ib = 0, 1, 2 are 2 of one and 1 of the other: ia even -> even (ib = 0, 2), ia odd -> odd
  const json s = limitdir::summarize_scan(records(), grid_abc(), {"c", "a", "", 3, 5, "", "", "", ""});
  const json& t = s["table"];
  CHECK(t["x"]["key"] == "c");
  CHECK(t["y"]["key"] == "a");
  CHECK(t["aggregated"] == json::array({{{"key", "b"}, {"count", 3}}}));
  CHECK(t["field"].is_null());
  for (int ia = 0; ia < 4; ++ia)
    for (int ic = 0; ic < 3; ++ic) {
      const json& cell = t["cells"][ia][ic];
      CHECK_FALSE(cell.contains("field"));
      if (ia == 0 && ic == 1) {
        CHECK(cell["class"] == "rare");
        CHECK(cell["class_count"] == 3);
      } else {
        CHECK(cell["class"] == (ia % 2 == 0 ? "even" : "odd"));
        CHECK(cell["class_count"] == 2);
      }
    }
  // a tie: the grid a = 0, 0.5 (aggregated) x b = 10 x c = 1 has one cell (b, c) holding one
  // "even" (a = 0) and one "odd" (a = 0.5) record; each class is met once in the scan, so the
  // list is ordered by name, even first, and the tie goes to even
  const limitdir::ScanGrid two = limitdir::scan_product({limitdir::parse_scan_axis("a=0,0.5"),
                                                         limitdir::parse_scan_axis("b=10"), limitdir::parse_scan_axis("c=1")});
  std::vector<json> r = {record(0, 0, 0), record(1, 0, 0)};
  r[0]["index"] = 0;
  r[1]["index"] = 1;
  const json u = limitdir::summarize_scan(r, two, {"b", "c", "", 3, 5, "", "", "", ""});
  CHECK(u["classes"][0]["class"] == "even");
  CHECK(u["table"]["cells"][0][0]["class"] == "even");
  CHECK(u["table"]["cells"][0][0]["class_count"] == 1);
  CHECK(u["table"]["cells"][0][0]["classes"] == 2);
}

TEST_CASE("summary: an incomplete merged file: missing points counted, cells marked, never filled") {
  // the whole cell (a, b) = (1.5, 30) (ia 3, ib 2: i = 33, 34, 35) and (0.5, 20) at c = 1 (i = 12)
  const json s = limitdir::summarize_scan(records({33, 34, 35, 12}), grid_abc(), {"", "", "X_max", 3, 5, "", "", "", ""});
  CHECK(s["points"] == 36);
  CHECK(s["recorded"] == 32);
  CHECK(s["missing"] == json{{"count", 4}, {"first", {12, 33, 34, 35}}});
  const json& t = s["table"];
  CHECK(t["missing_cells"] == 1);
  CHECK(t["partial_cells"] == 1);
  const json& empty = t["cells"][2][3];
  CHECK(empty == json{{"points", 0}, {"missing", 3}, {"classes", 0}, {"class", nullptr}, {"class_count", 0},
                      {"level", nullptr}, {"field", nullptr}});
  const json& partial = t["cells"][1][1];  // (ia 1, ib 1): ia + ib = 2, even
  CHECK(partial["points"] == 2);
  CHECK(partial["missing"] == 1);
  CHECK(partial["class"] == "even");
  // X_max over c = 2, 3 only: a + b c = 0.5 + 40, 0.5 + 60
  CHECK(partial["field"]["mean"].get<double>() == doctest::Approx(50.5));
  CHECK(partial["field"]["count"] == 2);
  // the counts are over the recorded points: i = 12 at (1, 1, 0) is even, 33..35 at (3, 2, c)
  // are odd: even 16 - 1 = 15, odd 17 - 3 = 14
  CHECK(s["classes"][0] == json{{"class", "even"}, {"count", 15}, {"examples", {0, 2, 6}}});
  CHECK(s["classes"][1]["count"] == 14);
  // the first 20 of many missing points are listed, the count is exact
  std::set<int> most;
  for (int i = 1; i < 36; ++i) most.insert(i);
  const json m = limitdir::summarize_scan(records(most), grid_abc());
  CHECK(m["missing"]["count"] == 35);
  CHECK(m["missing"]["first"].size() == 20);
  CHECK(m["missing"]["first"][19] == 20);
  CHECK(m["table"]["missing_cells"] == 11);
  // nothing recorded: no worst, every cell missing
  const json none = limitdir::summarize_scan({}, grid_abc());
  CHECK(none["worst"].is_null());
  CHECK(none["grid"].is_null());
  CHECK(none["table"]["missing_cells"] == 12);
}

TEST_CASE("summary: a list grid or a one-axis grid has no table") {
  const limitdir::ScanGrid list = limitdir::scan_points_from_jsonl("{\"a\": 0, \"b\": 10}\n{\"a\": 1, \"b\": 20}\n", "p");
  json r = record(0, 0, 0);
  r["point"] = {{"a", 0.0}, {"b", 10.0}};
  const json s = limitdir::summarize_scan({r}, list);
  CHECK(s["kind"] == "list");
  CHECK(s["table"].is_null());
  CHECK(s["missing"]["first"] == json{1});
  CHECK_THROWS_WITH_AS(limitdir::summarize_scan({r}, list, {"a", "b", "", 3, 5, "", "", "", ""}),
                       "--x/--y: a table needs a product grid of at least two axes (this grid is a list of points)",
                       InputError);
  const limitdir::ScanGrid one = limitdir::scan_product({limitdir::parse_scan_axis("a=0:1:3")});
  CHECK(limitdir::summarize_scan({}, one)["table"].is_null());
}

TEST_CASE("summary: bad records and options are one-line InputErrors") {
  const limitdir::ScanGrid g = grid_abc();
  const auto fails = [&](std::vector<json> r, const limitdir::ScanSummaryOptions& o, const std::string& what) {
    CAPTURE(what);
    try {
      limitdir::summarize_scan(r, g, o);
      FAIL("no InputError");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find(what) != std::string::npos);
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  };
  const limitdir::ScanSummaryOptions none;
  const auto changed = [](const char* key, const json& value) {
    std::vector<json> r = records();
    r[4][json::json_pointer(key)] = value;
    return r;
  };
  fails(changed("/index", 36), none, "\"index\" 36 is past the grid's 36 points");
  fails(changed("/index", -1), none, "\"index\" must be");
  fails(changed("/status", 1), none, "\"status\" must be 0, 2, 3, 4 or 5");
  fails(changed("/point/a", 7.0), none, "is not point");
  fails(changed("/summary/level", "sure"), none, "level: must be \"proven\"");
  fails(changed("/summary/seconds", -1.0), none, "summary: \"seconds\" must be a number in [0, 1e15]");
  fails(changed("/summary/class", 3), none, "\"class\" must be a string or null");
  fails(changed("/summary/X_max", "big"), {"", "", "X_max", 3, 5, "", "", "", ""}, "summary: \"X_max\" must be a finite number or null");
  fails(changed("/grid", "aaaaaaaaaaaaaaaa"), none, "(records of two scans)");
  std::vector<json> twice = records();
  twice.push_back(twice[3]);
  fails(twice, none, "the index is recorded twice");
  std::vector<json> no_summary = records();
  no_summary[0].erase("summary");
  fails(no_summary, none, "missing key \"summary\"");
  fails(records(), {"", "", "limit_directions", 3, 5, "", "", "", ""}, "--field limit_directions: no record has a number");
  fails(records(), {"d", "", "", 3, 5, "", "", "", ""}, "--x d: not an axis of the grid");
  fails(records(), {"b", "", "", 3, 5, "", "", "", ""}, "--x/--y: the two axes must differ (both b)");
}

TEST_CASE("summary: valid against share/schemas/scan-summary.schema.json") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("limitdir-summary-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string share = LIMITDIR_SHARE_DIR;
  const std::string validate =
      std::string(LIMITDIR_PYTHON) + " " + share + "/../tests/cli/validate_json.py " + share + "/schemas scan-summary.schema.json ";
  const std::vector<json> good = {limitdir::summarize_scan(records(), grid_abc(), {"", "", "X_max", 3, 5, "", "", "", ""}),
                                  limitdir::summarize_scan(records({33, 34, 35, 12}), grid_abc()),
                                  limitdir::summarize_scan({}, grid_abc()),
                                  limitdir::summarize_scan(records_log(), grid_log())};
  json broken = good[0];
  broken["table"]["cells"][0][0]["level"] = "sure";
  std::string good_files, bad_file = (dir / "bad.json").string();
  for (std::size_t k = 0; k <= good.size(); ++k) {
    const std::string path = k < good.size() ? (dir / ("s" + std::to_string(k) + ".json")).string() : bad_file;
    std::FILE* f = std::fopen(path.c_str(), "w");
    std::fputs((k < good.size() ? good[k] : broken).dump().c_str(), f);
    std::fclose(f);
    if (k < good.size()) good_files += " " + path;
  }
  CHECK(std::system((validate + good_files).c_str()) == 0);
  CHECK(std::system((validate + "--invalid " + bad_file).c_str()) == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("summary: one record at a time (ScanSummarizer) names the record's place in errors") {
  limitdir::ScanSummarizer summarizer(grid_abc(), {"", "", "X_max", 3, 5, "", "", "", ""});
  const std::vector<json> all = records();
  for (std::size_t k = 0; k < all.size(); ++k) summarizer.add(all[k], "f.jsonl: line " + std::to_string(k + 1));
  CHECK(summarizer.finish() == limitdir::summarize_scan(all, grid_abc(), {"", "", "X_max", 3, 5, "", "", "", ""}));
  json broken = all[0];
  broken["status"] = 7;
  CHECK_THROWS_WITH_AS(summarizer.add(broken, "f.jsonl: line 37"),
                       "f.jsonl: line 37: \"status\" must be 0, 2, 3, 4 or 5 (got 7)", InputError);
}

TEST_CASE("summary of a scan file read line by line: a cut last line is missing, other faults bad input") {
  const std::string problem = R"({"force":0,"system":{"preset":"disc"}})";
  const limitdir::ScanGrid grid = grid_abc();
  std::string text;
  std::vector<json> all = records();
  for (json& r : all) {  // the keys and grid hash of scan/points.hpp for this problem
    const std::uint64_t i = r["index"].get<std::uint64_t>();
    r["key"] = limitdir::scan_point_key(problem, grid.keys, grid.point(i));
    r["grid"] = limitdir::scan_grid_hash(problem, grid);
    text += r.dump() + "\n" + (i % 7 == 0 ? "\n" : "");  // and some empty lines
  }
  std::vector<std::string> notes;
  const auto note = [&](const std::string& n) { notes.push_back(n); };
  std::istringstream whole(text);
  CHECK(limitdir::summarize_scan_file(whole, "f.jsonl", grid, problem, {}, note) == limitdir::summarize_scan(all, grid));
  CHECK(notes.empty());
  // killed inside the last write: the line is cut short; its point (the last written) is missing
  const std::uint64_t last = all.back()["index"].get<std::uint64_t>();
  std::istringstream cut(text.substr(0, text.size() - 20));
  const json s = limitdir::summarize_scan_file(cut, "f.jsonl", grid, problem, {}, note);
  CHECK(s["recorded"] == 35);
  CHECK(s["missing"]["first"] == json{last});
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].find("a partial last line (no newline) left out") != std::string::npos);
  // a cut line followed by a newline (not JSON) is left out too when it is the last
  std::istringstream cut_newline(text.substr(0, text.size() - 20) + "\n\n");
  CHECK(limitdir::summarize_scan_file(cut_newline, "f.jsonl", grid, problem, {}, note)["recorded"] == 35);
  CHECK(notes.back().find("a partial last line (not JSON) left out") != std::string::npos);
  // but not inside the file, nor a record of another grid or with a wrong key
  const auto fails = [&](const std::string& t, const std::string& what) {
    std::istringstream in(t);
    CHECK_THROWS_WITH_AS(limitdir::summarize_scan_file(in, "f.jsonl", grid, problem, {}, note), what.c_str(), InputError);
  };
  std::istringstream broken("{\"index\": \n" + all[0].dump() + "\n");
  try {
    limitdir::summarize_scan_file(broken, "f.jsonl", grid, problem, {}, note);
    FAIL("no InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).rfind("f.jsonl: line 1: malformed JSON", 0) == 0);
  }
  json other = all[0];
  other["grid"] = "0000000000000000";
  fails(other.dump() + "\n", "f.jsonl: line 1: a record of another grid (its grid is 0000000000000000, this grid's " +
                                 limitdir::scan_grid_hash(problem, grid) + ")");
  json wrong = all[0];
  wrong["key"] = all[1]["key"];
  fails(wrong.dump() + "\n", "f.jsonl: line 1: \"key\" is not the key of point " + all[0]["index"].dump());
}

TEST_CASE("summary: the mean of a cell's huge fields is their mean, not an overflow (null)") {
  // every X_max 1.7e308 (finite, so valid): each cell's mean is 1.7e308, the mean of equal numbers;
  // the plain sum of a cell's 3 records overflowed to infinity, printed as null. Three additions
  // and a division, each one rounding: 4 eps relative.
  constexpr double kMeanTolerance = 4 * std::numeric_limits<double>::epsilon();
  std::vector<json> all = records();
  for (json& r : all) r["summary"]["X_max"] = 1.7e308;
  const json s = limitdir::summarize_scan(all, grid_abc(), {"", "", "X_max", 3, 5, "", "", "", ""});
  for (const json& row : s["table"]["cells"])
    for (const json& cell : row) {
      REQUIRE(cell["field"]["mean"].is_number());
      CHECK(std::abs(cell["field"]["mean"].get<double>() - 1.7e308) <= kMeanTolerance * 1.7e308);
      CHECK(cell["field"]["max"] == 1.7e308);
    }
}

}  // namespace test_summary
