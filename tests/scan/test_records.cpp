// The records of a scan (docs/manual.md section 14, scan/records.hpp): written whole and read back
// equal, valid against share/schemas/scan-record.schema.json; a resume file cut inside its last
// line keeps the whole records before it; one of another grid is refused; a merge names the
// missing and the duplicated indices and sorts the records by index.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/scan/grid.hpp"
#include "limitdir/scan/points.hpp"
#include "limitdir/scan/records.hpp"

namespace test_records {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::InputError;

namespace {

const std::string problem_text = R"({"force":0,"system":{"preset":"disc"}})";
const std::vector<std::string> job_args{"--model", "harmonic", "--degree", "2"};

/// The scan hash of grid_3x2 with find-limits and job_args.
std::string scan_3x2(const limitdir::ScanGrid& grid) {
  return limitdir::scan_hash(limitdir::scan_grid_hash(problem_text, grid), "find-limits", job_args);
}

limitdir::ScanGrid grid_3x2() {
  return limitdir::scan_product({limitdir::parse_scan_axis("force=0:1:3"), limitdir::parse_scan_axis("system.j=0.25,0.5")});
}

/// The scan file of the records `indices` of grid_3x2, written with write_scan_record.
std::string scan_file(const std::vector<std::uint64_t>& indices, const std::string& path, int status = 0) {
  const limitdir::ScanGrid grid = grid_3x2();
  const std::string hash = limitdir::scan_grid_hash(problem_text, grid);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(fd >= 0);
  for (const std::uint64_t i : indices) {
    json record = limitdir::scan_record(grid, problem_text, hash, scan_3x2(grid), i, status);
    record["summary"] = {{"seconds", 0.25}, {"level", nullptr}, {"reason", nullptr}, {"class", nullptr}};  // jobs/job.hpp
    limitdir::write_scan_record(fd, record);
  }
  ::close(fd);
  return limitdir::read_input(path);
}

/// A fresh directory, removed with what it holds at the end of the test case.
struct TempDir {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("limitdir-scan-test-" + std::to_string(::getpid()));
  TempDir() { std::filesystem::create_directories(dir); }
  ~TempDir() { std::filesystem::remove_all(dir); }
  std::string operator()(const std::string& name) const { return (dir / name).string(); }
};

}  // namespace

TEST_CASE("a record round trip: written as whole lines, read back equal, valid against its schema") {
  const TempDir temp_path;
  const limitdir::ScanGrid grid = grid_3x2();
  const std::string hash = limitdir::scan_grid_hash(problem_text, grid);
  const std::string path = temp_path("roundtrip.jsonl");
  const std::string text = scan_file({0, 1, 2, 3, 4, 5}, path);
  CHECK(std::count(text.begin(), text.end(), '\n') == 6);
  const limitdir::ScanRecords read = limitdir::read_scan_records(text, path, grid, problem_text, scan_3x2(grid));
  CHECK(read.cut_line == 0);
  CHECK(read.kept_bytes == text.size());
  REQUIRE(read.records.size() == 6);
  for (std::uint64_t i = 0; i < 6; ++i) {
    const json& record = read.records[i];
    json identity = record;  // scan_record's keys; the summary scan_file added (jobs/job.hpp)
    identity.erase("summary");
    CHECK(identity == limitdir::scan_record(grid, problem_text, hash, scan_3x2(grid), i, 0));
    CHECK(record["summary"]["seconds"] == 0.25);
    CHECK(record["index"] == i);
    CHECK(record["point"]["force"] == grid.point(i)[0]);  // point 3 = (force 0.5, system.j 0.5)
    CHECK(record["key"] == limitdir::scan_point_key(problem_text, grid.keys, grid.point(i)));
  }
  CHECK(read.records[3]["point"] == json{{"force", 0.5}, {"system.j", 0.5}});
  // each line of the file against share/schemas/scan-record.schema.json (tests/cli/validate_json.py)
  const std::string share = LIMITDIR_SHARE_DIR;
  const std::string validate = std::string(LIMITDIR_PYTHON) + " " + share + "/../tests/cli/validate_json.py " + share + "/schemas scan-record.schema.json ";
  std::string good, bad;
  for (std::size_t i = 0; i < read.records.size(); ++i) {
    const std::string one = temp_path("r" + std::to_string(i) + ".json");
    std::FILE* f = std::fopen(one.c_str(), "w");
    std::fputs(read.records[i].dump().c_str(), f);
    std::fclose(f);
    good += " " + one;
  }
  for (const auto& [name, broken] : {std::pair{"b1.json", json{{"schema", "limitdir.scan-record/1"}}},
                                     std::pair{"b2.json", [&] { json r = read.records[0]; r["key"] = "xyz"; return r; }()},
                                     std::pair{"b3.json", [&] { json r = read.records[0]; r["status"] = 1.5; return r; }()},
                                     std::pair{"b4.json", [&] { json r = read.records[0]; r["point"]["force"] = "a"; return r; }()}}) {
    const std::string one = temp_path(name);
    std::FILE* f = std::fopen(one.c_str(), "w");
    std::fputs(broken.dump().c_str(), f);
    std::fclose(f);
    bad += " " + one;
  }
  CHECK(std::system((validate + good).c_str()) == 0);
  CHECK(std::system((validate + "--invalid" + bad).c_str()) == 0);
}

TEST_CASE("resume: a partial last line is cut off and reported, the whole records kept") {
  const TempDir temp_path;
  const limitdir::ScanGrid grid = grid_3x2();
  const std::string whole = scan_file({0, 2, 4}, temp_path("resume.jsonl"));
  const std::size_t end_of_second = whole.find('\n', whole.find('\n') + 1) + 1;
  // killed inside the third write: every cut of its line, with and without a stray newline
  for (std::size_t cut = end_of_second + 1; cut < whole.size(); cut += 7) {
    for (const std::string tail : {"", "\n"}) {
      const std::string text = whole.substr(0, cut) + tail;
      const limitdir::ScanRecords read = limitdir::read_scan_records(text, "r.jsonl", grid, problem_text, scan_3x2(grid));
      CHECK(read.cut_line == 3);
      CHECK(read.kept_bytes == end_of_second);
      REQUIRE(read.records.size() == 2);
      CHECK(read.records[0]["index"] == 0);
      CHECK(read.records[1]["index"] == 2);
    }
  }
  // a broken line that is not the last is not a cut write: an error naming the line
  const std::string middle = whole.substr(0, end_of_second - 5) + "\n" + whole.substr(end_of_second);
  CHECK_THROWS_WITH_AS(limitdir::read_scan_records(middle, "r.jsonl", grid, problem_text, scan_3x2(grid)),
                       doctest::Contains("r.jsonl: line 2:"), InputError);
  // a file of another grid or problem, an index past the grid, a point or key not the index's
  const limitdir::ScanGrid other = limitdir::scan_product({limitdir::parse_scan_axis("force=0:1:4")});
  CHECK_THROWS_WITH_AS(limitdir::read_scan_records(whole, "r.jsonl", other, problem_text, scan_3x2(grid)),
                       doctest::Contains("r.jsonl: line 1: a record of another grid"), InputError);
  CHECK_THROWS_WITH_AS(limitdir::read_scan_records(whole, "r.jsonl", grid, R"({"force":1})", scan_3x2(grid)),
                       doctest::Contains("r.jsonl: line 1: a record of another grid"), InputError);
  const std::string index_4 = whole.substr(end_of_second);  // the record of point 4
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = whole;
    const std::size_t at = text.find(from, end_of_second);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  CHECK_THROWS_WITH_AS(limitdir::read_scan_records(replaced("\"index\":4", "\"index\":6"), "r.jsonl", grid, problem_text, scan_3x2(grid)),
                       doctest::Contains("line 3: \"index\" 6 is past the grid's 6 points"), InputError);
  CHECK_THROWS_WITH_AS(limitdir::read_scan_records(replaced("\"index\":4", "\"index\":5"), "r.jsonl", grid, problem_text, scan_3x2(grid)),
                       doctest::Contains("line 3: \"point\" is not point 5 of the grid"), InputError);
  const std::string key_4 = limitdir::scan_point_key(problem_text, grid.keys, grid.point(4));
  CHECK_THROWS_WITH_AS(limitdir::read_scan_records(replaced(key_4, std::string(16, '0')), "r.jsonl", grid, problem_text, scan_3x2(grid)),
                       doctest::Contains("line 3: \"key\" is not the key of point 4"), InputError);
  CHECK(index_4.find(key_4) != std::string::npos);
}

TEST_CASE("the scan hash: the grid, the job and its options as typed, a resume or merge of another scan is refused") {
  // the definition, from a text written by hand: FNV-1a 64 of the JSON array [grid, job, args...]
  CHECK(limitdir::scan_hash("0123456789abcdef", "find-limits", {"--force", "0.3"}) ==
        limitdir::hash_hex(limitdir::fnv1a64(R"(["0123456789abcdef","find-limits","--force","0.3"])")));
  CHECK(limitdir::scan_hash("g", "sweep-force", {"a b"}) != limitdir::scan_hash("g", "sweep-force", {"a", "b"}));
  CHECK(limitdir::scan_hash("g", "sweep-force", {}) != limitdir::scan_hash("g", "find-limits", {}));
  const TempDir temp_path;
  const limitdir::ScanGrid grid = grid_3x2();
  const std::string whole = scan_file({0, 2, 4}, temp_path("scan.jsonl"));
  const std::string grid_hash = limitdir::scan_grid_hash(problem_text, grid);
  for (const std::string& other : {limitdir::scan_hash(grid_hash, "sweep-force", job_args),
                                   limitdir::scan_hash(grid_hash, "find-limits", {"--model", "harmonic", "--degree", "3"})})
    CHECK_THROWS_WITH_AS(limitdir::read_scan_records(whole, "r.jsonl", grid, problem_text, other),
                         doctest::Contains("r.jsonl: line 1: a record of another scan"), InputError);
  CHECK(limitdir::read_scan_records(whole, "r.jsonl", grid, problem_text, "").records.size() == 3);
}

}  // namespace test_records
