#pragma once
// Boxes of slip directions shared by the tests of the friction models' interval enclosures: the
// box of half-width r about w and the points whose values it must hold.
#include <Eigen/Core>

#include "limitdir/numerics/interval.hpp"

namespace direction_boxes {

/// The box of half-width r about w.
inline limitdir::IVec3 box_about(const Eigen::Vector3d& w, double r) {
  limitdir::IVec3 X;
  for (int i = 0; i < 3; ++i) X(i) = limitdir::Interval(w(i) - r, w(i) + r);
  return X;
}

/// Corner k < 8 of that box (bit i: + or - r along x_i), its centre for k = 8.
inline Eigen::Vector3d corner(const Eigen::Vector3d& w, double r, int k) {
  Eigen::Vector3d p = w;
  if (k < 8)
    for (int i = 0; i < 3; ++i) p(i) += ((k >> i) & 1 ? r : -r);
  return p;
}

}  // namespace direction_boxes
