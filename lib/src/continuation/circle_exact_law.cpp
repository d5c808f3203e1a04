// The law of the invariant circle of an exact model with uniform or Hertz pressure: see
// continuation/circle_law.hpp. From the enclosures of C, S and their u-derivatives
// (ExactModel::enclose_circle, Arb's elliptic integrals):
//   A = b1 C - b3 (kappa/rho) S (131), with A' and A'';
//   h = A^2 (1 - u), h' = A B with B = 2 A' (1 - u) - A, and B' = 2 A'' (1 - u) - 3 A';
// the roots of B and of S in u isolated by continuation/circle_isolate.hpp. Where A'' is not
// enclosed (an interval of u that reaches eps = 1, the rim, where the laws are only C^1) B' is
// the whole line and a root of B there stays undecided, with the reason.
#include <cmath>
#include <limits>

#include "continuation/circle_isolate.hpp"
#include "continuation/circle_law.hpp"

namespace limitdir::detail {

namespace {

class ExactCircleLaw final : public CircleLaw {
 public:
  ExactCircleLaw(std::shared_ptr<const ExactModel> model, const Interval& b1, const Interval& b3k)
      : model_(std::move(model)), b1_(b1), b3k_(b3k) {}

  // h over U: A(U)^2 (1 - U) met with the centred form h(m) + h'(U) (U - m), h' = A B.
  Interval h(const Interval& U) const override {
    const Law L = at(U);
    const Interval naive = square(L.A) * (Interval(1.0) - U);
    if (width_of(U) == 0.0) return naive;
    const double m = mid_of(U);
    const Law M = at(Interval(m));
    const Interval centred = square(M.A) * (Interval(1.0) - Interval(m)) + L.A * B(L, U) * (U - Interval(m));
    return disjoint(naive, centred) ? naive : meet(naive, centred);
  }
  Interval A_equator() const override { return at(Interval(0.0)).A; }
  Interval C_equator() const override { return at(Interval(0.0)).C; }
  CircleRoots folds(double h_min) const override {
    return roots_of([this](const Interval& U) {
      const Law L = at(U);
      // B' = 2 A'' (1 - u) - 3 A'
      return ValueSlope{B(L, U), Interval(2.0) * L.ddA * (Interval(1.0) - U) - Interval(3.0) * L.dA};
    }, "B = h'/A", "folds: ", h_min);
  }
  CircleRoots tangencies(double h_min) const override {
    return roots_of([this](const Interval& U) {
      const Law L = at(U);
      return ValueSlope{L.S, L.dS};
    }, "S", "tangencies: ", h_min);
  }

 private:
  struct Law {
    Interval A, dA, ddA, C, S, dS;
  };
  // The law over U (the whole line where the model gives no enclosure, which no test passes).
  Law at(const Interval& U) const {
    const std::optional<CircleEnclosure> e = model_->enclose_circle(U);
    if (!e) {
      const Interval all(-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity());
      return {all, all, all, all, all, all};
    }
    return {b1_ * e->C - b3k_ * e->S, b1_ * e->dC - b3k_ * e->dS, b1_ * e->ddC - b3k_ * e->ddS, e->C, e->S, e->dS};
  }
  static Interval B(const Law& L, const Interval& U) {
    return Interval(2.0) * L.dA * (Interval(1.0) - U) - L.A;
  }
  // The roots of g, but none where h < h_min (h(1) = 0 makes u = 1 a root of B when A(1) = 0,
  // as for the Hertz disc with j = 1/2: a fold at c1 = 0, not in a sweep's range).
  CircleRoots roots_of(const IntervalFunction& g, const std::string& name, const std::string& what,
                       double h_min) const {
    const auto ignore = [&](const Interval& U) { return h_min > 0 && h(U).upper() < h_min; };
    const IsolatedRoots roots = isolate_roots(g, name, ignore);
    CircleRoots out;
    out.complete = roots.complete;
    if (!roots.complete) out.why = what + roots.why;
    for (const Interval& U : roots.cells) out.h.push_back(h(U));
    return out;
  }

  std::shared_ptr<const ExactModel> model_;
  Interval b1_, b3k_;
};

}  // namespace

std::shared_ptr<const CircleLaw> exact_circle_law(std::shared_ptr<const ExactModel> model, const Interval& b1,
                                                  const Interval& b3k) {
  return std::make_shared<ExactCircleLaw>(std::move(model), b1, b3k);
}

}  // namespace limitdir::detail
