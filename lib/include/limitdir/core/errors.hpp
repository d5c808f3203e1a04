#pragma once
// Error types shared by the library and the apps. The apps map them to the exit codes of
// docs/manual.md section 5: InputError -> 2 (bad input), NumericalError -> 3 (a detected numerical failure),
// IoError -> 4 (reading or writing failed).
#include <stdexcept>
#include <string>

namespace limitdir {

/// Something the user gave is invalid (file, option, number). The message names what and where.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A file named as input does not exist (bad input, exit 2, like any InputError; Python raises
/// FileNotFoundError for it, docs/python.md).
struct MissingFileError : InputError {
  explicit MissingFileError(const std::string& path) : InputError(path + ": cannot open file"), path_(path) {}
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// A numerical procedure detected that it could not deliver the promised accuracy.
struct NumericalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Reading an input that could be opened, or writing the output, failed (a device error, a disk
/// full): not the user's input at fault, and not the numerics.
struct IoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// `text` as one printable line of UTF-8 for a terminal or a log, as the apps print their
/// messages (docs/manual.md section 5): line breaks and tabs become spaces; every other control
/// character (C0, DEL) and every byte that is not part of valid UTF-8 becomes "\xNN", and a C1
/// control "\u00NN". Messages quote what the user gave (file names, keys, the token a JSON
/// parser stopped at), which must neither break the line nor reach the terminal as an escape
/// sequence or invalid UTF-8.
std::string printable_line(const std::string& text);

/// Throws InputError("<where>: <what>") unless x is finite.
double require_finite(double x, const std::string& where);

}  // namespace limitdir
