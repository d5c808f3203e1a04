#pragma once
// The Celtic stone (rattleback) of [Awrejcewicz & Kudra, Celtic stone] (docs/manual.md
// section 12): a rigid semi-ellipsoid on a horizontal plane, equations (1)-(3), with the
// regularised friction and rolling-resistance models (19)-(21) of its contact (O, P'1, P'3,
// W1 and the Zhuravlev-Klimov law P1 (18)) and the Hertz contact size (11)-(12).
//
// Frames and units (SI). The body frame is the ellipsoid frame 0 x1e x2e x3e (origin O = the
// geometric centre, axes along the semi-axes a1, a2, a3); the paper's principal frame 0x1x2x3
// is this one turned by alpha about x3e, a change of coordinates only, so the inertia B is
// given (and used) as a full symmetric matrix in the ellipsoid frame. The world frame has e_z
// = n up (the plane is z = 0). The state is the attitude quaternion (body -> world), the body
// angular velocity omega, and the horizontal position and velocity of the centre of mass C;
// its height and vertical velocity follow from the contact (z_C = h(n), the support function,
// and v_z = (omega x n) . (r - k), (3)), and the normal force N from the differentiated
// constraint (the paper's way of solving the DAE (1)-(3)).
//
// Contact frame A x y n (the paper's Axyz): e_x along the meridian of the surface of
// revolution (a2 = a3) through the contact point, i.e. along the contact ellipse's MAJOR axis
// (the smaller curvature kappa_1 of (11)), e_y = n x e_x.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/contact/integrals.hpp"
#include "limitdir/core/registry.hpp"

