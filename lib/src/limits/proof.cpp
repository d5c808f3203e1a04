// Computer-assisted proofs of the limit directions at one load (limits/proof.hpp): the zeros of
// V* (122) as the solutions of F(w) = rdot w (125), by branch and bound over charts of the
// sphere (or of the invariant circle, Sect. 7.4) in outward-rounded interval arithmetic.
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limitdir/limits/proof.hpp"

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/core/progress.hpp"
#include "limitdir/core/cancellation.hpp"
#include "limits/chart_field.hpp"

namespace limitdir {

using namespace detail;

namespace {

// Cells are split at this ratio, not at the midpoint: the symmetric points where limit
// directions sit (w2 = 0, w3 = 0, the axes) are never at a dyadic split of a chart.
constexpr double split_ratio = 0.4873;
// Interval Newton / Krawczyk steps that shrink the box of a proven zero before its rdot and
// J_T are enclosed: convergence is quadratic, so 6 steps take a box of width 1e-2 to rounding level.
constexpr int refine_steps = 6;

// ----- the field over a box (limits/chart_field.hpp) ----------------------------------------

}  // namespace

namespace detail {

std::optional<FieldEnclosure> field_enclosure(const System& system, const Interval& F) {
  const auto Minv = inverse_enclosure(to_interval<3>(system.M()));
  if (!Minv) return std::nullopt;
  IVec3 load;  // F d + e
  for (int i = 0; i < 3; ++i) load(i) = F * system.load_direction()(i) + system.load_offset()(i);
  return FieldEnclosure{&system.friction(), *Minv, *Minv * load,
                        dynamic_cast<const AxisymmetricModel*>(&system.friction())};
}

IVec3 normalized(const IVec3& x) {
  const Interval n = boost::numeric::sqrt(dot(x, x));
  IVec3 w;
  for (int i = 0; i < 3; ++i) {
    const Interval t = x(i) / n;
    w(i) = Interval(std::max(t.lower(), -1.0), std::min(t.upper(), 1.0));
  }
  return w;
}

}  // namespace detail

namespace {

std::string describe_w(const IVec3& x) {
  const IVec3 w = normalized(x);
  return fmt::format("w in [{:.9f}, {:.9f}] x [{:.9f}, {:.9f}] x [{:.9f}, {:.9f}]", w(0).lower(), w(0).upper(),
                     w(1).lower(), w(1).upper(), w(2).lower(), w(2).upper());
}

/// rdot = w . F (121), and J_T = P^T A P with A = DF - rdot I through invariants that need no
/// basis P: tr J_T = tr A - w^T A w, det J_T = w^T cof(A) w (the (3,3) cofactor of [P w]^T A [P w]).
ProvenDirection characterise(const FieldEnclosure& field, const IVec3& x) {
  ProvenDirection d;
  d.w = normalized(x);
  d.w_mid = mid_of(d.w).normalized();
  const auto box = field.at(d.w);
  if (!box) {
    const Interval whole(-INFINITY, INFINITY);
    d.rdot = d.det_JT = d.trace_JT = d.discriminant = whole;
    return d;
  }
  d.rdot = dot(d.w, box->F);
  IMat3 A = box->DF;
  for (int i = 0; i < 3; ++i) A(i, i) -= d.rdot;
  d.trace_JT = A(0, 0) + A(1, 1) + A(2, 2) - dot(d.w, A * d.w);
  d.det_JT = dot(d.w, cofactor(A) * d.w);
  d.discriminant = 0.25 * boost::numeric::square(d.trace_JT) - d.det_JT;
  return d;
}

// ----- branch and bound -----------------------------------------------------------------------

template <int D>
struct Cell {
  int chart;
  IVec<D> X;
};

enum class Verdict { none, one, split, undecided };

template <int D>
struct CellResult {
  CellResult(Verdict v, const IVec<D>& z = {}, std::string w = {}) : verdict(v), zero(z), why(std::move(w)) {}
  Verdict verdict;
  IVec<D> zero;     // Verdict::one: the box holding the unique zero, inside the cell's interior
  std::string why;  // Verdict::undecided
};

template <int D>
struct Search {
  std::vector<Cell<D>> zeros;
  std::vector<std::pair<Cell<D>, std::string>> undecided;
  int cells = 0;
};

/// Splits the cell across its widest coordinate at split_ratio, or says why it cannot.
template <int D>
bool split(const Cell<D>& cell, double min_width, std::vector<Cell<D>>& work) {
  int k = 0;
  for (int i = 1; i < D; ++i)
    if (width_of(cell.X(i)) > width_of(cell.X(k))) k = i;
  const double lo = cell.X(k).lower(), hi = cell.X(k).upper();
  if (!(hi - lo >= min_width)) return false;
  const double s = lo + split_ratio * (hi - lo);
  Cell<D> left = cell, right = cell;
  left.X(k) = Interval(lo, s);
  right.X(k) = Interval(s, hi);
  work.push_back(right);
  work.push_back(left);
  return true;
}

template <int D, class Examine>
Search<D> branch_and_bound(std::vector<Cell<D>> work, const Examine& examine, const ProofOptions& options) {
  Search<D> out;
  ProgressCounter counter(current_progress(), "proof: cells examined", 0);  // adaptive: no total
  while (!work.empty()) {
    counter.step(static_cast<std::uint64_t>(out.cells));
    const Cell<D> cell = work.back();
    work.pop_back();
    poll_cancellation();  // core/cancellation.hpp: once per cell
    if (out.cells >= options.max_cells) {
      out.undecided.push_back({cell, "cell budget spent (ProofOptions::max_cells)"});
      continue;
    }
    ++out.cells;
    CellResult<D> r = examine(cell);
    if (r.verdict == Verdict::split && !split(cell, options.min_cell_width, work)) {
      r.verdict = Verdict::undecided;
      r.why = "not decided down to the minimum cell width (a zero that is not hyperbolic, or on a cell boundary)";
    }
    if (r.verdict == Verdict::one) out.zeros.push_back({cell.chart, r.zero});
    if (r.verdict == Verdict::undecided) out.undecided.push_back({cell, r.why});
  }
  return out;
}

const char* const no_enclosure = "the friction model has no rigorous enclosure of q on this cell";

// ----- charts of the sphere: the faces of a rotated cube --------------------------------------

/// A fixed generic rotation: no face centre, edge or vertex on w2 = 0, w3 = 0 or an axis. It
/// is small (0.12 rad) because the box of x over a cell wraps the rotated chart: the smaller
/// the rotation, the tighter the enclosures (2.2x fewer cells than at 0.6 rad).
Eigen::Matrix3d generic_rotation() {
  const Eigen::Vector3d axis = Eigen::Vector3d(0.3137, 0.5411, 0.7803).normalized();
  return Eigen::AngleAxisd(0.1173, axis).toRotationMatrix();
}

}  // namespace

namespace detail {

std::optional<std::vector<Face>> cube_faces() {
  const Eigen::Matrix3d R = generic_rotation();
  std::vector<Face> faces;
  for (int k = 0; k < 3; ++k)
    for (double s : {1.0, -1.0}) {
      Face f;
      f.T << s * R.col(k), R.col((k + 1) % 3), R.col((k + 2) % 3);
      const auto Tinv = inverse_enclosure(to_interval<3>(f.T));
      if (!Tinv) return std::nullopt;
      f.Tinv = *Tinv;
      f.name = fmt::format("face {}{}", s > 0 ? '+' : '-', k + 1);
      faces.push_back(f);
    }
  return faces;
}

IVec3 face_point(const Face& face, const IVec2& X) {
  IVec3 x;
  for (int i = 0; i < 3; ++i) x(i) = face.T(i, 0) + face.T(i, 1) * X(0) + face.T(i, 2) * X(1);
  return x;
}

}  // namespace detail

namespace {

/// g and Dg with the rows of T^-1 combined first, r0 = (T^-1)_a - u (T^-1)_n and
/// r1 = (T^-1)_b - v (T^-1)_n, so g = (r0 . F, r1 . F): r0, r1 are orthogonal to x at the
/// chart point, which keeps wide parts of F along x (a kink of q at a zero) out of g and Dg.
struct ChartRows {
  IVec3 n, r0, r1;  // (T^-1)_n, r0 = (T^-1)_a - u (T^-1)_n, r1 = (T^-1)_b - v (T^-1)_n
};

ChartRows chart_rows(const Face& face, const IVec2& X) {
  ChartRows R;
  for (int j = 0; j < 3; ++j) {
    R.n(j) = face.Tinv(0, j);
    R.r0(j) = face.Tinv(1, j) - X(0) * face.Tinv(0, j);
    R.r1(j) = face.Tinv(2, j) - X(1) * face.Tinv(0, j);
  }
  return R;
}

/// g = (r0 . F, r1 . F) and Dg from rdF(i, t) = r_i . dF/dt along the chart columns t = a, b.
FaceValue chart_value(const ChartRows& R, const IVec3& F, const IMat2& rdF) {
  FaceValue r;
  r.fn = dot(R.n, F);
  r.g(0) = dot(R.r0, F);
  r.g(1) = dot(R.r1, F);
  r.Dg(0, 0) = rdF(0, 0) - r.fn;
  r.Dg(0, 1) = rdF(0, 1);
  r.Dg(1, 0) = rdF(1, 0);
  r.Dg(1, 1) = rdF(1, 1) - r.fn;
  return r;
}

/// For an axisymmetric model, q = -(w1 C, w2 C, k w3 S) (86) and the derivative of r . F along
/// the chart column t of T is
///   -(rho1 w1_t C + rho2 w2_t C + rho3 k w3_t S) - (rho1 w1 + rho2 w2) C_t - rho3 k w3 S_t,
/// rho = r M^-1: the wide (Clarke) gradient of C at a kink multiplies rho . (w1, w2, 0), which
/// is small at a zero on the equator when M^-1 w || w (r is orthogonal to x).
std::optional<FaceValue> face_value_axisymmetric(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  const auto m = field.axisymmetric->enclose_meridian(face_point(face, X));
  if (!m) return std::nullopt;
  const double k = field.axisymmetric->kappa_over_rho();
  IVec3 q;
  q(0) = -(m->w[0].v * m->C.v);
  q(1) = -(m->w[1].v * m->C.v);
  q(2) = -(k * (m->w[2].v * m->S.v));
  const IVec3 F = field.Minv * q + field.c;
  const ChartRows R = chart_rows(face, X);
  const auto dir = [&](const IDual& f, int col) {
    return f.d[0] * face.T(0, col) + f.d[1] * face.T(1, col) + f.d[2] * face.T(2, col);
  };
  const auto row_times_Minv = [&](const IVec3& r) {
    IVec3 rho;
    for (int j = 0; j < 3; ++j) rho(j) = r(0) * field.Minv(0, j) + r(1) * field.Minv(1, j) + r(2) * field.Minv(2, j);
    return rho;
  };
  const IVec3 rho0 = row_times_Minv(R.r0), rho1 = row_times_Minv(R.r1);
  const auto along = [&](const IVec3& rho, int col) {
    const Interval smooth = rho(0) * dir(m->w[0], col) * m->C.v + rho(1) * dir(m->w[1], col) * m->C.v +
                            k * (rho(2) * dir(m->w[2], col) * m->S.v);
    return -smooth - (rho(0) * m->w[0].v + rho(1) * m->w[1].v) * dir(m->C, col) -
           k * (rho(2) * m->w[2].v) * dir(m->S, col);
  };
  IMat2 rdF;
  rdF(0, 0) = along(rho0, 1);
  rdF(0, 1) = along(rho0, 2);
  rdF(1, 0) = along(rho1, 1);
  rdF(1, 1) = along(rho1, 2);
  return chart_value(R, F, rdF);
}

}  // namespace

namespace detail {

std::optional<FaceValue> face_value(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  if (field.axisymmetric) return face_value_axisymmetric(field, face, X);
  const auto box = field.at(face_point(face, X));
  if (!box) return std::nullopt;
  const ChartRows R = chart_rows(face, X);
  IVec3 Fu, Fv;  // Fu = DF a, Fv = DF b
  for (int j = 0; j < 3; ++j) {
    Fu(j) = box->DF(j, 0) * face.T(0, 1) + box->DF(j, 1) * face.T(1, 1) + box->DF(j, 2) * face.T(2, 1);
    Fv(j) = box->DF(j, 0) * face.T(0, 2) + box->DF(j, 1) * face.T(1, 2) + box->DF(j, 2) * face.T(2, 2);
  }
  IMat2 rdF;
  rdF(0, 0) = dot(R.r0, Fu);
  rdF(0, 1) = dot(R.r0, Fv);
  rdF(1, 0) = dot(R.r1, Fu);
  rdF(1, 1) = dot(R.r1, Fv);
  return chart_value(R, box->F, rdF);
}

}  // namespace detail

namespace {


bool finite(const IVec2& X) {
  return std::isfinite(X(0).lower()) && std::isfinite(X(0).upper()) && std::isfinite(X(1).lower()) &&
         std::isfinite(X(1).upper());
}

/// Krawczyk steps X <- K(X) with Dg re-enclosed over the current X: every step contains the
/// zero proven in X.
IVec2 shrink_zero_box(const FieldEnclosure& field, const Face& face, IVec2 X) {
  for (int i = 0; i < refine_steps; ++i) {
    const Eigen::Vector2d m = mid_of(X);
    const auto whole = face_value(field, face, X), at_m = face_value(field, face, to_interval<2>(m));
    if (!whole || !at_m) break;
    const auto K = krawczyk(X, m, at_m->g, whole->Dg);
    if (!K || !finite(*K) || disjoint((*K)(0), X(0)) || disjoint((*K)(1), X(1))) break;
    X(0) = meet((*K)(0), X(0));
    X(1) = meet((*K)(1), X(1));
  }
  return X;
}

CellResult<2> examine_face_cell(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  const auto whole = face_value(field, face, X);
  if (!whole) return {Verdict::undecided, {}, no_enclosure};
  if (!contains_zero(whole->g(0)) || !contains_zero(whole->g(1))) return {Verdict::none};
  const Eigen::Vector2d m = mid_of(X);
  const auto at_m = face_value(field, face, to_interval<2>(m));
  if (!at_m) return {Verdict::undecided, {}, no_enclosure};
  const IVec2 mean_value = at_m->g + whole->Dg * (X - to_interval<2>(m));  // g(m) + Dg(X)(X - m)
  if (!contains_zero(mean_value(0)) || !contains_zero(mean_value(1))) return {Verdict::none};
  const auto K = krawczyk(X, m, at_m->g, whole->Dg);
  if (!K) return {Verdict::split};
  if (disjoint((*K)(0), X(0)) || disjoint((*K)(1), X(1))) return {Verdict::none};
  if (strictly_inside((*K)(0), X(0)) && strictly_inside((*K)(1), X(1)))
    return {Verdict::one, shrink_zero_box(field, face, *K)};
  return {Verdict::split};
}

Proof cube_cover_proof(const FieldEnclosure& field, const ProofOptions& options) {
  Proof proof;
  proof.method = "cube-cover";
  const auto faces = cube_faces();
  if (!faces) {
    proof.reason = "the chart matrices of the cube cover could not be inverted rigorously";
    return proof;
  }
  std::vector<Cell<2>> work;
  for (int k = 0; k < 6; ++k) {
    IVec2 X;
    X(0) = X(1) = Interval(-1.0, 1.0);
    work.push_back({k, X});
  }
  const auto examine = [&](const Cell<2>& c) { return examine_face_cell(field, (*faces)[c.chart], c.X); };
  const Search<2> s = branch_and_bound<2>(work, examine, options);
  proof.cells = s.cells;
  for (const auto& z : s.zeros) proof.directions.push_back(characterise(field, face_point((*faces)[z.chart], z.X)));
  for (const auto& [c, why] : s.undecided) {
    const Face& f = (*faces)[c.chart];
    proof.undecided.push_back(fmt::format("{}: u in [{:.9f}, {:.9f}], v in [{:.9f}, {:.9f}]; {}: {}", f.name,
                                          c.X(0).lower(), c.X(0).upper(), c.X(1).lower(), c.X(1).upper(),
                                          describe_w(face_point(f, c.X)), why));
  }
  return proof;
}

// ----- the invariant circle w2 = 0 (Sect. 7.4): four arcs ---------------------------------------

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

/// Interval Newton steps N(U) = m - g(m)/g'(U) with g' re-enclosed over the current U,
/// intersected with U: each contains the zero, and they converge quadratically.
Interval shrink_zero_box(const FieldEnclosure& field, const Arc& arc, Interval U) {
  for (int i = 0; i < refine_steps; ++i) {
    const double m = mid_of(U);
    const auto gm = arc_value(field, arc, Interval(m));
    const auto whole = arc_value(field, arc, U);
    if (!gm || !whole || contains_zero(whole->dg)) break;
    const Interval N = m - gm->g / whole->dg;
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
  const double m = mid_of(U);
  const auto at_m = arc_value(field, arc, Interval(m));
  if (!at_m) return {Verdict::undecided, {}, no_enclosure};
  if (!contains_zero(at_m->g + whole->dg * (U - m))) return {Verdict::none};  // mean-value form
  if (contains_zero(whole->dg)) return {Verdict::split};
  const auto lo = arc_value(field, arc, Interval(U.lower())), hi = arc_value(field, arc, Interval(U.upper()));
  if (!lo || !hi) return {Verdict::undecided, {}, no_enclosure};
  if (contains_zero(lo->g) || contains_zero(hi->g)) return {Verdict::split};
  if ((lo->g.upper() < 0.0) == (hi->g.upper() < 0.0)) return {Verdict::none};
  IVec<1> zero;
  zero(0) = shrink_zero_box(field, arc, U);
  return {Verdict::one, zero};
}

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

// ----- events over a load interval --------------------------------------------------------------

constexpr unsigned fold_bit = 1u, tangency_bit = 2u, hopf_bit = 4u, no_enclosure_bit = 8u;

/// The load F = F0 + (t + 1) (F1 - F0)/2 of the cell coordinate t in [-1, 1] (so that the
/// cells split F like u and v).
Interval load_of(const Interval& t, double F0, double F1) {
  return F0 + (t + 1.0) * ((Interval(F1) - F0) * 0.5);  // F1 - F0 enclosed: the cells cover [F0, F1]
}

/// The events that cannot be excluded on the cell (U, V) x F: natural and mean-value
/// enclosures of g (g = 0), det Dg (folds and branch points), f_n (rdot = 0), and trace and
/// det of J_T over the cell's directions (Hopf: trace = 0 with det > 0).
unsigned possible_events(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  const auto whole = face_value(field, face, X);
  if (!whole) return no_enclosure_bit;
  if (!contains_zero(whole->g(0)) || !contains_zero(whole->g(1))) return 0;
  const Eigen::Vector2d m = mid_of(X);
  const auto at_m = face_value(field, face, to_interval<2>(m));
  if (!at_m) return no_enclosure_bit;
  const IVec2 mean_value = at_m->g + whole->Dg * (X - to_interval<2>(m));
  if (!contains_zero(mean_value(0)) || !contains_zero(mean_value(1))) return 0;
  unsigned kinds = 0;
  if (contains_zero(whole->Dg(0, 0) * whole->Dg(1, 1) - whole->Dg(0, 1) * whole->Dg(1, 0))) kinds |= fold_bit;
  if (contains_zero(whole->fn)) kinds |= tangency_bit;
  const ProvenDirection d = characterise(field, face_point(face, X));
  if (contains_zero(d.trace_JT) && d.det_JT.upper() > 0.0) kinds |= hopf_bit;
  return kinds;
}

struct EventSearch {
  const System* system;
  double F0, F1;
  const std::vector<Face>* faces;
  IMat3 Minv;
};

unsigned examine_event_cell(const EventSearch& S, const Cell<3>& cell) {
  const Interval F = load_of(cell.X(2), S.F0, S.F1);
  IVec3 load;
  for (int i = 0; i < 3; ++i) load(i) = F * S.system->load_direction()(i) + S.system->load_offset()(i);
  const FieldEnclosure field{&S.system->friction(), S.Minv, S.Minv * load,
                             dynamic_cast<const AxisymmetricModel*>(&S.system->friction())};
  IVec2 X;
  X(0) = cell.X(0);
  X(1) = cell.X(1);
  return possible_events(field, (*S.faces)[cell.chart], X);
}

/// The unit directions of the cell's face coordinates.
IVec3 cell_directions(const EventSearch& S, const Cell<3>& cell) {
  IVec2 X;
  X(0) = cell.X(0);
  X(1) = cell.X(1);
  return normalized(face_point((*S.faces)[cell.chart], X));
}

void record_events(const EventSearch& S, const Cell<3>& cell, unsigned kinds, EventBoxes& out) {
  const IVec3 w = cell_directions(S, cell);
  const Interval F = load_of(cell.X(2), S.F0, S.F1);
  for (const auto& [bit, kind] : {std::pair{fold_bit, EventBoxKind::fold}, std::pair{tangency_bit, EventBoxKind::tangency},
                                  std::pair{hopf_bit, EventBoxKind::hopf}})
    if (kinds & bit) out.boxes.push_back({kind, w, F});
}

void conclude(Proof& proof) {
  proof.proven = proof.undecided.empty();
  if (proof.proven)
    proof.reason = fmt::format("{}: {} limit directions, each proven unique in its cell; every other cell of the "
                               "{} examined excluded",
                               proof.method, proof.directions.size(), proof.cells);
  else
    proof.reason = fmt::format("{}: {} cells undecided (first: {})", proof.method, proof.undecided.size(),
                               proof.undecided.front());
}

}  // namespace

Proof prove_limit_directions(const System& system, double F, const ProofOptions& options) {
  const UpwardRounding upward;  // one rounding-mode switch for the whole proof
  const auto field = field_enclosure(system, Interval(F));
  if (!field) {
    Proof p;
    p.reason = "the mass matrix could not be inverted rigorously (its determinant enclosure contains 0)";
    return p;
  }
  Proof proof;
  if (system.has_invariant_circle()) {
    // (125) rows 1-2 with M = diag(m1, m1, m3): (rdot + b1 C) w2 = c2 = 0 and
    // (rdot + b1 C) w1 = c1, so w2 != 0 forces c1 = 0. With 0 not in c1 every limit
    // direction lies on the circle w2 = 0.
    if (contains_zero(field->c(0))) {
      proof.method = "invariant-circle";
      proof.reason = "c1 = 0 (or not bounded away from 0): circles of limit directions off w2 = 0 are possible "
                     "(Sect. 7.4) and cannot be proven isolated";
      return proof;
    }
    proof = circle_proof(*field, options);
  } else {
    proof = cube_cover_proof(*field, options);
  }
  conclude(proof);
  return proof;
}

EventBoxes enclose_events(const System& system, double F0, double F1, const EventOptions& options) {
  const UpwardRounding upward;
  EventBoxes out;
  const auto faces = cube_faces();
  const auto Minv = inverse_enclosure(to_interval<3>(system.M()));
  if (!faces || !Minv || !(F0 <= F1)) {
    out.reason = "the mass matrix or the chart matrices could not be inverted rigorously, or F0 > F1";
    return out;
  }
  const EventSearch S{&system, F0, F1, &*faces, *Minv};
  std::vector<Cell<3>> work;
  for (int k = 0; k < 6; ++k) {
    IVec3 X;
    X(0) = X(1) = X(2) = Interval(-1.0, 1.0);
    work.push_back({k, X});
  }
  while (!work.empty()) {
    const Cell<3> cell = work.back();
    work.pop_back();
    poll_cancellation();  // core/cancellation.hpp: once per cell
    const auto where = [&] {
      return fmt::format("{}: u in [{:.9f}, {:.9f}], v in [{:.9f}, {:.9f}], F in [{:.9f}, {:.9f}]",
                                          (*faces)[cell.chart].name, cell.X(0).lower(), cell.X(0).upper(),
                                          cell.X(1).lower(), cell.X(1).upper(), load_of(cell.X(2), F0, F1).lower(),
                                          load_of(cell.X(2), F0, F1).upper());
    };
    if (out.cells >= options.max_cells) {
      out.undecided.push_back(where() + ": cell budget spent (EventOptions::max_cells)");
      continue;
    }
    if (options.within && !boxes_meet(*options.within, cell_directions(S, cell))) continue;
    ++out.cells;
    const unsigned kinds = examine_event_cell(S, cell);
    if (kinds == 0 || split(cell, options.min_width, work)) continue;
    if (kinds & no_enclosure_bit)
      out.undecided.push_back(where() + ": " + no_enclosure);
    else
      record_events(S, cell, kinds, out);
  }
  out.complete = out.undecided.empty();
  out.reason = out.complete ? fmt::format("{} event boxes; no fold, branch point, tangency or Hopf point outside them "
                                          "({} cells)", out.boxes.size(), out.cells)
                            : fmt::format("{} cells undecided (first: {})", out.undecided.size(), out.undecided.front());
  return out;
}

}  // namespace limitdir
