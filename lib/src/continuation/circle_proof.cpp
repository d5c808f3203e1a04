// Proofs for load sweeps on the invariant circle of a harmonic model: see continuation/circle_proof.hpp.
//
// With the invariant circle w2 = 0 and c = (c1, 0, 0), c1 = a F + b, rows 1-2 of (125)
// [Nonlinear Dyn. 2024] put every limit direction on w2 = 0 (c1 != 0); besides (+-1, 0, 0)
// (128) they are w3 = +-sqrt(u), w1 = c1/A(u) with h(u) = A(u)^2 (1 - u) = c1^2 (131)-(132).
// So a non-trivial branch is the graph F(u) = (+-sqrt(h(u)) - b)/a over u, and every event
// load solves one of the conditions listed in continuation/circle_events.hpp. Everything here is in
// outward-rounded interval arithmetic on the model as computed: its Chebyshev coefficients
// alpha_j, beta_j turned into monomials in u with the exact integer coefficients of T_j(2u - 1).
#include "continuation/circle_proof.hpp"

#include <cmath>
#include <fmt/format.h>
#include "limitdir/friction/harmonic.hpp"

namespace limitdir::detail {

namespace {

using Poly = std::vector<Interval>;  // sum_i p_i u^i

// Roots are isolated down to cells of 1e-12 in u (~1e4 ulps of 1): narrower is a double root
// (a cusp of the diagram), which this proof leaves undecided. Cells are split at a non-dyadic
// ratio so that no split point is a likely root (u = 1/2, 1/4 ...).
constexpr double min_root_cell = 1e-12;
constexpr double split_ratio = 0.4873;
// Isolated roots are narrowed to 1e-15 by keeping the sign change (the load they give is then
// enclosed to ~1e-14, far inside the distance between distinct events).
constexpr double root_width = 1e-15;
// The cells examined for one polynomial: a simple root costs ~40 levels of 2 cells.
constexpr int max_root_cells = 20000;

Interval eval(const Poly& p, const Interval& x) {
  Interval s(0.0);
  for (std::size_t i = p.size(); i-- > 0;) s = s * x + p[i];
  return s;
}

Poly derivative(const Poly& p) {
  Poly d;
  for (std::size_t i = 1; i < p.size(); ++i) d.push_back(p[i] * Interval(static_cast<double>(i)));
  return d;
}

Poly product(const Poly& p, const Poly& q) {
  Poly r(p.size() + q.size() - 1, Interval(0.0));
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = 0; j < q.size(); ++j) r[i + j] += p[i] * q[j];
  return r;
}

// sum_j c_j T_j(2u - 1) in powers of u; the coefficients of T_j(2u - 1) are integers
// (|.| <= 4^j, exact in double for the degrees here).
Poly monomials(const std::vector<double>& chebyshev) {
  std::vector<std::vector<double>> T{{1.0}, {-1.0, 2.0}};
  while (T.size() < chebyshev.size()) {
    const auto &t1 = T[T.size() - 1], &t0 = T[T.size() - 2];
    std::vector<double> t(t1.size() + 1, 0.0);
    for (std::size_t k = 0; k < t1.size(); ++k) {  // T_{j+1} = 2 (2u - 1) T_j - T_{j-1}
      t[k] -= 2.0 * t1[k];
      t[k + 1] += 4.0 * t1[k];
    }
    for (std::size_t k = 0; k < t0.size(); ++k) t[k] -= t0[k];
    T.push_back(t);
  }
  Poly p(chebyshev.size(), Interval(0.0));
  for (std::size_t j = 0; j < chebyshev.size(); ++j)
    for (std::size_t k = 0; k < T[j].size(); ++k) p[k] += Interval(chebyshev[j]) * Interval(T[j][k]);
  return p;
}

struct CirclePolys {
  Poly A, h, C, S;      // A = b1 C - b3 (kappa/rho) S, h = A^2 (1 - u)
  Interval a, b, b1;    // c1 = a F + b
};

std::optional<CirclePolys> circle_polys(const System& system) {
  if (!system.has_invariant_circle()) return std::nullopt;
  const auto* model = dynamic_cast<const HarmonicModel*>(&system.friction());
  if (!model) return std::nullopt;
  const std::optional<IMat3> Minv = inverse_enclosure(to_interval(system.M()));
  const Eigen::Vector3d d = system.load_direction(), e = system.load_offset();
  if (!Minv || d.z() != 0.0 || e.z() != 0.0) return std::nullopt;  // M is diagonal: c3 = 0 exactly
  CirclePolys out;
  out.a = (*Minv)(0, 0) * Interval(d.x());
  out.b = (*Minv)(0, 0) * Interval(e.x());
  out.b1 = (*Minv)(0, 0);
  if (contains_zero(out.a)) return std::nullopt;
  out.C = monomials(model->chebyshev_C());
  out.S = monomials(model->chebyshev_S());
  const Interval b3k = (*Minv)(2, 2) * Interval(model->kappa_over_rho());
  for (std::size_t i = 0; i < out.C.size(); ++i) out.A.push_back(out.b1 * out.C[i] - b3k * out.S[i]);
  out.h = product(product(out.A, out.A), {Interval(1.0), Interval(-1.0)});
  return out;
}

// Narrows a cell holding one sign change of p (p strictly of opposite signs at its ends).
Interval narrow(const Poly& p, double lo, double hi) {
  const bool up = eval(p, Interval(lo)).upper() < 0;
  while (hi - lo > root_width) {
    const double m = 0.5 * (lo + hi);
    const Interval pm = eval(p, Interval(m));
    if (contains_zero(pm)) break;
    ((pm.upper() < 0) == up ? lo : hi) = m;
  }
  return Interval(lo, hi);
}

// Every root of p in (0, 1), each in an interval holding exactly one (p monotone there, with
// strict opposite signs at its ends); nullopt (with why) when a cell cannot be decided.
std::optional<std::vector<Interval>> isolate_roots(const Poly& p, std::string& why) {
  const Poly dp = derivative(p);
  std::vector<std::pair<double, double>> stack{{0.0, 1.0}};
  std::vector<Interval> roots;
  for (int cells = 0; !stack.empty(); ++cells) {
    if (cells == max_root_cells) {
      why = "the root isolation ran out of cells";
      return std::nullopt;
    }
    const auto [lo, hi] = stack.back();
    stack.pop_back();
    const Interval X(lo, hi);
    const double m = lo + 0.5 * (hi - lo);
    const Interval P = meet(eval(p, X), eval(p, Interval(m)) + eval(dp, X) * (X - Interval(m)));
    if (!contains_zero(P) && !contains_zero(eval(p, X))) continue;
    const Interval pl = eval(p, Interval(lo)), ph = eval(p, Interval(hi));
    if (!contains_zero(eval(dp, X)) && !contains_zero(pl) && !contains_zero(ph)) {
      if ((pl.upper() < 0) != (ph.upper() < 0)) roots.push_back(narrow(p, lo, hi));
      continue;  // monotone: one root or none
    }
    if (hi - lo < min_root_cell) {
      why = fmt::format("a root of multiplicity > 1 (or at the cell ends) near u = {:.12g} is not decided", m);
      return std::nullopt;
    }
    const double s = lo + split_ratio * (hi - lo);
    stack.push_back({lo, s});
    stack.push_back({s, hi});
  }
  return roots;
}

}  // namespace

