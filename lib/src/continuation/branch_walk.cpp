// Tracing one branch one way: see continuation/branch_walk.hpp.
#include "continuation/branch_walk.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "continuation/event_location.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/core/cancellation.hpp"
#include "limitdir/friction/model.hpp"

namespace limitdir::detail {

namespace {

// A step may not turn the tangent by more than ~0.3 rad (min_tangent_cos, branch_tracer.hpp).
// A step whose node lies more than max_chord_per_h h from its start (a corrector that left for
// another branch, next to a jump set of q, where V* is discontinuous: general.json with
// point-spin, a step of 5e-8 at the south pole that landed 0.5 away) is refused as a turn is.
// Only for models with such a set: elsewhere a longer chord at a pole crossed with a kink
// (disc-shift.json, 0.33 in rdot) is followed by the kink events (continuation/kink_crossing.hpp).

bool has_jump_set(const KinkSets& s) { return s.poles == Smoothness::jump || s.equator == Smoothness::jump; }
// A branch is a loop when a step passes its start within 0.1 h (the chord sagitta of a step h
// on a curve of radius >= h is below h/8), heading the same way (tangents within ~25 deg).
constexpr double closure_gap_fraction = 0.1;
constexpr double closure_tangent_cos = 0.9;
// The steps of one branch: at h_max = 0.05 this is an arclength of 1000, hundreds of times the
// longest branch on S^2 x [F0, F1] of a bounded range; reaching it is reported, never silent.
constexpr int max_steps_per_branch = 20000;
// The steps of a whole sweep: 5 branches at the cap, ~1e5 points (~20 MB of JSON, ~0.5 s);
// beyond, the sweep ends with its diagram so far and says the budget is spent.
constexpr int max_steps_total = 100000;
// A refined piece of a branch (trace_between) is walked in steps of a fraction of its chord:
// the end is reached in about chord / h_cap steps, 1.3x longer than its chord for turns below
// ~0.3 rad per step; 64 times that is a walk that has lost its way.
constexpr double refine_step_budget = 64;

}  // namespace

bool BranchWalker::progress_due() {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_note_ < progress_interval) return false;
  last_note_ = now;
  return true;
}

bool WorkBudget::spent(Findings& findings) {
  if (steps_ < max_steps_total) return false;
  if (!said_)  // first among the doubts: the others follow from it
    findings.doubts.insert(findings.doubts.begin(),
                           fmt::format("work budget spent: {} continuation steps in all (raise --h-max or narrow the range)",
                                       max_steps_total));
  said_ = true;
  return true;
}

std::vector<BranchPoint> BranchWalker::trace(const X& x0, const X& t0, Branch& br) {
  std::vector<BranchPoint> pts;
  Node cur = tr_.node(x0, t0);
  pts.push_back(tr_.point(cur));
  const Node start = cur;
  const ContinuationOptions& opt = tr_.options();
  double h = std::min(opt.h_initial, opt.h_max);
  for (int n = 0;; ++n) {
    if (budget_.spent(findings_)) break;
    budget_.count();
    poll_cancellation();  // core/cancellation.hpp: once per continuation step
    if (opt.progress && progress_due())  // at most once a second (core/progress.hpp)
      opt.progress(fmt::format("{} continuation steps; branch {} at {} = {:.9g}", budget_.steps(), br.id, name_,
                               cur.x[4]));
    if (n == max_steps_per_branch) {
      findings_.doubts.push_back(fmt::format("branch {} was cut after {} steps at {} = {:.9g}", br.id, n, name_, cur.x[4]));
      break;
    }
    const std::optional<Node> next = step(cur, h);
    if (!next && end_at_valid_edge(cur, pts)) break;
    if (!next && kink_stop_(cur, br.id)) break;
    if (!next) {
      findings_.doubts.push_back(fmt::format("branch {} stopped at {} = {}: the corrector failed", br.id, name_, cur.x[4]));
      break;
    }
    if (n > 4 && passes(cur, *next, start, h)) {
      close_loop(cur, start, br, pts);
      break;
    }
    if (!events_.record(cur, *next, h, br.id, pts)) {  // a node within the step left the branch
      h *= 0.5;
      continue;
    }
    kink_pass_(cur, *next, h, br.id);
    const double p = next->x[4];
    if (p < range_.lo || p > range_.to) {
      end_at_boundary(cur, *next, pts);
      break;
    }
    pts.push_back(tr_.point(*next));
    cur = *next;
    h = std::min(opt.h_max, h * 1.3);
  }
  return pts;
}

