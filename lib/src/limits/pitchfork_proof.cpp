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

#include "friction/enclose.hpp"
#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"
#include "limitdir/limits/pitchfork.hpp"
#include "limitdir/limits/proof.hpp"
#include "limitdir/limits/symmetry.hpp"
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

/// An extended system over a box: G, DG, and `doubt` when a zero of the fold system on Fix(S)
/// with lambda_s = 0 (a fold of the symmetric branch) is not excluded on it.
template <int N>
struct Eval {
  IVec<N> G;
  IMat<N> DG;
  bool doubt = false;
};

/// q_k = w_k r(w) with r smooth and even in w_k (the form behind limits/symmetry.hpp): r = -C
/// (k = 1, 2) or -(kappa/rho) S (k = 3) of the harmonic model (86), by interval Clenshaw on the
/// model's own Chebyshev series in y = w3^2 - w12^2 as its q_jet (degree <= 4); Pi_kk of a
/// linear model (64); none otherwise.
std::optional<IJet2> quotient_jet(const FrictionModel& model, int k, const IJet2Vec3& w) {
  if (const auto* linear = dynamic_cast<const LinearModel*>(&model)) return IJet2(linear->Pi()(k, k));
  const auto* harmonic = dynamic_cast<const HarmonicModel*>(&model);
  if (harmonic == nullptr || harmonic->degree() > detail::clenshaw_max_degree) return std::nullopt;
  const IJet2 y = square(w[2]) - (square(w[0]) + square(w[1]));
  if (k < 2) return -detail::clenshaw(harmonic->chebyshev_C(), y);
  return -(IJet2(harmonic->kappa_over_rho()) * detail::clenshaw(harmonic->chebyshev_S(), y));
}

/// The chart x = s e_i + u e_j + v e_k and f = M^-1 (q + F d + e) in the basis (s e_i, e_j, e_k):
/// f_n = s f_i, g0 = f_j - u f_n, g1 = f_k - v f_n (chart_field.hpp with T a signed permutation),
/// and g1 = v h1 with h1 = r/(M_kk |x|) - f_n (f_k = q_k/M_kk = v r/(M_kk |x|): M and c are
/// decoupled from w_k).
struct Chart {
  const FrictionModel* model;
  int i, j, k;
  double s;
  IMat3 Minv;
  Interval inv_Mkk;
  IVec3 d, e;

  struct Jets {
    IJet2 g0, g1, h1;
    bool has_h1 = false;
  };
  std::optional<Jets> at(const IVec3& Z) const {
    const IJet2 u = IJet2::variable(Z(0), 0), v = IJet2::variable(Z(1), 1), L = IJet2::variable(Z(2), 2);
    IJet2Vec3 x;
    x[i] = IJet2(s);
    x[j] = u;
    x[k] = v;
    const IJet2 n = sqrt(square(x[0]) + square(x[1]) + square(x[2]));
    const IJet2Vec3 w{x[0] / n, x[1] / n, x[2] / n};
    const auto q = model->q_jet(w);
    if (!q) return std::nullopt;
    IJet2Vec3 f;
    for (int m = 0; m < 3; ++m) {
      f[m] = IJet2(0.0);
      for (int l = 0; l < 3; ++l) f[m] = f[m] + IJet2(Minv(m, l)) * ((*q)[l] + IJet2(d(l)) * L + IJet2(e(l)));
    }
    const IJet2 fn = IJet2(s) * f[i];
    Jets out{f[j] - u * fn, f[k] - v * fn, IJet2(0.0)};
    if (const auto r = quotient_jet(*model, k, w)) {
      out.h1 = IJet2(inv_Mkk) * *r / n - fn;
      out.has_h1 = true;
    }
    return out;
  }
};

/// The reduced system H(u, F) = (g0, d g1/dv) at v = 0 (limits/pitchfork.hpp), over a box of (u, F).
struct ReducedSystem {
  Chart chart;
  std::optional<Eval<2>> at(const IVec2& Z) const {
    IVec3 Z3;
    Z3(0) = Z(0), Z3(1) = Interval(0.0), Z3(2) = Z(1);
    const auto J = chart.at(Z3);
    if (!J) return std::nullopt;
    const IJet2 &g0 = J->g0, &g1 = J->g1;
    Eval<2> r;
    r.G(0) = g0.v;
    r.G(1) = g1.d[1];      // lambda_a: d g1/dv at v = 0
    r.DG(0, 0) = g0.d[0];  // lambda_s
    r.DG(0, 1) = g0.d[2];
    r.DG(1, 0) = g1.hess(1, 0);
    r.DG(1, 1) = g1.hess(1, 2);
    r.doubt = contains_zero(g0.v) && contains_zero(g0.d[0]);
    return r;
  }
};

