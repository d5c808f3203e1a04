// The branches of two bifurcation diagrams compared as curves in (p, w) and by the types of
// their points along them (diagram_differences, docs/manual.md section 5): a point of one
// diagram must lie within tolerance of the other's polyline, sampling allowed for, with a type
// that some place there accepts; see report/diagram_compare.hpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "report/diagram_compare.hpp"

namespace limitdir {

using detail::number_text;
using detail::Tolerance;
using detail::vector_text;

namespace {

/// The scaled distance of the point (p, w) from the segment [(p0, w0), (p1, w1)] in (p, w)
/// space, with the parameter measured in units of tol_p and the direction in units of tol_w
/// (the point is within tolerance of the segment when it is <= 1), and where along the
/// segment (0 at s0, 1 at s1) the nearest point lies.
struct Nearest {
  double distance, t;
};

Nearest scaled_distance(double p, const Eigen::Vector3d& w, const BranchPoint& s0, const BranchPoint& s1, double tol_p,
                        double tol_w) {
  Eigen::Vector4d x, a, b;
  x << p / tol_p, w / tol_w;
  a << s0.p / tol_p, s0.w / tol_w;
  b << s1.p / tol_p, s1.w / tol_w;
  const Eigen::Vector4d d = b - a;
  const double length2 = d.squaredNorm();
  double t = length2 > 0.0 ? (x - a).dot(d) / length2 : 0.0;
  t = std::isfinite(t) ? std::clamp(t, 0.0, 1.0) : 0.0;
  const double distance = (x - a - t * d).norm();
  // Overflowing scaled numbers (a tiny tolerance) fall back to the ends of the segment.
  if (std::isfinite(distance)) return {distance, t};
  const double to_a = (x - a).norm(), to_b = (x - b).norm();
  return to_a <= to_b ? Nearest{to_a, 0.0} : Nearest{to_b, 1.0};
}

// ----- branches: curves and the types of their points -------------------------------------------

/// How far around a point segments are searched, in units of its tolerances: a segment at scaled
/// distance <= 1 meets [p - tol_p, p + tol_p] and comes within tol_w of w; twice that keeps
/// rounding from dropping one at distance exactly 1 (scaled_distance then decides).
constexpr double kSearchTolerances = 2.0;
/// A chord c of a curve of radius R departs from it by the sagitta c^2 / (8R), and the chord
/// turns against a neighbouring chord c' by alpha = (c + c') / (2R) >= c / (2R) (circular arc):
/// the sagitta is at most c alpha / 4, whatever the neighbour's length. With alpha the larger
/// turn at the chord's two ends this bounds how far the polyline of a sampled branch may lie
/// from the branch it samples (diagram_differences: sampling is not a difference).
constexpr double kSagittaPerTurn = 0.25;
/// Type differences reported one sentence each; the rest are counted in one more sentence.
constexpr std::size_t kMaxTypeSentences = 10;

/// A piece of a branch's polyline between two of its points (a = b on a one-point branch), the
/// range [lo, hi] of the parameter it covers and its length in w.
struct Segment {
  const Branch* branch;
  const BranchPoint* a;
  const BranchPoint* b;
  double lo, hi;
  double w_length;
  double allowance = 0.0;  // the sagitta bound (kSagittaPerTurn) in the relative units of Tolerance::curve_p

  /// False when no point of the segment comes within `reach` of w (|w - a.w| > w_length + reach):
  /// a test without a square root that spares most scaled_distance calls.
  bool may_reach(const Eigen::Vector3d& w, double reach) const {
    const double bound = w_length + reach;
    return (w - a->w).squaredNorm() <= bound * bound;
  }
};

/// The segments of a diagram's branches, cut into runs along which p is monotone (a branch
/// turns back in p only at its folds, Sect. 7.2.8), each run ordered so that lo and hi both
/// increase: the segments meeting a window of p are then found by binary search, in
/// O(runs log n + found) instead of a scan of every segment.
class SegmentIndex {
 public:
  explicit SegmentIndex(const std::vector<Branch>& branches) {
    for (const Branch& branch : branches) {
      std::vector<Segment> segments = segments_of(branch);
      add_allowances(segments, branch.closed);
      for (const Segment& s : segments) max_allowance_ = std::max(max_allowance_, s.allowance);
      add_runs(segments);
    }
  }

