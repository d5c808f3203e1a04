// Writing a figure (plot/plot.hpp, docs/manual.md section 11): the SVG as it is, or rendered
// in-process to PDF or PNG by librsvg (the SVG renderer of GNOME, Debian's librsvg2) onto a cairo
// surface - a well-kept renderer instead of a PDF or PNG writer of our own.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>

#include <cairo-pdf.h>
#include <cairo.h>
#include <librsvg/rsvg.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/plot/plot.hpp"

namespace limitdir {

namespace {

/// cairo's write callback: appends to the std::string behind `closure`.
cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

/// Draws `svg` onto `cr` at 1 user unit per pixel of its width x height; InputError when librsvg
/// cannot read it (plot's own SVG always can).
void render(const std::string& svg, cairo_t* cr, int width, int height) {
  GError* error = nullptr;
  std::unique_ptr<RsvgHandle, void (*)(gpointer)> handle(
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &error), g_object_unref);
  const auto fail = [&](const char* what) {
    const std::string why = error != nullptr ? error->message : "unknown error";
    if (error != nullptr) g_error_free(error);
    throw InputError(std::string("--output: librsvg ") + what + ": " + why);
  };
  if (!handle) fail("cannot read the figure");
  const RsvgRectangle viewport{0.0, 0.0, static_cast<double>(width), static_cast<double>(height)};
  if (!rsvg_handle_render_document(handle.get(), cr, &viewport, &error)) fail("cannot render the figure");
}

/// The figure as a PDF document of one width x height pt page (1 px = 1 pt), or a width x
/// height PNG on white.
std::string rendered(const std::string& svg, FigureFormat format, int width, int height) {
  std::string bytes;
  cairo_surface_t* surface =
      format == FigureFormat::pdf
          ? cairo_pdf_surface_create_for_stream(append, &bytes, width, height)
          : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  std::unique_ptr<cairo_surface_t, void (*)(cairo_surface_t*)> owner(surface, cairo_surface_destroy);
  std::unique_ptr<cairo_t, void (*)(cairo_t*)> cr(cairo_create(surface), cairo_destroy);
  if (format == FigureFormat::png) {  // journals' and viewers' background, as the SVG's own white rectangle
    cairo_set_source_rgb(cr.get(), 1.0, 1.0, 1.0);
    cairo_paint(cr.get());
  }
  render(svg, cr.get(), width, height);
  cr.reset();
  if (format == FigureFormat::pdf) cairo_surface_finish(surface);
  else if (cairo_surface_write_to_png_stream(surface, append, &bytes) != CAIRO_STATUS_SUCCESS)
    throw IoError("--output: cairo cannot encode the PNG");
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS)
    throw IoError(std::string("--output: cairo: ") + cairo_status_to_string(cairo_surface_status(surface)));
  return bytes;
}

}  // namespace

FigureFormat figure_format(const std::string& path) {
  const std::size_t dot = path.rfind('.');
  std::string extension = dot == std::string::npos ? "" : path.substr(dot + 1);
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == "svg") return FigureFormat::svg;
  if (extension == "pdf") return FigureFormat::pdf;
  if (extension == "png") return FigureFormat::png;
  throw InputError("--output: the file name must end in .svg, .pdf or .png (got \"" + path + "\")");
}

void write_figure(const std::string& svg, const std::string& path, int width, int height) {
  const FigureFormat format = figure_format(path);
  const std::string bytes = format == FigureFormat::svg ? svg : rendered(svg, format, width, height);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw InputError("--output: cannot write " + path + " (" + std::strerror(errno) + ")");
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw IoError("--output: writing " + path + " failed");
}

}  // namespace limitdir
