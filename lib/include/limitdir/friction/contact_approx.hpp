#pragma once
// Approximate (closed-form) friction models of a circular or elliptic contact, built from its
// characteristic integrals c_{i,j,k} (contact/integrals.hpp), and the Pade models of the
// shifted pressure (2) [Kireenkov]. docs/manual.md section 7; accuracy against the exact
// model (friction/contact_model.hpp) by friction/accuracy.hpp.
//
// Mapping of [Kudra & Awrejcewicz 2013] and [Awrejcewicz & Kudra, Celtic stone] onto limitdir's
// q (friction/model.hpp): in the K&A frame (contact/integrals.hpp; lengths in units of the major
// semi-axis a_M) the slip direction w = (v_x, v_y, rho omega)/|.| gives
//   v_sx = w1, v_sy = w2 (turned by -pi/2 when the contact's b > a), omega_s = w3/(rho/a_M),
// and, because the papers' friction force is -(T_sx, T_sy) and their torque -M_s (the sign
// change of (8)),  q = -(T_sx, T_sy, M_s/(rho/a_M))  (turned back). Every model is
// 0-homogeneous in (v_sx, v_sy, omega_s), so the scale of w is irrelevant.
//
// Jacobians are analytic (forward-mode dual numbers through the same formulas). Where a model
// has a cone point, a kink or a jump, `differentiable` is false and the derivative is the
// symmetric mean of the one-sided ones (the terms |v_s|, |omega_s| and their powers < 1 get
// the derivative 0 there).
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/contact/shape.hpp"
#include "limitdir/contact/integrals.hpp"
#include "limitdir/contact/pressure.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/speed_law.hpp"

namespace limitdir {

/// The K&A-frame law f = (T_sx, T_sy, M_s) at v = (v_sx, v_sy, omega_s) and df/dv.
struct KudraLaw {
  Eigen::Vector3d f;
  Eigen::Matrix3d df;
  bool differentiable = true;
};

/// Common part of the models of [Kudra & Awrejcewicz 2013]: the frame, the c_{i,j,k} of
/// Table 1, rho, and the mapping onto q. rho > 0 in the contact's length unit.
class KudraModel : public FrictionModel {
 public:
  const Contact& contact() const { return contact_; }
  double rho() const { return rho_; }
  const KudraFrame& frame() const { return frame_; }
  const CharacteristicIntegrals& c() const { return c_; }
  /// The law in the K&A frame at v = (v_sx, v_sy, omega_s) (any nonzero v).
  virtual KudraLaw law(const Eigen::Vector3d& v) const = 0;
  /// The values f of law(v) alone.
  virtual Eigen::Vector3d law_value(const Eigen::Vector3d& v) const = 0;

 protected:
  KudraModel(const Contact& contact, double rho, const char* who);
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override;
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override;
  std::string where() const;

