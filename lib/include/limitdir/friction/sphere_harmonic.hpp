#pragma once
// The sphere-harmonic model of degree N: q(w) of any friction model (in practice the exact
// model of any contact, friction/contact_model.hpp) expanded on the unit sphere. The core paper
// expands only the circle's q in harmonics of theta, (82)-(83) [Nonlinear Dyn. 2024], and calls the
// general case "beyond the scope" (Sect. 6); docs/manual.md section 8.
//
// Basis. Each Cartesian component q_k is expanded in the polynomials of degree <= L = 2N - 1
// on the sphere (the span of the Laplace spherical harmonics of degree <= 2N - 1), in the basis
//     Re(z^m) p_n^m(w3), Im(z^m) p_n^m(w3),  z = w1 + i w2 = cos(theta) e^(i phi),  m + n <= 2N - 1,
// with p_n^m the Gegenbauer polynomials C_n^(m) (Chebyshev T_n for m = 0), orthonormal for
// the inner product <f, g> = int int f g d(theta) d(phi) (theta the latitude, w3 = sin theta).
// The coefficients are the orthogonal projection in that inner product.
//
// Why it is the harmonic model (82)-(83) for a circle, exactly. For an axisymmetric contact
// q = -(Q(theta) cos phi, Q(theta) sin phi, (kappa/rho) T(theta)) has only the terms m = 1 (q1, q2)
// and m = 0 (q3). For m = 1 the basis is cos(theta) U_n(sin theta) e^(i phi), n <= 2N - 2, and
// cos(theta) U_{2i-2}(sin theta) = (-1)^(i-1) cos((2i-1) theta); for m = 0 it is T_n(sin theta),
// n <= 2N - 1, and T_{2i-1}(sin theta) = (-1)^(i-1) sin((2i-1) theta) (the even n vanish by
// oddness). So the model's spaces for Q and T are exactly those of (82), the truncation 2N - 1
// matching the degree N of (82); and the measure d(theta) -- not the area measure
// cos(theta) d(theta) d(phi), which would give Legendre-type coefficients -- makes the
// projection the Fourier projection (83). The circle's c_i, s_i are therefore those of (83)
// (harmonic_part() returns them) and q equals HarmonicModel(reference, N).
//
// Symmetries kept exactly (to the last bit): the reference's oddness q(-w) = -q(w) (every
// pressure that does not depend on w, distorted or not; not the shift (2) [Kireenkov]) by keeping
// only odd polynomials, and its mirror images
// q(G w) = G q(w) for G = diag(-1, 1, -1) (the contact's x -> -x) and diag(1, -1, -1) (y -> -y)
// by setting the coefficients that break them to zero; with oddness these give
// T = diag(1, -1, 1) and diag(-1, 1, 1) of an aligned ellipse. Which of them a reference has is
// read from its type (sphere_harmonic_options).
//
// Coefficients: trapezoid rule in phi (n_phi >= 4N nodes, exact for the products of basis
// functions, doubled until the coefficients change by < 1e-13) x tanh-sinh quadrature in theta
// on each meridian, split at the latitudes where the reference is only C^1 (the exact model's
// "ICR on the contact boundary", tan(theta) = rho sqrt(sin^2 phi/a^2 + cos^2 phi/b^2)), so every
// piece converges double-exponentially; for an odd reference only the upper hemisphere is
// sampled. Cost: a few 1e4 reference evaluations (~0.1-1 s for the exact model; docs/manual.md
// section 8 has measured figures). Evaluation: O(N^2), about a microsecond.
#include <Eigen/Core>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "limitdir/friction/model.hpp"

namespace limitdir {

namespace detail {
class SphereBasis;
}

struct SphereHarmonicOptions {
  bool odd = false;       // q(-w) = -q(w)
  bool mirror_x = false;  // q(G w) = G q(w), G = diag(-1, 1, -1)
  bool mirror_y = false;  // q(G w) = G q(w), G = diag(1, -1, -1)
  /// Latitudes in (-pi/2, pi/2) at longitude phi where the reference is not smooth (empty:
  /// smooth). The theta quadrature splits there.
  std::function<std::vector<double>(double phi)> crease;
};

/// What is known of a reference model from its type: for ContactExactModel the symmetries of
/// its contact (odd without a shift; mirror_x unless the distortion has an x
/// component, mirror_y unless it has a y component) and its crease; for AxisymmetricModel all
/// three symmetries and its theta_breakpoints; for any other model nothing.
SphereHarmonicOptions sphere_harmonic_options(const FrictionModel& reference);

class SphereHarmonicModel : public FrictionModel {
 public:
  /// Degree 1 <= N <= 32 (InputError otherwise); options from sphere_harmonic_options.
  SphereHarmonicModel(const FrictionModel& reference, int N);
  SphereHarmonicModel(const FrictionModel& reference, int N, const SphereHarmonicOptions& options);
  ~SphereHarmonicModel() override;
  SphereHarmonicModel(const SphereHarmonicModel&);

  /// The same expansion cut at degree N <= degree() (the projection of lower degree: the
  /// basis is orthogonal and the quadrature exact for it).
  SphereHarmonicModel truncated(int N) const;

  int degree() const { return N_; }
  /// Number of basis polynomials per component.
  int basis_size() const;
  /// Reference evaluations spent on the coefficients (phi nodes x theta nodes).
  long evaluations() const { return evaluations_; }
  int phi_nodes() const { return phi_nodes_; }
  /// The terms m = 1 of -(q1, q2) and m = 0 of -(rho/kappa) q3 as the Fourier coefficients
  /// c_i, s_i (i = 1..N) of (82)-(83) [Nonlinear Dyn. 2024] (for an axisymmetric reference: its (83)).
  void harmonic_part(std::vector<double>& c, std::vector<double>& s) const;

  std::string name() const override { return "sphere-harmonic"; }
  std::string description() const override;

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override;
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override;

 private:
  SphereHarmonicModel(const SphereHarmonicModel& from, int N);
  int N_;
  std::unique_ptr<detail::SphereBasis> basis_;
  Eigen::Matrix<double, 3, Eigen::Dynamic> a_;  // coefficients, one column per basis term
  long evaluations_ = 0;
  int phi_nodes_ = 0;
  std::string reference_;
};

/// Figs 17-18 of [Nonlinear Dyn. 2024] for any contact: the largest |q_N(w) - q(w)| (Euclidean) over the
/// grid theta_i = -pi/2 + pi i/(n_theta - 1), phi_j = 2 pi j/n_phi, and where it occurs, for
/// N = 1..model.degree() (the truncations of model, an expansion of reference).
struct SphereHarmonicError {
  int N;
  double max_error;
  Eigen::Vector3d w;
};
std::vector<SphereHarmonicError> sphere_harmonic_errors(const FrictionModel& reference,
                                                        const SphereHarmonicModel& model, int n_theta = 91,
                                                        int n_phi = 180);
/// The same after expanding reference to degree N_max.
std::vector<SphereHarmonicError> sphere_harmonic_errors(const FrictionModel& reference, int N_max,
                                                        int n_theta = 91, int n_phi = 180);

}  // namespace limitdir
