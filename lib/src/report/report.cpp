// The reports of docs/manual.md section 5 and the readers of the JSON that apps pass on:
//  * "limitdir.friction/1": the problem's friction model next to the exact model on a table of
//    latitudes (friction-model);
//  * "limitdir.limits/1": every limit direction at one load with its certificate (find-limits);
//  * "limitdir.classification/1": given directions refined and classified in detail (classify).
#include "limitdir/report/report.hpp"

#include <algorithm>
#include <Eigen/Geometry>
#include <cmath>
#include <complex>
#include <limits>
#include <sstream>
#include <string>

#include <boost/math/constants/constants.hpp>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/accuracy.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/report/numbers.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/pade.hpp"

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

// ----- numbers of the limits and classification reports -----------------------------------

/// Every number of these reports: finite, with -0 and subnormals written as 0 (report/numbers.hpp).
double finite(double value, const std::string& what) {
  return report_number(detail::finite_in_report(value, "report", what));
}

json complex_number(const std::complex<double>& z, const std::string& what) {
  return json::array({finite(z.real(), what + " (real part)"), finite(z.imag(), what + " (imaginary part)")});
}

/// A real matrix as an array of its rows.
template <typename Matrix>
json rows_of(const Matrix& m, const std::string& what) {
  json rows = json::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    json row = json::array();
    for (Eigen::Index k = 0; k < m.cols(); ++k)
      row.push_back(finite(m(i, k), what + "[" + std::to_string(i) + "][" + std::to_string(k) + "]"));
    rows.push_back(std::move(row));
  }
  return rows;
}

json vector3(const Eigen::Vector3d& v, const std::string& what) {
  return json::array({finite(v[0], what + "[0]"), finite(v[1], what + "[1]"), finite(v[2], what + "[2]")});
}

/// Prefixes the key of a NumericalError from a report field with the entry it belongs to.
template <typename Function>
json in_entry(const std::string& entry, Function&& function) {
  try {
    return function();
  } catch (const NumericalError& e) {
    throw NumericalError(entry + ": " + e.what());
  }
}

// ----- reading directions ------------------------------------------------------------------

using detail::show;

[[noreturn]] void bad_input(const std::string& where, const std::string& what, const json& got) {
  throw InputError(where + ": " + what + " (got " + show(got) + ")");
}

/// [w1, w2, w3]: three finite numbers, not all zero.
Eigen::Vector3d read_vector3(const json& value, const std::string& where) {
  if (!value.is_array() || value.size() != 3) bad_input(where, "must be an array of 3 numbers [w1, w2, w3]", value);
  Eigen::Vector3d w;
  for (std::size_t i = 0; i < 3; ++i) {
    if (!value[i].is_number()) bad_input(where + "[" + std::to_string(i) + "]", "must be a number", value[i]);
    const double x = value[i].get<double>();
    if (!std::isfinite(x)) bad_input(where + "[" + std::to_string(i) + "]", "must be a finite number", value[i]);
    w[static_cast<Eigen::Index>(i)] = x;
  }
  if (w.isZero(0.0)) bad_input(where, "a direction must not have zero length", value);
  return w;
}

/// A list whose entries are 3-vectors or objects with a 3-vector "w" (or, for an unclassified
/// entry of a classification report, which has no "w", its "input").
std::vector<Eigen::Vector3d> read_direction_list(const json& list, const std::string& where) {
  if (!list.is_array()) bad_input(where, "must be an array of directions [w1, w2, w3]", list);
  std::vector<Eigen::Vector3d> directions;
  directions.reserve(list.size());
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string entry = where + "[" + std::to_string(k) + "]";
    const json& item = list[k];
    if (item.is_object()) {
      const bool unclassified = item.value("status", json()) == "unclassified";
      const char* key = unclassified ? "input" : "w";
      const auto w = item.find(key);
      if (w == item.end()) bad_input(entry, std::string("a direction object needs a key \"") + key + "\"", item);
      directions.push_back(read_vector3(*w, entry + "." + key));
    } else {
      directions.push_back(read_vector3(item, entry));
    }
  }
  return directions;
}

/// Angle between two nonzero vectors, accurate for small angles.
double angle_between(const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  return std::atan2(a.cross(b).norm(), a.dot(b));
}

std::string show_vector(const Eigen::Vector3d& w) {
  std::ostringstream text;
  text.precision(6);
  text << '[' << w[0] << ", " << w[1] << ", " << w[2] << ']';
  return text.str();
}

}  // namespace