 private:
  Contact contact_;
  double rho_;
  KudraFrame frame_;
  CharacteristicIntegrals c_;
};

/// Parameters of the modified Pade model "I" (40)-(45): common denominators
/// (|v_s|^(n m_T) + b_T^m_T |omega_s|^(n m_T))^(1/m_T) and (b_M^m_M |omega_s|^(n m_M) +
/// |v_s|^(n m_M))^(1/m_M), n the order; all > 0 (InputError), default 1.
struct KudraPadeParameters {
  // 1: (47) = Celtic stone P1 (16); 3: (48) corrected = Celtic stone P3 (17); 5: I_{2(1),2}
  // (torque I_{2,2}); 7: I_{3(1),3} (torque I_{3(2),3}) of Sect. 4.3 (KudraApproximant)
  int order = 3;
  double b_T = 1.0, b_M = 1.0, m_T = 1.0, m_M = 1.0;
};

/// The derivative orders of the approximant f^(I_{n1(n1p),n2(n2p)}) (44)-(45) [Kudra &
/// Awrejcewicz 2013] of one component family (the force T_sx, T_sy or the torque M_s): the
/// derivatives in v_s at v_s = 0 equal the exact model's up to order n1p and vanish from
/// n1p + 1 to n1, those in omega_s at omega_s = 0 likewise with n2p, n2; degree n = n1 + n2 + 1.
struct KudraApproximantOrders {
  int n1, n1p, n2, n2p;
  int n() const { return n1 + n2 + 1; }
};

/// The orders of kudra-pade order n (1, 3, 5, 7; InputError otherwise): {force, torque} =
/// n = 1: I_{0,0} (47); 3: I_{1,1} (48); 5: I_{2(1),2}, I_{2,2}; 7: I_{3(1),3}, I_{3(2),3}.
std::array<KudraApproximantOrders, 2> kudra_pade_orders(int order);

/// The approximant (44)-(45) built from the exact model's Taylor coefficients (docs/manual.md
/// section 7): numerator N = |v_s|^n sum_{i<=n2p} F_i(v_s) omega_s^i + b sum_{j<=n1p} H_j(v_s)
/// omega_s^(n-j), where F_i are the omega_s-Taylor coefficients of (8) at omega_s = 0 (moments
/// c_{a,b,0}, a + b <= i + 1, of the expanded integrand) and H_j the v-Taylor terms at v_s = 0,
/// omega_s = 1 ((11), (59): c_{0,1,1}, c_{1,0,1}, c_{i,j,3}, c_{0,0,-1}); the denominators are
/// those of KudraPadeParameters with n. The derivatives (45) hold for n m > max(n1, n2).
/// Valid orders (InputError otherwise): n odd (N is then a polynomial), 0 <= n1p <= n1,
/// 0 <= n2p <= n2, n2p <= min(3, (n - 1)/2), n1p <= 1 (force) or 2 (torque) - the orders
/// whose defining integrals (59)-(60) converge absolutely. Both families have one degree n.
class KudraApproximant {
 public:
  KudraApproximant(const KudraFrame& frame, KudraApproximantOrders force, KudraApproximantOrders torque);
  const KudraApproximantOrders& force_orders() const { return T_; }
  const KudraApproximantOrders& torque_orders() const { return M_; }
  /// f = (T_sx, T_sy, M_s) at v = (v_sx, v_sy, omega_s) with the b_T, b_M, m_T, m_M of p
  /// (p.order is not used: the degree is the orders' n).
  Eigen::Vector3d value(const Eigen::Vector3d& v, const KudraPadeParameters& p) const;
  /// The same with df/dv (dual numbers); differentiable unless n m <= 1 at a pole or on the equator.
  KudraLaw law(const Eigen::Vector3d& v, const KudraPadeParameters& p) const;

  /// The moments c_{a,b,0} (a + b <= 4), the c_{i,j,k} of the v-side terms and, built from
  /// them, the omega_s side: N[i][f][a][b] the coefficient of omega_s^i v_sx^a v_sy^b in the
  /// numerator of component f (0: T_sx, 1: T_sy, 2: M_s).
  struct Integrals {
    double m[5][5];
    double c011, c101, c203, c113, c023, c00m1;
    double N[4][3][8][8];
  };

 private:
  KudraApproximantOrders T_, M_;
  Integrals c_;
};

/// (47)/(48) [Kudra & Awrejcewicz 2013] with the errata of docs/errata.md (orders 1, 3), and
/// the approximants I_{2(1),2}, I_{3(1),3} of Sect. 4.3 (orders 5, 7: KudraApproximant with
/// kudra_pade_orders). Order n has cone points at the poles and kinks on the equator when
/// n m <= 1 and is differentiable for n m > 1 (m = min(m_T, m_M)).
class KudraPadeModel : public KudraModel {
 public:
  KudraPadeModel(const Contact& contact, double rho, KudraPadeParameters parameters = {});
  const KudraPadeParameters& parameters() const { return p_; }
  std::string name() const override { return "kudra-pade"; }
  KinkSets kink_sets() const override;
  /// Numerators odd, denominators even in (v_s, omega_s) (44)/(47)/(48).
  bool odd() const override { return true; }
  std::string description() const override;
  KudraLaw law(const Eigen::Vector3d& v) const override;
  Eigen::Vector3d law_value(const Eigen::Vector3d& v) const override;

