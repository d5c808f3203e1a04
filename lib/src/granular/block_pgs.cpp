// Block projected Gauss-Seidel on sparse Delassus blocks (granular/block_pgs.hpp).
#include "limitdir/granular/block_pgs.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <cmath>
#include <limits>

#include <Eigen/Cholesky>
#include <Eigen/LU>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/granular/anderson_mixing.hpp"
#include "limitdir/granular/global_newton.hpp"
#include "limitdir/rolling/one_contact_newton.hpp"
#include "granular/error_sums.hpp"

namespace limitdir {

namespace {

// D = diag(1, 1, 1, l, l) of rolling/cone.hpp's reference length: y' = D y, p' = D^-1 p.
Vector5 scale_down(const Vector5& p, double l) {
  Vector5 out = p;
  out.tail<2>() /= l;
  return out;
}
Vector5 scale_up(const Vector5& p, double l) {
  Vector5 out = p;
  out.tail<2>() *= l;
  return out;
}

/// The two cases of the one-contact problem (67) with a closed-form solution, tried before the
/// iteration: sticking, p = -W^-1 qbar inside K_r, where y = 0 and yhat = 0 (so p in K_r,
/// yhat in K_r*, p . yhat = 0); opening, qbar_N >= 0, where p = 0 and yhat = qbar + g(qbar) has
/// yhat_N = qbar_N + mu |qbar_T| + mu_r |qbar_R| >= mu |qbar_T| + mu_r |qbar_R| (in K_r*). p is
/// set and true returned in these cases; else p is left as it is.
bool exact_one_contact(const Eigen::LLT<Matrix5>& W, const Vector5& qbar, const RollingCone& cone, Vector5& p) {
  if (qbar[0] >= 0.0) {
    p.setZero();
    return true;
  }
  if (W.info() != Eigen::Success) return false;  // W^{aa} not numerically positive definite
  const Vector5 stick = -W.solve(qbar);
  if (stick[0] > 0.0 && stick.segment<2>(1).norm() < cone.mu * stick[0] && stick.tail<2>().norm() < cone.mu_r * stick[0]) {
    p = stick;
    return true;
  }
  return false;
}

}  // namespace

namespace {

// Stagnation of the sweeps: their smallest error has not fallen by 1 % over the last 300
// sweeps. Gauss-Seidel converging linearly at a rate r loses no more than 1 % in 300 sweeps
// only when r > 0.99997 (~7e4 sweeps a decade, 70 times the default cap); at mu_r of many radii
// the sweeps creep along a nearly singular direction of W (a loop of rolling moments nearly a
// self-stress), their error flat from the first tens of sweeps to the cap (docs/manual.md
// section 15, "When the sweeps creep"). 100 sweeps cut some that were still to converge after a
// plateau.
constexpr int kStallSweeps = 300;
constexpr double kStallFactor = 0.99;
// Stagnation of Anderson's mixing: no 1 % gain over 50 sweeps. Where it works it gains a decade
// in ~10 to 20 sweeps on the piles' slow steps (docs/manual.md section 15, "Anderson's mixing");
// 50 flat sweeps mean it cycles between modes of the contacts, where the plain sweeps converge.
constexpr int kMixingStallSweeps = 50;

// Contacts per item of a parallel loop: enough work per item (a one-contact solve is ~1 us) that
// taking items costs little, and a fixed size, so that the error's sums per chunk (below) are
// the same whatever the thread count.
constexpr std::size_t kChunk = 64;

// The coupling term of (67), q^a + sum_{b != a} W^{ab} p^b, during the sweeps: from the blocks,
// or (factored W) from the bodies' velocity changes dv = M^-1 H^T p, updated as each p^a changes
// and gathered afresh body by body before each error (so rounding does not build up over sweeps).
class Coupling {
 public:
  Coupling(const BlockSparseProblem& problem, const Eigen::VectorXd& p, WorkerPool* pool) : w_(problem) {
    if (w_.factored()) body_velocity_changes(w_.factors, p, dv_, pool);
  }
  /// (W p + q)^a - W^{aa} p^a.
  Vector5 qbar(int a, const Eigen::VectorXd& p) const {
    const Vector5 qa = w_.q.segment<5>(5 * a);
    if (!w_.factored()) return qa + w_.coupling(a, p);
    return qa + contact_velocity_change(w_.factors, a, dv_) - w_.diagonal[static_cast<std::size_t>(a)] * p.segment<5>(5 * a);
  }
  /// (W p + q)^a.
  Vector5 velocity(int a, const Eigen::VectorXd& p) const {
    if (!w_.factored()) return w_.q.segment<5>(5 * a) + (w_.diagonal[static_cast<std::size_t>(a)] * p.segment<5>(5 * a) + w_.coupling(a, p));
    return w_.q.segment<5>(5 * a) + contact_velocity_change(w_.factors, a, dv_);
  }
  /// p^a changed by dp (no other contact of a's bodies is changing at the same time).
  void moved(int a, const Vector5& dp) {
    if (w_.factored()) add_contact_impulse(w_.factors, a, dp, dv_);
  }
  void refresh(const Eigen::VectorXd& p, WorkerPool* pool) {
    if (w_.factored()) body_velocity_changes(w_.factors, p, dv_, pool);
  }