json friction_values(const FrictionModel& model, const std::vector<Eigen::Vector3d>& directions) {
  json values = json::array();
  for (std::size_t i = 0; i < directions.size(); ++i) {
    const Eigen::Vector3d& x = directions[i];
    const std::string entry = "values[" + std::to_string(i) + "]";
    if (!x.allFinite() || x.isZero(0.0)) throw InputError(entry + ".w: must be finite and nonzero");
    // (24): q is evaluated at w = x/|x|; dq_dw is the Jacobian of its 0-homogeneous extension.
    const Eigen::Vector3d w = (x.stableNormalized().array() + 0.0).matrix();
    const FrictionJacobian J = model.jacobian(w);
    values.push_back(in_entry(entry, [&] {
      return json{{"w", vector3(w, "w")},
                  {"q", vector3((J.q.array() + 0.0).matrix(), "q")},  // -0 printed as 0
                  {"dq_dw", rows_of((J.dq_dw.array() + 0.0).matrix(), "dq_dw")},
                  {"differentiable", J.differentiable}};
    }));
  }
  return values;
}

namespace {

/// The exact model a contact model is measured against: the integral model of the contact
/// (friction/contact_model.hpp), with the coupled shift k = k0 Q(eps) for Kireenkov's models.
std::unique_ptr<FrictionModel> grid_reference(const Problem& problem) {
  const std::string& name = problem.friction.model;
  if (name == "kireenkov-pade" || name == "kireenkov-exact") {
    ApproxModelOptions options;
    options.k0 = problem.friction.k0;
    return make_contact_approx_model("kireenkov-exact", make_contact(problem), problem.rho_over_R(), options);
  }
  return make_contact_exact_model(make_contact(problem), problem.rho_over_R());
}

/// The (theta, phi) table of docs/manual.md section 6 (the grid of friction/accuracy.hpp: both
/// poles once, phi_j = 2 pi j/n_phi): q of the problem's model next to its exact reference,
/// and the largest difference per component.
json friction_grid(const Problem& problem, const FrictionModel& model, const FrictionGrid& grid, json& max_error) {
  const auto exact = grid_reference(problem);
  const AccuracyTable t = accuracy_table(model, *exact, grid.n_theta, grid.n_phi);
  json table = json::array();
  for (const AccuracyPoint& e : t.table) {
    table.push_back(in_entry("table", [&] {
      return json{{"theta", e.theta},
                  {"phi", e.phi},
                  {"w", vector3((e.w.array() + 0.0).matrix(), "w")},
                  {"q", vector3((e.q.array() + 0.0).matrix(), "q")},
                  {"q_exact", vector3((e.q_exact.array() + 0.0).matrix(), "q_exact")}};
    }));
  }
  max_error = json::object();
  for (int k = 0; k < 3; ++k) {
    const ComponentError& c = t.max_error[static_cast<std::size_t>(k)];
    max_error["q" + std::to_string(k + 1)] = {{"value", c.max_error}, {"theta", c.theta}, {"phi", c.phi}};
  }
  return table;
}

}  // namespace

namespace {

/// The keys every friction report has.
json friction_head(const Problem& problem, const FrictionModel& model, const std::vector<Eigen::Vector3d>& at) {
  return {{"schema", "limitdir.friction/1"},
          {"limitdir_version", limitdir::version},
          {"problem", problem_to_json(problem)},  // the whole problem, as every report embeds it
          {"model", model.name()},
          {"description", model.description()},
          {"pressure", pressure_to_json(problem.pressure)},
          {"rho", problem.rho_over_R()},
          {"coefficients", coefficients(model)},
          {"values", friction_values(model, at)}};
}

/// The table of the scalar laws (49) at `samples` latitudes, with the largest differences.
json friction_latitudes(const Problem& problem, const FrictionModel& model, int samples, json& max_error) {
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
    const Laws laws = laws_at(model, theta);
    const Laws reference = laws_at(*exact, theta);
    const double Q = checked(laws.Q, "Q", model, theta);
    const double T = checked(laws.T, "T", model, theta);
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
  max_error = {{"Q", max_error_Q}, {"T", max_error_T}};
  return table;
}

}  // namespace

