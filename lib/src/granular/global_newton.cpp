// Semismooth Newton on the whole local problem (granular/global_newton.hpp).
#include "limitdir/granular/global_newton.hpp"

#include <Eigen/SparseCore>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cfloat>
#include <cstddef>
#include <utility>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/rolling/cone.hpp"
#include "granular/error_sums.hpp"

namespace limitdir {

namespace {

using SparseMatrix = Eigen::SparseMatrix<double>;
using Triplets = std::vector<Eigen::Triplet<double>>;

// Armijo's constant and the shortest step of the line search, as in one contact's Newton
// (rolling/one_contact_newton.cpp): any decrease of order 1e-4 of the step will do
// (Nocedal & Wright, Sect. 3.1); a step halved 30 times (2^-30) moves p by < 1e-9 of the full one.
constexpr double kArmijo = 1e-4;
constexpr double kShortest = 0x1p-30;
// A Newton step is taken only if the line search accepts at least 1e-3 of it: a shorter one comes
// from a nearly singular J (a hyperstatic network: the step is huge along J's near-null space)
// or a generalized Jacobian taken at a kink, and is no longer a good direction; then the
// Levenberg-Marquardt step is tried instead. When that too is accepted only below 1e-3 twice in
// a row, the method has lost its way (at that pace it would need ~1e3 steps where near a
// solution it takes one): it returns its best iterate, and the caller reports the step.
constexpr double kShortStep = 1e-3;
constexpr int kShortSteps = 2;
// Nor does it go on when 5 steps have not halved the error: converging, it gains far more (one
// step suffices in ~40 % of the hand-overs measured at mu_r = 10 and 100 radii, and the rest
// spread over 2-20 steps); creeping, it would spend the caller's time on a step reported as
// above the tolerance anyway (docs/manual.md section 15).
constexpr int kProgressSteps = 5;
constexpr double kProgressFactor = 0.5;

// W = H M^-1 H^T from its factors: H is 5 n_c x 6 n_b, body k's columns 6k..6k+2 its velocity,
// 6k+3..6k+5 its angular velocity (granular/delassus.hpp).
SparseMatrix delassus_from_factors(const DelassusFactors& f) {
  const int nc = static_cast<int>(f.H.size()), nb = static_cast<int>(f.inv_mass.size());
  Triplets h, m;
  h.reserve(static_cast<std::size_t>(nc) * 60);
  const auto put = [&](int a, int column, const Matrix5x3& block) {
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 3; ++j)
        if (block(i, j) != 0.0) h.emplace_back(5 * a + i, column + j, block(i, j));
  };
  for (int a = 0; a < nc; ++a) {
    const ContactJacobian& J = f.H[static_cast<std::size_t>(a)];
    const int ba = f.a[static_cast<std::size_t>(a)], bb = f.b[static_cast<std::size_t>(a)];
    put(a, 6 * ba, J.Hv_a);
    put(a, 6 * ba + 3, J.Hw_a);
    if (bb >= 0) {
      put(a, 6 * bb, J.Hv_b());
      put(a, 6 * bb + 3, J.Hw_b);
    }
  }
  for (int k = 0; k < nb; ++k)
    for (int j = 0; j < 6; ++j)
      m.emplace_back(6 * k + j, 6 * k + j, j < 3 ? f.inv_mass[static_cast<std::size_t>(k)] : f.inv_inertia[static_cast<std::size_t>(k)]);
  SparseMatrix H(5 * nc, 6 * nb), Minv(6 * nb, 6 * nb);
  H.setFromTriplets(h.begin(), h.end());
  Minv.setFromTriplets(m.begin(), m.end());
  return SparseMatrix(H * Minv * H.transpose());
}

SparseMatrix delassus_from_blocks(const BlockSparseProblem& pb) {
  const int nc = pb.contacts();
  Triplets t;
  t.reserve(static_cast<std::size_t>(nc + static_cast<int>(pb.blocks.size())) * 25);
  const auto put = [&](int a, int b, const Matrix5& block) {
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 5; ++j) t.emplace_back(5 * a + i, 5 * b + j, block(i, j));
  };
  for (int a = 0; a < nc; ++a) {
    put(a, a, pb.diagonal[static_cast<std::size_t>(a)]);
    for (int k = pb.row_start[static_cast<std::size_t>(a)]; k < pb.row_start[static_cast<std::size_t>(a) + 1]; ++k)
      put(a, pb.column[static_cast<std::size_t>(k)], pb.blocks[static_cast<std::size_t>(k)]);
  }
  SparseMatrix W(5 * nc, 5 * nc);
  W.setFromTriplets(t.begin(), t.end());  // blocks of one (a, b) met twice (two shared spheres) are summed
  return W;
}

