// Fits of friction models (docs/manual.md section 16): the uncertainty against closed forms, and
// fits of data generated from known parameters (the truth is the generating value).
#include <doctest/doctest.h>

#include <cmath>
#include <array>
#include <random>

#include <Eigen/Cholesky>
#include <Eigen/LU>

#include "limitdir/fit/estimate.hpp"
#include "limitdir/fit/least_squares.hpp"
#include "limitdir/system/problem.hpp"

namespace test_fit {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

// A kudra-pade model on a distorted Hertz contact [Kudra & Awrejcewicz 2013] (40)-(45), with
// b_T, b_M, m_T, m_M free.
nlohmann::json kudra_problem() {
  return nlohmann::json::parse(R"({"schema": "limitdir.problem/1", "system": {"preset": "disc", "j": 0.5},
    "contact": {"pressure": "hertz", "distortion": {"d": 0.3, "gamma": 0.5}},
    "friction": {"model": "kudra-pade", "b_T": 1.0, "b_M": 1.0, "m_T": 1.0, "m_M": 1.0}, "rho": "kappa", "force": 0})");
}

FitSpec kudra_spec(const std::vector<double>& start) {
  FitSpec spec;
  spec.source = "test";
  spec.problem = kudra_problem();
  spec.problem_source = "kudra";
  const char* keys[] = {"friction.b_T", "friction.b_M", "friction.m_T", "friction.m_M"};
  for (std::size_t j = 0; j < 4; ++j) spec.parameters.push_back({keys[j], start[j], 0.1, 3.0});
  return spec;
}

// Unit directions, uniform on the sphere (normalised Gaussians).
std::vector<Eigen::Vector3d> directions(std::mt19937_64& engine, std::size_t n) {
  std::normal_distribution<double> g;
  std::vector<Eigen::Vector3d> w;
  while (w.size() < n) {
    const Eigen::Vector3d v(g(engine), g(engine), g(engine));
    if (v.norm() > 1e-3) w.push_back(v.normalized());
  }
  return w;
}

// q at `w` of the spec's problem with the free keys at `truth`, plus Gaussian noise sigma.
SlipData generated(const FitSpec& spec, const std::vector<double>& truth, const std::vector<Eigen::Vector3d>& w,
                   double sigma, std::mt19937_64& engine) {
  const auto model = make_friction_model(parse_problem(problem_with(spec, truth), "truth"));
  std::normal_distribution<double> g(0.0, sigma);
  SlipData d;
  for (const Eigen::Vector3d& x : w) {
    d.s.push_back(x);
    d.f.push_back(model->q(x) + Eigen::Vector3d(g(engine), g(engine), g(engine)));
    d.weight.push_back(1.0);
  }
  return d;
}

}  // namespace

TEST_CASE("the uncertainty of a model linear in its parameters is the closed form sigma^2 (A^T A)^-1") {
  // r = A p - b at the least-squares p: J = A, and the covariance, the t quantile and the
  // intervals are those of ordinary linear regression.
  std::mt19937_64 engine(3);
  std::normal_distribution<double> g;
  Eigen::MatrixXd A(13, 3);
  for (Eigen::Index i = 0; i < A.size(); ++i) A(i) = g(engine);
  Eigen::VectorXd b(13);
  for (Eigen::Index i = 0; i < b.size(); ++i) b[i] = g(engine);
  const Eigen::VectorXd p = (A.transpose() * A).ldlt().solve(A.transpose() * b);
  const Eigen::VectorXd r = A * p - b;
  const FitEstimate e = estimate_uncertainty(A, r, p);
  const double s2 = r.squaredNorm() / 10.0;
  const Eigen::MatrixXd C = s2 * (A.transpose() * A).inverse();
  CHECK(e.dof == 10);
  CHECK(e.sigma2 == doctest::Approx(s2).epsilon(1e-14));
  CHECK((e.covariance - C).norm() <= 1e-12 * C.norm());
  // Student's t at 10 degrees of freedom, 0.975: 2.228138851986 (any table).
  CHECK(e.t975 == doctest::Approx(2.228138851986).epsilon(1e-12));
  for (int j = 0; j < 3; ++j) {
    CHECK(e.determined[static_cast<std::size_t>(j)]);
    CHECK(e.upper95[j] - p[j] == doctest::Approx(2.228138851986 * std::sqrt(C(j, j))).epsilon(1e-10));
  }
  CHECK(e.condition >= 1.0);
}

