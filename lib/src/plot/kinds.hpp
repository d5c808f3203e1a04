#pragma once
// Internal: the one table of the reports plot reads (plot/kinds.cpp): per schema (and report
// kind) what writes it, how plot draws it or what to plot instead, and the function drawing it,
// so that --help, the error messages and the dispatch cannot drift (docs/manual.md section 11).
#include <string>

#include <nlohmann/json.hpp>

#include "limitdir/plot/plot.hpp"

namespace limitdir::plot_detail {

struct KindRow {
  const char* schema;   // "limitdir.diagram/1"
  const char* variant;  // the report's "kind" where one schema holds several (celt), else nullptr
  const char* kind;     // plot's name of the kind (PlotInput::kind); nullptr: not drawn
  const char* app;      // what writes it ("sweep-force", "celt --slip-system")
  const char* text;     // how it is drawn (--help), or for a kind not drawn what to plot instead
  std::string (*draw)(const PlotInput& input, const PlotOptions& options);  // nullptr: not drawn
};

/// The row of `document`'s schema (and kind); InputError naming `source` and the schema when there
/// is none, or, when the row is not drawn, its one-line message of what to plot instead.
const KindRow& kind_row(const nlohmann::json& document, const std::string& source);

/// The row of plot's kind name; InputError when there is none.
const KindRow& row_of_kind(const std::string& kind);

/// "plot draws SCHEMA (APP), ...": every drawn schema, for messages.
std::string what_plot_draws();

}  // namespace limitdir::plot_detail
