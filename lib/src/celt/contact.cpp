// The contact models of the Celtic stone, (13), (16)-(18) and W1 (10) regularised by
// (19)-(20) [Awrejcewicz & Kudra, Celtic stone], with the c_{i,j,k} of (9) and the
// parameters of Sect. 4 (docs/manual.md section 12).
#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/celt/celt.hpp"
#include "limitdir/numerics/elliptic.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"

namespace limitdir {

const std::vector<NamedEntry>& celt_model_registry() {
  static const std::vector<NamedEntry> table{
      {"W1", "piecewise polynomial (10) with Hertz pressure (the reference)"},
      {"O", "point contact with a spin torque (13)"},
      {"P1'", "Pade model (16) with fitted S_i, k_r, b"},
      {"P3'", "Pade model (17) with fitted S_i, k_r, b"},
      {"P1", "Zhuravlev-Klimov (18), no torque"},
  };
  return table;
}

const std::vector<std::string>& celt_model_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const NamedEntry& e : celt_model_registry()) out.push_back(e.name);
    return out;
  }();
  return names;
}

std::string celt_model_name(CeltModel model) { return celt_model_names()[static_cast<std::size_t>(model)]; }

CeltModel celt_model_from_name(const std::string& name, const std::string& where) {
  const auto& names = celt_model_names();
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end())
    throw InputError(fmt::format("{}: unknown model \"{}\" (one of {})", where, name,
                                 entry_names(celt_model_registry())));
  return static_cast<CeltModel>(it - names.begin());
}

CeltBody celt_paper_body() {
  CeltBody body;
  body.m = 0.3;
  body.g = 9.81;
  body.axes = {0.11, 0.025, 0.025};
  body.B << 0.0003, 0.00023, 0.0, 0.00023, 0.001, 0.0, 0.0, 0.0, 0.001;
  body.k = {0.0, 0.0, -0.005};
  return body;
}

CeltContact celt_paper_contact(CeltModel model) {
  CeltContact c;  // W1: mu = 0.25, k_r = 0.8, E* = 1e8 Pa, epsilon = 1e-5, Hertz size
  c.model = model;
  switch (model) {
    case CeltModel::W1:
      break;
    case CeltModel::O:  // only the product S3 k_r = 0.595 is given
      c.mu = 0.241, c.a_hat = 1.23e-3, c.b = 0.0060, c.S3 = 0.595, c.k_r = 1.0;
      break;
    case CeltModel::P1_prime:
      c.mu = 0.262, c.a_hat = 1.06e-3, c.b = 0.0380, c.S2 = 0.277, c.S3 = 0.302, c.k_r = 0.414;
      break;
    case CeltModel::P3_prime:  // printed "a = 2.30 m": mm, as the other sets (docs/errata.md)
      c.mu = 0.250, c.a_hat = 2.30e-3, c.b = 0.0994, c.S0 = 0.095, c.S2 = 0.121, c.S3 = 0.111, c.k_r = 0.912;
      break;
    case CeltModel::P1:  // Zhuravlev-Klimov (18): no torque, S3 = 0 (no rolling resistance)
      c.mu = 0.220, c.a_hat = 0.028e-3, c.b = 1.0, c.S3 = 0.0, c.k_r = 0.0;
      break;
  }
  return c;
}

CharacteristicIntegrals celt_fitted_integrals(double b, double S0, double S2, double S3, double d_c, double d_s) {
  const double m = 1.0 - b * b;
  const EllipticSet s = elliptic_set(m, b * b);
  const double G = s.D, H = s.B;  // G(e) = (K - E)/e^2, H(e) = (E + (e^2 - 1) K)/e^2 of (9)
  CharacteristicIntegrals c{};
  c.c100 = M_PI * S3 * d_c;
  c.c010 = M_PI * b * S3 * d_s;
  c.c011 = 4.0 * b * G * S2 * d_s;
  c.c101 = 4.0 * H * S2 * d_c;
  c.c203 = 4.0 * G * S0;
  c.c023 = 4.0 * H * S0;
  c.c200 = M_PI * S3;
  c.c020 = M_PI * b * b * S3;
  c.c00m1 = 4.0 * s.E * S2;
  return c;
}

