// Fig. 4 [Nonlinear Dyn. 2024]: exact friction laws in the parametrisations of Table 1 and the
// meridian curve (docs/manual.md section 11).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/plot.hpp"

namespace limitdir::plot_detail {

/// True when every report is a table of latitudes of the exact model ("model": "exact", no
/// "layout" other than "latitudes") and no axis option (--x-range, --y-range, --log-x, --log-y)
/// is given: plot then draws Fig. 4 instead of the two theta panels of other friction tables.
bool fig4_laws(const std::vector<nlohmann::json>& reports, const PlotOptions& options);

/// Q (solid) and T (dashed) against theta, w3 = sin theta and eps = (rho/R) cot theta (35), and
/// the meridian curve (Q, T) of (49), one colour per report (named in the legend).
std::string plot_friction_laws(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                               const PlotOptions& options);

}  // namespace limitdir::plot_detail
