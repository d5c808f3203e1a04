// The curves of a two-parameter map on the invariant circle, enclosed exactly: see
// maps/circle_map.hpp. Outward-rounded interval arithmetic throughout (numerics/interval.hpp).
#include "maps/circle_map.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace limitdir::detail {

namespace {

// Bisections of one curve's parameter: a curve that crosses a side transversally needs ~30 per
// crossing; one lying along a side would need them without end.
constexpr int kMaxCells = 20000;

// X -> B_X = 2 X_y (1 - y) - X, so that h'(u) = A B (continuation/circle_proof.cpp)
ChebyshevSeries b_series(const ChebyshevSeries& X) {
  const ChebyshevSeries one_minus_y{Interval(1.0), Interval(-1.0)};
  return chebyshev_combination(Interval(2.0), chebyshev_product(chebyshev_derivative(X), one_minus_y), Interval(-1.0),
                               X);
}

ChebyshevSeries difference(const ChebyshevSeries& a, const ChebyshevSeries& b) {
  return chebyshev_combination(Interval(1.0), a, Interval(-1.0), b);
}

Interval y_of(const Interval& U) { return Interval(2.0) * U - Interval(1.0); }

Interval one_minus(const Interval& U) {
  const Interval V = Interval(1.0) - U;
  return Interval(std::max(V.lower(), 0.0), std::max(V.upper(), 0.0));
}

// u over a cell of angles of y = cos(theta)
Interval u_of_angles(double lo, double hi) { return (Interval(1.0) + cos_enclose(lo, hi)) * Interval(0.5); }

}  // namespace

CircleMap::CircleMap(const ChebyshevSeries& C, const ChebyshevSeries& S, const Interval& k, MassParameter mass,
                     const CircleRectangle& rect)
    : C_(C),
      S_(S),
      Cb_(C),
      Sb_(S),
      BCb_(b_series(C)),
      BSb_(b_series(S)),
      Db_(difference(chebyshev_product(C, b_series(S)), chebyshev_product(S, b_series(C)))),
      k_(k),
      mass_(std::move(mass)),
      rect_(rect) {
  const Interval ra = mass_.r(Interval(rect.p0)), rb = mass_.r(Interval(rect.p1));
  r_low_ = mid_of(ra) < mid_of(rb) ? ra : rb;
  r_high_ = mid_of(ra) < mid_of(rb) ? rb : ra;
  // tangencies off the equator: the roots of S in (0, 1] (u = 0 is the equator's own, below)
  if (S_.size() > 1) {
    const ChebyshevRoots roots = chebyshev_roots(S_);
    if (!roots.complete) {
      why_ = "the roots of S (tangencies off the equator) were not isolated: " + roots.why;
      return;
    }
    for (const auto& [lo, hi] : roots.cells) roots_of_S_.push_back(u_of_angles(lo, hi));
  } else if (contains_zero(S_.front())) {
    why_ = "S vanishes identically: every direction of the circle is tangent";
    return;
  }
  if (contains_zero(chebyshev_at_end(S_, -1))) {
    why_ = "S(u = 0) may vanish: the equator's pitchfork and tangency of one direction may coincide for every p";
    return;
  }
  // a model of degree 1 (C, S constant: the linear model, harmonic N = 1) has B = -A: its folds
  // lie at F = 0, in the continuum, none in F > 0
  if (C_.size() > 1 || S_.size() > 1) {
    ExactCurve fold;
    fold.kind = CurveKind::fold;
    fold.what = "the fold set r(p) = B_C(u)/(k B_S(u))";
    fold.over_u = true;
    fold.at = [this](const Interval& U) { return fold_values(U); };
    curves_.push_back(fold);
  }
  add_curves_over_p();
  add_points();
  for (const ExactCurve& c : curves_) {
    if (!why_.empty()) break;
    cells_.push_back(enclose_curve(c, rect_, kEdgeCell, kMaxCells));
    if (!cells_.back().complete) why_ = cells_.back().why;
  }
}

