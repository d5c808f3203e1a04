// The branches of a diagram, each traced once: see continuation/branch_merge.hpp.
#include "continuation/branch_merge.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "continuation/branch_walk.hpp"
#include "continuation/continuum.hpp"

namespace limitdir::detail {

void BranchCollector::drain() {
  while (!pending_.empty()) {
    if (budget_.spent(findings_)) {
      pending_.clear();
      return;
    }
    const Pending s = pending_.back();
    pending_.pop_back();
    if (s.x[4] < range_.lo || on_known_branch(s.x)) continue;
    Branch br = trace_branch(s);
    if (br.points.size() < 2) continue;
    // a loop at one value of p is a circle of a continuum (c = 0), not a branch
    const auto [lo, hi] = std::minmax_element(br.points.begin(), br.points.end(),
                                              [](const BranchPoint& u, const BranchPoint& v) { return u.p < v.p; });
    if (br.closed && hi->p - lo->p <= 1e-9 * (1 + std::abs(lo->p))) {
      if (!continua_.near_load(lo->p))  // else the continuum event names it
        findings_.notes.push_back(fmt::format(
            "a circle of limit directions at {} = {:.12g} (a continuum) is not drawn as a branch", name_, lo->p));
      continue;
    }
    if (continua_.covers(br)) continue;  // the half meridian of a continuum: its event names it
    branches_.push_back(std::move(br));
  }
}

// Both ways from the seed, the backward half reversed in front; one way only from a seed next
// to a continuum, closed onto the continuum's load behind it.
Branch BranchCollector::trace_branch(const Pending& s) {
  Branch br;
  br.id = static_cast<int>(branches_.size());
  if (s.both) {
    std::vector<BranchPoint> back = walker_.trace(s.x, -s.t, br);
    std::reverse(back.begin(), back.end());
    if (!br.closed) {
      std::vector<BranchPoint> fwd = walker_.trace(s.x, s.t, br);
      back.insert(back.end(), fwd.begin() + 1, fwd.end());
    }
    br.points = std::move(back);
    return br;
  }
  br.points = walker_.trace(s.x, s.t, br);
  X xe = s.x;
  if (s.end_at && tr_.correct_at_p(xe, *s.end_at))
    br.points.insert(br.points.begin(), tr_.point(tr_.node(xe, s.t)));
  return br;
}

// The chords of a coarse polyline miss the branch by their sagitta: below a quarter of the
// segment for turns under ~0.3 rad per step, plus 1e-6 for short segments.
std::optional<BranchCollector::Segment> BranchCollector::segment_through(const X& x, double tol) {
  constexpr double screen_fraction = 0.25, screen_floor = 1e-6;
  for (std::size_t k = 0; k < branches_.size(); ++k) {
    const Branch& b = branches_[k];
    for (std::size_t i = 0; i + 1 < b.points.size(); ++i) {
      const auto &a = b.points[i], &c = b.points[i + 1];
      // cheap screen in p first: the gap is at least the distance of x's p from [a.p, c.p],
      // and a quarter of the segment is at most a quarter of its 1-norm
      const double l1 = (a.w - c.w).lpNorm<1>() + std::abs(a.rdot - c.rdot) + std::abs(a.p - c.p);
      const double dp = std::max({x[4] - std::max(a.p, c.p), std::min(a.p, c.p) - x[4], 0.0});
      if (dp > tol && dp > screen_fraction * l1 + screen_floor) continue;
      const X pa = make_x(a.w, a.rdot, a.p), pc = make_x(c.w, c.rdot, c.p);
      const X d = pc - pa;
      const double l2 = d.squaredNorm();
      const double s = l2 > 0 ? std::clamp((x - pa).dot(d) / l2, 0.0, 1.0) : 0.0;
      const X q = pa + s * d;
      const double gap = (q - x).norm();
      if (gap <= tol) return Segment{k, i, true};
      if (gap > screen_fraction * std::sqrt(l2) + screen_floor || !(l2 > 0)) continue;
      X y = q;
      if (tr_.correct(y, d / std::sqrt(l2), x) && (y - x).norm() <= tol * 10) return Segment{k, i, false};
    }
  }
  return std::nullopt;
}

bool BranchCollector::refine_through(const X& x) {
  // The refined steps are an eighth of the segment: a fold pair that one step jumped over
  // spans a good part of it (x lies on it, off the chord), so each fold gets steps of its own;
  // a segment below 64 h_min is not refined (its events are located to that width already).
  constexpr double refine_fraction = 0.125, min_segment_of_h_min = 64;
  const std::optional<Segment> s = segment_through(x);
  if (!s || s->on_chord) return false;
  Branch& b = branches_[s->branch];
  const BranchPoint &u = b.points[s->index], &v = b.points[s->index + 1];
  const X x0 = make_x(u.w, u.rdot, u.p), x1 = make_x(v.w, v.rdot, v.p);
  const double length = (x1 - x0).norm();
  if (length < min_segment_of_h_min * tr_.options().h_min) return false;
  Branch scratch;
  scratch.id = b.id;
  const std::optional<std::vector<BranchPoint>> pts = walker_.trace_between(x0, x1, refine_fraction * length, scratch);
  if (!pts || pts->size() < 3) return false;
  // the walk's interior points (its event nodes among them) between the segment's ends
  b.points.insert(b.points.begin() + static_cast<std::ptrdiff_t>(s->index) + 1, pts->begin() + 1, pts->end() - 1);
  return true;
}

}  // namespace limitdir::detail
