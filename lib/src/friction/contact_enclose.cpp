// Rigorous enclosures of the exact model of an ellipse with uniform pressure (friction/
// contact_enclose.hpp): the choice of the regime for a box of slip directions. Compiled with
// -frounding-math (lib/CMakeLists.txt).
#include "friction/contact_enclose.hpp"

namespace limitdir::detail::contact_enclose {

// docs/manual.md section 6, "Rigorous enclosures of the exact model of an ellipse": uniform
// pressure without distortion or shift only.
std::optional<QEnclosure> enclose(const Contact& contact, double rho, const IVec3& x) {
  const NominalPressure& p = contact.pressure();
  if (p.is_profile() || contact.alpha() != 0.0 || contact.has_linear_factor()) return std::nullopt;
  const UpwardRounding upward;
  if (contains_zero(x(0)) && contains_zero(x(1)) && contains_zero(x(2))) return std::nullopt;
  const Ellipse e{contact.a(), contact.b(), rho};
  if (auto s = near_translation(e, x)) return s;
  if (auto r = about_icr(e, x)) return r;
  return trivial(e);
}

}  // namespace limitdir::detail::contact_enclose
