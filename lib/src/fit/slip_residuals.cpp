// The residuals of a friction model against slip data (docs/manual.md section 16, "What is
// minimised"): per case the model is built once at the parameters, then evaluated at its rows.
#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>

#include "limitdir/core/errors.hpp"
#include "limitdir/fit/least_squares.hpp"
#include "limitdir/fit/reference_data.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

namespace {

/// The model and the units at one vector of the free parameters.
struct Evaluation {
  std::unique_ptr<FrictionModel> model;
  double mu_P = 1.0, rho_m = 1.0;
};

int mu_P_index(const FitSpec& spec) {
  for (std::size_t j = 0; j < spec.parameters.size(); ++j)
    if (spec.parameters[j].key == kMuPKey) return static_cast<int>(j);
  return -1;
}

std::shared_ptr<Evaluation> evaluation_at(const FitSpec& spec, const std::vector<double>& values, const SlipCase& c) {
  auto e = std::make_shared<Evaluation>();
  const Problem problem = parse_problem(case_problem(spec, values, c, false), spec.problem_source);
  e->model = make_friction_model(problem);
  const int j = mu_P_index(spec);
  e->mu_P = j >= 0 ? values[static_cast<std::size_t>(j)] : spec.mu_P.value_or(1.0);
  e->rho_m = problem.rho_over_R() * spec.R.value_or(1.0);
  return e;
}

// The model's q at row i's slip (u_x, u_y, rho omega_z) (31).
Eigen::Vector3d row_q(const Evaluation& e, const SlipData& d, std::size_t i) {
  Eigen::Vector3d x = d.s[i];
  if (d.slip == SlipColumns::velocity) x[2] *= e.rho_m;  // (u_x, u_y, rho omega_z)
  return e.model->q(x);
}

// w_i (q(x_i) - q_i) or w_i (mu P q(x_i) - (F_x, F_y, T_z/rho)_i), (31).
Eigen::Vector3d row_residual(const Evaluation& e, const SlipData& d, std::size_t i) {
  const Eigen::Vector3d q = row_q(e, d, i);
  Eigen::Vector3d r;
  if (d.friction == FrictionColumns::dimensionless) {
    r = q - d.f[i];
  } else {
    const Eigen::Vector3d target(d.f[i][0], d.f[i][1], d.f[i][2] / e.rho_m);
    r = e.mu_P * q - target;
  }
  return d.weight[i] * r;
}

// The model in the data's friction columns: q, or (F_x, F_y, T_z) = mu P (q_1, q_2, rho q_3) (31).
Eigen::Vector3d row_model(const Evaluation& e, const SlipData& d, std::size_t i) {
  const Eigen::Vector3d q = row_q(e, d, i);
  if (d.friction == FrictionColumns::dimensionless) return q;
  return e.mu_P * Eigen::Vector3d(q[0], q[1], q[2] * e.rho_m);
}

/// Rows per thread below which one thread does all: a thread starts in ~30 us, the time of ~100
/// model evaluations; at 4096 rows a pass takes ~1 ms, so a second thread pays.
constexpr std::size_t kRowsPerThread = 4096;
/// The most threads of a pass (the data's rows split in equal parts).
constexpr unsigned kMaxThreads = 8;

/// f(i) for every row i < n, on up to kMaxThreads threads of the machine (each row writes only
/// its own results, so the result does not depend on the threads); false when a row threw a
/// limitdir error (a model that cannot be evaluated there).
template <class F>
bool for_rows(std::size_t n, const F& f) {
  const unsigned cores = std::max(1u, std::min(kMaxThreads, std::thread::hardware_concurrency()));
  const std::size_t T = std::max<std::size_t>(1, std::min<std::size_t>(cores, n / kRowsPerThread));
  std::atomic<bool> ok{true};
  const auto part = [&](std::size_t t) {
    try {
      for (std::size_t i = t * n / T; i < (t + 1) * n / T; ++i) f(i);
    } catch (const InputError&) {
      ok = false;
    } catch (const NumericalError&) {
      ok = false;
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t t = 1; t < T; ++t) threads.emplace_back(part, t);
  part(0);
  for (std::thread& th : threads) th.join();
  return ok;
}

// The data's cases; measured data built without them are one case.
std::vector<SlipCase> cases_of(const SlipData& data) {
  if (!data.cases.empty()) return data.cases;
  return {SlipCase{{}, 0, data.size()}};
}

/// Every datum's three residuals: the models of the cases built once, then every row in one pass
/// (on threads past kRowsPerThread rows).
class SlipResiduals : public FitResiduals {
 public:
  SlipResiduals(const FitSpec& spec, const SlipData& data)
      : spec_(spec), data_(data), cases_(cases_of(data)), case_of_(data.size()) {
    for (std::size_t k = 0; k < cases_.size(); ++k)
      for (std::size_t i = cases_[k].begin; i < cases_[k].end; ++i) case_of_[i] = static_cast<std::uint32_t>(k);
  }
  std::size_t blocks() const override { return data_.size(); }
  bool evaluate(const std::vector<double>& values, Eigen::VectorXd& r) const override {
    std::vector<std::shared_ptr<Evaluation>> e;
    try {
      e = evaluations(values);
    } catch (const InputError&) {
      return false;  // a combination inside the bounds that the problem refuses
    } catch (const NumericalError&) {
      return false;
    }
    r.resize(static_cast<Eigen::Index>(3 * data_.size()));
    if (!for_rows(data_.size(), [&](std::size_t i) {
          r.segment<3>(static_cast<Eigen::Index>(3 * i)) = row_residual(*e[case_of_[i]], data_, i);
        }))
      return false;
    return r.allFinite();
  }
  FitRows rows(const std::vector<double>& values) const override {
    const std::vector<std::shared_ptr<Evaluation>> e = evaluations(values);
    FitRows out;
    out.slip = data_.s;
    out.data = data_.f;
    out.weight = data_.weight;
    out.model.resize(data_.size());
    if (!for_rows(data_.size(), [&](std::size_t i) { out.model[i] = row_model(*e[case_of_[i]], data_, i); }))
      throw NumericalError("fit: the model cannot be evaluated at a row of the data at the best parameters");
    return out;
  }

 private:
  // Each case's model at `values`.
  std::vector<std::shared_ptr<Evaluation>> evaluations(const std::vector<double>& values) const {
    std::vector<std::shared_ptr<Evaluation>> e(cases_.size());
    for (std::size_t k = 0; k < cases_.size(); ++k) e[k] = evaluation_at(spec_, values, cases_[k]);
    return e;
  }

  const FitSpec& spec_;
  const SlipData& data_;
  std::vector<SlipCase> cases_;
  std::vector<std::uint32_t> case_of_;  ///< each row's case
};

void check_data(const FitSpec& spec, const SlipData& data) {
  const std::size_t p = spec.parameters.size();
  if (3 * data.size() <= p)
    throw InputError((spec.reference ? spec.source + ": data" : spec.data_path) + ": " + std::to_string(data.size()) + (data.size() == 1 ? " row gives " : " rows give ") +
                     std::to_string(3 * data.size()) + " residuals, fewer than the " + std::to_string(p) +
                     " free parameters plus one");
  if (data.friction == FrictionColumns::force && !spec.mu_P)
    throw InputError(spec.source + ": units.mu_P: required with force columns (Fx, Fy, Tz): give it, or free " +
                     std::string(kMuPKey));
  if (data.friction == FrictionColumns::dimensionless && mu_P_index(spec) >= 0)
    throw InputError(spec.source + ": parameters: " + std::string(kMuPKey) +
                     " scales force columns; the data are dimensionless (q1, q2, q3)");
  if ((data.slip == SlipColumns::velocity || data.friction == FrictionColumns::force) && !spec.R)
    throw InputError(spec.source + ": units.R: required with velocity or force columns (the contact's radius in m, "
                     "for rho omega_z and T_z/rho)");
}

}  // namespace

FitResult fit_slip_data(const FitSpec& spec, const SlipData& data, const ProgressHook& progress) {
  check_data(spec, data);
  const SlipResiduals residuals(spec, data);
  return fit_least_squares(spec, residuals, progress);
}

}  // namespace limitdir
