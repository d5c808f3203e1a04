// The records of a scan (docs/manual.md section 14); see scan/records.hpp.
#include "limitdir/scan/records.hpp"

#include <cerrno>
#include <cstring>
#include <optional>
#include <sstream>
#include <unistd.h>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/scan/points.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// The "point" of a record: {KEY: value} of grid.point(index).
json point_object(const ScanGrid& grid, const std::vector<double>& values) {
  json point = json::object();
  for (std::size_t k = 0; k < grid.keys.size(); ++k) point[grid.keys[k]] = values[k];
  return point;
}

/// A JSON integer >= 0 (nlohmann::json keeps a parsed one unsigned, a built one may be signed).
bool is_index(const json& value) {
  return value.is_number_unsigned() || (value.is_number_integer() && value.get<std::int64_t>() >= 0);
}

/// `"key" must be WHAT (got VALUE)`.
std::string must_be(const std::string& key, const std::string& what, const json& value) {
  return "\"" + key + "\" must be " + what + " (got " + detail::show(value) + ")";
}

/// Why the record's "summary" (jobs/job.hpp: the four keys every job writes) is not one, or "".
std::string summary_problem(const json& record) {
  const auto summary = record.find("summary");
  if (summary == record.end()) return "missing key \"summary\"";
  if (!summary->is_object()) return must_be("summary", "an object", *summary);
  for (const char* key : {"seconds", "level", "reason", "class"})
    if (!summary->contains(key)) return "summary: missing key \"" + std::string(key) + "\"";
  const json& seconds = (*summary)["seconds"];
  if (!seconds.is_number() || !(seconds.get<double>() >= 0.0 && seconds.get<double>() <= max_record_seconds))
    return "summary: " + must_be("seconds", "a number in [0, 1e15]", seconds);
  const json& level = (*summary)["level"];
  if (!level.is_null() && level != "proven" && level != "checked" && level != "incomplete")
    return "summary.level: must be \"proven\", \"checked\", \"incomplete\" or null (got " + detail::show(level) + ")";
  for (const char* key : {"reason", "class"}) {
    const json& value = (*summary)[key];
    if (!value.is_null() && !value.is_string()) return "summary: " + must_be(key, "a string or null", value);
  }
  return "";
}

}  // namespace

std::string scan_record_content_problem(const json& record, const ScanGrid& grid) {
  if (!record.is_object()) return "a record must be a JSON object";
  const auto index = record.find("index");
  if (index == record.end() || !is_index(*index))
    return index == record.end() ? "missing key \"index\"" : must_be("index", "an integer >= 0", *index);
  const std::uint64_t i = index->get<std::uint64_t>();
  if (i >= grid.size()) return "\"index\" " + index->dump() + " is past the grid's " + std::to_string(grid.size()) + " points";
  const auto point = record.find("point");
  if (point == record.end() || !point->is_object()) return "\"point\" must be an object";
  if (*point != point_object(grid, grid.point(i))) return "\"point\" is not point " + std::to_string(i) + " of the grid";
  const auto status = record.find("status");
  if (status == record.end()) return "missing key \"status\"";
  if (!status->is_number_integer() || (*status != 0 && *status != 2 && *status != 3 && *status != 4 && *status != 5))
    return must_be("status", "0, 2, 3, 4 or 5", *status);
  return summary_problem(record);
}

ScanRecordCheck::ScanRecordCheck(const ScanGrid& grid, const std::string& problem_text, const std::string& scan_hash)
    : grid_(grid), grid_hash_(scan_grid_hash(problem_text, grid)), scan_hash_(scan_hash),
      key_prefix_(fnv1a64(problem_text + "\n")) {}

