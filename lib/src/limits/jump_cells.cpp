// The cells about a pole where q jumps (limits/proof_search.hpp; docs/manual.md section 3,
// "Certificates"). A force a n that turns with the sliding direction (friction/model.hpp,
// PoleJumpEnclosure: the pressure shifted along the sliding direction, (2) [Kireenkov]) makes
// V* (122) discontinuous at the pole, a singular point and not a zero. About it
// F = F_c + a M^-1 n with F_c = M^-1 q_c + c, so on a face of the cube cover
// (limits/chart_field.hpp) the chart map is
//   g = g_c + a N nu,   g_c = (r0 . F_c, r1 . F_c),   N(i, j) = r_i . M^-1 e_j (j = 1, 2),
// nu = (n1, n2) a unit vector. A zero needs |g_c| = |a| |N nu|, which lies between
// |a| sigma_min(N) and |a| sigma_max(N); the cell holds none when, over the whole cell,
//   |g_c|^2 < a^2 lambda_min(N^T N)   (the jump dominates), or
//   |g_c|^2 > a^2 lambda_max(N^T N)   (the continuous part dominates),
// lambda = (p + d -+ sqrt((p - d)^2 + 4 b^2))/2 for N^T N = [p b; b d]. nu is taken over the
// whole circle, so the test holds for any cell, the pole inside it or not.
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limits/proof_search.hpp"

namespace limitdir::detail::proof {

namespace {

/// N(i, j) = r_i . M^-1 e_j (j = 1, 2): the jump force a (n1, n2, 0) in the chart (above).
IMat2 jump_matrix(const FieldEnclosure& field, const ChartRows& R) {
  IMat2 N;
  for (int j = 0; j < 2; ++j) {
    IVec3 column;
    for (int i = 0; i < 3; ++i) column(i) = field.Minv(i, j);
    N(0, j) = dot(R.r0, column);
    N(1, j) = dot(R.r1, column);
  }
  return N;
}

/// The jump at a pole in the chart of a face over a box X: g = g_c + a N nu (above).
struct ChartJump {
  Interval a;       // the jump's size
  ChartRows R;      // r0, r1: the chart's rows (limits/chart_field.hpp)
  IVec3 Fc;         // F_c = M^-1 q_c + c
  IMat2 N;          // N(i, j) = r_i . M^-1 e_j
};

std::optional<ChartJump> chart_jump(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  const std::optional<PoleJumpEnclosure> J = field.model->enclose_pole_jump(face_point(face, X));
  if (!J) return std::nullopt;
  const ChartRows R = chart_rows(face, X);
  return ChartJump{J->a, R, field.Minv * J->q_c + field.c, jump_matrix(field, R)};
}

}  // namespace

bool pole_jump_excludes(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  const std::optional<ChartJump> J = chart_jump(field, face, X);
  if (!J) return false;
  const IMat2& N = J->N;
  const Interval gc2 = square(dot(J->R.r0, J->Fc)) + square(dot(J->R.r1, J->Fc));
  const Interval p = square(N(0, 0)) + square(N(1, 0)), d = square(N(0, 1)) + square(N(1, 1));
  const Interval b = N(0, 0) * N(0, 1) + N(1, 0) * N(1, 1);
  const Interval root = sqrt(square(p - d) + 4.0 * square(b));
  const Interval lambda_min = (p + d - root) / 2.0, lambda_max = (p + d + root) / 2.0;
  const Interval a2 = square(J->a);
  return gc2.upper() < (a2 * lambda_min).lower() || gc2.lower() > (a2 * lambda_max).upper();
}

// g_i = r_i . F_c + a (N nu)_i with nu on the unit circle: (N nu)_i = N(i, :) . nu lies in
// [-|N(i, :)|, |N(i, :)|] (Cauchy-Schwarz, attained), and a in J.a.
std::optional<IVec2> pole_jump_hull(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  const std::optional<ChartJump> J = chart_jump(field, face, X);
  if (!J) return std::nullopt;
  IVec2 g;
  for (int i = 0; i < 2; ++i) {
    const double reach = (Interval(mag_of(J->a)) * sqrt(square(J->N(i, 0)) + square(J->N(i, 1)))).upper();
    g(i) = dot(i == 0 ? J->R.r0 : J->R.r1, J->Fc) + Interval(-reach, reach);
  }
  return g;
}

// The Filippov set at the pole is the filled ellipse g_c + a N {|nu| <= 1}: it holds 0 iff
// |N^-1 g_c| <= |a| (midpoints, doubles: it only decides that a proof is not worth trying).
bool pole_hull_holds_zero(const FieldEnclosure& field, const Face& face, const Eigen::Vector2d& pole) {
  const std::optional<ChartJump> J = chart_jump(field, face, to_interval<2>(pole));
  if (!J) return false;
  const Eigen::Vector2d gc(mid_of(dot(J->R.r0, J->Fc)), mid_of(dot(J->R.r1, J->Fc)));
  const Eigen::Matrix2d N = mid_of(J->N);
  const double det = N(0, 0) * N(1, 1) - N(0, 1) * N(1, 0);  // nu = N^-1 g_c by the adjugate
  const Eigen::Vector2d nu = Eigen::Vector2d(N(1, 1) * gc(0) - N(0, 1) * gc(1), N(0, 0) * gc(1) - N(1, 0) * gc(0)) / det;
  return !nu.allFinite() || nu.norm() <= std::abs(mid_of(J->a));
}

}  // namespace limitdir::detail::proof