 private:
  KudraPadeParameters p_;
  std::optional<KudraApproximant> general_;  // orders 5, 7
};

/// The first-order Pade approximants (38)-(39) [Kudra & Awrejcewicz 2013], undistorted
/// pressure only (d = 0, else InputError: the denominators of (39) then vanish on the
/// sphere): T_sx = v_sx/(v_s + |omega_s|/c203), T_sy = v_sy/(v_s + |omega_s|/c023),
/// M_s = kappa_e omega_s/(|omega_s| + A4 v_s), A4 = kappa_e/(c200 c_phi^2 + c020 s_phi^2).
/// Not differentiable at the poles (A4 v_s is a cone) and on the equator (|omega_s|).
class KudraPadeFirstModel : public KudraModel {
 public:
  KudraPadeFirstModel(const Contact& contact, double rho);
  std::string name() const override { return "kudra-pade-first"; }
  KinkSets kink_sets() const override;
  /// Numerators odd, denominators even in (v_s, omega_s) (38)-(39).
  bool odd() const override { return true; }
  std::string description() const override;
  KudraLaw law(const Eigen::Vector3d& v) const override;
  Eigen::Vector3d law_value(const Eigen::Vector3d& v) const override;
};

/// The joins u_{0,f}(b) of (58) [Kudra & Awrejcewicz 2013] for f = T_sx, T_sy, M_s.
std::array<double, 3> kudra_w_joins(double b);

/// Coefficients of one component of (51): a_0..a_4 (for v_s <= |omega_s| u0, in powers of
/// v_s/omega_s, times sgn omega_s) and b_0..b_3 (beyond, in powers of omega_s/v_s).
struct KudraWPieces {
  std::array<double, 5> a;
  std::array<double, 4> b;
  double u0;
};

/// (52)-(56) with the corrected coefficients (docs/errata.md) for component f (0: T_sx,
/// 1: T_sy, 2: M_s) at sliding angle (c_phi, s_phi) and s = sgn omega_s. printed_a3 = true
/// takes (55)'s printed "+ 24 b_{f,2}" instead of "- 24 b_{f,2}" (only to show that it breaks
/// the C^0-C^2 join).
KudraWPieces kudra_w_pieces(const CharacteristicIntegrals& c, int f, double c_phi, double s_phi, double s,
                            double u0, bool printed_a3 = false);

/// The piecewise polynomial model W (51)-(58) [Kudra & Awrejcewicz 2013] = Celtic stone W1
/// (10). C^2 across its joins, C^1 at the poles: differentiable everywhere. u0 defaults to
/// (58) at the contact's b; each must be > 0.
class KudraWModel : public KudraModel {
 public:
  KudraWModel(const Contact& contact, double rho, std::optional<std::array<double, 3>> u0 = std::nullopt);
  const std::array<double, 3>& u0() const { return u0_; }
  std::string name() const override { return "kudra-w"; }
  std::string description() const override;
  KudraLaw law(const Eigen::Vector3d& v) const override;
  Eigen::Vector3d law_value(const Eigen::Vector3d& v) const override;

