// Event location on a traced branch (Sect. 7.2.8 [Nonlinear Dyn. 2024]): see
// continuation/event_location.hpp.
#include "continuation/event_location.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "continuation/branch_tracer.hpp"
#include "continuation/continuum.hpp"
#include "continuation/event_log.hpp"
#include "continuation/pitchfork_refine.hpp"
#include "continuation/sweep_scope.hpp"

namespace limitdir::detail {

namespace {

// Steps are halved until at most one test function changes sign in each, so that events in
// one step are located one by one; below 64 h_min the changes coincide to ~1e-7 in arclength
// (a pitchfork, where t_p and the branch-point test change together on the turning branch).
constexpr double separation_steps_of_h_min = 64;
// A fold needs |t_p| to reach 1e-9 at one end: a branch lying at constant p (a circle of a
// continuum) has t_p = 0 to rounding and no fold.
constexpr double fold_tp_floor = 1e-9;

}  // namespace

Crossings crossings_between(const Tests& a, const Tests& b) {
  const auto changes = [](double u, double v) { return (u < 0) != (v < 0); };
  // trace J_T = 0 is a Hopf point only where det J_T > 0: a saddle's trace crosses 0 freely.
  // det J_T is smooth along the branch; negative at both ends by more than its change over
  // the step, it stays negative within the step (to first order, with a factor 2 for the rest).
  const bool saddle_throughout = a.jdet < 0 && b.jdet < 0 && std::max(a.jdet, b.jdet) < -2 * std::abs(a.jdet - b.jdet);
  return {changes(a.rdot, b.rdot),
          changes(a.tp, b.tp) && std::max(std::abs(a.tp), std::abs(b.tp)) > fold_tp_floor,
          changes(a.det, b.det), changes(a.trace, b.trace) && !saddle_throughout};
}

// A branch point whose direction is so fixed is a pitchfork: the symmetric branch goes through
// and the other branch is the symmetric pair.
bool fixed_by_reflection(const std::function<Eigen::Vector3d(const Eigen::Vector3d&)>& field, const Eigen::Vector3d& w) {
  return !reflections_fixing(field, w).empty();
}

std::vector<int> reflections_fixing(const std::function<Eigen::Vector3d(const Eigen::Vector3d&)>& field,
                                    const Eigen::Vector3d& w) {
  std::vector<int> axes;
  constexpr double on_mirror = 1e-5;      // |w_axis| of a located direction on the mirror plane
  constexpr double commutes_tol = 1e-12;  // rounding of F at unit scale
  static const Eigen::Vector3d samples[] = {{0.3, 0.5, 0.81}, {-0.7, 0.2, 0.4}, {0.1, -0.9, 0.3},
                                            {-0.2, -0.3, -0.9}, {0.8, 0.1, -0.5}, {0.6, -0.6, 0.1}};
  for (int axis : {1, 2}) {
    if (std::abs(w[axis]) > on_mirror) continue;
    Eigen::Vector3d r = Eigen::Vector3d::Ones();
    r[axis] = -1;
    const bool symmetric = std::all_of(std::begin(samples), std::end(samples), [&](const Eigen::Vector3d& v) {
      const Eigen::Vector3d u = v.normalized();
      const Eigen::Vector3d a = field(r.asDiagonal() * u), b = r.asDiagonal() * field(u);
      return (a - b).norm() <= commutes_tol * (1 + b.norm());
    });
    if (symmetric) axes.push_back(axis);
  }
  return axes;
}

// A piece a -> b (arclength h) of a step, with its sign changes located (nothing logged yet).
struct EventLocator::Piece {
  Node a, b;
  double h;
  std::vector<std::pair<EventKind, BranchTracer::Located>> found;
};

// A step in which more than one test function changes sign is halved until each half holds
// one change (or the halves reach the separation floor, where the changes coincide), and each
// change is located by bisection in its piece. A node of the halving or of a bisection that
// left the branch (left_branch: at a pitchfork with a fold pair next to it, narrower than the
// step, the hyperplane of the corrector crosses the other branch through the pitchfork) makes
// the step unusable: it is refused, as a walk refuses such a jump, and retaken shorter; or,
// where its ends are fixed (may_refuse false), located as it is. A bisection is refused so only
// in pieces longer than the walk's first step h_initial: below, the structure a step jumped
// over is resolved as at a seed, and a bisection node on the other branch lies next to the
// crossing it brackets (retaking such steps shorter and shorter stalled the walk at the
// ellipse's branch point at F = -0.2 with the exact model).
bool EventLocator::split(const Node& a, const Node& b, double h, bool may_refuse, std::vector<Piece>& pieces) {
  const Crossings c = crossings_between(a.tests, b.tests);
  if (c.count() > 1 && h > separation_steps_of_h_min * tr_.options().h_min) {
    if (const std::optional<Node> m = tr_.at(a, 0.5 * h)) {
      if (!left_branch(a, *m, 0.5 * h))
        return split(a, *m, 0.5 * h, may_refuse, pieces) && split(*m, b, (b.x - m->x).norm(), may_refuse, pieces);
      if (may_refuse) return false;
    }
  }
  Piece piece{a, b, h, {}};
  const auto locate = [&](EventKind kind, auto fn) { piece.found.push_back({kind, tr_.locate(a, b, h, fn)}); };
  if (c.tangency) locate(EventKind::tangency, [](const Tests& t) { return t.rdot; });
  // t_p and the branch-point test changing in one (minimal) step is a pitchfork met on its
  // turning branch: one branch point, not a fold
  if (c.fold && !c.branch_point) locate(EventKind::fold, [](const Tests& t) { return t.tp; });
  if (c.trace) locate(EventKind::hopf, [](const Tests& t) { return t.trace; });
  if (c.branch_point) locate(EventKind::branch_point, [](const Tests& t) { return t.det; });
  const bool lost = std::any_of(piece.found.begin(), piece.found.end(), [](const auto& f) { return f.second.lost; });
  if (lost && may_refuse && h > tr_.options().h_initial) return false;
  pieces.push_back(std::move(piece));
  return true;
}

bool EventLocator::record(const Node& a, const Node& b, double h, int branch, std::vector<BranchPoint>& pts,
                          bool may_refuse) {
  std::vector<Piece> pieces;
  if (!split(a, b, h, may_refuse, pieces)) return false;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    // the midpoints between the pieces are points of the branch
    if (k > 0 && range_.inside(pieces[k].a.x[4])) pts.push_back(tr_.point(pieces[k].a));
    log_events(pieces[k], branch, pts);
  }
  return true;
}