TEST_CASE("parameters that the data cannot tell apart are named undetermined") {
  // Two equal columns: only p0 + p1 is determined; p2 is.
  Eigen::MatrixXd A(8, 3);
  for (int i = 0; i < 8; ++i) A.row(i) << i + 1.0, i + 1.0, std::cos(i);
  const Eigen::VectorXd p = Eigen::Vector3d(1, 2, 3);
  Eigen::VectorXd r(8);
  for (int i = 0; i < 8; ++i) r[i] = 0.01 * std::sin(3.0 * i);
  const FitEstimate e = estimate_uncertainty(A, r, p);
  CHECK(!e.determined[0]);
  CHECK(!e.determined[1]);
  CHECK(e.determined[2]);
  CHECK(std::isnan(e.std_error[0]));
  CHECK(std::isfinite(e.std_error[2]));
  CHECK(e.singular_values[2] <= kRankTolerance * e.singular_values[0]);
}

TEST_CASE("mu P alone is linear: the fit equals the closed-form least squares of (31)") {
  // F_i = mu P q(w_i) + noise: mu P* = sum q_i . t_i / sum |q_i|^2, its variance s^2 / sum |q_i|^2.
  std::mt19937_64 engine(11);
  FitSpec spec;
  spec.source = "test";
  spec.problem = kudra_problem();
  spec.problem_source = "kudra";
  spec.parameters.push_back({kMuPKey, 5.0, 0.0, 1e3});
  spec.mu_P = 5.0;
  spec.R = 0.02;
  const auto w = directions(engine, 40);
  SlipData d = generated(spec, {5.0}, w, 0.0, engine);
  const auto model = make_friction_model(parse_problem(spec.problem, "kudra"));
  const double rho_m = parse_problem(spec.problem, "kudra").rho_over_R() * 0.02;
  std::normal_distribution<double> g(0.0, 0.3);
  double qq = 0.0, qt = 0.0;
  d.friction = FrictionColumns::force;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const Eigen::Vector3d q = model->q(d.s[i]);
    const Eigen::Vector3d t = 12.5 * q + Eigen::Vector3d(g(engine), g(engine), g(engine));  // (F_x, F_y, T_z/rho)
    d.f[i] = Eigen::Vector3d(t[0], t[1], t[2] * rho_m);
    qq += q.squaredNorm();
    qt += q.dot(t);
  }
  const FitResult r = fit_slip_data(spec, d);
  REQUIRE(r.converged);
  const double mu_P = qt / qq;
  // Ceres stops when the cost changes by < kFunctionTolerance = 1e-12 relative: on a quadratic
  // cost that leaves |mu P - mu P*| <~ 1e-6 sqrt(dof / 2) std_error ~ 8e-6 std_error (dof 119).
  CHECK(std::abs(r.best[0] - mu_P) <= 1e-5 * r.estimate.std_error[0]);
  double s2 = 0.0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const Eigen::Vector3d t(d.f[i][0], d.f[i][1], d.f[i][2] / rho_m);
    s2 += (mu_P * model->q(d.s[i]) - t).squaredNorm();
  }
  s2 /= static_cast<double>(3 * d.size() - 1);
  CHECK(r.estimate.std_error[0] == doctest::Approx(std::sqrt(s2 / qq)).epsilon(1e-6));
}