 private:
  std::array<double, 3> u0_;
};

/// Model O, (32)-(33) [Kudra & Awrejcewicz 2013] = (13) [Awrejcewicz & Kudra, Celtic stone]:
/// T = (c_phi, s_phi), M_s = kappa_e sgn omega_s (the point contact with a spin torque).
/// Discontinuous at the poles (where T = 0) and on the equator (where M_s = 0).
class PointSpinModel : public KudraModel {
 public:
  PointSpinModel(const Contact& contact, double rho);
  std::string name() const override { return "point-spin"; }
  KinkSets kink_sets() const override;
  std::string description() const override;
  KudraLaw law(const Eigen::Vector3d& v) const override;
  Eigen::Vector3d law_value(const Eigen::Vector3d& v) const override;
};

/// (18) [Awrejcewicz & Kudra, Celtic stone] (Zhuravlev-Klimov): T = v_s,xy/(v_s + (8/(3 pi))
/// |omega_s|), M_s = 0, with the paper's constant 8/(3 pi) (that of the Hertz circle).
/// Not differentiable on the equator (|omega_s|); C^1, not C^2, at the poles (kink_sets).
class ZhuravlevKlimovModel : public KudraModel {
 public:
  ZhuravlevKlimovModel(const Contact& contact, double rho);
  std::string name() const override { return "zhuravlev-klimov"; }
  KinkSets kink_sets() const override;
  bool torque_free() const override { return true; }  // M_s = 0 in (18)
  std::string description() const override;
  KudraLaw law(const Eigen::Vector3d& v) const override;
  Eigen::Vector3d law_value(const Eigen::Vector3d& v) const override;
};

/// Default rho = the contact's kappa (contact/shape.hpp) for each of the above.
std::unique_ptr<KudraPadeModel> make_kudra_pade_model(const Contact& contact, KudraPadeParameters p = {});
std::unique_ptr<KudraWModel> make_kudra_w_model(const Contact& contact);

// ----- [Kireenkov]: the pressure shifted along the sliding direction, coupled law ----------

/// The exact model of the coupled shift k = k0 Q(eps) (8) [Kireenkov] on a circle: built from
/// two exact models (friction/contact_model.hpp), q = q_0 + k0 |q_0,xy| (q_1 - q_0), q_k the exact
/// model with the constant shift k (q is linear in k). Continuous; at pure spin the lateral
/// force vanishes and its derivative is -k0 Q'(0) pi I_2 (rho/R) sgn(w3) [e_z x] (the smooth
/// limit). Circle without distortion or shift, |k0| <= 1 (InputError otherwise).
///
/// With the speed law (1) [Kireenkov] (mu1, mu2; friction/speed_law.hpp) the force is
/// q(w) + speed_part(x), k = k0 |q_0,xy| in the shifted pressure's share.
class KireenkovExactModel : public FrictionModel {
 public:
  KireenkovExactModel(const Contact& circle, double rho, double k0, const SpeedLaw& speed = {});
  /// The same on the thin ring (Pressure::ring, radius xi0 R, R = 1; rho in units of R): q_0 the
  /// ring's exact model in closed form, q_1 the ring with the unit shift, sigma (1 + x_par/R) a
  /// line density 1 + xi0 cos phi (closed form in E, B, friction/exact_ring_shift.cpp).
  KireenkovExactModel(const Pressure& ring, double rho_over_R, double k0, const SpeedLaw& speed = {});
  double k0() const { return k0_; }
  const SpeedLaw& speed_law() const { return speed_.law(); }
  std::string name() const override { return "kireenkov-exact"; }
  std::string description() const override;
  Eigen::Vector3d speed_part(const Eigen::Vector3d& x) const override;
  bool speed_dependent() const override { return !speed_.coulomb(); }

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override;
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override;

