#pragma once
// Compact human-readable tables of the reports (find-limits and sweep-force --format text,
// docs/manual.md section 5). They are rendered from the JSON reports themselves, so that the
// text and the JSON never disagree and a stored report can be shown again.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

/// The Case 1-4 of Sect. 7.4 of [Nonlinear Dyn. 2024] that a region of a load diagram is, where
/// the paper defines them: the disc (Sect. 7.4) or the ball (Sect. 7.5, "the whole analysis of
/// Sect. 7.4 can be repeated") on an axisymmetric contact, swept in the load F (`parameter` is
/// "force"). With s the number of limit directions that are attracting and stable on the sphere
/// (stable node or focus: the directions along which stick is reached):
///   Case 1 (|F| > F_T): 2 limit directions, one of them repelling;
///   Case 2 (F_T > |F| > F_P): 2, both attracting, s = 1 (w1, pure translation);
///   Case 3 (F_P > |F| > 0): 4, none repelling, s = 2 (w3, w4, slip-spin);
///   Case 4 (F_F > |F| > 0): 8, none repelling, s = 2 (w3, w4; w5..w8 attracting, not stable).
/// Empty for any other problem, parameter or structure (e.g. the circles of F = 0).
std::optional<int> paper_case(const Problem& problem, const std::string& parameter, const Region& region);

/// The find-limits report (schema "limitdir.limits/1", limits_report) as text: a heading (problem,
/// load, model, method), one row per limit direction (w, theta, phi, rdot, radial, sphere type,
/// index, Fig. 11 colour), the circles and singular points, and the certificate.
/// InputError naming `source` when the document is not such a report.
std::string limits_text(const nlohmann::json& report, const std::string& source = "<limits>");

/// The sweep-force report (schema "limitdir.diagram/1", diagram_report) as text: a heading
/// (problem, parameter range, model), the branches (points and range), the events (kind,
/// parameter, direction, branches), the regions (range, count, types, and the paper's Case where
/// paper_case defines one), and the certificate. InputError naming `source` when the document
/// is not such a report.
std::string diagram_text(const nlohmann::json& report, const std::string& source = "<diagram>");

/// The bifurcation-map report (schema "limitdir.map/1", docs/manual.md section 13) as text: a
/// heading (problem, the two parameters and their ranges, model), one row per curve (kind, points,
/// ends, the ranges it spans), per codimension-2 point (kind, x, y, curves), per region (the
/// paper's Case, count, types, an interior point, level), and the certificate. InputError naming
/// `source` when the document is not such a report.
std::string map_text(const nlohmann::json& report, const std::string& source = "<map>");

}  // namespace limitdir
