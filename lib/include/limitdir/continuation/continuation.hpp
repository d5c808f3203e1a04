#pragma once
// Branches of limit directions as a parameter p changes (the load F by default), by
// pseudo-arclength continuation of
//     G(w, rdot, p) = (B(w) w + c - rdot w, (w^T w - 1)/2) = 0          (125), |w| = 1,
// with the events of Sect. 7.2.8 of [Nonlinear Dyn. 2024] located on the branches: tangency (rdot = 0),
// folds (p turns back), branch points (pitchforks: the augmented Jacobian is singular and
// two branches cross) and Hopf points on the sphere (a complex pair of J_T crosses the
// imaginary axis). The bifurcation diagrams are those of Figs 13-14 and 17-18.
#include <Eigen/Core>
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/core/registry.hpp"
#include "limitdir/limits/classify.hpp"
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"

namespace limitdir {

/// One point of a branch.
struct BranchPoint {
  double p;  // the continuation parameter
  Eigen::Vector3d w;
  double rdot;
  Radial radial;
  SphereType type;
  /// The Fig. 11 colour of the direction as classify gives it (colour_of, limits/classify.hpp): only
  /// on the invariant circle w2 = 0 of an axisymmetric contact; empty elsewhere.
  std::optional<std::string> colour = std::nullopt;
};

struct Branch {
  int id = 0;
  std::vector<BranchPoint> points;  // in order of arclength
  bool closed = false;              // a loop on the sphere, traced once
  /// A branch of Filippov limit directions on a set where q jumps ("pole" or "equator":
  /// limits/jump_zeros.hpp, docs/manual.md section 5); none for a branch of zeros of V*.
  std::optional<std::string> jump_set = std::nullopt;
};

/// kink: a branch meets a kink set of the friction model (friction/model.hpp: the equator or a
/// pole where q is not C^2), where the corrector stops; p and w are the point on the set.
/// jump: a branch of limit directions meets a set where q jumps, at the end of a branch of
/// Filippov limit directions on it (a boundary equilibrium, docs/manual.md section 5).
enum class EventKind { tangency, fold, pitchfork, branch_point, hopf, continuum, kink, jump };
/// "tangency" | "fold" | "pitchfork" | "branch-point" | "hopf" | "continuum" | "kink" | "jump"
std::string to_string(EventKind k);

/// One bifurcation. A symmetric pair (the two folds of Case 4, mirror images under
/// w3 -> -w3 or w2 -> -w2 at the same p) is one event with both directions; a pitchfork carries
/// the direction of the symmetric branch it lies on and lists both branches through it.
struct Event {
  EventKind kind;
  double p;                                // located value of the parameter
  std::vector<Eigen::Vector3d> directions;  // the limit direction(s) involved
  std::vector<int> branches;               // ids of the branches through it
  bool located = true;                     // false: bracketed only (then p_error says how well)
  double p_error = 0;
  /// Kind continuum (docs/manual.md section 5): the load where the limit directions fill
  /// circles (c1 = 0 with axisymmetry, Figs 15-16 [Nonlinear Dyn. 2024]; the equator of a
  /// symmetric contact at c = 0), p exact. `circles` and `directions` are find-limits' circles
  /// and isolated limit directions there, `level` its certificate level (the diagram's proof,
  /// where there is one, covers the branches, the other events and the regions, not this).
  std::vector<LimitCircle> circles;
  Level level = Level::checked;
  /// Kind hopf, after confirm_hopf_events (continuation/hopf.hpp): the orbit search on both sides.
  std::optional<HopfOrbits> born = std::nullopt;
  /// Kind continuum on a model whose q is constant on the open half meridians and jumps at the
  /// poles (coulomb-point (75)): the unit vector u = (u1, u2, 0) of the half meridian
  /// {(cos t u1, cos t u2, sin t) : |t| < pi/2} on which V* vanishes identically at this load
  /// (docs/manual.md section 5, Jump sets); none for the continua of circles.
  std::optional<Eigen::Vector3d> half_meridian = std::nullopt;
};

/// An interval of the parameter with one structure: the number of limit directions and how
/// many there are of each type ("attracting stable-node": 2, ...); the paper's Cases 1-4.
struct Region {
  double from, to;
  int count;
  std::vector<std::pair<std::string, int>> types;  // sorted by name
};

/// One point of a branch of closed orbits (continuation/orbit_branches.hpp, docs/manual.md
/// section 9, "Continuation of orbits").
struct OrbitPoint {
  double p;             // the continuation parameter
  double period;        // in tau (114)
  double multiplier;    // the nontrivial Floquet multiplier
  Eigen::Vector3d w;    // where the orbit cuts the branch's section (transverse to it)
  double rdot_mean;     // the mean of R* (121) over a period: > 0 slip grows along it, < 0 decays
  double amplitude;     // the largest chordal distance of the orbit from its centroid
};

/// How a branch of closed orbits ends (docs/manual.md section 9): "hopf" (the orbit shrinks onto
/// the focus of a Hopf event), "range-end", "cycle-fold" (the multiplier reaches 1: two orbits
/// meet), "snic" (a saddle-node on an invariant circle: period ~ |p* - p|^exponent, exponent
/// -1/2), "homoclinic" (period ~ -exponent ln|p* - p|: exponent = 1/lambda_u of the saddle) or
/// "lost" (the corrector failed for another reason; `reason` says how).
struct OrbitEnd {
  std::string kind;
  double p = 0;        // where: the located event, or the last point
  double p_error = 0;  // the distance from the last point to the located event
  std::optional<double> exponent = std::nullopt;  // snic and homoclinic: the fitted law's
  std::string reason;  // how it was located and told apart
};

/// A branch of closed orbits in a parameter (kind "orbit" of the diagram report): natural
/// continuation, its points in order from ends[0] to ends[1]; certificate level checked (a
/// numerical continuation), with the reason.
struct OrbitBranch {
  int id = 0;
  std::optional<int> hopf_event = std::nullopt;  // index in Diagram::events of the Hopf point it is born at
  std::vector<OrbitPoint> points;
  std::array<OrbitEnd, 2> ends;
  Level level = Level::checked;
  std::string reason;
};

struct Diagram {
  std::string parameter = "force";
  double from = 0, to = 0;
  double force = 0;  // the fixed load when the parameter is not the force (else the load at `from`)
  std::vector<Branch> branches;
  std::vector<Event> events;
  std::vector<Region> regions;
  /// The branches of closed orbits (continue_orbit_branches, continuation/orbit_branches.hpp);
  /// empty until it runs.
  std::vector<OrbitBranch> orbit_branches;
  /// complete: every check against find-limits agreed (index_sum is not used for diagrams)
  Certificate certificate;
};

struct ContinuationOptions {
  double h_initial = 0.01, h_min = 1e-9, h_max = 0.05;  // arclength steps in (w, rdot, p)
  double p_tol = 1e-11;                                // event location in p
  int checks = 16;  // find-limits re-checks at equally spaced p (plus both ends and every event)
  /// Load sweeps: the icosphere level on which the limit curve (the directions that are limit
  /// directions for some load) is contoured to seed every component, isolas included (4: 2562
  /// vertices, ~0.07 rad, refined locally about the extrema of its defining function to ~1e-3 rad);
  /// 0: no limit curve (then only enclose_events, if set, searches globally; the certificate says so).
  int curve_level = 4;
  /// Prove the diagram where a proof is cheap (a load sweep on the invariant circle of a
  /// harmonic model: the event loads of (132) in interval arithmetic, a few ms); false keeps
  /// it checked.
  bool prove = true;
  /// Load sweeps off the invariant circle: also cover S^2 x [from, to] in interval arithmetic
  /// (enclose_events, limits/proof.hpp; ~0.1-1 s), so that no fold, branch point, tangency or Hopf
  /// point can lie outside the windows it leaves; every window must hold a located event
  /// (continuation is seeded from those that do not).
  bool enclose_events = false;
  SolverOptions solver;
  /// Called every 500 continuation steps with where the sweep is (sweep-force prints it on
  /// stderr once a run has taken a second: docs/manual.md section 5); none by default.
  std::function<void(const std::string&)> progress;
};

/// A family of systems along a parameter: system(p) and the name of p.
struct ParameterFamily {
  std::string name;  // "force", "lambda", "alpha", "j", "rho", "a/b", "d", "gamma", "k"
  /// The parameter is the load F and only c = M^-1 (F d + e) depends on it (100): the system
  /// is built once, and the limit curve, the event windows and the closed-form events apply.
  /// False for every other parameter and for a load whose shift follows it (shift.h).
  bool load_sweep = false;
  std::function<System(double)> system;
  /// the load of system(p) (equal to p for the force)
  std::function<double(double)> force;
  /// the problem at p (validated like a problem file at the ends of a sweep: every parameter's
  /// valid range is an interval, so the ends decide)
  std::function<Problem(double)> problem;
};

/// The parameters a sweep may follow (sweep-force --parameter, bifurcation-map --x/--y,
/// degree-study --parameter; docs/manual.md section 5): the named ones ("force", "lambda",
/// "alpha", "j", "rho", "a/b", "d", "gamma", "k") and the numeric keys of the problem file
/// whose range the problem's parser validates, by their dotted path ("system.load_angle", ...).
/// The one table their help, their messages and parameter_family are made from.
const std::vector<NamedEntry>& sweep_parameter_registry();

/// The family of a problem along `parameter`, an entry of sweep_parameter_registry ("force" or
/// one of its scalars: "lambda" of the ball, "alpha" of a power pressure, "j", "rho" as a number,
/// the contact's "a/b", "d", "gamma", "k", or a dotted key of the problem file, set in its
/// problem_to_json form and parsed again); InputError otherwise.
ParameterFamily parameter_family(const Problem& problem, const std::string& parameter);
/// parameter_family(problem, parameter).problem(value) without building any system.
Problem problem_with_parameter(const Problem& problem, const std::string& parameter, double value);

/// The diagram over [from, to]: seeded by find_limit_directions at `from` and, for a load
/// sweep, by every point of the limit curve in range that no branch explains (a closed branch
/// between check values); every branch traced through folds, events located and classified,
/// branches switched at branch points, loops traced once, and re-checked against
/// find_limit_directions at `to`, on both sides of every event, at `checks` interior values and
/// inside every region (a limit direction found there that no branch explains starts a new
/// branch; if that does not settle it, the certificate says so).
Diagram sweep(const ParameterFamily& family, double from, double to, const ContinuationOptions& options = {});

/// The regions of a diagram recomputed from its branches (used by classify --regions).
std::vector<Region> regions_of(const Diagram& diagram);

}  // namespace limitdir