 private:
  std::shared_ptr<const FrictionModel> q0_, q1_;
  double k0_, pole_slope_;
  std::string contact_;
  SpeedTerms speed_;
};

/// k0 of the coupled law (8) [Kireenkov] from the friction coefficient f and the height h of
/// the force's line of action, corrected (docs/errata.md): from F h = N s with the shift s of
/// the centre of pressure, k = f h Q/(pi I_3 R), so k0 = f h/(pi I_3 R) (5 f h/R for Hertz,
/// 3 f h/R for Galin pressure). A circle; InputError unless f, h are finite and f >= 0.
double kireenkov_k0(const Contact& circle, double f, double h);

/// Pade models (9) (order 1) and resolved (10) (order 2) [Kireenkov] of the coupled shift,
/// eps = (rho/R) w12/|w3| (A.0' of docs/manual.md section 7):
///   q = -(Q(eps) s + sgn(w3) P(eps) n, (kappa/rho) sgn(w3) T(eps)),  n = e_z x s,
///   order 1: Q = eps/(eps + a), T = 1/(1 + m eps), P = mu eps/((1 + b eps)(eps + a)),
///            a = 1/(pi I_0), m = 2 I_2/I_3;
///   order 2: Q = (eps^2 + a eps)/(eps^2 + a eps + 1), T = (1 + m eps)/(1 + m eps + eps^2),
///            P = mu Q/(1 + b eps), a = pi I_0, m = I_3/(2 I_2);
///   mu = pi I_2 k0, b = I_2/I_3 (both orders).
/// Order 1 is not differentiable at the poles (T is a cone) and on the equator (Q has a
/// kink); order 2 is C^1 everywhere. With the speed law (1) [Kireenkov] the force is
/// q(w) + speed_part(x), the terms of (9)-(10) (friction/speed_law.hpp), k = k0 Q(eps).
class KireenkovPadeModel : public FrictionModel {
 public:
  KireenkovPadeModel(const Contact& circle, double rho, int order, double k0, const SpeedLaw& speed = {});
  /// The same on the thin ring (Pressure::ring, radius xi0 R, R = 1; rho in units of R), with
  /// the ring's moments I_i = xi0^(i-1)/(2 pi): a = 2 xi0 (order 1) or 1/(2 xi0) (order 2),
  /// m = 2/xi0 or xi0/2, mu = xi0 k0/2, b = 1/xi0 (docs/manual.md section 7).
  KireenkovPadeModel(const Pressure& ring, double rho_over_R, int order, double k0, const SpeedLaw& speed = {});
  int order() const { return order_; }
  double a() const { return a_; }
  double m() const { return m_; }
  double mu() const { return mu_; }
  double b() const { return b_; }
  const SpeedLaw& speed_law() const { return speed_.law(); }
  std::string name() const override { return "kireenkov-pade"; }
  KinkSets kink_sets() const override;
  std::string description() const override;
  Eigen::Vector3d speed_part(const Eigen::Vector3d& x) const override;
  bool speed_dependent() const override { return !speed_.coulomb(); }

 protected:
  Eigen::Vector3d q_unit(const Eigen::Vector3d& w) const override;
  FrictionJacobian jacobian_unit(const Eigen::Vector3d& w) const override;

 private:
  template <class T>
  std::array<T, 3> evaluate(const std::array<T, 3>& w) const;
  /// a, m, mu, b from the moments I_0, I_2, I_3 of (9)-(10) (2 pi I_1 = 1).
  void set_parameters(double I0, double I2, double I3);
  int order_;
  double a_, m_, mu_, b_, k0_;
  std::string contact_;
  SpeedTerms speed_;
};

// ----- by name ---------------------------------------------------------------------------------

/// Options of the models above; each applies to some models only (InputError when given to
/// another): order (kudra-pade 1|3|5|7, default 3; kireenkov-pade 1|2, default 2), b_T, b_M, m_T,
/// m_M (kudra-pade), u0 (kudra-w), k0, mu1, mu2 (kireenkov-pade, kireenkov-exact; default 0).
struct ApproxModelOptions {
  std::optional<int> order;
  std::optional<double> b_T, b_M, m_T, m_M;
  std::optional<std::array<double, 3>> u0;
  std::optional<double> k0, mu1, mu2;
};

/// The names accepted by make_contact_approx_model: "kudra-pade", "kudra-pade-first",
/// "kudra-w", "point-spin", "zhuravlev-klimov", "kireenkov-pade", "kireenkov-exact".
const std::vector<std::string>& contact_approx_model_names();

/// The model of that name for the contact and rho (> 0, the contact's length unit).
/// InputError for an unknown name, an option the model does not take, or bad values.
std::unique_ptr<FrictionModel> make_contact_approx_model(const std::string& name, const Contact& contact, double rho,
                                                         const ApproxModelOptions& options = {});

/// "kireenkov-pade" or "kireenkov-exact" on the thin ring (Pressure::ring; rho in units of R),
/// with the same options; InputError for another name, pressure or option.
std::unique_ptr<FrictionModel> make_kireenkov_ring_model(const std::string& name, const Pressure& ring,
                                                         double rho_over_R, const ApproxModelOptions& options = {});

}  // namespace limitdir