json friction_report(const Problem& problem, int samples, const std::vector<Eigen::Vector3d>& at,
                     const std::optional<FrictionGrid>& grid) {
  if (samples < 2) throw InputError("samples: must be an integer >= 2 (got " + std::to_string(samples) + ")");
  const auto model = make_friction_model(problem);
  json report = friction_head(problem, *model, at);
  json max_error;
  // a model that is not axisymmetric (an ellipse, a shift, the contact models of docs/manual.md
  // section 7) has no scalar laws (49): the grid
  if (grid || !problem.contact.axisymmetric() || !dynamic_cast<const AxisymmetricModel*>(model.get())) {
    const FrictionGrid g = grid.value_or(FrictionGrid{});
    if (g.n_theta < 3 || g.n_phi < 1 || static_cast<long>(g.n_theta) * g.n_phi > kMaxGridPoints)
      throw InputError("grid: needs NTHETA >= 3, NPHI >= 1 and at most 100000 points (got " +
                       std::to_string(g.n_theta) + "," + std::to_string(g.n_phi) + ")");
    report["table"] = friction_grid(problem, *model, g, max_error);
    report["layout"] = "grid";
    report["contact"] = problem_to_json(problem).at("contact");
    report["kappa"] = make_contact(problem).kappa();
  } else {
    report["table"] = friction_latitudes(problem, *model, samples, max_error);
    report["layout"] = "latitudes";
    report["kappa"] = problem.pressure.kappa();
  }
  report["max_error"] = std::move(max_error);
  return report;
}

json classification_to_json(const Classification& c, double rho_over_R, bool detailed) {
  json eigenvalues = json::array();
  for (Eigen::Index k = 0; k < 2; ++k)
    eigenvalues.push_back(complex_number(c.eigenvalues[k], "sphere.eigenvalues[" + std::to_string(k) + "]"));

  // x + 0.0 turns -0.0 into +0.0: w = (-1, -0, -0) is printed as [-1, 0, 0] and gets
  // phi = atan2(+0, -1) = pi, inside the range (-pi, pi] of docs/manual.md section 1, not -pi.
  const Eigen::Vector3d w = (c.w.array() + 0.0).matrix();
  // (32)-(33) and (35); epsilon is +infinity on the equator, written as null (docs/manual.md section 5).
  const double epsilon = epsilon_of(w, rho_over_R);
  json out{{"w", vector3(w, "w")},
           {"theta", finite(theta_of(w), "theta")},
           {"phi", finite(report_phi(w), "phi")},  // 0 at a pole (docs/manual.md section 5)
           {"epsilon", std::isinf(epsilon) && epsilon > 0 ? json(nullptr) : json(finite(epsilon, "epsilon"))},
           {"rdot", finite(c.rdot, "rdot")},
           {"residual", finite(c.residual, "residual")},
           {"radial", to_string(c.radial)},
           {"sphere", {{"type", to_string(c.type)}, {"eigenvalues", std::move(eigenvalues)}, {"index", c.index}}},
           {"differentiable", c.differentiable}};
  if (c.colour) out["colour"] = *c.colour;  // Fig. 11, only on the invariant circle
  if (c.one_sided) {
    // on a kink of the model: the two sides' Jacobians decide the type (limits/classify.hpp)
    json sides = json::array();
    const char* names[2] = {"w3 -> 0+", "w3 -> 0-"};
    for (int k = 0; k < 2; ++k) {
      const auto& s = (*c.one_sided)[k];
      json ev = json::array();
      for (Eigen::Index i = 0; i < 2; ++i) ev.push_back(complex_number(s.eigenvalues[i], "one_sided.eigenvalues"));
      sides.push_back({{"side", names[k]}, {"type", to_string(s.type)}, {"eigenvalues", std::move(ev)}});
    }
    out["one_sided"] = std::move(sides);
  }
  if (!detailed) return out;

  // docs/manual.md section 1: J_T = P^T (D(Bw + c) - rdot I) P in the basis P = [t1 t2].
  out["jacobian_tangent"] = rows_of(c.J_T, "jacobian_tangent");
  out["tangent_basis"] = rows_of(c.P, "tangent_basis");
  json eigenvectors = json::array();
  for (Eigen::Index k = 0; k < 2; ++k) {
    json vector = json::array();
    for (Eigen::Index i = 0; i < 3; ++i)
      vector.push_back(complex_number(c.eigenvectors(i, k),
                                      "eigenvectors[" + std::to_string(k) + "][" + std::to_string(i) + "]"));
    eigenvectors.push_back(std::move(vector));
  }
  out["eigenvectors"] = std::move(eigenvectors);
  out["modified_jacobian"] = rows_of(c.modified_jacobian, "modified_jacobian");  // (119)
  // (120) with the errata of docs/errata.md; undefined at the poles (cos theta = 0).
  out["angle_jacobian"] = c.angle_jacobian ? rows_of(*c.angle_jacobian, "angle_jacobian") : json(nullptr);
  return out;
}

