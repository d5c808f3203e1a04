// Fig. 2 [Kireenkov]: the friction force along and across the sliding velocity against the
// slip/spin ratio, from a friction table's values at slip directions of one meridian plane
// (docs/manual.md section 11).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/plot/plot.hpp"

namespace limitdir::plot_detail {

/// True when every report is a friction table whose `values` (friction-model --at) hold at
/// least two slip directions, all with w2 = 0 and w1 >= 0, w3 > 0 (sliding along +x while
/// spinning): plot then draws Fig. 2 [Kireenkov] instead of the table's theta panels.
bool kireenkov_fig2(const std::vector<nlohmann::json>& reports);

/// F_par = -q1 (solid) and F_perp = -q2 (dashed) against eps = v/(R omega) = (rho/R) w1/w3 (35),
/// one colour per report (named in the legend).
std::string plot_friction_speed(const std::vector<nlohmann::json>& reports, const std::vector<std::string>& names,
                                const PlotOptions& options);

}  // namespace limitdir::plot_detail
