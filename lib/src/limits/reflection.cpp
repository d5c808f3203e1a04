// Closed orbits excluded by the reflection T = diag(1, -1, 1) (limits/reflection.hpp;
// docs/manual.md section 9, "Exclusion (a proof)"). Compiled with -frounding-math
// (lib/CMakeLists.txt).
#include "limitdir/limits/reflection.hpp"

#include <fmt/format.h>

#include "limitdir/friction/contact_model.hpp"
#include "limits/proof_search.hpp"

namespace limitdir {

// The model: x -> -x maps the contact (an ellipse with axes along x and y, sigma0 a function of
// rhat) onto itself and the slip field u + omega J r to (-u1, u2) - omega J r, so
// q(-w1, w2, -w3) = (-q1, q2, -q3); Coulomb's law pointwise without a shift gives q(-w) = -q(w)
// (no pressure shift along the slip, (2) [Kireenkov]); together q(T w) = T q(w). A distortion
// (15) [Kudra & Awrejcewicz 2013] tilts the pressure along its own direction and is excluded.
// Then F(w) = M^-1 q(w) + c (101) commutes with T when M^-1 does and c2 = 0, and so do
// rdot = w . F and V* = F - rdot w (121)-(122).
bool reflection_symmetric(const System& system, double F) {
  const auto* exact = dynamic_cast<const ContactExactModel*>(&system.friction());
  if (!exact || exact->contact().has_linear_factor()) return false;
  const Eigen::Matrix3d& M = system.M();
  return M(0, 1) == 0.0 && M(1, 0) == 0.0 && M(1, 2) == 0.0 && M(2, 1) == 0.0 && system.c(F).y() == 0.0;
}

// The argument (as for the axisymmetric case, dynamics/symmetry_exclusion.cpp): V*_2 = 0 on C, so
// C is invariant. The cover of C (limits/circle_cover.cpp) proves n zeros of V* on C, each unique
// in its box; with boxes pairwise disjoint they are n distinct zeros, and with n the proven
// number of zeros on the sphere there is none off C. V* is C^1 (the exact model is C^1, C^2 off
// the ICRs on the rim), so orbits are unique: a closed orbit meeting C lies in C and would be C,
// which carries a zero; one disjoint from C lies in an open hemisphere, a disc, and would
// enclose a zero there (the indices inside a closed orbit of a planar flow sum to 1).
std::optional<std::string> reflection_orbit_exclusion(const System& system, double F, std::size_t zeros,
                                                      std::string& why_not) {
  if (!reflection_symmetric(system, F)) {
    why_not = "the system has no exact reflection symmetry w2 -> -w2";
    return std::nullopt;
  }
  const UpwardRounding upward;
  const auto field = detail::field_enclosure(system, Interval(F));
  if (!field) {
    why_not = "the mass matrix could not be inverted rigorously";
    return std::nullopt;
  }
  const Proof on_circle = detail::proof::circle_proof(*field, ProofOptions{});
  if (!on_circle.undecided.empty()) {
    why_not = fmt::format("the cover of w2 = 0 left {} cells undecided (first: {})", on_circle.undecided.size(),
                          on_circle.undecided.front());
    return std::nullopt;
  }
  const auto& d = on_circle.directions;
  for (std::size_t i = 0; i < d.size(); ++i)
    for (std::size_t j = i + 1; j < d.size(); ++j)
      if (!disjoint(d[i].w(0), d[j].w(0)) && !disjoint(d[i].w(2), d[j].w(2))) {
        why_not = "two zeros proven on w2 = 0 are not told apart";
        return std::nullopt;
      }
  if (d.size() != zeros) {
    why_not = fmt::format("{} zeros proven on w2 = 0 of the {} on the sphere", d.size(), zeros);
    return std::nullopt;
  }
  return fmt::format("closed orbits excluded (proven): V* commutes with the reflection w2 -> -w2 (an ellipse with "
                     "its axes along x and y, no distortion or shift; M and the load symmetric), so w2 = 0 is "
                     "invariant; a cover of it ({} cells, interval arithmetic) proves {} distinct zeros on it, all "
                     "{} of the sphere, so an orbit off it would enclose a zero",
                     on_circle.cells, d.size(), zeros);
}

}  // namespace limitdir