/// The desingularised fold system E(u, v, F) = (g0, h1, det D_(u,v)(g0, h1)) over the window:
/// det Dg = v det D_(u,v)(g0, h1) where h1 = 0, so its zeros are the folds off Fix(S) and, on
/// v = 0 (where the third row vanishes: g0_v and h1_v are odd in v), the zeros of H. At a
/// pitchfork DE = [[g0_u, 0, g0_F], [h1_u, 0, h1_F], [0, delta_v, 0]] is regular when DH is and
/// delta_v = g0_u h1_vv - g0_vv h1_u (the cubic coefficient) is not 0.
struct DesingularSystem {
  Chart chart;
  std::optional<Eval<3>> at(const IVec3& Z) const {
    const auto J = chart.at(Z);
    if (!J || !J->has_h1) return std::nullopt;
    const IJet2 &a = J->g0, &b = J->h1;
    Eval<3> r;
    r.G(0) = a.v;
    r.G(1) = b.v;
    r.G(2) = a.d[0] * b.d[1] - a.d[1] * b.d[0];
    for (int m = 0; m < 3; ++m) {
      r.DG(0, m) = a.d[m];
      r.DG(1, m) = b.d[m];
      r.DG(2, m) = a.hess(0, m) * b.d[1] + a.d[0] * b.hess(1, m) - a.hess(1, m) * b.d[0] - a.d[1] * b.hess(0, m);
    }
    return r;
  }
};

enum class Verdict { none, one, split, symmetric_fold };

template <int N>
bool inside(const IVec<N>& K, const IVec<N>& Z) {
  for (int c = 0; c < N; ++c)
    if (!std::isfinite(K(c).lower()) || !std::isfinite(K(c).upper()) || !strictly_inside(K(c), Z(c))) return false;
  return true;
}

/// none: G excludes 0 on Z (G(0) first: a cell without a symmetric zero has no doubt either);
/// symmetric_fold: Eval::doubt; one: K(Z) in the interior of Z, `zero` its box shrunk by
/// Krawczyk steps; split otherwise.
template <int N, class Sys>
std::optional<Verdict> examine(const Sys& R, const IVec<N>& Z, IVec<N>& zero) {
  const auto whole = R.at(Z);
  if (!whole) return std::nullopt;
  if (!contains_zero(whole->G(0))) return Verdict::none;
  if (whole->doubt) return Verdict::symmetric_fold;
  for (int c = 1; c < N; ++c)
    if (!contains_zero(whole->G(c))) return Verdict::none;
  const Eigen::Matrix<double, N, 1> m = mid_of(Z);
  const auto at_m = R.at(to_interval<N>(m));
  if (!at_m) return std::nullopt;
  const IVec<N> mean_value = at_m->G + whole->DG * (Z - to_interval<N>(m));
  for (int c = 0; c < N; ++c)
    if (!contains_zero(mean_value(c))) return Verdict::none;
  const auto K = detail::krawczyk(Z, m, at_m->G, whole->DG);
  if (!K) return Verdict::split;
  if (!boxes_meet(*K, Z)) return Verdict::none;
  if (!inside(*K, Z)) return Verdict::split;
  zero = *K;
  for (int step = 0; step < shrink_steps; ++step) {  // K(zero) ∩ zero holds the zero too
    const Eigen::Matrix<double, N, 1> c = mid_of(zero);
    const auto all = R.at(zero), at_c = R.at(to_interval<N>(c));
    if (!all || !at_c) break;
    const auto K2 = detail::krawczyk(zero, c, at_c->G, all->DG);
    if (!K2 || !boxes_meet(*K2, zero)) break;
    for (int i = 0; i < N; ++i) zero(i) = meet((*K2)(i), zero(i));
  }
  return Verdict::one;
}