// The map Newton works on. Scaled: the variables p' = D^-1 p, y' = D y, D = diag(1, 1, 1, l, l)
// per contact (rolling/cone.hpp's reference length), W' = D W D, q' = D q, mu_r' = mu_r / l, and
// rho_alpha = 1 / max W'_ii of its diagonal block (the natural step of (61)). Siconos': p itself
// and rho = 1, the natural map whose norm siconos_error measures, so that the line search's merit
// |G|^2 is the error's own residual.
enum class Variables { scaled, siconos };

struct ScaledProblem {
  SparseMatrix W;
  Eigen::VectorXd q, d;
  std::vector<RollingCone> cones;
  std::vector<double> rho;
};

ScaledProblem scaled(const BlockSparseProblem& pb, const std::vector<double>& length, Variables variables) {
  const int nc = pb.contacts();
  ScaledProblem s;
  s.d = Eigen::VectorXd::Ones(5 * nc);
  s.cones = pb.cones;
  if (variables == Variables::scaled && !length.empty())
    for (int a = 0; a < nc; ++a) {
      const double l = length[static_cast<std::size_t>(a)];
      s.d.segment<2>(5 * a + 3).setConstant(l);
      s.cones[static_cast<std::size_t>(a)].mu_r /= l;
    }
  const SparseMatrix W = pb.factored() ? delassus_from_factors(pb.factors) : delassus_from_blocks(pb);
  s.W = s.d.asDiagonal() * W * s.d.asDiagonal();
  s.q = s.d.cwiseProduct(pb.q);
  s.rho.assign(static_cast<std::size_t>(nc), 1.0);
  if (variables == Variables::scaled)
    for (int a = 0; a < nc; ++a) {
      Vector5 diagonal;
      for (int i = 0; i < 5; ++i) diagonal[i] = W.coeff(5 * a + i, 5 * a + i);
      s.rho[static_cast<std::size_t>(a)] = natural_step(diagonal, s.d[5 * a + 3]);
    }
  return s;
}

// G(x) of s's map, and (jacobian != nullptr) its generalized Jacobian
// dG = I - dP (I - rho dyhat/dy W'), contact by contact.
Eigen::VectorXd natural_map_all(const ScaledProblem& s, const Eigen::VectorXd& x, SparseMatrix* jacobian) {
  const Eigen::VectorXd y = s.W * x + s.q;
  const int nc = static_cast<int>(s.cones.size());
  Eigen::VectorXd G(5 * nc);
  Triplets identity_part, coupling_part;
  for (int a = 0; a < nc; ++a) {
    const RollingCone& cone = s.cones[static_cast<std::size_t>(a)];
    const double rho = s.rho[static_cast<std::size_t>(a)];
    const Vector5 ya = y.segment<5>(5 * a), xa = x.segment<5>(5 * a);
    const Vector5 argument = xa - rho * modified_velocity(ya, cone);
    G.segment<5>(5 * a) = xa - project_rolling_cone(argument, cone).p;
    if (jacobian == nullptr) continue;
    const Matrix5 dP = projection_jacobian(argument, cone);
    const Matrix5 I_minus_dP = Matrix5::Identity() - dP;
    const Matrix5 C = rho * dP * modified_velocity_jacobian(ya, cone);  // multiplies row block a of W'
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 5; ++j) {
        if (I_minus_dP(i, j) != 0.0) identity_part.emplace_back(5 * a + i, 5 * a + j, I_minus_dP(i, j));
        if (C(i, j) != 0.0) coupling_part.emplace_back(5 * a + i, 5 * a + j, C(i, j));
      }
  }
  if (jacobian != nullptr) {
    SparseMatrix A(5 * nc, 5 * nc), Cm(5 * nc, 5 * nc);
    A.setFromTriplets(identity_part.begin(), identity_part.end());
    Cm.setFromTriplets(coupling_part.begin(), coupling_part.end());
    *jacobian = A + SparseMatrix(Cm * s.W);
  }
  return G;
}

