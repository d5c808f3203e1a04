// Rigorous enclosures of the exact model of an ellipse with uniform or Hertz pressure (friction/
// contact_enclose.hpp): the choice of the regime for a box of slip directions. Compiled with
// -frounding-math (lib/CMakeLists.txt).
#include "friction/contact_enclose.hpp"

#include <algorithm>

namespace limitdir::detail::contact_enclose {

// docs/manual.md section 6, "Rigorous enclosures of the exact model of an ellipse": uniform
// or Hertz pressure (exponent 0 or 1/2, whatever its name) without distortion or shift only.
std::optional<QEnclosure> enclose(const Contact& contact, double rho, const IVec3& x, double tolerance) {
  const NominalPressure& p = contact.pressure();
  if (p.is_profile() || (contact.alpha() != 0.0 && contact.alpha() != 0.5) || contact.has_linear_factor())
    return std::nullopt;
  const UpwardRounding upward;
  if (contains_zero(x(0)) && contains_zero(x(1)) && contains_zero(x(2))) return std::nullopt;
  const Ellipse e{contact.a(), contact.b(), rho, tolerance, contact.alpha() == 0.5};
  if (auto s = near_translation(e, x)) return s;
  if (auto r = about_icr(e, x)) return r;
  return trivial(e);
}

// docs/manual.md section 6: the accuracy asked of a box is its own relative width (q varies by
// about that much over it, |dq/dw| ~ 1), between fine_tolerance and coarse_tolerance.
double box_tolerance(const IVec3& x) {
  double width = 0.0, size = 0.0;
  for (int i = 0; i < 3; ++i) {
    width = std::max(width, width_of(x(i)));
    size = std::max(size, mag_of(x(i)));
  }
  return size > 0.0 ? std::clamp(width / size, fine_tolerance, coarse_tolerance) : fine_tolerance;
}

}  // namespace limitdir::detail::contact_enclose