/// Z split across its widest coordinate relative to `scale`; false below the minimum width.
template <int N>
bool split(const IVec<N>& Z, const Eigen::Matrix<double, N, 1>& scale, std::vector<IVec<N>>& work) {
  int c = 0;
  for (int i = 1; i < N; ++i)
    if (width_of(Z(i)) / scale(i) > width_of(Z(c)) / scale(c)) c = i;
  if (width_of(Z(c)) < event_proof_min_fraction * scale(c)) return false;
  detail::split_into(Z, c, split_ratio, work);
  return true;
}

template <int N>
std::string where(const IVec<N>& Z) {
  std::string out;
  const char* names[] = {"u", N == 2 ? "F" : "v", "F"};
  for (int c = 0; c < N; ++c)
    out += fmt::format("{}{} in [{:.12g}, {:.12g}]", c ? ", " : "", names[c], Z(c).lower(), Z(c).upper());
  return out;
}

/// The branch and bound over the box: the zeros of G in `zeros`, or why a cell is undecided.
template <int N>
struct Cover {
  std::vector<IVec<N>> zeros;
  std::string undecided;
  int cells = 0;
  int symmetric_doubts = 0;  // cells split because lambda_s was not enclosed away from 0
};

template <int N, class Sys>
Cover<N> cover(const Sys& R, const IVec<N>& box, const Eigen::Matrix<double, N, 1>& scale) {
  Cover<N> out;
  std::vector<IVec<N>> work{box};
  while (!work.empty() && out.undecided.empty()) {
    const IVec<N> Z = work.back();
    work.pop_back();
    if (++out.cells > event_proof_max_cells) {
      out.undecided = fmt::format("{}: cell budget spent (event_proof_max_cells; in {} cells the symmetric "
                                  "eigenvalue was not enclosed away from 0 where g0 may vanish)",
                                  where(Z), out.symmetric_doubts);
      break;
    }
    IVec<N> zero;
    const auto r = examine<N>(R, Z, zero);
    out.symmetric_doubts += r && *r == Verdict::symmetric_fold;
    if (!r)
      out.undecided = where(Z) + ": the friction model has no second-order enclosure of q (or of q_k/w_k) here";
    else if (*r == Verdict::one)
      out.zeros.push_back(zero);
    else if (*r != Verdict::none && !split(Z, scale, work))
      out.undecided = where(Z) + (*r == Verdict::symmetric_fold
                                      ? ": the symmetric eigenvalue is not enclosed away from 0 (a fold of the "
                                        "symmetric branch?)"
                                      : ": not decided down to the minimum cell width");
  }
  return out;
}

/// The chart of the window and its box (u, v, F): u and v the window's ranges widened by
/// window_margin, F clipped to [F0, F1]; nullopt with `why` when there is none.
std::optional<std::pair<Chart, IVec3>> chart_of(const System& system, int k, const IVec3& w, const Interval& F,
                                                double F0, double F1, std::string& why) {
  const Eigen::Vector3d c = mid_of(w);
  const int a = (k + 1) % 3, b = (k + 2) % 3, i = std::abs(c(a)) >= std::abs(c(b)) ? a : b, j = 3 - k - i;
  const double s = c(i) >= 0.0 ? 1.0 : -1.0;
  const Interval wi = Interval(s) * w(i);
  const auto Minv = inverse_enclosure(to_interval<3>(system.M()));
  if (!Minv || !(wi.lower() > 0.0)) {
    why = "the mass matrix could not be inverted rigorously, or the window is not in one chart";
    return std::nullopt;
  }
  IVec3 box;
  box(0) = w(j) / wi;
  box(1) = w(k) / wi;
  if (!contains_zero(box(1))) {
    why = fmt::format("the window does not meet the fixed set w{} = 0", k + 1);
    return std::nullopt;
  }
  for (int m = 0; m < 2; ++m) {
    const double r = window_margin * width_of(box(m));
    box(m) = Interval(box(m).lower() - r, box(m).upper() + r);
  }
  box(2) = Interval(std::max(F.lower(), F0), std::min(F.upper(), F1));
  if (!(box(2).lower() <= box(2).upper())) {
    why = "the window is outside [F0, F1]";
    return std::nullopt;
  }
  const Chart chart{&system.friction(), i, j, k, s, *Minv, Interval(1.0) / Interval(system.M()(k, k)),
                    to_interval<3>(system.load_direction()), to_interval<3>(system.load_offset())};
  return std::make_pair(chart, box);
}

