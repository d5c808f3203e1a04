// All limit directions at one load: Sect. 7.3-7.5 of [Nonlinear Dyn. 2024] and docs/manual.md section 3.
//
// Methods (solve_limit_directions picks the most specific one that applies):
//  * invariant circle (Sect. 7.4): axisymmetric model, M = diag(m1, m1, m3), load without a
//    y component. With c1 != 0 every limit direction lies on w2 = 0 (as long as C(w3) never
//    vanishes, which is checked); for the harmonic model the non-trivial ones are the roots
//    of the polynomial (132) in u = w3^2 (isolated rigorously in the model's Chebyshev basis,
//    limits/circle_roots.hpp, for every degree), for any other model the zeros of the 1-D field on the circle. With c1 = 0 (F = 0 for the presets)
//    the solutions are the poles and circles of latitude (Figs 15-16).
//  * linear-eigen (docs/manual.md section 3): constant B, the 6x6 eigenproblem.
//  * global: a geodesic mesh of the sphere, the winding of V* around every triangle
//    (refined where the field is small), Newton from every triangle with nonzero winding and
//    every local minimum of |V*|, duplicates merged, and the Poincare-Hopf certificate.
//
// This file picks the method (solve_limit_directions) and assembles the limit set and its
// certificate from a method's seeds (assemble: Newton, the Filippov zeros on the jump sets, the
// classification, the index sum of Poincare-Hopf, docs/manual.md section 3, "Certificates"). The
// methods: linear_method.cpp, circle_method.cpp, global_method.cpp; Newton: refine.cpp; the
// singular points and kink sets of the index sum: singular_points.cpp (shared: limits/methods.hpp).
#include "limitdir/limits/limits.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/vector_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/limits/jump_zeros.hpp"
#include "limits/limits_proof.hpp"
#include "limits/methods.hpp"