std::string ScanRecordCheck::problem(const json& record) const {
  if (!record.is_object()) return "a record must be a JSON object";
  const auto field = [&record](const char* name) { return record.find(name); };
  if (field("schema") == record.end() || *field("schema") != scan_record_schema)
    return std::string("\"schema\" must be \"") + scan_record_schema + "\"";
  if (field("grid") == record.end() || !field("grid")->is_string()) return "\"grid\" must be a string";
  if (*field("grid") != grid_hash_)
    return "a record of another grid (its grid is " + field("grid")->get<std::string>() + ", this grid's " + grid_hash_ + ")";
  if (field("scan") == record.end() || !field("scan")->is_string()) return "\"scan\" must be a string";
  if (!scan_hash_.empty() && *field("scan") != scan_hash_)
    return "a record of another scan (its scan hash is " + field("scan")->get<std::string>() + ", this scan's " +
           scan_hash_ + ": another job or other job options)";
  std::string why = scan_record_content_problem(record, grid_);
  if (!why.empty()) return why;
  // the key: fnv1a64 of the problem's text and "\n", continued over the point's (scan/points.hpp)
  const std::uint64_t i = record["index"].get<std::uint64_t>();
  if (field("key") == record.end() || *field("key") != hash_hex(fnv1a64(point_text(grid_.keys, grid_.point(i)), key_prefix_)))
    return "\"key\" is not the key of point " + std::to_string(i);
  return "";
}

std::string scan_hash(const std::string& grid_hash, const std::string& job, const std::vector<std::string>& args) {
  json list = json::array({grid_hash, job});
  for (const std::string& arg : args) list.push_back(arg);
  return hash_hex(fnv1a64(list.dump()));
}

json scan_record(const ScanGrid& grid, const std::string& problem_text, const std::string& grid_hash,
                 const std::string& scan_hash, std::uint64_t index, int status) {
  const std::vector<double> values = grid.point(index);
  return json{{"schema", scan_record_schema},
              {"index", index},
              {"key", scan_point_key(problem_text, grid.keys, values)},
              {"grid", grid_hash},
              {"scan", scan_hash},
              {"point", point_object(grid, values)},
              {"status", status}};
}

void write_scan_record(int fd, const json& record) {
  const std::string line = record.dump() + "\n";
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw IoError(std::string("writing a scan record failed: ") + (n < 0 ? std::strerror(errno) : "nothing written"));
    done += static_cast<std::size_t>(n);
  }
}

ScanFileEnd for_each_scan_record(std::istream& in, const std::string& source, const ScanGrid& grid,
                                 const std::string& problem_text, const std::string& scan_hash,
                                 const std::function<void(const json& record, std::uint64_t offset)>& visit) {
  const ScanRecordCheck check(grid, problem_text, scan_hash);
  ScanFileEnd end;
  std::optional<std::string> broken;  // a line that is not JSON: an error unless it is the last one
  std::uint64_t offset = 0;           // of the next line
  std::string line;
  for (std::size_t number = 1; read_line_bounded(in, line, source, number); ++number) {
    if (broken) throw InputError(*broken);
    const std::uint64_t start = offset;
    offset += line.size() + 1;
    if (in.eof()) {  // no final newline: a write cut short
      end.cut_line = number;
      end.kept_bytes = start;
      return end;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json record;
    try {
      record = parse_json_input(line, "record");  // bounded depth, no key twice
    } catch (const InputError& e) {
      // a partial last line (a write cut short, then a newline): the caller redoes it
      broken = source + ": line " + std::to_string(number) + ": not JSON (" + e.what() + ")";
      end.cut_line = number;
      end.kept_bytes = start;
      continue;
    }
    const std::string why = check.problem(record);
    if (!why.empty()) throw InputError(source + ": line " + std::to_string(number) + ": " + why);
    ++end.records;
    visit(record, start);
  }
  if (in.bad()) throw IoError(source + ": reading failed");
  if (!broken) end.kept_bytes = offset;
  return end;
}

ScanRecords read_scan_records(const std::string& text, const std::string& source, const ScanGrid& grid,
                              const std::string& problem_text, const std::string& scan_hash) {
  ScanRecords result;
  std::istringstream in(text);
  const ScanFileEnd end = for_each_scan_record(in, source, grid, problem_text, scan_hash,
                                               [&result](const json& record, std::uint64_t) { result.records.push_back(record); });
  result.cut_line = end.cut_line;
  result.kept_bytes = end.kept_bytes;
  return result;
}

}  // namespace limitdir