/// The reduced proof on Fix(S) (the fields of `out` but `alone`).
void prove_reduced(const Chart& chart, const IVec3& box3, SymmetricPitchfork& out) {
  const ReducedSystem R{chart};
  IVec2 box;
  box(0) = box3(0), box(1) = box3(2);
  const Cover<2> cv = cover<2>(R, box, Eigen::Vector2d(std::max(width_of(box(0)), 1e-300),
                                                       std::max(width_of(box(1)), 1e-300)));
  out.cells = cv.cells;
  const std::string fixed = fmt::format("on w{} = 0, chart u = w{}/({}w{})", chart.k + 1, chart.j + 1,
                                        chart.s > 0 ? "" : "-", chart.i + 1);
  if (!cv.undecided.empty() || cv.zeros.size() != 1) {
    out.reason = !cv.undecided.empty()
                     ? fmt::format("the reduced system {} is not decided ({})", fixed, cv.undecided)
                     : fmt::format("{} zeros of the reduced system {} in the window ({})", cv.zeros.size(), fixed,
                                   where(box));
    return;
  }
  const IVec2& z = cv.zeros.front();
  const auto at = R.at(z);
  if (!at) return;
  out.crossing_speed = at->DG(1, 1) - at->DG(0, 1) * at->DG(1, 0) / at->DG(0, 0);
  IVec3 x;
  x(chart.i) = Interval(chart.s);
  x(chart.j) = z(0);
  x(chart.k) = Interval(0.0);
  out.w = detail::normalized(x);
  out.F = z(1);
  if (contains_zero(out.crossing_speed)) {
    out.reason = fmt::format("the crossing speed d lambda_a/dF of the zero {} is not enclosed away from 0", where(z));
    return;
  }
  out.proven = true;
  out.reason = fmt::format("one symmetry-breaking point {} at F in [{:.12g}, {:.12g}], d(lambda_a/|x|)/dF in "
                           "[{:.6g}, {:.6g}] (Krawczyk on the reduced system, {} cells)",
                           fixed, out.F.lower(), out.F.upper(), out.crossing_speed.lower(),
                           out.crossing_speed.upper(), out.cells);
}

/// The desingularised fold system over the whole box: no fold off Fix(S) (`out.alone`).
void prove_alone(const Chart& chart, const IVec3& box, SymmetricPitchfork& out) {
  const double uv = std::max(width_of(box(0)), width_of(box(1)));
  const Cover<3> cv =
      cover<3>(DesingularSystem{chart}, box, Eigen::Vector3d(uv, uv, std::max(width_of(box(2)), 1e-300)));
  out.cells += cv.cells;
  if (!cv.undecided.empty() || cv.zeros.size() != 1) {
    out.reason += fmt::format("; not proven: that no fold lies off w{} = 0 in the window (the desingularised fold "
                              "system (g0, g1/v, det) {})",
                              chart.k + 1,
                              cv.undecided.empty() ? fmt::format("has {} zeros", cv.zeros.size())
                                                   : "is not decided: " + cv.undecided);
    return;
  }
  const IVec3& z = cv.zeros.front();
  if (!contains_zero(z(1)) || disjoint(z(2), out.F)) {
    out.reason += "; the zero of the desingularised fold system is not the symmetric one";
    return;
  }
  out.alone = true;
  out.reason += fmt::format("; the desingularised fold system (g0, g1/v, det D(g0, g1/v)) has this one zero in the "
                            "window's box ({}): no fold lies off w{} = 0 and the cubic coefficient is not 0 "
                            "({} cells in all)",
                            where(box), chart.k + 1, out.cells);
}

/// A point of a branch whose w_k is at most this is on the fixed set: the symmetric branch's
/// points are computed with w_k at rounding level (~1e-16 and below), the bifurcating branch's
/// within 1e-12 of the pitchfork load have |w_k| ~ sqrt(1e-12) = 1e-6 (F - F_P ~ w_k^2).
constexpr double fixed_set_slack = 1e-12;

/// The curves of zeros of g in the chart: the bifurcating one, (g0, g1/v) = 0, and the symmetric
/// one, (g0, v) = 0, each as a map of (u, v, F) for detail::tube_encloses.
detail::SegmentMap curve_map(const Chart& chart, bool symmetric) {
  return [chart, symmetric](const IVec3& Z) -> std::optional<detail::SegmentValue> {
    const auto J = chart.at(Z);
    if (!J || (!symmetric && !J->has_h1)) return std::nullopt;
    const IJet2& second = symmetric ? IJet2::variable(Z(1), 1) : J->h1;
    detail::SegmentValue r;
    r.g(0) = J->g0.v;
    r.g(1) = second.v;
    for (int m = 0; m < 3; ++m) r.D[0][m] = J->g0.d[m], r.D[1][m] = second.d[m];
    return r;
  };
}