bool CircleMap::fold_at(const Interval& U, Interval& P, Interval& F) const {
  const Interval Y = y_of(U);
  const Interval BS = BSb_.over(Y).p;
  if (contains_zero(BS)) return false;
  const Interval R = BCb_.over(Y).p / (k_ * BS);
  if (!(R.lower() > 0)) return false;  // r = b3/b1 > 0: no fold here, or not decided
  P = mass_.p_of_r(R);
  F = mass_.b1(P) * abs(Db_.over(Y).p) / abs(BS) * sqrt(one_minus(U));
  return true;
}

bool CircleMap::point_on(const ExactCurve& curve, double t, double& p, double& F, Eigen::Vector3d& w) const {
  const double u = curve.over_u ? t : curve.u;
  const Interval Y = y_of(Interval(u));
  Interval P(t), Fi(0.0), sign(0.0);
  if (curve.over_u) {
    if (!fold_at(Interval(u), P, Fi)) return false;
    sign = Db_.over(Y).p / BSb_.over(Y).p;  // A = b1 D/B_S on the fold set
  } else {
    Fi = curve.at(P).F;
    sign = curve.kind == CurveKind::tangency ? Cb_.over(Y).p : Cb_.over(Y).p - mass_.r(P) * k_ * Sb_.over(Y).p;
  }
  p = mid_of(P);
  F = mid_of(Fi);
  w = Eigen::Vector3d((mid_of(sign) < 0 ? -1.0 : 1.0) * std::sqrt(std::max(0.0, 1.0 - u)), 0.0, std::sqrt(u));
  return true;
}

ExactCurve::Values CircleMap::fold_values(const Interval& U) const {
  ExactCurve::Values v;
  const Interval Y = y_of(U);
  const Interval BC = BCb_.over(Y).p, BS = BSb_.over(Y).p;
  const Interval r_range(r_low_.lower(), r_high_.upper());
  if (contains_zero(BS)) {
    // B/b1 = B_C - r k B_S over the whole range of r: no fold on U when it excludes 0
    v.present = contains_zero(BC - r_range * k_ * BS);
    v.undecided = v.present;
    return v;
  }
  const Interval R = BC / (k_ * BS);
  if (R.upper() < r_low_.lower() || R.lower() > r_high_.upper()) {
    v.present = false;
    return v;
  }
  v.straddles = !(R.lower() > r_low_.upper() && R.upper() < r_high_.lower());
  v.P = mass_.p_of_r(meet(R, r_range));
  v.F = mass_.b1(v.P) * abs(Db_.over(Y).p) / abs(BS) * sqrt(one_minus(U));
  return v;
}

void CircleMap::add_curves_over_p() {
  const Interval C0 = chebyshev_at_end(C_, -1), S0 = chebyshev_at_end(S_, -1);
  const auto over_p = [&](CurveKind kind, std::string what, const Interval& u,
                          std::function<Interval(const Interval&)> load) {
    ExactCurve c;
    c.kind = kind;
    c.what = std::move(what);
    c.u = mid_of(u);
    c.u_enclosure = u;
    c.t0 = rect_.p0;
    c.t1 = rect_.p1;
    c.at = [load](const Interval& T) {
      ExactCurve::Values v;
      v.P = T;
      v.F = load(T);
      return v;
    };
    curves_.push_back(std::move(c));
  };
  const MassParameter m = mass_;
  const Interval k = k_;
  over_p(CurveKind::pitchfork, "the pitchfork F = |A(0; p)|", Interval(0.0),
         [m, k, C0, S0](const Interval& T) { return m.b1(T) * abs(C0 - m.r(T) * k * S0); });
  over_p(CurveKind::tangency, "the tangency of the equator F = b1 |C(0)|", Interval(0.0),
         [m, C0](const Interval& T) { return m.b1(T) * abs(C0); });
  for (const Interval& us : roots_of_S_) {
    const Interval Cs = Cb_.over(y_of(us)).p, root = sqrt(one_minus(us));
    over_p(CurveKind::tangency, fmt::format("the tangency at the root u = {:.12g} of S", mid_of(us)), us,
           [m, Cs, root](const Interval& T) { return m.b1(T) * abs(Cs) * root; });
  }
}

