// The enclosure of one branch segment of a load sweep (limits/proof.hpp, enclose_branch_segment):
// the zeros of V* (125) in a chart as g(u, v; F) = 0 (limits/chart_field.hpp), a curve in
// (u, v, F), proven a graph over one coordinate across the segment by the Krawczyk operator with
// that coordinate an interval parameter (docs/manual.md section 3, "Events off the invariant
// circle"). Compiled with -frounding-math (lib/CMakeLists.txt).
#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/limits/proof.hpp"
#include "limits/chart_field.hpp"

namespace limitdir {

using detail::Face;

namespace {

/// The box Y of the two unknowns is the hull of the ends widened on each side by this fraction
/// of the segment's largest coordinate change (a segment of a curve of curvature k and chord h
/// leaves its chord by ~k h^2 / 8; steps turn by < 0.3 rad, so the sagitta is < 0.04 h and
/// 0.25 h holds it with room for the Krawczyk image), and by segment_min_pad (~1e6 ulps of O(1)
/// coordinates: room for the rounding of a corrected point).
/// When that box does not contract, a tighter one (0.05: the sagitta bound with room) and a
/// wider one (1.0) are tried.
constexpr std::array<double, 3> segment_pad_fractions{0.25, 0.05, 1.0};
constexpr double segment_min_pad = 1e-10;
/// The least pad: a corrected point is within ~1e-12 of its zero (the corrector's tolerance),
/// 1e-8 holds it with room (also the box of a point drawn twice).
constexpr double segment_point_pad = 1e-8;
/// The parameter range is split in halves down to 2^-8 of it (256 pieces): the Krawczyk image's
/// width shrinks with the parameter range, the box Y stays.
constexpr int segment_max_depth = 8;

/// g and its Jacobian with respect to (u, v, F) over the box Z = (u, v, F) of a chart.
struct SegmentValue {
  IVec2 g;
  std::array<std::array<Interval, 3>, 2> D;
};

std::optional<SegmentValue> segment_value(const System& system, const Face& face, const IVec3& Z) {
  const auto field = detail::field_enclosure(system, Z(2));
  if (!field) return std::nullopt;
  IVec2 X;
  X(0) = Z(0);
  X(1) = Z(1);
  const auto fv = detail::face_value(*field, face, X);
  if (!fv) return std::nullopt;
  SegmentValue r;
  r.g = fv->g;
  // dg/dF = (r0 . M^-1 d, r1 . M^-1 d), r0 = (T^-1)_a - u (T^-1)_n, r1 = (T^-1)_b - v (T^-1)_n:
  // c = M^-1 (F d + e) is affine in F and g = (r0 . F, r1 . F)
  IVec3 d;
  for (int j = 0; j < 3; ++j) d(j) = Interval(system.load_direction()(j));
  const IVec3 Md = field->Minv * d;
  for (int i = 0; i < 2; ++i) {
    Interval dgdF(0.0);
    for (int j = 0; j < 3; ++j) dgdF += (face.Tinv(i + 1, j) - Z(i) * face.Tinv(0, j)) * Md(j);
    r.D[i] = {fv->Dg(i, 0), fv->Dg(i, 1), dgdF};
  }
  return r;
}

/// Whether for every value of coordinate `s` in Z(s) exactly one zero lies in the box of the
/// other two coordinates y of Z: K(Y) = m - A g(m; S) + (I - A Dy g(Z)) (Y - m) in int Y.
bool krawczyk_tube(const System& system, const Face& face, const IVec3& Z, int s) {
  const int i0 = (s + 1) % 3, i1 = (s + 2) % 3;
  const auto whole = segment_value(system, face, Z);
  if (!whole) return false;
  IVec3 Zm = Z;  // the unknowns at their midpoint, the parameter over its interval
  const Eigen::Vector2d m(mid_of(Z(i0)), mid_of(Z(i1)));
  Zm(i0) = Interval(m(0));
  Zm(i1) = Interval(m(1));
  const auto at_m = segment_value(system, face, Zm);
  if (!at_m) return false;
  IMat2 Dy;
  for (int i = 0; i < 2; ++i) {
    Dy(i, 0) = whole->D[i][i0];
    Dy(i, 1) = whole->D[i][i1];
  }
  IVec2 Y;
  Y(0) = Z(i0);
  Y(1) = Z(i1);
  const auto K = detail::krawczyk<2>(Y, m, at_m->g, Dy);
  if (!K) return false;
  for (int i = 0; i < 2; ++i)
    if (!std::isfinite((*K)(i).lower()) || !std::isfinite((*K)(i).upper()) || !strictly_inside((*K)(i), Y(i)))
      return false;
  return true;
}

/// The face whose axis is nearest to the ends, and the ends' chart coordinates (u, v, F).
int nearest_face(const std::vector<Face>& faces, const Eigen::Vector3d& w) {
  int best = 0;
  for (int f = 1; f < static_cast<int>(faces.size()); ++f)
    if (faces[f].T.col(0).dot(w) > faces[best].T.col(0).dot(w)) best = f;
  return best;
}

Eigen::Vector3d chart_point(const Face& face, const Eigen::Vector3d& w, double F) {
  const Eigen::Vector3d y = face.T.transpose() * w;  // T is a rotation (up to the sign of a column)
  return {y(1) / y(0), y(2) / y(0), F};
}

/// Whether the tube around the ends a, b (chart coordinates (u, v, F)) with parameter s and
/// the other two widened by pad holds one zero for every s between the ends (krawczyk_tube on
/// the parameter range, halved where a piece does not contract).
bool tube_holds(const System& system, const Face& face, const Eigen::Vector3d& a, const Eigen::Vector3d& b, int s,
                double pad, int& pieces) {
  IVec3 Z;
  for (int k = 0; k < 3; ++k) {
    const double lo = std::min(a(k), b(k)), hi = std::max(a(k), b(k));
    const double e = k == s ? 0.0 : pad + segment_min_pad * (1.0 + std::abs(lo) + std::abs(hi));
    Z(k) = Interval(lo - e, hi + e);
  }
  std::vector<std::pair<Interval, int>> work{{Z(s), 0}};
  while (!work.empty()) {
    const auto [S, depth] = work.back();
    work.pop_back();
    ++pieces;
    IVec3 Zp = Z;
    Zp(s) = S;
    if (krawczyk_tube(system, face, Zp, s)) continue;
    if (depth >= segment_max_depth) return false;
    const double mid = mid_of(S);
    work.push_back({Interval(S.lower(), mid), depth + 1});
    work.push_back({Interval(mid, S.upper()), depth + 1});
  }
  return true;
}

}  // namespace

SegmentEnclosure enclose_branch_segment(const System& system, const Eigen::Vector3d& w0, double F0,
                                        const Eigen::Vector3d& w1, double F1) {
  const UpwardRounding upward;
  SegmentEnclosure out;
  const auto faces = detail::cube_faces();
  if (!faces) {
    out.reason = "the chart matrices could not be inverted rigorously";
    return out;
  }
  const Face& face = (*faces)[nearest_face(*faces, (w0 + w1).normalized())];
  if (!(face.T.col(0).dot(w0) > 0.0 && face.T.col(0).dot(w1) > 0.0)) {
    out.reason = fmt::format("the segment from F = {:.12g} to {:.12g} does not lie in one chart", F0, F1);
    return out;
  }
  const Eigen::Vector3d a = chart_point(face, w0, F0), b = chart_point(face, w1, F1);
  // the coordinates in order of their change between the ends: the one that changes most first
  std::array<int, 3> order{0, 1, 2};
  std::sort(order.begin(), order.end(), [&](int i, int j) { return std::abs(b(i) - a(i)) > std::abs(b(j) - a(j)); });
  const double largest = std::abs(b(order[0]) - a(order[0]));
  if (!(largest > 0.0)) order = {2, 0, 1};  // one point twice: the zero at that load, in a small box
  for (const double fraction : segment_pad_fractions)
    for (const int s : order) {
      if (largest > 0.0 && !(std::abs(b(s) - a(s)) > 0.0)) continue;
      if (tube_holds(system, face, a, b, s, std::max(fraction * largest, segment_point_pad), out.pieces)) {
        out.proven = true;
        return out;
      }
    }
  out.reason = fmt::format("the Krawczyk operator does not contract on the segment from F = {:.12g} to {:.12g} (w "
                           "near ({:.6f}, {:.6f}, {:.6f})) for any coordinate as the parameter, down to 2^-{} of its "
                           "range",
                           F0, F1, w0(0), w0(1), w0(2), segment_max_depth);
  return out;
}


}  // namespace limitdir
