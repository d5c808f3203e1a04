#pragma once
// Internal: what the figures of plot/plot.hpp share: reading report fields with one-line
// InputErrors, the Fig. 11 colour code, margins.
#include <Eigen/Core>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/plot/svg.hpp"

namespace limitdir::plot_detail {

// Margins of a plot frame inside the figure (px): room for tick labels and axis labels.
inline constexpr double margin_left = 70.0;
inline constexpr double margin_right = 20.0;
inline constexpr double margin_top = 34.0;
inline constexpr double margin_bottom = 52.0;

/// document[key], which must exist; InputError "<where>: missing key \"key\"" otherwise.
const nlohmann::json& field(const nlohmann::json& document, const std::string& key, const std::string& where);
/// A finite number, a string, a non-empty array, a 3-vector of finite numbers at `key`;
/// InputError "<where>.<key>: must be ... (got ...)" otherwise.
double number_field(const nlohmann::json& document, const std::string& key, const std::string& where);
std::string string_field(const nlohmann::json& document, const std::string& key, const std::string& where);
const nlohmann::json& array_field(const nlohmann::json& document, const std::string& key, const std::string& where);
Eigen::Vector3d vector3_field(const nlohmann::json& document, const std::string& key, const std::string& where);

/// The Fig. 11 colour [Nonlinear Dyn. 2024] of a limit direction as an SVG colour. `colour`
/// is the report's (purple, red, green, brown or blue, defined on the invariant circle);
/// without it the classes the code names without reference to the circle are still coloured
/// (repelling stable node purple, attracting unstable node red, attracting stable node blue)
/// and every other direction is grey.
std::string fig11_colour(const std::optional<std::string>& colour, const std::string& radial,
                         const std::string& sphere_type);
/// The friction model's description up to its first ", " ("harmonic N=2 of exact"), for titles.
std::string short_model(const std::string& description);

/// The coordinate `y` of plot/plot.hpp (PlotOptions::y) of a limit direction w with rdot = R*(w):
/// theta = asin w3 (33), psi = atan2(w3, w1) on the invariant circle w2 = 0 (cut at w = -e3, so
/// in (-pi/2, 3pi/2]), w1, w2, w3 or rdot; and its axis label.
double diagram_coordinate(const std::string& y, const Eigen::Vector3d& w, double rdot);
std::string diagram_y_label(const std::string& y);

/// The grey of directions the Fig. 11 code does not name.
inline const std::string uncoloured = "#707070";

/// Draws the legend of the Fig. 11 code at (x, y) downwards, one line per colour.
void fig11_legend(svg::Document& doc, double x, double y, bool markers);

}  // namespace limitdir::plot_detail
