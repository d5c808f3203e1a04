// A scan set up from its command line: problem, grid, job, hashes, the points checked before any
// runs, and a resume file (docs/manual.md section 14); see scan/scan_run.hpp.
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/scan/points.hpp"
#include "limitdir/jobs/problem_keys.hpp"
#include "limitdir/scan/records.hpp"
#include "limitdir/scan/scan_run.hpp"

namespace limitdir {

namespace {

/// A decimal integer >= 0 (the whole text); InputError "<option>: ..." otherwise.
std::uint64_t count_option(const std::string& text, const std::string& option) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw InputError(option + ": must be an integer >= 0 (got \"" + text + "\")");
  return n;
}

/// The indices of a product grid's point with axis k at its j-th value, the other axes at their first.
std::uint64_t axis_point(const ScanGrid& grid, std::size_t k, std::size_t j) {
  std::uint64_t stride = 1;
  for (std::size_t m = k + 1; m < grid.axes.size(); ++m) stride *= grid.axes[m].size();
  return j * stride;
}

/// The points validate_scan_grid checks: 0 and, per key, where it is smallest and largest.
std::vector<std::uint64_t> extreme_points(const ScanGrid& grid) {
  std::vector<std::uint64_t> points{0};
  for (std::size_t k = 0; k < grid.keys.size(); ++k) {
    if (grid.kind == ScanGrid::Kind::product) {
      const auto& values = grid.axes[k];
      const auto [low, high] = std::minmax_element(values.begin(), values.end());
      points.push_back(axis_point(grid, k, static_cast<std::size_t>(low - values.begin())));
      points.push_back(axis_point(grid, k, static_cast<std::size_t>(high - values.begin())));
    } else {
      const auto by_key = [k](const std::vector<double>& a, const std::vector<double>& b) { return a[k] < b[k]; };
      const auto [low, high] = std::minmax_element(grid.rows.begin(), grid.rows.end(), by_key);
      points.push_back(static_cast<std::uint64_t>(low - grid.rows.begin()));
      points.push_back(static_cast<std::uint64_t>(high - grid.rows.begin()));
    }
  }
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  return points;
}

}  // namespace

std::ifstream open_scan_file(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw InputError(path + ": is a directory, not a scan file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot be opened (" + std::strerror(errno) + ")");
  return in;
}

std::string read_scan_file(const std::string& path) {
  if (path == "-") return read_input(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot be opened (" + std::strerror(errno) + ")");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw IoError(path + ": reading failed");
  return text.str();
}

ScanGrid scan_grid_of(const ScanCommand& command) {
  if (command.points) {
    if (!command.grid.empty() || command.random || command.seed)
      throw InputError("--points: the file gives the points; no --grid, --random or --seed with it");
    return scan_points_from_jsonl(read_scan_file(*command.points), *command.points);
  }
  if (command.random.has_value() != command.seed.has_value())
    throw InputError("--random N and --seed S go together (a Latin hypercube needs its seed)");
  std::vector<ScanAxis> axes;
  for (const std::string& spec : command.grid) axes.push_back(parse_scan_axis(spec));
  if (axes.empty())
    throw InputError("no grid: give --grid KEY=FROM:TO:COUNT, KEY=log:FROM:TO:COUNT or KEY=v1,v2,... (repeated), "
                     "--points FILE, or "
                     "--random N --seed S with --grid ranges; see --help");
  if (command.random)
    return scan_latin_hypercube(axes, count_option(*command.random, "--random"), count_option(*command.seed, "--seed"));
  return scan_product(axes);
}

ScanSetup make_scan_setup(const ScanCommand& command, bool job_optional) {
  if (!command.job && !job_optional) throw InputError("missing --job NAME (the job run at every point); see --help");
  if (!command.job && !command.job_args.empty())
    throw InputError("unknown option \"" + command.job_args.front() + "\" (job options need --job NAME)");
  if (!command.problem) throw InputError("missing PROBLEM (a problem file, or - for standard input) before the job's options");
  ScanSetup setup;
  if (command.job) setup.job = make_job(parse_job_kind(*command.job), command.job_args);
  // pile --vtk DIR: every point would write its frames over the others' (at once with --jobs)
  for (const std::string& a : command.job_args)
    if (a == "--vtk" || a.rfind("--vtk=", 0) == 0)
      throw InputError("--vtk: every point of a scan would write the same files; not a job option of a scan "
                       "(run pile at one point for its frames)");
  setup.grid = scan_grid_of(command);
  setup.source = *command.problem == "-" ? "<stdin>" : *command.problem;
  const std::string text = read_scan_file(*command.problem);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) throw InputError(setup.source + ": no input; expected a problem file");
  setup.document = parse_json_input(text, setup.source);
  setup.problem_text = canonical_problem_text(setup.document);
  setup.grid_hash = scan_grid_hash(setup.problem_text, setup.grid);
  if (setup.job) setup.scan_hash = scan_hash(setup.grid_hash, job_name(setup.job->kind), setup.job->args);
  return setup;
}

void validate_scan_grid(const ScanSetup& setup) {
  for (const std::uint64_t i : extreme_points(setup.grid))
    problem_at_point(setup.document, setup.grid.keys, setup.grid.point(i), setup.source + " at point " + std::to_string(i));
}

ScanResume resume_scan(const std::string& path, const ScanSetup& setup, int out_fd) {
  struct stat file {}, out {};
  if (::stat(path.c_str(), &file) == 0 && ::fstat(out_fd, &out) == 0 && file.st_dev == out.st_dev &&
      file.st_ino == out.st_ino && (::fcntl(out_fd, F_GETFL) & O_APPEND) == 0)
    throw InputError("--resume " + path + ": standard output is that file but not opened for appending: use >> " +
                     path + " (> empties it before scan reads it)");
  // read line by line, only the indices kept (8 bytes per record: docs/manual.md section 14)
  ScanResume resume;
  const auto keep = [&resume](const nlohmann::json& record, std::uint64_t) {
    resume.recorded.push_back(record["index"].get<std::uint64_t>());
  };
  ScanFileEnd read;
  if (path == "-") {
    read = for_each_scan_record(std::cin, "<stdin>", setup.grid, setup.problem_text, setup.scan_hash, keep);
  } else {
    std::ifstream in = open_scan_file(path);
    read = for_each_scan_record(in, path, setup.grid, setup.problem_text, setup.scan_hash, keep);
  }
  std::sort(resume.recorded.begin(), resume.recorded.end());
  resume.recorded.erase(std::unique(resume.recorded.begin(), resume.recorded.end()), resume.recorded.end());
  resume.cut_line = read.cut_line;
  if (read.cut_line != 0 && ::truncate(path.c_str(), static_cast<off_t>(read.kept_bytes)) != 0)
    throw IoError("--resume " + path + ": cutting off its partial last line failed (" + std::strerror(errno) + ")");
  return resume;
}

}  // namespace limitdir
