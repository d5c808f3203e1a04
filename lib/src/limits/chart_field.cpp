// The charts of the sphere and the interval field on them (limits/chart_field.hpp): F(x) =
// M^-1 q(x) + c over boxes of x with M^-1 enclosed rigorously (101), the six faces
// x = T (1, u, v) of a generically rotated cube, and g(u, v) = (f_a - u f_n, f_b - v f_n),
// f = T^-1 F, with its Jacobian, whose zeros are the limit directions (125) (docs/manual.md
// section 3, "Certificates"); used by the proof of the limit directions (limits/cube_cover.cpp),
// the event search (limits/event_boxes.cpp, limits/event_proof.cpp) and the exclusion of closed
// orbits (limits/orbit_exclusion.cpp). Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limits/chart_field.hpp"

#include <Eigen/Geometry>
#include <fmt/format.h>

namespace limitdir::detail {

std::optional<FieldEnclosure> field_enclosure(const System& system, const Interval& F) {
  const auto Minv = inverse_enclosure(to_interval<3>(system.M()));
  if (!Minv) return std::nullopt;
  IVec3 load;  // F d + e
  for (int i = 0; i < 3; ++i) load(i) = F * system.load_direction()(i) + system.load_offset()(i);
  return FieldEnclosure{&system.friction(), *Minv, *Minv * load,
                        dynamic_cast<const AxisymmetricModel*>(&system.friction()),
                        system.friction().enclosure_follows_box()};
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

namespace {

// ----- charts of the sphere: the faces of a rotated cube --------------------------------------

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

ChartRows chart_rows(const Face& face, const IVec2& X) {
  ChartRows R;
  for (int j = 0; j < 3; ++j) {
    R.n(j) = face.Tinv(0, j);
    R.r0(j) = face.Tinv(1, j) - X(0) * face.Tinv(0, j);
    R.r1(j) = face.Tinv(2, j) - X(1) * face.Tinv(0, j);
  }
  return R;
}

IVec3 face_point(const Face& face, const IVec2& X) {
  IVec3 x;
  for (int i = 0; i < 3; ++i) x(i) = face.T(i, 0) + face.T(i, 1) * X(0) + face.T(i, 2) * X(1);
  return x;
}

namespace {

/// g = (r0 . F, r1 . F) and Dg from rdF(i, t) = r_i . dF/dt along the chart columns t = a, b.
FaceValue chart_value(const ChartRows& R, const IVec3& F, const IMat2& rdF) {
  FaceValue r;
  r.fn = dot(R.n, F);
  r.g(0) = dot(R.r0, F);
  r.g(1) = dot(R.r1, F);
  r.Dg(0, 0) = rdF(0, 0) - r.fn;
  r.Dg(0, 1) = rdF(0, 1);
  r.Dg(1, 0) = rdF(1, 0);
  r.Dg(1, 1) = rdF(1, 1) - r.fn;
  return r;
}

/// For an axisymmetric model, q = -(w1 C, w2 C, k w3 S) (86) and the derivative of r . F along
/// the chart column t of T is
///   -(rho1 w1_t C + rho2 w2_t C + rho3 k w3_t S) - (rho1 w1 + rho2 w2) C_t - rho3 k w3 S_t,
/// rho = r M^-1: the wide (Clarke) gradient of C at a kink multiplies rho . (w1, w2, 0), which
/// is small at a zero on the equator when M^-1 w || w (r is orthogonal to x).
std::optional<FaceValue> face_value_axisymmetric(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  const auto m = field.axisymmetric->enclose_meridian(face_point(face, X));
  if (!m) return std::nullopt;
  const double k = field.axisymmetric->kappa_over_rho();
  IVec3 q;
  q(0) = -(m->w[0].v * m->C.v);
  q(1) = -(m->w[1].v * m->C.v);
  q(2) = -(k * (m->w[2].v * m->S.v));
  const IVec3 F = field.Minv * q + field.c;
  const ChartRows R = chart_rows(face, X);
  const auto dir = [&](const IDual& f, int col) {
    return f.d[0] * face.T(0, col) + f.d[1] * face.T(1, col) + f.d[2] * face.T(2, col);
  };
  const auto row_times_Minv = [&](const IVec3& r) {
    IVec3 rho;
    for (int j = 0; j < 3; ++j) rho(j) = r(0) * field.Minv(0, j) + r(1) * field.Minv(1, j) + r(2) * field.Minv(2, j);
    return rho;
  };
  const IVec3 rho0 = row_times_Minv(R.r0), rho1 = row_times_Minv(R.r1);
  const auto along = [&](const IVec3& rho, int col) {
    const Interval smooth = rho(0) * dir(m->w[0], col) * m->C.v + rho(1) * dir(m->w[1], col) * m->C.v +
                            k * (rho(2) * dir(m->w[2], col) * m->S.v);
    return -smooth - (rho(0) * m->w[0].v + rho(1) * m->w[1].v) * dir(m->C, col) -
           k * (rho(2) * m->w[2].v) * dir(m->S, col);
  };
  IMat2 rdF;
  rdF(0, 0) = along(rho0, 1);
  rdF(0, 1) = along(rho0, 2);
  rdF(1, 0) = along(rho1, 1);
  rdF(1, 1) = along(rho1, 2);
  return chart_value(R, F, rdF);
}

}  // namespace

std::optional<FaceValue> face_value(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  if (field.axisymmetric) return face_value_axisymmetric(field, face, X);
  const auto box = field.at(face_point(face, X));
  if (!box) return std::nullopt;
  const ChartRows R = chart_rows(face, X);
  IVec3 Fu, Fv;  // Fu = DF a, Fv = DF b
  for (int j = 0; j < 3; ++j) {
    Fu(j) = box->DF(j, 0) * face.T(0, 1) + box->DF(j, 1) * face.T(1, 1) + box->DF(j, 2) * face.T(2, 1);
    Fv(j) = box->DF(j, 0) * face.T(0, 2) + box->DF(j, 1) * face.T(1, 2) + box->DF(j, 2) * face.T(2, 2);
  }
  IMat2 rdF;
  rdF(0, 0) = dot(R.r0, Fu);
  rdF(0, 1) = dot(R.r0, Fv);
  rdF(1, 0) = dot(R.r1, Fu);
  rdF(1, 1) = dot(R.r1, Fv);
  return chart_value(R, box->F, rdF);
}

}  // namespace limitdir::detail