  /// The largest allowance of any segment: how much farther than its tolerance a point may be searched.
  double max_allowance() const { return max_allowance_; }

  /// Calls visit(segment) for the segments whose range of p meets [lo, hi] until it returns true;
  /// whether it did.
  template <typename Visit>
  bool any_meeting(double lo, double hi, Visit visit) const {
    for (const std::vector<Segment>& run : runs_) {
      auto it = std::lower_bound(run.begin(), run.end(), lo, [](const Segment& s, double x) { return s.hi < x; });
      for (; it != run.end() && it->lo <= hi; ++it)
        if (visit(*it)) return true;
    }
    return false;
  }

 private:
  /// The segments of one branch in order, the closing one of a closed branch included.
  static std::vector<Segment> segments_of(const Branch& branch) {
    const auto& points = branch.points;
    std::vector<Segment> segments;
    const auto add = [&](const BranchPoint& a, const BranchPoint& b) {
      segments.push_back({&branch, &a, &b, std::min(a.p, b.p), std::max(a.p, b.p), (b.w - a.w).norm()});
    };
    if (points.size() == 1) add(points[0], points[0]);
    for (std::size_t k = 0; k + 1 < points.size(); ++k) add(points[k], points[k + 1]);
    if (branch.closed && points.size() > 2) add(points.back(), points.front());
    return segments;
  }

  /// A segment in the relative units of the curve tolerance: (dp / max(1, |p|), dw).
  static Eigen::Vector4d chord(const Segment& s) {
    Eigen::Vector4d d;
    d << (s.b->p - s.a->p) / std::max(1.0, std::max(std::abs(s.a->p), std::abs(s.b->p))), s.b->w - s.a->w;
    return d;
  }

  /// The sagitta bound kSagittaPerTurn |chord| alpha of each segment, alpha the larger angle by
  /// which the polyline turns at its two ends (none at the open ends of a branch).
  static void add_allowances(std::vector<Segment>& segments, bool closed) {
    const std::size_t n = segments.size();
    std::vector<Eigen::Vector4d> chords(n);
    for (std::size_t k = 0; k < n; ++k) chords[k] = chord(segments[k]);
    const auto turn = [&](std::size_t k, std::size_t l) {
      const double norms = chords[k].norm() * chords[l].norm();
      if (!(norms > 0.0)) return 0.0;
      return std::acos(std::clamp(chords[k].dot(chords[l]) / norms, -1.0, 1.0));
    };
    for (std::size_t k = 0; k < n; ++k) {
      double alpha = 0.0;
      if (k > 0 || (closed && n > 2)) alpha = std::max(alpha, turn(k, k > 0 ? k - 1 : n - 1));
      if (k + 1 < n || (closed && n > 2)) alpha = std::max(alpha, turn(k, k + 1 < n ? k + 1 : 0));
      const double allowance = kSagittaPerTurn * chords[k].norm() * alpha;
      segments[k].allowance = std::isfinite(allowance) ? allowance : 0.0;
    }
  }

  /// Cuts consecutive segments where p turns back; a run along which p falls is reversed.
  void add_runs(const std::vector<Segment>& segments) {
    std::vector<Segment> run;
    int direction = 0;  // +1: p rises along the run, -1: it falls, 0: not known yet
    const auto close = [&] {
      if (direction < 0) std::reverse(run.begin(), run.end());
      if (!run.empty()) runs_.push_back(std::move(run));
      run.clear();
    };
    for (const Segment& s : segments) {
      const int step = s.b->p > s.a->p ? 1 : s.b->p < s.a->p ? -1 : 0;
      if (step != 0 && direction != 0 && step != direction) close();
      if (step != 0) direction = step;
      run.push_back(s);
    }
    close();
  }

