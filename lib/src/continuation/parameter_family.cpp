// The one-parameter families of systems that a sweep follows (sweep-force --parameter): the load,
// the ball's lambda, j, the power pressure's alpha, rho, and the contact's a/b, d, gamma and k
// (docs/manual.md section 6).
#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <memory>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_keys.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/exact_shift.hpp"

namespace limitdir {

namespace {

/// The contact's parameters (docs/manual.md section 6): the aspect ratio a/b of the ellipse (b
/// kept; a circle becomes the ellipse [a/b, 1]), the distortion's d and gamma (15)-(16)
/// [Kudra & Awrejcewicz 2013] and the shift's k (2) [Kireenkov]. Each must already be part of
/// the problem except a/b, d (a distortion in the direction gamma = 0 when absent) and k.
std::function<void(Problem&, double)> contact_parameter(const Problem& problem, const std::string& parameter) {
  if (problem.pressure.kind() == Pressure::Kind::ring)
    throw InputError("parameter " + parameter + ": the ring pressure needs a circular contact without distortion or "
                     "shift (a ring has no area density to integrate over the contact)");
  if (parameter == "a/b") {
    return [](Problem& q, double p) {
      q.contact.shape = ContactSpec::Shape::ellipse;
      q.contact.a = p * q.contact.b;
    };
  }
  if ((parameter == "d" || parameter == "gamma") && problem.contact.distortion && problem.contact.distortion->bodies)
    throw InputError("parameter " + parameter + ": the contact's distortion is given per body (d1, gamma1, d2, "
                     "gamma2); sweep a distortion given as {\"d\", \"gamma\"}");
  if (parameter == "d") {
    return [](Problem& q, double p) {
      ContactSpec::Distortion distortion = q.contact.distortion.value_or(ContactSpec::Distortion{});
      distortion.d = p;
      q.contact.distortion = distortion;
    };
  }
  if (parameter == "gamma") {
    if (!problem.contact.distortion) throw InputError("parameter gamma: needs a contact.distortion");
    return [](Problem& q, double p) { q.contact.distortion->gamma = p; };
  }
  if (problem.contact.load_dependent())
    throw InputError("parameter k: the problem's shift is given by its height h (k follows the load)");
  return [](Problem& q, double p) { q.contact.shift = ContactSpec::Shift{ContactSpec::Shift::Kind::k, p}; };
}

/// The systems along a contact parameter: the exact contact model is rebuilt from one base
/// model's quadrature rules (ContactExactModel::with_contact), the other models (and the shifted uniform
/// disc's closed form, friction/exact_shift.hpp) from scratch.
std::function<System(double)> contact_family(const Problem& problem, std::function<void(Problem&, double)> set) {
  std::shared_ptr<const ContactExactModel> base;
  if (problem.friction.model == "exact") {
    try {
      base = make_contact_exact_model(make_contact(problem), problem.rho_over_R());
    } catch (const InputError&) {
      // a pressure outside the contact family (Galin, a profile): every system from scratch
    }
  }
  return [problem, set, base](double p) {
    Problem q = problem;
    set(q, p);
    if (!base || q.contact.axisymmetric()) return make_system(q);
    const Contact contact = make_contact(q);
    if (has_shifted_disc_closed_form(contact)) return make_system(q);
    return make_system(q, std::shared_ptr<const FrictionModel>(base->with_contact(contact, q.rho_over_R())));
  };
}

/// The problem at p: the problem with `set` applied.
std::function<Problem(double)> problem_with(const Problem& problem, std::function<void(Problem&, double)> set) {
  return [problem, set](double p) {
    Problem q = problem;
    set(q, p);
    return q;
  };
}

/// The system at p built from scratch.
std::function<System(double)> system_with(const Problem& problem, std::function<void(Problem&, double)> set) {
  return [problem, set](double p) {
    Problem q = problem;
    set(q, p);
    return make_system(q);
  };
}

/// lambda and j change only the mass matrix: the friction model is built once, and rho (the
/// pressure's kappa by default, a Beta function) is taken once as a number.
std::function<System(double)> system_with_friction(const Problem& problem, std::function<void(Problem&, double)> set) {
  std::shared_ptr<const FrictionModel> friction(make_friction_model(problem));
  Problem fixed = problem;
  fixed.rho.kind = RhoSpec::Kind::value;
  fixed.rho.value = problem.rho_over_R();
  return [fixed, set, friction](double p) {
    Problem q = fixed;
    set(q, p);
    return make_system(q, friction);
  };
}

/// The load as the parameter: one system for every load, unless the shift follows the load.
ParameterFamily force_family(const Problem& problem) {
  ParameterFamily f;
  f.name = "force";
  const auto set = [](Problem& q, double p) { q.force = p; };
  f.force = [](double p) { return p; };
  f.problem = problem_with(problem, set);
  if (!problem.contact.load_dependent()) {
    f.load_sweep = true;
    auto system = std::make_shared<System>(make_system(problem));
    f.system = [system](double) { return *system; };
    return f;
  }
  // a shift from the load's tipping moment (shift.h): the friction model changes with F, only
  // through k (M, rho and the exact model's quadrature rules do not); other models are rebuilt
  const System base = make_system(problem);
  const auto model = std::dynamic_pointer_cast<const ContactExactModel>(base.friction_ptr());
  if (model) {
    f.system = [problem, base, model](double p) {
      return System(base.M(), base.load_direction(), base.load_offset(),
                    std::shared_ptr<const FrictionModel>(model->with_shift(contact_shift(problem, p))));
    };
  } else {
    f.system = [problem, set](double p) {
      Problem q = problem;
      set(q, p);
      return make_system(q);
    };
  }
  return f;
}

}  // namespace

const std::vector<NamedEntry>& sweep_parameter_registry() {
  static const std::vector<NamedEntry> table{
      // each entry's unit as the problem file's schema gives it for the key (docs/manual.md section 5)
      {"force", "the load F. Unit: mu m g."},
      {"lambda", "Rbar/R of the ball preset. Unit: dimensionless."},
      {"alpha", "exponent of the pressure (1 - xi^2)^alpha, > -1. Unit: dimensionless."},
      {"j", "J/(m Rbar^2) of the disc and ball presets. Unit: dimensionless."},
      {"rho", "rho as a number > 0. Unit: R."},
      {"a/b", "aspect ratio of the contact ellipse (b kept). Unit: dimensionless."},
      {"d", "pressure distortion d of (15)-(16), in [0, 1]. Unit: dimensionless."},
      {"gamma", "direction of the distortion. Unit: rad."},
      {"k", "pressure shift k of (2) [Kireenkov]. Unit: dimensionless."},
      {"system.load_angle", "plate: angle beta of the load. Unit: rad."},
      {"contact.shape.ellipse.0", "semi-axis a of the ellipse. Unit: R."},
      {"contact.shape.ellipse.1", "semi-axis b of the ellipse. Unit: R."},
      {"contact.shift.h", "height h of the load over the contact. Unit: R."},
      {"friction.b_T", "kudra-pade: b_T > 0. Unit: dimensionless."},
      {"friction.b_M", "kudra-pade: b_M > 0. Unit: dimensionless."},
      {"friction.m_T", "kudra-pade: m_T > 0. Unit: dimensionless."},
      {"friction.m_M", "kudra-pade: m_M > 0. Unit: dimensionless."},
      {"friction.k0", "kireenkov models: k0 in [-1, 1]. Unit: dimensionless."},
  };
  return table;
}

namespace {

/// A dotted key of the problem file as the parameter (docs/manual.md section 5): set in the
/// problem's problem_to_json form and parsed again, so that the problem file's checks of that
/// key (its range) apply at every value. InputError when the problem has no such numeric key.
std::function<void(Problem&, double)> key_setter(const Problem& problem, const std::string& key) {
  nlohmann::json document = problem_to_json(problem);
  std::string why;
  const nlohmann::json* node = find_dotted_key(document, key, why);
  if (node == nullptr) throw InputError("parameter " + key + ": not a key of this problem (" + why + ")");
  if (!node->is_number()) throw InputError("parameter " + key + ": not a numeric key of this problem");
  return [key](Problem& q, double p) {
    nlohmann::json d = problem_to_json(q);
    std::string unused;
    *find_dotted_key(d, key, unused) = as_json_number(p);
    q = parse_problem(d, q.source);
  };
}

/// What setting a parameter to p does to a problem (InputError as parameter_family).
std::function<void(Problem&, double)> parameter_setter(const Problem& problem, const std::string& parameter) {
  if (parameter == "force") return [](Problem& q, double p) { q.force = p; };
  if (parameter == "lambda") {
    if (problem.system.preset != "ball") throw InputError("parameter lambda: needs the ball preset");
    return [](Problem& q, double p) { q.system.lambda = p; };
  }
  if (parameter == "j") {
    if (problem.system.preset != "disc" && problem.system.preset != "ball")
      throw InputError("parameter j: needs the disc or ball preset");
    return [](Problem& q, double p) { q.system.j = p; };
  }
  if (parameter == "alpha") {
    if (!problem.pressure.power_family())
      throw InputError("parameter alpha: needs a pressure of the family (1 - xi^2)^alpha");
    return [](Problem& q, double p) { q.pressure = Pressure::power(p); };
  }
  if (parameter == "rho")
    return [](Problem& q, double p) {
      q.rho.kind = RhoSpec::Kind::value;
      q.rho.value = p;
    };
  if (parameter == "a/b" || parameter == "d" || parameter == "gamma" || parameter == "k")
    return contact_parameter(problem, parameter);
  if (parameter.find('.') != std::string::npos && has_entry(sweep_parameter_registry(), parameter))
    return key_setter(problem, parameter);
  throw InputError("parameter: unknown '" + parameter + "' (valid: " + entry_names(sweep_parameter_registry()) + ")");
}

}  // namespace

Problem problem_with_parameter(const Problem& problem, const std::string& parameter, double value) {
  Problem q = problem;
  parameter_setter(problem, parameter)(q, value);
  return q;
}

ParameterFamily parameter_family(const Problem& problem, const std::string& parameter) {
  if (parameter == "force") return force_family(problem);
  ParameterFamily f;
  f.name = parameter;
  const auto set = parameter_setter(problem, parameter);
  f.problem = problem_with(problem, set);
  if (parameter == "lambda" || parameter == "j" || parameter.rfind("system.", 0) == 0) {
    // the system's keys change only the mass matrix and the load
    f.system = system_with_friction(problem, set);
  } else if (parameter == "alpha" || parameter == "rho" || parameter.rfind("friction.", 0) == 0) {
    f.system = system_with(problem, set);
  } else if (parameter == "d") {
    // the tracer steps just past d = 0: sigma0 (1 + d u.r') with d < 0 is the distortion
    // |d| in the opposite direction gamma + pi, the same pressure
    f.system = contact_family(problem, [set](Problem& q, double p) {
      // the sweep reaches an end d = 1 up to the rounding of its arithmetic (~1e-15)
      constexpr double end_rounding = 1e-12;
      set(q, std::abs(p) > 1.0 && std::abs(p) <= 1.0 + end_rounding ? 1.0 : std::abs(p));
      if (p < 0) q.contact.distortion->gamma += boost::math::constants::pi<double>();
    });
  } else {
    f.system = contact_family(problem, set);
  }
  const double F = problem.force;
  f.force = [F](double) { return F; };
  return f;
}

}  // namespace limitdir
