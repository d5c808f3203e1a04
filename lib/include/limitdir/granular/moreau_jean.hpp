#pragma once
// Moreau-Jean time stepping of spheres with frictional contacts and rolling resistance
// (docs/manual.md section 15, "Time stepping"), the scheme of the rolling sphere
// (rolling/sphere.hpp) for many bodies [Acary & Bourrier 2021] Sect. 6.2:
//   M (v+ - v) = h f + H^T P,  f = (m g, 0) per sphere (no gyroscopic term: J is isotropic),
//   y+ = H v+ = W P + q,  q = H v_free + e u_N e_1 (Newton's impact law at velocity level,
//   u_N the normal velocity at the step's start), v_free = v + h M^-1 f,
//   P solves the cone complementarity problem (63) over the active contacts,
//   x+ = x + h ((1 - theta) v + theta v+).
// Activation on the predicted gap: a contact is active when the step without it would end in
// contact, to first order, g + h ((1 - theta) u_N + theta u_N,free) <= 0 (x+ above with P = 0,
// the relative normal motion linearised); this is rolling/sphere.hpp's rule for one sphere
// (exact there), with a threshold 1e-6 R_min instead of 0 so that the residual gap of a resting
// contact (rounding, the solver's tolerance) does not switch it off. The broad phase looks for gaps <= 2 h (max |v| + h |g|), which bounds every
// |u_N| and |u_N,free| times h, so no contact that may activate is missed.
#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <vector>

#include "limitdir/granular/block_pgs.hpp"
#include "limitdir/granular/bodies.hpp"
#include "limitdir/granular/contact_detection.hpp"
#include "limitdir/granular/delassus.hpp"
#include "limitdir/granular/worker_pool.hpp"

namespace limitdir {

struct GranularStepping {
  Eigen::Vector3d gravity{0.0, 0.0, -9.81};  ///< m/s^2
  double h = 1e-3;                            ///< > 0, s
  double theta = 1.0;                         ///< in [0.5, 1]
  double e = 0.0;                             ///< Newton restitution in [0, 1]
  RollingCone cone;                           ///< mu, and mu_r a length in m (the same at every contact)
  BlockPgsOptions solver;
};

/// Throws InputError (one line naming the quantity) unless the values above hold.
void validate(const GranularStepping& stepping);

/// What one step did. The works are those of the contact impulses over the step,
/// P . (y+ + y)/2 split by rows (normal, tangential, rolling), y the contact velocities at the
/// step's start, and the theta-scheme's work (theta - 1/2) h f . (v - v+): with them the energy
/// balance E+ - E = work_normal + work_sliding + work_rolling + work_theta is an identity of the
/// scheme (docs/manual.md section 15).
struct GranularStepStats {
  int candidates = 0;  ///< pairs found by the detection (gap <= its margin)
  int contacts = 0;    ///< active contacts
  int sweeps = 0;
  double error = 0.0;  ///< siconos_error of the step's local problem
  double consistent_error = 0.0;  ///< its consistent_error when the solver asked for it, else 0
  bool converged = true;
  long local_iterations = 0;
  double max_penetration = 0.0;  ///< max(0, -gap) over the pairs at the step's start, m
  double work_normal = 0.0, work_sliding = 0.0, work_rolling = 0.0, work_theta = 0.0;  ///< J
  /// The rates of (43) at the step's end times h: -P_T . u_T+ and -M_R . w_R+ (>= 0 at a
  /// solution of the contact law), J.
  double dissipated_sliding = 0.0, dissipated_rolling = 0.0;
  /// The energy the reactions put in against the contact law: the sum over the contacts of
  /// max(0, P . y), y = W P + q the local problem's velocity (y+ with e u_N- added to its normal
  /// row), J. At a solution of the law (21) with De Saxce's modified velocity (32), P . yhat = 0
  /// gives P . y = -P_N (mu |u_T+| + mu_r |w_R+|) <= 0 at every contact; a positive term is a
  /// violation the solver's relative error let through (docs/manual.md section 15, "What the
  /// tolerance allows").
  double injected = 0.0;
  /// What the tolerance allows the rates (43) below 0: dissipated_sliding >= -slack_sliding and
  /// dissipated_rolling >= -slack_rolling, at any tolerance (J): rate_slacks (rolling/cone.hpp)
  /// of each contact's P and law velocity y (as for `injected`) summed over the contacts.
  double slack_sliding = 0.0, slack_rolling = 0.0;
};

/// The time loop's state between steps: the detection grid, the reactions of the last step for
/// the warm start (by pair of sphere ids), and the local problem's storage.
class MoreauJeanStepper {
 public:
  MoreauJeanStepper(std::vector<Plane> walls, GranularStepping stepping);
  /// Advances the spheres by one step h.
  GranularStepStats step(SphereBodies& spheres);
  const std::vector<Plane>& walls() const { return walls_; }
  const GranularStepping& stepping() const { return stepping_; }
  /// The active contacts of the last step, their local problem and reactions (impulses P): in
  /// the detection's order, or with solver.threads >= 2 in the order of their colours
  /// (contact_colours), in which the coloured sweeps visit them.
  const std::vector<SphereContact>& contacts() const { return active_; }
  const BlockSparseProblem& local_problem() const { return problem_; }
  const Eigen::VectorXd& impulses() const { return P_; }

