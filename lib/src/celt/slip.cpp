// The Celtic stone's slip system near stick (beyond [Awrejcewicz & Kudra, Celtic stone]):
// the Delassus operator of the contact with the normal constraint eliminated, its coupling to
// the normal force, and the limitdir problem of the decoupled system (docs/manual.md
// section 12).
#include <cmath>
#include <fmt/format.h>

#include <Eigen/LU>

#include "limitdir/celt/celt.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

namespace {

// The fixed point of N in celt_slip_field: 1e-14 relative (~50 ulp; the terms are rounded to
// ~1e-16), reached in ~log(1e-14)/log(mu |g|) < 60 iterations for mu |g| < 0.5.
constexpr double kSlipNormalTol = 1e-14;
constexpr int kSlipNormalIterations = 60;

/// The rows of the stick state's velocities on (v_world, omega_body): slip along e_x, e_y
/// (divided by a_hat), spin omega . n, and the gap velocity; M^-1 applied to generalised forces.
struct Rows {
  Eigen::Matrix<double, 6, 3> Jt;  // columns: x, y, spin
  Eigen::Matrix<double, 6, 1> Jn;
  Eigen::Matrix3d R, Binv;
  double m;
  Eigen::Matrix<double, 6, 1> Minv(const Eigen::Matrix<double, 6, 1>& Q) const {
    Eigen::Matrix<double, 6, 1> a;
    a << Q.head<3>() / m, Binv * Q.tail<3>();
    return a;
  }
};

Eigen::Matrix<double, 6, 1> column(const Eigen::Vector3d& force_world, const Eigen::Vector3d& torque_body) {
  Eigen::Matrix<double, 6, 1> c;
  c << force_world, torque_body;
  return c;
}

}  // namespace

CeltSlipSystem celt_slip_system(const CeltBody& body, const CeltContact& contact, const CeltState& state, double t) {
  CeltSlipSystem s;
  s.t = t;
  s.model = contact.model;
  s.mu = contact.mu;
  const CeltRates at_t = celt_rates(body, contact, state);
  // the stick state: spin removed, C's velocity such that the contact point does not slip
  s.stick = state;
  s.stick.q.normalize();
  const Eigen::Vector3d& n = at_t.geo.n;
  s.stick.omega = state.omega - state.omega.dot(n) * n;
  const Eigen::Matrix3d R = s.stick.q.toRotationMatrix();
  s.stick.V = -(R * s.stick.omega.cross(at_t.geo.rho)).head<2>();
  const CeltRates r = celt_rates(body, contact, s.stick);
  s.a_hat = r.a_hat, s.b = r.b, s.N0 = r.N;
  s.slip_at_t = {at_t.slip.dot(at_t.geo.e_x) / s.a_hat, at_t.slip.dot(at_t.geo.e_y) / s.a_hat, state.omega.dot(n)};
  const CeltGeometry& geo = r.geo;
  const Eigen::Vector3d& w = s.stick.omega;
  Rows J;
  J.R = R, J.Binv = body.B.inverse(), J.m = body.m;
  // lambda = (F_x, F_y, M_n/a_hat): generalised forces J^T D lambda; rates x = S J V'
  J.Jt.col(0) = column(R * geo.e_x, geo.rho.cross(geo.e_x));
  J.Jt.col(1) = column(R * geo.e_y, geo.rho.cross(geo.e_y));
  J.Jt.col(2) = column(Eigen::Vector3d::Zero(), geo.n);
  J.Jn = column(Eigen::Vector3d::UnitZ(), geo.rho.cross(geo.n));
  const Eigen::Vector3d D(1.0, 1.0, s.a_hat), S(1.0 / s.a_hat, 1.0 / s.a_hat, 1.0);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) s.W(i, j) = S[i] * J.Jt.col(i).dot(J.Minv(J.Jt.col(j))) * D[j];
  // the rolling resistance rides on N: a unit N applies n at A and M_r/N
  const Eigen::Vector3d mr = r.rolling_torque / r.N;
  const Eigen::Matrix<double, 6, 1> Q0 = column(-body.m * body.g * Eigen::Vector3d::UnitZ(), -w.cross(body.B * w));
  const Eigen::Vector3d hs = w.cross(w.cross(geo.rho) + r.rho_dot);  // slip acceleration at V' = 0 (body)
  const double h_n = geo.n.dot(hs);
  const Eigen::Matrix<double, 6, 1> Qr = column(Eigen::Vector3d::Zero(), mr);
  s.W_nn = J.Jn.dot(J.Minv(J.Jn));
  s.W_nr = J.Jn.dot(J.Minv(Qr));
  s.n_free = J.Jn.dot(J.Minv(Q0)) + h_n;
  const double WnN = s.W_nn + s.W_nr;
  for (int i = 0; i < 3; ++i) {
    s.W_tN[i] = S[i] * J.Jt.col(i).dot(J.Minv(J.Jn));
    s.W_tr[i] = S[i] * J.Jt.col(i).dot(J.Minv(Qr));
    s.W_nt[i] = J.Jn.dot(J.Minv(J.Jt.col(i))) * D[i];
    s.g[i] = -s.W_nt[i] / WnN;
    const double hi = i < 2 ? hs.dot(i == 0 ? geo.e_x : geo.e_y) : 0.0;  // d(omega.n)/dt has none
    s.h[i] = S[i] * (J.Jt.col(i).dot(J.Minv(Q0)) + hi);
  }
  s.W_N = s.W_tN + s.W_tr;
  const double N0 = -s.n_free / WnN;
  s.W_hat = s.W + s.W_N * s.g.transpose();
  s.c = s.W_N * N0 + s.h;
  s.hertz = !contact.a_hat.has_value();
  // N0 is the stick state's normal force without friction: that of celt_rates up to the
  // friction the regularised law applies at zero slip (none: its force and torque vanish there)
  s.N0 = N0;
  const Eigen::Vector2d vr(r.rho_dot.dot(geo.e_x) / s.a_hat, r.rho_dot.dot(geo.e_y) / s.a_hat);
  const double vr_eps = std::sqrt(vr[0] * vr[0] + vr[1] * vr[1] / (s.b * s.b) + contact.epsilon);
  const double cg = vr[0] / vr_eps, sg = vr[1] / (s.b * vr_eps);
  s.gamma_prime = std::atan2(sg, cg);
  s.distortion = contact.k_r * std::hypot(cg, sg);
  s.coupling = s.mu * s.g.norm();
  s.exact = s.coupling <= celt_coupling_tolerance;
  return s;
}

