// limitdir.scan (scan_binding.hpp): keyword arguments as scan's command line, the scan run by the
// library (scan/scan_run.hpp) into an anonymous in-memory file whose lines become the records.
#include "scan_binding.hpp"
#include "docstrings.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#include "arguments.hpp"
#include "cancellation.hpp"
#include "job_binding.hpp"
#include "job_options_text.hpp"
#include "json_convert.hpp"
#include "plot_binding.hpp"
#include "limitdir/core/errors.hpp"
#include "jobs/option_tables.hpp"
#include "limitdir/scan/scan_command.hpp"
#include "limitdir/scan/scan_run.hpp"
#include "limitdir/scan/summary_command.hpp"
#include "problem_binding.hpp"

namespace py = pybind11;
using json = nlohmann::json;

namespace limitdir::python {

namespace {

/// The file the records are written to, as the app writes them to standard output: an anonymous
/// file in memory (memfd_create), closed with the call.
class RecordFile {
 public:
  RecordFile() : fd_(memfd_create("limitdir-scan", MFD_CLOEXEC)) {
    if (fd_ < 0) throw IoError(std::string("scan: memfd_create: ") + std::strerror(errno));
  }
  ~RecordFile() { close(fd_); }
  RecordFile(const RecordFile&) = delete;
  RecordFile& operator=(const RecordFile&) = delete;
  int fd() const { return fd_; }
  /// Its lines, each one JSON record, as dicts (json.loads of each line the app would print).
  py::list records() const {
    std::string text;
    char buffer[1 << 16];
    for (off_t at = 0;;) {
      const ssize_t n = pread(fd_, buffer, sizeof buffer, at);
      if (n < 0) throw IoError(std::string("scan: reading the records: ") + std::strerror(errno));
      if (n == 0) break;
      text.append(buffer, static_cast<std::size_t>(n));
      at += n;
    }
    py::list out;
    for (std::size_t start = 0, end; start < text.size(); start = end + 1) {
      end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      if (end > start) out.append(to_python(json::parse(text.begin() + static_cast<std::ptrdiff_t>(start),
                                                        text.begin() + static_cast<std::ptrdiff_t>(end))));
    }
    return out;
  }

 private:
  int fd_;
};

/// scan's own options that take a value (scan/scan_command.hpp), as keyword arguments.
constexpr const char* scan_value_options[] = {"job", "points", "random", "seed", "shard", "resume", "jobs", "summary"};

/// scan's command line of the call: PROBLEM, scan's options, the job's options (the other keyword
/// arguments, as the job's app takes them; for a summary --x, --y, --field), --merge's files last.
std::vector<std::string> scan_arguments(const py::object& problem, py::dict kwargs) {
  std::vector<std::string> args{path_text(problem, "problem")};
  const auto take = [&kwargs](const char* name) {
    py::object value = py::none();
    if (kwargs.contains(name)) value = kwargs.attr("pop")(name);
    return value;
  };
  for (const char* name : scan_value_options)
    if (const py::object value = take(name); !value.is_none()) {
      // a file (str, bytes, os.PathLike) as open() takes it, another value as the app's text
      const bool file = std::string(name) == "points" || std::string(name) == "resume" || std::string(name) == "summary";
      args.insert(args.end(), {std::string("--") + name, file ? path_text(value, name) : option_value_text(value, std::string("--") + name)});
    }
  const py::object grid = take("grid");
  if (py::isinstance<py::str>(grid)) args.insert(args.end(), {"--grid", utf8_text(grid, "--grid")});
  else if (!grid.is_none())
    for (const auto& axis : grid) args.insert(args.end(), {"--grid", option_value_text(axis, "--grid")});
  if (const py::object full = take("full"); !full.is_none()) {  // a switch, as the jobs' switches (job_options_text.hpp)
    if (!py::isinstance<py::bool_>(full)) throw InputError("--full: must be True or False (got " + type_name(full) + ")");
    if (full.ptr() == Py_True) args.push_back("--full");
  }
  const py::object merge = take("merge");
  const std::size_t job = std::find(args.begin(), args.end(), "--job") - args.begin();
  // the rest: the job's options, and a summary's x, y and field; any other keyword a TypeError
  const bool summary = std::find(args.begin(), args.end(), "--summary") != args.end();
  refuse_unknown_keywords(kwargs, job < args.size() ? job_option_table(parse_job_kind(args[job + 1]))
                                                    : boost::program_options::options_description(),
                          summary ? std::initializer_list<const char*>{"x", "y", "field"}
                                  : std::initializer_list<const char*>{});
  const auto rest = job < args.size() ? job_arguments(parse_job_kind(args[job + 1]), kwargs)
                                      : option_arguments(boost::program_options::options_description(), kwargs);
  args.insert(args.end(), rest.begin(), rest.end());
  if (!merge.is_none()) {
    args.push_back("--merge");
    // one path (str, bytes, os.PathLike) or a list or tuple of them; TypeError "merge: ..." otherwise
    if (!py::isinstance<py::list>(merge) && !py::isinstance<py::tuple>(merge)) args.push_back(path_text(merge, "merge"));
    else
      for (const auto& file : merge) args.push_back(path_text(file, "merge"));
  }
  return args;
}

/// FileNotFoundError (as open() raises it) for a file of the scan that does not exist, which the
/// library reports as bad input "cannot be opened" (the app's exit 2); "-" is standard input.
void require_file(const std::optional<std::string>& path) {
  std::error_code error;
  if (path && *path != "-" && !std::filesystem::exists(*path, error) && !error) throw MissingFileError(*path);
}

py::object scan(const py::object& problem, const py::kwargs& kwargs) {
  const ScanCommand command = parse_scan_command(scan_arguments(problem, py::dict(kwargs)));
  for (const auto& path : {command.problem, command.points, command.resume, command.summary}) require_file(path);
  if (command.merge)
    for (const std::string& path : *command.merge) require_file(path);
  const ScanNote no_notes = [](const std::string&) {};  // the app's notes on stderr: none from Python
  Canceller canceller;
  if (command.summary) {
    json summary;
    run_cancellable(canceller, [&] { summary = summarize_scan_command(command, no_notes); });
    return as_report(to_python(summary));
  }
  RecordFile out;
  std::string missing;
  run_cancellable(canceller, [&] {
    if (command.merge) missing = merge_scan_command(command, out.fd(), no_notes);
    else (void)run_scan_command(command, out.fd(), no_notes);
  });
  py::list records = out.records();
  warn_incomplete(missing.empty() ? 0 : 3, missing);  // a merge with points missing: the app's exit 3
  return std::move(records);
}

}  // namespace

void bind_scan(py::module_& m) {
  m.def("scan", &scan, py::arg("problem"), doc::scan);
}

}  // namespace limitdir::python