  std::vector<std::vector<Segment>> runs_;
  double max_allowance_ = 0.0;
};

/// The scaled distance of (p, w) from a segment less the segment's sampling allowance, in
/// units of the curve tolerance: the point lies on the sampled curve when it is <= 1. The
/// curve passes through the samples, so the allowance is the sagitta's profile 4 t (1 - t)
/// times its bound (a parabola, the circular arc to second order): none at the segment's ends.
double beyond_allowance(const BranchPoint& point, const Segment& s, const Tolerance& tol) {
  const Nearest nearest = scaled_distance(point.p, point.w, *s.a, *s.b, tol.curve_p(point.p), tol.curve_w());
  return nearest.distance - 4.0 * nearest.t * (1.0 - nearest.t) * s.allowance / tol.curve;
}

/// The smallest scaled distance of (p, w) from the segments, or as soon as one is found, any
/// distance <= good_enough (a point that cannot be the farthest needs no more).
double distance_to_segments(const BranchPoint& point, const SegmentIndex& segments, const Tolerance& tol,
                            double good_enough) {
  const double everywhere = std::numeric_limits<double>::infinity();
  double best = everywhere;
  segments.any_meeting(-everywhere, everywhere, [&](const Segment& s) {
    best = std::min(best, beyond_allowance(point, s, tol));
    return best <= good_enough;
  });
  return best;
}

/// The events of a diagram by the ids of the branches through them.
using EventsOnBranch = std::map<int, std::vector<const Event*>>;

EventsOnBranch events_by_branch(const std::vector<Event>& events) {
  EventsOnBranch out;
  for (const Event& event : events)
    for (const int id : event.branches) out[id].push_back(&event);
  return out;
}

/// Whether p lies within tolerance of an event on branch `id`: an event is known only to the
/// tolerance within which same_event matches it (widened by its error when bracketed), so a
/// point that close may lie on either side of it.
bool near_event(double p, int id, const EventsOnBranch& events, const Tolerance& tol) {
  const auto it = events.find(id);
  if (it == events.end()) return false;
  return std::any_of(it->second.begin(), it->second.end(), [&](const Event* event) {
    return tol.same_p(p, event->p, event->located ? 0.0 : event->p_error);
  });
}

/// One half of a point's type (radial by R*(w) (121), Def. 2; on the sphere by J_T,
/// Sect. 7.2.6-7.2.8) against a segment [a, b] of the other curve. Exempt is a point exactly at
/// an event (`at_event`: tangent, non-hyperbolic), a segment whose ends differ (the change lies
/// between them, wherever the samples fall) or whose ends are both at an event; otherwise the
/// point must have the segment's type.
template <typename Kind>
bool half_agrees(Kind mine, Kind a, Kind b, Kind at_event) {
  return mine == at_event || a != b || a == at_event || mine == a;
}

bool type_agrees(const BranchPoint& point, const Segment& segment) {
  return half_agrees(point.radial, segment.a->radial, segment.b->radial, Radial::tangent) &&
         half_agrees(point.type, segment.a->type, segment.b->type, SphereType::non_hyperbolic);
}

/// One diagram as the branch comparison sees it.
struct Side {
  const std::vector<Branch>& branches;
  EventsOnBranch events;
  SegmentIndex segments;
  std::string name;  // "A" or "B"
  /// Branches of closed orbits, compared as curves in (p, ln T) (orbit_branch_differences): w
  /// holds (ln T, 0, 0) and every point the same type.
  bool orbits = false;
};

/// A point whose type no place of the other diagram within tolerance shares; `place` is the nearest.
struct TypeMismatch {
  const Side* mine;
  const Side* theirs;
  const Branch* branch;
  const BranchPoint* point;
  const Segment* place;
};

/// Whether the point of `branch` (of mine) may have its type at `place` (of theirs): the types
/// agree there, or the point lies within tolerance of an event of either branch, where types
/// legitimately change (tangency: radial; fold, branch point, Hopf: on the sphere; Sect. 7.2.8).
bool place_accepts(const BranchPoint& point, const Branch& branch, const Segment& place, const Side& mine,
                   const Side& theirs, const Tolerance& tol) {
  return type_agrees(point, place) || near_event(point.p, branch.id, mine.events, tol) ||
         near_event(point.p, place.branch->id, theirs.events, tol);
}

/// A point of mine against the branches of theirs: whether it lies on one (within the curve
/// tolerance, scaled distance <= 1), whether some segment there accepts its type, and if none
/// does, the nearest. Any segment within tolerance may accept, not only the nearest: crossing
/// branches (branch points, Sect. 7.2.8) both pass within tolerance of the crossing, and a point
/// at a sample of theirs lies on both segments through it, so it is exempt when that sample's
/// type differs from a neighbour's (the change lies within a step of the point).
struct Verdict {
  bool on_curve = false;
  bool accepted = false;
  const Segment* nearest = nullptr;
  double nearest_distance = std::numeric_limits<double>::infinity();
};

Verdict judge(const BranchPoint& point, const Branch& branch, const Side& mine, const Side& theirs,
              const Tolerance& tol) {
  // relative reach: the search tolerances plus the largest sampling allowance of theirs
  const double reach = kSearchTolerances * tol.curve + theirs.segments.max_allowance();
  const double window = reach * std::max(1.0, std::abs(point.p));
  Verdict verdict;
  verdict.accepted = theirs.segments.any_meeting(point.p - window, point.p + window, [&](const Segment& place) {
    if (!place.may_reach(point.w, reach)) return false;
    const double distance = beyond_allowance(point, place, tol);
    if (distance > 1.0) return false;
    verdict.on_curve = true;
    if (place_accepts(point, branch, place, mine, theirs, tol)) return true;
    if (distance < verdict.nearest_distance) {
      verdict.nearest = &place;
      verdict.nearest_distance = distance;
    }
    return false;
  });
  return verdict;
}

/// The points of a branch that lie on no branch of the other diagram, and the farthest of them.
struct OffPoints {
  std::size_t count = 0;
  const BranchPoint* worst = nullptr;
  double worst_distance = 0.0;