using SparseLu = Eigen::SparseLU<SparseMatrix, Eigen::COLAMDOrdering<int>>;

// The Newton step J d = -G; false where J does not factor (a hyperstatic set of sticking
// contacts makes W, hence J, rank deficient).
bool newton_step(SparseMatrix& J, const Eigen::VectorXd& G, SparseLu& lu, Eigen::VectorXd& step) {
  J.makeCompressed();
  lu.compute(J);
  if (lu.info() != Eigen::Success) return false;
  step = lu.solve(Eigen::VectorXd(-G));
  return lu.info() == Eigen::Success && step.allFinite();
}

// Levenberg-Marquardt's shift, relative to the largest diagonal entry of J^T J: 1e-10 leaves the
// step of every direction J resolves to 1e-10 relative (a singular value of J above 1e-5 of its
// largest), and a null direction of J, where J^T G vanishes up to rounding eps |J| |G|, gets a
// component of at most eps/1e-10 ~ 1e-6 of |G|.
constexpr double kLevenbergShift = 1e-10;

// Where the Newton step fails (J singular, or a step the line search rejects): the step of
// (J^T J + mu I) d = -J^T G, a descent direction of |G|^2 without components along J's null
// space (the equal-error directions of a hyperstatic network).
bool levenberg_step(const SparseMatrix& J, const Eigen::VectorXd& G, Eigen::VectorXd& step) {
  SparseMatrix A = SparseMatrix(J.transpose() * J);
  // mu = kLevenbergShift max_i (J^T J)_ii added in place (coeffRef inserts a diagonal entry the
  // product left out).
  const Eigen::VectorXd diagonal = A.diagonal();
  const double shift = kLevenbergShift * std::max(diagonal.maxCoeff(), DBL_MIN);
  for (int i = 0; i < A.rows(); ++i) A.coeffRef(i, i) += shift;
  const Eigen::SimplicialLDLT<SparseMatrix> ldlt(A);
  if (ldlt.info() != Eigen::Success) return false;
  step = ldlt.solve(Eigen::VectorXd(-(J.transpose() * G)));
  return step.allFinite();
}

// Backtracking from t = 1 down to `shortest` with Armijo's test |G(x + t d)|^2 <= |G|^2 +
// 2 sigma t slope, slope = G . J d the derivative of |G|^2 / 2 along d (-|G|^2 for the Newton
// step). On success x, G and t (the step taken) are updated.
bool line_search(const ScaledProblem& s, Eigen::VectorXd& x, Eigen::VectorXd& G, const Eigen::VectorXd& step,
                 double slope, double shortest, double& t) {
  if (!(slope < 0.0)) return false;
  const double merit = G.squaredNorm();
  for (t = 1.0; t >= shortest; t *= 0.5) {
    Eigen::VectorXd trial = x + t * step;
    Eigen::VectorXd G_trial = natural_map_all(s, trial, nullptr);
    if (G_trial.squaredNorm() <= merit + 2.0 * kArmijo * t * slope) {
      x = std::move(trial);
      G = std::move(G_trial);
      return true;
    }
  }
  return false;
}