TEST_CASE("a fit started at the optimum of noiseless data stays there") {
  const std::vector<double> truth{0.8, 1.3, 1.1, 0.9};
  std::mt19937_64 engine(5);
  const FitSpec spec = kudra_spec(truth);
  const SlipData d = generated(spec, truth, directions(engine, 50), 0.0, engine);
  const FitResult r = fit_slip_data(spec, d);
  REQUIRE(r.converged);
  for (int j = 0; j < 4; ++j) CHECK(r.best[j] == doctest::Approx(truth[static_cast<std::size_t>(j)]).epsilon(1e-12));
  CHECK(r.starts[0].iterations <= 1);
  CHECK(r.rms <= 1e-14);
}

TEST_CASE("the 95 % intervals cover the generating parameters at their rate over 200 seeds") {
  // 200 independent data sets (60 directions, noise 0.01) from known (b_T, b_M, m_T, m_M): each
  // parameter's interval covers its truth in Binomial(200, 0.95) of them, mean 190, sd 3.1;
  // [180, 199] excludes a rate off by 3 sd either way (199: a 100 % rate, intervals too wide).
  const std::vector<double> truth{0.8, 1.3, 1.1, 0.9};
  std::array<int, 4> covered{0, 0, 0, 0};
  int converged = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    std::mt19937_64 engine(seed);
    const FitSpec spec = kudra_spec({1.0, 1.0, 1.0, 1.0});
    const SlipData d = generated(spec, truth, directions(engine, 60), 0.01, engine);
    const FitResult r = fit_slip_data(spec, d);
    converged += r.converged;
    for (std::size_t j = 0; j < 4; ++j) {
      const auto i = static_cast<Eigen::Index>(j);
      covered[j] += r.estimate.lower95[i] <= truth[j] && truth[j] <= r.estimate.upper95[i];
    }
  }
  CHECK(converged == 200);
  for (const int c : covered) {
    CHECK(c >= 180);
    CHECK(c <= 199);
  }
}

TEST_CASE("odd models: q(-w) = -q(w), and a fit over antipodal pairs evaluates each pair once with the same rows") {
  // Every model declaring odd() (friction/model.hpp) is odd on random directions, for each
  // order of the kudra-pade family on a distorted contact (numerators odd, denominators even in
  // (v_s, omega_s), (44)/(47)/(48) [Kudra & Awrejcewicz 2013]): an identity, to rounding.
  constexpr double kOddRounding = 1e-14;  // q = O(1) from ~100 operations, each rounded to eps
  std::mt19937_64 engine(11);
  const std::vector<Eigen::Vector3d> w = directions(engine, 200);
  for (const int order : {1, 3, 5, 7}) {
    nlohmann::json problem = kudra_problem();
    problem["friction"]["order"] = order;
    const auto model = make_friction_model(parse_problem(problem, "odd"));
    REQUIRE(model->odd());
    for (const Eigen::Vector3d& x : w) CHECK((model->q(-x) + model->q(x)).norm() <= kOddRounding);
  }
  // The data: 50 directions and their exact negatives, generated with noise (so the data are not
  // odd); the fit's rows must be the model evaluated at each row, mirrored or not.
  std::vector<Eigen::Vector3d> pairs = directions(engine, 50);
  for (std::size_t i = 0; i < 50; ++i) pairs.push_back(-pairs[i]);
  const std::vector<double> truth{0.8, 1.3, 1.1, 0.9};
  const FitSpec spec = kudra_spec({1.0, 1.0, 1.0, 1.0});
  const SlipData d = generated(spec, truth, pairs, 0.01, engine);
  const FitResult r = fit_slip_data(spec, d);
  REQUIRE(r.converged);
  std::vector<double> best(r.best.data(), r.best.data() + r.best.size());
  const auto model = make_friction_model(parse_problem(problem_with(spec, best), "best"));
  REQUIRE(r.rows.model.size() == d.size());
  for (std::size_t i = 0; i < d.size(); ++i) CHECK((r.rows.model[i] - model->q(d.s[i])).norm() <= kOddRounding);
}

}  // namespace test_fit