 private:
  const BlockSparseProblem& w_;
  std::vector<Vector6> dv_;
};

// The per-contact data of the one-contact solves (scaled W^{aa}, cone, step, tolerance).
struct LocalSolves {
  std::vector<Matrix5> Wd;
  std::vector<Eigen::LLT<Matrix5>> llt;  ///< of Wd (W^{aa} is symmetric positive definite)
  std::vector<RollingCone> cone;
  std::vector<double> rho, l, tol;  ///< rho: the fixed point's step, adapted by its step rule
};

LocalSolves local_solves(const BlockSparseProblem& problem, const BlockPgsOptions& options,
                         const std::vector<double>& length, WorkerPool* pool) {
  const std::size_t nc = static_cast<std::size_t>(problem.contacts());
  LocalSolves L;
  L.Wd.resize(nc);
  L.llt.resize(nc);
  L.cone.resize(nc);
  L.rho.resize(nc);
  L.l.assign(nc, 1.0);
  L.tol.resize(nc);
  const auto one = [&](std::size_t k) {
    if (!length.empty()) L.l[k] = length[k];
    Vector5 d = Vector5::Ones();
    d.tail<2>().setConstant(L.l[k]);
    L.Wd[k] = d.asDiagonal() * problem.diagonal[k] * d.asDiagonal();
    L.cone[k] = {problem.cones[k].mu, problem.cones[k].mu_r / L.l[k]};
    L.rho[k] = natural_step(problem.diagonal[k].diagonal(), L.l[k]);  // the start of the step rule
    L.llt[k].compute(L.Wd[k]);
    // The one-contact solves measure their error in the scaled variables, relative to |qbar'|;
    // in SI a velocity error of the rolling rows is 1/l times the scaled one and an impulse
    // error l times, and |qbar| >= |qbar'| / max(1, l): a scaled error e' is an SI error of at
    // most e' max(l, 1/l) max(1, l). The local tolerance divides that factor out.
    L.tol[k] = options.local_tol_factor * options.tol / (std::max(L.l[k], 1.0 / L.l[k]) * std::max(1.0, L.l[k]));
  };
  for_each_index(pool, nc, kChunk, one);  // each contact's own entries
  return L;
}

}  // namespace

namespace {

// Greedy colouring in contact order: each contact the smallest colour none of its earlier
// neighbours has. neighbours(a, f) calls f(b) for each neighbour b of a.
template <class Neighbours>
std::vector<int> greedy_colours(int nc, const Neighbours& neighbours) {
  std::vector<int> colour(static_cast<std::size_t>(nc), -1);
  std::vector<int> taken;  // taken[c] == a: colour c is an earlier neighbour's of contact a
  for (int a = 0; a < nc; ++a) {
    neighbours(a, [&](int b) {
      if (b >= a) return;
      const std::size_t c = static_cast<std::size_t>(colour[static_cast<std::size_t>(b)]);
      if (c >= taken.size()) taken.resize(c + 1, -1);
      taken[c] = a;
    });
    int c = 0;
    while (static_cast<std::size_t>(c) < taken.size() && taken[static_cast<std::size_t>(c)] == a) ++c;
    colour[static_cast<std::size_t>(a)] = c;
  }
  return colour;
}

}  // namespace

std::vector<int> contact_colours(const BlockSparseProblem& problem) {
  return greedy_colours(problem.contacts(), [&](int a, const auto& f) { problem.for_each_neighbour(a, f); });
}

std::vector<int> contact_colours(const std::vector<SphereContact>& contacts, const std::vector<int>& start,
                                 const std::vector<int>& member) {
  return greedy_colours(static_cast<int>(contacts.size()), [&](int a, const auto& f) {
    const SphereContact& c = contacts[static_cast<std::size_t>(a)];
    for (const int body : {c.a, c.with_wall() ? -1 : c.b}) {
      if (body < 0) continue;
      for (int m = start[static_cast<std::size_t>(body)]; m < start[static_cast<std::size_t>(body) + 1]; ++m)
        if (member[static_cast<std::size_t>(m)] != a) f(member[static_cast<std::size_t>(m)]);
    }
  });
}

std::vector<int> colour_order(const std::vector<int>& colours) {
  std::vector<int> order(colours.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int>(k);
  if (std::is_sorted(colours.begin(), colours.end())) return order;
  std::stable_sort(order.begin(), order.end(),
                   [&](int x, int y) { return colours[static_cast<std::size_t>(x)] < colours[static_cast<std::size_t>(y)]; });
  return order;
}

namespace {

// One sweep's outcome: the local iterations taken, and whether any p^a changed.
struct SweepOutcome {
  long iterations = 0;
  bool changed = false;
};

// The sweeps of (66)-(67) over a problem: the one-contact data, the visiting order (colour by
// colour with threads >= 2) and the coupling term kept up to date.
class Sweeper {
 public:
  Sweeper(const BlockSparseProblem& problem, const Eigen::VectorXd& p, const BlockPgsOptions& options,
          const std::vector<double>& length, WorkerPool* pool)
      : problem_(problem), options_(options), pool_(pool), L_(local_solves(problem, options, length, pool)),
        coupling_(problem, p, pool) {
    if (pool_ == nullptr || options_.threads <= 1) return;
    const std::vector<int> colours = contact_colours(problem);
    // (the stepper stores its contacts in colour order already: then the order is 0, 1, ...)
    order_ = colour_order(colours);
    for (std::size_t k = 1; k <= order_.size(); ++k)
      if (k == order_.size() || colours[static_cast<std::size_t>(order_[k])] != colours[static_cast<std::size_t>(order_[k - 1])])
        colour_start_.push_back(static_cast<int>(k));
  }

  /// One sweep from p (updated in place), the local tolerances multiplied by `looser`.
  SweepOutcome sweep(Eigen::VectorXd& p, double looser) {
    if (colour_start_.size() < 2) {
      SweepOutcome out;
      for (int a = 0; a < problem_.contacts(); ++a) visit(a, p, looser, out);
      return out;
    }
    std::atomic<long> iterations{0};
    std::atomic<bool> changed{false};
    for (std::size_t c = 0; c + 1 < colour_start_.size(); ++c) {
      const std::size_t first = static_cast<std::size_t>(colour_start_[c]);
      const std::size_t n = static_cast<std::size_t>(colour_start_[c + 1]) - first;
      pool_->for_each(chunk_count(n, kChunk), [&](std::size_t j) {
        SweepOutcome part;
        for (std::size_t i = j * kChunk; i < std::min(n, (j + 1) * kChunk); ++i) visit(order_[first + i], p, looser, part);
        iterations.fetch_add(part.iterations);  // integers: the same sum in any order
        if (part.changed) changed.store(true);
      });
    }
    return {iterations.load(), changed.load()};
  }

  /// The errors at p after a sweep or a change of p by another method: the blocks' serial sums
  /// for one thread; else (and for factored W) the sums per fixed chunk, the same whatever the
  /// thread count.
  detail::StepErrors errors(const Eigen::VectorXd& p) {
    coupling_.refresh(p, pool_);
    const bool consistent = options_.consistent_tol > 0.0;
    const auto velocity = [&](int a) { return coupling_.velocity(a, p); };
    return detail::step_errors(colour_start_.size() >= 2 || problem_.factored()
                                   ? detail::chunked_sums(problem_, p, velocity, L_.l, consistent, kChunk, pool_)
                                   : detail::serial_sums(problem_, p, L_.l, consistent),
                               consistent ? options_.tol / options_.consistent_tol : 0.0);
  }
  /// The coupling term brought to p (changed by another method than a sweep).
  void reset(const Eigen::VectorXd& p) { coupling_.refresh(p, pool_); }
  /// Each contact's reference length l (1 without lengths).
  const std::vector<double>& lengths() const { return L_.l; }
  /// p projected on the cones contact by contact, in the one-contact solves' scaled variables.
  /// (Each contact its own entries: on the pool's threads when there is one.)
  void project(Eigen::VectorXd& p) const {
    for_each_index(pool_, static_cast<std::size_t>(problem_.contacts()), kChunk, [&](std::size_t k) {
      const Eigen::Index a = static_cast<Eigen::Index>(5 * k);
      p.segment<5>(a) = scale_up(project_rolling_cone(scale_down(p.segment<5>(a), L_.l[k]), L_.cone[k]).p, L_.l[k]);
    });
  }

 private:
  // Contact a's one-contact problem (67) from the current p; reads the p of its neighbours
  // only, writes its own.
  void visit(int a, Eigen::VectorXd& p, double looser, SweepOutcome& out) {
    const std::size_t k = static_cast<std::size_t>(a);
    // qbar of (67): q^a + sum_{b != a} W^{ab} p^b, scaled.
    const Vector5 qbar = scale_up(coupling_.qbar(a, p), L_.l[k]);
    const Vector5 before = scale_down(p.segment<5>(5 * a), L_.l[k]);
    Vector5 pa = before;
    if (!exact_one_contact(L_.llt[k], qbar, L_.cone[k], pa)) {
      // Newton first (rolling/one_contact_newton.hpp); where it stops short of the tolerance,
      // the projected fixed point goes on from its last iterate.
      const double local_tol = L_.tol[k] * looser;
      const OneContactOutcome n =
          options_.local_newton_iter > 0
              ? solve_one_contact_newton(L_.Wd[k], qbar, L_.cone[k], pa, natural_step(problem_.diagonal[k].diagonal(), L_.l[k]), local_tol,
                                         options_.local_newton_iter)
              : OneContactOutcome{0, std::numeric_limits<double>::infinity()};
      out.iterations += n.iterations;
      if (!(n.error <= local_tol)) {
        const OneContactOutcome o =
            solve_one_contact(L_.Wd[k], qbar, L_.cone[k], pa, L_.rho[k], local_tol, options_.local_max_iter, options_.step);
        out.iterations += o.iterations;
      }
    }
    if (pa == before) return;
    out.changed = true;
    const Vector5 old_pa = p.segment<5>(5 * a);
    p.segment<5>(5 * a) = scale_up(pa, L_.l[k]);
    coupling_.moved(a, Vector5(p.segment<5>(5 * a) - old_pa));
  }

  const BlockSparseProblem& problem_;
  const BlockPgsOptions& options_;
  WorkerPool* pool_;
  LocalSolves L_;
  Coupling coupling_;
  std::vector<int> order_, colour_start_{0};
};

// Extrapolation of creeping sweeps (docs/manual.md section 15, "When the sweeps creep"). At
// mu_r of a few radii the sweeps can converge linearly at a rate within 1e-6 of 1: a nearly
// self-equilibrated loop of rolling moments (e.g. a sphere in the hollow of two on the plane,
// the three centres nearly in a vertical plane) is a direction along which W is nearly
// singular (3.8e-6 of its largest eigenvalue, block-Jacobi scaled, against 3.9e-3 for the
// next one, in a measured step), and each sweep moves p by the same small vector d. Along one
// mode x_{k+1} - x* = r (x_k - x*), so the moves d, r d, r^2 d, ... add up to d r/(1 - r):
// Aitken's extrapolation. The moves are taken as steady when three in a row are within
// kSteadyCos of parallel and shrinking (the other modes have died out).
constexpr double kSteadyCos = 0.999;  // 2.6 degrees
constexpr int kSteadySweeps = 3;
// The jump t d, t = r/(1 - r) capped at kMaxJump (r within 1e-8 of 1 is rounding of |d|), is
// projected on the cones and followed by one sweep (which brings the other modes back to it);
// it is taken when that sweep's error is below the current one, else t is divided by
// kJumpShrink down to kMinJump (a jump of 2 sweeps' moves gains little over sweeping on).
// "Below" holds for the stopping test's error (the larger of Siconos' and the consistent one)
// and for each residual itself: a jump that inflates p and y inflates the relative errors'
// scales, and a relative error can fall while its residual grows (a pile step once took a jump to reactions that threw three
// spheres up at 15 m/s, its relative error 9.2e-5 < 1e-4, its normal reactions doing +1.3 J).
// Every trial sweep counts as a sweep (max_sweeps bounds the work).
constexpr double kMaxJump = 1e8;
constexpr double kMinJump = 2.0;
constexpr double kJumpShrink = 4.0;

// The ratio |move|/|last| when the two moves are steady (see above), else 0.
double steady_ratio(const Eigen::VectorXd& move, const Eigen::VectorXd& last) {
  if (move.size() != last.size()) return 0.0;
  const double a = move.norm(), b = last.norm();
  if (!(a > 0.0 && b > 0.0 && a < b)) return 0.0;
  return move.dot(last) > kSteadyCos * a * b ? a / b : 0.0;
}

// Tries the jumps of Aitken's extrapolation from p along its last move (ratio r); true when
// one is taken (p and its errors `now` updated), false with p unchanged (the coupling brought back).
bool extrapolate(Sweeper& sweeper, Eigen::VectorXd& p, const Eigen::VectorXd& move, double ratio, double looser,
                 int max_sweeps, detail::StepErrors& now, BlockPgsResult& out) {
  for (double t = std::min(ratio / (1.0 - ratio), kMaxJump); t >= kMinJump && out.sweeps < max_sweeps; t /= kJumpShrink) {
    Eigen::VectorXd x = p + t * move;
    sweeper.project(x);
    sweeper.reset(x);
    ++out.sweeps;
    ++out.extrapolation_trials;
    out.local_iterations += sweeper.sweep(x, looser).iterations;
    const detail::StepErrors e = sweeper.errors(x);
    if (e.worst() < now.worst() && e.siconos.residual < now.siconos.residual &&
        (e.weight == 0.0 || e.consistent.residual < now.consistent.residual)) {
      p = std::move(x);
      now = e;
      ++out.extrapolations;
      return true;
    }
  }
  sweeper.reset(p);
  return false;
}

// The weight of a sweep's move in Anderson's mixing: 1 on the impulse rows, 1/l on the rolling
// ones (m_R/l, in N s like the others: block_pgs.hpp's scaled variables), so that the least
// squares weigh every row as an impulse.
Eigen::VectorXd mixing_weight(const std::vector<double>& l) {
  Eigen::VectorXd w = Eigen::VectorXd::Ones(5 * static_cast<Eigen::Index>(l.size()));
  for (std::size_t k = 0; k < l.size(); ++k) w.segment<2>(5 * static_cast<Eigen::Index>(k) + 3).setConstant(1.0 / l[k]);
  return w;
}

// Anderson's mixing of the sweeps within one solve (with the consistent error only:
// block_pgs.hpp): made at the first sweep that ends above tol (most steps of a pile take one
// sweep and need none of its storage), off for the rest of the solve once it stalls.
class SweepMixing {
 public:
  explicit SweepMixing(const BlockPgsOptions& options)
      : on_(options.anderson_depth > 0 && options.consistent_tol > 0.0), depth_(options.anderson_depth) {}
  bool on() const { return on_; }
  /// p no longer follows from the sweeps in the history (an extrapolation moved it).
  void forget() {
    if (mixing_) mixing_->clear();
  }
  /// Off when the smallest error has not fallen by 1 % for kMixingStallSweeps sweeps (it can
  /// cycle where the contacts' modes keep changing); true when it went off now.
  bool stalls(int sweeps_since_best) {
    if (!on_ || sweeps_since_best < kMixingStallSweeps) return false;
    on_ = false;
    mixing_.reset();
    return true;
  }
  /// The next sweep's start from the sweep before -> p: the mix, projected on the cones (a
  /// contact the sweep leaves as it is keeps an admissible reaction), the coupling brought to
  /// it. True when p was mixed.
  bool mix(Sweeper& sweeper, const Eigen::VectorXd& before, Eigen::VectorXd& p) {
    if (!mixing_) mixing_ = std::make_unique<AndersonMixing>(depth_, mixing_weight(sweeper.lengths()));
    if (!mixing_->mix(before, p)) return false;
    sweeper.project(p);
    sweeper.reset(p);
    return true;
  }

 private:
  bool on_;
  int depth_;
  std::unique_ptr<AndersonMixing> mixing_;
};

}  // namespace

BlockPgsResult solve_block_pgs(const BlockSparseProblem& problem, Eigen::VectorXd& p, const BlockPgsOptions& options,
                               const std::vector<double>& length, WorkerPool* pool) {
  const int nc = problem.contacts();
  BlockPgsResult out;
  if (nc == 0) {
    out.converged = true;
    return out;
  }
  // threads >= 2: the contacts of one colour (no block between them) at once, colour by colour.
  std::unique_ptr<WorkerPool> own;
  if (options.threads > 1 && pool == nullptr) {
    own = std::make_unique<WorkerPool>(options.threads);
    pool = own.get();
  }
  Sweeper sweeper(problem, p, options, length, options.threads > 1 ? pool : nullptr);
  // At least one sweep, as Siconos' NSGS does: a warm start that already meets the tolerance
  // is still brought to the new step's contact law (else stale tangential reactions of the
  // last step, within the relative tolerance, could do work of the wrong sign).
  detail::StepErrors now;   // the errors at p (infinite before the first sweep)
  double best = now.worst();  // the smallest error so far, as of sweep best_sweep
  int best_sweep = 0;
  Eigen::VectorXd before, move, last_move;  // p before the sweep, its move, the last sweep's move
  int steady = 0;                           // moves in a row steady with the one before
  SweepMixing mixing(options);
  while (now.worst() > options.tol && out.sweeps < options.max_sweeps && !std::isnan(now.worst())) {
    ++out.sweeps;
    poll_cancellation();  // core/cancellation.hpp: once per sweep
    // While the global error is far above tol, the one-contact solves need not be finer than
    // it: their tolerance is loosened by the ratio error/tol of the last sweep (capped at 1e3),
    // and is local_tol itself from the sweep where the global error is within tol's decade.
    const double looser = std::isfinite(now.worst()) ? std::clamp(now.worst() / (10.0 * options.tol), 1.0, 1e3) : 1e3;
    if (options.extrapolate || mixing.on()) before = p;
    const SweepOutcome s = sweeper.sweep(p, looser);
    out.local_iterations += s.iterations;
    now = sweeper.errors(p);
    bool jumped = false;
    if (options.extrapolate) {
      move = p - before;
      const double ratio = steady_ratio(move, last_move);
      steady = ratio > 0.0 ? steady + 1 : 0;
      if (steady >= kSteadySweeps && now.worst() > options.tol &&
          extrapolate(sweeper, p, move, ratio, looser, options.max_sweeps, now, out)) {
        steady = 0;
        move.resize(0);
        mixing.forget();
        jumped = true;
      }
      std::swap(last_move, move);
    }
    if (now.worst() < kStallFactor * best) {
      best = now.worst();
      best_sweep = out.sweeps;
    }
    // A stalled mixing hands over to the plain sweeps, with a stagnation window of their own.
    if (mixing.stalls(out.sweeps - best_sweep)) {
      ++out.mixing_stalls;
      best_sweep = out.sweeps;
    }
    // No contact changed at the final local tolerance (no further sweep will change p), or the
    // sweeps stagnate.
    if ((!s.changed && looser == 1.0) || out.sweeps - best_sweep >= kStallSweeps) break;
    // p stays the last sweep's result whenever the loop ends (its errors are `now`).
    if (mixing.on() && !jumped && now.worst() > options.tol && out.sweeps < options.max_sweeps &&
        mixing.mix(sweeper, before, p))
      ++out.mixes;
  }
  // Above tol (stagnating, unchanged or at the cap): Newton on the whole problem from there.
  if (options.global_newton_iter > 0 && 5 * nc <= max_global_newton_unknowns && now.worst() > options.tol &&
      std::isfinite(now.worst())) {
    out.newton_iterations =
        solve_global_newton(problem, p, options.tol, options.global_newton_iter, length, options.consistent_tol).iterations;
    now = sweeper.errors(p);
  }
  out.error = now.siconos.error;
  out.consistent_error = now.consistent.error;
  out.converged = now.worst() <= options.tol;
  return out;
}

}  // namespace limitdir
