// The certificate levels of find-limits (limits/limits.hpp): a numerical limit set is "checked" by
// Poincare-Hopf; it is "proven" when prove_limit_directions (limits/proof.hpp) encloses every limit
// direction of the load in a cell where it exists and is unique, excludes every other cell of
// a cover of the sphere, and its enclosures of rdot and J_T decide each direction's radial
// sign and type on the sphere, all in agreement with the numerical classification.
#include "limits/limits_proof.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/limits/proof.hpp"
#include "core/vector_text.hpp"

namespace limitdir::detail {

namespace {

// A Newton solution (|V*| <= 1e-13) lies within 1e-13/|lambda_min| of its zero, where
// lambda_min is J_T's smaller eigenvalue: ~1e-5 for a pair 1e-10 from a fold (1e-5 apart),
// so 1e-8; 1e-7 leaves a factor 10 and still tells apart zeros 1e-5 apart.
constexpr double in_box_slack = 1e-7;

double distance_to_box(const Eigen::Vector3d& w, const IVec3& box) {
  double d2 = 0;
  for (int i = 0; i < 3; ++i) {
    const double below = box[i].lower() - w[i], above = w[i] - box[i].upper();
    const double d = std::max({below, above, 0.0});
    d2 += d * d;
  }
  return std::sqrt(d2);
}

// The radial class and the type on the sphere that the enclosures prove, when they do.
std::optional<Radial> proven_radial(const ProvenDirection& p) {
  if (p.rdot.upper() < 0) return Radial::attracting;
  if (p.rdot.lower() > 0) return Radial::repelling;
  return std::nullopt;
}

std::optional<SphereType> proven_type(const ProvenDirection& p) {
  if (p.det_JT.upper() < 0) return SphereType::saddle;
  if (!(p.det_JT.lower() > 0) || contains_zero(p.trace_JT) || contains_zero(p.discriminant)) return std::nullopt;
  const bool stable = p.trace_JT.upper() < 0;
  if (p.discriminant.lower() >= 0) return stable ? SphereType::stable_node : SphereType::unstable_node;
  return stable ? SphereType::stable_focus : SphereType::unstable_focus;
}

// Limit directions the proof enclosed that the numerical set lacks: refined from the box's
// midpoint and classified (they then count in the index sum).
void add_missed(const System& system, double F, const LimitOptions& opt, const Proof& proof, LimitSet& set,
                std::vector<std::string>& notes) {
  for (const ProvenDirection& p : proof.directions) {
    const bool known = std::any_of(set.directions.begin(), set.directions.end(), [&](const Classification& c) {
      return distance_to_box(c.w, p.w) <= in_box_slack;
    });
    if (known) continue;
    const Refined r = refine_limit_direction(system, F, p.w_mid, opt.residual_tol);
    const Classification c = classify(system, F, r.converged ? r.w : p.w_mid, opt.classify);
    set.certificate.index_sum += c.index;
    notes.push_back(fmt::format("the proof found w = {} that the '{}' method missed", vec(c.w), set.method));
    set.directions.push_back(c);
  }
}

// Why the types of the directions are not all proven (empty: they are), or a contradiction.
std::vector<std::string> type_doubts(const Proof& proof, const LimitSet& set, bool& contradiction) {
  std::vector<std::string> out;
  for (const Classification& c : set.directions) {
    const auto it = std::find_if(proof.directions.begin(), proof.directions.end(),
                                 [&](const ProvenDirection& p) { return distance_to_box(c.w, p.w) <= in_box_slack; });
    if (it == proof.directions.end()) {
      out.push_back(fmt::format("w = {} lies in no proven box", vec(c.w)));
      contradiction = true;
      continue;
    }
    const std::optional<Radial> radial = proven_radial(*it);
    const std::optional<SphereType> type = proven_type(*it);
    if ((radial && *radial != c.radial) || (type && *type != c.type && !c.one_sided)) {
      out.push_back(fmt::format("the enclosures of w = {} contradict its numerical type", vec(c.w)));
      contradiction = true;
    } else if (!radial || !type) {
      out.push_back(fmt::format("the {} of w = {} is not decided by its enclosures", !radial ? "radial sign" : "type",
                                vec(c.w)));
    }
  }
  return out;
}

}  // namespace

void numerical_claims(LimitSet& set) {
  Certificate& cert = set.certificate;
  cert.claims.clear();
  set_claim(cert, "limit-directions", cert.level, cert.reason);
  // a non-hyperbolic direction (not one-sided on a kink, not a Filippov zero, which their own
  // rules type) or circle has no type beyond the tolerances of classify (doubts_of names it)
  std::string undecided;
  for (const Classification& c : set.directions)
    if (undecided.empty() && c.type == SphereType::non_hyperbolic && !c.one_sided && !c.jump_set)
      undecided = fmt::format("the limit direction w = {} is non-hyperbolic: its type is not decided", vec(c.w));
  for (const LimitCircle& c : set.circles)
    if (undecided.empty() && c.sphere_type == "non-hyperbolic")
      undecided = fmt::format("the circle of limit directions at theta = {:.9g} is non-hyperbolic across it", c.theta);
  if (!undecided.empty()) {
    set_claim(cert, "types", Level::incomplete, undecided);
    return;
  }
  set_claim(cert, "types", Level::checked,
            fmt::format("{} limit direction(s){} typed numerically: the sign of rdot and the eigenvalues of J_T (on a "
                        "kink the one-sided Jacobians, on a jump set the rays of V* or the sliding field), each beyond "
                        "the tolerances of classify",
                        set.directions.size(),
                        set.circles.empty() ? "" : fmt::format(" and {} circle(s)", set.circles.size())));
}

namespace {

// The singular points are all poles where q jumps as PoleJumpEnclosure describes (the proof's
// cover excludes the zeros about them, limits/jump_cells.cpp).
bool poles_of_jumps(const System& system, const LimitSet& set) {
  return std::all_of(set.singular_points.begin(), set.singular_points.end(), [&](const SingularPoint& p) {
    return p.w.x() == 0.0 && p.w.y() == 0.0 && system.friction().enclose_pole_jump(to_interval(p.w));
  });
}

}  // namespace

void attach_proof(const System& system, double F, const LimitOptions& opt, LimitSet& set) {
  // continua, and discontinuities other than the poles of PoleJumpEnclosure: no proof
  if (!set.circles.empty() || !poles_of_jumps(system, set)) return;
  Certificate& cert = set.certificate;
  const Level numerical = cert.level;
  const std::string numerical_reason = cert.reason;
  // without a proof the numerical claims stand; the limit-directions claim says why
  const auto no_proof = [&](const std::string& why) {
    cert.reason += "; no proof: " + why;
    set_claim(cert, "limit-directions", find_claim(cert, "limit-directions")->level,
              find_claim(cert, "limit-directions")->reason + "; no proof: " + why);
  };
  const Eigen::Vector3d probe = Eigen::Vector3d(1.0, 0.5, 0.25).normalized();  // any direction off the poles
  if (!system.friction().enclose(to_interval(probe))) {
    no_proof(fmt::format("the friction model ({}) has no rigorous (interval) enclosure", system.friction().description()));
    return;
  }
  const Proof proof = prove_limit_directions(system, F);
  if (!proof.proven) {
    no_proof(proof.reason);
    return;
  }
  std::vector<std::string> notes;
  add_missed(system, F, opt, proof, set, notes);
  bool contradiction = false;
  const std::vector<std::string> doubts = type_doubts(proof, set, contradiction);
  const std::string counted =
      fmt::format("{} limit direction(s), each proven to exist and to be unique in its cell (Krawczyk), every other "
                  "cell of a cover of the sphere excluded ({} cells, {}, interval arithmetic){}",
                  proof.directions.size(), proof.cells, proof.method,
                  proof.jump_cells == 0
                      ? std::string()
                      : fmt::format("; the {} pole(s), where q jumps with the sliding direction, are singular points, "
                                    "not zeros: {} cells about them excluded by bounding the continuous part of V* "
                                    "against the jump (their index is numerical)",
                                    set.singular_points.size(), proof.jump_cells));
  if (contradiction || proof.directions.size() != set.directions.size()) {
    cert.reason = fmt::format("the proof ({}) disagrees with the numerical set: {}", counted,
                              doubts.empty() ? std::string("a different count") : doubts.front());
    set_claim(cert, "limit-directions", Level::incomplete, cert.reason);
    return;
  }
  std::string missed;
  for (const auto& n : notes) missed += "; " + n;
  set_claim(cert, "limit-directions", Level::proven, "proven: " + counted + missed);
  if (!doubts.empty()) {
    // the count is proven, a type is not: the numerical checks decide the types' level (checked
    // when the proof found the directions the numerical set missed, whose doubts it settles)
    const std::string numerical_types = find_claim(cert, "types")->reason;
    set_claim(cert, "types", notes.empty() ? numerical : Level::checked,
              (notes.empty() && numerical == Level::incomplete ? "the numerical set is in doubt: " + numerical_reason
                                                               : numerical_types) +
                  "; not proven: " + doubts.front());
    cert.reason = "the count is proven: " + counted + missed + "; not proven: " + doubts.front();
    return;
  }
  set_claim(cert, "types", Level::proven,
            fmt::format("every radial sign and type on the sphere of the {} limit direction(s) proven by enclosures "
                        "of rdot and J_T (rdot and det J_T enclosed away from 0, and where det J_T > 0 the trace and the "
                        "discriminant of J_T too)",
                        set.directions.size()));
  cert.reason =
      "proven: " + counted + "; every radial sign and type on the sphere proven by enclosures of rdot and J_T" + missed;
}

}  // namespace limitdir::detail
