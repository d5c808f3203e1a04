// The cube charts of the sphere: see limits/cube_charts.hpp. Compiled with -frounding-math
// (lib/CMakeLists.txt).
#include "limits/cube_charts.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <fmt/format.h>

namespace limitdir::detail {

namespace {
/// A fixed generic rotation: no face centre, edge or vertex on w2 = 0, w3 = 0 or an axis. It
/// is small (0.12 rad) because the box of x over a cell wraps the rotated chart: the smaller
/// the rotation, the tighter the enclosures (2.2x fewer cells than at 0.6 rad).
Eigen::Matrix3d generic_rotation() {
  const Eigen::Vector3d axis = Eigen::Vector3d(0.3137, 0.5411, 0.7803).normalized();
  return Eigen::AngleAxisd(0.1173, axis).toRotationMatrix();
}
}  // namespace

std::optional<std::vector<Face>> cube_faces() {
  const Eigen::Matrix3d R = generic_rotation();
  std::vector<Face> faces;
  for (int k = 0; k < 3; ++k)
    for (double s : {1.0, -1.0}) {
      Face f;
      f.T << s * R.col(k), R.col((k + 1) % 3), R.col((k + 2) % 3);
      const auto Tinv = inverse_enclosure(to_interval<3>(f.T));
      if (!Tinv) return std::nullopt;
      f.Tinv = *Tinv;
      f.name = fmt::format("face {}{}", s > 0 ? '+' : '-', k + 1);
      faces.push_back(f);
    }
  return faces;
}

IVec3 face_point(const Face& face, const IVec2& X) {
  IVec3 x;
  for (int i = 0; i < 3; ++i) x(i) = face.T(i, 0) + face.T(i, 1) * X(0) + face.T(i, 2) * X(1);
  return x;
}

IVec3 normalized(const IVec3& x) {
  const Interval n = boost::numeric::sqrt(dot(x, x));
  IVec3 w;
  for (int i = 0; i < 3; ++i) {
    const Interval t = x(i) / n;
    w(i) = Interval(std::max(t.lower(), -1.0), std::min(t.upper(), 1.0));
  }
  return w;
}

}  // namespace limitdir::detail