namespace limitdir {

using detail::rotational;
using detail::solve_global;
using detail::solve_invariant_circle;
using detail::solve_linear;
using detail::solve_rotational_circles;

namespace detail {

// What one classified direction adds to the doubts.
void doubts_of(const Classification& c, std::vector<std::string>& doubts) {
  if (c.jump_set) return;  // a Filippov zero: jump_zeros says what it could not decide
  if (c.type == SphereType::non_hyperbolic && !c.one_sided)
    doubts.push_back(fmt::format("non-hyperbolic limit direction at w = {}: its index does not certify completeness",
                                 vec(c.w)));
  if (!c.differentiable && !c.one_sided)
    doubts.push_back(fmt::format("the friction model is not differentiable at the limit direction w = {}", vec(c.w)));
  if (c.one_sided && (*c.one_sided)[0].type != (*c.one_sided)[1].type && !c.index_from_winding)
    doubts.push_back(fmt::format("at the limit direction w = {} on the model's kink the two sides have different "
                                 "types ({} and {}) and the winding of V* about it is not resolved",
                                 vec(c.w), to_string((*c.one_sided)[0].type), to_string((*c.one_sided)[1].type)));
}

std::string joined_doubts(const std::vector<std::string>& doubts) {
  // at most five reasons, then a count (a continuum can give hundreds)
  std::string reason = doubts.front();
  for (std::size_t i = 1; i < std::min<std::size_t>(doubts.size(), 5); ++i) reason += "; " + doubts[i];
  if (doubts.size() > 5) reason += fmt::format("; and {} more", doubts.size() - 5);
  return reason;
}

// Refines the seeds, merges duplicates, classifies, and writes the certificate.
LimitSet assemble(const System& system, double F, const std::vector<Seed>& seeds, std::string method,
                  const LimitOptions& opt, std::vector<std::string> doubts, bool continua) {
  LimitSet set;
  set.force = F;
  set.method = std::move(method);
  int index_sum = 0;
  const bool exact_method = set.method == "invariant-circle-polynomial" || set.method == "linear-eigen";
  if (!continua) set.singular_points = singular_points(system, F, doubts);
  const std::vector<Eigen::Vector3d> on_kinks = kink_zeros(system, F, opt);
  // the Filippov zeros on the sets where q jumps (limits/jump_zeros.hpp): a pole that is one is
  // a limit direction, not a singular point; Newton's seeds about them are not doubts
  const JumpZeros jumps = jump_zeros(system, F);
  doubts.insert(doubts.end(), jumps.doubts.begin(), jumps.doubts.end());
  std::vector<SingularPoint> about = set.singular_points;
  for (const JumpZero& z : jumps.zeros) {
    auto& sps = set.singular_points;
    sps.erase(std::remove_if(sps.begin(), sps.end(), [&](const SingularPoint& sp) { return (sp.w - z.w).norm() == 0; }),
              sps.end());
    about.push_back({z.w, z.index});
    Classification c = classification_of(z);
    index_sum += c.index;
    doubts_of(c, doubts);
    set.directions.push_back(std::move(c));
  }
  const auto on_jump = [&](const Eigen::Vector3d& w) {
    constexpr double same_direction = 1e-7;  // as refine_seeds merges its own
    return std::any_of(jumps.zeros.begin(), jumps.zeros.end(), [&](const JumpZero& z) { return (z.w - w).norm() < same_direction; });
  };
  for (const auto& w : refine_seeds(system, F, seeds, opt, doubts, !exact_method, about, on_kinks)) {
    if (on_jump(w)) continue;  // V* = 0 computed on the set itself: the Filippov zero above
    if (at_singular_point(set.singular_points, w)) continue;  // the shift's pole: V* = 0 by convention only
    Classification c = classify(system, F, w, opt.classify);
    kink_index(system, F, c);
    index_sum += c.index;
    doubts_of(c, doubts);
    set.directions.push_back(std::move(c));
  }
  for (const SingularPoint& sp : set.singular_points) index_sum += sp.index;
  set.certificate.index_sum = index_sum;
  if (!continua && index_sum != 2)
    doubts.push_back(fmt::format("index sum {} != 2 (Poincare-Hopf): a limit direction was missed or is degenerate",
                                 index_sum));
  // Many non-hyperbolic zeros are the trace of a continuum (the global method samples it).
  const auto nonhyp = std::count_if(set.directions.begin(), set.directions.end(),
                                    [](const Classification& c) { return c.type == SphereType::non_hyperbolic; });
  if (nonhyp > 6)
    doubts.insert(doubts.begin(), fmt::format("{} non-hyperbolic limit directions: a continuum of limit directions is "
                                              "likely (the '{}' method reports isolated points only)",
                                              nonhyp, set.method));
  set.certificate.level = doubts.empty() ? Level::checked : Level::incomplete;
  if (!set.certificate.complete()) {
    set.certificate.reason = joined_doubts(doubts);
    return set;
  }
  set.certificate.reason =
      continua ? fmt::format("{} hyperbolic isolated limit direction(s); Poincare-Hopf does not apply to continua",
                             set.directions.size())
               : fmt::format("index sum 2 (Poincare-Hopf) and all {} limit directions hyperbolic", set.directions.size());
  for (const SingularPoint& sp : set.singular_points)
    set.certificate.reason += fmt::format("; V* is discontinuous at w = {} ({}), a singular point of index {}",
                                          vec(sp.w), jump_cause(system), sp.index);
  if (!jumps.zeros.empty())
    set.certificate.reason += fmt::format(
        "; {} of them on the model's jump sets in the sense of Filippov (0 inside the hull of the one-sided values of "
        "V*: at a pole an ellipse, on the equator the zeros of the sliding field; typed by the rays of V* about the pole "
        "or by the sliding field and the sides of the equator, index from them)",
        jumps.zeros.size());
  return set;
}

}  // namespace detail

bool circle_attracts(const LimitCircle& circle, double sign) {
  const std::string& t = circle.sphere_type;
  if (t == "non-hyperbolic") return true;
  const bool stable = t == "stable-circle" || t == "stable-sliding-circle";
  return sign > 0 ? stable : !stable;
}

std::string to_string(Level level) {
  switch (level) {
    case Level::proven: return "proven";
    case Level::checked: return "checked";
    case Level::incomplete: return "incomplete";
  }
  return "?";
}

Level level_from_string(const std::string& text) {
  for (Level l : {Level::proven, Level::checked, Level::incomplete})
    if (to_string(l) == text) return l;
  throw InputError("certificate level: unknown '" + text + "' (valid: proven, checked, incomplete)");
}

namespace {
LimitSet solve(const System& system, double F, const LimitOptions& opt);
}  // namespace

LimitSet solve_limit_directions(const System& system, double F, const LimitOptions& opt) {
  LimitSet set = solve(system, F, opt);
  detail::numerical_claims(set);
  if (opt.prove) detail::attach_proof(system, F, opt, set);
  return set;
}

namespace {
LimitSet solve(const System& system, double F, const LimitOptions& opt) {
  if (!std::isfinite(F)) throw InputError(fmt::format("force: must be a finite number (got {})", F));
  if (opt.mesh_level < 1 || opt.mesh_level > 7)
    throw InputError(fmt::format("mesh level: must be an integer in [1, 7] (got {})", opt.mesh_level));
  const std::string& m = opt.method;
  if (m == "global") return solve_global(system, F, opt);
  if (m == "invariant-circle") {
    if (!system.has_invariant_circle())
      throw InputError("--method invariant-circle: needs an axisymmetric model, M = diag(m1, m1, m3) and a load "
                       "without y component");
    return solve_invariant_circle(system, F, opt);
  }
  if (m == "linear-eigen") {
    if (!system.constant_B()) throw InputError("--method linear-eigen: the friction model is not linear");
    return solve_linear(system, F, opt);
  }
  if (m != "auto")
    throw InputError("method: unknown '" + m + "' (valid: auto, linear-eigen, invariant-circle, global)");
  if (system.has_invariant_circle()) return solve_invariant_circle(system, F, opt);
  if (system.constant_B()) return solve_linear(system, F, opt);
  if (rotational(system, F)) return solve_rotational_circles(system, F, opt);
  return solve_global(system, F, opt);
}

}  // namespace

}  // namespace limitdir
