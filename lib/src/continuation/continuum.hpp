#pragma once
// The continuum of a sweep (docs/manual.md section 5; internal to continuation): the loads of
// [from, to] where the limit directions fill circles, c1 = 0 on the invariant circle of an
// axisymmetric contact (Sect. 7.4.4, Figs 15-16 [Nonlinear Dyn. 2024]) and c = 0 (the equator
// of a contact symmetric under w -> -w). Continuation is singular there: the branches are
// traced up to a margin of the load, and the continuum becomes one event of its own that
// replaces the degenerate branch points where the branches meet its circles.
//
// This header names the other pieces only by declaration, so that it stands alone.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "limitdir/continuation/continuation.hpp"

namespace limitdir::detail {

class FamilyField;
class DiagramVerifier;
class EventLog;
struct Findings;

// Continua (c1 = 0 with axisymmetry) are left at 1e-6 of the range before tracing.
constexpr double continuum_offset = 1e-6;

struct Continuum {
  double p;
  LimitSet limits;  // find-limits at p: its circles and isolated directions
  /// A half meridian of zeros of V* (half_meridian_loads): u, and limits holds find-limits'
  /// limit directions off its closure only.
  std::optional<Eigen::Vector3d> half_meridian = std::nullopt;
};

/// The loads F where q + F d + e vanishes on a whole open half meridian {(cos t u, sin t)} of
/// a model that jumps at the poles and is constant on each open half meridian (coulomb-point
/// (75): q = -(u, 0) there), so that V* = (I - w w^T) M^-1 (q + F d + e) = 0 on all of it: F d + e
/// = (u, 0) with |u| = 1. Each with u; checked on samples of the half meridian (a model whose
/// q is not constant there gives none).
std::vector<std::pair<double, Eigen::Vector3d>> half_meridian_loads(const System& sys);

/// The loads where c = M^-1 (F d + e) (100) puts the limit directions on circles, from
/// d = M^-1 (load direction) and e = M^-1 (load offset): F = -e1/d1 (c1 = 0) when the system
/// has an invariant circle, and F = -e.d/|d|^2 when there c = 0 (e parallel to d); sorted,
/// each once, never -0.
std::vector<double> continuum_loads(const Eigen::Vector3d& d, const Eigen::Vector3d& e, bool invariant_circle);

/// Axisymmetric (or the linear model with Pi = diag(a, a, b), the harmonic model of degree 1)
/// with c1 = 0 (to the location accuracy): the limit directions fill circles of latitude there
/// (Sect. 7.4.4, Figs 15-16 [Nonlinear Dyn. 2024]).
bool has_continuum(FamilyField& field, double p, double c1_zero = 1e-8);  // |c1| at a located event: p_tol 1e-11 times |dc1/dp| with room

/// The continua of one sweep, by load.
class Continua {
 public:
  Continua(double from, double to) : window_(continuum_offset * (to - from)) {}

  /// The loads of continuum_loads in [from, to] where find-limits finds circles (load sweeps
  /// only: c is affine in F there).
  void find(FamilyField& field, DiagramVerifier& verifier, double from, double to);
  const std::vector<Continuum>& all() const { return continua_; }

  /// Whether p lies within the continuum margin of a continuum's load.
  bool near_load(double p) const;
  /// Whether e is a located event of the tracing that is the continuum C itself: a branch
  /// meeting one of its circles (a degenerate branch point, located a rounding off the load).
  bool part_of(const Continuum& C, const Event& e) const;
  bool part_of_any(const Event& e) const;
  /// Whether branch b reaches load p (within the margin, or crossing it).
  bool meets(const Branch& b, double p) const;
  /// Whether w lies on one of C's circles {w : w . axis = sin theta}.
  static bool on_a_circle(const Continuum& C, const Eigen::Vector3d& w);
  /// Whether w lies on C: on one of its circles or on the closure of its half meridian.
  static bool on_continuum(const Continuum& C, const Eigen::Vector3d& w);
  /// Whether branch b lies in a continuum: at its load throughout, on its half meridian (a
  /// branch the corrector traced along the curve of zeros; the continuum event names it).
  bool covers(const Branch& b) const;

  /// One event of kind continuum per continuum, in place of the degenerate branch points where
  /// the branches meet its circles, checked against find-limits there.
  void add_events(EventLog& log, const std::vector<Branch>& branches, DiagramVerifier& verifier,
                  const std::string& parameter, Findings& findings) const;
  /// A kink event within the margin of a continuum at one of its isolated directions (a branch
  /// through a pole of a model with a cone there, on the disc at F = 0) is placed at the
  /// continuum's load: that isolated zero lies on one branch point, (w, p) of the continuum.
  void place_kinks(std::vector<Event>& events) const;

 private:
  static Continuum on_half_meridian(double F, const Eigen::Vector3d& u, const LimitSet& L);
  double window_;                    // the continuum margin: continuum_offset of the range
  std::vector<Continuum> continua_;  // in [from, to], by load
};

}  // namespace limitdir::detail
