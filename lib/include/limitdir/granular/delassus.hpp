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

/// The cone complementarity problem (63) of n_c contacts with W in sparse 5 x 5 blocks:
/// diagonal[alpha] = W^{alpha alpha}; row alpha's other blocks are blocks[k] for k in
/// [row_start[alpha], row_start[alpha + 1]), in the columns column[k].
struct BlockSparseProblem {
  std::vector<Matrix5> diagonal;
  std::vector<int> row_start{0};
  std::vector<int> column;
  std::vector<Matrix5> blocks;
  Eigen::VectorXd q;
  std::vector<RollingCone> cones;

  int contacts() const { return static_cast<int>(diagonal.size()); }
  /// y = W p + q.
  Eigen::VectorXd velocity(const Eigen::VectorXd& p) const;
  /// W^{alpha .} p without the diagonal block: the coupling term of (67).
  Vector5 coupling(int alpha, const Eigen::VectorXd& p) const;
  /// The same problem with W dense (tests, the Siconos oracle, small systems).
  RollingProblem dense() const;
};

/// The contacts of each sphere (CSR): sphere k's are member[start[k] .. start[k + 1]), in
/// increasing contact index (the blocks W^{alpha beta} come from the spheres shared).
void contacts_by_sphere(const SphereBodies& spheres, const std::vector<SphereContact>& contacts, std::vector<int>& start,
                        std::vector<int>& member);

/// W = H M^-1 H^T for the contacts (spheres' masses and moments of inertia from `spheres`),
/// each off-diagonal block once per shared sphere; q and cones are left empty. With a pool, the
/// rows are assembled on its threads (the same W).
void assemble_delassus(const SphereBodies& spheres, const std::vector<SphereContact>& contacts,
                       const std::vector<ContactJacobian>& jacobians, BlockSparseProblem& problem,
                       WorkerPool* pool = nullptr);

}  // namespace limitdir
