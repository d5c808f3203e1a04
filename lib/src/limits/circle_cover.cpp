// The invariant-circle proof of the limit directions (limits/proof.hpp; docs/manual.md section 3,
// "Certificates"; Sect. 7.4): with c1 != 0 every limit direction lies on w2 = 0 ((125), rows
// 1-2), covered by four arcs x = T (1, u) in the (x1, x3) plane; a cell of an arc holds exactly
// one zero of g(u) = f_a - u f_n, f = T^-1 (F1, F3), when g is strictly monotone on it with
// strict opposite signs at its ends, and none when g or its mean-value form excludes 0; the box
// of a zero is then shrunk by interval Newton steps. Compiled with -frounding-math
// (lib/CMakeLists.txt).
#include <Eigen/Geometry>
#include <cmath>
#include <fmt/format.h>

#include "limits/proof_search.hpp"

namespace limitdir::detail::proof {

namespace {

/// In the (x1, x3) plane x = T (1, u), u in [-1, 1]; (F1, F3) || x iff
/// f = T^-1 (F1, F3) satisfies g(u) = f_a - u f_n = 0.
struct Arc {
  Eigen::Matrix2d T;
  IMat2 Tinv;
  std::string name;
};

std::vector<Arc> circle_arcs() {
  constexpr double angle = 0.1173;  // generic: no arc end on an axis or at 45 degrees; small: little wrapping
  const Eigen::Matrix2d R = Eigen::Rotation2Dd(angle).toRotationMatrix();
  std::vector<Arc> arcs;
  for (int k = 0; k < 2; ++k)
    for (double s : {1.0, -1.0}) {
      Arc a;
      a.T << s * R.col(k), R.col(1 - k);
      const IMat2 T = to_interval<2>(a.T);
      const Interval det = T(0, 0) * T(1, 1) - T(0, 1) * T(1, 0);  // |det| = 1 up to rounding
      a.Tinv(0, 0) = T(1, 1) / det;
      a.Tinv(0, 1) = -T(0, 1) / det;
      a.Tinv(1, 0) = -T(1, 0) / det;
      a.Tinv(1, 1) = T(0, 0) / det;
      a.name = fmt::format("arc {}{}", s > 0 ? '+' : '-', k + 1);
      arcs.push_back(a);
    }
  return arcs;
}

IVec3 arc_point(const Arc& arc, const Interval& U) {
  IVec3 x;
  x(0) = arc.T(0, 0) + arc.T(0, 1) * U;
  x(1) = Interval(0.0);
  x(2) = arc.T(1, 0) + arc.T(1, 1) * U;
  return x;
}

struct ArcValue {
  Interval g, dg;
};

/// g = r . (F1, F3) with r = (T^-1)_a - u (T^-1)_n orthogonal to x (as for face_value).
std::optional<ArcValue> arc_value(const FieldEnclosure& field, const Arc& arc, const Interval& U) {
  const auto box = field.at(arc_point(arc, U));
  if (!box) return std::nullopt;
  IVec2 F, Fu, r, n;  // (F1, F3), its u-derivative DF (a1, 0, a3), the rows
  for (int k = 0; k < 2; ++k) {
    F(k) = box->F(2 * k);
    Fu(k) = box->DF(2 * k, 0) * arc.T(0, 1) + box->DF(2 * k, 2) * arc.T(1, 1);
    n(k) = arc.Tinv(0, k);
    r(k) = arc.Tinv(1, k) - U * arc.Tinv(0, k);
  }
  const Interval fn = dot(n, F);
  return ArcValue{dot(r, F), dot(r, Fu) - fn};
}

// The halos of the centres (centre_interval, limits/chart_field.hpp), as fractions of the cell's
// width, for a model whose enclosure follows the width of its box. The mean-value form's width grows by the halo (|g'(U)| W (1 + halo)): 2^-6
// costs 1.6%, and keeps the centre of a cell wider than 6.4e-3 wider than 1e-4, where the
// tabulated profile takes its cheap first-order rule, not its sharp one (7-20 ms a point;
// friction/exact_profile.cpp). A Newton step contracts at best to the halo, so its 2^-12 takes a
// zero's box from 1e-2 to below 1e-8 in refine_steps steps.
constexpr double cover_halo = 0x1p-6;
constexpr double newton_halo = 0x1p-12;

/// Interval Newton steps N(U) = M - g(M)/g'(U), M the centre of U, with g' re-enclosed over the
/// current U, intersected with U: each contains the zero (g(x) in g(M) + g'(U)(x - M) for x in U),
/// and they converge quadratically (at a point M; linearly by the halo about one).
Interval shrink_zero_box(const FieldEnclosure& field, const Arc& arc, Interval U) {
  for (int i = 0; i < refine_steps; ++i) {
    const double m = mid_of(U);
    const Interval M = centre_interval(field, U, m, newton_halo);
    const auto gm = arc_value(field, arc, M);
    const auto whole = arc_value(field, arc, U);
    if (!gm || !whole || contains_zero(whole->dg)) break;
    const Interval N = M - gm->g / whole->dg;
    if (!std::isfinite(N.lower()) || !std::isfinite(N.upper()) || disjoint(N, U)) break;  // cannot happen for a proven zero; keep U
    U = meet(N, U);
  }
  return U;
}

/// g strictly monotone on U (0 not in the Clarke hull of g', mean-value inclusion for
/// Lipschitz g) with strict opposite signs at the ends: exactly one zero, inside U.
CellResult<1> examine_arc_cell(const FieldEnclosure& field, const Arc& arc, const IVec<1>& X) {
  const Interval& U = X(0);
  const auto whole = arc_value(field, arc, U);
  if (!whole) return {Verdict::undecided, {}, no_enclosure};
  if (!contains_zero(whole->g)) return {Verdict::none};
  const Interval M = centre_interval(field, U, mid_of(U), cover_halo);
  const auto at_m = arc_value(field, arc, M);
  if (!at_m) return {Verdict::undecided, {}, no_enclosure};
  if (!contains_zero(at_m->g + whole->dg * (U - M))) return {Verdict::none};  // mean-value form
  if (contains_zero(whole->dg)) return {Verdict::split};
  const auto lo = arc_value(field, arc, Interval(U.lower())), hi = arc_value(field, arc, Interval(U.upper()));
  if (!lo || !hi) return {Verdict::undecided, {}, no_enclosure};
  if (contains_zero(lo->g) || contains_zero(hi->g)) return {Verdict::split};
  if ((lo->g.upper() < 0.0) == (hi->g.upper() < 0.0)) return {Verdict::none};
  IVec<1> zero;
  zero(0) = shrink_zero_box(field, arc, U);
  return {Verdict::one, zero};
}

}  // namespace

Proof circle_proof(const FieldEnclosure& field, const ProofOptions& options) {
  Proof proof;
  proof.method = "invariant-circle";
  const std::vector<Arc> arcs = circle_arcs();
  std::vector<Cell<1>> work;
  for (int k = 0; k < 4; ++k) {
    IVec<1> X;
    X(0) = Interval(-1.0, 1.0);
    work.push_back({k, X});
  }
  const auto examine = [&](const Cell<1>& c) { return examine_arc_cell(field, arcs[c.chart], c.X); };
  const Search<1> s = branch_and_bound<1>(work, examine, options);
  proof.cells = s.cells;
  for (const auto& z : s.zeros) proof.directions.push_back(characterise(field, arc_point(arcs[z.chart], z.X(0))));
  for (const auto& [c, why] : s.undecided)
    proof.undecided.push_back(fmt::format("{}: u in [{:.9f}, {:.9f}]; {}: {}", arcs[c.chart].name, c.X(0).lower(),
                                          c.X(0).upper(), describe_w(arc_point(arcs[c.chart], c.X(0))), why));
  return proof;
}

}  // namespace limitdir::detail::proof
