#include "continuation/event_windows.hpp"

#include <algorithm>
#include <numeric>

namespace limitdir::detail {

namespace {

/// A fold located to p_tol = 1e-11 has its direction within ~sqrt(p_tol) ~ 3e-6 of the true
/// one (w moves like sqrt(|F - F_fold|) there); 1e-4 keeps room and stays 10x below the
/// smallest event box (~1e-3 rad).
constexpr double direction_slack = 1e-4;

struct UnionFind {
  std::vector<std::size_t> parent;
  explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  std::size_t root(std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }
  void join(std::size_t a, std::size_t b) { parent[root(a)] = root(b); }
};

}  // namespace

std::vector<EventWindow> event_windows(const EventBoxes& found) {
  const auto& boxes = found.boxes;
  // sorted by the lower end of the load: a box meets only those that start before it ends
  std::vector<std::size_t> order(boxes.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return boxes[a].F.lower() < boxes[b].F.lower(); });
  UnionFind sets(boxes.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::size_t j = i + 1; j < order.size(); ++j) {
      const EventBox &a = boxes[order[i]], &b = boxes[order[j]];
      if (b.F.lower() > a.F.upper()) break;
      if (a.kind == b.kind && boxes_meet(a.w, b.w)) sets.join(order[i], order[j]);
    }
  std::vector<EventWindow> windows;
  std::vector<std::ptrdiff_t> window_of(boxes.size(), -1);
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const std::size_t r = sets.root(i);
    const EventBox& b = boxes[i];
    if (window_of[r] < 0) {
      window_of[r] = static_cast<std::ptrdiff_t>(windows.size());
      windows.push_back({b.kind, b.w, b.F, {}, {}});
    }
    EventWindow& W = windows[static_cast<std::size_t>(window_of[r])];
    W.F = hull(W.F, b.F);
    for (int k = 0; k < 3; ++k) W.w(k) = hull(W.w(k), b.w(k));
    W.centres.push_back(mid_of(b.w).normalized());
    W.loads.push_back(mid_of(b.F));
  }
  return windows;
}

std::string to_string(EventBoxKind kind) {
  switch (kind) {
    case EventBoxKind::fold:
      return "fold or branch point";
    case EventBoxKind::tangency:
      return "tangency";
    case EventBoxKind::hopf:
      return "Hopf point";
  }
  return "event";
}

bool holds_kind(EventBoxKind window, EventKind event) {
  switch (window) {
    case EventBoxKind::fold:
      return event == EventKind::fold || event == EventKind::pitchfork || event == EventKind::branch_point;
    case EventBoxKind::tangency:
      return event == EventKind::tangency;
    case EventBoxKind::hopf:
      return event == EventKind::hopf;
  }
  return false;
}

bool holds(const EventWindow& W, const Event& e, double p_tol) {
  const double p_slack = e.p_error + p_tol;
  if (!holds_kind(W.kind, e.kind) || disjoint(W.F, Interval(e.p - p_slack, e.p + p_slack))) return false;
  return std::any_of(e.directions.begin(), e.directions.end(), [&](const Eigen::Vector3d& d) {
    IVec3 near_d;  // d widened by the slack
    for (int i = 0; i < 3; ++i) near_d(i) = Interval(d(i) - direction_slack, d(i) + direction_slack);
    return boxes_meet(W.w, near_d);
  });
}

}  // namespace limitdir::detail
