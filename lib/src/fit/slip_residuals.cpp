// The residuals of a friction model against slip data (docs/manual.md section 16, "What is
// minimised"): per case the model is built once at the parameters, then evaluated at its rows.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <thread>
#include <unordered_map>

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

// w_i (q(x_i) - q_i) or w_i (mu P q(x_i) - (F_x, F_y, T_z/rho)_i), (31), with q = q(x_i).
Eigen::Vector3d row_residual(const Evaluation& e, const SlipData& d, std::size_t i, const Eigen::Vector3d& q) {
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
Eigen::Vector3d row_model(const Evaluation& e, const SlipData& d, const Eigen::Vector3d& q) {
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

/// Per row, the earlier row of its case whose slip is exactly its negative (an antipodal pair of
/// the reference's mesh, fit/reference_data.hpp), or kNoPartner.
constexpr std::uint32_t kNoPartner = std::numeric_limits<std::uint32_t>::max();

struct SlipKey {
  std::array<std::uint64_t, 3> bits;
  bool operator==(const SlipKey& o) const { return bits == o.bits; }
};
struct SlipKeyHash {
  std::size_t operator()(const SlipKey& k) const {
    return std::hash<std::uint64_t>()(k.bits[0] ^ (k.bits[1] * 0x9e3779b97f4a7c15ULL) ^ (k.bits[2] << 17));
  }
};
SlipKey key_of(const Eigen::Vector3d& s) {
  SlipKey k{};
  for (int c = 0; c < 3; ++c) std::memcpy(&k.bits[static_cast<std::size_t>(c)], &s[c], sizeof(double));
  return k;
}

std::vector<std::uint32_t> antipodal_partners(const SlipData& data, const std::vector<SlipCase>& cases) {
  std::vector<std::uint32_t> partner(data.size(), kNoPartner);
  for (const SlipCase& c : cases) {
    std::unordered_map<SlipKey, std::uint32_t, SlipKeyHash> seen;
    for (std::size_t i = c.begin; i < c.end; ++i) {
      const auto it = seen.find(key_of(-data.s[i]));
      if (it != seen.end()) partner[i] = it->second;
      else seen.emplace(key_of(data.s[i]), static_cast<std::uint32_t>(i));
    }
  }
  return partner;
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
    partner_ = antipodal_partners(data_, cases_);
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
    std::vector<Eigen::Vector3d> q;
    if (!model_values(e, q)) return false;
    r.resize(static_cast<Eigen::Index>(3 * data_.size()));
    for (std::size_t i = 0; i < data_.size(); ++i)
      r.segment<3>(static_cast<Eigen::Index>(3 * i)) = row_residual(*e[case_of_[i]], data_, i, q[i]);
    return r.allFinite();
  }
  FitRows rows(const std::vector<double>& values) const override {
    const std::vector<std::shared_ptr<Evaluation>> e = evaluations(values);
    std::vector<Eigen::Vector3d> q;
    if (!model_values(e, q))
      throw NumericalError("fit: the model cannot be evaluated at a row of the data at the best parameters");
    FitRows out;
    out.slip = data_.s;
    out.data = data_.f;
    out.weight = data_.weight;
    out.model.resize(data_.size());
    for (std::size_t i = 0; i < data_.size(); ++i) out.model[i] = row_model(*e[case_of_[i]], data_, q[i]);
    return out;
  }

 private:
  // q at every row (one pass, on threads past kRowsPerThread rows); for an odd model the second
  // row of an antipodal pair takes -q of the first (FrictionModel::odd), half the evaluations of
  // a sphere's mesh.
  bool model_values(const std::vector<std::shared_ptr<Evaluation>>& e, std::vector<Eigen::Vector3d>& q) const {
    q.assign(data_.size(), Eigen::Vector3d::Zero());
    const auto mirrored = [&](std::size_t i) { return partner_[i] != kNoPartner && e[case_of_[i]]->model->odd(); };
    if (!for_rows(data_.size(), [&](std::size_t i) {
          if (!mirrored(i)) q[i] = row_q(*e[case_of_[i]], data_, i);
        }))
      return false;
    for (std::size_t i = 0; i < data_.size(); ++i)
      if (mirrored(i)) q[i] = -q[partner_[i]];
    return true;
  }

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
  std::vector<std::uint32_t> partner_;  ///< antipodal_partners
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
