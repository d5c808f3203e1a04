// The friction report of docs/manual.md section 5, "limitdir.friction/1" (friction-model): the
// problem's friction model next to the exact model on a table of latitudes, or on a (theta, phi)
// grid for a model that is not axisymmetric; see report/report.hpp.
#include "limitdir/report/report.hpp"
#include "limitdir/report/friction_forces.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include <boost/math/constants/constants.hpp>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/friction/accuracy.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/pade.hpp"
#include "limitdir/friction/sphere_harmonic.hpp"
#include "report/report_values.hpp"

namespace limitdir {

using json = nlohmann::json;
using detail::in_entry;
using detail::rows_of;
using detail::vector3;

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

/// The coefficients of the models of [Kudra & Awrejcewicz 2013] (docs/manual.md section 7): the
/// contact in the paper's frame, the characteristic integrals c_{i,j,k} (13) of Table 1 the
/// models are built from, rho in units of the major semi-axis, and each model's own parameters.
json kudra_coefficients(const KudraModel& model) {
  const KudraFrame& f = model.frame();
  json out{{"frame", {{"major", f.major}, {"b", f.b}, {"turned", f.turned}, {"d_c", f.d_c}, {"d_s", f.d_s},
                      {"alpha", f.alpha}}},
           {"c_ijk", to_json(model.c())},
           {"rho", model.rho() / f.major}};
  if (const auto* pade = dynamic_cast<const KudraPadeModel*>(&model)) {
    const KudraPadeParameters& p = pade->parameters();
    out.update({{"order", p.order}, {"b_T", p.b_T}, {"b_M", p.b_M}, {"m_T", p.m_T}, {"m_M", p.m_M}});
  }
  if (const auto* w = dynamic_cast<const KudraWModel*>(&model)) out["u0"] = w->u0();
  return out;
}

/// The model-specific coefficients; {} for models without any (exact, coulomb-point, and the
/// exact integral model of a contact).
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
  if (const auto* kudra = dynamic_cast<const KudraModel*>(&model)) return kudra_coefficients(*kudra);
  if (const auto* kireenkov = dynamic_cast<const KireenkovPadeModel*>(&model)) {
    // (9)/(10) [Kireenkov]: a, m, mu = pi I_2 k0, b = I_2/I_3 (friction/contact_approx.hpp)
    return {{"order", kireenkov->order()}, {"a", kireenkov->a()}, {"m", kireenkov->m()},
            {"mu", kireenkov->mu()},       {"b", kireenkov->b()}};
  }
  if (const auto* kireenkov = dynamic_cast<const KireenkovExactModel*>(&model)) return {{"k0", kireenkov->k0()}};
  if (const auto* sphere = dynamic_cast<const SphereHarmonicModel*>(&model)) {
    // the terms m = 1 of -(q1, q2) and m = 0 of -(rho/kappa) q3 as c_i, s_i of (82)-(83)
    std::vector<double> c, s;
    sphere->harmonic_part(c, s);
    return {{"degree", sphere->degree()}, {"basis_size", sphere->basis_size()}, {"c", c}, {"s", s}};
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

json friction_values(const FrictionModel& model, const std::vector<Eigen::Vector3d>& directions) {
  json values = json::array();
  for (std::size_t i = 0; i < directions.size(); ++i) {
    const Eigen::Vector3d& x = directions[i];
    const std::string entry = "values[" + std::to_string(i) + "]";
    if (!x.allFinite() || x.isZero(0.0)) throw InputError(entry + ".w: must be finite and nonzero");
    // (24): q is evaluated at w = x/|x|; dq_dw is the Jacobian of its 0-homogeneous extension.
    const Eigen::Vector3d w = (x.stableNormalized().array() + 0.0).matrix();
    const FrictionJacobian J = model.jacobian(w);
    // an infinite derivative (the thin ring where the centre of rotation is on the ring, where
    // dq/dw ~ log|eps - xi0| on both sides) has no finite value to report: null
    const bool infinite = !J.differentiable && !J.dq_dw.allFinite();
    values.push_back(in_entry(entry, [&] {
      return json{{"w", vector3(w, "w")},
                  {"q", vector3((J.q.array() + 0.0).matrix(), "q")},  // -0 printed as 0
                  {"dq_dw", infinite ? json(nullptr) : rows_of((J.dq_dw.array() + 0.0).matrix(), "dq_dw")},
                  {"differentiable", J.differentiable}};
    }));
  }
  return values;
}

json friction_forces(const Problem& problem, const std::vector<Eigen::Vector3d>& slips) {
  const auto model = make_friction_model(problem);
  json forces = json::array();
  for (std::size_t i = 0; i < slips.size(); ++i) {
    const Eigen::Vector3d& x = slips[i];
    const std::string entry = "forces[" + std::to_string(i) + "]";
    if (!x.allFinite() || x.isZero(0.0)) throw InputError(entry + ".x: must be finite and nonzero");
    // (1) [Kireenkov]: the Coulomb part q(x/|x|) and the speed terms polynomial in x
    const Eigen::Vector3d q = model->q(x), s = model->speed_part(x);
    forces.push_back(in_entry(entry, [&] {
      return json{{"x", vector3(x, "x")},
                  {"q", vector3((q.array() + 0.0).matrix(), "q")},  // -0 printed as 0
                  {"speed_part", vector3((s.array() + 0.0).matrix(), "speed_part")},
                  {"force", vector3(((q + s).array() + 0.0).matrix(), "force")}};
    }));
  }
  return forces;
}

namespace {

/// The exact model a contact model is measured against: the integral model of the contact
/// (friction/contact_model.hpp), with the coupled shift k = k0 Q(eps) for Kireenkov's models.
std::unique_ptr<FrictionModel> grid_reference(const Problem& problem) {
  const std::string& name = problem.friction.model;
  if (name == "kireenkov-pade" || name == "kireenkov-exact") {
    ApproxModelOptions options;
    options.k0 = problem.friction.k0;
    if (problem.pressure.kind() == Pressure::Kind::ring && problem.contact.axisymmetric())
      return make_kireenkov_ring_model("kireenkov-exact", problem.pressure, problem.rho_over_R(), options);
    return make_contact_approx_model("kireenkov-exact", make_contact(problem), problem.rho_over_R(), options);
  }
  // the ring is a measure, not a contact's area density: its exact model is the axisymmetric one
  if (problem.pressure.kind() == Pressure::Kind::ring) return make_exact_model(problem);
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
    report["kappa"] = problem.pressure.kind() == Pressure::Kind::ring ? problem.pressure.kappa()
                                                                      : make_contact(problem).kappa();
  } else {
    report["table"] = friction_latitudes(problem, *model, samples, max_error);
    report["layout"] = "latitudes";
    report["kappa"] = problem.pressure.kappa();
  }
  report["max_error"] = std::move(max_error);
  return report;
}

}  // namespace limitdir
