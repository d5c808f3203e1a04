// Functions monotone along the orbits of the chart field over a set of cells (limits/
// orbit_lyapunov.hpp; docs/manual.md section 9). Compiled with -frounding-math
// (lib/CMakeLists.txt).
#include "limits/orbit_lyapunov.hpp"

#include <Eigen/LU>
#include <cmath>
#include <optional>

namespace limitdir::detail {

namespace {

/// P = T^-T D T^-1 from the real Jordan basis T of a hyperbolic J (eigenvectors for real
/// eigenvalues, D = diag(sign lambda_i); T = [Re v, Im v] for a + ib, D = sign(a) I): then
/// P J + J^T P = T^-T 2|Re Lambda| T^-1 is positive definite. nullopt when T is singular.
std::optional<Eigen::Matrix2d> krasovskii_weight(const Eigen::Matrix2d& J) {
  const double p = J(0, 0), q = J(0, 1), r = J(1, 0), s = J(1, 1);
  const double tr = p + s, disc = 0.25 * tr * tr - (p * s - q * r);
  Eigen::Matrix2d T, D = Eigen::Matrix2d::Zero();
  if (disc > 0) {
    const double l[2] = {0.5 * tr + std::sqrt(disc), 0.5 * tr - std::sqrt(disc)};
    for (int i = 0; i < 2; ++i) {  // (q, l - p) and (l - s, r) are eigenvectors; the longer one
      const Eigen::Vector2d a(q, l[i] - p), b(l[i] - s, r);
      T.col(i) = (a.norm() >= b.norm() ? a : b).normalized();
      D(i, i) = l[i] > 0 ? 1.0 : -1.0;
    }
  } else {
    const double a = 0.5 * tr, b = std::sqrt(-disc);  // eigenvalue a + ib, eigenvector (q, a + ib - p) or (a + ib - s, r)
    if (std::abs(q) >= std::abs(r)) T << q, 0.0, a - p, b;
    else T << a - s, b, r, 0.0;
    D(0, 0) = D(1, 1) = a > 0 ? 1.0 : -1.0;
  }
  const Eigen::Matrix2d Tinv = T.inverse();
  if (!Tinv.allFinite()) return std::nullopt;
  return Eigen::Matrix2d(Tinv.transpose() * D * Tinv);
}

}  // namespace

/// (a): a fixed combination d . g of one sign on every cell: d . (u, v) is strictly monotone
/// along every orbit in the component, so none is closed.
bool sign_definite(const std::vector<FaceValue>& values) {
  Eigen::Vector2d mean = Eigen::Vector2d::Zero();
  for (const FaceValue& v : values) mean += mid_of(v.g);
  std::vector<Eigen::Vector2d> ds{{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  if (mean.allFinite() && mean.norm() > 0) ds.insert(ds.begin(), mean / mean.norm());
  for (const Eigen::Vector2d& d : ds) {
    bool positive = true, negative = true;
    for (const FaceValue& v : values) {
      const Interval dg = d(0) * v.g(0) + d(1) * v.g(1);
      positive = positive && dg.lower() > 0.0;
      negative = negative && dg.upper() < 0.0;
      if (!positive && !negative) break;
    }
    if (positive || negative) return true;
  }
  return false;
}

/// (b): Q = P Dg + Dg^T P definite of one sign on every cell: L = g^T P g has
/// dL/dt = |x| g^T Q g != 0 off the zeros, so L is strictly monotone along every orbit in the
/// component and none is closed. P from the Jacobian at the cell most likely to hold a zero.
bool krasovskii(const std::vector<FaceValue>& values) {
  std::size_t ref = 0;
  double smallest = INFINITY;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double m = std::max(mag_of(values[i].g(0)), mag_of(values[i].g(1)));
    if (m < smallest) smallest = m, ref = i;
  }
  const auto P = krasovskii_weight(mid_of(values[ref].Dg));
  if (!P) return false;
  const IMat2 Pi = to_interval<2>(*P);
  bool positive = true, negative = true;
  for (const FaceValue& v : values) {
    const IMat2 PD = Pi * v.Dg;
    const Interval q00 = 2.0 * PD(0, 0), q11 = 2.0 * PD(1, 1), q01 = PD(0, 1) + PD(1, 0);
    const Interval det = q00 * q11 - boost::numeric::square(q01);
    if (!(det.lower() > 0.0)) return false;
    positive = positive && q00.lower() > 0.0;
    negative = negative && q00.upper() < 0.0;
    if (!positive && !negative) return false;
  }
  return true;
}

}  // namespace limitdir::detail
