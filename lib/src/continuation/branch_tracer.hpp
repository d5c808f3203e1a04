#pragma once
// Pseudo-arclength tracing of one branch of limit directions (internal to continuation).
//
// Unknowns X = (w, rdot, p) in R^5, equations G(X) = (F_p(w) - rdot w, (w^T w - 1)/2) in R^4
// ((125) [Nonlinear Dyn. 2024]) with F_p(w) = B(w) w + c of the system at parameter p. Along a
// branch the tangent t spans the kernel of G_X; a step predicts X + h t and corrects with
// Newton on [G; t^T (X - X_pred)] = 0. At every node the test functions of the events of
// Sect. 7.2.8 are evaluated:
//   rdot                  tangency (R* = 0, with the errata of Sect. 7.2.8: "= 0", printed "!= 0"),
//   t_p                   fold (the parameter turns back),
//   det [G_X; t^T]        branch point (two branches cross),
//   trace J_T, det J_T    Hopf point (trace J_T = 0 with det J_T > 0: a purely imaginary pair).
#include <Eigen/Core>
#include <map>
#include <memory>
#include <optional>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

using X = Eigen::Matrix<double, 5, 1>;
using Mat45 = Eigen::Matrix<double, 4, 5>;
using Mat5 = Eigen::Matrix<double, 5, 5>;

inline X make_x(const Eigen::Vector3d& w, double rdot, double p) {
  X x;
  x << w, rdot, p;
  return x;
}

/// The systems of a family along p, cached by p (rebuilding one costs a friction model).
class FamilyField {
 public:
  explicit FamilyField(const ParameterFamily& family);
  /// The system at p. The reference is valid until the next call of system() or eval() with
  /// another p (the cache may be cleared): hold system_ptr() across such calls.
  const System& system(double p) { return *system_ptr(p); }
  std::shared_ptr<const System> system_ptr(double p);
  double force(double p) const { return family_.force(p); }
  Eigen::Vector3d F(const Eigen::Vector3d& w, double p) { return system(p).field(w, force(p)); }
  /// G(X) and G_X.
  void eval(const X& x, Eigen::Vector4d& G, Mat45& J);

 private:
  Eigen::Vector3d dF_dp(const Eigen::Vector3d& w, double p);
  const ParameterFamily& family_;
  bool is_force_;
  std::shared_ptr<const System> fixed_;
  std::map<double, std::shared_ptr<const System>> cache_;
};

/// The test functions at one node (see the file comment).
struct Tests {
  double rdot, tp, det, trace, jdet;
};

/// A corrected point of a branch with its tangent and tests. Built only by BranchTracer::node,
/// so that its J_T always belongs to its own x.
struct Node {
  X x;
  X t;
  Tests tests;
  Eigen::Matrix2d JT;  // P^T (DF - rdot I) P at x
};

class BranchTracer {
 public:
  BranchTracer(const ParameterFamily& family, const ContinuationOptions& options);

  FamilyField& field() { return field_; }
  const ContinuationOptions& options() const { return opt_; }

  /// Newton on [G; t^T (X - xp)] = 0 (the pseudo-arclength corrector).
  bool correct(X& x, const X& t, const X& xp, int max_it = 12);
  /// Newton at fixed p on G(w, rdot) = 0 (minimum-norm steps: singular at continua).
  bool correct_at_p(X& x, double p);
  /// The node at x, its tangent oriented along t_prev.
  Node node(const X& x, const X& t_prev);
  /// The node at arclength s from a along a.t (corrected), if the corrector converges.
  std::optional<Node> at(const Node& a, double s);
  /// The diagram point of a node (its type from its own J_T).
  BranchPoint point(const Node& n) const;

  /// Bisection in arclength for a sign change of f(tests) between a (s = 0) and b (s = h):
  /// the node at the change (corrected, evaluated afresh), whether p was located to p_tol,
  /// and the width of the final bracket in p.
  struct Located {
    Node node;
    bool located;
    double p_error;
    bool lost;  // a node of the bisection left the branch (left_branch): the bracket is not this branch's
  };
  template <class Fn>
  Located locate(const Node& a, const Node& b, double h, Fn f);

 private:
  bool correct_unguarded(X& x, const X& t, const X& xp, int max_it);
  bool correct_at_p_unguarded(X& x, double p);
  FamilyField field_;
  const ContinuationOptions& opt_;
};

/// The kernel direction of J (unit), oriented along `previous`.
X tangent_of(const Mat45& J, const X& previous);

/// A step may not turn the tangent by more than ~0.3 rad (cos 0.3 = 0.955): a larger turn is a
/// jump to another branch, or a loop traced with too few points to see its closure.
constexpr double min_tangent_cos = 0.95;
/// A node corrected from a at arclength s along a's tangent lands on the hyperplane at s; on a's
/// branch, turning by less than ~0.3 rad, within s tan(0.3) = 0.31 s of the predictor, at most
/// 1.05 s from a. A node twice that far is a corrector that left for another branch (next to a
/// jump set of q, where V* is discontinuous).
constexpr double max_chord_per_h = 2.0;
/// Whether node n, corrected from a at arclength s (its tangent oriented along a's), left a's
/// branch: it turned by more than ~0.3 rad or landed more than 2 s away. Next to a branch point
/// the hyperplane of the corrector crosses the other branch, whose tangent is far from a's (the
/// tangents are accurate to rounding / distance from the branch point: ~1e-8 at the 1e-8 the
/// bisections of events come to).
inline bool left_branch(const Node& a, const Node& n, double s) {
  return n.t.dot(a.t) < min_tangent_cos || (n.x - a.x).norm() > max_chord_per_h * s;
}

template <class Fn>
BranchTracer::Located BranchTracer::locate(const Node& a, const Node& b, double h, Fn f) {
  // Bisection stops when p is known to p_tol and the arclength bracket is small against the
  // step (1e-6 h keeps the located w within ~1e-6 h of the event), or at rounding of s.
  constexpr double arclength_fraction = 1e-6;
  constexpr double arclength_rounding = 1e-15;
  double lo = 0, hi = h;
  Node nlo = a, nhi = b;
  const bool slo = f(a.tests) < 0;
  bool located = false, lost = false;
  for (int it = 0; it < 80; ++it) {
    const double dp = std::abs(nhi.x[4] - nlo.x[4]);
    if (dp <= opt_.p_tol && hi - lo <= arclength_fraction * h) {
      located = true;
      break;
    }
    if (hi - lo <= arclength_rounding * (1 + h)) {
      located = dp <= opt_.p_tol;
      break;
    }
    // predicted from the lower end of the bracket: the predictor's error shrinks like the
    // square of the bracket, so near a branch point the corrector stays on this branch
    const double mid = 0.5 * (lo + hi);
    const auto nm = at(nlo, mid - lo);
    if (!nm) break;
    if (left_branch(nlo, *nm, mid - lo)) {
      lost = true;
      break;
    }
    if ((f(nm->tests) < 0) == slo) {
      lo = mid;
      nlo = *nm;
    } else {
      hi = mid;
      nhi = *nm;
    }
  }
  const double p_error = std::abs(nhi.x[4] - nlo.x[4]);
  // the node at the middle of the bracket, corrected onto the branch and evaluated there
  const auto mid = at(nlo, 0.5 * (hi - lo));
  return {mid ? *mid : nlo, located, p_error, lost};
}

}  // namespace limitdir::detail
