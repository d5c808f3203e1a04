// The measures and the report of a spheres pile (granular/pile_run.hpp, docs/manual.md
// section 15).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "limitdir/granular/pile_run.hpp"

#include "limitdir/core/version.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

// A sphere is "above the first layer" when its top is higher than 1.5 d: a sphere resting on
// the plane has its top at 2 r <= d (1 + polydispersity) <= 1.5 d.
constexpr double kFirstLayerTop = 1.5;
// The fewest rings a line is fitted to (two points always fit a line exactly).
constexpr int kMinRings = 3;

json number_or_null(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

/// The least-squares slope of z against rho over the rings' points.
double fitted_slope(const std::vector<std::pair<double, double>>& pts) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const auto& [x, y] : pts) sx += x, sy += y, sxx += x * x, sxy += x * y;
  const double n = static_cast<double>(pts.size());
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

json history_json(const std::vector<PileSample>& history) {
  json rows = json::array();
  for (const PileSample& r : history)
    rows.push_back({r.step, r.t, r.spheres, r.contacts, r.sweeps, r.error, r.max_penetration, r.kinetic, r.potential,
                    r.born, r.lost, r.work_normal, r.work_sliding, r.work_rolling, r.work_theta,
                    r.dissipated_sliding, r.dissipated_rolling, r.balance});
  return {{"columns", {"step", "t", "spheres", "contacts", "sweeps", "error", "max_penetration", "kinetic",
                       "potential", "born", "lost", "work_normal", "work_sliding", "work_rolling", "work_theta",
                       "dissipated_sliding", "dissipated_rolling", "balance"}},
          {"rows", rows}};
}

json spheres_json(const PileOutcome& o) {
  json rows = json::array();
  const SphereBodies& s = o.spheres;
  for (std::size_t k = 0; k < s.size(); ++k)
    rows.push_back({s.id[k], s.x[k].x(), s.x[k].y(), s.x[k].z(), s.v[k].x(), s.v[k].y(), s.v[k].z(), s.omega[k].x(),
                    s.omega[k].y(), s.omega[k].z(), s.radius[k], o.on_plane[k] != 0, o.in_contact[k] != 0});
  return {{"columns", {"id", "x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz", "radius", "on_plane", "in_contact"}},
          {"rows", rows}};
}

}  // namespace

PileMeasures pile_measures(const PileOutcome& o, double d) {
  PileMeasures m;
  const SphereBodies& s = o.spheres;
  Eigen::Vector2d c = Eigen::Vector2d::Zero();
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (!o.in_contact[k]) {
      ++m.in_flight;
      continue;
    }
    m.H = std::max(m.H, s.x[k].z() + s.radius[k]);
    if (o.on_plane[k]) c += s.x[k].head<2>(), ++m.on_plane;
  }
  if (m.on_plane == 0) {
    m.base_radius = m.angle_of_repose_deg = std::numeric_limits<double>::quiet_NaN();
    return m;
  }
  c /= m.on_plane;
  for (std::size_t k = 0; k < s.size(); ++k)
    if (o.on_plane[k]) m.base_radius += (s.x[k].head<2>() - c).norm();
  m.base_radius /= m.on_plane;
  // The upper envelope in rings of width d about the base's centroid.
  std::map<long long, double> top;
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (!o.in_contact[k]) continue;
    const long long ring = static_cast<long long>(std::floor((s.x[k].head<2>() - c).norm() / d));
    const double z = s.x[k].z() + s.radius[k];
    auto it = top.find(ring);
    if (it == top.end() || it->second < z) top[ring] = z;
  }
  long long summit = top.begin()->first;
  for (const auto& [ring, z] : top)
    if (z > top[summit]) summit = ring;
  std::vector<std::pair<double, double>> pts;
  for (auto it = top.find(summit); it != top.end() && it->second > kFirstLayerTop * d; ++it)
    pts.emplace_back((static_cast<double>(it->first) + 0.5) * d, it->second);
  m.rings_fitted = static_cast<int>(pts.size());
  m.angle_of_repose_deg = pts.size() >= static_cast<std::size_t>(kMinRings)
                              ? std::atan(-fitted_slope(pts)) * 180.0 / M_PI
                              : std::numeric_limits<double>::quiet_NaN();
  return m;
}

json pile_report(const PileProblem& problem, const PileOutcome& o) {
  const double d = problem.spheres.diameter;
  const PileMeasures m = pile_measures(o, d);
  json unconverged = json::array();
  for (const UnconvergedStep& u : o.unconverged) unconverged.push_back({{"step", u.step}, {"t", u.t}, {"error", u.error}, {"consistent_error", u.consistent_error}});
  const PileSample& last = o.history.back();
  json reached = nullptr;  // docs/manual.md section 15, "A pile that reaches the drop height"
  if (const auto& r = o.reached_drop_height)
    reached = {{"sphere", r->sphere}, {"t_birth", r->t_birth}, {"overlapping", r->overlapping}, {"gap", r->gap}};
  json summary = {
      {"steps", o.steps},
      {"t_end", last.t},
      {"reached_drop_height", reached},
      {"spheres_present", o.spheres.size()},
      {"spheres_lost", o.lost.size()},
      {"lost_ids", o.lost},
      {"spheres_on_plane", m.on_plane},
      {"spheres_in_flight", m.in_flight},
      {"H", m.H},
      {"H_over_d", m.H / d},
      {"base_radius", number_or_null(m.base_radius)},
      {"base_radius_over_d", number_or_null(m.base_radius / d)},
      {"angle_of_repose_deg", number_or_null(m.angle_of_repose_deg)},
      {"rings_fitted", m.rings_fitted},
      {"converged", o.unconverged_count == 0},
      {"unconverged_steps", o.unconverged_count},
      {"unconverged", unconverged},
      {"max_error", o.max_error},
      {"max_penetration", o.max_penetration},
      {"max_penetration_over_d", o.max_penetration / d},
      {"total_sweeps", o.total_sweeps},
      {"mean_sweeps", o.steps > 0 ? static_cast<double>(o.total_sweeps) / static_cast<double>(o.steps) : 0.0},
      {"energy",
       {{"kinetic", last.kinetic}, {"potential", last.potential}, {"born", last.born}, {"lost", last.lost},
        {"work_normal", last.work_normal}, {"work_sliding", last.work_sliding}, {"work_rolling", last.work_rolling},
        {"work_theta", last.work_theta}, {"dissipated_sliding", last.dissipated_sliding},
        {"dissipated_rolling", last.dissipated_rolling}, {"max_abs_balance", o.max_balance},
        {"injected", o.injected}, {"max_step_injected", o.max_step_injected},
        {"max_step_injected_step", o.max_step_injected_step}, {"slack_sliding", o.slack_sliding},
        {"slack_rolling", o.slack_rolling}}}};
  return {{"schema", "limitdir.pile-report/1"},
          {"limitdir_version", version},
          {"problem", pile_problem_to_json(problem)},
          {"summary", summary},
          {"history", history_json(o.history)},
          {"spheres", spheres_json(o)}};
}

}  // namespace limitdir
