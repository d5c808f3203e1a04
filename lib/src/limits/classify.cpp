// Classification of a limit direction: Def. 2 (radial), Sect. 7.2.7 (on the sphere) of
// [Nonlinear Dyn. 2024] with the conventions of docs/manual.md section 1.
#include "limitdir/limits/classify.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/constants.hpp"
#include "limitdir/numerics/sphere.hpp"

namespace limitdir {

std::string to_string(Radial r) {
  switch (r) {
    case Radial::attracting: return "attracting";
    case Radial::repelling: return "repelling";
    case Radial::tangent: return "tangent";
  }
  return "?";
}

std::string to_string(SphereType t) {
  switch (t) {
    case SphereType::stable_node: return "stable-node";
    case SphereType::unstable_node: return "unstable-node";
    case SphereType::saddle: return "saddle";
    case SphereType::stable_focus: return "stable-focus";
    case SphereType::unstable_focus: return "unstable-focus";
    case SphereType::non_hyperbolic: return "non-hyperbolic";
  }
  return "?";
}

namespace {

// (120) with the errata: phi' = (-F1 sin phi + F2 cos phi)/cos theta,
// theta' = -(F1 cos phi + F2 sin phi) sin theta + F3 cos theta; its Jacobian in (phi, theta).
Eigen::Matrix2d angle_jacobian(const Eigen::Vector3d& w, const Eigen::Vector3d& F, const Eigen::Matrix3d& DF) {
  const double th = theta_of(w), ph = phi_of(w);
  const double ct = std::cos(th), st = std::sin(th), cp = std::cos(ph), sp = std::sin(ph);
  const Eigen::Matrix<double, 3, 2> dw = dw_dangles(th, ph);  // columns d/dtheta, d/dphi
  const Eigen::Vector3d Ft = DF * dw.col(0), Fp = DF * dw.col(1);
  const double g = -F.x() * sp + F.y() * cp, h = F.x() * cp + F.y() * sp;
  const double g_p = -Fp.x() * sp - F.x() * cp + Fp.y() * cp - F.y() * sp;
  const double g_t = -Ft.x() * sp + Ft.y() * cp;
  const double h_p = Fp.x() * cp - F.x() * sp + Fp.y() * sp + F.y() * cp;
  const double h_t = Ft.x() * cp + Ft.y() * sp;
  Eigen::Matrix2d J;
  J(0, 0) = g_p / ct;
  J(0, 1) = g_t / ct + g * st / (ct * ct);
  J(1, 0) = -h_p * st + Fp.z() * ct;
  J(1, 1) = -h_t * st - h * ct + Ft.z() * ct - F.z() * st;
  return J;
}

// Fig. 11 colour code (docs/manual.md section 1) for a direction on the invariant circle w2 = 0.
std::optional<std::string> colour_of(const Classification& c) {
  const Eigen::Vector3d tc(-c.w.z(), 0.0, c.w.x());  // unit tangent of the circle w2 = 0
  const bool attracting = c.radial == Radial::attracting;
  switch (c.type) {
    case SphereType::stable_node:
      if (c.radial == Radial::repelling) return "purple";
      if (attracting) return "blue";
      return std::nullopt;
    case SphereType::unstable_node:
      if (attracting) return "red";
      return std::nullopt;
    case SphereType::saddle: {
      if (!attracting) return std::nullopt;
      const int stable = c.eigenvalues[0].real() < 0 ? 0 : 1;
      const auto along = [&](int i) {
        return std::abs(c.eigenvectors.col(i).real().dot(tc)) > 1.0 - 1e-8;
      };
      if (along(stable)) return "green";
      if (along(1 - stable)) return "brown";
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

// A limit direction on the equator (to rounding) of a model with a kink there: the one-sided
// Jacobians of the field, the limits w3 -> 0+- (signed zeros select the side, friction/model.cpp).
void classify_kink(const System& system, double F, Classification& c, const ClassifyTolerances& tol) {
  // Newton leaves |w3| at rounding level (~1e-16) when the zero lies on the equator; 1e-12
  // keeps directions genuinely off it (where the model is smooth) out.
  constexpr double on_equator = 1e-12;
  if (std::abs(c.w.z()) > on_equator) return;
  if (system.field_jacobian(Eigen::Vector3d(c.w.x(), c.w.y(), 0.0), F).differentiable) return;  // no kink here
  c.differentiable = false;
  std::array<Classification::OneSided, 2> sides;
  for (int k = 0; k < 2; ++k) {
    const Eigen::Vector3d ws(c.w.x(), c.w.y(), k == 0 ? 0.0 : -0.0);
    const FieldJacobian fj = system.field_jacobian(ws, F);
    sides[k].J_T = tangent_jacobian(c.P, fj.DF, c.rdot);
    sides[k].type = sphere_type_of(sides[k].J_T, tol);
    sides[k].eigenvalues = Eigen::EigenSolver<Eigen::Matrix2d>(sides[k].J_T).eigenvalues();
  }
  c.one_sided = sides;
  c.J_T = sides[0].J_T;  // the side w3 > 0 stands for the pair in J_T, eigenvalues, eigenvectors
}

// A limit direction at a pole of a model that is not differentiable there (a cone of the
// torque, kink_sets): the cone enters V* only through (w . (Bw + c)) w, whose tangent part is
// q3 w_xy, of second order in w_xy, so V* itself can still be differentiable there. The
// difference quotients of V* along 8 tangent directions are compared with J_T (from the
// symmetric mean of the one-sided derivatives); a cone of V* would give D_d V* != -D_{-d} V*.
// Then the classification holds as for a smooth zero.
void classify_pole(const System& system, double F, Classification& c) {
  // Newton leaves |w12| at rounding when the zero is the pole (as on_equator above)
  constexpr double on_pole = 1e-12;
  // a step of 1e-6 rad: the second-order term |x| x of the cone errs by ~1e-6 |q3 slope|, the
  // rounding of V* by ~1e-16/1e-6; a cone of V* of slope s errs by s, so 1e-4 of |J_T| tells them apart
  constexpr double step = 1e-6, agree = 1e-4;
  if (c.differentiable || std::hypot(c.w.x(), c.w.y()) > on_pole) return;
  const Eigen::Vector3d V0 = system.spherical(c.w, F);
  for (int k = 0; k < 8; ++k) {
    const Eigen::Vector2d d(std::cos(pi * k / 4), std::sin(pi * k / 4));
    const Eigen::Vector3d w = (c.w + step * c.P * d).normalized();
    const Eigen::Vector2d quotient = c.P.transpose() * (system.spherical(w, F) - V0) / step;
    if (!((quotient - c.J_T * d).norm() <= agree * std::max(1.0, c.J_T.norm()))) return;
  }
  c.differentiable = true;
}

}  // namespace

int clarke_index(const Eigen::Matrix2d& A, const Eigen::Matrix2d& B, const ClassifyTolerances& tol) {
  // det((1 - t) A + t B) is a quadratic in t on [0, 1]: its sign is fixed when it keeps the
  // sign of its ends at both ends and at its vertex (when inside).
  const auto det = [&](double t) { return ((1 - t) * A + t * B).determinant(); };
  const double d0 = det(0), d1 = det(1), dh = det(0.5);
  const double a = 2 * (d0 + d1) - 4 * dh, b = 4 * dh - 3 * d0 - d1;  // det = a t^2 + b t + d0
  std::vector<double> values{d0, d1};
  if (a != 0 && -b / (2 * a) > 0 && -b / (2 * a) < 1) values.push_back(det(-b / (2 * a)));
  const double scale = std::max({1.0, A.norm(), B.norm()});
  const double floor = tol.hyperbolic * scale * scale;
  if (std::all_of(values.begin(), values.end(), [&](double v) { return v > floor; })) return 1;
  if (std::all_of(values.begin(), values.end(), [&](double v) { return v < -floor; })) return -1;
  return 0;
}

Radial radial_of(double rdot, const ClassifyTolerances& tol) {
  return std::abs(rdot) <= tol.tangent_rdot ? Radial::tangent : rdot < 0 ? Radial::attracting : Radial::repelling;
}

Eigen::Matrix2d tangent_jacobian(const Eigen::Matrix<double, 3, 2>& P, const Eigen::Matrix3d& DF, double rdot) {
  return P.transpose() * DF * P - rdot * Eigen::Matrix2d::Identity();
}

Eigen::Matrix2d tangent_jacobian(const Eigen::Vector3d& w, const Eigen::Matrix3d& DF, double rdot) {
  return tangent_jacobian(tangent_basis(w), DF, rdot);
}

SphereType sphere_type_of(const Eigen::Matrix2d& J, const ClassifyTolerances& tol) {
  // eigenvalues of a 2x2 matrix from its trace and determinant
  const double tr = J.trace(), det = J.determinant(), disc = 0.25 * tr * tr - det;
  const double scale = std::max(1.0, J.norm());
  // a complex pair only when the discriminant is negative beyond rounding (a double
  // eigenvalue, e.g. a star node, gives disc = 0 up to rounding)
  if (disc < -1e-13 * (0.25 * tr * tr + std::abs(det))) {  // real part tr/2
    if (std::abs(0.5 * tr) <= tol.hyperbolic * scale) return SphereType::non_hyperbolic;
    return tr < 0 ? SphereType::stable_focus : SphereType::unstable_focus;
  }
  const double r = std::sqrt(std::max(disc, 0.0)), l0 = 0.5 * tr - r, l1 = 0.5 * tr + r;
  if (std::min(std::abs(l0), std::abs(l1)) <= tol.hyperbolic * scale) return SphereType::non_hyperbolic;
  if (l1 < 0) return SphereType::stable_node;
  if (l0 > 0) return SphereType::unstable_node;
  return SphereType::saddle;
}

int index_of(SphereType type, const Eigen::Matrix2d& J, const ClassifyTolerances& tol) {
  switch (type) {
    case SphereType::saddle: return -1;
    case SphereType::non_hyperbolic: {
      // A zero with a purely imaginary pair (a centre of the linearisation) has det J_T > 0
      // clearly: index +1. With an eigenvalue 0 (det J_T = 0 to the tolerance of the type) the
      // index is not decided by J_T: 0.
      const double scale = std::max(1.0, J.norm());
      const double det = J.determinant();
      return std::abs(det) <= tol.hyperbolic * scale * scale ? 0 : (det > 0 ? 1 : -1);
    }
    default: return 1;  // nodes and foci
  }
}

Classification classify(const System& system, double F, const Eigen::Vector3d& w_in, const ClassifyTolerances& tol) {
  Classification c;
  c.w = w_in.normalized();
  const Eigen::Vector3d& w = c.w;
  const FieldJacobian fj = system.field_jacobian(w, F);
  c.differentiable = fj.differentiable;
  c.rdot = radial_part(w, fj.F);  // (121)
  const Eigen::Vector3d V = spherical_part(w, fj.F);  // (122)
  c.residual = V.norm();
  c.radial = radial_of(c.rdot, tol);
  // docs/manual.md section 1: J_T = P^T (DF - rdot I) P on the tangent plane.
  c.P = tangent_basis(w);
  c.J_T = tangent_jacobian(c.P, fj.DF, c.rdot);
  // (119): V*_w (I - w w^T) with V*_w = (I - w w^T) DF - (w^T F) I - w F^T.
  const Eigen::Matrix3d Pw = Eigen::Matrix3d::Identity() - w * w.transpose();
  const Eigen::Matrix3d Vw = Pw * fj.DF - c.rdot * Eigen::Matrix3d::Identity() - w * fj.F.transpose();
  c.modified_jacobian = Vw * Pw;
  if (std::hypot(w.x(), w.y()) > 1e-12) c.angle_jacobian = angle_jacobian(w, fj.F, fj.DF);

  classify_kink(system, F, c, tol);
  classify_pole(system, F, c);
  const Eigen::EigenSolver<Eigen::Matrix2d> es(c.J_T);
  c.eigenvalues = es.eigenvalues();
  for (int i = 0; i < 2; ++i) c.eigenvectors.col(i) = (c.P.cast<std::complex<double>>() * es.eigenvectors().col(i)).normalized();
  if (c.eigenvalues[0].real() > c.eigenvalues[1].real()) {  // ascending real parts
    std::swap(c.eigenvalues[0], c.eigenvalues[1]);
    c.eigenvectors.col(0).swap(c.eigenvectors.col(1));
  }
  if (c.one_sided) {
    c.type = (*c.one_sided)[0].type == (*c.one_sided)[1].type ? (*c.one_sided)[0].type : SphereType::non_hyperbolic;
    c.index = clarke_index((*c.one_sided)[0].J_T, (*c.one_sided)[1].J_T, tol);
  } else {
    c.type = sphere_type_of(c.J_T, tol);
    c.index = index_of(c.type, c.J_T, tol);
  }
  if (system.has_invariant_circle() && std::abs(w.y()) <= 1e-12) c.colour = colour_of(c);
  return c;
}

}  // namespace limitdir