std::optional<std::vector<BranchPoint>> BranchWalker::trace_between(const X& x0, const X& x1, double h_cap, Branch& br) {
  const X chord = x1 - x0;
  Node cur = tr_.node(x0, chord.normalized());
  std::vector<BranchPoint> pts{tr_.point(cur)};
  const int max_steps = static_cast<int>(refine_step_budget * (chord.norm() / h_cap + 1));
  double h = h_cap;
  for (int n = 0; n < max_steps; ++n) {
    if (budget_.spent(findings_)) return std::nullopt;
    budget_.count();
    poll_cancellation();  // core/cancellation.hpp: once per continuation step
    const double left = (x1 - cur.x).norm();
    if (left <= h_cap) {  // the last piece, onto the end itself (its tangent the way the walk goes)
      const Node end = tr_.node(x1, cur.t);
      events_.record(cur, end, left, br.id, pts, false);
      pts.push_back(tr_.point(end));
      return pts;
    }
    const std::optional<Node> next = step(cur, h, h_cap);
    if (!next) return std::nullopt;
    if (!events_.record(cur, *next, h, br.id, pts)) {  // a node within the step left the branch
      h *= 0.5;
      continue;
    }
    pts.push_back(tr_.point(*next));
    cur = *next;
    h = std::min(h_cap, h * 1.3);
  }
  return std::nullopt;
}

std::optional<Node> BranchWalker::step(const Node& cur, double& h) { return step(cur, h, tr_.options().h_max); }

// One accepted step from cur (h is halved as needed, and kept to h_max): it turns the tangent
// by less than ~0.3 rad, unless h is down to its floor.
std::optional<Node> BranchWalker::step(const Node& cur, double& h, double h_max) {
  h = std::min(h, h_max);
  const auto jumps = [&](double p) { return has_jump_set(tr_.field().system(p).friction().kink_sets()); };
  for (;;) {
    std::optional<Node> next = tr_.at(cur, h);
    if (next && next->t.dot(cur.t) < 0) next->t = -next->t;
    const bool smooth = next && next->t.dot(cur.t) >= min_tangent_cos &&
                        ((next->x - cur.x).norm() <= max_chord_per_h * h || !jumps(cur.x[4]));
    if (smooth) return next;
    if (h <= tr_.options().h_min) return std::nullopt;
    h = std::max(0.5 * h, tr_.options().h_min);
  }
}

bool BranchWalker::passes(const Node& cur, const Node& next, const Node& start, double h) {
  const X d = next.x - cur.x;
  const double l2 = d.squaredNorm();
  const double s = l2 > 0 ? std::clamp((start.x - cur.x).dot(d) / l2, 0.0, 1.0) : 0.0;
  return (cur.x + s * d - start.x).norm() <= closure_gap_fraction * h && next.t.dot(start.t) > closure_tangent_cos;
}

// The last piece of a loop, from cur back to its start: its events, and the start again.
void BranchWalker::close_loop(const Node& cur, const Node& start, Branch& br, std::vector<BranchPoint>& pts) {
  events_.record(cur, start, (start.x - cur.x).norm(), br.id, pts, false);
  pts.push_back(tr_.point(start));
  br.closed = true;
}

// A sweep that ends where its parameter's valid range ends (d = 1 of a distortion, docs/manual.md
// section 6) cannot step past it: a branch whose steps fail within h_max of that end, heading
// there, is closed onto it by Newton at fixed p.
bool BranchWalker::end_at_valid_edge(const Node& cur, std::vector<BranchPoint>& pts) {
  const double edge = cur.t[4] > 0 ? range_.to : range_.lo;
  if (!(std::abs(edge - cur.x[4]) <= tr_.options().h_max)) return false;
  X xb = cur.x;
  if (!tr_.correct_at_p(xb, edge)) return false;
  pts.push_back(tr_.point(tr_.node(xb, cur.t)));
  return true;
}

// The branch ends exactly at the boundary it crosses between cur and next.
void BranchWalker::end_at_boundary(const Node& cur, const Node& next, std::vector<BranchPoint>& pts) {
  const double p = next.x[4], edge = p < range_.lo ? range_.lo : range_.to;
  X xb = cur.x + (next.x - cur.x) * (edge - cur.x[4]) / (p - cur.x[4]);
  if (!tr_.correct_at_p(xb, edge)) return;
  pts.push_back(tr_.point(tr_.node(xb, cur.t)));
  // past a continuum at from: close the branch onto from itself
  if (p < range_.lo && range_.lo > range_.from && tr_.correct_at_p(xb, range_.from))
    pts.push_back(tr_.point(tr_.node(xb, cur.t)));
}

}  // namespace limitdir::detail
