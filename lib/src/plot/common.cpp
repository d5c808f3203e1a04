// What the figures of plot/plot.hpp share (plot/common.hpp).
#include "plot/common.hpp"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir::plot_detail {

namespace {

[[noreturn]] void bad_field(const std::string& where, const std::string& key, const std::string& what,
                            const nlohmann::json& value) {
  throw InputError(where + "." + key + ": must be " + what + " (got " + detail::show(value) + ")");
}

// The Fig. 11 code [Nonlinear Dyn. 2024]: colour name, SVG colour, meaning (legend).
struct Fig11 {
  const char* name;
  const char* svg;
  const char* meaning;
};
constexpr Fig11 fig11[] = {
    {"purple", "#8e44ad", "repelling, stable node"},
    {"red", "#d62728", "attracting, unstable node"},
    {"green", "#2ca02c", "attracting saddle, stable dir. on w2 = 0"},
    {"brown", "#8c564b", "attracting saddle, unstable dir. on w2 = 0"},
    {"blue", "#1f63d4", "attracting, stable node"},
};

std::string svg_of(const std::string& name) {
  for (const Fig11& f : fig11)
    if (name == f.name) return f.svg;
  return uncoloured;
}

}  // namespace

const nlohmann::json& field(const nlohmann::json& document, const std::string& key, const std::string& where) {
  if (!document.is_object()) throw InputError(where + ": must be an object (got " + detail::show(document) + ")");
  const auto it = document.find(key);
  if (it == document.end()) throw InputError(where + ": missing key \"" + key + "\"");
  return *it;
}

double number_field(const nlohmann::json& document, const std::string& key, const std::string& where) {
  const nlohmann::json& value = field(document, key, where);
  if (!value.is_number() || !std::isfinite(value.get<double>())) bad_field(where, key, "a finite number", value);
  return value.get<double>();
}

std::string string_field(const nlohmann::json& document, const std::string& key, const std::string& where) {
  const nlohmann::json& value = field(document, key, where);
  if (!value.is_string()) bad_field(where, key, "a string", value);
  return value.get<std::string>();
}

const nlohmann::json& array_field(const nlohmann::json& document, const std::string& key, const std::string& where) {
  const nlohmann::json& value = field(document, key, where);
  if (!value.is_array()) bad_field(where, key, "an array", value);
  return value;
}

Eigen::Vector3d vector3_field(const nlohmann::json& document, const std::string& key, const std::string& where) {
  const nlohmann::json& value = field(document, key, where);
  if (!value.is_array() || value.size() != 3) bad_field(where, key, "an array of 3 finite numbers", value);
  Eigen::Vector3d v;
  for (int i = 0; i < 3; ++i) {
    if (!value[i].is_number() || !std::isfinite(value[i].get<double>()))
      bad_field(where, key, "an array of 3 finite numbers", value);
    v[i] = value[i].get<double>();
  }
  return v;
}

std::string fig11_colour(const std::optional<std::string>& colour, const std::string& radial,
                         const std::string& sphere_type) {
  if (colour) return svg_of(*colour);
  if (radial == "repelling" && sphere_type == "stable-node") return svg_of("purple");
  if (radial == "attracting" && sphere_type == "unstable-node") return svg_of("red");
  if (radial == "attracting" && sphere_type == "stable-node") return svg_of("blue");
  return uncoloured;
}

std::string short_model(const std::string& description) {
  // the words of a caption: "harmonic N=2 of exact" -> "harmonic model N = 2 of the exact model"
  std::string head = description.substr(0, description.find(", "));
  const std::size_t of = head.find(" of ");
  std::string model = head.substr(0, of), reference = of == std::string::npos ? "" : head.substr(of + 4);
  const std::size_t n = model.find(" N=");
  if (n != std::string::npos) model.replace(n, 3, " model N = ");
  else if (model == "exact") model += " model";
  if (reference.empty()) return model;
  return model + " of the " + reference + (reference.find(' ') == std::string::npos ? " model" : "");
}

std::string model_name(const std::string& description) {
  std::string name = description.substr(0, description.find(", "));
  name = name.substr(0, name.find(" of "));
  const std::size_t at = name.find("N=");
  return at == std::string::npos ? name : name.replace(at, 2, "N = ");
}

std::vector<svg::LegendItem> fig11_items(bool markers) {
  std::vector<svg::LegendItem> items;
  const auto kind = markers ? svg::LegendItem::Kind::marker : svg::LegendItem::Kind::line;
  for (const Fig11& f : fig11)
    items.push_back({kind, {f.svg, markers ? 1.0 : 2.5, markers ? f.svg : "none", "", 1.0}, f.meaning});
  items.push_back({kind, {uncoloured, markers ? 1.0 : 2.5, markers ? uncoloured : "none", "", 1.0},
                   "other (no colour in Fig. 11)"});
  return items;
}

std::string overlay_colour(std::size_t k) {
  static const char* const palette[] = {"#1f63d4", "#d62728", "#2ca02c", "#8e44ad",
                                        "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};
  return palette[k % std::size(palette)];
}

double diagram_coordinate(const std::string& y, const Eigen::Vector3d& w, double rdot) {
  constexpr double pi = 3.14159265358979323846;
  if (y == "theta") return std::asin(std::clamp(w.z(), -1.0, 1.0));  // latitude (33)
  if (y == "psi") {  // the angle about w2 (on the invariant circle w2 = 0), cut at w = -e3
    const double psi = std::atan2(w.z(), w.x());
    return psi < -pi / 2.0 ? psi + 2.0 * pi : psi;
  }
  if (y == "w1") return w.x();
  if (y == "w2") return w.y();
  if (y == "w3") return w.z();
  return rdot;
}

std::string diagram_y_label(const std::string& y) {
  if (y == "theta") return "theta = asin w3 [rad]";
  if (y == "psi") return "psi in (-pi/2, 3 pi/2] [rad]";  // atan2(w3, w1) cut at w = -e3 (diagram_coordinate)
  if (y == "rdot") return "rdot = R*(w)";
  return y;
}

std::string parameter_label(const std::string& parameter) { return parameter == "force" ? "F" : parameter; }

std::string name_with_range(std::string name, const std::string& parameter, double from, double to) {
  const std::string range = fmt::format("{} from {} to {}", parameter_label(parameter), from, to);
  // a name that states the parameter's value ("ball (lambda = 5, ...)") says its range instead
  const std::size_t at = parameter == "force" ? std::string::npos : name.find(parameter + " = ");
  if (at == std::string::npos) return name + ", " + range;
  const std::size_t end = name.find_first_of(",)", at);
  return name.replace(at, end == std::string::npos ? std::string::npos : end - at, range);
}

std::string swept_title(const std::string& name, const std::string& parameter, double from, double to, double force) {
  const std::string title = name_with_range(name, parameter, from, to);
  return parameter == "force" ? title : title + fmt::format(", F = {}", force);
}

}  // namespace limitdir::plot_detail
