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

/// A numerical procedure detected that it could not deliver the promised accuracy.
struct NumericalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Reading an input that could be opened, or writing the output, failed (a device error, a disk
/// full): not the user's input at fault, and not the numerics.
struct IoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Throws InputError("<where>: <what>") unless x is finite.
double require_finite(double x, const std::string& where);

}  // namespace limitdir
