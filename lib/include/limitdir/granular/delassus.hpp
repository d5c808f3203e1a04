#pragma once
// The local problem of one time step of a granular system (docs/manual.md section 15,
// "The local problem"): per contact alpha a 5-row Jacobian H_alpha, the map from the velocities
// of its two bodies to the contact variables (19) [Acary & Bourrier 2021] in its frame [n t1 t2]
// (granular/contact_detection.hpp),
//   u_N = n . u,  u_T = (t1 . u, t2 . u),  u = (v_a + omega_a x (-R_a n)) - (v_b + omega_b x (R_b n)),
//   w_R = (t1 . (omega_a - omega_b), t2 . (omega_a - omega_b)),
// (the velocity of a's material point at the contact relative to b's, and the relative rolling
// angular velocity; a wall has no velocity), and the Delassus operator W = H M^-1 H^T in blocks
// W^{alpha beta} (5 x 5), nonzero only when the two contacts share a sphere: stored sparsely,
// row by row. Units are SI as in Siconos: the rolling rows are angular velocities (rad/s) and
// their reactions moments (N m s), so mu_r is a length (|m_R| <= mu_r r_N, (20)).
#include <Eigen/Core>
#include <vector>

#include "limitdir/granular/bodies.hpp"
#include "limitdir/granular/contact_detection.hpp"
#include "limitdir/granular/worker_pool.hpp"
#include "limitdir/rolling/solvers.hpp"

namespace limitdir {

using Matrix5x3 = Eigen::Matrix<double, 5, 3>;

/// H_alpha split by body and by kind of velocity: contact variables y = Hv_a v_a + Hw_a omega_a
/// + Hv_b v_b + Hw_b omega_b (the b terms absent for a wall). Hv_b = -Hv_a.
struct ContactJacobian {
  Matrix5x3 Hv_a, Hw_a, Hw_b;
  Matrix5x3 Hv_b() const { return -Hv_a; }
};

/// The Jacobian of contact c between the spheres of `spheres` (radii from there).
ContactJacobian contact_jacobian(const SphereBodies& spheres, const SphereContact& c);

/// The contact variables y = H_alpha (v, omega) of contact c at the spheres' velocities.
Vector5 contact_velocity(const SphereBodies& spheres, const SphereContact& c, const ContactJacobian& H);

/// W = H M^-1 H^T kept as its factors: contact alpha's Jacobian H[alpha] on its bodies a[alpha]
/// and b[alpha] (-1: a wall), and each body's 1/m and 1/J. (W p)_alpha is then H_alpha dv with
/// dv = M^-1 H^T p, the bodies' velocity changes: ~60 numbers a contact instead of one 5 x 5
/// block per neighbouring contact (~12 in a pile: 300).
struct DelassusFactors {
  std::vector<ContactJacobian> H;
  std::vector<int> a, b;
  std::vector<double> inv_mass, inv_inertia;
  /// The contacts of each body (CSR, increasing contact index): body k's are
  /// member[start[k] .. start[k + 1]).
  std::vector<int> start, member;
};

/// The cone complementarity problem (63) of n_c contacts with W in sparse 5 x 5 blocks:
/// diagonal[alpha] = W^{alpha alpha}; row alpha's other blocks are blocks[k] for k in
/// [row_start[alpha], row_start[alpha + 1]), in the columns column[k]. Or, when `factors` is
/// filled (factored()), the off-diagonal blocks are left out (row_start, column and blocks
/// empty) and come from the factors.
struct BlockSparseProblem {
  std::vector<Matrix5> diagonal;
  std::vector<int> row_start{0};
  std::vector<int> column;
  std::vector<Matrix5> blocks;
  DelassusFactors factors;
  Eigen::VectorXd q;
  std::vector<RollingCone> cones;

  int contacts() const { return static_cast<int>(diagonal.size()); }
  bool factored() const { return !factors.H.empty(); }
  /// y = W p + q.
  Eigen::VectorXd velocity(const Eigen::VectorXd& p) const;
  /// W^{alpha .} p without the diagonal block: the coupling term of (67) (factored: through
  /// velocity(p), O(n_c) a call; the solver keeps dv up to date instead).
  Vector5 coupling(int alpha, const Eigen::VectorXd& p) const;
  /// Calls f(beta) for every contact beta != alpha with W^{alpha beta} != 0 (sharing a body),
  /// once per shared body.
  template <class F>
  void for_each_neighbour(int alpha, const F& f) const;
  /// The same problem with W dense (tests, the Siconos oracle, small systems).
  RollingProblem dense() const;
};

template <class F>
void BlockSparseProblem::for_each_neighbour(int alpha, const F& f) const {
  const std::size_t al = static_cast<std::size_t>(alpha);
  if (!factored()) {
    for (int k = row_start[al]; k < row_start[al + 1]; ++k) f(column[static_cast<std::size_t>(k)]);
    return;
  }
  for (const int body : {factors.a[al], factors.b[al]}) {
    if (body < 0) continue;
    const std::size_t k = static_cast<std::size_t>(body);
    for (int m = factors.start[k]; m < factors.start[k + 1]; ++m)
      if (factors.member[static_cast<std::size_t>(m)] != alpha) f(factors.member[static_cast<std::size_t>(m)]);
  }
}

using Vector6 = Eigen::Matrix<double, 6, 1>;

/// dv = M^-1 H^T p of factored W: body k's (velocity, angular velocity) change, summed over its
/// contacts in increasing index (on the pool, body by body: the same numbers).
void body_velocity_changes(const DelassusFactors& f, const Eigen::VectorXd& p, std::vector<Vector6>& dv,
                           WorkerPool* pool = nullptr);
/// H_alpha dv: contact alpha's variables from its bodies' velocity changes, (W p)_alpha.
Vector5 contact_velocity_change(const DelassusFactors& f, int alpha, const std::vector<Vector6>& dv);
/// dv of contact alpha's bodies += M^-1 H_alpha^T dp (its reaction changed by dp).
void add_contact_impulse(const DelassusFactors& f, int alpha, const Vector5& dp, std::vector<Vector6>& dv);

/// How assemble_delassus keeps W: its off-diagonal blocks, or its factors (the time stepper's
/// choice: less memory and memory traffic, the same W up to rounding).
enum class DelassusStorage { blocks, factors };

/// The contacts of each sphere (CSR): sphere k's are member[start[k] .. start[k + 1]), in
/// increasing contact index (the blocks W^{alpha beta} come from the spheres shared).
void contacts_by_sphere(const SphereBodies& spheres, const std::vector<SphereContact>& contacts, std::vector<int>& start,
                        std::vector<int>& member);

/// W = H M^-1 H^T for the contacts (spheres' masses and moments of inertia from `spheres`),
/// each off-diagonal block once per shared sphere; q and cones are left empty. With a pool, the
/// rows are assembled on its threads (the same W). With DelassusStorage::factors, `jacobians`
/// may be problem.factors.H itself (then it is kept, not copied).
void assemble_delassus(const SphereBodies& spheres, const std::vector<SphereContact>& contacts,
                       const std::vector<ContactJacobian>& jacobians, BlockSparseProblem& problem,
                       WorkerPool* pool = nullptr, DelassusStorage storage = DelassusStorage::blocks);

}  // namespace limitdir
