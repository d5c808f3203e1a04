// One event in a window of the event search (limits/proof.hpp, prove_event_unique): the
// extended system G(u, v, F) = (g1, g2, h) of the event's kind in a cube chart, with DG from
// second-order interval jets of q (numerics/jet2.hpp), and a branch and bound with the Krawczyk
// operator K(Z) = m - Y G(m) + (I - Y DG(Z)) (Z - m), Y = mid(DG)^-1: K(Z) in the interior of
// Z proves exactly one zero in Z with DG regular there; K(Z) disjoint from Z proves none.
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/limits/proof.hpp"
#include "limits/chart_field.hpp"

namespace limitdir {

namespace {

using detail::Face;
using detail::face_point;
using detail::normalized;
using detail::krawczyk;

/// The box examined is the window widened by this fraction of its width on each side: a
/// window is the hull of closed cells, and an event on its edge is then inside the box.
constexpr double window_margin = 0.1;
/// Krawczyk steps that shrink the box of a proven event: convergence is quadratic, so 6 steps
/// take a cell of the window to near rounding level.
constexpr int shrink_steps = 6;

/// G, DG over a box Z of (u, v, F), and det Dg (a Hopf point needs det Dg > 0).
struct Extended {
  IVec3 G;
  IMat3 DG;
  Interval det;
};

/// At a zero of g, Dg = |x| B^-1 J_T B (B: the chart's tangent map), so det Dg and tr Dg have
/// the signs of det J_T and tr J_T, and f_n = rdot/|x| that of rdot (121).
struct ExtendedSystem {
  const FrictionModel* model;
  const Face* face;
  IMat3 P;       // T^-1 M^-1
  IVec3 Pd, Pe;  // P d, P e: f = P q + F P d + P e
  EventBoxKind kind;

