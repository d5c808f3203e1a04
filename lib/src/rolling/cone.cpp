// The rolling friction cone and its closed-form projection, Sect. 3 and 5.3
// [Acary & Bourrier 2021]. See rolling/cone.hpp for the variables and units.
#include "limitdir/rolling/cone.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

// |(x, y)|: sqrt(x^2 + y^2), which is correctly rounded to within an ulp and three times faster
// than std::hypot, unless x^2 + y^2 over- or underflows (entries beyond ~1e154 or below ~1e-154);
// then std::hypot.
double norm2(double x, double y) {
  const double s = x * x + y * y;
  return s < DBL_MAX && s > DBL_MIN ? std::sqrt(s) : std::hypot(x, y);
}
double tangential_norm(const Vector5& v) { return norm2(v[1], v[2]); }
double rolling_norm(const Vector5& v) { return norm2(v[3], v[4]); }

// x * (s / norm) with a zero factor when norm = 0 (0/0 in (68)-(70); reachable only with
// mu = 0 or mu_r = 0, where the target norm s is 0 as well).
void scale_block(Vector5& p, int first, double s, double norm) {
  const double f = norm > 0.0 ? s / norm : 0.0;
  p[first] *= f;
  p[first + 1] *= f;
}

}  // namespace

void validate_cone(const RollingCone& cone, const char* where) {
  if (!(std::isfinite(cone.mu) && cone.mu >= 0.0))
    throw InputError(std::string(where) + ": mu must be finite and >= 0");
  if (!(std::isfinite(cone.mu_r) && cone.mu_r >= 0.0))
    throw InputError(std::string(where) + ": mu_r must be finite and >= 0");
}

bool in_rolling_cone(const Vector5& p, const RollingCone& cone, double tol) {
  return p[0] >= -tol && tangential_norm(p) <= cone.mu * p[0] + tol && rolling_norm(p) <= cone.mu_r * p[0] + tol;
}

bool in_dual_rolling_cone(const Vector5& y, const RollingCone& cone, double tol) {
  return cone.mu * tangential_norm(y) + cone.mu_r * rolling_norm(y) <= y[0] + tol;
}

bool in_polar_rolling_cone(const Vector5& p, const RollingCone& cone, double tol) {
  return cone.mu * tangential_norm(p) + cone.mu_r * rolling_norm(p) <= -p[0] + tol;
}

const char* cone_case_name(ConeCase c) {
  switch (c) {
    case ConeCase::inside: return "inside";
    case ConeCase::apex: return "apex";
    case ConeCase::edge: return "edge";
    case ConeCase::sliding: return "sliding";
    case ConeCase::rolling: return "rolling";
  }
  return "?";
}

ConeProjection project_rolling_cone(const Vector5& pbar, const RollingCone& cone) {
  const double mu = cone.mu, mu_r = cone.mu_r;
  const double n = pbar[0], a = tangential_norm(pbar), b = rolling_norm(pbar);
  const double ma = mu * a, mb = mu_r * b;
  // Case 2, pbar in the polar cone. Its test uses the rounded numerator of t3 below, so that,
  // when it fails, n + (ma + mb) > 0 (a rounded sum has the sign of the exact one) and t3 > 0.
  // Cases 4 and 5 can then only be taken with t4 > 0 (t5 > 0): their tests need
  // mu_r t4 >= b >= 0 (mu t5 >= a >= 0), and t4 <= 0 would force mb = 0, i.e. n + ma > 0.
  if (ma + mb <= -n) return {Vector5::Zero(), ConeCase::apex};
  // Case 1, pbar in K_r.
  if (a <= mu * n && b <= mu_r * n) return {pbar, ConeCase::inside};
  Vector5 p = pbar;
  // Case 4, sliding facet (69): the multiplier a - mu t4 >= 0 and the rolling disk holds.
  const double t4 = (n + ma) / (1.0 + mu * mu);
  if (a > mu * t4 && b <= mu_r * t4) {
    p[0] = t4;
    scale_block(p, 1, mu * t4, a);
    return {p, ConeCase::sliding};
  }
  // Case 5, rolling facet (70).
  const double t5 = (n + mb) / (1.0 + mu_r * mu_r);
  if (b > mu_r * t5 && a <= mu * t5) {
    p[0] = t5;
    scale_block(p, 3, mu_r * t5, b);
    return {p, ConeCase::rolling};
  }
  // Case 3, the edge (68): the only face left. Near a tie with case 4 or 5 the three trial
  // forces agree (t3 = t4 when b = mu_r t4), so this is the projection up to rounding.
  const double t3 = (n + (ma + mb)) / (1.0 + mu * mu + mu_r * mu_r);
  p[0] = t3;
  scale_block(p, 1, mu * t3, a);
  scale_block(p, 3, mu_r * t3, b);
  return {p, ConeCase::edge};
}

