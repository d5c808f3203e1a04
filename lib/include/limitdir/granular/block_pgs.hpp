#pragma once
// The projected Gauss-Seidel (66)-(67) [Acary & Bourrier 2021] on a local problem with W in
// sparse blocks (granular/delassus.hpp), warm-started from the caller's reactions, each
// one-contact problem solved by rolling/solvers.hpp's solve_one_contact (the closed-form
// projection of Prop. 5.2 and De Saxce's modified velocity (32)), stopped on Siconos' error and,
// when asked, the consistent one (granular/stopping_errors.hpp).
#include <Eigen/Core>
#include <vector>

#include "limitdir/granular/delassus.hpp"
#include "limitdir/granular/stopping_errors.hpp"
#include "limitdir/granular/worker_pool.hpp"

namespace limitdir {

struct BlockPgsOptions {
  double tol = 1e-4;     ///< on siconos_error, > 0
  int max_sweeps = 1000;  ///< >= 1
  /// The one-contact solves stop at an error (relative to their |qbar|, in their scaled
  /// variables) of local_tol_factor * tol divided by the scaling's largest factor (see
  /// solve_block_pgs), or after local_max_iter iterations in one visit (the contact is visited
  /// again at the next sweep, from where it stopped). A sweep in which no contact iterates ends
  /// the solve (nothing would change any more).
  double local_tol_factor = 0.1;
  int local_max_iter = 100;
  /// Each one-contact solve first takes up to local_newton_iter semismooth Newton steps
  /// (rolling/one_contact_newton.hpp) and goes on with the projected fixed point only where
  /// they stop short of its tolerance; 0: the fixed point alone.
  int local_newton_iter = 20;
  StepRule step;
  /// Where the sweeps end above tol (they stagnate: their smallest error has not fallen by 1 %
  /// over 300 sweeps; no contact changes; or max_sweeps), up to global_newton_iter steps of
  /// granular/global_newton.hpp's semismooth Newton on the whole problem go on from their
  /// iterate (when 5 n_c <= max_global_newton_unknowns; 0: never).
  int global_newton_iter = 20;
  /// Where the sweeps creep (each moves p by nearly the same vector, shrinking slowly), jump
  /// ahead by Aitken's extrapolation, kept only when the sweep after it lowers the error
  /// (docs/manual.md section 15, "When the sweeps creep"); false: plain sweeps.
  bool extrapolate = true;
  /// > 0, with consistent_tol > 0: each sweep's result is mixed with the last anderson_depth
  /// sweeps' by Anderson's method (granular/anderson_mixing.hpp; the moves weighed as impulses,
  /// rolling rows m_R/l), and the next sweep starts from the mix; the solver still stops only at
  /// a sweep's result, on its own errors; where the mixing stagnates (no 1 % gain in 50 sweeps)
  /// the plain sweeps go on with a window of their own. Not with Siconos' error alone, whose
  /// slack the mixed sweeps use: the reactions of rolling piles then do more work against the
  /// law (docs/manual.md section 15, "Anderson's mixing"). 0: plain sweeps.
  int anderson_depth = 5;
  /// In [1, max_granular_threads]. 1: the contacts are swept in their order. >= 2: in the
  /// order of their colours (contact_colours), the contacts of one colour on `threads` threads
  /// at once; the result is that of a serial sweep in that order, bit for bit, whatever the
  /// count (docs/manual.md section 15, "Threads").
  int threads = 1;
  /// > 0: the stopping test asks consistent_error <= consistent_tol too (docs/manual.md section
  /// 15, "What the tolerance allows"); 0: Siconos' error alone.
  double consistent_tol = 0.0;
};

struct BlockPgsResult {
  int sweeps = 0;
  double error = 0.0;  ///< siconos_error at return
  double consistent_error = 0.0;  ///< consistent_error at return (0 when not asked)
  bool converged = false;         ///< error <= tol, and consistent_error <= consistent_tol when asked
  long local_iterations = 0;
  int newton_iterations = 0;  ///< steps of the global Newton method (0: the sweeps sufficed)
  int extrapolations = 0;        ///< Aitken jumps taken (BlockPgsOptions::extrapolate)
  int extrapolation_trials = 0;  ///< their trial sweeps, counted in `sweeps` too
  int mixes = 0;                 ///< sweeps started from Anderson's mix (BlockPgsOptions::anderson_depth)
  int mixing_stalls = 0;         ///< 1 when the mixing stagnated and the plain sweeps went on, else 0
};

/// The colours of the contacts: two contacts with a block W^{alpha beta} != 0 (they share a
/// sphere: a column of row alpha) never have the same one; greedy in contact order (each contact
/// the smallest colour none of its earlier neighbours has), so deterministic.
std::vector<int> contact_colours(const BlockSparseProblem& problem);
/// The same colours from the contacts and their spheres' lists (contacts_by_sphere), before W
/// is assembled.
std::vector<int> contact_colours(const std::vector<SphereContact>& contacts, const std::vector<int>& start,
                                 const std::vector<int>& member);

/// The contacts in colour order: colour 0's in increasing index, then colour 1's, ...
std::vector<int> colour_order(const std::vector<int>& colours);

/// Sweeps the contacts in order from p (5 n_c entries, updated in place) until siconos_error <=
/// tol, max_sweeps, or stagnation (see BlockPgsOptions::global_newton_iter); at least one sweep
/// (as Siconos' NSGS); then, where they ended above tol, the global Newton method. length[alpha] > 0 (empty: all 1) is the reference length of contact
/// alpha's one-contact solves (rolling/cone.hpp's convention: rolling rows l w_R, m_R/l and
/// mu_r/l), which makes their W^{alpha alpha} well conditioned (in SI its rolling entries are
/// ~1/(m R^2), its others ~1/m) and leaves the solution unchanged.
/// With options.threads >= 2 the sweeps run on `pool` (a pool of that many threads is made
/// for the call when none is given) in colour order, and the error is summed per fixed chunk of
/// contacts, then in chunk order (the same sum whatever the thread count).
BlockPgsResult solve_block_pgs(const BlockSparseProblem& problem, Eigen::VectorXd& p, const BlockPgsOptions& options,
                               const std::vector<double>& length = {}, WorkerPool* pool = nullptr);

}  // namespace limitdir