void CircleMap::add_points() {
  if (curves_.empty() || curves_.front().kind != CurveKind::fold) return;  // no folds in F > 0
  const auto add = [&](PointKind kind, const Interval& U) {
    const ExactCurve::Values v = fold_values(U);
    ExactPoint p{kind, U, v.P, v.F};
    const Interval range_p(rect_.p0, rect_.p1), range_F(rect_.F0, rect_.F1);
    const bool on_zero_side = rect_.F0 == 0 && v.F.lower() == 0 && v.F.upper() == 0;  // the fold-pole
    p.outside = !v.present || (!v.undecided && disjoint(v.F, range_F));
    p.inside = v.present && !v.undecided && !v.straddles && strictly_inside(v.P, range_p) &&
               (strictly_inside(v.F, range_F) || on_zero_side);
    points_.push_back(p);
  };
  add(PointKind::degenerate_pitchfork, Interval(0.0));
  add(PointKind::fold_pole, Interval(1.0));
  for (const Interval& us : roots_of_S_)
    if (us.upper() < 1.0) add(PointKind::fold_tangency, us);
  // cusps: the roots of E = B_C' B_S - B_C B_S' (R' = E/(k B_S^2))
  const ChebyshevSeries BC = b_series(C_), BS = b_series(S_);
  const ChebyshevSeries E = difference(chebyshev_product(chebyshev_derivative(BC), BS),
                                       chebyshev_product(BC, chebyshev_derivative(BS)));
  if (E.size() == 1 && !contains_zero(E.front())) return;  // a constant: no cusp (N = 2)
  const ChebyshevRoots cusps = chebyshev_roots(E);
  if (!cusps.complete) {
    why_ = "the cusps (roots of R'(u)) were not isolated: " + cusps.why;
    return;
  }
  for (const auto& [lo, hi] : cusps.cells) add(PointKind::cusp, u_of_angles(lo, hi));
}

namespace {

struct Bisection {
  const ExactCurve& curve;
  const CircleRectangle& rect;
  double min_width;
  int max_cells;
  CurveCells out;

  void run(double lo, double hi) {
    if (!out.why.empty()) return;
    if (static_cast<int>(out.cells.size()) >= max_cells) {
      out.why = fmt::format("{}: more than {} cells of its parameter (a curve along a side of the rectangle?)",
                            curve.what, max_cells);
      return;
    }
    const ExactCurve::Values v = curve.at(Interval(lo, hi));
    const Interval range_F(rect.F0, rect.F1);
    using State = CurveCell::State;
    if (!v.present || (!v.undecided && disjoint(v.F, range_F))) return out.cells.push_back({lo, hi, State::out});
    // at the load 0 the limit directions fill circles (Figs 15-16): a curve reaching it ends there,
    // so a cell whose load may be 0 is at a side
    const bool above = rect.F0 > 0 ? v.F.lower() >= rect.F0 : v.F.lower() > 0;
    if (!v.undecided && !v.straddles && above && v.F.upper() <= rect.F1)
      return out.cells.push_back({lo, hi, State::in});
    const double mid = 0.5 * (lo + hi);
    // a cell of one float step cannot be halved: at the resolution of t whatever its width
    if (hi - lo <= min_width || !(lo < mid && mid < hi)) {
      if (v.undecided) {
        out.why = fmt::format("{}: undecided near t = {:.12g}", curve.what, lo);
        return;
      }
      return out.cells.push_back({lo, hi, State::edge});
    }
    run(lo, mid);
    run(mid, hi);
  }
};

}  // namespace

CurveCells enclose_curve(const ExactCurve& curve, const CircleRectangle& rect, double edge_width, int max_cells) {
  Bisection b{curve, rect, edge_width * (curve.t1 - curve.t0), max_cells, {}};
  // the fold set starts from 16 cells of u: each evaluation is then narrow enough to decide
  const int start = curve.over_u ? 16 : 1;
  for (int i = 0; i < start; ++i)
    b.run(curve.t0 + (curve.t1 - curve.t0) * i / start,
          i + 1 == start ? curve.t1 : curve.t0 + (curve.t1 - curve.t0) * (i + 1) / start);
  b.out.complete = b.out.why.empty();
  return b.out;
}

}  // namespace limitdir::detail