namespace {

// Rows first, first + 1 of d(c t x_B/|x_B|)/dx for the block B = (first, first + 1) of a face
// formula (68)-(70), where t has the gradient grad_t: c (e grad_t + t/|x_B| (I - e e^T) on B).
void face_block_rows(Matrix5& J, int first, double c, double t, const Vector5& x,
                     const Eigen::Matrix<double, 1, 5>& grad_t) {
  const double norm = norm2(x[first], x[first + 1]);
  if (!(norm > 0.0)) return;  // the projection's 0/0 is a zero factor: zero rows
  const Eigen::Vector2d e(x[first] / norm, x[first + 1] / norm);
  J.block<2, 5>(first, 0) = c * e * grad_t;
  J.block<2, 2>(first, first) += (c * t / norm) * (Eigen::Matrix2d::Identity() - e * e.transpose());
}

// The unit vector of block (first, first + 1) of x, or 0 when its norm is 0.
Eigen::Vector2d block_direction(const Vector5& x, int first) {
  const double norm = norm2(x[first], x[first + 1]);
  return norm > 0.0 ? Eigen::Vector2d(x[first] / norm, x[first + 1] / norm) : Eigen::Vector2d::Zero();
}

}  // namespace

Matrix5 projection_jacobian(const Vector5& pbar, const RollingCone& cone) {
  const double mu = cone.mu, mu_r = cone.mu_r;
  const double n = pbar[0], a = tangential_norm(pbar), b = rolling_norm(pbar);
  Matrix5 J = Matrix5::Zero();
  const ConeCase face = project_rolling_cone(pbar, cone).face;
  if (face == ConeCase::apex) return J;
  if (face == ConeCase::inside) return Matrix5::Identity();
  const Eigen::Vector2d eT = block_direction(pbar, 1), eR = block_direction(pbar, 3);
  Eigen::Matrix<double, 1, 5> grad_t = Eigen::Matrix<double, 1, 5>::Zero();
  grad_t[0] = 1.0;
  if (face == ConeCase::sliding) {  // (69): t4 = (n + mu a)/(1 + mu^2), p_R = x_R
    grad_t.segment<2>(1) = mu * eT.transpose();
    grad_t /= 1.0 + mu * mu;
    face_block_rows(J, 1, mu, (n + mu * a) / (1.0 + mu * mu), pbar, grad_t);
    J.block<2, 2>(3, 3).setIdentity();
  } else if (face == ConeCase::rolling) {  // (70): t5 = (n + mu_r b)/(1 + mu_r^2), p_T = x_T
    grad_t.segment<2>(3) = mu_r * eR.transpose();
    grad_t /= 1.0 + mu_r * mu_r;
    face_block_rows(J, 3, mu_r, (n + mu_r * b) / (1.0 + mu_r * mu_r), pbar, grad_t);
    J.block<2, 2>(1, 1).setIdentity();
  } else {  // (68): t3 = (n + mu a + mu_r b)/(1 + mu^2 + mu_r^2)
    grad_t.segment<2>(1) = mu * eT.transpose();
    grad_t.segment<2>(3) = mu_r * eR.transpose();
    const double s = 1.0 + mu * mu + mu_r * mu_r;
    grad_t /= s;
    const double t3 = (n + (mu * a + mu_r * b)) / s;
    face_block_rows(J, 1, mu, t3, pbar, grad_t);
    face_block_rows(J, 3, mu_r, t3, pbar, grad_t);
  }
  J.row(0) = grad_t;
  return J;
}

double dilatancy_term(const Vector5& y, const RollingCone& cone) {
  return cone.mu * tangential_norm(y) + cone.mu_r * rolling_norm(y);
}

Vector5 modified_velocity(const Vector5& y, const RollingCone& cone) {
  Vector5 yhat = y;
  yhat[0] += dilatancy_term(y, cone);
  return yhat;
}

Matrix5 modified_velocity_jacobian(const Vector5& y, const RollingCone& cone) {
  Matrix5 J = Matrix5::Identity();
  const double uT = std::hypot(y[1], y[2]), wR = std::hypot(y[3], y[4]);
  if (uT > 0.0) {
    J(0, 1) = cone.mu * y[1] / uT;
    J(0, 2) = cone.mu * y[2] / uT;
  }
  if (wR > 0.0) {
    J(0, 3) = cone.mu_r * y[3] / wR;
    J(0, 4) = cone.mu_r * y[4] / wR;
  }
  return J;
}

Vector5 natural_map(const Vector5& p, const Vector5& y, const RollingCone& cone) {
  return p - project_rolling_cone(p - modified_velocity(y, cone), cone).p;
}

double natural_step(const Vector5& W_diagonal, double l) {
  double largest = DBL_MIN;
  for (int i = 0; i < 5; ++i) {
    const double d = i < 3 ? 1.0 : l;
    largest = std::max(largest, W_diagonal[i] * d * d);  // (W_ii d) d: the diagonal of D W D
  }
  return 1.0 / largest;
}

double error_scale(double q_norm) { return q_norm > DBL_EPSILON ? q_norm : 1.0; }

double complementarity_error(const Vector5& p, const Vector5& y, const RollingCone& cone, double q_norm) {
  return natural_map(p, y, cone).norm() / error_scale(q_norm);
}

RateSlacks rate_slacks(const Vector5& p, const Vector5& y, const RollingCone& cone) {
  const Vector5 yhat = modified_velocity(y, cone);
  const Vector5 Q = project_rolling_cone(p - yhat, cone).p;  // natural_map's, yhat computed once
  const Vector5 G = p - Q;
  const double p_norm = p.norm();
  const double rounding = kSlackRounding * (p_norm + yhat.norm()) * (p_norm + G.norm() + y.norm());
  return {G.segment<2>(1).norm() * (Q.segment<2>(1).norm() + y.segment<2>(1).norm()) + rounding,
          G.tail<2>().norm() * (Q.tail<2>().norm() + y.tail<2>().norm()) + rounding};
}

}  // namespace limitdir
