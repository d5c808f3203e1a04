#pragma once
// Limit directions on the sets where q jumps (friction/model.hpp kink_sets: `jump`), in the
// sense of Filippov: there V* is set-valued, the convex hull of its one-sided values, and a
// point of the set is a (pseudo-)equilibrium when 0 lies in that hull (docs/manual.md sections
// 5 and 7). The models with such sets are `point-spin` (q = -(s, kappa_e sgn(w3)/rho), (33)
// [Kudra & Awrejcewicz 2013]: both poles and the equator) and `coulomb-point` ((75): the poles).
//  * At a pole p the one-sided values of q, approached along a tangent direction u, are
//    q_xy = Q u + q0 with q3 fixed (checked on 16 directions): the hull of V* is the ellipse
//    A sigma + b, |sigma| <= 1 (A = (M^-1)_xy,xy Q, b the rest of (M^-1 q + c)_xy), and p is a
//    limit direction when sigma* = -A^-1 b has |sigma*| <= 1; its index is sign det A (the
//    winding of V* about p), it is a stable (unstable) node when V* points towards (away from) p
//    on every ray, non-hyperbolic when it points towards p on some rays and away on others (next
//    to a boundary equilibrium), and rdot = p . (M^-1 q* + c) with q* = (Q sigma* + q0, q3).
//  * On the equator the hull at w = (cos phi, sin phi, 0) is the segment between the one-sided
//    values q+ (w3 -> 0+) and q- (w3 -> 0-). Where V* points towards the equator from both
//    sides (a sliding set, Filippov's equivalent control) the value q(lambda) = q+ + lambda (q- -
//    q+) with e3 . (M^-1 q + c) = 0 gives the sliding field g(phi) = e_phi . (M^-1 q(lambda) + c),
//    a 1-D equation along the set whose zeros are the limit directions there: a stable node where
//    g' < 0 on an attracting sliding set, a saddle where g' > 0 (an unstable node or a saddle on a
//    repelling one). lambda in {0, 1} is a boundary equilibrium: a branch of ordinary limit
//    directions meets the set there (a `jump` event of a sweep).
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/limits/classify.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

struct JumpZero {
  Eigen::Vector3d w;
  std::string set;   // "pole" | "equator"
  double rdot = 0;   // w . (M^-1 q* + c) at the Filippov value q* of q
  SphereType type = SphereType::non_hyperbolic;
  int index = 0;
  /// How far inside the hull 0 lies: 1 - |sigma*| at a pole, min(lambda, 1 - lambda) on the
  /// equator; 0 at a boundary equilibrium, where a branch of ordinary limit directions meets it.
  double margin = 0;
};

struct JumpZeros {
  std::vector<JumpZero> zeros;
  /// What could not be decided (the hull is not resolved, a zero of the sliding field is not
  /// simple, a type is not decided); empty when the zeros are complete.
  std::vector<std::string> doubts;
  /// The poles that are not limit directions, with margin 1 - |sigma*| < 0: how far outside the
  /// hull 0 lies (a branch of ordinary limit directions meets a pole where this reaches 0 too).
  std::vector<JumpZero> outside;
  /// The sliding field vanishes on the whole equator (a circle of limit directions: the
  /// continuum of a symmetric problem at c = 0); no equator zero is listed then.
  bool equator_circle = false;
};

/// Filippov's sliding on the equator at w = (cos phi, sin phi, 0) (docs/manual.md section 5
/// "Jump sets"): the one-sided values f_up (w3 -> 0+) and f_down (w3 -> 0-) of M^-1 q + c;
/// `sliding` when their third components have opposite signs, `attracting` when f_up points
/// down (V* points towards the equator from both sides); then lambda is the equivalent control,
/// f = f_up + lambda (f_down - f_up) has f3 = 0 and the sliding field along the equator is
/// g e_phi, g = e_phi . f (lambda = 0, f = f_up where it is not sliding).
struct EquatorSliding {
  bool sliding = false;
  bool attracting = false;
  double lambda = 0, g = 0;
  Eigen::Vector3d f, f_up, f_down;
};
EquatorSliding equator_sliding(const System& system, double F, double phi);

/// The Filippov limit directions on the jump sets of the system's model at load F (none when
/// the model has no jump set).
JumpZeros jump_zeros(const System& system, double F);

/// The equator as a circle of Filippov limit directions where the sliding field vanishes on all
/// of it (JumpZeros::equator_circle; `point-spin` at c = 0 on a contact with M_xy = m I): typed
/// by its one-sided speeds e3 . V* from above (w3 -> 0+) and below (w3 -> 0-) at the samples,
/// "stable-sliding-circle" when every one points towards it, "unstable-sliding-circle" when
/// every one points away, "non-hyperbolic" otherwise (or within the undecided level of 0);
/// rdot is the mean of w . f over the samples at the Filippov value f. None when the equator is
/// not such a circle.
std::optional<LimitCircle> sliding_equator_circle(const System& system, double F);

/// The one-sided limit of the field M^-1 q + c at a point e of the equator (e3 = 0) from the
/// side sign(side) (w3 -> 0+ for side > 0, 0- for side < 0), as jump_zeros takes it: the two ends
/// of the Filippov segment of V* there. For a model whose equator is not a jump set both are
/// the field at e to ~1e-9.
Eigen::Vector3d equator_side_field(const System& system, double F, const Eigen::Vector3d& e, double side);

/// A jump zero as find-limits reports it (Classification::jump_set set; J_T and eigenvalues 0).
Classification classification_of(const JumpZero& z);

}  // namespace limitdir
