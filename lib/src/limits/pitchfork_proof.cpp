// The Z2-symmetric reduction of a pitchfork (limits/pitchfork.hpp): Krawczyk on
// H(u, F) = (g0, d g1/dv) at v = 0 in the chart x = s e_i + u e_j + v e_k, with DH from
// second-order interval jets of q (numerics/jet2.hpp): the reduced extended system of Werner &
// Spence (1984), regular at a generic symmetry-breaking pitchfork where the fold system
// (g, det Dg) of limits/event_proof.cpp is singular. Compiled with -frounding-math
// (lib/CMakeLists.txt).
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <vector>

#include "limitdir/limits/pitchfork.hpp"
#include "limitdir/limits/proof.hpp"
#include "limits/chart_field.hpp"

namespace limitdir {

namespace {

/// The box examined is the window's u range widened by this fraction of its width on each side
/// (as prove_event_unique: an event on the edge of the hull of closed cells is then inside).
constexpr double window_margin = 0.1;
/// Krawczyk steps that shrink the box of the proven zero (quadratic convergence: 6 take a cell
/// of the window to near rounding level).
constexpr int shrink_steps = 6;
/// Cells are split at this ratio, never at the middle of the window, where the pitchfork of a
/// symmetric problem may sit exactly.
constexpr double split_ratio = 0.4873;

/// H, DH and lambda_s = d g0/du over a box of (u, F) at v = 0.
struct Reduced {
  IVec2 H;
  IMat2 DH;
};

/// The chart x = s e_i + u e_j + v e_k and f = M^-1 (q + F d + e) in the basis (s e_i, e_j, e_k):
/// f_n = s f_i, g0 = f_j - u f_n, g1 = f_k - v f_n (chart_field.hpp with T a signed permutation).
struct ReducedSystem {
  const FrictionModel* model;
  int i, j, k;
  double s;
  IMat3 Minv;
  IVec3 d, e;

