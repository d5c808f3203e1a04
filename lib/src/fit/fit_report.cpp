// The fit report, schema "limitdir.fit-report/1" (docs/manual.md section 16).
#include "limitdir/fit/fit_report.hpp"

#include <cmath>

#include "limitdir/core/errors.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/fit/trajectory.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;

json number(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

json vector(const std::vector<double>& v) {
  json a = json::array();
  for (const double x : v) a.push_back(number(x));
  return a;
}

json parameters(const FitSpec& spec, const FitResult& r) {
  json out = json::array();
  const FitEstimate& e = r.estimate;
  for (std::size_t j = 0; j < spec.parameters.size(); ++j) {
    const FitParameter& p = spec.parameters[j];
    const auto i = static_cast<Eigen::Index>(j);
    const double v = r.best[i];
    const char* at_bound = v == p.lower ? "lower" : (v == p.upper ? "upper" : nullptr);
    out.push_back({{"key", p.key},
                   {"value", v},
                   {"start", p.start},
                   {"lower", number(p.lower)},
                   {"upper", number(p.upper)},
                   {"at_bound", at_bound ? json(at_bound) : json(nullptr)},
                   {"determined", static_cast<bool>(e.determined[j])},
                   {"std_error", number(e.std_error[i])},
                   {"interval95", {number(e.lower95[i]), number(e.upper95[i])}}});
  }
  return out;
}

json reference(const FitSpec& spec) {
  if (!spec.reference) return nullptr;
  json over = json::array();
  for (const FitAxis& a : spec.reference->over) over.push_back({{"key", a.key}, {"values", a.values}});
  return {{"reference", spec.reference->reference},
          {"n_theta", spec.reference->n_theta},
          {"n_phi", spec.reference->n_phi},
          {"over", over}};
}

json data_section(const FitSpec& spec, const SlipData* data, const FitResult& r) {
  const char* kind = spec.trajectory ? "trajectory" : (spec.reference ? "reference" : "csv");
  json slip = nullptr, friction = nullptr;
  if (data) {
    slip = data->slip == SlipColumns::direction ? "direction" : "velocity";
    friction = data->friction == FrictionColumns::dimensionless ? "dimensionless" : "force";
  }
  return {{"kind", kind},
          {"path", spec.data_path.empty() ? json(nullptr) : json(spec.data_path)},
          {"reference", reference(spec)},
          {"trajectory", spec.trajectory ? spec.trajectory->reference : json(nullptr)},
          {"cases", data && !data->cases.empty() ? data->cases.size() : std::size_t{1}},
          {"rows", r.residuals / 3},
          {"residuals", r.residuals},
          {"slip", slip},
          {"friction", friction}};
}

json triples(const std::vector<Eigen::Vector3d>& v) {
  json a = json::array();
  for (const Eigen::Vector3d& x : v) a.push_back({number(x[0]), number(x[1]), number(x[2])});
  return a;
}

// The names of a row's data and model columns.
json column_names(const SlipData* data) {
  if (!data) return {"omega1", "omega2", "omega3"};  // a run's omega in the body frame (rad/s)
  if (data->friction == FrictionColumns::dimensionless) return {"q1", "q2", "q3"};
  return {"Fx", "Fy", "Tz"};
}

json rows_section(const SlipData* data, const FitRows& rows, ReportRows mode) {
  if (rows.size() == 0) return {{"included", false}, {"reason", "the model cannot be evaluated at the best parameters"}};
  if (mode == ReportRows::none) return {{"included", false}, {"reason", "fit --rows none"}};
  if (mode == ReportRows::automatic && rows.size() > kReportRows)
    return {{"included", false},
            {"reason", std::to_string(rows.size()) + " rows, more than " + std::to_string(kReportRows) +
                           " (fit --rows all includes them)"}};
  json slip_names = nullptr;
  if (data) slip_names = data->slip == SlipColumns::direction ? json{"w1", "w2", "w3"} : json{"ux", "uy", "omega"};
  return {{"included", true},
          {"columns", column_names(data)},
          {"slip_columns", slip_names},
          {"t", rows.t.empty() ? json(nullptr) : vector(rows.t)},
          {"slip", rows.slip.empty() ? json(nullptr) : triples(rows.slip)},
          {"weight", rows.weight.empty() ? json(nullptr) : vector(rows.weight)},
          {"data", triples(rows.data)},
          {"model", triples(rows.model)}};
}

}  // namespace

ReportRows parse_report_rows(const std::string& name) {
  if (name == "auto") return ReportRows::automatic;
  if (name == "all") return ReportRows::all;
  if (name == "none") return ReportRows::none;
  throw InputError("--rows: must be auto, all or none (got '" + name + "')");
}

json fit_report(const FitSpec& spec, const SlipData* data, const FitResult& r, double seconds, ReportRows rows) {
  json starts = json::array();
  for (const FitStart& s : r.starts)
    starts.push_back({{"start", vector(s.start)},
                      {"estimate", vector(s.estimate)},
                      {"cost", number(s.cost)},
                      {"iterations", s.iterations},
                      {"converged", s.converged},
                      {"termination", s.termination}});
  json minima = json::array();
  for (const FitMinimum& m : r.minima)
    minima.push_back({{"parameters", vector(m.parameters)}, {"cost", number(m.cost)}, {"starts", m.starts}});
  const FitEstimate& e = r.estimate;
  json covariance = json::array();
  for (Eigen::Index i = 0; i < e.covariance.rows(); ++i) {
    json row = json::array();
    for (Eigen::Index j = 0; j < e.covariance.cols(); ++j) row.push_back(number(e.covariance(i, j)));
    covariance.push_back(row);
  }
  json undetermined = json::array();
  for (std::size_t j = 0; j < spec.parameters.size(); ++j)
    if (!e.determined[j]) undetermined.push_back(spec.parameters[j].key);
  json singular = json::array();
  for (Eigen::Index k = 0; k < e.singular_values.size(); ++k) singular.push_back(e.singular_values[k]);
  return {{"schema", "limitdir.fit-report/1"},
          {"limitdir_version", limitdir::version},
          {"name", spec.name},
          {"problem", spec.problem},
          {"data", data_section(spec, data, r)},
          {"loss", {{"kind", to_string(spec.loss)}, {"scale", spec.loss_scale}}},
          {"trust_region", to_string(spec.trust_region)},
          {"converged", r.converged},
          {"reason", r.reason},
          {"parameters", parameters(spec, r)},
          {"cost", number(r.cost)},
          {"rms", number(r.rms)},
          {"dof", e.dof},
          {"sigma", number(std::sqrt(e.sigma2))},
          {"objective", spec.trajectory ? number(trajectory_objective(r)) : json(nullptr)},
          {"t975", number(e.t975)},
          {"covariance", covariance},
          {"condition", {{"number", number(e.condition)}, {"singular_values", singular}, {"undetermined", undetermined}}},
          {"minima", minima},
          {"starts", starts},
          {"fitted_problem", problem_with(spec, std::vector<double>(r.best.data(), r.best.data() + r.best.size()))},
          {"rows", rows_section(data, r.rows, rows)},
          {"seed", spec.seed},
          {"seconds", seconds}};
}

}  // namespace limitdir
