#include "limitdir/core/errors.hpp"

#include <cmath>

namespace limitdir {

double require_finite(double x, const std::string& where) {
  if (!std::isfinite(x)) throw InputError(where + ": must be a finite number");
  return x;
}

}  // namespace limitdir
