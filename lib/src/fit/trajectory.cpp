// A simulation fitted to a reference run (docs/manual.md section 16).
#include "limitdir/fit/trajectory.hpp"

#include <algorithm>
#include <cfloat>

#include "limitdir/celt/celt.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

CeltRun run(const nlohmann::json& document, const std::string& source) {
  const CeltProblem p = parse_celt_problem(document, source);
  return celt_simulate(p.body, p.contact, celt_initial_state(p.body, p.initial), p.stepping);
}

/// Each sample's omega - omega_ref; the run at each parameter vector is long and serial, so the
/// columns of the Jacobian run side by side.
class TrajectoryResiduals : public FitResiduals {
 public:
  TrajectoryResiduals(const FitSpec& spec, CeltRun reference, double tolerance)
      : spec_(spec), reference_(std::move(reference)), tolerance_(tolerance) {}
  std::size_t blocks() const override { return reference_.samples.size(); }
  bool columns_in_parallel() const override { return true; }
  /// The integrator's tolerance (time.tolerance), at least eps.
  double relative_noise() const override { return std::max(tolerance_, DBL_EPSILON); }
  bool evaluate(const std::vector<double>& values, Eigen::VectorXd& r) const override {
    CeltRun at;
    try {
      at = run(problem_with(spec_, values), spec_.problem_source);
    } catch (const InputError&) {
      return false;  // a combination inside the bounds that the problem refuses
    } catch (const NumericalError&) {
      return false;  // the stone leaves the plane, a Painleve configuration, ...
    }
    if (at.samples.size() != reference_.samples.size()) return false;
    r.resize(static_cast<Eigen::Index>(3 * blocks()));
    for (std::size_t i = 0; i < blocks(); ++i)
      r.segment<3>(static_cast<Eigen::Index>(3 * i)) = at.samples[i].state.omega - reference_.samples[i].state.omega;
    return r.allFinite();
  }
  FitRows rows(const std::vector<double>& values) const override {
    const CeltRun at = run(problem_with(spec_, values), spec_.problem_source);
    if (at.samples.size() != reference_.samples.size())
      throw NumericalError("fit: the run at the best parameters has " + std::to_string(at.samples.size()) +
                           " samples, the reference " + std::to_string(reference_.samples.size()));
    FitRows out;
    for (std::size_t i = 0; i < blocks(); ++i) {
      out.t.push_back(reference_.samples[i].t);
      out.data.push_back(reference_.samples[i].state.omega);
      out.model.push_back(at.samples[i].state.omega);
    }
    return out;
  }

 private:
  const FitSpec& spec_;
  CeltRun reference_;
  double tolerance_;
};

}  // namespace

FitResult fit_trajectory(const FitSpec& spec, const ProgressHook& progress) {
  nlohmann::json document = spec.problem;
  for (const auto& item : spec.trajectory->reference.items()) document[item.key()] = item.value();
  const std::string source = spec.source + ": data.trajectory";
  if (progress) progress("the reference run");
  CeltRun reference = run(document, source);
  if (3 * reference.samples.size() <= spec.parameters.size())
    throw InputError(source + ": the run has " + std::to_string(reference.samples.size()) +
                     " samples, too few for the " + std::to_string(spec.parameters.size()) + " free parameters");
  const double tolerance = parse_celt_problem(spec.problem, spec.problem_source).stepping.tolerance;
  const TrajectoryResiduals residuals(spec, std::move(reference), tolerance);
  return fit_least_squares(spec, residuals, progress);
}

double trajectory_objective(const FitResult& result) {
  return 2.0 * result.cost / (static_cast<double>(result.residuals) / 3.0);
}

}  // namespace limitdir
