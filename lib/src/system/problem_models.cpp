// The objects a problem asks for (docs/manual.md sections 4, 6 and 8): its contact at the load,
// its rho, and its friction model with the exact model it is measured against; see
// system/problem.hpp.
#include "limitdir/system/problem.hpp"

#include <memory>

#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/coulomb_point.hpp"
#include "limitdir/friction/exact.hpp"
#include "limitdir/friction/exact_shift.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/friction/pade.hpp"
#include "limitdir/friction/sphere_harmonic.hpp"
#include "system/problem_checks.hpp"

namespace limitdir {

using detail::check_contact_model;
using detail::check_model_name;
using detail::check_model_parameters;
using detail::contact_model_options;
using detail::is_contact_model;
using detail::Loc;

double Problem::rho_over_R() const {
  switch (rho.kind) {
    case RhoSpec::Kind::kappa: return contact.axisymmetric() ? pressure.kappa() : make_contact(*this).kappa();
    case RhoSpec::Kind::R: return contact.major();
    case RhoSpec::Kind::value: return rho.value;
  }
  return pressure.kappa();
}

Contact make_contact(const Problem& problem) {
  const ContactSpec& spec = problem.contact;
  NominalPressure sigma0;
  switch (problem.pressure.kind()) {
    case Pressure::Kind::uniform: sigma0 = NominalPressure::uniform(); break;
    case Pressure::Kind::hertz: sigma0 = NominalPressure::hertz(); break;
    case Pressure::Kind::galin: sigma0 = NominalPressure::galin(); break;
    case Pressure::Kind::power: sigma0 = NominalPressure::power(problem.pressure.alpha()); break;
    case Pressure::Kind::profile:
      sigma0 = NominalPressure::profile(problem.pressure.nodes_xi(), problem.pressure.nodes_p());
      break;
    case Pressure::Kind::ring:
      // the contact models (docs/manual.md section 7) integrate an area density over the contact
      throw InputError(spec.axisymmetric()
                           ? "the ring pressure takes the friction models exact, harmonic, pade, linear-fit, "
                             "coulomb-point, sphere-harmonic, kireenkov-pade and kireenkov-exact (the other contact "
                             "models integrate an area density over the contact; a ring has none)"
                           : detail::kRingNeedsCircle);
  }
  Contact contact = spec.shape == ContactSpec::Shape::circle ? Contact::circle(1.0, sigma0)
                                                             : Contact::ellipse(spec.a, spec.b, sigma0);
  if (spec.distortion) contact = contact.with_distortion(spec.distortion->d, spec.distortion->gamma);
  const double k = contact_shift(problem, problem.force);
  if (k != 0.0) contact = contact.with_shift(k);
  return contact;
}

double contact_shift(const Problem& problem, double F) {
  const ContactSpec& spec = problem.contact;
  if (!spec.shift) return 0.0;
  if (spec.shift->kind == ContactSpec::Shift::Kind::k) return spec.shift->value;
  // (3)-(5) [Kireenkov]: the load's tipping moment F h (units mu P = 1, so F is the force over
  // N) is carried by the centre of pressure, N s = F h N, and s = R k/(2 (alpha + 2)) for
  // sigma0 (1 + k x_par/R) (centre of pressure (22) [Kudra & Awrejcewicz 2013]):
  // k = 2 (alpha + 2) F h/R (5 F h/R for Hertz, as in (5) [Kireenkov]); for a tabulated
  // profile (or the ring, refused by make_contact above) s = R k M_3/(2 M_1) (contact/shape.hpp), so
  // k = 2 (M_1/M_3) F h/R.
  const Pressure& p = problem.pressure;
  const double ratio = !p.power_family() ? p.moment(1) / p.moment(3)
                       : p.kind() == Pressure::Kind::uniform ? 2.0
                                                             : p.alpha() + 2.0;
  return 2.0 * ratio * F * spec.shift->value / spec.major();
}

std::unique_ptr<ExactModel> make_exact_model(const Problem& problem) {
  return limitdir::make_exact_model(problem.pressure, problem.rho_over_R());
}

std::unique_ptr<FrictionModel> make_friction_model(const Problem& problem) {
  // A Problem may be built in code, so its friction spec is checked here as well.
  const Loc loc = Loc::root(problem.source).key("friction");
  const FrictionSpec& friction = problem.friction;
  check_model_name(friction.model, loc.key("model"));
  check_model_parameters(friction, loc.key("degree"), loc.key("order"));
  check_contact_model(problem.contact, friction.model, loc.key("model"));
  const bool ring = problem.pressure.kind() == Pressure::Kind::ring && problem.contact.axisymmetric();
  if (is_contact_model(friction.model) && ring)  // Kireenkov's models on the thin ring (section 7)
    return make_kireenkov_ring_model(friction.model, problem.pressure, problem.rho_over_R(),
                                     contact_model_options(friction));
  if (is_contact_model(friction.model))
    return make_contact_approx_model(friction.model, make_contact(problem), problem.rho_over_R(),
                                     contact_model_options(friction));
  if (friction.model == "sphere-harmonic") {
    // docs/manual.md section 8: the expansion of the contact's exact model
    if (problem.contact.axisymmetric()) return std::make_unique<SphereHarmonicModel>(*make_exact_model(problem), friction.degree);
    return std::make_unique<SphereHarmonicModel>(*make_contact_exact_model(make_contact(problem), problem.rho_over_R()),
                                                 friction.degree);
  }
  if (friction.model == "exact" && !problem.contact.axisymmetric()) {
    const Contact contact = make_contact(problem);
    if (has_shifted_disc_closed_form(contact))  // friction/exact_shift.hpp
      return make_shifted_disc_exact_model(problem.rho_over_R(), contact.k());
  }
  if (!problem.contact.axisymmetric()) return make_contact_exact_model(make_contact(problem), problem.rho_over_R());
  if (friction.model == "coulomb-point") {
    const double rho = problem.rho_over_R();
    return make_coulomb_point_model(rho, problem.pressure.kappa() / rho);
  }
  auto exact = make_exact_model(problem);
  if (friction.model == "exact") return exact;
  if (friction.model == "linear-fit") return LinearModel::fit(*exact);
  if (friction.model == "harmonic") return std::make_unique<HarmonicModel>(*exact, friction.degree);
  return std::make_unique<PadeModel>(*exact, friction.order);
}

}  // namespace limitdir