// The located events of one piece into the log, their nodes into the branch's points.
void EventLocator::log_events(const Piece& piece, int branch, std::vector<BranchPoint>& pts) {
  std::vector<Node> located;
  for (const auto& [kind, m] : piece.found) {
    if (range_.inside(m.node.x[4])) located.push_back(m.node);
    const Event e{kind, m.node.x[4], {m.node.x.head<3>().normalized()}, {branch}, m.located, m.p_error, {},
                  Level::checked};
    if (kind == EventKind::branch_point) branch_point({e, m.node}, piece.a);
    // trace J_T = 0 is a Hopf point when det J_T > 0 there (eigenvalues +-i sqrt(det))
    else if ((kind != EventKind::hopf || m.node.tests.jdet > 0) && range_.inside(e.p))
      log_.add(e);
  }
  const Node& a = piece.a;
  const auto sigma = [&](const Node& n) { return a.t.dot(n.x - a.x); };
  std::sort(located.begin(), located.end(), [&](const Node& u, const Node& v) { return sigma(u) < sigma(v); });
  for (const Node& m : located) pts.push_back(tr_.point(m));
}

void EventLocator::branch_point(std::pair<Event, Node> located, const Node& from) {
  auto& [e, m] = located;
  // Where the limit directions fill circles (c = 0 with axisymmetry, as at F = 0) every
  // branch meets the continuum: a degenerate branch point, not switched along the circle.
  const bool continuum = has_continuum(tr_.field(), e.p);
  if (!range_.inside(e.p)) return;
  const double p = e.p;
  const std::vector<int> axes =
      continuum ? std::vector<int>{}
                : reflections_fixing([&](const Eigen::Vector3d& v) { return tr_.field().F(v, p); }, e.directions.front());
  if (!axes.empty()) {
    e.kind = EventKind::pitchfork;
    refine(e, m.x, axes);
  }
  if (log_.add(e) && !continuum) switch_(m, from);  // the other branch once, when first met
}

void EventLocator::refine(Event& e, const X& x, const std::vector<int>& axes) {
  // the mirror across which J's eigenvalue vanishes: the smaller |dF_k/dw_k - rdot| at the node
  const Eigen::Vector3d w = x.head<3>().normalized();
  const FieldJacobian fj = tr_.field().system(x[4]).field_jacobian(w, tr_.field().force(x[4]));
  const int axis = *std::min_element(axes.begin(), axes.end(), [&](int a, int b) {
    return std::abs(fj.DF(a, a) - x[3]) < std::abs(fj.DF(b, b) - x[3]);
  });
  // the bracket may miss the point by up to ~2e-8 (continuation/pitchfork_refine.hpp): 1e-6
  // lets Newton reach it and keeps it on this pitchfork, not another of the symmetric branch
  constexpr double refine_reach = 1e-6;
  const auto r = refine_pitchfork(tr_.field(), x, axis, refine_reach);
  if (!r || !range_.inside(r->p)) return;
  e.p = r->p;
  e.directions = {r->w};
  e.located = true;
  e.p_error = r->p_error;
}

}  // namespace limitdir::detail