// The stopping test's error at p: siconos_error, or the larger of it and consistent_error
// times tol/consistent_tol (weight), so that "<= tol" asks each for its own tolerance; both
// from one pass over the contacts (granular/error_sums.hpp).
struct StopError {
  const BlockSparseProblem& problem;
  const std::vector<double>& length;
  double weight;  // 0: Siconos' error alone
  detail::StepErrors at(const Eigen::VectorXd& p) const {
    return detail::step_errors(detail::serial_sums(problem, p, length, weight > 0.0), weight);
  }
  double operator()(const Eigen::VectorXd& p) const { return at(p).worst(); }
};

// Newton steps on s's map from p (updated: the iterate of smallest error met).
GlobalNewtonResult newton(const ScaledProblem& s, const StopError& stop_error, Eigen::VectorXd& p, double tol,
                          int max_iter) {
  const auto error = [&](const Eigen::VectorXd& x) { return stop_error(Eigen::VectorXd(s.d.cwiseProduct(x))); };
  Eigen::VectorXd x = p.cwiseQuotient(s.d);
  GlobalNewtonResult out;
  out.error = error(x);
  Eigen::VectorXd best = x;
  SparseMatrix J;
  Eigen::VectorXd G = natural_map_all(s, x, nullptr);
  SparseLu lu;
  int short_steps = 0;  // consecutive accepted steps shorter than kShortStep
  double checkpoint = out.error;  // the error kProgressSteps steps ago
  for (int k = 0; k < max_iter && out.error > tol; ++k) {
    poll_cancellation();  // core/cancellation.hpp: once per step (up to ~0.3 s at the size bound)
    natural_map_all(s, x, &J);
    Eigen::VectorXd step;
    double t = 0.0;
    bool moved = newton_step(J, G, lu, step) && line_search(s, x, G, step, -G.squaredNorm(), kShortStep, t);
    if (!moved) moved = levenberg_step(J, G, step) && line_search(s, x, G, step, G.dot(J * step), kShortest, t);
    if (!moved) break;
    ++out.iterations;
    const double e = error(x);
    if (e < out.error) {
      out.error = e;
      best = x;
    }
    short_steps = t < kShortStep ? short_steps + 1 : 0;
    if (short_steps == kShortSteps) break;
    if ((k + 1) % kProgressSteps == 0) {
      if (!(out.error <= kProgressFactor * checkpoint)) break;
      checkpoint = out.error;
    }
  }
  p = s.d.cwiseProduct(best);
  return out;
}

}  // namespace

// Siconos' variables first, the scaled ones where those stop above tol (each from the iterate
// handed over). On the 16 steps of a 20-sphere pile at mu_r = 100 radii where block
// Gauss-Seidel stagnates (tests/granular/test_global_newton.cpp), Newton in the scaled variables
// alone reached the tolerance on 7: on the other 9 it shrank its own |G| while siconos_error
// stayed at or above the hand-over's (the two maps weigh the rolling rows differently, by l^2
// and by rho), until its progress test stopped it. In Siconos' variables 15 of the 16 reach the
// tolerance, mostly in one step; the one left is solved in one step in the scaled variables.
GlobalNewtonResult solve_global_newton(const BlockSparseProblem& problem, Eigen::VectorXd& p, double tol, int max_iter,
                                       const std::vector<double>& length, double consistent_tol) {
  const StopError stop_error{problem, length, consistent_tol > 0.0 ? tol / consistent_tol : 0.0};
  Eigen::VectorXd x = p;
  GlobalNewtonResult out = newton(scaled(problem, length, Variables::siconos), stop_error, x, tol, max_iter);
  if (out.error > tol) {
    Eigen::VectorXd y = p;
    const GlobalNewtonResult second = newton(scaled(problem, length, Variables::scaled), stop_error, y, tol, max_iter);
    out.iterations += second.iterations;
    if (second.error < out.error) {
      out.error = second.error;
      x = std::move(y);
    }
  }
  p = std::move(x);
  const detail::StepErrors at_p = stop_error.at(p);
  out.error = at_p.siconos.error;
  out.consistent_error = at_p.consistent.error;
  return out;
}

}  // namespace limitdir
