// The circle methods (docs/manual.md section 3, "Invariant circle" and "F = 0 with
// axisymmetry"; Sect. 7.4 of [Nonlinear Dyn. 2024]): on an axisymmetric model with
// M = diag(m1, m1, m3) and a load without y component every limit direction with c1 != 0 lies on
// the invariant circle w2 = 0 (rows 1-2 of (125)): the roots of (132) for the harmonic model
// (limits/circle_roots.hpp), the zeros of the field along the circle for any other; with c1 = 0,
// and for any model whose field commutes with the rotations about e3, the poles and the circles
// of latitude at the roots of the meridian equation (Sect. 7.4.4, Figs 15-16), with the equator a
// Filippov circle where q jumps on it (section 5, "Jump sets").
#include "limitdir/limits/limits.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <optional>

#include "core/constants.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/limits/jump_zeros.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "limits/circle_roots.hpp"
#include "limits/methods.hpp"
#include "limits/zeros_1d.hpp"

namespace limitdir::detail {

namespace {

LimitSet circles_of_latitude(const System& system, double F, const LimitOptions& opt,
                             const std::function<double(double)>& h, double scale, std::vector<double> roots,
                             bool simple, std::string method, std::vector<std::string> doubts = {});

// c = (0, 0, c3): rotational symmetry about e3; the poles and circles of latitude theta with
// h(theta) = sin(theta) (b1 C - b3 k S) + c3 = 0 (Sect. 7.4.4 for c3 = 0).
LimitSet solve_circles(const System& system, double F, const LimitOptions& opt) {
  const AxisymmetricModel& model = *system.axisymmetric();
  const double b1 = system.M_inv()(0, 0), b3 = system.M_inv()(2, 2), k = model.kappa_over_rho();
  const double c3 = system.c(F).z();
  const auto h = [&](double th) {
    const MeridianValue m = model.meridian_values(std::cos(th), std::sin(th));
    return std::sin(th) * (b1 * m.C - b3 * k * m.S) + c3;
  };
  bool simple = true;
  const double scale = std::abs(b1) + std::abs(b3 * k) + std::abs(c3);
  std::vector<double> roots = zeros_1d(h, -0.5 * pi, 0.5 * pi, 2000, false, scale, simple);
  return circles_of_latitude(system, F, opt, h, scale, std::move(roots), simple, "axisymmetric-circles");
}

}  // namespace

// Any model whose field commutes with the rotations about e3 (checked: commutes_with_rotations),
// c = (0, 0, c3): a zero at (theta, phi) makes the whole latitude theta one, so the zeros off the
// poles are the circles through the zeros of V* on the meridian phi = 0. Its component along
// the meridian, h(theta) = e_theta . V*, is solved in 1-D; a root is a circle only where the
// component along the latitude vanishes too (a lateral force, kireenkov-pade with k0 != 0,
// turns V* off the meridian). Where q jumps on the equator (point-spin) h is smooth in each open
// hemisphere only: it is solved on each closed half meridian with the equator's one-sided value
// (w3 -> 0+ on the north, 0- on the south) at its end, and the equator itself is a Filippov set
// (circles_of_latitude: jump_zeros).
LimitSet solve_rotational_circles(const System& system, double F, const LimitOptions& opt) {
  const auto at = [](double th) { return Eigen::Vector3d(std::cos(th), 0.0, std::sin(th)); };
  const bool jumps = system.friction().kink_sets().equator == Smoothness::jump;
  const auto field_at = [&](double th, double side) {
    return jumps && th == 0.0 ? equator_side_field(system, F, at(0.0), side) : system.field(at(th), F);
  };
  const auto h_side = [&](double th, double side) {
    return Eigen::Vector3d(-std::sin(th), 0.0, std::cos(th)).dot(field_at(th, side));
  };
  const auto h = [&](double th) { return h_side(th, th < 0 ? -1.0 : 1.0); };
  bool simple = true;
  const double scale = system.M_inv().norm() + system.c(F).norm();
  std::vector<double> roots;
  std::vector<std::string> doubts;
  if (!jumps) {
    roots = zeros_1d(h, -0.5 * pi, 0.5 * pi, 2000, false, scale, simple);
  } else {  // the same 2000 intervals, 1000 on each closed half meridian
    for (const double side : {-1.0, 1.0}) {
      const auto hs = [&](double th) { return h_side(th, side); };
      const double a = side < 0 ? -0.5 * pi : 0.0, b = side < 0 ? 0.0 : 0.5 * pi;
      for (double th : zeros_1d(hs, a, b, 1000, false, scale, simple)) {
        if (th != 0.0) roots.push_back(th);
        else  // the one-sided value on the equator is tangent to it: a boundary equilibrium
          doubts.push_back(fmt::format("the one-sided value of V* on the equator from w3 {} 0 has no component across it "
                                       "(a circle of limit directions meets the jump set)",
                                       side < 0 ? "<" : ">"));
      }
    }
  }
  roots.erase(std::remove_if(roots.begin(), roots.end(),
                             [&](double th) {
                               const Eigen::Vector3d field = field_at(th, th < 0 ? -1.0 : 1.0);
                               return !(spherical_part(at(th), field).norm() <=
                                        residual_floor(system, F, field, opt.residual_tol));
                             }),
              roots.end());
  return circles_of_latitude(system, F, opt, h, scale, std::move(roots), simple, "rotational-circles", doubts);
}

namespace {

// The poles (Newton, or kink_zeros on a kinked model) and the circles at the roots of h,
// classified by their transverse eigenvalue (the one along a circle is 0).
LimitSet circles_of_latitude(const System& system, double F, const LimitOptions& opt,
                             const std::function<double(double)>& h, double scale, std::vector<double> roots,
                             bool simple, std::string method, std::vector<std::string> doubts) {
  const double lim = 0.5 * pi;
  roots.erase(std::remove_if(roots.begin(), roots.end(), [&](double t) { return std::abs(t) >= lim - 1e-9; }),
              roots.end());
  double hmax = 0;
  for (int i = 0; i <= 200; ++i) hmax = std::max(hmax, std::abs(h(-lim + pi * i / 200)));
  if (hmax <= 1e-13 * scale) {
    doubts.push_back("every direction is a limit direction (the field is radial everywhere)");
    roots.clear();
  }
  // the equator where q jumps on it and its sliding field vanishes (limits/jump_zeros.hpp)
  const std::optional<LimitCircle> equator = sliding_equator_circle(system, F);
  if (equator && equator->sphere_type == "non-hyperbolic")
    doubts.push_back(fmt::format("the equator is a circle of Filippov limit directions that does not attract or repel "
                                 "from both sides (one-sided speeds {:.3g} above, {:.3g} below)",
                                 (*equator->one_sided_speeds)[0], (*equator->one_sided_speeds)[1]));
  std::vector<Seed> seeds{{Eigen::Vector3d::UnitZ(), true}, {-Eigen::Vector3d::UnitZ(), true}};
  LimitSet set = assemble(system, F, seeds, std::move(method), opt, doubts, true);
  for (double th : roots) {
    const Classification c = classify(system, F, Eigen::Vector3d(std::cos(th), 0.0, std::sin(th)), opt.classify);
    const double transverse = c.J_T.trace();  // the eigenvalue along the circle is 0
    const double tol = opt.classify.hyperbolic * std::max(1.0, c.J_T.norm());
    std::string type = transverse < -tol ? "stable-circle" : transverse > tol ? "unstable-circle" : "non-hyperbolic";
    if (type == "non-hyperbolic") simple = false;
    set.circles.push_back({th, Eigen::Vector3d::UnitZ(), c.rdot, c.radial, transverse, type});
  }
  if (equator) set.circles.insert(set.circles.begin(), *equator);
  // without a circle the zeros are isolated (the poles only): Poincare-Hopf applies again
  const bool isolated_only = set.circles.empty() && set.certificate.index_sum != 2;
  if (!simple || isolated_only) {
    set.certificate.level = Level::incomplete;
    set.certificate.reason =
        (isolated_only ? fmt::format("index sum {} != 2 (Poincare-Hopf) without a circle of limit directions",
                                     set.certificate.index_sum)
                       : "a circle of limit directions is degenerate (double root of the meridian equation)") +
        (set.certificate.reason.empty() ? "" : "; " + set.certificate.reason);
  } else if (set.certificate.complete()) {
    set.certificate.reason = fmt::format(
        "{} circle(s) of latitude from the meridian equation (all roots simple{}){} and {} hyperbolic isolated limit "
        "direction(s) at the poles{}; Poincare-Hopf does not apply to continua",
        set.circles.size() - (equator ? 1 : 0), equator ? ", on each open half meridian" : "",
        equator ? fmt::format(", the equator a {} of Filippov limit directions (q jumps on it, its sliding field "
                              "vanishes; one-sided speeds of V* across it {:.4g} from above, {:.4g} from below)",
                              equator->sphere_type, (*equator->one_sided_speeds)[0], (*equator->one_sided_speeds)[1])
                : "",
        set.directions.size(),
        set.method == "rotational-circles" ? " (the field commutes with the rotations about e3 at 99 samples)" : "");
  }
  return set;
}

}  // namespace

// The circle w2 = 0 with c1 != 0.
LimitSet solve_invariant_circle(const System& system, double F, const LimitOptions& opt) {
  const AxisymmetricModel& model = *system.axisymmetric();
  const Eigen::Vector3d c = system.c(F);
  if (c.x() == 0.0) return solve_circles(system, F, opt);
  const double b1 = system.M_inv()(0, 0), b3 = system.M_inv()(2, 2), k = model.kappa_over_rho();
  // Rows 1-2 of (125) [Nonlinear Dyn. 2024]: (rdot + b1 C) w1 = c1 and (rdot + b1 C) w2 = 0, so
  // w2 != 0 forces rdot = -b1 C and then c1 = 0. With c1 != 0 every limit direction lies on the
  // circle w2 = 0, whatever C is.
  std::vector<Seed> seeds{{Eigen::Vector3d::UnitX(), true}, {-Eigen::Vector3d::UnitX(), true}};  // (128)
  std::vector<std::string> doubts;
  const auto* harmonic = dynamic_cast<const HarmonicModel*>(&model);
  std::string undecided;
  const std::optional<std::vector<double>> w3s =
      harmonic && c.z() == 0.0 ? detail::invariant_circle_roots(harmonic->chebyshev_C(), harmonic->chebyshev_S(), b1,
                                                                b3 * k, c.x(), undecided)
                               : std::nullopt;
  if (w3s) {
    // (132): (b1 C(u) - b3 k S(u))^2 (1 - u) = c1^2 in u = w3^2, degree 2N - 1 in the Chebyshev
    // basis of the model (84)-(85); all its real roots in [0, 1], isolated rigorously for any N
    // (limits/circle_roots.hpp). A root it cannot decide (a double root at a fold's load) leaves
    // the field's zeros along the circle below to find the directions.
    for (double w3 : *w3s) {
      const MeridianValue m = model.meridian_values(std::sqrt(std::max(0.0, 1.0 - w3 * w3)), w3);
      const double a = b1 * m.C - b3 * k * m.S;
      if (a == 0.0) continue;
      const double w1 = c.x() / a;  // (131)
      // the real roots of (132) are limit directions: Newton failing from one is a doubt
      seeds.push_back({Eigen::Vector3d(w1, 0.0, w3), true});
      if (w3 > 0) seeds.push_back({Eigen::Vector3d(w1, 0.0, -w3), true});
    }
    return assemble(system, F, seeds, "invariant-circle-polynomial", opt, doubts);
  }
  // Any other axisymmetric model: the zeros of the field along the circle, g = t . F.
  const auto g_of = [&](const Eigen::Vector3d& w, const Eigen::Vector3d& Bw) {
    const Eigen::Vector3d f = Bw + c;  // (101) on w = (cos psi, 0, sin psi)
    return -w.z() * f.x() + w.x() * f.z();
  };
  const auto g = [&](double psi) {
    const Eigen::Vector3d w(std::cos(psi), 0.0, std::sin(psi));
    return g_of(w, system.Bw(w));
  };
  constexpr int circle_samples = 1024;
  std::vector<double> y;  // at the samples, whose B(w) w the system remembers across loads
  for (const System::CircleSample& p : system.circle_samples(circle_samples)) y.push_back(g_of(p.w, p.Bw));
  bool simple = true;
  const double scale = std::abs(b1) + std::abs(b3 * k) + c.norm();
  for (double psi : zeros_1d(g, -pi, pi, circle_samples, true, scale, simple, &y))
    seeds.push_back({Eigen::Vector3d(std::cos(psi), 0.0, std::sin(psi)), true});
  if (!simple)
    doubts.push_back("the field on the circle w2 = 0 has a zero without a sign change (a fold): a pair of limit "
                     "directions closer than the sampling may be counted once");
  return assemble(system, F, seeds, "invariant-circle", opt, doubts);
}

namespace {

// Whether the field commutes with the rotations about e3, R(a) F(w) = F(R(a) w), at sample
// points (latitudes from pole to pole, three longitudes, three angles): the models on a round
// contact without distortion or shift (kudra-pade, kudra-pade-first, kireenkov-pade on the disc
// and the ball) do, whatever their class. To 1e-10 of |F|: the closed forms round at ~1e-15,
// while a contact that is not round breaks the symmetry by its own asymmetry (kudra-w's joins
// differ for T_sx and T_sy by ~1e-3, section 7).
bool commutes_with_rotations(const System& system, double F) {
  constexpr double commutes_tol = 1e-10;
  if (!system.has_circle_structure() || system.c(F).head<2>().norm() != 0.0) return false;
  const auto turn = [](double a, const Eigen::Vector3d& v) {
    return Eigen::Vector3d(std::cos(a) * v.x() - std::sin(a) * v.y(), std::sin(a) * v.x() + std::cos(a) * v.y(), v.z());
  };
  for (double th : {-1.5, -1.0, -0.5, -0.1, -1e-3, 0.0, 1e-3, 0.1, 0.5, 1.0, 1.5})
    for (double phi : {0.0, 0.7, 2.1})
      for (double a : {0.3, 1.1, 2.9}) {
        const Eigen::Vector3d w = w_from_angles(th, phi), f = system.field(w, F);
        if (!((turn(a, f) - system.field(turn(a, w), F)).norm() <= commutes_tol * (1.0 + f.norm()))) return false;
      }
  return true;
}

}  // namespace

// The circles of latitude of solve_rotational_circles apply (method auto; `global` keeps the
// mesh): the field commutes with the rotations about e3, and V* has no singular point (such as
// the pole of a shift along the sliding direction, whose index the global method counts); the
// poles and the equator where q jumps are Filippov sets (jump_zeros), not singular points.
bool rotational(const System& system, double F) {
  if (!commutes_with_rotations(system, F)) return false;
  std::vector<std::string> unused;
  std::vector<SingularPoint> sps = singular_points(system, F, unused);
  // a pole where q jumps that is a Filippov limit direction is not a singular point (assemble)
  for (const JumpZero& z : jump_zeros(system, F).zeros)
    sps.erase(std::remove_if(sps.begin(), sps.end(), [&](const SingularPoint& sp) { return (sp.w - z.w).norm() == 0; }),
              sps.end());
  return sps.empty();
}

}  // namespace limitdir::detail
