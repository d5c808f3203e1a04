#pragma once
// Internal: a plot frame with ticks on one axis only (plot/category_frame.cpp), for the figures
// whose other axis holds categories (a survey's bars) or nothing (the regions' strip).
#include <string>
#include <vector>

#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/svg.hpp"
#include "plot/common.hpp"

namespace limitdir::plot_detail {

/// The frame rectangle at (x, y, w, h) px with the data ranges of `spec` (class "frame", its
/// data-x-range and data-y-range as svg::axes writes them), 1-2-5 ticks and their labels on the
/// `numeric` axis ('x' or 'y') only, and the axis labels of spec (an empty one not written).
svg::Frame category_frame(svg::Document& doc, double x, double y, double w, double h, const svg::AxesSpec& spec,
                          char numeric);

/// The note under a figure's title at 11 px: on screen one line shrunk to the figure's width; in
/// the paper styles wrapped whole (wrapped_text) so that it stays legible in print.
FigureTitle note_layout(const svg::Document& doc, const std::string& note);
/// The room (px) the note's lines beyond the first take.
double note_room(const svg::Document& doc, const FigureTitle& note);
/// Draws the note centred in the figure, its last line's baseline at y.
void draw_note(svg::Document& doc, double y, const FigureTitle& note);

/// The figure's layout around such a frame: `title` (bold) and `note` (note_layout) above it, the
/// legend below it (plot/labels.hpp fit_legend, at most max_legend of the height), the frame
/// filling the rest within the margins (check_room).
svg::Frame titled_category_frame(svg::Document& doc, const svg::AxesSpec& spec, char numeric, const std::string& title,
                                 const std::string& note, const std::vector<svg::LegendItem>& legend);

}  // namespace limitdir::plot_detail
