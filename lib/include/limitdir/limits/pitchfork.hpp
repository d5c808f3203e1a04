#pragma once
// Symmetry-breaking pitchforks off the invariant circle: the Z2-symmetric reduction of the fold
// system (Werner & Spence 1984; docs/manual.md section 3, "Symmetric pitchforks off the invariant
// circle"). With S = S_k (w_k -> -w_k) a symmetry of V* (limits/symmetry.hpp), the chart
// x = s e_i + u e_j + v e_k (s = +-1) of the hemisphere s x_i > 0 puts the fixed set Fix(S) on
// v = 0, and there Dg is diagonal: d g0/dv = d g1/du = 0 (g0 is even in v, g1 odd), with
// lambda_s = d g0/du and lambda_a = d g1/dv the symmetric and antisymmetric eigenvalues of Dg
// (1/|x| times those of J_T: d g1/dv = (e_k . DF e_k - rdot)/|x|). A symmetry-breaking
// pitchfork is then a regular zero of the reduced system H(u, F) = (g0(u, 0, F), d g1/dv (u, 0, F)) when lambda_s != 0 and lambda_a crosses 0
// with non-zero speed, although it is a singular zero of the fold system (g, det Dg).
#include <string>

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
  int axis = -1;            // k of the reflection w_k -> -w_k
  IVec3 w;                  // the enclosure of the pitchfork's direction (w_k = 0)
  Interval F;               // and of its load
  Interval crossing_speed;  // d lambda_a/dF at the pitchfork (chart units: J_T's over |x|)
  std::string reason;       // what was shown, or what was not
  int cells = 0;
};

/// The reduced proof in the window (directions w, loads F) of an event search, on the fixed set
/// of w_k -> -w_k, which must be a symmetry of V* (reflection_symmetry: not checked here). The
/// box examined is the window's chart box in u widened by a tenth, F clipped to [F0, F1]; the
/// window must meet the fixed set (its v range holds 0). Needs the second derivatives of q
/// (FrictionModel::q_jet). It does not show that the window holds no fold off Fix(S): that is
/// the pitchfork's cubic coefficient, a third derivative of q.
SymmetricPitchfork prove_symmetric_pitchfork(const System& system, int k, const IVec3& w, const Interval& F,
                                             double F0, double F1);

}  // namespace limitdir
