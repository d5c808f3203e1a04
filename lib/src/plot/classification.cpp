// classify's report (limitdir.classification/1, docs/manual.md sections 5 and 11): the classified
// directions on the sphere views of plot_limits, each marked by its class (the shape its type on
// the sphere from J_T, the fill the sign of rdot = R*(w), Def. 2 [Nonlinear Dyn. 2024]), the given
// inputs as crosses, and the counts of each class and of the unclassified directions under the title.
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "plot/common.hpp"
#include "plot/sphere_view.hpp"

namespace limitdir {

namespace {

using json = nlohmann::json;
using namespace plot_detail;

/// "2 attracting stable-node, 1 repelling saddle" (the classes in alphabetical order), or "none".
std::string class_counts(const std::map<std::string, int>& counts) {
  std::string text;
  for (const auto& [name, n] : counts) text += fmt::format("{}{} {}", text.empty() ? "" : ", ", n, name);
  return text.empty() ? "none" : text;
}

}  // namespace

std::string plot_classification(const nlohmann::json& report, const PlotOptions& options) {
  const std::string where = "classification";
  const json& directions = array_field(report, "directions", where);
  json limits = {{"problem", field(report, "problem", where)},
                 {"force", field(report, "force", where)},
                 {"model", field(report, "model", where)},
                 {"limit_directions", json::array()},
                 {"circles", json::array()},
                 {"singular_points", json::array()}};
  SphereText text;
  text.where = where;
  text.code = MarkerCode::by_class;
  std::map<std::string, int> counts;
  int unclassified = 0;
  for (std::size_t k = 0; k < directions.size(); ++k) {
    const std::string at = where + ".directions[" + std::to_string(k) + "]";
    const std::string status = string_field(directions[k], "status", at);
    const Eigen::Vector3d input = vector3_field(directions[k], "input", at);
    const double largest = input.cwiseAbs().maxCoeff();  // scaled first: |(1e300, 0, 0)| would overflow
    if (!(largest > 0.0)) throw InputError(at + ".input: must not be zero");
    text.points.push_back({(input / largest).normalized(), ""});
    if (status == "unclassified") {
      ++unclassified;
      continue;
    }
    if (status != "classified") throw InputError(at + ".status: must be classified or unclassified (got \"" + status + "\")");
    limits["limit_directions"].push_back(directions[k]);
    text.labels.push_back(std::to_string(k + 1));
    ++counts[string_field(directions[k], "radial", at) + " " +
             string_field(field(directions[k], "sphere", at), "type", at + ".sphere")];
  }
  const std::string name = string_field(field(report, "problem", where), "name", where + ".problem");
  text.title = fmt::format("{}: F = {}, {} (classify)", name, number_field(report, "force", where),
                           short_model(string_field(report, "model", where)));
  text.note = fmt::format("{} of {} direction{} classified: {}; {} unclassified", directions.size() - unclassified,
                          directions.size(), directions.size() == 1 ? "" : "s", class_counts(counts), unclassified);
  text.legend.push_back({svg::LegendItem::Kind::text, {}, "crosses: the given directions, refined to the numbered ones"});
  return sphere_figure(limits, options, text);
}

}  // namespace limitdir
