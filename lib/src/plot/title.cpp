// The figure's title (plot/common.hpp, docs/manual.md section 11, "Titles"): one line shrunk a
// little, else broken into a few even lines; left to the caption in the paper styles unless
// --title asks for it.
#include <algorithm>
#include <string>
#include <vector>

#include "limitdir/plot/labels.hpp"
#include "limitdir/plot/typeset.hpp"
#include "plot/common.hpp"
#include "plot/wrapped_text.hpp"

namespace limitdir::plot_detail {

namespace {

/// The words of `text` grouped into the pieces a line does not break inside: a space beside "="
/// ("N = 2" stays whole) or before "deg" or around "." (typeset reads "25.4 deg", "omega . n").
std::vector<std::string> pieces_of(const std::string& text) {
  std::vector<std::string> pieces;
  std::string previous;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    const bool glued = word == "=" || previous == "=" || word == "deg" || word == "." || previous == ".";
    if (glued && !pieces.empty()) pieces.back() += " " + word;
    else pieces.push_back(word);
    previous = word;
  }
  return pieces;
}

/// The pieces on lines of at most `most` character advances (typeset_advances), filled in order; a
/// piece longer than that stands alone on its line.
std::vector<std::string> lines_of(const std::vector<std::string>& pieces, double most) {
  std::vector<std::string> lines;
  for (const std::string& piece : pieces) {
    if (!lines.empty() && svg::typeset_advances(lines.back() + " " + piece) <= most) lines.back() += " " + piece;
    else lines.push_back(piece);
  }
  return lines;
}

double longest(const std::vector<std::string>& lines) {
  double most = 1.0;
  for (const std::string& line : lines) most = std::max(most, svg::typeset_advances(line));
  return most;
}

/// The pieces on at most n lines whose longest is as short as may be: the least limit of
/// lines_of that gives n lines, by bisection between the longest piece and the whole text.
std::vector<std::string> even_lines(const std::vector<std::string>& pieces, std::size_t n) {
  double lo = longest(pieces), hi = std::max(lo, svg::typeset_advances(lines_of(pieces, 1e300).front()));
  for (int k = 0; k < 60 && hi - lo > 0.01; ++k) {  // advances: a hundredth of a character
    const double mid = 0.5 * (lo + hi);
    (lines_of(pieces, mid).size() <= n ? hi : lo) = mid;
  }
  return lines_of(pieces, hi);
}

/// The least size of `size` in `doc`: title_least_share of it, in the paper styles no less
/// than paper_title_least (the tick labels' size).
double least_size(const svg::Document& doc, double size) {
  const double s = doc.font_scale();
  return std::min(size, doc.paper() ? std::max(title_least_share * size, paper_title_least / s) : title_least_share * size);
}

/// `text` on the fewest lines, up to `most`, that fit `width` at its least size or more; the
/// size the lines take (below the least when `most` lines do not fit).
FigureTitle even_layout(const svg::Document& doc, const std::string& text, double size, double width, bool bold,
                        std::size_t most) {
  const double s = doc.font_scale(), least = least_size(doc, size);
  // the largest size (before the font scale) at which the lines fit the width
  const auto size_for = [&](const std::vector<std::string>& lines) {
    return std::min(size, width / ((bold ? svg::text_advance_bold : svg::text_advance) * s * longest(lines)));
  };
  const std::vector<std::string> pieces = pieces_of(text);
  FigureTitle laid{{text}, size};
  for (std::size_t n = 1; n <= most && !pieces.empty(); ++n) {
    laid.lines = n == 1 ? std::vector<std::string>{text} : even_lines(pieces, n);
    laid.size = size_for(laid.lines);
    if (laid.size >= least) break;
  }
  return laid;
}

}  // namespace

FigureTitle wrapped_text(const svg::Document& doc, const std::string& text, double size, double width, bool bold) {
  const std::size_t pieces = std::max<std::size_t>(1, pieces_of(text).size());
  return even_layout(doc, text, size, width, bold, pieces);  // a piece a line at most: never cut
}

FigureTitle figure_title(svg::Document& doc, const std::string& text, double size) {
  const double s = doc.font_scale(), width = doc.width() - 8.0;
  if (!doc.titled()) {  // left to the caption: the frames take the room of its line
    doc.set_title_room(-title_pitch * size * s);
    return {};
  }
  const double least = least_size(doc, size);
  FigureTitle title = even_layout(doc, text, size, width, true, max_title_lines);
  if (title.size < least) {  // longer than max_title_lines lines at the least size: on screen the last line cut
    title.size = least;
    std::vector<std::string> lines = lines_of(pieces_of(text), width / (svg::text_advance_bold * s * least));
    while (lines.size() > max_title_lines && !doc.paper()) {  // in print never cut: on as many lines as it needs
      lines[lines.size() - 2] += " " + lines.back();
      lines.pop_back();
    }
    if (!doc.paper())
      for (std::string& line : lines) line = svg::fit_text(doc, line, least, width, true, 1.0).content;
    title.lines = lines;
  }
  doc.set_title_room(title_pitch * title.size * s * static_cast<double>(title.lines.size() - 1));
  return title;
}

void draw_title(svg::Document& doc, double y, const FigureTitle& title) {
  const double pitch = title_pitch * title.size * doc.font_scale();
  const std::size_t n = title.lines.size();
  for (std::size_t k = 0; k < n; ++k)
    doc.text(doc.width() / 2.0, y - pitch * static_cast<double>(n - 1 - k), title.lines[k],
             {title.size, "middle", "black", 0.0, true});
}

double centred_text(svg::Document& doc, double y, const std::string& text, double size) {
  if (!doc.paper()) {
    centred_line(doc, y, text, size, false);
    return 0.0;
  }
  const FigureTitle lines = wrapped_text(doc, text, size, doc.width() - 8.0, false);
  const double pitch = 1.25 * lines.size * doc.font_scale();
  for (std::size_t k = 0; k < lines.lines.size(); ++k)
    doc.text(doc.width() / 2.0, y + pitch * static_cast<double>(k), lines.lines[k], {lines.size, "middle"});
  return lines.lines.empty() ? 0.0 : pitch * static_cast<double>(lines.lines.size() - 1);
}

double centred_text_extra(const svg::Document& doc, const std::string& text, double size) {
  svg::Document trial = doc;
  return centred_text(trial, 0.0, text, size);
}

}  // namespace limitdir::plot_detail