std::optional<CircleEvents> enclose_circle_events(const System& system, double F0, double F1) {
  const std::optional<CirclePolys> polys = circle_polys(system);
  if (!polys) return std::nullopt;
  const CirclePolys& P = *polys;
  CircleEvents out;
  std::string why;
  const auto fail = [&](const std::string& what) {
    out.reason = what;
    return out;
  };
  // c1^2 = value: the loads (+-sqrt(value) - b)/a in [F0, F1]
  const auto add = [&](EventKind kind, const Interval& value) {
    if (value.upper() <= 0) return true;  // c1 = 0: the continuum of circles, no event
    if (contains_zero(value)) {
      why = fmt::format("a {} at c1 = 0 cannot be told from the continuum", to_string(kind));
      return false;
    }
    for (double sign : {1.0, -1.0}) {
      const Interval F = (Interval(sign) * sqrt(value) - P.b) / P.a;
      if (F.upper() < F0 || F.lower() > F1) continue;
      if (F.lower() < F0 || F.upper() > F1) {
        why = fmt::format("a {} at F = {:.12g}, at an end of the range", to_string(kind), mid_of(F));
        return false;
      }
      out.events.push_back({kind, F});
    }
    return true;
  };
  // h' = A (2 A' (1 - u) - A): its roots with A = 0 have h = 0, c1 = 0 (the continuum, no
  // event); the folds are the roots of B = 2 A' (1 - u) - A
  const Poly B = [&] {
    Poly r = product(derivative(P.A), {Interval(2.0), Interval(-2.0)});
    r.resize(std::max(r.size(), P.A.size()), Interval(0.0));
    for (std::size_t i = 0; i < P.A.size(); ++i) r[i] -= P.A[i];
    return r;
  }();
  const auto folds = isolate_roots(B, why);
  if (!folds) return fail("folds: " + why);
  for (const Interval& u : *folds)
    if (!add(EventKind::fold, eval(P.h, u))) return fail(why);
  if (!add(EventKind::pitchfork, square(P.A[0])) || !add(EventKind::tangency, square(P.b1 * P.C[0]))) return fail(why);
  const auto zeros_of_S = isolate_roots(P.S, why);
  if (!zeros_of_S) return fail("tangencies: " + why);
  for (const Interval& u : *zeros_of_S)
    if (!add(EventKind::tangency, eval(P.h, u))) return fail(why);
  out.proven = true;
  return out;
}