  std::optional<Reduced> at(const IVec2& Z) const {
    const IJet2 u = IJet2::variable(Z(0), 0), v = IJet2::variable(Interval(0.0), 1), L = IJet2::variable(Z(1), 2);
    IJet2Vec3 x;
    x[i] = IJet2(s);
    x[j] = u;
    x[k] = v;
    const IJet2 n = sqrt(square(x[0]) + square(x[1]) + square(x[2]));
    const auto q = model->q_jet({x[0] / n, x[1] / n, x[2] / n});
    if (!q) return std::nullopt;
    IJet2Vec3 f;
    for (int m = 0; m < 3; ++m) {
      f[m] = IJet2(0.0);
      for (int l = 0; l < 3; ++l) f[m] = f[m] + IJet2(Minv(m, l)) * ((*q)[l] + IJet2(d(l)) * L + IJet2(e(l)));
    }
    const IJet2 fn = IJet2(s) * f[i];
    const IJet2 g0 = f[j] - u * fn, g1 = f[k] - v * fn;
    Reduced r;
    r.H(0) = g0.v;
    r.H(1) = g1.d[1];  // lambda_a: d g1/dv at v = 0
    r.DH(0, 0) = g0.d[0];  // lambda_s
    r.DH(0, 1) = g0.d[2];
    r.DH(1, 0) = g1.hess(1, 0);
    r.DH(1, 1) = g1.hess(1, 2);
    return r;
  }
};

enum class Verdict { none, one, split, symmetric_fold };

bool inside(const IVec2& K, const IVec2& Z) {
  for (int c = 0; c < 2; ++c)
    if (!std::isfinite(K(c).lower()) || !std::isfinite(K(c).upper()) || !strictly_inside(K(c), Z(c))) return false;
  return true;
}

/// none: no zero of the fold system on Fix(S) in Z (g0 != 0, or lambda_s != 0 and lambda_a != 0);
/// one: exactly one zero of H in Z, lambda_s != 0 on Z; symmetric_fold: g0 may vanish where
/// lambda_s may too (split, or undecided at the minimum width); split: Krawczyk undecided.
std::optional<Verdict> examine(const ReducedSystem& R, const IVec2& Z, IVec2& zero) {
  const auto whole = R.at(Z);
  if (!whole) return std::nullopt;
  if (!contains_zero(whole->H(0))) return Verdict::none;
  if (contains_zero(whole->DH(0, 0))) return Verdict::symmetric_fold;
  if (!contains_zero(whole->H(1))) return Verdict::none;
  const Eigen::Vector2d m = mid_of(Z);
  const auto at_m = R.at(to_interval<2>(m));
  if (!at_m) return std::nullopt;
  const IVec2 mean_value = at_m->H + whole->DH * (Z - to_interval<2>(m));
  for (int c = 0; c < 2; ++c)
    if (!contains_zero(mean_value(c))) return Verdict::none;
  const auto K = detail::krawczyk(Z, m, at_m->H, whole->DH);
  if (!K) return Verdict::split;
  if (!boxes_meet(*K, Z)) return Verdict::none;
  if (!inside(*K, Z)) return Verdict::split;
  zero = *K;
  for (int step = 0; step < shrink_steps; ++step) {  // K(zero) ∩ zero holds the zero too
    const Eigen::Vector2d c = mid_of(zero);
    const auto all = R.at(zero), at_c = R.at(to_interval<2>(c));
    if (!all || !at_c) break;
    const auto K2 = detail::krawczyk(zero, c, at_c->H, all->DH);
    if (!K2 || !boxes_meet(*K2, zero) || !inside(*K2, Z)) break;
    for (int i = 0; i < 2; ++i) zero(i) = meet((*K2)(i), zero(i));
  }
  return Verdict::one;
}

/// Z split across its widest coordinate relative to `scale`; false below the minimum width.
bool split(const IVec2& Z, const Eigen::Vector2d& scale, std::vector<IVec2>& work) {
  const int c = width_of(Z(0)) / scale(0) >= width_of(Z(1)) / scale(1) ? 0 : 1;
  if (width_of(Z(c)) < event_proof_min_fraction * scale(c)) return false;
  detail::split_into(Z, c, split_ratio, work);
  return true;
}

std::string where(const IVec2& Z) {
  return fmt::format("u in [{:.9g}, {:.9g}], F in [{:.12g}, {:.12g}]", Z(0).lower(), Z(0).upper(), Z(1).lower(),
                     Z(1).upper());
}

/// The branch and bound over the box: the zeros of H in `zeros`, or why a cell is undecided.
struct Cover {
  std::vector<IVec2> zeros;
  std::string undecided;
  int cells = 0;
  int symmetric_doubts = 0;  // cells split because lambda_s was not enclosed away from 0
};

Cover cover(const ReducedSystem& R, const IVec2& box) {
  Cover out;
  const Eigen::Vector2d scale(std::max(width_of(box(0)), 1e-300), std::max(width_of(box(1)), 1e-300));
  std::vector<IVec2> work{box};
  while (!work.empty() && out.undecided.empty()) {
    const IVec2 Z = work.back();
    work.pop_back();
    if (++out.cells > event_proof_max_cells) {
      out.undecided = fmt::format("{}: cell budget spent (event_proof_max_cells; in {} cells the symmetric "
                                  "eigenvalue was not enclosed away from 0 where g0 may vanish)",
                                  where(Z), out.symmetric_doubts);
      break;
    }
    IVec2 zero;
    const auto r = examine(R, Z, zero);
    out.symmetric_doubts += r && *r == Verdict::symmetric_fold;
    if (!r)
      out.undecided = where(Z) + ": the friction model has no second-order enclosure of q here";
    else if (*r == Verdict::one)
      out.zeros.push_back(zero);
    else if (*r != Verdict::none && !split(Z, scale, work))
      out.undecided = where(Z) + (*r == Verdict::symmetric_fold
                                      ? ": the symmetric eigenvalue is not enclosed away from 0 (a fold of the "
                                        "symmetric branch?)"
                                      : ": the reduced system is not decided down to the minimum cell width");
  }
  return out;
}

}  // namespace

SymmetricPitchfork prove_symmetric_pitchfork(const System& system, int k, const IVec3& w, const Interval& F, double F0,
                                             double F1) {
  const UpwardRounding upward;
  SymmetricPitchfork out;
  out.axis = k;
  const Eigen::Vector3d c = mid_of(w);
  const int a = (k + 1) % 3, b = (k + 2) % 3, i = std::abs(c(a)) >= std::abs(c(b)) ? a : b, j = 3 - k - i;
  const double s = c(i) >= 0.0 ? 1.0 : -1.0;
  const Interval wi = Interval(s) * w(i);
  const auto Minv = inverse_enclosure(to_interval<3>(system.M()));
  if (!Minv || !(wi.lower() > 0.0)) {
    out.reason = "the mass matrix could not be inverted rigorously, or the window is not in one chart";
    return out;
  }
  if (!contains_zero(w(k) / wi)) {
    out.reason = fmt::format("the window does not meet the fixed set w{} = 0", k + 1);
    return out;
  }
  IVec2 box;
  box(0) = w(j) / wi;
  const double r = window_margin * width_of(box(0));
  box(0) = Interval(box(0).lower() - r, box(0).upper() + r);
  box(1) = Interval(std::max(F.lower(), F0), std::min(F.upper(), F1));
  if (!(box(1).lower() <= box(1).upper())) {
    out.reason = "the window is outside [F0, F1]";
    return out;
  }
  const ReducedSystem R{&system.friction(), i, j, k, s, *Minv, to_interval<3>(system.load_direction()),
                        to_interval<3>(system.load_offset())};
  const Cover cv = cover(R, box);
  out.cells = cv.cells;
  const std::string fixed = fmt::format("on w{} = 0, chart u = w{}/({}w{})", k + 1, j + 1, s > 0 ? "" : "-", i + 1);
  if (!cv.undecided.empty() || cv.zeros.size() != 1) {
    out.reason = !cv.undecided.empty()
                     ? fmt::format("the reduced system {} is not decided ({})", fixed, cv.undecided)
                     : fmt::format("{} zeros of the reduced system {} in the window ({})", cv.zeros.size(), fixed,
                                   where(box));
    return out;
  }
  const IVec2& z = cv.zeros.front();
  const auto at = R.at(z);
  if (!at) return out;
  out.crossing_speed = at->DH(1, 1) - at->DH(0, 1) * at->DH(1, 0) / at->DH(0, 0);
  IVec3 x;
  x(i) = Interval(s);
  x(j) = z(0);
  x(k) = Interval(0.0);
  out.w = detail::normalized(x);
  out.F = z(1);
  if (contains_zero(out.crossing_speed)) {
    out.reason = fmt::format("the crossing speed d lambda_a/dF of the zero {} is not enclosed away from 0", where(z));
    return out;
  }
  out.proven = true;
  out.reason = fmt::format("one symmetry-breaking point {} at F in [{:.12g}, {:.12g}], d lambda_a/dF in [{:.6g}, {:.6g}] "
                           "(Krawczyk on the reduced system, {} cells)",
                           fixed, out.F.lower(), out.F.upper(), out.crossing_speed.lower(),
                           out.crossing_speed.upper(), out.cells);
  return out;
}

}  // namespace limitdir
