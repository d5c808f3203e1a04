// Fig. 2 [Kireenkov] as plot draws it (plot/friction_speed.hpp, docs/manual.md section 11).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"
#include "plot/friction_speed.hpp"

namespace test_plot_friction_speed {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

/// A friction table's values at w = (v, 0, rho u)/|.|, u = 1, v = 0 ... 2, with F_par = tanh v and
/// F_perp = v exp(-v) (any laws: the figure plots what the report holds), rho/R = 0.5.
nlohmann::json speed_report() {
  nlohmann::json values = nlohmann::json::array();
  const double rho = 0.5;
  for (int i = 0; i <= 20; ++i) {
    const double v = 0.1 * i, n = std::hypot(v, rho);
    values.push_back({{"w", {v / n, 0.0, rho / n}}, {"q", {-std::tanh(v), -v * std::exp(-v), 0.0}}});
  }
  return {{"schema", "limitdir.friction/1"}, {"model", "kireenkov-exact"}, {"layout", "grid"},
          {"description", "test"}, {"rho", rho}, {"table", nlohmann::json::array()}, {"values", values}};
}

}  // namespace

TEST_CASE("Kireenkov Fig. 2: F_par and F_perp against eps = (rho/R) w1/w3 from a friction table's values") {
  const nlohmann::json r = speed_report();
  CHECK(plot_detail::kireenkov_fig2({r}));
  const std::string svg = plot_detail::plot_friction_speed({r}, {}, PlotOptions{});
  // eps = (rho/R) w1/w3 = v: the axis from 0 to the last v, 2 (to rounding of the normalised w)
  const std::size_t at = svg.find("data-x-range=\"");
  REQUIRE(at != std::string::npos);
  double lo = -1, hi = -1;
  std::sscanf(svg.c_str() + at + 14, "%lf %lf", &lo, &hi);
  CHECK(lo == 0.0);
  CHECK(hi == doctest::Approx(2.0).epsilon(1e-14));
  // not in the plane w2 = 0, or a single value: the table's figure
  nlohmann::json off = r;
  off["values"][3]["w"][1] = 0.01;
  CHECK_FALSE(plot_detail::kireenkov_fig2({off}));
  nlohmann::json one = r;
  one["values"] = nlohmann::json::array({r["values"][1]});
  CHECK_FALSE(plot_detail::kireenkov_fig2({one}));
  PlotOptions log_x;
  log_x.log_x = true;
  CHECK_THROWS_AS(plot_detail::plot_friction_speed({r}, {}, log_x), InputError);
}

}  // namespace test_plot_friction_speed
