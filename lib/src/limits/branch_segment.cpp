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
/// A piece that does not contract is halved (at the zero in its middle) down to 2^-8 of the
/// segment (256 pieces): the Krawczyk image's width shrinks with the piece.
constexpr int segment_max_depth = 8;

/// The field of the system with M^-1 enclosed once per segment (field_enclosure inverts M at
/// every call): c = M^-1 (F d + e) enclosed as F (M^-1 d) + M^-1 e over a box of loads.
struct SegmentField {
  detail::FieldEnclosure base;  // M^-1 and the model; its c is rebuilt for each box of loads
  IVec3 Md, Me;                 // M^-1 d, M^-1 e
  static std::optional<SegmentField> of(const System& system) {
    const auto base = detail::field_enclosure(system, Interval(0.0));
    if (!base) return std::nullopt;
    IVec3 d, e;
    for (int j = 0; j < 3; ++j) {
      d(j) = Interval(system.load_direction()(j));
      e(j) = Interval(system.load_offset()(j));
    }
    return SegmentField{*base, base->Minv * d, base->Minv * e};
  }
  detail::FieldEnclosure at(const Interval& F) const {
    detail::FieldEnclosure f = base;
    for (int j = 0; j < 3; ++j) f.c(j) = F * Md(j) + Me(j);
    return f;
  }
};

std::optional<detail::SegmentValue> segment_value(const SegmentField& field, const Face& face, const IVec3& Z) {
  IVec2 X;
  X(0) = Z(0);
  X(1) = Z(1);
  const auto fv = detail::face_value(field.at(Z(2)), face, X);
  if (!fv) return std::nullopt;
  detail::SegmentValue r;
  r.g = fv->g;
  // dg/dF = (r0 . M^-1 d, r1 . M^-1 d), r0 = (T^-1)_a - u (T^-1)_n, r1 = (T^-1)_b - v (T^-1)_n:
  // c = M^-1 (F d + e) is affine in F and g = (r0 . F, r1 . F)
  for (int i = 0; i < 2; ++i) {
    Interval dgdF(0.0);
    for (int j = 0; j < 3; ++j) dgdF += (face.Tinv(i + 1, j) - Z(i) * face.Tinv(0, j)) * field.Md(j);
    r.D[i] = {fv->Dg(i, 0), fv->Dg(i, 1), dgdF};
  }
  return r;
}

/// Whether for every value of coordinate `s` in Z(s) exactly one zero lies in the box Y of the
/// other two coordinates y of Z: the Krawczyk operator with s a parameter, its dependence on s
/// taken by the mean value theorem so that A g_s is formed before it meets the interval of s,
///   K(Y) = m - A g(m; s_m) - (A g_s(Z)) (S - s_m) + (I - A g_y(Z)) (Y - m),  A = mid(g_y)^-1,
/// lies in the interior of Y (then for each s in S, K of that s alone does too).
bool krawczyk_tube(const detail::SegmentMap& map, const IVec3& Z, int s) {
  const int i0 = (s + 1) % 3, i1 = (s + 2) % 3;
  const auto whole = map(Z);
  if (!whole) return false;
  const double sm = mid_of(Z(s));
  const Eigen::Vector2d m(mid_of(Z(i0)), mid_of(Z(i1)));
  IVec3 Zm;  // the point (m, s_m)
  Zm(s) = Interval(sm);
  Zm(i0) = Interval(m(0));
  Zm(i1) = Interval(m(1));
  const auto at_m = map(Zm);
  if (!at_m) return false;
  IMat2 Dy;
  IVec2 gs;
  for (int i = 0; i < 2; ++i) {
    Dy(i, 0) = whole->D[i][i0];
    Dy(i, 1) = whole->D[i][i1];
    gs(i) = whole->D[i][s];
  }
  const Eigen::Matrix2d D = mid_of(Dy);
  if (!(std::abs(D.determinant()) > 0.0)) return false;
  const Eigen::Matrix2d Ad = D.inverse();
  if (!Ad.allFinite()) return false;
  const IMat2 A = to_interval<2>(Ad);
  IVec2 Y;
  Y(0) = Z(i0);
  Y(1) = Z(i1);
  IMat2 E = A * Dy;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) E(i, j) = (i == j ? Interval(1.0) : Interval(0.0)) - E(i, j);
  const IVec2 mi = to_interval<2>(m), Ags = A * gs, Agm = A * at_m->g;
  const Interval ds = Z(s) - Interval(sm);
  const IVec2 EY = E * (Y - mi);
  for (int i = 0; i < 2; ++i) {
    const Interval K = mi(i) - Agm(i) - Ags(i) * ds + EY(i);
    if (!std::isfinite(K.lower()) || !std::isfinite(K.upper()) || !strictly_inside(K, Y(i))) return false;
  }
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

