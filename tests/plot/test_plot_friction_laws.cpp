// Fig. 4 [Nonlinear Dyn. 2024] as plot draws it (plot/friction_laws.hpp, docs/manual.md section 11).
#include <doctest/doctest.h>

#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "plot/friction_laws.hpp"

namespace test_plot_friction_laws {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

constexpr double pi = 3.14159265358979323846;

/// A table of latitudes with Q = cos theta, T = sin theta, eps = (2/3) cot theta (35).
nlohmann::json circle_report() {
  nlohmann::json table = nlohmann::json::array();
  for (int i = 0; i <= 90; ++i) {
    const double th = pi / 2 * i / 90.0;
    table.push_back({{"theta", th}, {"Q", std::cos(th)}, {"T", std::sin(th)}, {"Q_exact", std::cos(th)},
                     {"T_exact", std::sin(th)},
                     {"epsilon", i == 0 ? nlohmann::json(nullptr) : nlohmann::json(2.0 / 3.0 / std::tan(th))}});
  }
  return {{"schema", "limitdir.friction/1"}, {"model", "exact"}, {"layout", "latitudes"},
          {"description", "exact, test"}, {"table", table}};
}

}  // namespace

TEST_CASE("Fig. 4: the exact laws against theta, w3 and eps, and the meridian curve") {
  const nlohmann::json r = circle_report();
  CHECK(plot_detail::fig4_laws({r}, PlotOptions{}));
  const std::string svg = plot_detail::plot_friction_laws({r}, {}, PlotOptions{});
  // four frames: theta in [0, pi/2], w3 in [0, 1], eps in [0, 3], Q in [0, 1.08]
  std::vector<std::string> ranges;
  const std::regex frame("data-x-range=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), frame); it != std::sregex_iterator(); ++it)
    ranges.push_back((*it)[1]);
  REQUIRE(ranges.size() == 4);
  CHECK(ranges[0] == "0 1.5707963267948966");
  CHECK(ranges[1] == "0 1");
  CHECK(ranges[2] == "0 3");
  CHECK(ranges[3] == "0 1.08");
  // the other friction tables, and any axis option, keep the two theta panels
  PlotOptions log_y;
  log_y.log_y = true;
  CHECK_FALSE(plot_detail::fig4_laws({r}, log_y));
  nlohmann::json harmonic = r;
  harmonic["model"] = "harmonic";
  CHECK_FALSE(plot_detail::fig4_laws({harmonic}, PlotOptions{}));
  CHECK_FALSE(plot_detail::fig4_laws({r, harmonic}, PlotOptions{}));
  nlohmann::json bad = r;
  bad["table"][3].erase("epsilon");
  CHECK_THROWS_AS(plot_detail::plot_friction_laws({bad}, {}, PlotOptions{}), InputError);
}

}  // namespace test_plot_friction_laws