  void add(const BranchPoint& point, const SegmentIndex& theirs, const Tolerance& tol) {
    ++count;
    const double distance = distance_to_segments(point, theirs, tol, std::max(1.0, worst_distance));
    if (worst == nullptr || distance > worst_distance) {
      worst = &point;
      worst_distance = distance;
    }
  }
};

std::string off_text(const Branch& branch, const OffPoints& off, const Side& mine, const std::string& other,
                     const std::string& parameter) {
  const std::string what = mine.orbits ? "orbit branch" : "branch";
  std::string text = what + " " + std::to_string(branch.id) + " of " + mine.name + ": " + std::to_string(off.count) +
                     " of " + std::to_string(branch.points.size()) + " points lie on no " + what + " of " + other +
                     " (farthest: " + parameter + " = " + number_text(off.worst->p) +
                     (mine.orbits ? ", period = " + number_text(std::exp(off.worst->w[0]))
                                  : ", w = " + vector_text(off.worst->w));
  text += std::isfinite(off.worst_distance) ? ", " + number_text(off.worst_distance) + " tolerances away)"
                                            : ", " + other + " has no " + what + " points)";
  return text;
}

/// Every point of every branch of `mine` against the branches of `theirs`: one sentence per
/// branch with points off them all; the points on them whose type no place within tolerance
/// accepts go to `mismatches`.
void compare_branches(const Side& mine, const Side& theirs, const Tolerance& tol, const std::string& parameter,
                      std::vector<std::string>& out, std::vector<TypeMismatch>& mismatches) {
  for (const Branch& branch : mine.branches) {
    OffPoints off;
    for (const BranchPoint& point : branch.points) {
      const Verdict verdict = judge(point, branch, mine, theirs, tol);
      if (!verdict.on_curve)
        off.add(point, theirs.segments, tol);
      else if (!verdict.accepted)
        mismatches.push_back({&mine, &theirs, &branch, &point, verdict.nearest});
    }
    if (off.count > 0) out.push_back(off_text(branch, off, mine, theirs.name, parameter));
  }
}

std::string type_text(Radial radial, SphereType type) { return to_string(radial) + " " + to_string(type); }

std::string mismatch_text(const TypeMismatch& m, const std::string& parameter) {
  const Segment& place = *m.place;
  std::string theirs = type_text(place.a->radial, place.a->type);
  if (place.a->radial != place.b->radial || place.a->type != place.b->type)
    theirs += " to " + type_text(place.b->radial, place.b->type);
  return "branch " + std::to_string(m.branch->id) + " of " + m.mine->name + " at " + parameter + " = " +
         number_text(m.point->p) + ", w = " + vector_text(m.point->w) + ": type " +
         type_text(m.point->radial, m.point->type) + " differs from branch " + std::to_string(place.branch->id) +
         " of " + m.theirs->name + " there (" + theirs + ")";
}

/// The first kMaxTypeSentences type differences, one sentence each, and a count of the rest.
void type_sentences(const std::vector<TypeMismatch>& mismatches, const std::string& parameter,
                    std::vector<std::string>& out) {
  for (std::size_t k = 0; k < mismatches.size() && k < kMaxTypeSentences; ++k)
    out.push_back(mismatch_text(mismatches[k], parameter));
  if (mismatches.size() > kMaxTypeSentences)
    out.push_back("and " + std::to_string(mismatches.size() - kMaxTypeSentences) +
                  " more point(s) whose type differs from the other diagram's there");
}

/// The branches of closed orbits as branches of curves in (p, ln T): the period is intrinsic to
/// the orbit, while the section point depends on where the continuation anchored its section.
std::vector<Branch> period_curves(const std::vector<OrbitBranch>& orbit_branches) {
  std::vector<Branch> out;
  for (const OrbitBranch& b : orbit_branches) {
    Branch curve;
    curve.id = b.id;
    for (const OrbitPoint& q : b.points)
      curve.points.push_back({q.p, Eigen::Vector3d(std::log(q.period), 0, 0), 0, Radial::tangent,
                              SphereType::non_hyperbolic});
    out.push_back(std::move(curve));
  }
  return out;
}

/// Where an orbit branch stops short of its end at a threshold (a Hopf end: the amplitude 0.02;
/// a fold or a blow-up: the smallest step), wherever its samples fall: between its end point and
/// the end's p, widened by the end's error on both sides. The other diagram's points there are
/// not compared with it.
std::vector<std::pair<double, double>> end_zones(const std::vector<OrbitBranch>& orbit_branches) {
  std::vector<std::pair<double, double>> zones;
  for (const OrbitBranch& b : orbit_branches)
    for (std::size_t k = 0; k < 2 && !b.points.empty(); ++k) {
      const OrbitEnd& end = b.ends[k];
      if (end.kind == "range-end" || end.kind == "lost") continue;
      const double q = k == 0 ? b.points.front().p : b.points.back().p;
      zones.emplace_back(std::min(q, end.p) - end.p_error, std::max(q, end.p) + end.p_error);
    }
  return zones;
}

/// The curves without their points in the other diagram's end zones.
std::vector<Branch> outside_zones(std::vector<Branch> curves, const std::vector<std::pair<double, double>>& zones) {
  for (Branch& b : curves)
    b.points.erase(std::remove_if(b.points.begin(), b.points.end(),
                                  [&](const BranchPoint& q) {
                                    return std::any_of(zones.begin(), zones.end(), [&](const auto& z) {
                                      return q.p >= z.first && q.p <= z.second;
                                    });
                                  }),
                   b.points.end());
  return curves;
}

}  // namespace

void detail::orbit_branch_differences(const Diagram& a, const Diagram& b, const Tolerance& tol,
                                      std::vector<std::string>& out) {
  const std::vector<Branch> curves_a = period_curves(a.orbit_branches), curves_b = period_curves(b.orbit_branches);
  // each side's points outside the other's end zones, against the other's whole curves
  const std::vector<Branch> points_a = outside_zones(curves_a, end_zones(b.orbit_branches));
  const std::vector<Branch> points_b = outside_zones(curves_b, end_zones(a.orbit_branches));
  const Side side_a{points_a, {}, SegmentIndex(curves_a), "A", true};
  const Side side_b{points_b, {}, SegmentIndex(curves_b), "B", true};
  std::vector<TypeMismatch> mismatches;  // none: every point has the same type
  compare_branches(side_a, side_b, tol, a.parameter, out, mismatches);
  compare_branches(side_b, side_a, tol, a.parameter, out, mismatches);
}

void detail::branch_differences(const Diagram& a, const Diagram& b, const Tolerance& tol,
                                std::vector<std::string>& out) {
  const std::string& name = a.parameter;
  const Side side_a{a.branches, events_by_branch(a.events), SegmentIndex(a.branches), "A"};
  const Side side_b{b.branches, events_by_branch(b.events), SegmentIndex(b.branches), "B"};
  std::vector<TypeMismatch> mismatches;
  compare_branches(side_a, side_b, tol, name, out, mismatches);
  compare_branches(side_b, side_a, tol, name, out, mismatches);
  type_sentences(mismatches, name, out);
}

}  // namespace limitdir
