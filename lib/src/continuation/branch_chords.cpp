// The branches of a diagram at the accuracy asked for: see limitdir/continuation/branch_chords.hpp.
#include "limitdir/continuation/branch_chords.hpp"

#include <cmath>
#include <fmt/format.h>
#include <optional>
#include <string>

#include "continuation/branch_tracer.hpp"
#include "continuation/circle_proof.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/limits/classify.hpp"
#include "limitdir/limits/proof.hpp"

namespace limitdir {
namespace {

using detail::BranchTracer;
using detail::make_x;
using detail::Node;
using detail::X;
using Scaled = Eigen::Vector4d;

// max_s s (1 - s)|s - 1/2| = 1/(12 sqrt 3) times 32/3, the factor of |d(3/4) - d(1/4)| in the
// bound of the header's comment
constexpr double quarter_factor = 32.0 / (3.0 * 12.0 * 1.7320508075688772);

/// The scaled space of the header's comment.
struct ChordSpace {
  double from, range;
  Scaled scaled(const X& x) const { return {x[0], x[1], x[2], (x[4] - from) / range}; }
  /// The normal, in the tracer's unknowns (w, rdot, p), of the hyperplanes normal to the chord a-b
  /// in S: D . (S(y) - S(x)) = (S^T D) . (y - x) with D = S(b) - S(a).
  X normal(const X& a, const X& b) const {
    X n = b - a;
    n[3] = 0;
    n[4] /= range * range;
    return n;
  }
};

class ChordRefiner {
 public:
  ChordRefiner(BranchTracer& tr, const ChordSpace& space, double tol, std::size_t& points)
      : tr_(tr), space_(space), tol_(tol), points_(points) {}

  /// The branch's polyline refined (empty) or why it could not be.
  std::string refine(Branch& br) {
    if (br.jump_set) return constant_direction(br) ? "" : fmt::format("branch {} on the {} (a jump set of q) is not a "
                                                                      "curve of zeros of (125) and was not refined",
                                                                      br.id, *br.jump_set);
    std::vector<BranchPoint> out{br.points.front()};
    for (std::size_t i = 1; i < br.points.size(); ++i) {
      const std::string why = refine_chord(br.points[i], out);
      if (!why.empty()) return fmt::format("branch {}: {}", br.id, why);
    }
    br.points = std::move(out);
    return {};
  }

 private:
  static X x_of(const BranchPoint& q) { return make_x(q.w, q.rdot, q.p); }
  static bool constant_direction(const Branch& br) {
    for (const BranchPoint& q : br.points)
      if (q.w != br.points.front().w) return false;
    return true;
  }

  /// The branch's point at the fraction s of the chord a-b (corrected in the hyperplane through
  /// a + s (b - a) normal to the chord in S) and its deviation d(s) in S; nothing when the
  /// corrector fails or leaves the chord's piece of the branch.
  std::optional<std::pair<Node, Scaled>> at(const X& a, const X& b, double s) {
    const X d = b - a, xs = a + s * d;
    X y = xs;
    if (!tr_.correct(y, space_.normal(a, b).normalized(), xs) || !y.allFinite()) return std::nullopt;
    // as a step's acceptance (continuation/branch_walk.cpp): the corrector moved the point by less
    // than the chord itself and the branch's tangent there is within ~0.3 rad of the chord
    // (min_tangent_cos), else it landed on another branch or another piece of this one
    if ((y - xs).norm() > d.norm()) return std::nullopt;
    const Node n = tr_.node(y, d);
    if (!(n.t.dot(d.normalized()) >= detail::min_tangent_cos)) return std::nullopt;
    return std::pair{n, Scaled(space_.scaled(y) - space_.scaled(xs))};
  }

  /// The chord from out.back() to b, split until every piece holds the bound; the pieces' points
  /// appended to out (b last).
  std::string refine_chord(const BranchPoint& b, std::vector<BranchPoint>& out) {
    std::vector<BranchPoint> pending{b};  // right ends still to reach from out.back()
    while (!pending.empty()) {
      const X xa = x_of(out.back()), xb = x_of(pending.back());
      if ((xb - xa).norm() == 0) {  // a repeated point (a loop's start, closing it)
        out.push_back(pending.back());
        pending.pop_back();
        continue;
      }
      const auto q1 = at(xa, xb, 0.25), q2 = at(xa, xb, 0.5), q3 = at(xa, xb, 0.75);
      if (!q1 || !q2 || !q3)
        return fmt::format("the corrector did not find the branch between p = {:.12g} and {:.12g}", out.back().p,
                           pending.back().p);
      if (q2->second.norm() + quarter_factor * (q3->second - q1->second).norm() <= tol_) {
        out.push_back(pending.back());
        pending.pop_back();
        continue;
      }
      const X& xm = q2->first.x;
      if (xm == xa || xm == xb) return fmt::format("the chord at p = {:.12g} cannot be halved in double", out.back().p);
      if (++points_ > max_chord_points) return fmt::format("more than {} points", max_chord_points);
      pending.push_back(tr_.point(q2->first));
    }
    return {};
  }