bool enclose_circle_branches(const System& system, const std::vector<Branch>& branches, std::string& reason) {
  // A branch point is on the circle, or is (+-1, 0, 0), when its w2 (w3) is rounding; its load
  // agrees with the graph F(u) to the continuation's accuracy (Newton to 1e-11) with room.
  constexpr double on_circle = 1e-12, load_agreement = 1e-8;
  const std::optional<CirclePolys> polys = circle_polys(system);
  if (!polys) {
    reason = "not a harmonic model on its invariant circle";
    return false;
  }
  const CirclePolys& P = *polys;
  // the graph of the branch through u with c1 of sign s: F(u) = (s sqrt(h(u)) - b)/a
  const auto load = [&](const Interval& u, double s) { return (Interval(s) * sqrt(eval(P.h, u)) - P.b) / P.a; };
  for (const Branch& br : branches)
    for (std::size_t i = 0; i + 1 < br.points.size(); ++i) {
      const BranchPoint &x = br.points[i], &y = br.points[i + 1];
      if (std::abs(x.w.y()) > on_circle || std::abs(y.w.y()) > on_circle) {
        reason = fmt::format("branch {} leaves the circle w2 = 0", br.id);
        return false;
      }
      const bool trivial = std::abs(x.w.z()) <= on_circle && std::abs(y.w.z()) <= on_circle;
      if (trivial) continue;  // (+-1, 0, 0) is a limit direction for every load, (128)
      // the sign of c1 at each end: one graph F(u) = (s sqrt(h(u)) - b)/a, or two meeting where
      // h = 0 when the segment crosses the continuum's load (c1 = 0, the circles of Fig. 16)
      const auto sign_at = [&](double p) {
        const Interval c1 = P.a * Interval(p) + P.b;
        return c1.upper() < 0 ? -1.0 : c1.lower() > 0 ? 1.0 : 0.0;
      };
      double sx = sign_at(x.p), sy = sign_at(y.p);
      if (sx == 0.0) sx = sy;
      if (sy == 0.0) sy = sx;
      const Interval ux(x.w.z() * x.w.z()), uy(y.w.z() * y.w.z());
      const Interval U(std::min(ux.lower(), uy.lower()), std::max(ux.upper(), uy.upper()));
      const Interval FU = load(U, sx == 0.0 ? 1.0 : sx), Fx = load(ux, sx == 0.0 ? 1.0 : sx),
                     Fy = load(uy, sy == 0.0 ? 1.0 : sy);
      const bool graphs_meet = sx == sy || contains_zero(eval(P.h, U));
      const auto agrees = [&](const Interval& F, double p) {
        return std::max({F.lower() - p, p - F.upper(), 0.0}) <= load_agreement * (1 + std::abs(p));
      };
      const bool ends = agrees(Fx, x.p) && agrees(Fy, y.p);
      if (std::isnan(FU.lower()) || std::isnan(FU.upper()) || !ends || !graphs_meet) {
        reason = fmt::format("the segment of branch {} at F = {:.9g} is not on a graph of (132)", br.id, x.p);
        return false;
      }
    }
  return true;
}

}  // namespace limitdir::detail
