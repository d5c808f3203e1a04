#pragma once
// Codimension-1 curves of a two-parameter family of systems near stick (docs/manual.md
// section 13): the points (x, y) where a limit direction of (125) [Nonlinear Dyn. 2024] has a
// fold, a pitchfork, a tangency (rdot = 0, Sect. 7.2.8) or a Hopf point, each curve the
// solution set of a defining system in (w, rdot, x, y) continued by pseudo-arclength, with the
// codimension-2 points met on the way located by their own test functions.
//
// Unknowns z = (w, rdot, x, y) with the coordinates w_k of the mirrors the curve lies in held
// at 0 (a pitchfork of the symmetric branch is codimension 1 only inside the mirror w_k = 0 of
// a reflection w_k -> -w_k that the whole family commutes with):
//     F_i(w; x, y) - rdot w_i = 0  (i not held),   (w.w - 1)/2 = 0,   g(z) = 0,
// with F = B(w) w + c (101) and g per kind:
//   fold       det of the Jacobian of the equations above in (w, rdot) (the branch's turning point),
//   pitchfork  dF_k/dw_k - rdot (the eigenvalue of J_T across the mirror w_k = 0),
//   tangency   rdot,
//   hopf       trace J_T (with det J_T > 0 monitored; a Hopf point needs both eigenvalues off the mirror),
//   kink       w on the model's kink set at the equator (w3 held at 0, friction/model.hpp kink_sets) and
//              F_3 = 0 there (V* across the set: a branch crosses it, maps/kink_curves.cpp); when the
//              equator is a mirror of the family, dF_3/dw_3 - rdot (the pitchfork of the branch in
//              the set, where the branches off it meet it with a corner: F - F* ~ |w3|).
#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

/// One axis of a map: a parameter that sweep-force --parameter accepts and its range.
struct MapAxis {
  std::string name;  // "force", "lambda", "j", "alpha", "rho", "a/b", "d", "gamma", "k"
  double from = 0, to = 0;
};

/// The systems over the rectangle x.from..x.to by y.from..y.to: system(x, y) and its load.
struct TwoParameterFamily {
  MapAxis x, y;
  std::function<System(double, double)> system;
  std::function<double(double, double)> force;
  /// The problem at (x, y) (as sweep-force's families set each parameter).
  std::function<Problem(double, double)> problem;
  /// The reflections w_k -> -w_k (k = 1: w2, k = 2: w3) that every system of the family commutes
  /// with (checked at the corners and the centre of the rectangle on sample directions).
  std::vector<int> mirrors;
  /// The half-turn about e1, (w2, w3) -> (-w2, -w3), is a symmetry of the family (checked alike;
  /// implied by the two reflections, and alone e.g. for a load along e1 with Kireenkov's shift):
  /// its fixed directions are w = +-e1.
  bool half_turn = false;
};

/// The problem at (x, y): y set as sweep-force --parameter sets it, then x.
Problem problem_at(const Problem& problem, const MapAxis& x, double xv, const MapAxis& y, double yv);

/// The family of a problem over two of its parameters (InputError for an unknown or repeated
/// name, an empty range, or an end that is not valid for the problem).
TwoParameterFamily two_parameter_family(const Problem& problem, const MapAxis& x, const MapAxis& y);

enum class CurveKind { fold, pitchfork, tangency, hopf, kink };
/// "fold" | "pitchfork" | "tangency" | "hopf" | "kink"
std::string to_string(CurveKind k);

struct MapPoint {
  double x = 0, y = 0;
  Eigen::Vector3d w = Eigen::Vector3d::Zero();
  double rdot = 0;
};

enum class PointKind {
  cusp,
  degenerate_pitchfork,
  fold_pole,
  fold_tangency,
  pitchfork_tangency,
  bogdanov_takens,
  kink_tangency
};
/// "cusp" | "degenerate-pitchfork" | "fold-pole" | "fold-tangency" | "pitchfork-tangency" | "bogdanov-takens" |
/// "kink-tangency"
std::string to_string(PointKind k);

/// A codimension-2 point, located by its test function's sign change along a curve and refined
/// by bisection of the arclength with the curve's corrector (to `located_to` in the scaled
/// parameters).
struct CodimTwoPoint {
  PointKind kind;
  MapPoint at;
  std::vector<int> curves;  // ids of the curves through it
  double located_to = 0;
};

/// How a curve's end was reached.
enum class CurveEnd { boundary, codim_two, closed, load_zero, failed };
/// "boundary" | "codimension-2" | "closed" | "load-zero" | "failed"
std::string to_string(CurveEnd e);

struct MapCurve {
  int id = 0;
  CurveKind kind = CurveKind::fold;
  std::vector<MapPoint> points;  // in order of arclength
  std::vector<int> mirrors;      // the coordinates k held at w_k = 0
  /// A pitchfork's symmetry: the coordinate k of the reflection across which its eigenvalue
  /// vanishes, or 3 for the half-turn about e1 (an eigenvalue of the (w2, w3) block vanishes).
  int mirror = -1;
  CurveEnd ends[2] = {CurveEnd::failed, CurveEnd::failed};
  std::string why;               // when an end is `failed`: what stopped the continuation
};

/// A point to start a curve from: a located event of a one-parameter sweep.
struct CurveSeed {
  CurveKind kind = CurveKind::fold;
  MapPoint at;
};

struct CurveOptions {
  // steps in the scaled unknowns (w, rdot, (x - x.from)/(x.to - x.from), (y - y.from)/(y.to - y.from))
  double h_initial = 1e-3, h_min = 1e-10, h_max = 0.02;
  int max_points = 20000;
};

/// The curve through `seed` traced both ways to its ends, with the codimension-2 points on it.
struct TracedCurve {
  MapCurve curve;
  std::vector<CodimTwoPoint> points;
};
/// The kind of the curve through a located event of a sweep: `kink` for a pitchfork across the
/// equator when the equator is a mirror of the family and a kink set of the model (the branches
/// off it meet it with a corner there, continuation/kink_crossing.hpp), else the seed's own.
CurveKind seed_kind(const TwoParameterFamily& family, const CurveSeed& seed);
/// Whether the model at (x, y) is not C^2 on the equator (a `kink` or `c1` set: branches turn
/// corners or cross there; friction/model.hpp kink_sets).
bool equator_is_kink_set(const TwoParameterFamily& family, double x, double y);
/// NumericalError for a pitchfork seed on no mirror of the family (a branch point: it unfolds).
TracedCurve follow_curve(const TwoParameterFamily& family, const CurveSeed& seed, const CurveOptions& options = {});
/// The coordinates held at 0 by the symmetries of the family that fix w (|w_k| <= 1e-5, the
/// sweeps' threshold for a pitchfork): k of each reflection, and 1 and 2 for the half-turn at w = +-e1.
std::vector<int> mirrors_through(const TwoParameterFamily& family, const Eigen::Vector3d& w);

}  // namespace limitdir