namespace limitdir {

/// The contact models of Sect. 4: W1 (10) with Hertz pressure (the reference), O (13), P'1
/// (16) and P'3 (17) with fitted S_i, k_r, b, and P1 = Zhuravlev-Klimov (18) (no torque).
enum class CeltModel { W1, O, P1_prime, P3_prime, P1 };

/// The models by name, in the order of CeltModel: "W1", "O", "P1'", "P3'", "P1" (the paper's names,
/// without the index epsilon), each with its description (core/registry.hpp): celt --model, its help
/// and its messages are made from this table.
const std::vector<NamedEntry>& celt_model_registry();
/// The names of celt_model_registry.
const std::vector<std::string>& celt_model_names();
std::string celt_model_name(CeltModel model);
/// InputError "<where>: unknown model ..." for another name.
CeltModel celt_model_from_name(const std::string& name, const std::string& where);

/// The rigid body: mass, gravity, semi-axes, inertia about C in the ellipsoid frame, and
/// k = C - O in the ellipsoid frame.
struct CeltBody {
  double m = 0.3, g = 9.81;
  Eigen::Vector3d axes{0.11, 0.025, 0.025};
  Eigen::Matrix3d B = Eigen::Matrix3d::Identity();
  Eigen::Vector3d k{0.0, 0.0, -0.005};
};

/// The contact: model, friction coefficient, rolling-resistance parameter k_r, E* (12), the
/// regularisation epsilon of (20), and either a fixed contact size (a_hat, b: the fitted
/// models of Sect. 4) or none (Hertz (11)-(12) at each instant, needs a2 = a3). S0, S2, S3
/// are the radial moments of (9) (S_i = int r'^i sigma0' dr', see docs/errata.md); for W1
/// they are those of the Hertz profile and not read. For O, only the product S3 k_r enters.
struct CeltContact {
  CeltModel model = CeltModel::W1;
  double mu = 0.25, k_r = 0.8, E_star = 1e8, epsilon = 1e-5;
  std::optional<double> a_hat, b;
  double S0 = 0.0, S2 = 0.0, S3 = 0.0;
};

/// Sect. 4: the stone (B_{x1e x2e} read as the tensor element B_12, docs/manual.md section 12).
CeltBody celt_paper_body();
/// Sect. 4: W1 with the stone's data; O, P'1, P'3, P1 with their fitted parameters (P'3's
/// "2.30 m" read mm, docs/errata.md).
CeltContact celt_paper_contact(CeltModel model);

/// The principal moments of B in the x1e x2e plane (larger first) and the angle (rad) of the
/// axis of the smaller one from x1e, in (-pi/2, pi/2]: the stone's chirality (needs B_13 =
/// B_23 = 0; InputError otherwise).
struct CeltPrincipal {
  double larger, smaller, angle;
};
CeltPrincipal celt_principal(const CeltBody& body);

/// Where the ellipsoid touches the plane whose upward normal is n (body frame, unit): the
/// point r on the ellipsoid (from O) whose outward normal is -n, rho = r - k, dr/dnu (nu = -n),
/// the height of C above the plane h = -n . rho (the support function), the contact frame and
/// the curvatures (11) (kappa1 <= kappa2; the general ellipsoid's principal curvatures when
/// a2 != a3 are not computed: kappa1 = kappa2 = 0 then).
struct CeltGeometry {
  Eigen::Vector3d n, r, rho;
  Eigen::Matrix3d dr_dnu;
  double height;
  Eigen::Vector3d e_x, e_y;
  double kappa1 = 0.0, kappa2 = 0.0;
};
CeltGeometry celt_geometry(const CeltBody& body, const Eigen::Vector3d& n);

/// Hertz (11)-(12): b = (kappa2/kappa1)^(-2/3) and a_hat = (3 N/(4 E* sqrt(kappa1 kappa2)))^(1/3)
/// F(e), e^2 = 1 - b^2; F(0) = 1 (the sphere: a_hat = (3 N R/(4 E*))^(1/3)).
struct HertzSize {
  double b, a_hat;
};
HertzSize celt_hertz_size(double kappa1, double kappa2, double N, double E_star);
/// F(e) of (12) in the form (4/pi)^(1/3) (D B/(1 - e^2))^(1/6) of numerics/elliptic.hpp's B, D (no
/// cancellation as e -> 0).
double celt_hertz_F(double e);

/// (9) [Awrejcewicz & Kudra, Celtic stone]: the c_{i,j,k} of an elliptic contact (axis ratio
/// b, lengths in units of a_hat) from the radial moments S0, S2, S3 and the distortion
/// (k_r cos gamma', k_r sin gamma') = (d_c, d_s) (the terms with S5 are not given by (9) and
/// are set to 0: P'1 and P'3 do not use them). c110 = c113 = 0 (symmetric pressure).
CharacteristicIntegrals celt_fitted_integrals(double b, double S0, double S2, double S3, double d_c, double d_s);

/// The regularised law (19)-(20) at the dimensionless slip v = (v_sx, v_sy, omega_s) (v_s in
/// 1/s: v_A/a_hat) and rolling velocity vr = (v_rx, v_ry): the friction force per mu N in the
/// contact frame, -(T_sx, T_sy), the spin torque per mu N a_hat, -M_s, and the rolling
/// resistance per N a_hat, pi S3 k_r (b s_gamma', -c_gamma').
struct CeltLaw {
  Eigen::Vector2d force;   // -(T_sx, T_sy)
  double spin_torque;      // -M_s
  Eigen::Vector2d rolling; // pi S3 k_r (b s_gamma', -c_gamma')
};
CeltLaw celt_law(const CeltContact& contact, double b, const Eigen::Vector3d& v, const Eigen::Vector2d& vr);

/// The state: attitude q (body -> world, normalised on use), body angular velocity omega,
/// horizontal position X and velocity V of C.
struct CeltState {
  Eigen::Quaterniond q{1.0, 0.0, 0.0, 0.0};
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();
  Eigen::Vector2d X = Eigen::Vector2d::Zero(), V = Eigen::Vector2d::Zero();
};

/// Everything at one instant: the geometry, the slip and rolling velocities, the contact size,
/// N, the accelerations, the contact's forces and torques (body frame), and the invariants.
struct CeltRates {
  CeltGeometry geo;
  Eigen::Vector3d v;          // velocity of C (world, v_z from the constraint)
  Eigen::Vector3d slip;       // v_A in the body frame (tangent to the plane)
  Eigen::Vector3d rho_dot;    // dr/dt: the contact point's velocity over the body (body frame)
  double a_hat, b, N;
  Eigen::Vector3d vdot;       // acceleration of C (world)
  Eigen::Vector3d omega_dot;  // body frame
  Eigen::Vector3d friction, spin_torque, rolling_torque;  // T_s, M_s, M_r (body frame)
  double energy;              // kinetic + m g z_C
  double L_z;                 // vertical angular momentum about C
  double power;               // dE/dt = T_s . v_A + (M_s + M_r) . omega
};
/// InputError for a body or contact out of range (celt_validate); NumericalError when the
/// stone would leave the plane (N < 0), when the normal force has no solution (a Painleve
/// configuration, the coefficient of N not positive) or when the fixed point of N with the
/// Hertz size (12) does not converge.
CeltRates celt_rates(const CeltBody& body, const CeltContact& contact, const CeltState& state);

/// Initial conditions: the attitude from the tilt angles (rad; rotations about x1e, then x2e)
/// and the body angular velocity; C's horizontal velocity makes the contact point's slip
/// zero (rolling without sliding at t = 0). The position X = 0.
struct CeltInitial {
  double tilt_x = 0.0, tilt_y = 0.0;
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();
};
CeltState celt_initial_state(const CeltBody& body, const CeltInitial& initial);

/// Integration: Boost.Odeint Dormand-Prince 5(4) with dense output, relative and absolute
/// tolerance `tolerance`, output every `dt` seconds up to t_end. A trial step whose stage has no
/// normal force (off the trajectory) is retried smaller; `progress`, when set, gets a note about
/// once a second.
/// The integrator (docs/manual.md section 12, "Stiff contacts"): Dormand-Prince 5(4), explicit,
/// the default; or Rosenbrock 4(3) (Shampine's coefficients, Boost.Odeint's rosenbrock4),
/// linearly implicit with a difference Jacobian, for contacts whose regularisation makes the
/// equations stiff (model O in stick: the explicit step is held near 5e-6 s by stability, not
/// accuracy).
enum class CeltMethod { dopri5, rosenbrock4 };

struct CeltStepping {
  double t_end = 10.0, dt = 0.01, tolerance = 1e-10;
  CeltMethod method = CeltMethod::dopri5;
  std::function<void(const std::string&)> progress;
};

/// The smallest integrator tolerance: the Dormand-Prince error estimate is the difference of
/// two solutions of ~7 stages, each rounded to a few eps of |y|; below 1e-14 (~45 eps) the step
/// control chases rounding and the step size collapses (a hang, not a more accurate run).
inline constexpr double celt_min_tolerance = 1e-14;

/// The work budget of one run: 2e7 accepted steps, twice the 9.8e6 of the stiffest valid run we
/// know (share/problems/celt.json with --model P1 --mu 10: the slip regularisation at a_hat =
/// 0.028 mm keeps the explicit step near 1e-7 s in stick; 33 s wall). A run that needs more is
/// stiff beyond what the explicit integrator is for and ends incomplete (NumericalError, exit 3)
/// saying so; progress notes show it meanwhile.
inline constexpr long long celt_max_steps = 20000000;

struct CeltSample {
  double t;
  CeltState state;
  Eigen::Vector3d omega_world;
  double N, a_hat, b, energy, L_z, power, height;
  double slip_speed;  // |v_A| (m/s)
};

struct CeltRun {
  std::vector<CeltSample> samples;
  std::vector<double> reversals;  // every sign change of the vertical spin omega . n, located on the dense output
  long long steps = 0, rhs_evaluations = 0;
  double wall_seconds = 0.0;
  double max_energy_increase = 0.0;  // max over samples of E(t_i+1) - E(t_i) (J), >= 0
};

/// The run from `initial`; NumericalError as celt_rates (with the time) or when the state
/// becomes non-finite.
CeltRun celt_simulate(const CeltBody& body, const CeltContact& contact, const CeltState& initial,
                      const CeltStepping& stepping);

/// The paper's objective (Sect. 4): the mean over the samples of the squared deviation of the
/// body angular velocity components, (1/n) sum_i |omega_i - omega_ref,i|^2 (rad^2/s^2; the
/// paper writes rad^2). Both runs must have the same sample times (InputError otherwise).
double celt_mean_square_deviation(const CeltRun& run, const CeltRun& reference);

// ----- the slip system near stick (beyond the paper; docs/manual.md section 12) ----------------

/// At a stick state (slip and spin zero), x = (u_x/a_hat0, u_y/a_hat0, omega_n) and the friction
/// lambda = (F_x, F_y, M_n/a_hat0) of the contact (contact frame at the instant, a_hat0 the
/// contact size at N0) satisfy exactly
///   x' = W lambda + (W_tN + s W_tr) N + h,   N (W_nn + s W_nr) = -(W_nt . lambda + n_free),
/// W = the tangential Delassus operator (symmetric positive definite), W_tN, W_nn the responses
/// to a unit normal force, W_tr, W_nr those to the rolling-resistance torque it carries (at
/// a_hat0), s = a_hat(N)/a_hat0 ((N/N0)^(1/3) for the Hertz size (12), else 1). With lambda =
/// mu N (q1, q2, s q3) (limitdir's q of the contact, docs/manual.md section 1; the spin torque's
/// arm is a_hat(N)), N solves a scalar equation. To first order N = N0 + g . lambda and
///   x' ~ mu N0 W_hat q(w)/(1 - mu g . q(w)) + c,  W_hat = W + (W_tN + W_tr) g^T,
/// c = (W_tN + W_tr) N0 + h: limitdir's B(w) w + c with a constant M = (mu N0 W)^-1 when g = 0
/// (then N = N0 whatever the friction, and everything above is exact).
struct CeltSlipSystem {
  double t;                 // the instant of the trajectory
  CeltModel model;          // the stone's contact model (W1 or P1 export; celt_slip_problem)
  CeltState stick;          // the stick state used (spin removed, C's velocity set to roll)
  double a_hat, b, N0, mu;
  double gamma_prime;       // rolling direction in the pre-image circle (rad), from (20)
  double distortion;        // k_r |(c_gamma', s_gamma')|
  Eigen::Matrix3d W, W_hat;
  Eigen::Vector3d W_N;      // W_tN + W_tr
  Eigen::Vector3d W_tN, W_tr, W_nt, h;
  double W_nn, W_nr, n_free;
  bool hertz;               // a_hat(N) ~ N^(1/3) (W1) or fixed
  Eigen::Vector3d g, c;
  double coupling;          // mu |g|: bound of the relative change of N for |q| <= 1
  bool exact;               // coupling <= celt_coupling_tolerance
  Eigen::Vector3d slip_at_t;  // x of the trajectory's own state at t (distance from stick)
};
/// Below this coupling mu |g| the exported system is called exact: g is a difference of
/// products of entries of size |rho| |n x rho|/I ~ 1e2, so rounding leaves ~1e-14 of it;
/// 1e-12 is 100 times that.
inline constexpr double celt_coupling_tolerance = 1e-12;

/// The slip system at the trajectory's state `state` (its instant t is only recorded).
CeltSlipSystem celt_slip_system(const CeltBody& body, const CeltContact& contact, const CeltState& state, double t);

/// x' = B(w) w + c at the unit slip direction w, exactly (with the coupling: N from its scalar
/// equation, a fixed point), for the friction model `model` of limitdir (friction/model.hpp) built on
/// the stone's contact, and, as `decoupled`, mu N0 W q + c (the exported system); N is the
/// normal force with that friction. NumericalError when N has no positive solution.
struct CeltSlipField {
  Eigen::Vector3d exact, decoupled, q;
  double N;
};
class FrictionModel;
CeltSlipField celt_slip_field(const CeltSlipSystem& s, const FrictionModel& model, const Eigen::Vector3d& w);

/// The limitdir problem (docs/manual.md section 4, preset "general") of the decoupled system:
/// M = (mu N0 W)^-1, load direction M c, force 1, the ellipse [1, b] with Hertz pressure, rho = 1
/// (a_hat), and the unregularised friction law of the stone's model: W1 (10) = "kudra-w" with
/// the distortion (d, gamma') of its rolling resistance, P1 (18) = "zhuravlev-klimov" (no torque,
/// no rolling resistance). Its name states the neglected coupling. The other models have no
/// limitdir law on the exported contact (O's spin-torque arm a_hat is no contact's kappa_e;
/// P1', P3' have fitted c_ijk): InputError.
nlohmann::json celt_slip_problem(const CeltSlipSystem& s);

// ----- problem file and report (docs/manual.md section 12) --------------------------------------

struct CeltProblem {
  std::string source = "<celt>";
  std::string name;
  CeltBody body;
  CeltContact contact;
  CeltInitial initial;
  CeltStepping stepping;
};

/// InputError unless every number is finite and in range (semi-axes > 0, a2 = a3 unless a_hat
/// and b are given, B symmetric positive definite, m, g > 0, mu, k_r >= 0, ...).
void celt_validate(const CeltProblem& problem);
/// Schema "limitdir.celt/1" (share/schemas/celt.schema.json); strict: unknown and missing keys
/// are InputErrors naming the key path.
CeltProblem parse_celt_problem(const nlohmann::json& document, const std::string& source);
CeltProblem load_celt_problem(const std::string& path);
nlohmann::json celt_problem_to_json(const CeltProblem& problem);

/// The report "limitdir.celt-report/1" of one run (every `every`-th sample in the history).
nlohmann::json celt_report(const CeltProblem& problem, const CeltRun& run, int every);
/// The model comparison of Sect. 4: each model from the same initial state, its cost and its
/// mean-square deviation from the W1 run.
nlohmann::json celt_comparison(const CeltProblem& problem);
/// The slip system as JSON, with B(w) w + c at the given directions.
nlohmann::json celt_slip_report(const CeltSlipSystem& s, const std::vector<Eigen::Vector3d>& directions);

}  // namespace limitdir
