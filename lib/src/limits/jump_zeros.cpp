// Filippov limit directions on the jump sets of a friction model: see limits/jump_zeros.hpp.
#include "limitdir/limits/jump_zeros.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <utility>

#include "core/constants.hpp"
#include "core/vector_text.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/numerics/sphere.hpp"

namespace limitdir {

using detail::vec;

namespace {

// The one-sided values of q are taken 1e-9 rad off the set: the models with jumps are constant
// along the rays from their sets (point-spin, coulomb-point), and a model that is C^1 off the set
// moves by ~1e-9 there, below the 1e-8 to which the pole's values must be affine in u.
constexpr double side_offset = 1e-9;
constexpr double affine_tol = 1e-8;
// Rays about a pole and samples of the equator: 720 (0.5 degree), as the circle searches of
// limits/global_method.cpp and limits/singular_points.cpp. The extremes of u . V*(u) about a
// pole are refined to rounding (ray_extremes) from the affine fit, which holds to affine_tol: a
// type within 1e-7 |f| of 0 is not decided (ten times that). The slope of the sliding field g
// is a central difference (error ~1e-10 |f|): the same 1e-7 |f|.
constexpr int samples = 720;
constexpr double undecided_fraction = 1e-7;
// The largest and smallest of r(a) = u . (A u + b), u = (cos a, sin a), over the circle: a
// trigonometric polynomial of degree 2, so at most two local maxima (minima); each is bracketed
// by the samples about a sample not below (above) its neighbours and refined by golden section
// to the rounding of a, so the extremes are exact to rounding, not to the sampling.
std::pair<double, double> ray_extremes(const Eigen::Matrix2d& A, const Eigen::Vector2d& b) {
  const auto r = [&](double a) {
    const Eigen::Vector2d u(std::cos(a), std::sin(a));
    return u.dot(A * u + b);
  };
  constexpr int golden_steps = 80;  // 0.618^80 of 2 samples: below the rounding of a
  const auto refine = [&](double lo, double hi, double sign) {
    const double g = 0.5 * (std::sqrt(5.0) - 1);
    for (int it = 0; it < golden_steps; ++it) {
      const double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
      (sign * r(x1) < sign * r(x2) ? lo : hi) = sign * r(x1) < sign * r(x2) ? x1 : x2;
    }
    return r(0.5 * (lo + hi));
  };
  double hi = -INFINITY, lo = INFINITY;
  const double da = 2 * pi / samples;
  for (int k = 0; k < samples; ++k) {
    const double a = k * da, rm = r(a - da), r0 = r(a), rp = r(a + da);
    if (r0 >= rm && r0 >= rp) hi = std::max(hi, refine(a - da, a + da, 1.0));
    if (r0 <= rm && r0 <= rp) lo = std::min(lo, refine(a - da, a + da, -1.0));
  }
  return {hi, lo};
}

// A Filippov zero within 1e-12 of the hull's boundary (the rounding of sigma* or lambda from
// O(1) quantities) is a boundary equilibrium: the load of a jump event, not typed.
constexpr double boundary_tol = 1e-12;
// Bisection of g to 1e-15 rad (the rounding of phi).
constexpr int bisection_steps = 60;

Eigen::Vector3d field_with(const System& s, const Eigen::Vector3d& q, double F) { return s.M_inv() * q + s.c(F); }

// ---- the poles -------------------------------------------------------------------------------

void pole_zero(const System& s, double F, double z, JumpZeros& out) {
  const Eigen::Vector3d p(0.0, 0.0, z);
  const auto q_from = [&](double a) {
    return s.friction().q(Eigen::Vector3d(side_offset * std::cos(a), side_offset * std::sin(a), z));
  };
  const Eigen::Vector3d qe = q_from(0), qw = q_from(pi), qn = q_from(0.5 * pi), qs = q_from(-0.5 * pi);
  Eigen::Matrix2d Q;
  Q.col(0) = 0.5 * (qe - qw).head<2>();
  Q.col(1) = 0.5 * (qn - qs).head<2>();
  const Eigen::Vector2d q0 = 0.25 * (qe + qw + qn + qs).head<2>();
  const double q3 = qe.z();
  double fmax = 0;  // the scale of V* about p
  for (int k = 0; k < samples; ++k) {
    const double a = 2 * pi * k / samples;
    const Eigen::Vector2d u(std::cos(a), std::sin(a));
    const Eigen::Vector3d q = q_from(a);
    if ((q.head<2>() - (Q * u + q0)).norm() > affine_tol || std::abs(q.z() - q3) > affine_tol) {
      out.doubts.push_back(fmt::format("the one-sided values of q at the pole w = {} are not affine in the direction "
                                       "of approach: the Filippov set of V* there is not resolved",
                                       vec(p)));
      return;
    }
    fmax = std::max(fmax, field_with(s, q, F).head<2>().norm());
  }
  // (M^-1 (Q sigma + q0, q3) + c)_xy = A sigma + b
  const Eigen::Matrix2d A = s.M_inv().topLeftCorner<2, 2>() * Q;
  const Eigen::Vector2d b = field_with(s, Eigen::Vector3d(q0.x(), q0.y(), q3), F).head<2>();
  if (!(std::abs(A.determinant()) > 0)) return;  // no jump of q_xy at p: no ellipse
  const Eigen::Vector2d sigma = -A.lu().solve(b);
  JumpZero zero{p, "pole"};
  if (sigma.norm() > 1 + boundary_tol) {  // 0 outside the hull: a singular point, no zero
    zero.margin = 1 - sigma.norm();
    out.outside.push_back(zero);
    return;
  }
  const auto [in_max, in_min] = ray_extremes(A, b);
  const Eigen::Vector3d qstar(Q(0, 0) * sigma.x() + Q(0, 1) * sigma.y() + q0.x(),
                              Q(1, 0) * sigma.x() + Q(1, 1) * sigma.y() + q0.y(), q3);
  zero.rdot = p.dot(field_with(s, qstar, F));
  zero.margin = std::max(0.0, 1 - sigma.norm());
  zero.index = A.determinant() > 0 ? 1 : -1;
  const double undecided = undecided_fraction * std::max(1.0, fmax);
  if (zero.margin <= boundary_tol) {
    zero.type = SphereType::non_hyperbolic;
    out.doubts.push_back(fmt::format("the limit direction w = {} lies on the boundary of the Filippov set of V* (a "
                                     "boundary equilibrium: a branch of limit directions meets the model's jump set)",
                                     vec(p)));
  }
  else if (in_max < -undecided)
    zero.type = SphereType::stable_node;
  else if (in_min > undecided)
    zero.type = SphereType::unstable_node;
  // rays of V* both towards and away from p: no node, and not a saddle (index sign det A = +1
  // for these models): typed non-hyperbolic; its index, all Poincare-Hopf needs, is decided
  out.zeros.push_back(zero);
}

// ---- the equator -----------------------------------------------------------------------------

}  // namespace

EquatorSliding equator_sliding(const System& s, double F, double phi) {
  const Eigen::Vector3d w(std::cos(phi), std::sin(phi), 0.0), e_phi(-std::sin(phi), std::cos(phi), 0.0);
  const Eigen::Vector3d fp = equator_side_field(s, F, w, 1.0), fm = equator_side_field(s, F, w, -1.0);
  EquatorSliding out{};
  out.sliding = (fp.z() < 0 && fm.z() > 0) || (fp.z() > 0 && fm.z() < 0);
  out.attracting = fp.z() < 0;
  out.lambda = out.sliding ? fp.z() / (fp.z() - fm.z()) : 0.0;
  out.f = fp + out.lambda * (fm - fp);
  out.g = e_phi.dot(out.f);
  out.f_up = fp;
  out.f_down = fm;
  return out;
}

namespace {

void equator_zeros(const System& s, double F, JumpZeros& out) {
  std::vector<EquatorSliding> at(samples + 1);
  double scale = 0;
  for (int k = 0; k <= samples; ++k) {
    at[k] = equator_sliding(s, F, 2 * pi * k / samples);
    scale = std::max(scale, at[k].f.norm());
  }
  const double undecided = undecided_fraction * std::max(1.0, scale);
  if (std::all_of(at.begin(), at.end(), [&](const EquatorSliding& x) { return x.sliding && std::abs(x.g) <= boundary_tol * std::max(1.0, scale); })) {
    out.equator_circle = true;  // find-limits reports the circle (global_method.cpp equator_circle)
    return;
  }
  for (int k = 0; k < samples; ++k) {
    const double a0 = 2 * pi * k / samples, a1 = 2 * pi * (k + 1) / samples;
    const EquatorSliding &x0 = at[k], &x1 = at[k + 1];
    if (!x0.sliding || !x1.sliding) {
      if (x0.sliding != x1.sliding)
        out.doubts.push_back(fmt::format("the equator's sliding set ends between phi = {:.6g} and {:.6g}: its boundary "
                                         "equilibria are not resolved",
                                         a0, a1));
      continue;
    }
    // a zero of g at a sample counts once, for the interval that starts there
    if (!(x0.g == 0 || (x0.g < 0) != (x1.g < 0)) || x1.g == 0) continue;
    double lo = a0, hi = a1, glo = x0.g;
    for (int it = 0; it < bisection_steps && x0.g != 0; ++it) {
      const double m = 0.5 * (lo + hi), gm = equator_sliding(s, F, m).g;
      if ((gm < 0) == (glo < 0)) lo = m, glo = gm;
      else hi = m;
    }
    const double phi = x0.g == 0 ? a0 : 0.5 * (lo + hi);
    const EquatorSliding z = equator_sliding(s, F, phi);
    constexpr double dphi = 1e-6;  // central difference: truncation |g'''| 1e-12, rounding 1e-16/1e-6
    const double slope = (equator_sliding(s, F, phi + dphi).g - equator_sliding(s, F, phi - dphi).g) / (2 * dphi);
    JumpZero zero{Eigen::Vector3d(std::cos(phi), std::sin(phi), 0.0), "equator"};
    zero.rdot = zero.w.dot(z.f);
    zero.margin = std::min(z.lambda, 1 - z.lambda);
    const bool along_stable = slope < 0;
    zero.index = along_stable == z.attracting ? 1 : -1;
    zero.type = std::abs(slope) <= undecided ? SphereType::non_hyperbolic
                : zero.index < 0             ? SphereType::saddle
                : z.attracting               ? SphereType::stable_node
                                             : SphereType::unstable_node;
    if (zero.type == SphereType::non_hyperbolic)
      out.doubts.push_back(fmt::format("the sliding field on the equator has a multiple zero at w = {}", vec(zero.w)));
    out.zeros.push_back(zero);
  }
}

}  // namespace

std::optional<LimitCircle> sliding_equator_circle(const System& system, double F) {
  if (system.friction().kink_sets().equator != Smoothness::jump) return std::nullopt;
  JumpZeros zeros;
  equator_zeros(system, F, zeros);
  if (!zeros.equator_circle) return std::nullopt;
  // e_theta = e3 on the equator: the one-sided speeds are the third components of the one-sided
  // values f (V* = f - (w . f) w and w3 = 0)
  double above_min = INFINITY, above_max = -INFINITY, below_min = INFINITY, below_max = -INFINITY, rdot = 0, scale = 0;
  for (int k = 0; k < samples; ++k) {
    const EquatorSliding e = equator_sliding(system, F, 2 * pi * k / samples);
    above_min = std::min(above_min, e.f_up.z());
    above_max = std::max(above_max, e.f_up.z());
    below_min = std::min(below_min, e.f_down.z());
    below_max = std::max(below_max, e.f_down.z());
    rdot += Eigen::Vector3d(std::cos(2 * pi * k / samples), std::sin(2 * pi * k / samples), 0.0).dot(e.f) / samples;
    scale = std::max({scale, e.f_up.norm(), e.f_down.norm()});
  }
  const double undecided = undecided_fraction * std::max(1.0, scale);
  LimitCircle circle{0.0, Eigen::Vector3d::UnitZ(), rdot, radial_of(rdot), std::nullopt, "non-hyperbolic"};
  if (above_max < -undecided && below_min > undecided) {
    circle.sphere_type = "stable-sliding-circle";
    circle.one_sided_speeds = std::array<double, 2>{above_max, below_min};
  } else if (above_min > undecided && below_max < -undecided) {
    circle.sphere_type = "unstable-sliding-circle";
    circle.one_sided_speeds = std::array<double, 2>{above_min, below_max};
  } else {
    circle.one_sided_speeds = std::array<double, 2>{above_max, below_min};
  }
  return circle;
}

Eigen::Vector3d equator_side_field(const System& system, double F, const Eigen::Vector3d& e, double side) {
  const Eigen::Vector3d q = system.friction().q(Eigen::Vector3d(e.x(), e.y(), std::copysign(side_offset, side)));
  return field_with(system, q, F);
}

JumpZeros jump_zeros(const System& system, double F) {
  JumpZeros out;
  const KinkSets sets = system.friction().kink_sets();
  if (sets.poles == Smoothness::jump)
    for (double z : {1.0, -1.0}) pole_zero(system, F, z, out);
  if (sets.equator == Smoothness::jump) equator_zeros(system, F, out);
  return out;
}

Classification classification_of(const JumpZero& z) {
  Classification c;
  c.w = z.w;
  c.rdot = z.rdot;
  c.radial = radial_of(z.rdot);
  c.P = tangent_basis(z.w);
  c.J_T.setZero();
  c.modified_jacobian.setZero();
  c.eigenvalues.setZero();
  c.eigenvectors.setZero();
  c.type = z.type;
  c.index = z.index;
  c.differentiable = false;
  c.jump_set = z.set;
  return c;
}

}  // namespace limitdir
