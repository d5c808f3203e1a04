#pragma once
// Reflection symmetries of the field of limit directions: S_k = I - 2 e_k e_k^T (w_k -> -w_k)
// with S_k V*(w) = V*(S_k w) for every load F, V*(w) = (I - w w^T) M^-1 (q(w) + F d + e) (122)
// [Nonlinear Dyn. 2024]. Decided exactly from the problem (docs/manual.md section 3, "Symmetric
// pitchforks off the invariant circle"), never from samples of the field.
#include <string>
#include <vector>

#include "limitdir/system/system.hpp"

namespace limitdir {

/// Whether w_k -> -w_k (k = 0, 1, 2) is a symmetry of V* for every F, and why not. It is when
///  * M S_k = S_k M: the entries M(k, j), M(j, k), j != k, are exactly 0 (then M^-1 commutes too),
///  * d_k = e_k = 0 exactly (S_k c = c for c = F d + e and every F),
///  * q(S_k w) = S_k q(w): every AxisymmetricModel, by its form q = -(w1 C, w2 C, (kappa/rho) w3 S)
///    with C, S functions of the latitude, even in theta (friction/model.hpp: the interface's
///    contract, which the harmonic model (86) meets exactly, C and S being series in
///    y = w3^2 - w1^2 - w2^2); a LinearModel (64) whose Pi has row and column k zero off the
///    diagonal; no other model (its symmetry is not known, so none is assumed).
/// The three conditions make V* equivariant: (I - Sw (Sw)^T) M^-1 (q(Sw) + c) = S V*(w).
struct ReflectionCheck {
  bool symmetric = false;
  std::string reason;  // which condition fails, or what makes it a symmetry
};
ReflectionCheck reflection_symmetry(const System& system, int k);

/// The k of every reflection w_k -> -w_k that is a symmetry of V* (reflection_symmetry).
std::vector<int> reflection_symmetries(const System& system);

}  // namespace limitdir
