#pragma once
// The exact integral friction model (8) [Kudra & Awrejcewicz 2013] of a plane contact of any
// shape (contact/shape.hpp: circle or ellipse, uniform/Hertz/power pressure, distortion (15), shift
// (2) [Kireenkov]) as a FrictionModel: q(w) = (F_x, F_y, M_z/rho)/(mu N) with Coulomb's law
// pointwise, and dq/dw of its degree-0 homogeneous extension (conventions of contact/shape.hpp and
// friction/model.hpp).
//
// Method (no finite differences; the Jacobian is differentiated under the integral by
// forward-mode dual numbers through the same formulas):
//  * ICR within 6 max(a, b) of O: polar coordinates about the instantaneous centre of rotation
//    C = rho (-w2, w1)/w3, taken in the pre-image circle x' = x/a, y' = y/b (an affine map
//    keeps rays straight). Along a ray the direction of v(r) is constant, so the ray integrals
//    of sigma0 s^k (k <= 3) are closed forms (incomplete Beta functions of the chord: elementary
//    for uniform and Hertz pressure, Boost ibetac for a general power), leaving one angular
//    integral: over all ray angles when C is inside (periodic trapezoid rule, nodes doubled
//    until the estimated error is below 1e-14), over the rays that hit the contact when C is
//    outside (in the distance p of the chord from the centre, by Gauss-Jacobi rules with the
//    weight (1 - p^2)^(alpha + 1/2) of the chord integrals, doubled likewise). Within 1e-2 of
//    the rim (in rhat^2), where the integrands have layers of width sqrt|1 - rhat^2|, and
//    wherever the doubling does not converge: adaptive Gauss-Kronrod (7, 15).
//  * ICR farther (including pure sliding, w3 = 0): v(r)/|v(r)| is analytic on the contact;
//    tensor rule in elliptic polar coordinates (Gauss-Jacobi in rhat^2 with the weight of the
//    pressure, trapezoid in the angle).
// Pure spin (C = O) and pure sliding need no special case. With a shift the model is
// discontinuous at pure spin (differentiable = false there, the shift dropped).
#include <memory>

#include "limitdir/contact/shape.hpp"
#include "limitdir/friction/model.hpp"

namespace limitdir {

class ContactExactModel : public FrictionModel {
 public:
  /// rho > 0 in the contact's length unit; the pressure exponent alpha >= -1/2 (Galin's
  /// edge-singular pressure included; below -1/2 the Jacobian is only Holder continuous at the
  /// rim). InputError otherwise.
  ContactExactModel(const Contact& contact, double rho);
  const Contact& contact() const { return contact_; }
  double rho() const { return rho_; }
  double kappa() const { return kappa_; }
  std::string name() const override { return "exact"; }
  std::string description() const override;
  /// rhat of the instantaneous centre of rotation at the slip direction w (1 on the contact
  /// boundary, where q is only C^1; infinity at pure sliding).
  double icr_rhat(const Eigen::Vector3d& w) const;
  /// The same contact with the shift k (2) [Kireenkov] (InputError if the pressure turns
  /// negative): the quadrature rules are reused, so that a load sweep whose shift follows the
  /// load rebuilds nothing else.
  std::unique_ptr<ContactExactModel> with_shift(double k) const;
  /// The exact model of another contact and rho, reusing the quadrature rules when the
  /// pressure exponent is the same (a sweep of the contact's a/b, d, gamma or k).
  std::unique_ptr<ContactExactModel> with_contact(const Contact& contact, double rho) const;

  /// Rigorous enclosures of q and dq/dw over the box x for an ellipse or circle with uniform
  /// pressure, no distortion and no shift (docs/manual.md section 6, "Rigorous enclosures of
  /// the exact model of an ellipse"); none for the other contacts.
  std::optional<QEnclosure> enclose(const IVec3& x) const override;
  /// The quadrature's tolerance is the box's (docs/manual.md section 6).
  bool enclosure_follows_box() const override { return true; }

  struct Impl;

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override;
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override;

 private:
  Contact contact_;
  double rho_, kappa_;
  std::shared_ptr<const Impl> impl_;
};

/// The exact model with the default rho = kappa (contact/shape.hpp).
std::unique_ptr<ContactExactModel> make_contact_exact_model(const Contact& contact);
std::unique_ptr<ContactExactModel> make_contact_exact_model(const Contact& contact, double rho);

}  // namespace limitdir
