#pragma once
// The papers' symbols in the figures of plot (docs/manual.md section 11, "Symbols"): the program
// writes its labels in an ASCII vocabulary ("mu_r [m]", "theta = asin w3 [rad]", "log10 r") and
// svg::Document::text sets every text of every figure through typeset(): Greek letters as the
// Greek characters (UTF-8), subscripts as <tspan baseline-shift="sub">, the minus sign U+2212.
#include <string>
#include <string_view>
#include <vector>

namespace limitdir::svg {

/// A piece of typeset text (UTF-8): on the baseline, or a subscript (smaller and lowered).
struct TextRun {
  std::string text;
  bool subscript = false;
};

/// A subscript is set at subscript_scale of the text's size s, lowered by subscript_drop s
/// (baseline-shift="sub" lowers by 20 % of the subscript's own font size in librsvg: 0.2 x 0.7 s).
inline constexpr double subscript_scale = 0.7;
inline constexpr double subscript_drop = 0.14;

/// The typeset form of `label`, a text in the program's ASCII vocabulary. A word is a maximal
/// run of ASCII letters, digits and '_':
///  * a Greek name (alpha .. omega, eps for epsilon; Gamma, Delta, Theta, Lambda, Xi, Pi, Sigma,
///    Phi, Psi, Omega) is its Greek letter: "lambda" -> "λ";
///  * a symbol (a Greek name or one letter) followed by "_X" (X letters and digits) or "_{X}" has
///    X as a subscript: "mu_r" -> μ r, "U_X", "Omega_Y", "p_exact", "C_1", "I_{0,0}"; a word with
///    a second '_' ("r_T_X", "spin_friction") stays as it is;
///  * the components w1, w2, w3, q1, q2, q3 and the basis vectors e1, e2, e3 carry their index as
///    a subscript, as does a Greek name followed by digits ("omega1"); "log10" is log with the
///    subscript 10; "rdot" is ṙ (U+1E59); "Pade" is Padé;
///  * "-" is the minus sign U+2212 between spaces, at the start of a word before a digit, a point
///    or a letter, and in an exponent ("3.1e-21"); ">=" "<=" "!=" are ≥ ≤ ≠, " . " (a dot
///    product) is " · ", and a number followed by " deg" takes the degree sign ("25.4°").
/// Everything else (hyphens inside words, option names, non-ASCII text) stays as it is. The runs
/// alternate between baseline text and subscripts; none is empty.
std::vector<TextRun> typeset(std::string_view label);

/// The runs' characters without markup, each subscript right after its base ("μr").
std::string plain_text(const std::vector<TextRun>& runs);

/// The width of typeset(label) in character advances: a code point on the baseline counts 1, one
/// in a subscript subscript_scale (svg::text_box multiplies by the advance and the size).
double typeset_advances(std::string_view label);

/// Whether typeset(label) has a subscript with a character that reaches below its baseline
/// (g j p q y , ( ) [ ] { } |): its descent then ends subscript_drop + text_descent
/// subscript_scale = 0.315 em below the text's baseline, beyond the text's own 0.25 em; other
/// subscripts (X_max, mu_r, w3, log10) end at subscript_drop = 0.14 em, within it.
bool subscript_descends(std::string_view label);

/// The runs as SVG character data for a text of font size `size`: the text escaped, each
/// subscript a <tspan baseline-shift="sub" font-size="subscript_scale size">.
std::string typeset_markup(const std::vector<TextRun>& runs, double size);

}  // namespace limitdir::svg
