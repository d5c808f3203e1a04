// The approximate contact models by name, with the options each takes
// (friction/contact_approx.hpp; their names: friction/model_registry.cpp); docs/manual.md section 7.
#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"

namespace limitdir {

namespace {
// Throws unless every option set is one the model takes.
void only(const std::string& name, const ApproxModelOptions& o, bool order, bool pade, bool u0, bool k0) {
  const auto reject = [&](bool given, bool taken, const char* option) {
    if (given && !taken) throw InputError(fmt::format("friction model {}: takes no option {}", name, option));
  };
  reject(o.order.has_value(), order, "order");
  reject(o.b_T || o.b_M || o.m_T || o.m_M, pade, "b_T, b_M, m_T, m_M");
  reject(o.u0.has_value(), u0, "u0");
  reject(o.k0.has_value(), k0, "k0");
  reject(o.mu1.has_value() || o.mu2.has_value(), k0, "mu1, mu2 (the speed law (1) [Kireenkov])");
}
}  // namespace

std::unique_ptr<FrictionModel> make_contact_approx_model(const std::string& name, const Contact& contact, double rho,
                                                         const ApproxModelOptions& o) {
  // their characteristic integrals are those of sigma0 = (1 - rhat^2)^alpha (contact_integrals)
  if (contact.pressure().is_profile())
    throw InputError(fmt::format("friction model {}: needs a pressure of the family (1 - rhat^2)^alpha; a tabulated "
                                 "profile on this contact is taken by the exact and sphere-harmonic models",
                                 name));
  if (name == "kudra-pade") {
    only(name, o, true, true, false, false);
    return std::make_unique<KudraPadeModel>(
        contact, rho, KudraPadeParameters{o.order.value_or(3), o.b_T.value_or(1.0), o.b_M.value_or(1.0),
                                          o.m_T.value_or(1.0), o.m_M.value_or(1.0)});
  }
  if (name == "kudra-w") {
    only(name, o, false, false, true, false);
    return std::make_unique<KudraWModel>(contact, rho, o.u0);
  }
  if (name == "kireenkov-pade") {
    only(name, o, true, false, false, true);
    return std::make_unique<KireenkovPadeModel>(contact, rho, o.order.value_or(2), o.k0.value_or(0.0),
                                                SpeedLaw{o.mu1.value_or(0.0), o.mu2.value_or(0.0)});
  }
  if (name == "kireenkov-exact") {
    only(name, o, false, false, false, true);
    return std::make_unique<KireenkovExactModel>(contact, rho, o.k0.value_or(0.0),
                                                 SpeedLaw{o.mu1.value_or(0.0), o.mu2.value_or(0.0)});
  }
  only(name, o, false, false, false, false);
  if (name == "kudra-pade-first") return std::make_unique<KudraPadeFirstModel>(contact, rho);
  if (name == "point-spin") return std::make_unique<PointSpinModel>(contact, rho);
  if (name == "zhuravlev-klimov") return std::make_unique<ZhuravlevKlimovModel>(contact, rho);
  std::string known;
  for (const std::string& n : contact_approx_model_names()) known += (known.empty() ? "" : ", ") + n;
  throw InputError(fmt::format("unknown friction model '{}' for a contact (known: {})", name, known));
}

std::unique_ptr<FrictionModel> make_kireenkov_ring_model(const std::string& name, const Pressure& ring,
                                                         double rho_over_R, const ApproxModelOptions& o) {
  const SpeedLaw speed{o.mu1.value_or(0.0), o.mu2.value_or(0.0)};
  if (name == "kireenkov-pade") {
    only(name, o, true, false, false, true);
    return std::make_unique<KireenkovPadeModel>(ring, rho_over_R, o.order.value_or(2), o.k0.value_or(0.0), speed);
  }
  if (name == "kireenkov-exact") {
    only(name, o, false, false, false, true);
    return std::make_unique<KireenkovExactModel>(ring, rho_over_R, o.k0.value_or(0.0), speed);
  }
  throw InputError(fmt::format("friction model {}: the ring pressure takes kireenkov-pade and kireenkov-exact of the "
                               "contact models (the others integrate an area density over the contact; a ring has "
                               "none)",
                               name));
}

}  // namespace limitdir
