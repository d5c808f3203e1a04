// The Celtic stone's slip system near stick (limitdir.celt-report/1 of kind slip-system, celt
// --slip-system, docs/manual.md sections 11-12): the limit directions of the exported problem,
// found from it as find-limits does (the report carries the problem, not its directions), on the
// sphere views of plot_limits, with the stone's slip at t (slip_at_t) a cross and the model, mu,
// t and the neglected normal-force coupling under the title.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/analysis/find_limits.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "limitdir/report/report.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/system.hpp"
#include "plot/common.hpp"
#include "plot/sphere_view.hpp"

namespace limitdir {

namespace {

using namespace plot_detail;

/// The stone's model from the exported problem's friction law (manual section 12: W1 exports
/// kudra-w, P1 zhuravlev-klimov).
std::string celt_model(const Problem& problem) {
  const std::string& law = problem.friction.model;
  return law == "kudra-w" ? "W1 (kudra-w)" : law == "zhuravlev-klimov" ? "P1 (zhuravlev-klimov)" : law;
}

}  // namespace

std::string plot_celt_slip(const nlohmann::json& report, const PlotOptions& options) {
  const std::string where = "celt";
  const Problem problem = parse_problem(field(report, "problem", where), where + ".problem");
  const double t = number_field(report, "t", where), mu = number_field(report, "mu", where);
  const double coupling = number_field(report, "coupling", where);
  const nlohmann::json& exact = field(report, "exact", where);
  if (!exact.is_boolean()) throw InputError(where + ".exact: must be true or false");
  const System system = make_system(problem);
  nlohmann::json limits = limits_report(problem, system, find_limit_directions(system, problem.force));
  const std::size_t found = array_field(limits, "limit_directions", "limits").size();

  SphereText text;
  text.where = where;
  text.title = fmt::format("Celtic stone, slip system near stick at t = {} s: model {}, mu = {}", t,
                           celt_model(problem), mu);
  text.note = fmt::format("{} limit direction{} (find-limits, certificate {}), F = |Q_e| = {:.4g}; {}", found,
                          found == 1 ? "" : "s", string_field(field(limits, "certificate", "limits"), "level", "limits"),
                          problem.force,
                          exact.get<bool>() ? fmt::format("exact: coupling mu|g| = {:.3g}", coupling)
                                            : fmt::format("APPROXIMATE: coupling mu|g| = {:.3g} neglected", coupling));
  const Eigen::Vector3d slip = vector3_field(report, "slip_at_t", where);
  const double largest = slip.cwiseAbs().maxCoeff();  // scaled first: |(1e300, 0, 0)| would overflow
  if (largest > 0.0) {
    text.points.push_back({(slip / largest).normalized(), "slip at t"});
    text.legend.push_back({svg::LegendItem::Kind::text, {}, "cross: the stone's slip direction x/|x| at t"});
  } else {
    text.legend.push_back({svg::LegendItem::Kind::text, {}, "the stone does not slip at t (slip_at_t = 0)"});
  }
  return sphere_figure(limits, options, text);
}

}  // namespace limitdir
