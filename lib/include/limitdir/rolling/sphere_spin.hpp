#pragma once
// Beyond Sect. 6.1 [Acary & Bourrier 2021]: the sphere on the plane with spin about the normal
// resisted by a finite contact disc. The sliding friction is limitdir's exact coupled
// slide/spin model ([Nonlinear Dyn. 2024], a disc of radius a with uniform or Hertz pressure)
// instead of the Coulomb disk of K_r; the rolling resistance keeps the disk |m_R| <= mu_r r_N
// of K_r (20). docs/manual.md section 10.
//
// Slip vector of the contact x = (u_T1, u_T2, rho Omega_Z) with rho = R sqrt(1 + j) (any rho
// describes the same law; this one gives the slip and spin rows of W the same scale). The
// model's q(x) = (F_T, M_Z/rho)/(mu r_N) maximises the dissipation, so the admissible
// generalised forces form the convex set mu r_N L, L = conv q(S^2), with support function
// d(x) = -q(x).x, and the law is -x in N_{mu r_N L}(F_T, M_Z/rho). Every step solves the
// variational inequality over mu P_N L x D(mu_r P_N/R) (an accelerated projected gradient) with
// P_N = m g h: the sphere stays on the plane.
#include <Eigen/Core>

#include "limitdir/friction/model.hpp"
#include "limitdir/contact/pressure.hpp"
#include "limitdir/rolling/sphere.hpp"

namespace limitdir {

/// The contact disc: radius a > 0 (m) and its pressure (uniform or Hertz, which have closed
/// forms; the pure-spin moment is mu r_N kappa a, kappa = 2/3 and 3 pi/16).
struct SpinFriction {
  double contact_radius = 0.0;
  Pressure pressure = Pressure::hertz();
};

/// Projection of z onto c L (c >= 0, L = conv q(S^2) of `model`): the maximiser w of
/// g(w) = w.z + c q(w).w = w.z - c d(w) on the unit sphere (its maximum is the distance from
/// z to c L) gives z - g(w) w when g(w) > 0, else z (inside). Newton ascent on the sphere from
/// the warm start w (updated), then from z/|z|, the axes and the cube diagonals until one start
/// reaches g > 0 (where g > 0 its super-level sets are connected, so any such start finds the
/// maximum); a z outside by less than what all these starts miss is taken as inside.
Eigen::Vector3d project_on_limit_set(const FrictionModel& model, double c, const Eigen::Vector3d& z,
                                     Eigen::Vector3d& w);

/// Runs the sphere from `initial` (on the plane: Z = R, U_Z = 0) with this contact (each step
/// at most options.solver.max_iter iterations to options.solver.tol; the method is unused); the
/// samples' m_Z is the spin moment. The mode "slide" means |x| > rest speed (sliding or
/// spinning). Throws InputError for invalid input (also a contact radius <= 0 or a pressure
/// other than uniform and Hertz), NumericalError when the state stops being finite.
SphereRun simulate_spinning_sphere(const RollingSphere& sphere, const SpinFriction& contact,
                                   const SphereState& initial, const SphereSteppingOptions& options);

}  // namespace limitdir