CeltSlipField celt_slip_field(const CeltSlipSystem& s, const FrictionModel& model, const Eigen::Vector3d& w) {
  CeltSlipField f;
  f.q = model.q(w.normalized());
  f.decoupled = s.mu * s.N0 * s.W * f.q + s.c;
  // N (W_nn + a W_nr) = -(W_nt . lambda + n_free), lambda = mu N (q1, q2, a q3), a = a_hat(N)/a_hat0:
  // a fixed point, a contraction of factor ~ mu |g| (< 1 wherever N > 0 has a solution)
  double N = s.N0;
  for (int it = 0;; ++it) {
    const double a = s.hertz ? std::cbrt(N / s.N0) : 1.0;
    const Eigen::Vector3d unit(f.q[0], f.q[1], a * f.q[2]);
    const double den = s.W_nn + a * s.W_nr + s.mu * s.W_nt.dot(unit);
    const double N_new = -s.n_free / den;
    if (!(den > 0.0) || !(N_new > 0.0))
      throw NumericalError(fmt::format("celt: no positive normal force at this slip direction (N = {})", N_new));
    const bool done = std::abs(N_new - N) <= kSlipNormalTol * N_new;
    N = N_new;
    if (done) break;
    if (it == kSlipNormalIterations) throw NumericalError("celt: the normal force of the slip field did not converge");
  }
  const double a = s.hertz ? std::cbrt(N / s.N0) : 1.0;
  f.N = N;
  f.exact = s.W * (s.mu * N * Eigen::Vector3d(f.q[0], f.q[1], a * f.q[2])) + (s.W_tN + a * s.W_tr) * N + s.h;
  return f;
}

nlohmann::json celt_slip_problem(const CeltSlipSystem& s) {
  if (s.model != CeltModel::W1 && s.model != CeltModel::P1)
    throw InputError(fmt::format("the slip system's problem: only with the models W1 and P1 (the model {} has no "
                                 "friction law of limitdir on the exported contact: {})",
                                 celt_model_name(s.model),
                                 s.model == CeltModel::O ? "its spin-torque arm a_hat is no contact's kappa_e"
                                                         : "its c_ijk are fitted, not those of a pressure"));
  // M = (mu N0 W)^-1 exists only with friction: mu = 0 (or N0 = 0) leaves no slip system
  if (!(s.mu * s.N0 > 0.0) || !s.W.allFinite())
    throw InputError(fmt::format("the slip system's problem: needs mu N0 > 0, its mass matrix being (mu N0 W)^-1 "
                                 "(mu = {:g}, N0 = {:g} N)", s.mu, s.N0));
  Problem p;
  p.name = s.exact ? fmt::format("Celtic stone: slip system near stick at t = {} s (exact: normal-force coupling "
                                 "mu|g| = {:.3g} <= {:.0e})", s.t, s.coupling, celt_coupling_tolerance)
                   : fmt::format("Celtic stone: slip system near stick at t = {} s, APPROXIMATE: the normal-force "
                                 "coupling mu|g| = {:.3g} is neglected (N held at N0)", s.t, s.coupling);
  p.system.preset = "general";
  const Eigen::Matrix3d Minv = s.mu * s.N0 * s.W;
  p.system.mass = Minv.inverse();
  p.system.mass = 0.5 * (p.system.mass + p.system.mass.transpose());  // W is symmetric; rounding only
  // Q_e = M c = F d with |d| = 1 (limitdir wants a nonzero direction; c = 0 at rest)
  const Eigen::Vector3d Q = p.system.mass * s.c;
  p.force = Q.norm();
  p.system.load_direction = p.force > 0.0 ? Eigen::Vector3d(Q / p.force) : Eigen::Vector3d::UnitX();
  p.system.load_offset = Eigen::Vector3d::Zero();
  p.pressure = Pressure::hertz();
  p.contact.shape = ContactSpec::Shape::ellipse;
  p.contact.a = 1.0, p.contact.b = s.b;
  if (s.model == CeltModel::W1) {
    // W1 (10) unregularised: the piecewise polynomial W, its rolling resistance as the distortion
    if (s.distortion > 0.0) p.contact.distortion = ContactSpec::Distortion{s.distortion, s.gamma_prime, std::nullopt};
    p.friction.model = "kudra-w";
  } else {
    // P1 (18) unregularised: T = v_s,xy/(v_s + (8/(3 pi)) |omega_s|), no torque, S3 = 0 (no rolling resistance)
    p.friction.model = "zhuravlev-klimov";
  }
  p.rho.kind = RhoSpec::Kind::value;
  p.rho.value = 1.0;
  return problem_to_json(p);
}

}  // namespace limitdir