  std::optional<Extended> at(const IVec3& Z) const {
    const IJet2 u = IJet2::variable(Z(0), 0), v = IJet2::variable(Z(1), 1), L = IJet2::variable(Z(2), 2);
    IJet2Vec3 x;
    for (int i = 0; i < 3; ++i) x[i] = IJet2(face->T(i, 0)) + IJet2(face->T(i, 1)) * u + IJet2(face->T(i, 2)) * v;
    const IJet2 n = sqrt(square(x[0]) + square(x[1]) + square(x[2]));
    const auto q = model->q_jet({x[0] / n, x[1] / n, x[2] / n});
    if (!q) return std::nullopt;
    IJet2Vec3 f;
    for (int k = 0; k < 3; ++k)
      f[k] = IJet2(P(k, 0)) * (*q)[0] + IJet2(P(k, 1)) * (*q)[1] + IJet2(P(k, 2)) * (*q)[2] + IJet2(Pd(k)) * L +
             IJet2(Pe(k));
    const IJet2 g0 = f[1] - u * f[0], g1 = f[2] - v * f[0];
    Extended e;
    e.det = g0.d[0] * g1.d[1] - g0.d[1] * g1.d[0];
    e.G(0) = g0.v;
    e.G(1) = g1.v;
    for (int k = 0; k < 3; ++k) {
      e.DG(0, k) = g0.d[k];
      e.DG(1, k) = g1.d[k];
      switch (kind) {
        case EventBoxKind::fold:  // d det Dg / dz_k
          e.DG(2, k) = g0.hess(0, k) * g1.d[1] + g0.d[0] * g1.hess(1, k) - g0.hess(1, k) * g1.d[0] -
                       g0.d[1] * g1.hess(0, k);
          break;
        case EventBoxKind::hopf:  // d tr Dg / dz_k
          e.DG(2, k) = g0.hess(0, k) + g1.hess(1, k);
          break;
        case EventBoxKind::tangency:
          e.DG(2, k) = f[0].d[k];
          break;
      }
    }
    e.G(2) = kind == EventBoxKind::fold ? e.det : kind == EventBoxKind::hopf ? g0.d[0] + g1.d[1] : f[0].v;
    return e;
  }
};

IVec3 point(const Eigen::Vector3d& m) { return to_interval<3>(m); }


bool inside(const IVec3& K, const IVec3& Z) {
  for (int i = 0; i < 3; ++i)
    if (!std::isfinite(K(i).lower()) || !std::isfinite(K(i).upper()) || !strictly_inside(K(i), Z(i))) return false;
  return true;
}

enum class CellVerdict { none, one, split };

struct CellOutcome {
  CellVerdict verdict;
  IVec3 zero{};   // CellVerdict::one: the box of the unique zero of G
  int axis = -1;  // CellVerdict::split: the coordinate of the largest smear (-1: none known)
};

/// The coordinate k of the largest smear mag(DG(i, k)) width(Z_k) relative to the variation of
/// row i over Z (rows scaled alike: g, det Dg, tr Dg, f_n have different units); -1 when DG is
/// not finite.
int largest_smear(const IMat3& DG, const IVec3& Z) {
  int best = -1;
  double best_share = 0.0;
  for (int i = 0; i < 3; ++i) {
    double total = 0.0;
    for (int k = 0; k < 3; ++k) total += mag_of(DG(i, k)) * width_of(Z(k));
    if (!std::isfinite(total)) return -1;
    for (int k = 0; k < 3; ++k) {
      const double share = total > 0.0 ? mag_of(DG(i, k)) * width_of(Z(k)) / total : 0.0;
      if (share > best_share) best_share = share, best = k;
    }
  }
  return best;
}

/// Krawczyk steps Z <- K(Z) ∩ Z with DG over the current Z: each holds the zero proven in Z.
IVec3 shrink(const ExtendedSystem& S, IVec3 Z) {
  for (int i = 0; i < shrink_steps; ++i) {
    const Eigen::Vector3d m = mid_of(Z);
    const auto whole = S.at(Z), at_m = S.at(point(m));
    if (!whole || !at_m) break;
    const auto K = krawczyk(Z, m, at_m->G, whole->DG);
    if (!K || !boxes_meet(*K, Z)) break;
    for (int k = 0; k < 3; ++k)
      if (std::isfinite((*K)(k).lower()) && std::isfinite((*K)(k).upper())) Z(k) = meet((*K)(k), Z(k));
  }
  return Z;
}

/// none: G excludes 0 on Z (natural, mean-value or Krawczyk), or a Hopf cell with det Dg < 0;
/// one: a unique zero of G in Z; split otherwise.
std::optional<CellOutcome> examine(const ExtendedSystem& S, const IVec3& Z) {
  const auto whole = S.at(Z);
  if (!whole) return std::nullopt;
  for (int i = 0; i < 3; ++i)
    if (!contains_zero(whole->G(i))) return CellOutcome{CellVerdict::none};
  if (S.kind == EventBoxKind::hopf && whole->det.upper() < 0.0) return CellOutcome{CellVerdict::none};
  const Eigen::Vector3d m = mid_of(Z);
  const auto at_m = S.at(point(m));
  if (!at_m) return std::nullopt;
  const IVec3 mean_value = at_m->G + whole->DG * (Z - point(m));
  for (int i = 0; i < 3; ++i)
    if (!contains_zero(mean_value(i))) return CellOutcome{CellVerdict::none};
  const auto K = krawczyk(Z, m, at_m->G, whole->DG);
  if (!K) return CellOutcome{CellVerdict::split};
  if (!boxes_meet(*K, Z)) return CellOutcome{CellVerdict::none};
  if (inside(*K, Z)) return CellOutcome{CellVerdict::one, shrink(S, *K)};
  return CellOutcome{CellVerdict::split, {}, largest_smear(whole->DG, Z)};
}

/// Splits Z across `axis` (the largest smear), else across its widest coordinate relative to
/// `scale`, at a generic ratio (as the cell splits of limits/proof.cpp); false below the
/// minimum width.
bool split(const IVec3& Z, int axis, const Eigen::Vector3d& scale, std::vector<IVec3>& work) {
  constexpr double split_ratio = 0.4873;  // never the window's midpoint, where an event may sit
  const auto wide = [&](int i) { return width_of(Z(i)) >= event_proof_min_fraction * scale(i); };
  int k = 0;
  for (int i = 1; i < 3; ++i)
    if (width_of(Z(i)) / scale(i) > width_of(Z(k)) / scale(k)) k = i;
  if (axis >= 0 && wide(axis)) k = axis;
  if (!wide(k)) return false;
  detail::split_into(Z, k, split_ratio, work);
  return true;
}

/// The face whose chart puts the window's middle direction nearest to its centre.
const Face* nearest_face(const std::vector<Face>& faces, const Eigen::Vector3d& w) {
  const Face* best = nullptr;
  double best_spread = INFINITY;
  for (const Face& f : faces) {
    const Eigen::Vector3d c = mid_of(f.Tinv) * w;
    if (!(c(0) > 0.0)) continue;
    const double spread = std::max(std::abs(c(1)), std::abs(c(2))) / c(0);
    if (spread < best_spread) best_spread = spread, best = &f;
  }
  return best;
}

/// The chart box (u, v, F) of the window, widened by window_margin, F clipped to [F0, F1].
std::optional<IVec3> chart_box(const Face& face, const IVec3& w, const Interval& F, double F0, double F1) {
  const IVec3 f = face.Tinv * w;
  if (!(f(0).lower() > 0.0)) return std::nullopt;
  IVec3 Z;
  Z(0) = f(1) / f(0);
  Z(1) = f(2) / f(0);
  Z(2) = F;
  for (int i = 0; i < 3; ++i) {
    const double r = window_margin * width_of(Z(i));
    Z(i) = Interval(Z(i).lower() - r, Z(i).upper() + r);
  }
  Z(2) = Interval(std::max(Z(2).lower(), F0), std::min(Z(2).upper(), F1));
  if (!(Z(2).lower() <= Z(2).upper())) return std::nullopt;
  return Z;
}

std::string where(const IVec3& Z) {
  return fmt::format("u in [{:.9g}, {:.9g}], v in [{:.9g}, {:.9g}], F in [{:.12g}, {:.12g}]", Z(0).lower(),
                     Z(0).upper(), Z(1).lower(), Z(1).upper(), Z(2).lower(), Z(2).upper());
}

std::string kind_name(EventBoxKind kind) {
  return kind == EventBoxKind::fold ? "fold" : kind == EventBoxKind::hopf ? "Hopf point" : "tangency";
}

/// The branch and bound over the box: the zeros of G (Hopf: with det Dg > 0) in `zeros`, or the
/// first cell that could not be decided in `undecided`.
struct Cover {
  std::vector<IVec3> zeros;
  std::string undecided;
  int cells = 0;
};

/// A zero of G that is an event: every one is, except a Hopf zero with det Dg <= 0 (a neutral
/// saddle); nullopt when its det Dg is not decided.
std::optional<bool> is_event(const ExtendedSystem& S, const IVec3& zero) {
  if (S.kind != EventBoxKind::hopf) return true;
  const auto e = S.at(zero);
  if (e && e->det.lower() > 0.0) return true;
  if (e && e->det.upper() < 0.0) return false;
  return std::nullopt;
}

Cover cover(const ExtendedSystem& S, const IVec3& box) {
  Cover out;
  // u and v in one unit (cells isotropic on the chart: Krawczyk contracts once the cell is small
  // in every direction, and a window long in one direction would make it thin in the other)
  const double uv = std::max(width_of(box(0)), width_of(box(1)));
  const Eigen::Vector3d scale(uv, uv, std::max(width_of(box(2)), 1e-300));
  std::vector<IVec3> work{box};
  while (!work.empty() && out.undecided.empty()) {
    const IVec3 Z = work.back();
    work.pop_back();
    poll_cancellation();  // core/cancellation.hpp: once per cell
    if (++out.cells > event_proof_max_cells) {
      out.undecided = where(Z) + ": cell budget spent (event_proof_max_cells)";
      break;
    }
    const auto r = examine(S, Z);
    if (!r) {
      out.undecided = where(Z) + ": the friction model has no second-order enclosure of q here";
    } else if (r->verdict == CellVerdict::one) {
      const auto event = is_event(S, r->zero);
      if (!event) out.undecided = where(r->zero) + ": the sign of det J_T at a zero of (g, tr Dg) is not decided";
      if (event && *event) out.zeros.push_back(r->zero);
    } else if (r->verdict == CellVerdict::split && !split(Z, r->axis, scale, work)) {
      out.undecided = where(Z) + ": not decided down to the minimum cell width (a singular zero of the extended "
                                 "system: a branch point, a pitchfork or a degenerate event, or one on a cell boundary)";
    }
  }
  return out;
}

}  // namespace

EventUniqueness prove_event_unique(const System& system, EventBoxKind kind, const IVec3& w, const Interval& F,
                                   double F0, double F1) {
  const UpwardRounding upward;
  EventUniqueness out;
  const auto faces = detail::cube_faces();
  const auto Minv = inverse_enclosure(to_interval<3>(system.M()));
  const Face* face = faces ? nearest_face(*faces, mid_of(w).normalized()) : nullptr;
  const auto box = face ? chart_box(*face, w, F, F0, F1) : std::nullopt;
  if (!Minv || !box) {
    out.reason = "the mass matrix or the chart could not be inverted rigorously, or the window is outside [F0, F1]";
    return out;
  }
  out.w_box = normalized(face_point(*face, {{(*box)(0), (*box)(1)}}));
  out.F_box = (*box)(2);
  const IMat3 P = face->Tinv * *Minv;
  const ExtendedSystem S{&system.friction(), face, P, P * to_interval<3>(system.load_direction()),
                         P * to_interval<3>(system.load_offset()), kind};
  const Cover c = cover(S, *box);
  out.cells = c.cells;
  for (const IVec3& z : c.zeros) out.events.push_back({normalized(face_point(*face, {{z(0), z(1)}})), z(2)});
  if (!c.undecided.empty()) {
    out.reason = fmt::format("the {} window is not decided ({}: {})", kind_name(kind), face->name, c.undecided);
    return out;
  }
  out.complete = true;
  out.proven = out.events.size() == 1;
  if (!out.proven) {
    out.reason = fmt::format("{} {}(s) proven in the window ({}: {})", out.events.size(), kind_name(kind), face->name,
                             where(*box));
    return out;
  }
  out.reason = fmt::format("one simple {} at F in [{:.12g}, {:.12g}] ({} cells)", kind_name(kind),
                           out.events.front().F.lower(), out.events.front().F.upper(), out.cells);
  return out;
}

}  // namespace limitdir