json closed_orbit_to_json(const ClosedOrbit& o) {
  json polyline = json::array();
  for (const Eigen::Vector3d& w : o.polyline) polyline.push_back(vector3((w.array() + 0.0).matrix(), "polyline"));
  return json{{"w", vector3((o.w.array() + 0.0).matrix(), "w")},
              {"period", finite(o.period, "period")},
              {"multiplier", finite(o.multiplier, "multiplier")},
              {"stability", to_string(o.stability)},
              {"rdot_mean", finite(o.rdot_mean, "rdot_mean")},
              {"residual", finite(o.residual, "residual")},
              {"polyline", std::move(polyline)}};
}

json circle_to_json(const LimitCircle& circle) {
  return json{{"theta", finite(circle.theta, "theta")},
              {"axis", vector3((circle.axis.array() + 0.0).matrix(), "axis")},
              {"rdot", finite(circle.rdot, "rdot")},
              {"radial", to_string(circle.radial)},
              {"sphere_type", circle.sphere_type},
              {"transverse_eigenvalue", finite(circle.transverse_eigenvalue, "transverse_eigenvalue")}};
}

json limits_report(const Problem& problem, const System& system, const LimitSet& limits) {
  const double rho_over_R = system.friction().rho_over_R();
  json directions = json::array();
  for (std::size_t k = 0; k < limits.directions.size(); ++k)
    directions.push_back(in_entry("limit_directions[" + std::to_string(k) + "]",
                                  [&] { return classification_to_json(limits.directions[k], rho_over_R, false); }));

  // Circles {w : w . axis = sin theta}: of constant latitude for axis = e3 (F = 0 with
  // axisymmetry, Figs 15-16), or great circles of a linear model with c = 0 (docs/manual.md section 3).
  json circles = json::array();
  for (std::size_t k = 0; k < limits.circles.size(); ++k) {
    const LimitCircle& circle = limits.circles[k];
    circles.push_back(in_entry("circles[" + std::to_string(k) + "]", [&] { return circle_to_json(circle); }));
  }

  json singular = json::array();
  for (const SingularPoint& sp : limits.singular_points)
    singular.push_back({{"w", vector3((sp.w.array() + 0.0).matrix(), "singular_points.w")}, {"index", sp.index}});

  // docs/manual.md section 9: the closed orbits of V* found by the search.
  json orbits = json::array();
  for (std::size_t k = 0; k < limits.closed_orbits.size(); ++k) {
    const ClosedOrbit& o = limits.closed_orbits[k];
    orbits.push_back(in_entry("closed_orbits[" + std::to_string(k) + "]", [&] { return closed_orbit_to_json(o); }));
  }

  // docs/manual.md section 1 (Poincare-Hopf): the index sum and whether the set is provably complete.
  const Certificate& certificate = limits.certificate;
  Problem at_force = problem;  // the embedded problem file carries the load actually used
  at_force.force = limits.force;
  return {{"schema", "limitdir.limits/1"},
          {"limitdir_version", limitdir::version},
          {"problem", problem_to_json(at_force)},
          {"force", detail::finite_in_report(limits.force, "report", "force")},
          {"model", system.friction().description()},
          {"method", limits.method},
          {"limit_directions", std::move(directions)},
          {"circles", std::move(circles)},
          {"singular_points", std::move(singular)},
          {"closed_orbits", std::move(orbits)},
          {"certificate",
           {{"index_sum", certificate.index_sum},
            {"level", to_string(certificate.level)},
            {"complete", certificate.complete()},
            {"reason", certificate.reason},
            {"closed_orbits", certificate.closed_orbits}}}};
}

json limits_report(const Problem& problem, const LimitSet& limits) {
  return limits_report(problem, make_system(problem), limits);
}