namespace {

// W1 (10) with v_s, c_phi, s_phi replaced by their regularised values (20): the polynomial
// in x = v_s/|omega_s| near pure spin (a_1 x written as the linear form of (v_sx, v_sy)/|omega_s|
// as in friction/kudra_w.cpp), in t = omega_s/v_s beyond the join.
Eigen::Vector3d w1_law(const CharacteristicIntegrals& c, double b, double vx, double vy, double om, double vs) {
  const std::array<double, 3> u0 = kudra_w_joins(b);
  const double C = vx / vs, S = vy / vs, s = om > 0.0 ? 1.0 : (om < 0.0 ? -1.0 : 0.0), ao = std::abs(om);
  Eigen::Vector3d out;
  for (int f = 0; f < 3; ++f) {
    const KudraWPieces p = kudra_w_pieces(c, f, C, S, s, u0[static_cast<std::size_t>(f)]);
    if (vs <= ao * p.u0) {
      const double x = vs / ao, a1v = p.a[1] * vs / ao;
      out[f] = s * p.a[0] + a1v + x * x * (s * p.a[2] + x * (p.a[3] + x * s * p.a[4]));
    } else {
      const double t = om / vs;
      out[f] = p.b[0] + t * (p.b[1] + t * (p.b[2] + t * p.b[3]));
    }
  }
  return out;
}

// (16) and (17) with v_s regularised.
Eigen::Vector3d pade_law(const CharacteristicIntegrals& c, bool third, double vx, double vy, double om, double vs) {
  const double ao = std::abs(om);
  if (!third) {
    const double den = vs + ao;
    return {(vx - c.c011 * om) / den, (vy + c.c101 * om) / den, (-c.c010 * vx + c.c100 * vy + c.c00m1 * om) / den};
  }
  const double v2 = vs * vs, den = v2 * vs + ao * ao * ao, o2 = om * om, o3 = o2 * om;
  return {(v2 * vx - c.c100 * vx * vy * om - c.c010 * vy * vy * om + c.c203 * vx * o2 - c.c011 * o3) / den,
          (v2 * vy + c.c100 * vx * vx * om + c.c010 * vx * vy * om + c.c023 * vy * o2 + c.c101 * o3) / den,
          (-c.c010 * v2 * vx + c.c100 * v2 * vy + c.c200 * vx * vx * om + c.c020 * vy * vy * om + c.c00m1 * o3) / den};
}

}  // namespace

CeltLaw celt_law(const CeltContact& contact, double b, const Eigen::Vector3d& v, const Eigen::Vector2d& vr) {
  const double eps = contact.epsilon, vx = v[0], vy = v[1], om = v[2];
  const double vs = std::sqrt(vx * vx + vy * vy + eps);  // (20)
  // (20): the rolling direction gamma' in the pre-image circle, v'_ry = v_ry/b
  const double vr_eps = std::sqrt(vr[0] * vr[0] + vr[1] * vr[1] / (b * b) + eps);
  const double cg = vr[0] / vr_eps, sg = vr[1] / (b * vr_eps);
  const bool hertz = contact.model == CeltModel::W1;
  const double S3 = hertz ? radial_moment(0.5, 3.0) : contact.S3;
  Eigen::Vector3d f = Eigen::Vector3d::Zero();
  switch (contact.model) {
    case CeltModel::W1: {
      const KudraFrame frame{1.0, b, false, contact.k_r * cg, contact.k_r * sg, 0.5};
      f = w1_law(characteristic_integrals(frame), b, vx, vy, om, vs);
      break;
    }
    case CeltModel::O:  // (13), M_s^(O eps) = omega_s/sqrt(omega_s^2 + eps)
      f = {vx / vs, vy / vs, om / std::sqrt(om * om + eps)};
      break;
    case CeltModel::P1_prime:
    case CeltModel::P3_prime: {
      const CharacteristicIntegrals c =
          celt_fitted_integrals(b, contact.S0, contact.S2, contact.S3, contact.k_r * cg, contact.k_r * sg);
      f = pade_law(c, contact.model == CeltModel::P3_prime, vx, vy, om, vs);
      break;
    }
    case CeltModel::P1: {  // (18)
      const double den = vs + 8.0 / (3.0 * M_PI) * std::abs(om);
      f = {vx / den, vy / den, 0.0};
      break;
    }
  }
  CeltLaw law;
  law.force = -f.head<2>();
  law.spin_torque = -f[2];
  const double pr = M_PI * S3 * contact.k_r;
  law.rolling = pr == 0.0 ? Eigen::Vector2d::Zero() : Eigen::Vector2d(pr * b * sg, -pr * cg);
  return law;
}

}  // namespace limitdir
