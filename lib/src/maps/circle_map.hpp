#pragma once
// The curves of a two-parameter map on the invariant circle, enclosed exactly (internal to maps;
// docs/manual.md section 13, "Proof").
//
// On the invariant circle w2 = 0 of the disc or the ball (load along e1, M^-1 = diag(b1, b1, b3),
// c = (F, 0, 0)) every limit direction at a load F > 0 is (+-1, 0, 0) (128) or
// (w1, 0, +-sqrt(u)) with w1 = F/A(u) and
//     h(u) = A(u)^2 (1 - u) = F^2,   A = b1 C(u) - b3 (kappa/rho) S(u)        (131)-(132)
// [Nonlinear Dyn. 2024], with C, S the model's series (84)-(85) in y = 2u - 1, which do not depend
// on a second parameter p that enters through M^-1 alone (the ball's lambda, the disc's or the
// ball's j). Writing r(p) = b3/b1 (strictly monotone in p) and k = kappa/rho:
//   fold       h'(u) = A B = 0 with B = b1 (B_C - r k B_S), B_X = 2 X_y (1 - y) - X: the fold set
//              is the graph r = R(u) = B_C(u)/(k B_S(u)) over u, its load
//              F = b1 |D(u)|/|B_S(u)| sqrt(1 - u), D = C B_S - S B_C;
//   pitchfork  u = 0: F = b1 |C(-1) - r k S(-1)| = |A(0)|;
//   tangency   on (+-1, 0, 0): F = b1 |C(-1)| (rdot = c1 w1 - b1 C(0));
//              off it, at the roots u_s of S (rdot = -b3 k S(u)): F = b1 |C(u_s)| sqrt(1 - u_s);
// and the codimension-2 points of the map: cusps where R'(u) = 0 (E = B_C' B_S - B_C B_S' = 0:
// two folds meet as p varies), the degenerate pitchfork at u = 0, the fold-pole at u = 1 (F = 0)
// and the fold-tangencies at u = u_s. No Hopf or Bogdanov-Takens point: J_T is block-diagonal
// on the circle (the mirror w2 -> -w2), its eigenvalue across it -A(u) vanishing only at F = 0.
// So each curve is a graph (p(t), F(t)) over one parameter t (u for folds, p otherwise), and
// its part inside the rectangle is found by bisecting t with interval enclosures.
#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

#include "limitdir/maps/curves.hpp"
#include "limitdir/numerics/interval.hpp"
#include "numerics/chebyshev.hpp"

namespace limitdir::detail {

/// How p enters M^-1 = diag(b1, b1, b3): b1(p), r(p) = b3/b1 (strictly monotone) and its inverse.
struct MassParameter {
  std::function<Interval(const Interval&)> b1, r, p_of_r;
};

/// The rectangle in (p, F), F >= 0.
struct CircleRectangle {
  double p0, p1, F0, F1;
};

/// One exact curve family: its points (p(t), F(t)) over t in [t0, t1].
struct ExactCurve {
  CurveKind kind = CurveKind::fold;
  std::string what;        // "the fold set", "the pitchfork of the equator", ...
  bool over_u = false;     // t = u = w3^2 (the fold set), or t = p
  double u = 0;            // the u of the directions of a curve over p (0: the equator)
  Interval u_enclosure{0.0};
  double t0 = 0, t1 = 1;
  /// Over a cell T of t: false when the curve certainly has no point in the rectangle; else P,
  /// F enclose its points over T with p in [p0, p1], and `straddles` says whether p(T) may leave
  /// [p0, p1] (`undecided`: nothing could be enclosed on T, it is to be bisected).
  struct Values {
    bool present = true, undecided = false, straddles = false;
    Interval P{0.0}, F{0.0};
  };
  std::function<Values(const Interval&)> at;
};

// Cells at a side of the rectangle are bisected down to 1e-9 of their parameter's range: a
// traced curve ends within ~1e-11 of the side, inside the edge cell or next to it.
constexpr double kEdgeCell = 1e-9;

/// A cell of t: outside the rectangle, inside it (the curve over the whole cell), or at a side.
struct CurveCell {
  double lo, hi;
  enum class State { out, in, edge } state;
};

struct CurveCells {
  std::vector<CurveCell> cells;  // increasing, covering [t0, t1]
  bool complete = false;
  std::string why;
};

/// A codimension-2 point of the map in closed form or isolated, and whether it lies inside the
/// rectangle (`inside`), outside (`outside`) or neither could be decided.
struct ExactPoint {
  PointKind kind;
  Interval u, P, F;
  bool inside = false, outside = false;
};

/// The map's exact curves and points on the invariant circle (see above).
class CircleMap {
 public:
  /// C, S the model's series, k = kappa/rho. InputError-free: `ok()` false with `why()` when a
  /// series' roots cannot be isolated.
  CircleMap(const ChebyshevSeries& C, const ChebyshevSeries& S, const Interval& k, MassParameter mass,
            const CircleRectangle& rect);
  CircleMap(const CircleMap&) = delete;  // its fold curve refers to it
  CircleMap& operator=(const CircleMap&) = delete;
  bool ok() const { return why_.empty(); }
  const std::string& why() const { return why_; }
  const std::vector<ExactCurve>& curves() const { return curves_; }
  /// The cells of each curve's parameter (enclose_curve, edge cells of 1e-9 of its range).
  const std::vector<CurveCells>& cells() const { return cells_; }
  const std::vector<ExactPoint>& points() const { return points_; }
  const CircleRectangle& rectangle() const { return rect_; }
  /// A point of `curve` at its parameter t, in double from the enclosures' middles: (p, F) and the
  /// direction w = (s sqrt(1 - u), 0, sqrt(u)), s the sign of w1 = F/A(u) (131), with A = b1 C(u)
  /// for a tangency (on the equator rdot = F w1 - b1 C(0) = 0); false where B_S may vanish.
  bool point_on(const ExactCurve& curve, double t, double& p, double& F, Eigen::Vector3d& w) const;
  /// The fold set at one u (p and F enclosed, without the rectangle's limits); false where B_S
  /// may vanish.
  bool fold_at(const Interval& U, Interval& P, Interval& F) const;

 private:
  ExactCurve::Values fold_values(const Interval& U) const;
  void add_curves_over_p();
  void add_points();
  ChebyshevSeries C_, S_;
  ChebyshevBox Cb_, Sb_, BCb_, BSb_, Db_;
  Interval k_;
  MassParameter mass_;
  CircleRectangle rect_;
  Interval r_low_{0.0}, r_high_{0.0};  // r at the ends of [p0, p1], the lower first
  std::vector<ExactCurve> curves_;
  std::vector<CurveCells> cells_;
  std::vector<ExactPoint> points_;
  std::vector<Interval> roots_of_S_;  // u_s in (0, 1]
  std::string why_;
};

/// The cells of t of one curve: bisected until each is out, in, or an edge cell narrower than
/// `edge_width` of [t0, t1]; incomplete past `max_cells`.
CurveCells enclose_curve(const ExactCurve& curve, const CircleRectangle& rect, double edge_width, int max_cells);

}  // namespace limitdir::detail
