// A line of text wrapped whole to a width, as a title is (plot/common.hpp figure_title;
// docs/manual.md section 11, "Titles"): the info lines under a figure's title, never cut.
#pragma once

#include <string>

#include "plot/common.hpp"

namespace limitdir::plot_detail {

/// `text` laid out within `width` px at most `size` (px at font size 12): one line shrunk down to
/// its least size (title_least_share of `size`; paper_title_least in the paper styles), else
/// broken at spaces (never beside an "=") into as many lines of even length as it needs at the
/// largest size down to that least. Never cut: a single word wider than `width` at the least
/// size is shrunk to fit it.
FigureTitle wrapped_text(const svg::Document& doc, const std::string& text, double size, double width, bool bold);

/// `text` centred at y: on the screen one line shrunk to the figure's width (centred_line); in
/// the paper styles wrapped whole (wrapped_text) on as many lines as it needs, never cut. The px
/// its lines take beyond one (0 on the screen).
double centred_text(svg::Document& doc, double y, const std::string& text, double size);

/// The px the lines of `text` would take beyond one (centred_text), measured without drawing.
double centred_text_extra(const svg::Document& doc, const std::string& text, double size);

}  // namespace limitdir::plot_detail