/// The ends of a segment are zeros of g corrected to ~1e-12 in w, so of the system of the curve
/// they lie on to about as much (g0, h1 and v are Lipschitz with O(1) constants on the chart);
/// 1e-8 (segment_point_pad of limits/branch_segment.cpp) holds that with room and sets apart a
/// point of the other curve (h1 = lambda_a/|x| ~ the crossing speed times F - F_P there).
constexpr double end_residual = 1e-8;

/// Whether the point p = (u, v, F) is a zero of the curve's system to within end_residual.
bool on_curve(const detail::SegmentMap& map, const Eigen::Vector3d& p) {
  const auto r = map(to_interval<3>(p));
  return r && mag_of(r->g(0)) <= end_residual && mag_of(r->g(1)) <= end_residual;
}

/// Whether a tube around a to b holds one curve of the map's zeros, both ends on it.
bool segment_on(const detail::SegmentMap& map, const Eigen::Vector3d& a, const Eigen::Vector3d& b, int& pieces) {
  return on_curve(map, a) && on_curve(map, b) && detail::tube_encloses(map, a, b, pieces);
}

}  // namespace

SegmentEnclosure enclose_symmetric_segment(const System& system, int k, const Eigen::Vector3d& w0, double F0,
                                           const Eigen::Vector3d& w1, double F1) {
  const UpwardRounding upward;
  SegmentEnclosure out;
  const ReflectionCheck symmetry = reflection_symmetry(system, k);  // the two curves need it
  if (!symmetry.symmetric) {
    out.reason = symmetry.reason;
    return out;
  }
  IVec3 ends;  // the hull of the ends' directions: the chart of chart_of
  for (int m = 0; m < 3; ++m) ends(m) = Interval(std::min(w0(m), w1(m)), std::max(w0(m), w1(m)));
  ends(k) = Interval(std::min({w0(k), w1(k), 0.0}), std::max({w0(k), w1(k), 0.0}));  // only the chart is wanted
  const auto chart = chart_of(system, k, ends, Interval(std::min(F0, F1), std::max(F0, F1)), -INFINITY, INFINITY,
                              out.reason);
  if (!chart) return out;
  const Chart& c = chart->first;
  const auto point = [&](const Eigen::Vector3d& w, double F) {
    return Eigen::Vector3d(w(c.j) / (c.s * w(c.i)), w(c.k) / (c.s * w(c.i)), F);
  };
  const Eigen::Vector3d a = point(w0, F0), b = point(w1, F1);
  const bool fixed = std::abs(w0(k)) <= fixed_set_slack && std::abs(w1(k)) <= fixed_set_slack;
  if (segment_on(curve_map(c, false), a, b, out.pieces)) {
    out.proven = true;
    out.reason = "on the bifurcating curve (g0, g1/v) = 0";
  } else if (fixed && segment_on(curve_map(c, true), a, b, out.pieces)) {
    out.proven = true;
    out.reason = fmt::format("on the symmetric curve g0 = 0 of w{} = 0", k + 1);
  } else {
    out.reason = fmt::format("neither curve of the Z2-symmetric reduction holds the segment from F = {:.12g} to "
                             "{:.12g} in a tube",
                             F0, F1);
  }
  return out;
}

SymmetricPitchfork prove_symmetric_pitchfork(const System& system, int k, const IVec3& w, const Interval& F, double F0,
                                             double F1) {
  const UpwardRounding upward;
  SymmetricPitchfork out;
  out.axis = k;
  const ReflectionCheck symmetry = reflection_symmetry(system, k);  // g1 = v h1 and Dg diagonal on v = 0 need it
  if (!symmetry.symmetric) {
    out.reason = symmetry.reason;
    return out;
  }
  const auto chart = chart_of(system, k, w, F, F0, F1, out.reason);
  if (!chart) return out;
  prove_reduced(chart->first, chart->second, out);
  if (out.proven) prove_alone(chart->first, chart->second, out);
  return out;
}

}  // namespace limitdir
