#pragma once
// The rolling friction cone of one contact, Sect. 2-5 [Acary & Bourrier 2021]: the cone K_r
// (20), its dual K_r* (26) and polar -K_r*, the closed-form projection of Prop. 5.2
// ((68)-(70)), De Saxce's modified velocity (32) and the natural-map residual of (61).
//
// Variables of one contact (19):
//   reaction p = (r_N, r_T1, r_T2, m_R1, m_R2): normal force, tangential force, rolling moment;
//   velocity y = (u_N, u_T1, u_T2, w_R1, w_R2): normal and tangential relative velocity,
//                relative rolling angular velocity.
//
// Units (reference length convention). In the paper mu_r has the dimension of a length (16),
// so K_r and its Euclidean projection depend on the unit of length. limitdir works with
// dimensionless rolling quantities: with a reference length l (e.g. the ball radius),
//   moment m_R/l, angular velocity l w_R, and mu_r = (rolling coefficient, a length)/l.
// Then y^T p is unchanged, the cone is scale-free and every entry of p has the unit of a force.
// l = 1 (in the caller's unit of length) gives the paper's numbers.
#include <Eigen/Core>
#include <cfloat>

namespace limitdir {

using Vector5 = Eigen::Matrix<double, 5, 1>;
using Matrix5 = Eigen::Matrix<double, 5, 5>;

/// K_r = { p : |r_T| <= mu r_N, |m_R| <= mu_r r_N } (20), r_N >= 0. mu, mu_r >= 0, dimensionless
/// (see the units note above).
struct RollingCone {
  double mu = 0.0;
  double mu_r = 0.0;
};

/// Throws InputError unless mu and mu_r are finite and >= 0; `where` names the contact.
void validate_cone(const RollingCone& cone, const char* where);

/// Membership with an absolute slack tol >= 0 (in units of p), for tests of computed points.
/// K_r (20): r_N >= -tol, |r_T| <= mu r_N + tol, |m_R| <= mu_r r_N + tol.
bool in_rolling_cone(const Vector5& p, const RollingCone& cone, double tol = 0.0);
/// K_r* (26), Lemma 3.1: mu |u_T| + mu_r |w_R| <= u_N + tol.
bool in_dual_rolling_cone(const Vector5& y, const RollingCone& cone, double tol = 0.0);
/// Polar cone -K_r*: mu |r_T| + mu_r |m_R| <= -r_N + tol.
bool in_polar_rolling_cone(const Vector5& p, const RollingCone& cone, double tol = 0.0);

/// The five cases of Prop. 5.2 (numbered as in the paper) and the face of K_r they project on.
enum class ConeCase : int {
  inside = 1,   ///< pbar in K_r: p = pbar
  apex = 2,     ///< pbar in the polar cone: p = 0
  edge = 3,     ///< slide and roll: |r_T| = mu r_N and |m_R| = mu_r r_N (68)
  sliding = 4,  ///< sliding facet: |r_T| = mu r_N, |m_R| <= mu_r r_N (69)
  rolling = 5,  ///< rolling facet: |m_R| = mu_r r_N, |r_T| <= mu r_N (70)
};
const char* cone_case_name(ConeCase c);

struct ConeProjection {
  Vector5 p;
  ConeCase face;
};

/// proj_{K_r}(pbar), Prop. 5.2. The tests run in the order 2, 1, 4, 5, else 3 (with <= for the
/// other block in 4 and 5), which is exhaustive in floating point: every input gets a projected
/// point, also within a few ulps of a tie between two cases (where p is continuous and the label
/// may be either). Division by a zero norm (reachable only with mu = 0 or mu_r = 0) is read as a
/// zero factor. cone must be valid (validate_cone).
ConeProjection project_rolling_cone(const Vector5& pbar, const RollingCone& cone);

/// The Jacobian d proj_{K_r}/d pbar at pbar, from the formulas of the face Prop. 5.2 takes
/// (project_rolling_cone's order): 0 (case 2), I (case 1), and the derivatives of (68)-(70)
/// elsewhere, e.g. on the sliding facet p_N = t4 = (n + mu a)/(1 + mu^2), p_T = mu t4 x_T/a:
/// dp_T = mu (e_T dt4 + t4/a (I - e_T e_T^T) dx_T), e_T = x_T/a. An element of the generalized
/// Jacobian where two faces meet; a block of zero norm (mu = 0 or mu_r = 0) gets zero rows, as
/// its projection does.
Matrix5 projection_jacobian(const Vector5& pbar, const RollingCone& cone);

/// g(y) = (mu |u_T| + mu_r |w_R|) e_1 of (63).
double dilatancy_term(const Vector5& y, const RollingCone& cone);
/// De Saxce's modified velocity (32): yhat = y + (mu |u_T| + mu_r |w_R|) e_1 (5 entries, (59)).
Vector5 modified_velocity(const Vector5& y, const RollingCone& cone);
/// d yhat / d y of (32): I + e_1 (0, mu u_T/|u_T|, mu_r w_R/|w_R|), a zero block where |u_T| or
/// |w_R| is 0 (an element of the generalized Jacobian there).
Matrix5 modified_velocity_jacobian(const Vector5& y, const RollingCone& cone);

/// The natural-map residual p - proj_{K_r}(p - yhat) of (61) with rho = 1 and yhat of (32);
/// it vanishes exactly at the solutions of the contact law (33).
Vector5 natural_map(const Vector5& p, const Vector5& y, const RollingCone& cone);

/// The natural step of (61) for one contact in the scaled variables of the units note: rho =
/// 1 / max_i (D W D)_ii with D = diag(1, 1, 1, l, l) and W_diagonal the diagonal of its Delassus
/// block W^{aa} (a mass: the largest step keeping the projected map a contraction is ~1/|W|, and
/// the diagonal bounds |W| within a factor 5 for a positive definite block). DBL_MIN stands for
/// a zero block.
double natural_step(const Vector5& W_diagonal, double l);

/// The scale of the complementarity error: |q| of y = W p + q, or 1 when |q| <= DBL_EPSILON
/// (then the error is absolute).
double error_scale(double q_norm);
/// Complementarity error of one contact: |natural_map(p, y)| / error_scale(|q|).
double complementarity_error(const Vector5& p, const Vector5& y, const RollingCone& cone, double q_norm);

/// The rounding of rate_slacks' terms: G = p - proj(p - yhat) from ~20 operations of at most
/// |p| + |yhat| each (Prop. 5.2's forms (68)-(70)), each within eps of its size, and the rates'
/// two-term dot products (2 eps): 32 eps covers both with margin.
inline constexpr double kSlackRounding = 32 * DBL_EPSILON;

/// How far a residual lets the rates (43) of one contact go above 0: with G = p - Q the natural
/// map (61) at rho = 1 and Q = proj_{K_r}(p - yhat), the projection's variational inequality over
/// the tangential disc |k_T| <= mu Q_N of K_r (20) gives Q_T . (y_T - G_T) = -mu Q_N |y_T - G_T|
/// (yhat_T = y_T), hence p_T . y_T <= sliding = |G_T| (|Q_T| + |y_T|), and over the rolling disc
/// p_R . y_R <= rolling = |G_R| (|Q_R| + |y_R|); each plus kSlackRounding (|p| + |yhat|)
/// (|p| + |G| + |y|) for the rounding of the computed G and rates (docs/manual.md section 15,
/// "What the tolerance allows"). Both 0 up to that rounding at a solution of the law.
struct RateSlacks {
  double sliding = 0.0, rolling = 0.0;
};
RateSlacks rate_slacks(const Vector5& p, const Vector5& y, const RollingCone& cone);

}  // namespace limitdir
