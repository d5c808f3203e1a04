#pragma once
// Internal: how the friction, limits and classification reports (report/report.hpp) write a
// number, a complex number, a vector and a matrix, and name the entry a NumericalError comes from.
#include <Eigen/Core>
#include <complex>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/report/numbers.hpp"

namespace limitdir::detail {

/// Every number of these reports: finite, with -0 and subnormals written as 0 (report/numbers.hpp).
inline double finite(double value, const std::string& what) {
  return report_number(finite_in_report(value, "report", what));
}

inline nlohmann::json complex_number(const std::complex<double>& z, const std::string& what) {
  return nlohmann::json::array(
      {finite(z.real(), what + " (real part)"), finite(z.imag(), what + " (imaginary part)")});
}

/// A real matrix as an array of its rows.
template <typename Matrix>
nlohmann::json rows_of(const Matrix& m, const std::string& what) {
  nlohmann::json rows = nlohmann::json::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    nlohmann::json row = nlohmann::json::array();
    for (Eigen::Index k = 0; k < m.cols(); ++k)
      row.push_back(finite(m(i, k), what + "[" + std::to_string(i) + "][" + std::to_string(k) + "]"));
    rows.push_back(std::move(row));
  }
  return rows;
}

inline nlohmann::json vector3(const Eigen::Vector3d& v, const std::string& what) {
  return nlohmann::json::array(
      {finite(v[0], what + "[0]"), finite(v[1], what + "[1]"), finite(v[2], what + "[2]")});
}

/// Prefixes the key of a NumericalError from a report field with the entry it belongs to.
template <typename Function>
nlohmann::json in_entry(const std::string& entry, Function&& function) {
  try {
    return function();
  } catch (const NumericalError& e) {
    throw NumericalError(entry + ": " + e.what());
  }
}

}  // namespace limitdir::detail