std::vector<Eigen::Vector3d> directions_from_json(const json& document, const std::string& source) {
  if (document.is_array()) return read_direction_list(document, source + ": directions");
  if (!document.is_object())
    bad_input(source, "must be a find-limits report, {\"directions\": [...]} or a list of directions", document);
  const bool report = document.contains("limit_directions");
  const bool list = document.contains("directions");
  if (report && list) bad_input(source, "has both \"limit_directions\" and \"directions\"; give one", document);
  if (report) return read_direction_list(document.at("limit_directions"), source + ": limit_directions");
  if (list) return read_direction_list(document.at("directions"), source + ": directions");
  bad_input(source, "an object needs \"limit_directions\" (a find-limits report) or \"directions\"", document);
}

DirectionsInput parse_directions_input(const json& document, const std::string& source) {
  DirectionsInput input;
  input.directions = directions_from_json(document, source);
  if (!document.is_object()) return input;
  if (const auto problem = document.find("problem"); problem != document.end())
    input.problem = parse_problem(*problem, source + ": problem");
  if (const auto force = document.find("force"); force != document.end()) {
    if (!force->is_number() || !std::isfinite(force->get<double>()))
      bad_input(source + ": force", "must be a finite number", *force);
    input.force = force->get<double>();
  }
  return input;
}

namespace {

/// An entry of the classification report that could not be classified (docs/manual.md section 5):
/// the input, "status": "unclassified" and the reason.
json unclassified(const Eigen::Vector3d& input, const std::string& error) {
  return {{"input", vector3(input, "input")}, {"status", "unclassified"}, {"error", error}};
}

/// Direction k refined by Newton on (B(w)w + c - rdot w, (w^T w - 1)/2) = 0 (125) and
/// classified, or an unclassified entry when Newton fails, lands more than max_angle away or
/// the classification is not finite: each direction of a batch stands on its own.
json classification_entry(const System& system, double F, const Eigen::Vector3d& given, std::size_t k,
                          double max_angle, double rho_over_R) {
  const SolverOptions defaults;
  const std::string name = "direction " + std::to_string(k) + " " + show_vector(given);
  const Eigen::Vector3d w0 = given.stableNormalized();
  const Refined refined = refine_limit_direction(system, F, w0, defaults.residual_tol);
  std::ostringstream text;
  if (!refined.converged) {
    text << name << ": no limit direction found near it (Newton did not converge: |V*| = " << refined.residual
         << " after " << refined.iterations << " iterations)";
    return unclassified(given, text.str());
  }
  const double angle = angle_between(w0, refined.w);
  if (!(angle <= max_angle)) {
    text << name << ": the nearest limit direction " << show_vector(refined.w) << " is " << angle
         << " rad away, more than the allowed --max-angle " << max_angle << " rad";
    return unclassified(given, text.str());
  }
  try {
    json entry = in_entry(name, [&] {
      return classification_to_json(classify(system, F, refined.w, defaults.classify), rho_over_R, true);
    });
    entry["input"] = vector3(given, "input");
    entry["status"] = "classified";
    return entry;
  } catch (const NumericalError& e) {
    return unclassified(given, e.what());
  }
}

}  // namespace

json classification_report(const Problem& problem, const System& system, double F,
                           const std::vector<Eigen::Vector3d>& given, double max_angle) {
  if (!std::isfinite(F)) throw InputError("force: must be a finite number");
  if (!(max_angle > 0.0) || !std::isfinite(max_angle))
    throw InputError("max_angle: must be a finite number > 0 (got " + std::to_string(max_angle) + ")");
  for (std::size_t k = 0; k < given.size(); ++k)
    if (!given[k].allFinite() || given[k].isZero(0.0))
      throw InputError("direction " + std::to_string(k) + " " + show_vector(given[k]) +
                       ": must be finite and must not have zero length");
  const double rho_over_R = system.friction().rho_over_R();
  json directions = json::array();
  for (std::size_t k = 0; k < given.size(); ++k)
    directions.push_back(classification_entry(system, F, given[k], k, max_angle, rho_over_R));
  Problem at_force = problem;  // the embedded problem file carries the load actually used
  at_force.force = F;
  return {{"schema", "limitdir.classification/1"},
          {"limitdir_version", limitdir::version},
          {"problem", problem_to_json(at_force)},
          {"force", F},
          {"model", system.friction().description()},
          {"directions", std::move(directions)}};
}

std::vector<std::string> unclassified_directions(const json& classification) {
  std::vector<std::string> errors;
  for (const json& entry : classification.at("directions"))
    if (entry.value("status", "") == "unclassified") errors.push_back(entry.at("error").get<std::string>());
  return errors;
}

}  // namespace limitdir
