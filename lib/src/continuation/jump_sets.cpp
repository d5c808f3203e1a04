// Branches of limit directions on the jump sets of the friction model: see
// continuation/jump_sets.hpp.
#include "continuation/jump_sets.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <optional>

#include "core/vector_text.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/limits/jump_zeros.hpp"

namespace limitdir::detail {

namespace {

// The grid of p on which the Filippov zeros are sampled: 256 intervals of the range (the
// branches on the sets of the bundled problems are straight in p, or at a fixed pole; their
// ends and tangencies are located by bisection to p_tol, and the sweep's checks against
// find-limits, which solves the same conditions, see any zero the grid missed).
constexpr int grid_intervals = 256;
// One branch from one grid value to the next: the same set and within 0.2 rad (a zero of the
// sliding field moves by |dphi/dp| dp, O(1) times a 256th of the range; distinct zeros of the
// equator are pi apart for the symmetric problems).
constexpr double link_reach = 0.2;
// Bisection in p: 2^-60 of a grid interval is below the rounding of p.
constexpr int max_halvings = 60;

std::vector<JumpZero> zeros_at(FamilyField& field, double p, std::vector<std::string>* doubts = nullptr) {
  const std::shared_ptr<const System> s = field.system_ptr(p);
  JumpZeros z = jump_zeros(*s, field.force(p));
  if (doubts) doubts->insert(doubts->end(), z.doubts.begin(), z.doubts.end());
  return z.zeros;
}

std::optional<JumpZero> nearest(const std::vector<JumpZero>& zs, const std::string& set, const Eigen::Vector3d& w) {
  std::optional<JumpZero> best;
  for (const JumpZero& z : zs)
    if (z.set == set && (z.w - w).norm() <= link_reach && (!best || (z.w - w).norm() < (best->w - w).norm())) best = z;
  return best;
}

BranchPoint point_of(const JumpZero& z, double p) { return {p, z.w, z.rdot, radial_of(z.rdot), z.type, std::nullopt}; }

}  // namespace

struct JumpSets::Open {
  Branch branch;
  JumpZero last;
  double p_last;
};

bool JumpSets::end_at_jump(double p, const std::string& set, const Eigen::Vector3d& w_set, int branch) {
  // the branch stops within the kink reach (1e-6) of the set; 0 is then within ~1e-6 of the
  // hull's boundary (|V*| on the ray from the set vanishes at the branch's direction): 1e-4
  constexpr double boundary_reach = 1e-4;
  const std::shared_ptr<const System> sys = tr_.field().system_ptr(p);
  const JumpZeros at = jump_zeros(*sys, tr_.field().force(p));
  std::optional<JumpZero> z = nearest(at.zeros, set, w_set);
  if (!z) z = nearest(at.outside, set, w_set);  // the branch goes on as the Filippov one beyond p
  if (!z || (z->w - w_set).norm() > boundary_reach || std::abs(z->margin) > boundary_reach) return false;
  log_.add(Event{EventKind::jump, p, {z->w}, {branch}, false, 0.0, {}, Level::checked});
  return true;
}

void JumpSets::check_events(const std::vector<Event>& events, const std::vector<Branch>& branches) {
  // on the set: within the kink reach 1e3 h_min (kink_crossing.cpp) of it
  const double reach = 1e3 * tr_.options().h_min;
  // a branch at constant p: its points' p agree to the rounding of the corrector (~1e-16 seen)
  constexpr double constant_p = 1e-12;
  for (const Event& e : events) {
    if (e.kind == EventKind::jump || e.kind == EventKind::continuum || e.directions.empty()) continue;
    const bool ordinary = std::any_of(e.branches.begin(), e.branches.end(), [&](int id) {
      return std::any_of(branches.begin(), branches.end(), [&](const Branch& b) { return b.id == id && !b.jump_set; });
    });
    const KinkSets sets = tr_.field().system(e.p).friction().kink_sets();
    const Eigen::Vector3d& w = e.directions.front();
    const bool at_pole = sets.poles == Smoothness::jump && std::hypot(w.x(), w.y()) <= reach;
    const bool at_equator = sets.equator == Smoothness::jump && std::abs(w.z()) <= reach;
    if (!ordinary || !(at_pole || at_equator)) continue;
    // a branch of the event that stays at its p: the limit directions fill a curve through the set
    // there (coulomb-point's half meridian at F = +-1 on the disc), a continuum not reported as one
    const bool curve = std::any_of(branches.begin(), branches.end(), [&](const Branch& b) {
      return !b.jump_set && std::count(e.branches.begin(), e.branches.end(), b.id) > 0 &&
             std::all_of(b.points.begin(), b.points.end(), [&](const BranchPoint& pt) {
               return std::abs(pt.p - e.p) <= constant_p * (1 + std::abs(e.p));
             });
    });
    findings_.doubts.push_back(
        curve ? fmt::format("at {} = {} the limit directions fill a curve through the model's jump set at w = {} (a "
                            "branch at constant {}, with a {} event there): a continuum the sweep does not resolve",
                            name_, e.p, vec(w), name_, to_string(e.kind))
              : fmt::format("the {} event at {} = {} of a branch of ordinary limit directions lies on the model's jump "
                            "set (w = {}): the branch is not followed across the discontinuity of V* there",
                            to_string(e.kind), name_, e.p, vec(w)));
  }
}

std::optional<Classification> jump_point_at(FamilyField& field, const std::string& set, const Eigen::Vector3d& w,
                                            double p) {
  const std::optional<JumpZero> z = nearest(zeros_at(field, p), set, w);
  if (!z) return std::nullopt;
  return classification_of(*z);
}

// An end of a branch on a jump set, located by bisection in p.
struct JumpSets::End {
  double p, p_error;
  JumpZero z;
  int branch;
};

// The last p at which the zero z (at a) still exists going towards b, with the zero there;
// whether the set turned into a circle of zeros at b (a continuum: an end, not an event). b is
// narrowed to the other end of the final bracket.
std::pair<double, JumpZero> JumpSets::bisect_end(const JumpZero& z, double a, double& b, bool& at_circle) {
  JumpZero at_a = z;
  for (int it = 0; it < max_halvings && std::abs(b - a) > tr_.options().p_tol; ++it) {
    const double m = 0.5 * (a + b);
    if (const auto zm = nearest(zeros_at(tr_.field(), m), z.set, at_a.w)) {
      a = m;
      at_a = *zm;
    } else {
      b = m;
    }
  }
  at_circle = jump_zeros(tr_.field().system(b), tr_.field().force(b)).equator_circle;
  return {a, at_a};
}

// The ends of branches inside the range: at the hull's boundary a jump event (a branch of
// ordinary limit directions meets the set); inside it, where the sliding field is smooth, two
// branches end together at a fold of g (a saddle-node of Filippov limit directions); an end
// inside the hull without a partner is a doubt.
void JumpSets::log_ends(const std::vector<End>& ends) {
  // 1e-6: the ends are located to p_tol = 1e-11 and lie ~1e-5 apart in w at a fold located so
  constexpr double boundary_margin = 1e-6, same_fold = 1e-2;
  for (const End& e : ends) {
    if (e.z.margin <= boundary_margin) {
      log_.add(Event{EventKind::jump, e.p, {e.z.w}, {e.branch}, e.p_error <= tr_.options().p_tol, e.p_error, {},
                     Level::checked});
      continue;
    }
    const bool paired = std::any_of(ends.begin(), ends.end(), [&](const End& o) {
      return o.branch != e.branch && o.z.set == e.z.set && o.z.margin > boundary_margin &&
             std::abs(o.p - e.p) <= 1e-7 * (1 + std::abs(e.p)) && (o.z.w - e.z.w).norm() <= same_fold;
    });
    if (paired) {
      log_.add(Event{EventKind::fold, e.p, {e.z.w}, {e.branch}, e.p_error <= tr_.options().p_tol, e.p_error, {},
                     Level::checked});
    } else {
      findings_.doubts.push_back(fmt::format("the limit direction w = {} on the model's jump set ({}) ends at {} = {} "
                                             "inside the Filippov set without a partner: not followed",
                                             vec(e.z.w), e.z.set, name_, e.p));
    }
  }
}

void JumpSets::trace(std::vector<Branch>& branches) {
  const KinkSets sets = tr_.field().system(range_.from).friction().kink_sets();
  if (sets.poles != Smoothness::jump && sets.equator != Smoothness::jump) return;
  std::vector<std::string> doubts;
  std::vector<Open> open;
  std::vector<Branch> done;
  std::vector<End> ends;
  int next_id = static_cast<int>(branches.size());
  // an end between the last value a branch has (a) and b, where it has none
  const auto end_between = [&](Open& o, double a, const JumpZero& za, double b) {
    bool circle = false;  // (b narrowed to the bracket)
    const auto [p_end, z_end] = bisect_end(za, a, b, circle);
    if (p_end != a) o.branch.points.push_back(point_of(z_end, p_end));
    if (!circle && range_.inside(p_end) && p_end > range_.from) ends.push_back({p_end, std::abs(b - p_end), z_end, o.branch.id});
  };
  const double from = range_.from, to = range_.to;
  for (int i = 0; i <= grid_intervals; ++i) {
    const double p = from + (to - from) * i / grid_intervals, p_prev = from + (to - from) * (i - 1) / grid_intervals;
    std::vector<JumpZero> zs = zeros_at(tr_.field(), p, &doubts);
    std::vector<Open> still;
    for (Open& o : open) {
      auto it = std::find_if(zs.begin(), zs.end(), [&](const JumpZero& z) {
        return z.set == o.last.set && (z.w - o.last.w).norm() <= link_reach;
      });
      if (it == zs.end()) {
        end_between(o, o.p_last, o.last, p);
        done.push_back(std::move(o.branch));
        continue;
      }
      if ((it->rdot < 0) != (o.last.rdot < 0) && it->rdot != 0 && o.last.rdot != 0) tangency(o, *it, p);
      o.branch.points.push_back(point_of(*it, p));
      o.last = *it;
      o.p_last = p;
      zs.erase(it);
      still.push_back(std::move(o));
    }
    open = std::move(still);
    for (const JumpZero& z : zs) {  // born between p_prev and p: its start is an end going down
      Open o{Branch{}, z, p};
      o.branch.jump_set = z.set;
      o.branch.id = next_id++;
      if (i > 0) end_between(o, p, z, p_prev);
      std::reverse(o.branch.points.begin(), o.branch.points.end());
      o.branch.points.push_back(point_of(z, p));
      open.push_back(std::move(o));
    }
  }
  for (Open& o : open) done.push_back(std::move(o.branch));
  std::sort(done.begin(), done.end(), [](const Branch& a, const Branch& b) { return a.id < b.id; });
  for (Branch& b : done) branches.push_back(std::move(b));
  log_ends(ends);
  if (!doubts.empty()) findings_.doubts.push_back(fmt::format("on the model's jump sets: {}", doubts.front()));
  findings_.notes.push_back("the limit directions on the model's jump sets (Filippov: 0 in the hull of the one-sided "
                            "values of V*) are followed by their 1-D condition on a grid of the parameter, their ends "
                            "(jump events, folds) and tangencies located by bisection");
}

// The load where rdot changes sign between the branch's last value and z at p: a tangency.
void JumpSets::tangency(const Open& o, const JumpZero& z, double p) {
  double a = o.p_last, b = p;
  JumpZero za = o.last;
  for (int it = 0; it < max_halvings && std::abs(b - a) > tr_.options().p_tol; ++it) {
    const double m = 0.5 * (a + b);
    const auto zm = nearest(zeros_at(tr_.field(), m), z.set, za.w);
    if (!zm) break;
    ((zm->rdot < 0) == (o.last.rdot < 0) ? a : b) = m;
    za = *zm;
  }
  const double pt = 0.5 * (a + b);
  if (range_.inside(pt))
    log_.add(Event{EventKind::tangency, pt, {za.w}, {o.branch.id}, std::abs(b - a) <= tr_.options().p_tol,
                   std::abs(b - a), {}, Level::checked});
}

}  // namespace limitdir::detail
