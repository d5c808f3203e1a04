#pragma once
// The functions the methods of the solver of one load share (internal to limits; docs/manual.md
// section 3, "Solvers"): the seeds a method hands to Newton and their refinement (refine.cpp),
// the singular points and kink sets that Poincare-Hopf's index sum counts (singular_points.cpp),
// the assembly of a limit set and its certificate (limits.cpp), and the methods themselves
// (linear_method.cpp, circle_method.cpp, global_method.cpp), among which limits.cpp picks.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "limitdir/limits/limits.hpp"

namespace limitdir::detail {

// ----- refine.cpp: Newton on the sphere ------------------------------------------------------

struct Seed {
  Eigen::Vector3d w;
  bool certain;       // the method proved a zero nearby: failing to converge is a doubt
  double extent = 0;  // the mesh face it stands for reaches this far from w (0: a point seed)
};

/// The least |V*| Newton can reach at a zero, from the rounding of F = B(w) w + c (`field`).
double residual_floor(const System& system, double F, const Eigen::Vector3d& field, double residual_tol);

/// Newton from every seed: the distinct limit directions (with the fold partners of each when
/// `look_for_partners`), sorted; the seeds' failures that are not explained are doubts.
std::vector<Eigen::Vector3d> refine_seeds(const System& system, double F, const std::vector<Seed>& seeds,
                                          const LimitOptions& opt, std::vector<std::string>& doubts,
                                          bool look_for_partners, const std::vector<SingularPoint>& singular = {},
                                          const std::vector<Eigen::Vector3d>& on_kinks = {});

// ----- singular_points.cpp: what the index sum counts besides the zeros -----------------------

/// Whether V* is continuous on a set where the model is not smooth (a kink or a C^1 set).
bool kinked(Smoothness s);

/// The poles where q jumps and V* is not a Filippov zero, with the winding of V* about each: the
/// poles of coulomb-point and point-spin where V* is not 0, and the poles of a shift along the
/// sliding direction (where V* = 0 only by the model's convention of dropping the shift there).
std::vector<SingularPoint> singular_points(const System& system, double F, std::vector<std::string>& doubts);

/// w is one of the singular points: Newton may land on it exactly where V* = 0 by convention.
bool at_singular_point(const std::vector<SingularPoint>& singular, const Eigen::Vector3d& w);

/// Why q jumps at the singular points of `system` (for the certificate's reason).
std::string jump_cause(const System& system);

/// The zeros of V* on the model's kink sets, solved on the sets themselves.
std::vector<Eigen::Vector3d> kink_zeros(const System& system, double F, const LimitOptions& opt);

/// The index of a zero on a kink whose sides have different types: the winding of V* about it.
void kink_index(const System& system, double F, Classification& c);

// ----- limits.cpp: the limit set and its certificate -----------------------------------------

/// Adds to `doubts` what keeps the classified direction `c` from certifying the set.
void doubts_of(const Classification& c, std::vector<std::string>& doubts);

/// The first doubts joined into a certificate's reason.
std::string joined_doubts(const std::vector<std::string>& doubts);

/// Refines the seeds, merges duplicates, classifies, and writes the certificate.
LimitSet assemble(const System& system, double F, const std::vector<Seed>& seeds, std::string method,
                  const LimitOptions& opt, std::vector<std::string> doubts, bool continua = false);

// ----- the methods ------------------------------------------------------------------------------

/// Constant B: the 6x6 eigenproblem (linear_method.cpp).
LimitSet solve_linear(const System& system, double F, const LimitOptions& opt);

/// The invariant circle w2 = 0 (or, with c1 = 0, the circles of latitude) (circle_method.cpp).
LimitSet solve_invariant_circle(const System& system, double F, const LimitOptions& opt);

/// The circles of latitude of a field that commutes with the rotations about e3 (circle_method.cpp).
LimitSet solve_rotational_circles(const System& system, double F, const LimitOptions& opt);

/// Whether solve_rotational_circles applies (circle_method.cpp).
bool rotational(const System& system, double F);

/// The mesh of the sphere and Poincare-Hopf (global_method.cpp).
LimitSet solve_global(const System& system, double F, const LimitOptions& opt);

}  // namespace limitdir::detail
