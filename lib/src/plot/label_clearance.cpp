// Labels kept off drawn curves and placed where a region is widest (plot/labels.hpp, docs/manual.md
// section 11): a curve reserved as short pieces, and a region's label at the cell of the region
// whose label box lies farthest from every occupied box (curves, markers, labels, the area's edge).
#include "limitdir/plot/labels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace limitdir::svg {

namespace {

constexpr double piece = 3.0;  // px: a reserved piece of a curve is at most this long

/// The part of the segment a-b inside `area` (Liang-Barsky), or false when none is.
bool clip(Point& a, Point& b, const Box& area) {
  double t0 = 0.0, t1 = 1.0;
  const double dx = b.first - a.first, dy = b.second - a.second;
  const double p[] = {-dx, dx, -dy, dy};
  const double q[] = {a.first - area.x, area.x + area.w - a.first, a.second - area.y, area.y + area.h - a.second};
  for (int k = 0; k < 4; ++k) {
    if (p[k] == 0.0) {
      if (q[k] < 0.0) return false;
      continue;
    }
    const double t = q[k] / p[k];
    if (p[k] < 0.0) t0 = std::max(t0, t);
    else t1 = std::min(t1, t);
  }
  if (t0 > t1) return false;
  b = {a.first + t1 * dx, a.second + t1 * dy};
  a = {a.first + t0 * dx, a.second + t0 * dy};
  return true;
}

/// The distance (in cells, chamfer 1 and sqrt 2) of each cell of the nx x ny grid from the
/// nearest blocked cell or the grid's edge (a ring of blocked cells around it).
std::vector<double> distances(const std::vector<char>& blocked, int nx, int ny) {
  const double inf = std::numeric_limits<double>::infinity(), diag = std::sqrt(2.0);
  std::vector<double> d(blocked.size(), inf);
  const auto at = [&](int i, int j) { return i < 0 || j < 0 || i >= nx || j >= ny ? 0.0 : d[j * nx + i]; };
  for (std::size_t k = 0; k < blocked.size(); ++k)
    if (blocked[k]) d[k] = 0.0;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
      d[j * nx + i] = std::min({d[j * nx + i], at(i - 1, j) + 1.0, at(i, j - 1) + 1.0, at(i - 1, j - 1) + diag,
                                at(i + 1, j - 1) + diag});
  for (int j = ny - 1; j >= 0; --j)
    for (int i = nx - 1; i >= 0; --i)
      d[j * nx + i] = std::min({d[j * nx + i], at(i + 1, j) + 1.0, at(i, j + 1) + 1.0, at(i + 1, j + 1) + diag,
                                at(i - 1, j + 1) + diag});
  return d;
}

}  // namespace

void reserve_polyline(Document& doc, const std::vector<Point>& pixels, double half_width, const Box& area) {
  for (std::size_t k = 1; k < pixels.size(); ++k) {
    Point a = pixels[k - 1], b = pixels[k];
    if (!std::isfinite(a.first + a.second + b.first + b.second) || !clip(a, b, area)) continue;
    const int n = std::max(1, static_cast<int>(std::ceil(std::hypot(b.first - a.first, b.second - a.second) / piece)));
    for (int i = 0; i < n; ++i) {
      const double x0 = a.first + (b.first - a.first) * i / n, x1 = a.first + (b.first - a.first) * (i + 1) / n;
      const double y0 = a.second + (b.second - a.second) * i / n, y1 = a.second + (b.second - a.second) * (i + 1) / n;
      doc.reserve({std::min(x0, x1) - half_width, std::min(y0, y1) - half_width, std::abs(x1 - x0) + 2.0 * half_width,
                   std::abs(y1 - y0) + 2.0 * half_width});
    }
  }
}

CellGrid::CellGrid(const Box& area_, double cell_)
    : area(area_), cell(cell_), nx(std::max(1, static_cast<int>(area_.w / cell_))),
      ny(std::max(1, static_cast<int>(area_.h / cell_))) {}

Point CellGrid::centre(int i, int j) const { return {area.x + (i + 0.5) * cell, area.y + (j + 0.5) * cell}; }

RegionPlace place_in_region(Document& doc, const CellGrid& grid, const std::vector<char>& inside,
                            std::string_view content, const TextStyle& style) {
  const int nx = grid.nx, ny = grid.ny;
  const auto index = [&](double v, double from, int n) { return std::clamp(static_cast<int>(std::floor((v - from) / grid.cell)), 0, n - 1); };
  std::vector<char> blocked(static_cast<std::size_t>(nx) * ny, 0);
  for (const Box& b : doc.occupied()) {
    if (!intersects(b, grid.area)) continue;
    for (int j = index(b.y, grid.area.y, ny); j <= index(b.y + b.h, grid.area.y, ny); ++j)
      for (int i = index(b.x, grid.area.x, nx); i <= index(b.x + b.w, grid.area.x, nx); ++i) blocked[j * nx + i] = 1;
  }
  const std::vector<double> d = distances(blocked, nx, ny);
  TextStyle s = style;
  s.anchor = "middle";
  TextStyle scaled = s;
  scaled.size *= doc.font_scale();
  const Box probe = text_box(0.0, 0.0, content, scaled);
  const int hx = static_cast<int>(std::ceil(probe.w / 2.0 / grid.cell)), hy = static_cast<int>(std::ceil(probe.h / 2.0 / grid.cell));
  RegionPlace out;
  double farthest = -1.0, best = 0.0;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      if (!inside[j * nx + i]) continue;
      if (d[j * nx + i] > farthest) farthest = d[j * nx + i], out.farthest = grid.centre(i, j);
      double clearance = std::numeric_limits<double>::infinity();  // the least distance under the label's box
      for (int v = j - hy; v <= j + hy && clearance > best; ++v)
        for (int u = i - hx; u <= i + hx; ++u) clearance = std::min(clearance, u < 0 || v < 0 || u >= nx || v >= ny ? 0.0 : d[v * nx + u]);
      if (clearance <= best) continue;
      const auto [x, y] = centred_baseline(grid.centre(i, j), scaled);
      if (!contains(grid.area, text_box(x, y, content, scaled)) || !doc.is_free(text_box(x, y, content, scaled))) continue;
      best = clearance;
      out.written = grid.centre(i, j);
    }
  if (out.written) {
    const auto [x, y] = centred_baseline(*out.written, scaled);
    doc.text(x, y, content, s);
  }
  return out;
}

}  // namespace limitdir::svg
