#pragma once
// Symmetry-breaking pitchforks off the invariant circle: the Z2-symmetric reduction of the fold
// system (Werner & Spence 1984; docs/manual.md section 3, "Symmetric pitchforks off the invariant
// circle"). With S = S_k (w_k -> -w_k) a symmetry of V* (limits/symmetry.hpp), the chart
// x = s e_i + u e_j + v e_k (s = +-1) of the hemisphere s x_i > 0 puts the fixed set Fix(S) on
// v = 0, and there Dg is diagonal: d g0/dv = d g1/du = 0 (g0 is even in v, g1 odd), with
// lambda_s = d g0/du and lambda_a = d g1/dv the symmetric and antisymmetric eigenvalues of Dg
// (1/|x| times those of J_T: d g1/dv = (e_k . DF e_k - rdot)/|x|). A symmetry-breaking
// pitchfork is then a regular zero of the reduced system H(u, F) = (g0(u, 0, F), d g1/dv (u, 0, F))
// when lambda_s != 0 and lambda_a crosses 0 with non-zero speed, although it is a singular zero
// of the fold system (g, det Dg) [Werner & Spence 1984].
#include <string>

#include <Eigen/Core>

#include "limitdir/limits/proof.hpp"
#include "limitdir/numerics/interval.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

/// What the reduced Krawczyk proof showed on the fixed set of one reflection in one window.
struct SymmetricPitchfork {
  /// In the window's box on Fix(S): exactly one zero of H (each matrix of DH over its box
  /// regular), lambda_s enclosed away from 0 wherever g0 may vanish (so the fold system has no
  /// other zero on Fix(S) there), and the crossing speed d lambda_a/dF along the symmetric
  /// branch at the zero enclosed away from 0.
  bool proven = false;
  /// And the window's box (u, v, F) holds no other fold or branch point: the desingularised
  /// fold system E = (g0, h1, det D_(u,v)(g0, h1)), h1 = g1/v (= r/(M_kk |x|) - f_n where
  /// q_k = w_k r), has exactly one zero there (Krawczyk), the pitchfork; DE regular there means
  /// a non-zero cubic coefficient too. Needs q_k/w_k as a jet (harmonic N <= 4, linear).
  bool alone = false;
  int axis = -1;            // k of the reflection w_k -> -w_k
  IVec3 w;                  // the enclosure of the pitchfork's direction (w_k = 0)
  Interval F;               // and of its load
  Interval crossing_speed;  // d lambda_a/dF at the pitchfork (chart units: J_T's over |x|)
  std::string reason;       // what was shown, or what was not
  int cells = 0;
};

/// The reduced proof in the window (directions w, loads F) of an event search, on the fixed set
/// of w_k -> -w_k, which must be a symmetry of V* (reflection_symmetry: else nothing is proven). The
/// box examined is the window's chart box in u widened by a tenth, F clipped to [F0, F1]; the
/// window must meet the fixed set (its v range holds 0). Needs the second derivatives of q
/// (FrictionModel::q_jet). That the window holds no fold off Fix(S) (the pitchfork's cubic
/// coefficient, a third derivative of g1) is shown on the desingularised system (`alone`).
SymmetricPitchfork prove_symmetric_pitchfork(const System& system, int k, const IVec3& w, const Interval& F,
                                             double F0, double F1);

/// Whether the branch segment (w0, F0)-(w1, F1) near a symmetry-breaking pitchfork of the
/// reflection w_k -> -w_k (a symmetry of V*) lies on one curve of zeros of V*, where two cross
/// and enclose_branch_segment cannot contract: g1 = v h1 in the chart of prove_symmetric_pitchfork,
/// so the zeros of g are those of (g0, h1) (the bifurcating branch, regular through v = 0) and
/// those of (g0, v) (the symmetric branch on the fixed set, regular where lambda_s != 0). Tried
/// in that order with the parametric Krawczyk operator of enclose_branch_segment (the latter
/// only when both ends have |w_k| <= 1e-12): proven when both ends are zeros of that system to
/// 1e-8 and the tube around the segment holds exactly one curve of its zeros, a graph over one
/// coordinate.
SegmentEnclosure enclose_symmetric_segment(const System& system, int k, const Eigen::Vector3d& w0, double F0,
                                           const Eigen::Vector3d& w1, double F1);

}  // namespace limitdir
