#pragma once
// One step of Lohner's interval Taylor method for the flow of V* in a gnomonic chart
// (limits/lohner_step.cpp; [Lohner 1987], the QR variant, and the C^1 algorithm
// [Zgliczynski 2002]): the set it carries, what a step proves, and the step itself. The first
// return to a section is built from it (limits/validated_flow.cpp). Internal to limits/.
#include <optional>

#include "limitdir/numerics/interval.hpp"
#include "limits/validated_flow.hpp"

namespace limitdir::detail {

inline bool positive(const Interval& x) { return x.lower() > 0.0; }
inline bool negative(const Interval& x) { return x.upper() < 0.0; }

inline IVec2 hull_of(const Eigen::Vector2d& mid, const Eigen::Matrix2d& B, const IVec2& r) {
  return to_interval<2>(mid) + to_interval<2>(B) * r;
}

/// The set mid + B r (every point of it, at the current time) and the flow's derivative
/// V = Vmid + B R, in the same basis B (the C^1 Lohner algorithm: V's columns are pushed by the
/// same near-triangular B'^-1 J B as the set, so V does not wrap either).
struct FlowSet {
  Eigen::Vector2d mid;
  Eigen::Matrix2d B = Eigen::Matrix2d::Identity();
  IVec2 r;
  Eigen::Matrix2d Vmid = Eigen::Matrix2d::Identity();
  IMat2 R;  // zero
  IVec2 hull() const { return hull_of(mid, B, r); }
  IMat2 V() const {
    IMat2 V = to_interval<2>(B) * R;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) V(i, j) = V(i, j) + Vmid(i, j);
    return V;
  }
};

/// What a step of Lohner's method proved for every point of the hull Z it started from: the
/// Jacobian J of the Taylor polynomial over Z and the remainder over the a priori box, at the
/// times H. A set inside Z is carried by them too (carry).
struct StepParts {
  IVec2 Z;
  Interval H;
  IMat2 J;
  IVec2 rem;
};

/// n . g over a box.
Interval normal_speed(const ChartFlow& flow, const ChartSection& sec, const IVec2& Z);

/// One step of Lohner's method over the times H in [0, hmax] (a point h, or an interval at the
/// crossing): the set at every time of H, its derivative (when `derivative`), and E (the a
/// priori box over [0, hmax]). False when the a priori boxes cannot be found or the remainder is
/// wider than rem_limit (the step is too long). `parts`, when given, gets what the step proved.
bool lohner_step(const ChartFlow& flow, FlowSet& set, const Interval& H, double hmax, int p, bool derivative, IVec2& E,
                 double rem_limit = INFINITY, double* rem_ratio = nullptr, StepParts* parts = nullptr);

/// The step of `parts` applied to a set whose hull lies inside the step's hull Z (the C^0
/// algorithm: its own centre's Taylor polynomial, the step's J over Z for the mean value form
/// phi(x) in phi(mid) + J(Z) (x - mid), valid as Z holds the segment from mid to every x, and
/// the step's remainder, valid as E holds every trajectory from Z). False when the hull is not
/// inside Z (then the set takes a step of its own).
bool carry(const ChartFlow& flow, FlowSet& set, const StepParts& parts, int p);

/// The step that keeps |c_p| h^p below the tolerance, from the coefficients at the centre.
double step_length(const ChartFlow& flow, const FlowSet& set, const FlowOptions& o);

/// The time at which the centre's Taylor polynomial reaches the section's line (Newton).
double crossing_estimate(const ChartFlow& flow, const FlowSet& set, const ChartSection& sec, int p, double h);

}  // namespace limitdir::detail