  BranchTracer& tr_;
  const ChordSpace& space_;
  double tol_;
  std::size_t& points_;
};

/// The Fig. 11 colour of every point inserted, as the sweep gives its points theirs (colour_of,
/// limits/classify.hpp: only on the invariant circle).
void colour_points(BranchTracer& tr, Branch& br) {
  if (br.jump_set) return;
  for (BranchPoint& q : br.points) {
    if (q.colour) continue;
    const std::shared_ptr<const System> sys = tr.field().system_ptr(q.p);
    if (sys->has_invariant_circle())
      q.colour = classify(*sys, tr.field().force(q.p), q.w, tr.options().solver.classify).colour;
  }
}

}  // namespace

namespace {

/// What stops the proof the sweep gave the branches from covering the refined polylines (empty:
/// nothing), that proof run again on them: on the invariant circle every segment on a graph of
/// (132) (enclose_circle_branches), off it every segment in a tube holding one curve of zeros
/// (enclose_branch_segment, limits/proof.hpp; the segments the sweep enclosed by the Z2-symmetric
/// reduction at a pitchfork are not tried that way, and so stop it).
std::string proof_gap(const ParameterFamily& family, const Diagram& d) {
  if (!family.load_sweep) return "not a load sweep";
  const System sys = family.system(d.from);
  std::string why;
  if (find_claim(d.certificate, "invariant-circle"))
    return detail::enclose_circle_branches(sys, d.branches, why) ? "" : why;
  for (const Branch& br : d.branches) {
    const std::size_t n = br.points.size();
    for (std::size_t k = 0; k + 1 < n + (br.closed ? 1 : 0); ++k) {
      const BranchPoint &a = br.points[k], &b = br.points[(k + 1) % n];
      const SegmentEnclosure e = enclose_branch_segment(sys, a.w, a.p, b.w, b.p);
      if (!e.proven) return fmt::format("branch {} at p = {:.12g}: {}", br.id, a.p, e.reason);
    }
  }
  return "";
}

/// The branches claim after refinement (`why`: what stopped it, empty when done): incomplete with
/// `why`; proven only if the proof of the branches holds for the refined polylines; else as it was,
/// with what was done.
void certify_refinement(const ParameterFamily& family, Diagram& d, double tol, std::size_t inserted,
                        const std::string& why) {
  Certificate& cert = d.certificate;
  const Claim* old = find_claim(cert, "branches");
  const std::string before = old ? old->reason : "";
  if (!why.empty()) {
    const std::string doubt =
        fmt::format("the branches could not be refined to chords within {:g} (--max-chord): {}", tol, why);
    set_claim(cert, "branches", Level::incomplete, doubt + (before.empty() ? "" : "; " + before));
    cert.reason = doubt + "; " + cert.reason;
    return;
  }
  const std::string done =
      fmt::format("{} point(s) inserted so that every chord lies within {:g} of its branch in (w, (p - from)/(to - "
                  "from)) (--max-chord)",
                  inserted, tol);
  if (old && old->level == Level::proven) {
    const std::string reason = proof_gap(family, d);
    if (reason.empty()) {
      const std::string also = done + ", and the proof of the branches holds for the refined polylines too";
      set_claim(cert, "branches", Level::proven, before + "; " + also);
      cert.reason += "; " + also;
      return;
    }
    const std::string lost = fmt::format("{}; the proof of the branches does not cover them ({}): checked", done, reason);
    set_claim(cert, "branches", Level::checked, lost + "; " + before);
    cert.reason = lost + "; " + cert.reason;
    return;
  }
  if (old) set_claim(cert, "branches", old->level, before + "; " + done);
  cert.reason += "; " + done;
}

}  // namespace

std::size_t refine_branch_chords(const ParameterFamily& family, Diagram& diagram, double tol,
                                 const ContinuationOptions& options) {
  if (!(std::isfinite(tol) && tol > 0))
    throw InputError(fmt::format("refine_branch_chords: the chord tolerance must be a finite number > 0 (got {})", tol));
  BranchTracer tr(family, options);
  const ChordSpace space{diagram.from, diagram.to - diagram.from};
  std::size_t points = 0;
  for (const Branch& br : diagram.branches) points += br.points.size();
  const std::size_t before = points;
  ChordRefiner refiner(tr, space, tol, points);
  std::string why;
  for (Branch& br : diagram.branches) {
    if (br.points.size() < 2) continue;
    why = refiner.refine(br);
    if (!why.empty()) break;
    colour_points(tr, br);
  }
  certify_refinement(family, diagram, tol, points - before, why);
  return points - before;
}

}  // namespace limitdir
