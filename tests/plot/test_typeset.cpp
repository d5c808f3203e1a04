// The papers' symbols in the figures (plot/typeset.hpp, docs/manual.md section 11, "Symbols"):
// each ASCII name of the program's labels against its character as the Unicode standard names it
// (written here as UTF-8 bytes, not through the function), the subscripts as runs, and the SVG
// markup a figure carries.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "limitdir/plot/svg.hpp"
#include "limitdir/plot/typeset.hpp"

namespace test_typeset {  // this file's own names (tests/CMakeLists.txt: a unity build)

using namespace limitdir;

namespace {

/// The runs as "base" and "_{sub}" pieces, so that a test reads as the label.
std::string shown(const std::vector<svg::TextRun>& runs) {
  std::string out;
  for (const svg::TextRun& r : runs) out += r.subscript ? "_{" + r.text + "}" : r.text;
  return out;
}

std::string shown(const std::string& label) { return shown(svg::typeset(label)); }

}  // namespace

TEST_CASE("typeset: the Greek names of the papers' symbols are their Greek letters") {
  // UTF-8 of U+03BB lamda, U+03BC mu, U+03C1 rho, U+03B8 theta, U+03C8 psi, U+03B5 epsilon,
  // U+03BA kappa, U+03C9 omega, U+03C0 pi, U+03A9 capital omega
  CHECK(shown("lambda") == "\xce\xbb");
  CHECK(shown("mu") == "\xce\xbc");
  CHECK(shown("rho") == "\xcf\x81");
  CHECK(shown("theta") == "\xce\xb8");
  CHECK(shown("psi") == "\xcf\x88");
  CHECK(shown("eps") == "\xce\xb5");
  CHECK(shown("epsilon") == "\xce\xb5");
  CHECK(shown("kappa") == "\xce\xba");
  CHECK(shown("omega") == "\xcf\x89");
  CHECK(shown("pi") == "\xcf\x80");
  CHECK(shown("Omega") == "\xce\xa9");
  // in context: whole words only, units in brackets untouched
  CHECK(shown("rho/R = 0.5") == "\xcf\x81/R = 0.5");
  CHECK(shown("theta [rad]") == "\xce\xb8 [rad]");
  CHECK(shown("ball (lambda = 5, Hertz contact)") == "ball (\xce\xbb = 5, Hertz contact)");
  // not inside other words, nor a name of another case
  CHECK(shown("muscle lambdas epsilons") == "muscle lambdas epsilons");
  CHECK(shown("MU Mu") == "MU Mu");
}

TEST_CASE("typeset: subscripts after a symbol, the components w1 w2 w3 and log10") {
  CHECK(shown("mu_r [m]") == "\xce\xbc_{r} [m]");
  CHECK(shown("w_3") == "w_{3}");
  CHECK(shown("C_1") == "C_{1}");
  CHECK(shown("U_X [m/s], Omega_Y [rad/s]") == "U_{X} [m/s], \xce\xa9_{Y} [rad/s]");
  CHECK(shown("X_max [m]") == "X_{max} [m]");
  CHECK(shown("omega_1") == "\xcf\x89_{1}");
  CHECK(shown("I_{2(1),2} (44)") == "I_{2(1),2} (44)");
  CHECK(shown("theta = asin w3 [rad]") == "\xce\xb8 = asin w_{3} [rad]");
  CHECK(shown("w1, w2, q3, e1") == "w_{1}, w_{2}, q_{3}, e_{1}");
  CHECK(shown("log10 r") == "log_{10} r");
  CHECK(shown("log10 of law.mu_r [m]") == "log_{10} of law.\xce\xbc_{r} [m]");
  // U+1E59 r with dot above
  CHECK(shown("rdot = R*(w)") == "\xe1\xb9\x99 = R*(w)");
  // names of keys and models stay: no symbol before '_', a second '_', another letter before a digit
  CHECK(shown("spin_friction r_T_X") == "spin_friction r_T_X");
  CHECK(shown("model W1, P3', n2") == "model W1, P3', n2");
  CHECK(shown("atan2(w3, w1)") == "atan2(w_{3}, w_{1})");
}

TEST_CASE("typeset: minus signs, relations, the dot product and degrees") {
  // U+2212 minus, U+2265 >=, U+2264 <=, U+00B7 middle dot, U+00B0 degree
  CHECK(shown("(-1, 0, 0)") == "(\xe2\x88\x92" "1, 0, 0)");
  CHECK(shown("psi in (-pi/2, 3 pi/2]") == "\xcf\x88 in (\xe2\x88\x92\xcf\x80/2, 3 \xcf\x80/2]");
  CHECK(shown("|p - p_exact|") == "|p \xe2\x88\x92 p_{exact}|");
  CHECK(shown("F = -3.1e-21") == "F = \xe2\x88\x92" "3.1e\xe2\x88\x92" "21");
  CHECK(shown("w2 >= 0, right -w1") == "w_{2} \xe2\x89\xa5 0, right \xe2\x88\x92w_{1}");
  CHECK(shown("w2 <= 0") == "w_{2} \xe2\x89\xa4 0");
  CHECK(shown("spin omega . n") == "spin \xcf\x89 \xc2\xb7 n");
  CHECK(shown("angle of repose 25.4 deg") == "angle of repose 25.4\xc2\xb0");
  // hyphens and options stay
  CHECK(shown("fold-pole, min-max, x-z, (classify --regions), Figs 4-5") ==
        "fold-pole, min-max, x-z, (classify --regions), Figs 4-5");
}

TEST_CASE("typeset: the SVG markup and the width text_box gives a typeset label") {
  CHECK(svg::typeset_markup(svg::typeset("mu_r < 1"), 10.0) ==
        "\xce\xbc<tspan baseline-shift=\"sub\" font-size=\"7\">r</tspan> &lt; 1");
  // "mu_r" is 1 code point on the baseline and 1 in a subscript at 0.7 of the size
  CHECK(svg::typeset_advances("mu_r") == doctest::Approx(1.7));
  CHECK_FALSE(svg::subscript_descends("mu_r"));
  CHECK(svg::subscript_descends("t_typ"));
  CHECK(svg::subscript_descends("I_{2(1),2}"));
  const svg::Box b = svg::text_box(0.0, 0.0, "lambda", {10.0});
  CHECK(b.w == doctest::Approx(svg::text_advance * 10.0));  // one character, not six
  // a subscript without descender ends within the text's descent, 0.25 em below the baseline
  const svg::Box s = svg::text_box(0.0, 0.0, "mu_r", {10.0});
  CHECK(s.y + s.h == doctest::Approx(svg::text_descent * 10.0));
  // one with a descender at subscript_drop + text_descent * subscript_scale = 0.14 + 0.175 em
  const svg::Box d = svg::text_box(0.0, 0.0, "t_typ", {10.0});
  CHECK(d.y + d.h == doctest::Approx(3.15));
}

}  // namespace test_typeset
