// The friction models by name; see friction/model_registry.hpp.
#include "limitdir/friction/model_registry.hpp"

#include <algorithm>

#include "limitdir/friction/contact_approx.hpp"

namespace limitdir {

namespace {

/// The models built on the meridian functions of an axisymmetric contact (docs/manual.md section 6).
const char* const circle_only[] = {"coulomb-point", "linear-fit", "harmonic", "pade"};

}  // namespace

const std::vector<NamedEntry>& friction_model_registry() {
  static const std::vector<NamedEntry> table{
      {"exact", "the exact integral model of the contact's pressure"},
      {"coulomb-point", "Coulomb point contact with a spin torque, (75) (circle)"},
      {"linear-fit", "linear model q = Pi w fitted to the exact one (circle)"},
      {"harmonic", "harmonic model (85) of degree --degree N (circle)"},
      {"pade", "Pade model (9)-(10) [Kireenkov], k = 0: pade:1 or pade:2 (circle)"},
      {"sphere-harmonic", "spherical-harmonic expansion, --degree N <= 32 (section 8)"},
      {"kudra-pade", "modified Pade model I: order 3 (P3), kudra-pade:1 (P1), :5, :7"},
      {"kudra-pade-first", "first-order Pade approximants (38)-(39)"},
      {"kudra-w", "piecewise polynomial W = W1 (51)-(56)"},
      {"point-spin", "model O: point contact with a spin torque (32)-(33)"},
      {"zhuravlev-klimov", "force (18) of the Celtic stone paper, no torque"},
      {"kireenkov-pade", "Kireenkov's shifted Pade model: order 2, kireenkov-pade:1"},
      {"kireenkov-exact", "exact model of Kireenkov's shifted pressure law"},
  };
  return table;
}

bool model_takes_any_contact(const std::string& name) {
  if (!has_entry(friction_model_registry(), name)) return false;
  return std::none_of(std::begin(circle_only), std::end(circle_only), [&](const char* c) { return name == c; });
}

const std::vector<std::string>& contact_approx_model_names() {
  // the section 7 models: those of the table after sphere-harmonic
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const NamedEntry& e : friction_model_registry())
      if (model_takes_any_contact(e.name) && e.name != "exact" && e.name != "sphere-harmonic") out.push_back(e.name);
    return out;
  }();
  return names;
}

}  // namespace limitdir
