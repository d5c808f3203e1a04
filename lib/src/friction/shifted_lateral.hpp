#pragma once
// Internal: an axisymmetric contact's exact model plus the lateral force of its pressure shifted
// along the sliding direction (2) [Kireenkov], shared by the thin ring (friction/exact_ring_shift.cpp)
// and the uniform disc (friction/exact_disc_shift.cpp). `lateral` is a law on doubles and on the
// duals of friction/approx_dual.hpp; at pure spin the force's direction n = e_z x s jumps with s,
// so there q is q_0's, marked not differentiable.
#include <Eigen/Core>
#include <array>

#include "friction/approx_dual.hpp"
#include "limitdir/friction/model.hpp"

namespace limitdir::detail {

template <class Lateral>
Eigen::Vector3d shifted_q(const FrictionModel& q0, const Lateral& lateral, const Eigen::Vector3d& w) {
  return q0.q(w) + approx::value_of(lateral, w);
}

template <class Lateral>
FrictionJacobian shifted_jacobian(const FrictionModel& q0, const Lateral& lateral, const Eigen::Vector3d& w) {
  FrictionJacobian J = q0.jacobian(w);
  if (w.x() == 0.0 && w.y() == 0.0) {  // the lateral force's direction jumps with s at pure spin
    J.differentiable = false;
    return J;
  }
  Eigen::Vector3d lat;
  Eigen::Matrix3d dlat;
  approx::value_and_jacobian(lateral, w, lat, dlat);
  J.q += lat;
  J.dq_dw += dlat;
  return J;
}

/// The force -k sgn(w3) L n from sL = sgn(w3) L and w12 = |(w1, w2)| > 0: n w12 = (-w2, w1).
template <class T>
std::array<T, 3> lateral_along_n(const T& sL, const T& w12, const std::array<T, 3>& w, double k) {
  const T f = -k * sL / w12;
  return {-f * w[1], f * w[0], T(0.0)};
}

}  // namespace limitdir::detail
