#pragma once
// Internal: the friction surface {-q(w) : |w| = 1} of friction reports, as Figs 6-7 [Kudra &
// Awrejcewicz 2013] (plot/friction_surface.cpp, docs/manual.md section 11): with --surface the
// grid's image seen obliquely, one panel a report; a report with "sections" (friction-model
// --sections) as the three sections -q_k = 0, the reports overlaid one colour each.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/plot.hpp"

namespace limitdir::plot_detail {

/// Whether every report holds "sections" (and --surface is not given): drawn as Fig. 7.
bool friction_sections_figure(const std::vector<nlohmann::json>& reports, const PlotOptions& options);
std::string plot_friction_sections(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                   const PlotOptions& options);
/// --surface: each report's grid (layout "grid", both poles) as a surface, one panel a report.
std::string plot_friction_surfaces(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                   const PlotOptions& options);

}  // namespace limitdir::plot_detail
