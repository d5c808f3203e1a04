// The Cases 1-4 of Sect. 7.4 of [Nonlinear Dyn. 2024] that label the regions of a load diagram
// in sweep-force --format text (paper_case, report/text_report.hpp), each as the paper describes it.
#include <doctest/doctest.h>

#include <string>

#include "limitdir/system/problem.hpp"
#include "limitdir/report/text_report.hpp"

namespace test_text_report {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::Region;

namespace {

limitdir::Problem preset(const std::string& name) {
  return limitdir::parse_problem({{"system", {{"preset", name}}}, {"friction", {{"model", "harmonic"}, {"degree", 2}}}},
                                 "test.json");
}

// The paper's structures (types sorted by name, as Region keeps them).
const Region case1{1.2, 1.5, 2, {{"attracting unstable-node", 1}, {"repelling stable-node", 1}}};
const Region case2{0.5, 1.0, 2, {{"attracting stable-node", 1}, {"attracting unstable-node", 1}}};
const Region case3{0.1, 0.3, 4, {{"attracting saddle", 1}, {"attracting stable-node", 2}, {"attracting unstable-node", 1}}};
const Region case4{0.0, 0.05, 8,
                   {{"attracting saddle", 3}, {"attracting stable-node", 2}, {"attracting unstable-node", 3}}};

}  // namespace

TEST_CASE("Sect. 7.4: Cases 1-4 of the disc") {
  const limitdir::Problem disc = preset("disc");
  // Case 1, |F| > F_T: two limit directions, one of them repelling (w1, purple).
  CHECK(limitdir::paper_case(disc, "force", case1) == 1);
  // Case 2, F_T > |F| > F_P: two, both attracting, one a stable node (w1, blue).
  CHECK(limitdir::paper_case(disc, "force", case2) == 2);
  // Case 3, F_P > |F| > 0: the pair w3, w4 of attracting stable directions has appeared.
  CHECK(limitdir::paper_case(disc, "force", case3) == 3);
  // Case 4, F_F > |F| > 0: four more, w5..w8, all attracting, none stable.
  CHECK(limitdir::paper_case(disc, "force", case4) == 4);
  // Case 1 needs the repelling direction; 8 directions with a third stable one are no Case.
  CHECK_FALSE(limitdir::paper_case(disc, "force", Region{0, 1, 2, {{"attracting stable-node", 2}}}).has_value());
  CHECK_FALSE(limitdir::paper_case(disc, "force",
                                   Region{0, 1, 8, {{"attracting saddle", 3}, {"attracting stable-node", 3},
                                                    {"attracting unstable-node", 2}}})
                  .has_value());
  // Types that do not add up to the count (a circle of directions, F = 0): no Case.
  CHECK_FALSE(limitdir::paper_case(disc, "force", Region{0, 0, 4, {{"attracting stable-node", 2}}}).has_value());
}

TEST_CASE("Sect. 7.5: the ball repeats the Cases, other problems and parameters have none") {
  CHECK(limitdir::paper_case(preset("ball"), "force", case3) == 3);
  CHECK_FALSE(limitdir::paper_case(preset("ball"), "lambda", case3).has_value());
  // The elliptic plate of docs/manual.md section 6 (share/problems/ellipse.json): not axisymmetric.
  const nlohmann::json ellipse{{"system", {{"preset", "plate"}}},
                               {"contact", {{"shape", {{"ellipse", {1.0, 0.5}}}}}},
                               {"friction", {{"model", "exact"}}}};
  const limitdir::Problem plate = limitdir::parse_problem(ellipse, "test.json");
  CHECK_FALSE(limitdir::paper_case(plate, "force", case3).has_value());
}

}  // namespace test_text_report
