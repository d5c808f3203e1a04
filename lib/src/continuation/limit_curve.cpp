// The limit curve of a load sweep: see continuation/limit_curve.hpp.
#include "continuation/limit_curve.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <initializer_list>
#include <map>

#include <Eigen/Geometry>

#include "numerics/icosphere.hpp"

namespace limitdir::detail {

namespace {

Eigen::Vector3d tangential(const Eigen::Vector3d& w, const Eigen::Vector3d& X) { return X - w.dot(X) * w; }

// A face is refined when its smallest |g| is within this many times the variation of g across
// it: a zero set entering and leaving it through one edge keeps |g| at a vertex below about
// the variation (g is Lipschitz), and a factor 2 leaves room for curvature.
constexpr double refine_factor = 2.0;
// Local refinement depth: 6 halvings take a level-4 face (~0.07 rad) to ~1e-3 rad.
constexpr int max_depth = 6;
// Crossings found from two faces sharing an edge are the same point (the same interpolation).
constexpr double same_point = 1e-12;
// A face or edge whose loads (at its vertices, widened by twice their spread: F is smooth
// along Gamma) all lie on one side of [F0, F1] holds no point of Gamma in range.
constexpr double load_margin_factor = 2.0;

/// g and F at one direction, from one evaluation of q.
struct Sample {
  double g, F;
};

class Contour {
 public:
  Contour(const System& system, double F0, double F1)
      : system_(system), B_(system.M_inv() * system.load_direction()), F0_(F0), F1_(F1) {}

  Sample at(const Eigen::Vector3d& w) const {
    const Eigen::Vector3d A = system_.M_inv() * (system_.friction().q(w) + system_.load_offset());
    const Eigen::Vector3d A_T = tangential(w, A), B_T = tangential(w, B_);
    const double b2 = B_T.squaredNorm();
    return {w.dot(A.cross(B_)), b2 > 0 ? -A_T.dot(B_T) / b2 : std::numeric_limits<double>::quiet_NaN()};
  }

  // Whether loads in range are possible near samples with these loads (NaN: F undefined at a
  // vertex, w parallel to M^-1 d: nothing is excluded).
  bool in_reach(std::initializer_list<double> loads) const {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double F : loads) {
      if (std::isnan(F)) return true;
      lo = std::min(lo, F);
      hi = std::max(hi, F);
    }
    const double margin = load_margin_factor * (hi - lo);
    return hi + margin >= F0_ && lo - margin <= F1_;
  }

  // The crossing of Gamma on an edge, by linear interpolation of g (within O(h^2) of Gamma;
  // the sweep corrects it by Newton at its load).
  void edge(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Sample& sa, const Sample& sb) {
    if (sa.g == 0.0) return add(a, sa.F);
    if ((sa.g < 0) == (sb.g < 0) || sb.g == 0.0 || !in_reach({sa.F, sb.F})) return;
    const double s = sa.g / (sa.g - sb.g);
    const Eigen::Vector3d w = ((1 - s) * a + s * b).normalized();
    add(w, at(w).F);
  }

  // `refine`: whether a face without a sign change may hide a small component of Gamma (it
  // touches a local extremum of g); sub-faces of a refined face are refined alike.
  void face(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c, const Sample& sa,
            const Sample& sb, const Sample& sc, int depth, bool refine = true) {
    if (!in_reach({sa.F, sb.F, sc.F})) return;
    const double ga = sa.g, gb = sb.g, gc = sc.g;
    const bool crossed = (ga < 0) != (gb < 0) || (gb < 0) != (gc < 0) || ga == 0 || gb == 0 || gc == 0;
    if (crossed) {
      edge(a, b, sa, sb);
      edge(b, c, sb, sc);
      edge(c, a, sc, sa);
      return;
    }
    const double vary = std::max({std::abs(ga - gb), std::abs(gb - gc), std::abs(gc - ga)});
    if (!refine || depth >= max_depth || std::min({std::abs(ga), std::abs(gb), std::abs(gc)}) > refine_factor * vary)
      return;
    const Eigen::Vector3d ab = (a + b).normalized(), bc = (b + c).normalized(), ca = (c + a).normalized();
    const Sample sab = at(ab), sbc = at(bc), sca = at(ca);
    face(a, ab, ca, sa, sab, sca, depth + 1);
    face(b, bc, ab, sb, sbc, sab, depth + 1);
    face(c, ca, bc, sc, sca, sbc, depth + 1);
    face(ab, bc, ca, sab, sbc, sca, depth + 1);
  }

  std::vector<CurvePoint> points() && { return std::move(points_); }

 private:
  void add(const Eigen::Vector3d& w, double F) {
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
  Eigen::Vector3d B_;
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
  std::vector<Sample> samples(mesh.vertices.size());
  for (std::size_t i = 0; i < samples.size(); ++i) samples[i] = contour.at(mesh.vertices[i]);
  // A closed component smaller than a face surrounds an extremum of g, which the vertex values
  // show as a local extremum among the neighbours: only faces touching one are refined (a
  // component passing near a vertex is crossed by an edge of the next face anyway).
  std::vector<char> extremum(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const auto& nb = mesh.neighbours[i];
    const double gi = samples[i].g;
    extremum[i] = std::all_of(nb.begin(), nb.end(), [&](int j) { return samples[j].g > gi; }) ||
                  std::all_of(nb.begin(), nb.end(), [&](int j) { return samples[j].g < gi; });
  }
  for (const auto& f : mesh.faces)
    contour.face(mesh.vertices[f[0]], mesh.vertices[f[1]], mesh.vertices[f[2]], samples[f[0]], samples[f[1]],
                 samples[f[2]], 0, extremum[f[0]] || extremum[f[1]] || extremum[f[2]]);
  return std::move(contour).points();
}

}  // namespace limitdir::detail