/// The zero of g at the parameter value x(s), from x by Newton on the other two coordinates
/// (double arithmetic at point boxes: only where the tubes go, the proof is krawczyk_tube's);
/// none when it does not converge.
std::optional<Eigen::Vector3d> newton_at(const detail::SegmentMap& map, Eigen::Vector3d x, int s) {
  constexpr int newton_steps = 12;   // quadratic convergence from ~1e-2: 1e-16 in ~5 steps
  constexpr double newton_tol = 1e-13;  // ~1e3 ulps of O(1) chart coordinates
  const int i0 = (s + 1) % 3, i1 = (s + 2) % 3;
  for (int k = 0; k < newton_steps; ++k) {
    const auto v = map(to_interval<3>(x));
    if (!v) return std::nullopt;
    Eigen::Matrix2d J;
    J << mid_of(v->D[0][i0]), mid_of(v->D[0][i1]), mid_of(v->D[1][i0]), mid_of(v->D[1][i1]);
    const Eigen::Vector2d dy = J.fullPivLu().solve(-mid_of(v->g));
    if (!dy.allFinite()) return std::nullopt;
    x(i0) += dy(0);
    x(i1) += dy(1);
    if (dy.lpNorm<Eigen::Infinity>() <= newton_tol) return x;
  }
  return std::nullopt;
}

/// The box of a piece: the parameter s over [a(s), b(s)], the other two the hull of a and b
/// widened by pad (and segment_min_pad relative to their size).
IVec3 piece_box(const Eigen::Vector3d& a, const Eigen::Vector3d& b, int s, double pad) {
  IVec3 Z;
  for (int k = 0; k < 3; ++k) {
    const double lo = std::min(a(k), b(k)), hi = std::max(a(k), b(k));
    const double e = k == s ? 0.0 : pad + segment_min_pad * (1.0 + std::abs(lo) + std::abs(hi));
    Z(k) = Interval(lo - e, hi + e);
  }
  return Z;
}

/// Whether the pieces from a to b (chart coordinates (u, v, F) on the curve) with parameter s
/// hold one zero each for every s: a piece's box (piece_box, pad a fraction of its largest
/// change) is tried with each pad fraction; where none contracts, the piece is halved at the
/// zero of g at the middle value of s (newton_at), down to depth segment_max_depth.
bool tube_holds(const detail::SegmentMap& map, const Eigen::Vector3d& a, const Eigen::Vector3d& b, int s, int depth,
                int& pieces) {
  ++pieces;
  const double largest = (b - a).lpNorm<Eigen::Infinity>();
  for (const double fraction : segment_pad_fractions)
    if (krawczyk_tube(map, piece_box(a, b, s, std::max(fraction * largest, segment_point_pad)), s))
      return true;
  if (depth >= segment_max_depth || !(std::abs(b(s) - a(s)) > 0.0)) return false;
  const auto m = newton_at(map, 0.5 * (a + b), s);
  return m && tube_holds(map, a, *m, s, depth + 1, pieces) && tube_holds(map, *m, b, s, depth + 1, pieces);
}

}  // namespace

namespace detail {

bool tube_encloses(const SegmentMap& map, const Eigen::Vector3d& a, const Eigen::Vector3d& b, int& pieces) {
  // the coordinates in order of their change between the ends: the one that changes most first
  std::array<int, 3> order{0, 1, 2};
  std::sort(order.begin(), order.end(), [&](int i, int j) { return std::abs(b(i) - a(i)) > std::abs(b(j) - a(j)); });
  const double largest = std::abs(b(order[0]) - a(order[0]));
  if (!(largest > 0.0)) order = {2, 0, 1};  // one point twice: the zero at that load, in a small box
  for (const int s : order) {
    if (largest > 0.0 && !(std::abs(b(s) - a(s)) > 0.0)) continue;
    if (tube_holds(map, a, b, s, 0, pieces)) return true;
  }
  return false;
}

}  // namespace detail

SegmentEnclosure enclose_branch_segment(const System& system, const Eigen::Vector3d& w0, double F0,
                                        const Eigen::Vector3d& w1, double F1) {
  const UpwardRounding upward;
  SegmentEnclosure out;
  const auto faces = detail::cube_faces();
  const auto field = SegmentField::of(system);
  if (!faces || !field) {
    out.reason = "the chart matrices or the mass matrix could not be inverted rigorously";
    return out;
  }
  const Face& face = (*faces)[nearest_face(*faces, (w0 + w1).normalized())];
  if (!(face.T.col(0).dot(w0) > 0.0 && face.T.col(0).dot(w1) > 0.0)) {
    out.reason = fmt::format("the segment from F = {:.12g} to {:.12g} does not lie in one chart", F0, F1);
    return out;
  }
  const Eigen::Vector3d a = chart_point(face, w0, F0), b = chart_point(face, w1, F1);
  const auto map = [&](const IVec3& Z) -> std::optional<detail::SegmentValue> {
    return segment_value(*field, face, Z);
  };
  if (detail::tube_encloses(map, a, b, out.pieces)) {
    out.proven = true;
    return out;
  }
  out.reason = fmt::format("the Krawczyk operator does not contract on the segment from F = {:.12g} to {:.12g} (w "
                           "near ({:.6f}, {:.6f}, {:.6f})) for any coordinate as the parameter, down to 2^-{} of its "
                           "range",
                           F0, F1, w0(0), w0(1), w0(2), segment_max_depth);
  return out;
}


}  // namespace limitdir
