// The friction-model report, schema "limitdir.friction/1" (SPEC.md section 5): the problem's
// friction model next to the exact model on a table of latitudes.
#include "limitdir/report.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <boost/math/constants/constants.hpp>

#include "limitdir/errors.hpp"
#include "limitdir/version.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// The scalar laws (49) of any model on the meridian phi = 0: with q = model.q_angles(theta, 0)
/// = -(Q(theta), 0, (kappa/rho) T(theta)) (46), Q = -q_1 and T = -q_3 / (kappa/rho).
struct Laws {
  double Q, T;
};

Laws laws_at(const FrictionModel& model, double theta) {
  const Eigen::Vector3d q = model.q_angles(theta, 0.0);
  return {-q[0], -q[2] / model.kappa_over_rho()};
}

/// The model-specific coefficients; {} for models without any (exact, coulomb-point).
json coefficients(const FrictionModel& model) {
  if (const auto* harmonic = dynamic_cast<const HarmonicModel*>(&model)) {
    // (83)-(85): Fourier coefficients c_i, s_i and polynomial coefficients C_i, S_i.
    return {{"degree", harmonic->degree()},
            {"c", harmonic->c()},
            {"s", harmonic->s()},
            {"C", harmonic->C()},
            {"S", harmonic->S()},
            {"quadrature_error", harmonic->coefficient_error()}};
  }
  if (const auto* pade = dynamic_cast<const PadeModel*>(&model)) {
    return {{"order", pade->order()}, {"a", pade->a()}, {"m", pade->m()}};
  }
  if (const auto* linear = dynamic_cast<const LinearModel*>(&model)) {
    // (64): Pi as an array of its rows.
    json rows = json::array();
    for (Eigen::Index i = 0; i < 3; ++i)
      rows.push_back({linear->Pi()(i, 0), linear->Pi()(i, 1), linear->Pi()(i, 2)});
    return {{"Pi", rows}};
  }
  return json::object();
}

/// A table entry that is not finite is a numerical failure: JSON would print it as null.
double checked(double value, const char* what, const FrictionModel& model, double theta) {
  if (!std::isfinite(value))
    throw NumericalError("friction report: the " + model.name() + " model gave a non-finite " + what +
                         " at theta = " + std::to_string(theta));
  return value;
}

}  // namespace

json friction_report(const Problem& problem, int samples) {
  if (samples < 2) throw InputError("samples: must be an integer >= 2 (got " + std::to_string(samples) + ")");
  const auto model = make_friction_model(problem);
  const auto exact = make_exact_model(problem);
  const double rho = problem.rho_over_R();
  const double half_pi = boost::math::constants::half_pi<double>();

  json table = json::array();
  double max_error_Q = 0.0, max_error_T = 0.0;
  for (int k = 0; k < samples; ++k) {
    const double theta = half_pi * k / (samples - 1);
    // epsilon = (rho/R) cot(theta) (35): +infinity on the equator theta = 0, which
    // nlohmann::json writes as null (intended: JSON has no infinity); exactly 0 at the pole.
    double epsilon = std::numeric_limits<double>::infinity();
    if (k == samples - 1) {
      epsilon = 0.0;
    } else if (k > 0) {
      epsilon = rho / std::tan(theta);
    }
    const Laws laws = laws_at(*model, theta);
    const Laws reference = laws_at(*exact, theta);
    const double Q = checked(laws.Q, "Q", *model, theta);
    const double T = checked(laws.T, "T", *model, theta);
    const double Q_exact = checked(reference.Q, "Q", *exact, theta);
    const double T_exact = checked(reference.T, "T", *exact, theta);
    max_error_Q = std::max(max_error_Q, std::abs(Q - Q_exact));
    max_error_T = std::max(max_error_T, std::abs(T - T_exact));
    table.push_back({{"theta", theta},
                     {"epsilon", epsilon},
                     {"Q", Q},
                     {"T", T},
                     {"Q_exact", Q_exact},
                     {"T_exact", T_exact}});
  }

  return {{"schema", "limitdir.friction/1"},
          {"limitdir_version", limitdir::version},
          {"problem", problem.name},
          {"model", model->name()},
          {"description", model->description()},
          {"pressure", pressure_to_json(problem.pressure)},
          {"kappa", problem.pressure.kappa()},
          {"rho", rho},
          {"coefficients", coefficients(*model)},
          {"table", std::move(table)},
          {"max_error", {{"Q", max_error_Q}, {"T", max_error_T}}}};
}

}  // namespace limitdir
