// The limits report of docs/manual.md section 5, "limitdir.limits/1" (find-limits): every limit
// direction at one load with its certificate, and the JSON of a classified direction, a circle
// and a closed orbit that the other reports share; see report/report.hpp.
#include "limitdir/report/report.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "core/json_text.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "limitdir/report/numbers.hpp"
#include "report/report_values.hpp"

namespace limitdir {

using json = nlohmann::json;
using detail::complex_number;
using detail::finite;
using detail::in_entry;
using detail::rows_of;
using detail::vector3;

json classification_to_json(const Classification& c, double rho_over_R, bool detailed) {
  json eigenvalues = json::array();
  for (Eigen::Index k = 0; k < 2; ++k)
    eigenvalues.push_back(complex_number(c.eigenvalues[k], "sphere.eigenvalues[" + std::to_string(k) + "]"));

  // x + 0.0 turns -0.0 into +0.0: w = (-1, -0, -0) is printed as [-1, 0, 0] and gets
  // phi = atan2(+0, -1) = pi, inside the range (-pi, pi] of docs/manual.md section 1, not -pi.
  const Eigen::Vector3d w = (c.w.array() + 0.0).matrix();
  // (32)-(33) and (35); epsilon is +infinity on the equator, written as null (docs/manual.md section 5).
  const double epsilon = epsilon_of(w, rho_over_R);
  json out{{"w", vector3(w, "w")},
           {"theta", finite(theta_of(w), "theta")},
           {"phi", finite(report_phi(w), "phi")},  // 0 at a pole (docs/manual.md section 5)
           {"epsilon", std::isinf(epsilon) && epsilon > 0 ? json(nullptr) : json(finite(epsilon, "epsilon"))},
           {"rdot", finite(c.rdot, "rdot")},
           {"residual", finite(c.residual, "residual")},
           {"radial", to_string(c.radial)},
           {"sphere", {{"type", to_string(c.type)}, {"eigenvalues", std::move(eigenvalues)}, {"index", c.index}}},
           {"differentiable", c.differentiable}};
  if (c.colour) out["colour"] = *c.colour;  // Fig. 11, only on the invariant circle
  if (c.jump_set) out["jump_set"] = *c.jump_set;  // a Filippov zero (limits/jump_zeros.hpp)
  if (c.one_sided) {
    // on a kink of the model: the two sides' Jacobians decide the type (limits/classify.hpp)
    json sides = json::array();
    const char* names[2] = {"w3 -> 0+", "w3 -> 0-"};
    for (int k = 0; k < 2; ++k) {
      const auto& s = (*c.one_sided)[k];
      json ev = json::array();
      for (Eigen::Index i = 0; i < 2; ++i) ev.push_back(complex_number(s.eigenvalues[i], "one_sided.eigenvalues"));
      sides.push_back({{"side", names[k]}, {"type", to_string(s.type)}, {"eigenvalues", std::move(ev)}});
    }
    out["one_sided"] = std::move(sides);
  }
  if (!detailed) return out;

  // docs/manual.md section 1: J_T = P^T (D(Bw + c) - rdot I) P in the basis P = [t1 t2].
  out["jacobian_tangent"] = rows_of(c.J_T, "jacobian_tangent");
  out["tangent_basis"] = rows_of(c.P, "tangent_basis");
  json eigenvectors = json::array();
  for (Eigen::Index k = 0; k < 2; ++k) {
    json vector = json::array();
    for (Eigen::Index i = 0; i < 3; ++i)
      vector.push_back(complex_number(c.eigenvectors(i, k),
                                      "eigenvectors[" + std::to_string(k) + "][" + std::to_string(i) + "]"));
    eigenvectors.push_back(std::move(vector));
  }
  out["eigenvectors"] = std::move(eigenvectors);
  out["modified_jacobian"] = rows_of(c.modified_jacobian, "modified_jacobian");  // (119)
  // (120) with the errata of docs/errata.md; undefined at the poles (cos theta = 0).
  out["angle_jacobian"] = c.angle_jacobian ? rows_of(*c.angle_jacobian, "angle_jacobian") : json(nullptr);
  return out;
}

json closed_orbit_to_json(const ClosedOrbit& o) {
  json polyline = json::array();
  for (const Eigen::Vector3d& w : o.polyline) polyline.push_back(vector3((w.array() + 0.0).matrix(), "polyline"));
  json out{{"w", vector3((o.w.array() + 0.0).matrix(), "w")},
           {"period", finite(o.period, "period")},
           {"multiplier", finite(o.multiplier, "multiplier")},
           {"stability", to_string(o.stability)},
           {"rdot_mean", finite(o.rdot_mean, "rdot_mean")},
           {"residual", finite(o.residual, "residual")},
           {"polyline", std::move(polyline)}};
  if (o.proof) {  // docs/manual.md section 9, "Proof of an orbit"
    const OrbitProof& p = *o.proof;
    json proof{{"status", p.proven ? "proven" : "checked"}, {"reason", p.reason}};
    if (p.proven) {
      proof["period"] = json::array({finite(p.period[0], "proof.period"), finite(p.period[1], "proof.period")});
      proof["multiplier"] =
          json::array({finite(p.multiplier[0], "proof.multiplier"), finite(p.multiplier[1], "proof.multiplier")});
      proof["section"] = json::array({vector3((p.section_from.array() + 0.0).matrix(), "proof.section"),
                                      vector3((p.section_to.array() + 0.0).matrix(), "proof.section")});
    }
    out["proof"] = std::move(proof);
  }
  return out;
}

json circle_to_json(const LimitCircle& circle) {
  json out{{"theta", finite(circle.theta, "theta")},
           {"axis", vector3((circle.axis.array() + 0.0).matrix(), "axis")},
           {"rdot", finite(circle.rdot, "rdot")},
           {"radial", to_string(circle.radial)},
           {"sphere_type", circle.sphere_type}};
  // a sliding circle (q jumps on it) has one-sided speeds instead of a transverse eigenvalue
  if (circle.transverse_eigenvalue)
    out["transverse_eigenvalue"] = finite(*circle.transverse_eigenvalue, "transverse_eigenvalue");
  if (circle.one_sided_speeds)
    out["one_sided_speeds"] = json{{"above", finite((*circle.one_sided_speeds)[0], "one_sided_speeds.above")},
                                   {"below", finite((*circle.one_sided_speeds)[1], "one_sided_speeds.below")}};
  return out;
}

json limits_report(const Problem& problem, const System& system, const LimitSet& limits) {
  const double rho_over_R = system.friction().rho_over_R();
  json directions = json::array();
  for (std::size_t k = 0; k < limits.directions.size(); ++k)
    directions.push_back(in_entry("limit_directions[" + std::to_string(k) + "]",
                                  [&] { return classification_to_json(limits.directions[k], rho_over_R, false); }));

  // Circles {w : w . axis = sin theta}: of constant latitude for axis = e3 (F = 0 with
  // axisymmetry, Figs 15-16), or great circles of a linear model with c = 0 (docs/manual.md section 3).
  json circles = json::array();
  for (std::size_t k = 0; k < limits.circles.size(); ++k) {
    const LimitCircle& circle = limits.circles[k];
    circles.push_back(in_entry("circles[" + std::to_string(k) + "]", [&] { return circle_to_json(circle); }));
  }

  json singular = json::array();
  for (const SingularPoint& sp : limits.singular_points)
    singular.push_back({{"w", vector3((sp.w.array() + 0.0).matrix(), "singular_points.w")}, {"index", sp.index}});

  // docs/manual.md section 9: the closed orbits of V* found by the search.
  json orbits = json::array();
  for (std::size_t k = 0; k < limits.closed_orbits.size(); ++k) {
    const ClosedOrbit& o = limits.closed_orbits[k];
    orbits.push_back(in_entry("closed_orbits[" + std::to_string(k) + "]", [&] { return closed_orbit_to_json(o); }));
  }

  // docs/manual.md section 1 (Poincare-Hopf): the index sum and whether the set is provably complete.
  const Certificate& certificate = limits.certificate;
  json certificate_json = certificate_to_json(certificate);
  certificate_json["index_sum"] = certificate.index_sum;
  certificate_json["closed_orbits"] = certificate.closed_orbits;
  Problem at_force = problem;  // the embedded problem file carries the load actually used
  at_force.force = limits.force;
  return {{"schema", "limitdir.limits/1"},
          {"limitdir_version", limitdir::version},
          {"problem", problem_to_json(at_force)},
          {"force", detail::finite_in_report(limits.force, "report", "force")},
          {"model", system.friction().description()},
          {"method", limits.method},
          {"limit_directions", std::move(directions)},
          {"circles", std::move(circles)},
          {"singular_points", std::move(singular)},
          {"closed_orbits", std::move(orbits)},
          {"certificate", std::move(certificate_json)}};
}

json limits_report(const Problem& problem, const LimitSet& limits) {
  return limits_report(problem, make_system(problem), limits);
}

}  // namespace limitdir
