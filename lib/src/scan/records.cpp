// The records of a scan (docs/manual.md section 14); see scan/records.hpp.
#include "limitdir/scan/records.hpp"

#include <cerrno>
#include <cstring>
#include <optional>
#include <sstream>
#include <unistd.h>

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

/// Why `record` is not a record of the scan (`grid_hash`, `size` points), or "" when it is one
/// (before its point and key are compared with the grid's).
std::string record_problem(const json& record, const std::string& grid_hash, const std::string& scan,
                           std::uint64_t size) {
  if (!record.is_object()) return "a record must be a JSON object";
  const auto field = [&record](const char* name) { return record.find(name); };
  if (field("schema") == record.end() || *field("schema") != scan_record_schema)
    return std::string("\"schema\" must be \"") + scan_record_schema + "\"";
  if (field("index") == record.end() || !field("index")->is_number_unsigned()) return "\"index\" must be an integer >= 0";
  if (field("index")->get<std::uint64_t>() >= size)
    return "\"index\" " + field("index")->dump() + " is past the grid's " + std::to_string(size) + " points";
  if (field("key") == record.end() || !field("key")->is_string()) return "\"key\" must be a string";
  if (field("point") == record.end() || !field("point")->is_object()) return "\"point\" must be an object";
  if (field("status") == record.end() || !field("status")->is_number_integer()) return "\"status\" must be an integer";
  if (field("grid") == record.end() || !field("grid")->is_string()) return "\"grid\" must be a string";
  if (field("grid")->get<std::string>() != grid_hash)
    return "a record of another grid (its grid is " + field("grid")->get<std::string>() + ", this scan's " +
           grid_hash + ")";
  if (field("scan") == record.end() || !field("scan")->is_string()) return "\"scan\" must be a string";
  if (!scan.empty() && field("scan")->get<std::string>() != scan)
    return "a record of another scan (its scan hash is " + field("scan")->get<std::string>() + ", this scan's " +
           scan + ": another job or other job options)";
  return "";
}

/// Why `record` is not the record of its index in the scan (its point and key, as scan_record
/// wrote them), or "".
std::string not_a_record_of(const json& record, const ScanGrid& grid, const std::string& problem_text,
                            const std::string& grid_hash, const std::string& scan) {
  std::string why = record_problem(record, grid_hash, scan, grid.size());
  if (!why.empty()) return why;
  const std::uint64_t index = record["index"].get<std::uint64_t>();
  const std::vector<double> values = grid.point(index);
  if (record["point"] != point_object(grid, values)) return "\"point\" is not point " + std::to_string(index) + " of the grid";
  if (record["key"] != scan_point_key(problem_text, grid.keys, values))
    return "\"key\" is not the key of point " + std::to_string(index);
  return "";
}

}  // namespace

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
  const std::string grid_hash = scan_grid_hash(problem_text, grid);
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
    const std::string why = not_a_record_of(record, grid, problem_text, grid_hash, scan_hash);
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