 private:
  struct WorldReaction {
    Eigen::Vector3d r, m;  // on the sphere of the smaller id
  };
  void select_active(const SphereBodies& spheres, GranularStepStats& stats);
  void colour_sort(const SphereBodies& spheres);
  void build_problem(const SphereBodies& spheres);
  void warm_start(const SphereBodies& spheres);
  void remember(const SphereBodies& spheres);
  void apply_impulses(SphereBodies& spheres, GranularStepStats& stats);
  struct ContactEnergy;
  static ContactEnergy contact_energy(const Vector5& p, const Vector5& y_start, const Vector5& y_end,
                                      const RollingCone& cone, double e);
  std::uint64_t pair_key(const SphereBodies& spheres, const SphereContact& c, bool& flipped) const;

  std::vector<Plane> walls_;
  GranularStepping stepping_;
  ContactDetector detector_;
  std::vector<SphereContact> candidates_, active_;
  // The active contacts' Jacobians live in problem_.factors.H (W's factors), where the step's
  // solver reads them: swapped in from candidate_H_, never copied.
  std::vector<ContactJacobian> candidate_H_;  // per candidate, kept from step to step (storage)
  std::vector<Vector5> candidate_y_;
  std::vector<char> candidate_active_;
  std::vector<int> sphere_start_, sphere_member_;  // the contacts of each sphere (CSR)
  // One contact's terms of the step's works, rates (43), injected energy and slacks
  // (GranularStepStats), computed on the pool and summed in contact order.
  struct ContactEnergy {
    double work_normal, work_sliding, work_rolling, dissipated_sliding, dissipated_rolling, injected,
        slack_sliding, slack_rolling;
  };
  std::vector<ContactEnergy> contact_energy_;
  // colour_sort's destinations, swapped with active_, problem_.factors.H and y_start_ (storage).
  std::vector<SphereContact> sorted_contacts_;
  std::vector<ContactJacobian> sorted_H_;
  std::vector<Vector5> sorted_y_;
  std::vector<Vector5> y_start_;  // contact velocities at the step's start
  std::vector<Eigen::Vector3d> v_free_;
  BlockSparseProblem problem_;
  std::vector<double> length_;
  std::unique_ptr<WorkerPool> pool_;  // stepping_.solver.threads threads, for the whole run
  Eigen::VectorXd P_;
  // The last step's reactions by pair key: an open-addressing table (linear probing, capacity
  // a power of two >= 2 x the contacts, so a probe is ~1.5 slots), refilled each step without
  // allocating (an unordered_map's node per contact cost ~5 % of a 10^4-sphere step).
  struct ReactionTable {
    std::vector<std::uint64_t> keys;  // kEmpty: a free slot
    std::vector<WorldReaction> values;
    int shift = 64;
    void reset(std::size_t count);
    void insert(std::uint64_t key, const WorldReaction& value);
    const WorldReaction* find(std::uint64_t key) const;
    std::size_t slot(std::uint64_t key) const;
  };
  ReactionTable previous_;
};

}  // namespace limitdir
