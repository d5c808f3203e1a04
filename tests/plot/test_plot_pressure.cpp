// Fig. 5 [Kudra & Awrejcewicz 2013]: plot draws a problem's contact pressure (plot/pressure.cpp);
// the figure's load and centre of pressure against the closed forms: the integral of sigma/N is 1
// (the normal load) and the centre is (22), pi I_3 (d cos gamma', b d sin gamma') with
// pi I_3 = 1/5 for the Hertz pressure (a = 1), i.e. (d_c a, d_s b)/(2 (alpha + 2)) for sigma0 =
// (1 - rhat^2)^alpha.
#include <doctest/doctest.h>

#include <cmath>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/plot/plot.hpp"

namespace test_plot_pressure {  // this file's own names (tests/CMakeLists.txt: a unity build)

namespace {
// the figure's Simpson rule in t (400 panels) on an analytic integrand: error ~ h^4 f''''/180 < 1e-10
constexpr double kTolSimpson = 1e-9;

/// The numbers of the attribute `name` of the figure's element of class "pressure".
std::vector<double> attribute(const std::string& svg, const std::string& name) {
  const std::size_t at = svg.find(name + "=\"", svg.find("class=\"pressure\""));
  REQUIRE(at != std::string::npos);
  std::istringstream in(svg.substr(at + name.size() + 2, svg.find('"', at + name.size() + 2) - at - name.size() - 2));
  std::vector<double> v;
  for (double x; in >> x;) v.push_back(x);
  return v;
}
}  // namespace

TEST_CASE("Fig. 5, (16), (22) K&A: the drawn pressure carries the load and its centre is (22)") {
  const double pi = 3.14159265358979323846;
  struct Case {
    double a, b, alpha, d, gamma;
    const char* pressure;
  };
  for (const Case& c : {Case{1.0, 0.5, 0.5, 1.0, pi / 4.0, "hertz"}, Case{1.0, 0.3, 0.5, 1.0, pi / 2.0, "hertz"},
                        Case{2.0, 0.7, 0.0, 0.6, -2.0, "uniform"}, Case{1.0, 1.0, 0.5, 0.0, 0.0, "hertz"}}) {
    const nlohmann::json problem = {
        {"schema", "limitdir.problem/1"},
        {"name", "pressure test"},
        {"system", {{"preset", "plate"}}},
        {"contact", {{"shape", {{"ellipse", {c.a, c.b}}}}, {"pressure", c.pressure},
                     {"distortion", {{"d", c.d}, {"gamma", c.gamma}}}}},
        {"friction", {{"model", "exact"}}},
        {"rho", "R"}};
    limitdir::PlotOptions options;
    options.width = 1000;
    const std::string svg = limitdir::plot_pressure(problem, options);
    CHECK(std::abs(attribute(svg, "data-integral").at(0) - 1.0) < kTolSimpson);
    const std::vector<double> centre = attribute(svg, "data-centre");
    const double k = c.d / (2.0 * (c.alpha + 2.0));
    CHECK(std::abs(centre.at(0) - k * c.a * std::cos(c.gamma)) < kTolSimpson);
    CHECK(std::abs(centre.at(1) - k * c.b * std::sin(c.gamma)) < kTolSimpson);
  }
}

}  // namespace test_plot_pressure
