// The spheres of a pile as VTK XML PolyData files and a .pvd index (granular/vtk.hpp; the format:
// VTK User's Guide, "VTK XML File Formats"; docs/manual.md "Output for ParaView: --vtk DIR").
#include "limitdir/granular/vtk.hpp"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

// x as printf's "%.17g" in the C locale (std::to_chars' general format: the same digits, whatever
// the locale): 17 significant digits identify every double, so the text reads back bit for bit.
void append_number(std::string& out, double x) {
  char buffer[32];  // "%.17g" needs at most 24: sign, 17 digits, point, "e-308"
  const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, x, std::chars_format::general, 17);
  out.append(buffer, r.ptr);
}

void append_number(std::string& out, long long n) {
  char buffer[24];  // 19 digits and a sign
  const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, n);
  out.append(buffer, r.ptr);
}

void open_array(std::string& out, const char* type, const char* name, int components) {
  out += "<DataArray type=\"";
  out += type;
  out += "\" Name=\"";
  out += name;
  out += "\" NumberOfComponents=\"";
  append_number(out, static_cast<long long>(components));
  out += "\" format=\"ascii\">\n";
}

const char* const close_array = "</DataArray>\n";

// A Float64 array of 3 components, one tuple a line.
void append_vectors(std::string& out, const char* name, const std::vector<Eigen::Vector3d>& values) {
  open_array(out, "Float64", name, 3);
  for (const Eigen::Vector3d& v : values) {
    for (int i = 0; i < 3; ++i) {
      if (i > 0) out += ' ';
      append_number(out, v[i]);
    }
    out += '\n';
  }
  out += close_array;
}

template <class T>
void append_scalars(std::string& out, const char* type, const char* name, const std::vector<T>& values) {
  open_array(out, type, name, 1);
  for (const T& x : values) {
    append_number(out, x);
    out += '\n';
  }
  out += close_array;
}

void check_lengths(const SphereFrame& frame) {
  const std::size_t n = frame.id.size();
  if (frame.position.size() != n || frame.velocity.size() != n || frame.omega.size() != n || frame.radius.size() != n)
    throw std::invalid_argument("vtp_text: the frame's id, position, velocity, omega and radius differ in length");
}

// The Verts of n points, point k the vertex cell k: connectivity 0 .. n-1 and the cells' end
// offsets 1 .. n (VTK XML stores the end of each cell in the connectivity).
void append_vertex_cells(std::string& out, long long n) {
  out += "<Verts>\n";
  open_array(out, "Int64", "connectivity", 1);
  for (long long k = 0; k < n; ++k) {
    append_number(out, k);
    out += '\n';
  }
  out += close_array;
  open_array(out, "Int64", "offsets", 1);
  for (long long k = 1; k <= n; ++k) {
    append_number(out, k);
    out += '\n';
  }
  out += close_array;
  out += "</Verts>\n";
}

const char* const xml_declaration = "<?xml version=\"1.0\"?>\n";

std::string system_message(int error) { return std::generic_category().message(error); }

// Writes text to path (created or truncated); IoError naming the path on any failure.
void write_file(const std::string& path, const std::string& text) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) throw IoError("cannot write " + path + ": " + system_message(errno));
  const std::size_t written = std::fwrite(text.data(), 1, text.size(), file);
  const int write_error = written == text.size() ? 0 : errno;
  const bool closed = std::fclose(file) == 0;
  const int close_error = errno;
  if (written != text.size()) throw IoError("writing " + path + " failed: " + system_message(write_error));
  if (!closed) throw IoError("writing " + path + " failed: " + system_message(close_error));
}

}  // namespace

std::string vtp_text(const SphereFrame& frame) {
  check_lengths(frame);
  const long long n = static_cast<long long>(frame.id.size());
  std::string out = xml_declaration;
  out += "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\">\n<PolyData>\n<FieldData>\n";
  out += "<DataArray type=\"Float64\" Name=\"TIME\" NumberOfTuples=\"1\" format=\"ascii\">\n";
  append_number(out, frame.t);
  out += '\n';
  out += close_array;
  out += "</FieldData>\n<Piece NumberOfPoints=\"";
  append_number(out, n);
  out += "\" NumberOfVerts=\"";
  append_number(out, n);
  out += "\" NumberOfLines=\"0\" NumberOfStrips=\"0\" NumberOfPolys=\"0\">\n";
  out += "<PointData Scalars=\"radius\" Vectors=\"velocity\">\n";
  append_scalars(out, "Float64", "radius", frame.radius);
  append_vectors(out, "velocity", frame.velocity);
  append_vectors(out, "omega", frame.omega);
  append_scalars(out, "Int64", "id", frame.id);
  out += "</PointData>\n<Points>\n";
  append_vectors(out, "Points", frame.position);
  out += "</Points>\n";
  append_vertex_cells(out, n);
  out += "</Piece>\n</PolyData>\n</VTKFile>\n";
  return out;
}

std::string pvd_text(const std::vector<PvdEntry>& entries) {
  std::string out = xml_declaration;
  out += "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n<Collection>\n";
  for (const PvdEntry& entry : entries) {
    out += "<DataSet timestep=\"";
    append_number(out, entry.t);
    out += "\" group=\"\" part=\"0\" file=\"";
    out += entry.file;
    out += "\"/>\n";
  }
  out += "</Collection>\n</VTKFile>\n";
  return out;
}

std::string vtk_frame_name(long long k) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "pile_%07lld.vtp", k);
  return buffer;
}

VtkSeriesWriter::VtkSeriesWriter(std::string directory) : directory_(std::move(directory)) {
  if (directory_.empty()) throw InputError("the directory of the VTK files is an empty name");
  std::error_code error;
  std::filesystem::create_directories(directory_, error);
  if (error) throw IoError("cannot create the directory " + directory_ + ": " + error.message());
  if (!std::filesystem::is_directory(directory_, error))
    throw IoError("cannot write into " + directory_ + ": not a directory");
  write_index();
}

std::string VtkSeriesWriter::path_of(const std::string& name) const {
  return (std::filesystem::path(directory_) / name).string();
}

void VtkSeriesWriter::write(const SphereFrame& frame) {
  const std::string name = vtk_frame_name(static_cast<long long>(entries_.size()));
  const std::string text = vtp_text(frame);
  write_file(path_of(name), text);
  entries_.push_back({frame.t, name});
  bytes_since_index_ += text.size();
  // the index costs at most the bytes of the frames it newly lists: linear in the frames overall
  if (bytes_since_index_ >= index_bytes_) write_index();
}

void VtkSeriesWriter::finish() {
  if (indexed_ != entries_.size()) write_index();
}

void VtkSeriesWriter::write_index() {
  const std::string path = path_of(vtk_index_name);
  const std::string temporary = path + ".tmp";
  const std::string text = pvd_text(entries_);
  write_file(temporary, text);
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temporary.c_str());
    throw IoError("cannot replace " + path + " by " + temporary + ": " + system_message(error));
  }
  indexed_ = entries_.size();
  bytes_since_index_ = 0;
  index_bytes_ = text.size();
}

}  // namespace limitdir
