// What Poincare-Hopf's index sum counts besides the classical zeros of V* (docs/manual.md
// section 1: the indices of a tangent field's isolated zeros sum to 2): the singular points
// where q jumps and V* is not 0 (the poles of Coulomb's point contact (75), of a pressure
// shifted along the sliding direction, section 6), with the winding of V* about each, and the
// zeros on the model's kink sets, solved on the sets themselves where Newton's Jacobian jumps,
// with the winding as the index of a zero whose two sides have different types
// (docs/manual.md section 5, "Kinks").
#include "limitdir/limits/limits.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <optional>

#include "core/constants.hpp"
#include "core/vector_text.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "limits/methods.hpp"
#include "limits/zeros_1d.hpp"

namespace limitdir::detail {

namespace {

// The index of an isolated singular point p of V* that is not a zero (a pole of the Coulomb
// point model, where q jumps): the winding number of V* on a small circle about p, in the
// tangent basis at p, with arcs halved until V* turns by less than pi/4 along each. nullopt
// when that is not reached (V* vanishes on the circle, to resolution).
std::optional<int> singular_point_index(const System& system, double F, const Eigen::Vector3d& p) {
  // A circle of radius 1e-4 rad sees the model's limit values about p (q is 0-homogeneous and
  // continuous off p); arcs are halved at most 40 times (2^-40 of a turn).
  constexpr double radius = 1e-4, max_turn = 0.25 * pi;
  constexpr int coarse = 64, max_depth = 40;
  const Eigen::Matrix<double, 3, 2> P = tangent_basis(p);
  const auto angle_at = [&](double a) {
    const Eigen::Vector3d w = (p + radius * (std::cos(a) * P.col(0) + std::sin(a) * P.col(1))).normalized();
    const Eigen::Vector2d v = P.transpose() * system.spherical(w, F);
    return v.norm() > 0 ? std::atan2(v.y(), v.x()) : std::nan("");
  };
  const auto wrap = [](double d) { return d - 2 * pi * std::round(d / (2 * pi)); };
  // the turn of V* from a to b (angles va, vb there), or NaN when unresolved
  std::function<double(double, double, double, double, int)> turn = [&](double a, double b, double va, double vb,
                                                                       int depth) {
    if (std::isnan(va) || std::isnan(vb)) return std::nan("");
    const double d = wrap(vb - va);
    if (std::abs(d) <= max_turn) return d;
    if (depth == max_depth) return std::nan("");
    const double m = 0.5 * (a + b), vm = angle_at(m);
    return turn(a, m, va, vm, depth + 1) + turn(m, b, vm, vb, depth + 1);
  };
  double total = 0, a = 0, va = angle_at(0);
  for (int k = 1; k <= coarse; ++k) {
    const double b = 2 * pi * k / coarse, vb = angle_at(b);
    total += turn(a, b, va, vb, 0);
    a = b;
    va = vb;
  }
  if (std::isnan(total)) return std::nullopt;
  return static_cast<int>(std::lround(total / (2 * pi)));
}

}  // namespace

// Poincare-Hopf counts the singular points of V* too: the poles of a model discontinuous
// there (Coulomb's point contact (75), q jumps at pure spin). Unresolved windings are doubts.
std::vector<SingularPoint> singular_points(const System& system, double F, std::vector<std::string>& doubts) {
  // q jumps at pure spin for the Coulomb point model and for a shift along the sliding
  // direction (docs/manual.md section 6: the model is not differentiable there)
  // (a model that reports a kink or C^1 pole, friction/model.hpp kink_sets, is continuous there:
  // a cone point, whose zeros kink_zeros finds)
  const Smoothness poles = system.friction().kink_sets().poles;
  const auto discontinuous_at = [&](const Eigen::Vector3d& pole) {
    if (poles == Smoothness::kink || poles == Smoothness::c1) return false;
    return system.friction().name() == "coulomb-point" || !system.friction().jacobian(pole).differentiable;
  };
  std::vector<SingularPoint> out;
  for (const Eigen::Vector3d& pole : {Eigen::Vector3d::UnitZ().eval(), (-Eigen::Vector3d::UnitZ()).eval()}) {
    if (!discontinuous_at(pole)) continue;
    // V* = 0 at a pole of a declared jump set (coulomb-point, point-spin): a Filippov zero,
    // found and classified as such (jump_zeros). A shift dropped at pure spin gives V* = 0 there
    // by that convention only: about the pole V* keeps the lateral force of the shift (k pi I_2
    // (6)-(7) [Kireenkov]), so the pole is a singular point all the same.
    const bool declared_jump = poles == Smoothness::jump || system.friction().name() == "coulomb-point";
    if (declared_jump && system.spherical(pole, F).norm() == 0) continue;
    const std::optional<int> index = singular_point_index(system, F, pole);
    if (!index) {
      doubts.push_back(fmt::format("the winding of V* about the singular point w = {} is not resolved", vec(pole)));
      continue;
    }
    out.push_back({pole, *index});
  }
  return out;
}

bool at_singular_point(const std::vector<SingularPoint>& singular, const Eigen::Vector3d& w) {
  return std::any_of(singular.begin(), singular.end(), [&](const SingularPoint& sp) { return (sp.w - w).norm() == 0; });
}

// Why q jumps at a singular point (singular_points): the models with such a jump.
std::string jump_cause(const System& system) {
  if (system.friction().name() == "coulomb-point") return "pure spin of the Coulomb point model";
  if (system.friction().kink_sets().poles == Smoothness::jump) return "pure spin, where the model's q jumps";
  return "pure spin of a pressure shifted along the sliding direction, whose shift turns with it";
}

// A set where the model has a kink or is only C^1 (not a jump): V* is continuous there.
bool kinked(Smoothness s) { return s == Smoothness::kink || s == Smoothness::c1; }

// A zero on a kink of the model whose one-sided Jacobians give different types (the two sides
// of a nonsmooth bifurcation): its index is the winding of V* about it, as for a singular
// point (Poincare-Hopf needs only the index, docs/manual.md section 1).
void kink_index(const System& system, double F, Classification& c) {
  if (!c.one_sided || (*c.one_sided)[0].type == (*c.one_sided)[1].type) return;
  if (const std::optional<int> index = singular_point_index(system, F, c.w)) {
    c.index = *index;
    c.index_from_winding = true;
  }
}

// The zeros of V* on the kink sets of the model (friction/model.hpp, docs/manual.md section 7):
// Newton uses dq/dw, which jumps there (or, on a C^1 set, the branches through a zero there
// turn a corner, so that zeros ~1e-5 apart meet and Newton from the mesh finds one of them),
// so they are solved on the set itself: on the equator the component of V* along it, a
// periodic function of the longitude, whose zeros are kept where the whole |V*| (the
// component across the equator too) is at Newton's floor; at a pole V* itself. A set where q
// jumps has no zero of V* in the classical sense (singular_points).
std::vector<Eigen::Vector3d> kink_zeros(const System& system, double F, const LimitOptions& opt) {
  const KinkSets sets = system.friction().kink_sets();
  std::vector<Eigen::Vector3d> out;
  const auto keep = [&](const Eigen::Vector3d& w) {
    const Eigen::Vector3d field = system.field(w, F);
    if (spherical_part(w, field).norm() <= residual_floor(system, F, field, opt.residual_tol)) out.push_back(w);
  };
  if (kinked(sets.poles))
    for (const Eigen::Vector3d& pole : {Eigen::Vector3d::UnitZ().eval(), (-Eigen::Vector3d::UnitZ()).eval()}) keep(pole);
  if (!kinked(sets.equator)) return out;
  const auto at = [](double phi) { return Eigen::Vector3d(std::cos(phi), std::sin(phi), 0.0); };
  const auto along = [&](double phi) { return Eigen::Vector3d(-std::sin(phi), std::cos(phi), 0.0).dot(system.field(at(phi), F)); };
  // 720 longitudes (0.5 degree) as for the invariant circle; the scale only sets the level
  // below which a local minimum of |along| without a sign change counts as a double zero
  constexpr int samples = 720;
  // an equator on which V* vanishes at every sample is a circle of limit directions (c = 0 with
  // rotational symmetry, section 6), which the circle methods report as one: not isolated zeros
  const auto zero_at = [&](int i) {
    const Eigen::Vector3d w = at(2 * pi * i / samples), field = system.field(w, F);
    return spherical_part(w, field).norm() <= residual_floor(system, F, field, opt.residual_tol);
  };
  bool circle = true;
  for (int i = 0; i < samples && circle; ++i) circle = zero_at(i);
  if (circle) return out;
  const double scale = 1.0 + system.c(F).norm();
  bool simple = true;
  for (double phi : zeros_1d(along, 0.0, 2 * pi, samples, true, scale, simple)) keep(at(phi));
  return out;
}

}  // namespace limitdir::detail
