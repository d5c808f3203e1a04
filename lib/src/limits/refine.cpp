// Newton on the sphere for a limit direction (docs/manual.md section 3, "Any model": Newton on
// (B(w) w + c - rdot w, (w . w - 1)/2) = 0, damped, with steepest descent where Newton's step does
// not reduce |V*|), and the refinement of the seeds every method hands to it: duplicates merged,
// each zero's fold partners found along the real eigenvectors of J_T, and on a kinked equator one
// partner on each side (docs/manual.md section 5, "Kinks").
#include "limitdir/limits/limits.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <optional>

#include "core/vector_text.hpp"
#include "limitdir/core/cancellation.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "limits/methods.hpp"

namespace limitdir {

using detail::residual_floor;

namespace detail {
// The attainable residual is limited by the rounding of F = B(w) w + c, i.e. of its terms:
// at a zero F = rdot w, and |rdot| can be far below |B(w) w| + |c| when they cancel (the
// Celtic stone's slip systems, docs/manual.md section 12: |B(w) w| ~ 1e3, |rdot| ~ 4, Newton's
// floor ~1e-13 there).
double residual_floor(const System& system, double F, const Eigen::Vector3d& field, double residual_tol) {
  const Eigen::Vector3d c = system.c(F);
  return std::max(residual_tol, 64 * std::numeric_limits<double>::epsilon() * ((field - c).norm() + c.norm()));
}
}  // namespace detail

Refined refine_limit_direction(const System& system, double F, const Eigen::Vector3d& w0, double residual_tol) {
  Eigen::Vector3d w = w0.normalized();
  FieldJacobian fj = system.field_jacobian(w, F);
  double r = spherical_part(w, fj.F).norm();
  const double tol = residual_floor(system, F, fj.F, residual_tol);
  // Near a pitchfork or fold (a tangent eigenvalue ~1e-5) the damped steps creep: 60 iterations
  // left |V*| ~ 1e-7 from a seed 0.01 rad off a pitchfork's triplet (the elliptic plate a/b =
  // 0.9, 1.5e-5 past its pitchfork), converged by 80. Past 60 steps a residual near the
  // tolerance (below 1e3 tol) that has not halved in 10 steps stops: that is the floor of a
  // continuum's points or of a quadrature's rounding, where more steps only cost (500 seeds of
  // Galin's disc at F = 0 crept at 1e-12 for 10 s).
  constexpr int patient_iterations = 60, max_iterations = 200, window = 10;
  constexpr double floor_factor = 1e3;
  int it = 0;
  double r_window = r;
  for (; it < max_iterations && r > tol; ++it) {
    if (it >= patient_iterations && it % window == 0) {
      if (r <= floor_factor * tol && r > 0.5 * r_window) break;
      r_window = r;
    }
    const double rdot = w.dot(fj.F);
    const Eigen::Matrix<double, 3, 2> P = tangent_basis(w);
    const Eigen::Matrix2d J = tangent_jacobian(P, fj.DF, rdot);
    const Eigen::Vector2d g = P.transpose() * fj.F;  // = P^T V*
    Eigen::Vector2d delta = -J.jacobiSvd(Eigen::ComputeFullU | Eigen::ComputeFullV).solve(g);
    if (!delta.allFinite()) break;
    if (delta.norm() > 0.5) delta *= 0.5 / delta.norm();  // at most ~0.5 rad per step
    // Damped step along the tangent direction d: accepted when |V*| decreases.
    const auto try_step = [&](const Eigen::Vector2d& d, double min_lambda) {
      for (double lambda = 1.0; lambda > min_lambda; lambda *= 0.5) {
        const Eigen::Vector3d wn = (w + lambda * (P * d)).normalized();
        const FieldJacobian fn = system.field_jacobian(wn, F);
        const double rn = spherical_part(wn, fn.F).norm();
        if (rn < r) {
          w = wn;
          fj = fn;
          r = rn;
          return true;
        }
      }
      return false;
    };
    if (try_step(delta, 1e-4)) continue;
    // Newton's direction does not reduce |V*| (far from a zero, or at a saddle of |V*|):
    // one steepest-descent step on |V*|^2 / 2 instead, whose gradient is J^T g.
    Eigen::Vector2d grad = J.transpose() * g;
    if (!(grad.norm() > 0)) break;
    grad *= std::min(0.5, r / grad.norm()) / grad.norm();
    if (!try_step(-grad, 1e-6)) break;
  }
  return {w, r, r <= tol, it};
}

namespace detail {

namespace {

// The partner of a limit direction z near a fold (a saddle-node pair) along the eigenvector t
// of J_T's k-th real eigenvalue lambda: there the tangential field is phi(s) ~ lambda s +
// kappa s^2/2, whose other zero is s* = -2 lambda/kappa. Newton from z + s* t finds the partner
// even when the pair is far below the mesh's resolution (1e-5 rad apart 1e-10 from the fold);
// nullopt when there is none nearby. side = 0: kappa by a central difference (a smooth field);
// side = +-1: z lies on a kinked equator and only the hemisphere sign(w3) = side is looked at
// (t turned into it, kappa by the one-sided second difference of phi(0), phi(h), phi(2h));
// straddles_kink: z lies on a kinked equator, so side = 0 keeps only a t along the equator.
std::optional<Eigen::Vector3d> partner_along(const System& system, double F, const Eigen::Vector3d& z,
                                             const Eigen::Matrix<double, 3, 2>& P, const Eigen::Matrix2d& J,
                                             Eigen::Index k, double side, bool straddles_kink,
                                             const LimitOptions& opt) {
  // kappa from a difference step of 1e-4 rad (truncation ~1e-8 relative, rounding
  // 1e-16/1e-8); a partner further than 0.2 rad is not a local pair (the mesh resolves it); an
  // eigenvector within 1e-6 of the equator's tangent does not leave it (the smooth case)
  constexpr double h = 1e-4, max_distance = 0.2, across = 1e-6;
  const Eigen::EigenSolver<Eigen::Matrix2d> es(J);
  const double lambda = es.eigenvalues()[k].real();
  Eigen::Vector2d v = es.eigenvectors().col(k).real().normalized();
  const bool leaves_equator = std::abs((P * v).z()) > across;
  if (side != 0) {
    if (!leaves_equator) return std::nullopt;
    if ((P * v).z() * side < 0) v = -v;
  } else if (straddles_kink && leaves_equator) {
    return std::nullopt;  // a central difference across the kink: the sides' own (side = +-1) instead
  }
  // the left eigenvector u (u^T J = lambda u^T) picks the component along which phi is scalar
  const Eigen::EigenSolver<Eigen::Matrix2d> left(J.transpose());
  Eigen::Index kl;
  (left.eigenvalues().real().array() - lambda).abs().minCoeff(&kl);
  const Eigen::Vector2d u = left.eigenvectors().col(kl).real();
  if (!(std::abs(u.dot(v)) > 0)) return std::nullopt;
  const auto phi = [&](double s) {
    return u.dot(P.transpose() * system.spherical((z + s * (P * v)).normalized(), F)) / u.dot(v);
  };
  const double kappa = side != 0 ? (phi(2 * h) - 2 * phi(h) + phi(0.0)) / (h * h)
                                 : (phi(h) + phi(-h) - 2 * phi(0.0)) / (h * h);
  if (!(std::abs(kappa) > 0)) return std::nullopt;
  const double s_star = -2 * lambda / kappa;
  if (!(std::abs(s_star) <= max_distance) || (side != 0 && !(s_star > 0))) return std::nullopt;
  const Refined r = refine_limit_direction(system, F, (z + s_star * (P * v)).normalized(), opt.residual_tol);
  if (!r.converged) return std::nullopt;
  return r.w;
}

// The fold partners of z along each real eigenvector of J_T, not only the smaller eigenvalue's:
// near a pole at a small load both eigenvalues are small (the continuum of circles at F = 0,
// section 5) and the smaller can be the one across the invariant circle (the disc with
// kireenkov-pade:1 at F = 7.6e-5: -0.0065 along the circle, where the pair is, 0.0048 across).
// A zero z on a kinked equator (friction/model.hpp kink_sets) has up to one partner on each
// side (a nonsmooth pitchfork sends a branch into each hemisphere), which the central
// difference across the kink cannot see: each side's Jacobian (signed zeros select it, as
// classify_kink) and its one-sided differences give those.
std::vector<Eigen::Vector3d> fold_partners(const System& system, double F, const Eigen::Vector3d& z,
                                           const LimitOptions& opt) {
  // on the equator to Newton's rounding, as classify_kink
  constexpr double on_equator = 1e-12;
  const Eigen::Matrix<double, 3, 2> P = tangent_basis(z);
  const bool on_kink = std::abs(z.z()) <= on_equator && kinked(system.friction().kink_sets().equator);
  std::vector<Eigen::Vector3d> out;
  const auto along_each = [&](const FieldJacobian& fj, double side) {
    const Eigen::Matrix2d J = tangent_jacobian(P, fj.DF, z.dot(fj.F));
    const Eigen::EigenSolver<Eigen::Matrix2d> es(J);
    if (es.eigenvalues().imag().cwiseAbs().maxCoeff() > 0) return;  // a focus: no fold
    for (Eigen::Index k = 0; k < 2; ++k)
      if (const auto p = partner_along(system, F, z, P, J, k, side, on_kink, opt)) out.push_back(*p);
  };
  along_each(system.field_jacobian(z, F), 0.0);
  if (on_kink)
    for (double side : {1.0, -1.0})
      along_each(system.field_jacobian(Eigen::Vector3d(z.x(), z.y(), side > 0 ? 0.0 : -0.0), F), side);
  return out;
}

}  // namespace

// Newton from every seed; the distinct limit directions, sorted. A certain seed from which
// Newton fails is a doubt, unless its face holds one of the singular points (whose winding is
// what the face counted: Newton cannot converge to a point where V* jumps; Poincare-Hopf, which
// counts that point's index, still checks that no zero is hidden next to it).
std::vector<Eigen::Vector3d> refine_seeds(const System& system, double F, const std::vector<Seed>& seeds,
                                          const LimitOptions& opt, std::vector<std::string>& doubts,
                                          bool look_for_partners, const std::vector<SingularPoint>& singular,
                                          const std::vector<Eigen::Vector3d>& on_kinks) {
  const auto near = [&](const Eigen::Vector3d& p, const Seed& s) {
    return std::acos(std::clamp(p.dot(s.w), -1.0, 1.0)) <= s.extent;
  };
  // a face about a singular point, or a zero on a kink set (found there: kink_zeros), where
  // Newton with a jumping Jacobian need not converge
  const auto at_singular_point = [&](const Seed& s) {
    return std::any_of(singular.begin(), singular.end(), [&](const SingularPoint& p) { return near(p.w, s); }) ||
           std::any_of(on_kinks.begin(), on_kinks.end(), [&](const Eigen::Vector3d& p) { return near(p, s); });
  };
  // Newton's solutions agree to ~1e-12; distinct hyperbolic zeros 1e-7 apart are not resolved
  // by a double-precision Newton anyway (the proof separates them, limits/proof.hpp).
  constexpr double same_direction = 1e-7;
  std::vector<Eigen::Vector3d> found = on_kinks;
  // Two solutions of one zero (within same_direction) keep the one with the smaller |V*|: next
  // to a pitchfork J_T is nearly singular and Newton's stop |V*| <= tol leaves the zero known
  // only to tol/|lambda| (6e-9 at lambda ~ 1e-5 for the disc 1.5e-5 below its kink load), while
  // another seed may land much closer. The zeros on a kink set (kink_zeros) keep their place on it.
  const auto residual = [&](const Eigen::Vector3d& w) { return system.spherical(w, F).norm(); };
  const auto merge = [&](const Eigen::Vector3d& w) {
    const auto same = std::find_if(found.begin(), found.end(),
                                   [&](const Eigen::Vector3d& f) { return (f - w).norm() < same_direction; });
    if (same == found.end())
      found.push_back(w);
    else if (same - found.begin() >= static_cast<std::ptrdiff_t>(on_kinks.size()) && residual(w) < residual(*same))
      *same = w;
  };
  for (const Seed& s : seeds) {
    poll_cancellation();  // core/cancellation.hpp: once per seed
    const Refined r = refine_limit_direction(system, F, s.w, opt.residual_tol);
    if (!r.converged) {
      if (s.certain && !at_singular_point(s))
        doubts.push_back(fmt::format("Newton did not converge from w = {} (|V*| = {:.2e})", vec(s.w), r.residual));
      continue;
    }
    merge(r.w);
  }
  // every direction's fold partner (new ones too: a chain of nearby pairs), for the methods
  // that sample (the mesh, the circle): the polynomial and eigenvalue methods are exact
  for (std::size_t i = 0; look_for_partners && i < found.size(); ++i)
    for (const Eigen::Vector3d& p : fold_partners(system, F, found[i], opt)) merge(p);
  std::sort(found.begin(), found.end(), [](const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
    if (a.x() != b.x()) return a.x() > b.x();
    if (a.z() != b.z()) return a.z() > b.z();
    return a.y() > b.y();
  });
  return found;
}

}  // namespace detail

}  // namespace limitdir
