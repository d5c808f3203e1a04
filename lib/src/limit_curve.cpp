// The limit curve of a load sweep: see limit_curve.hpp.
#include "limit_curve.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <Eigen/Geometry>

#include "icosphere.hpp"

namespace limitdir::detail {

namespace {

Eigen::Vector3d tangential(const Eigen::Vector3d& w, const Eigen::Vector3d& X) { return X - w.dot(X) * w; }

// A face is refined when its smallest |g| is within this many times the variation of g across
// it: a zero set entering and leaving it through one edge keeps |g| at a vertex below about
// the variation (g is Lipschitz), and a factor 2 leaves room for curvature.
constexpr double refine_factor = 2.0;
// Local refinement depth: 6 halvings take a level-5 face (~0.035 rad) to ~5e-4 rad.
constexpr int max_depth = 6;
// Bisection along an edge to 1e-13 of its length: the point is then on Gamma to ~1e-15 rad.
constexpr int bisection_steps = 45;
// Crossings found from two faces sharing an edge are the same point to bisection accuracy.
constexpr double same_point = 1e-10;

class Contour {
 public:
  Contour(const System& system, double F0, double F1) : system_(system), F0_(F0), F1_(F1) {}

  double g(const Eigen::Vector3d& w) const { return limit_curve_g(system_, w); }

  void edge(const Eigen::Vector3d& a, const Eigen::Vector3d& b, double ga, double gb) {
    if (ga == 0.0) return add(a);
    if ((ga < 0) == (gb < 0) || gb == 0.0) return;
    double lo = 0, hi = 1;
    for (int k = 0; k < bisection_steps; ++k) {
      const double mid = 0.5 * (lo + hi);
      const double gm = g(((1 - mid) * a + mid * b).normalized());
      if ((gm < 0) == (ga < 0)) lo = mid;
      else hi = mid;
    }
    add(((1 - 0.5 * (lo + hi)) * a + 0.5 * (lo + hi) * b).normalized());
  }

  void face(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c, double ga, double gb,
            double gc, int depth) {
    const bool crossed = (ga < 0) != (gb < 0) || (gb < 0) != (gc < 0) || ga == 0 || gb == 0 || gc == 0;
    if (crossed) {
      edge(a, b, ga, gb);
      edge(b, c, gb, gc);
      edge(c, a, gc, ga);
      return;
    }
    const double vary = std::max({std::abs(ga - gb), std::abs(gb - gc), std::abs(gc - ga)});
    if (depth >= max_depth || std::min({std::abs(ga), std::abs(gb), std::abs(gc)}) > refine_factor * vary) return;
    const Eigen::Vector3d ab = (a + b).normalized(), bc = (b + c).normalized(), ca = (c + a).normalized();
    const double gab = g(ab), gbc = g(bc), gca = g(ca);
    face(a, ab, ca, ga, gab, gca, depth + 1);
    face(b, bc, ab, gb, gbc, gab, depth + 1);
    face(c, ca, bc, gc, gca, gbc, depth + 1);
    face(ab, bc, ca, gab, gbc, gca, depth + 1);
  }

  std::vector<CurvePoint> points() && { return std::move(points_); }

 private:
  void add(const Eigen::Vector3d& w) {
    const double F = limit_curve_load(system_, w);
    if (!(F >= F0_ && F <= F1_)) return;  // also drops NaN (w parallel to M^-1 d)
    auto& bucket = seen_[key(w)];
    if (std::any_of(bucket.begin(), bucket.end(), [&](std::size_t i) { return (points_[i].w - w).norm() <= same_point; }))
      return;
    bucket.push_back(points_.size());
    points_.push_back({w, F});
  }
  // a coarse spatial hash (cells of 1e-6) for the duplicate test
  static std::array<long long, 3> key(const Eigen::Vector3d& w) {
    return {std::llround(w.x() * 1e6), std::llround(w.y() * 1e6), std::llround(w.z() * 1e6)};
  }

  const System& system_;
  double F0_, F1_;
  std::vector<CurvePoint> points_;
  std::map<std::array<long long, 3>, std::vector<std::size_t>> seen_;
};

}  // namespace

double limit_curve_g(const System& system, const Eigen::Vector3d& w) {
  const Eigen::Vector3d A = system.M_inv() * (system.friction().q(w) + system.load_offset());
  const Eigen::Vector3d B = system.M_inv() * system.load_direction();
  return w.dot(A.cross(B));
}

double limit_curve_load(const System& system, const Eigen::Vector3d& w) {
  const Eigen::Vector3d A_T = tangential(w, system.M_inv() * (system.friction().q(w) + system.load_offset()));
  const Eigen::Vector3d B_T = tangential(w, system.M_inv() * system.load_direction());
  const double b2 = B_T.squaredNorm();
  return b2 > 0 ? -A_T.dot(B_T) / b2 : std::numeric_limits<double>::quiet_NaN();
}

std::vector<CurvePoint> limit_curve_points(const System& system, double F0, double F1, int level) {
  const Icosphere& mesh = icosphere(level);
  Contour contour(system, F0, F1);
  std::vector<double> g(mesh.vertices.size());
  for (std::size_t i = 0; i < g.size(); ++i) g[i] = contour.g(mesh.vertices[i]);
  for (const auto& f : mesh.faces)
    contour.face(mesh.vertices[f[0]], mesh.vertices[f[1]], mesh.vertices[f[2]], g[f[0]], g[f[1]], g[f[2]], 0);
  return std::move(contour).points();
}

}  // namespace limitdir::detail
