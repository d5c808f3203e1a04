#pragma once
// The spheres of a pile as files for ParaView (`pile --vtk DIR`, docs/manual.md "Output for
// ParaView: --vtk DIR"): one VTK XML PolyData file (.vtp) per output step and a ParaView data
// collection (.pvd) indexing them by time. Written as ASCII XML without the VTK library (the
// format: VTK User's Guide, "VTK XML File Formats"); every floating-point number as printf's
// "%.17g" (17 significant digits, locale-independent), so that it reads back bit for bit.
#include <Eigen/Core>
#include <cstddef>
#include <string>
#include <vector>

namespace limitdir {

/// The spheres present at time t (issue 36): sphere k has id[k], its centre position[k] (m),
/// velocity[k] (m/s), angular velocity omega[k] (rad/s) and radius[k] (m). All five vectors have
/// the same length (0: no sphere yet).
struct SphereFrame {
  double t = 0.0;
  std::vector<long long> id;  ///< index of the sphere in the births
  std::vector<Eigen::Vector3d> position, velocity, omega;
  std::vector<double> radius;
};

/// One frame as a VTK XML PolyData document: a Piece with one point per sphere (its centre), one
/// vertex cell per point (Verts, so that ParaView shows the points without a filter), the point
/// arrays "radius" (Float64), "velocity" and "omega" (Float64, 3 components), "id" (Int64), and
/// the field array TIME (Float64, one value: t). Zero spheres give a valid empty Piece. Throws
/// std::invalid_argument if the frame's vectors differ in length.
std::string vtp_text(const SphereFrame& frame);

/// One dataset of a .pvd collection: the time step and the file name relative to the .pvd.
struct PvdEntry {
  double t = 0.0;
  std::string file;
};

/// A ParaView data collection (VTKFile type="Collection") listing the entries in order, each as
/// <DataSet timestep="t" group="" part="0" file="..."/>. The file names must need no XML escaping
/// (vtk_frame_name's do not).
std::string pvd_text(const std::vector<PvdEntry>& entries);

/// The name of frame k's file: "pile_" then k zero-padded to 7 digits, then ".vtp"
/// (frame 3: "pile_0000003.vtp"; from 10^7 on, all of k's digits).
std::string vtk_frame_name(long long k);

/// The name of the series' index in the directory: "pile.pvd".
inline constexpr const char* vtk_index_name = "pile.pvd";

/// Writes a series of frames into a directory: frame k (0, 1, ... in the order of write) to
/// DIR/vtk_frame_name(k) and the index DIR/pile.pvd, which lists the frames written with their
/// times, in order. The index is replaced atomically (written to DIR/pile.pvd.tmp, then renamed
/// over pile.pvd) and only after the frames it names are complete, so a reader sees either the
/// previous index or the new one, never half of one nor a frame being written. To keep the cost
/// of the index linear in the number of frames, it is rewritten after a frame only once the frame
/// files written since its last rewrite hold at least as many bytes as it does (with 250 spheres,
/// after every frame up to ~1000 frames); finish() writes it whatever that rule says. Files of an
/// earlier series in the directory beyond the frames written are left in place, unlisted.
/// Every I/O failure throws IoError with a one-line message naming the path.
class VtkSeriesWriter {
 public:
  /// Creates the directory (and its parents) if missing, and writes an empty index in it (so the
  /// index of an earlier series in the directory is no longer read with the new frames).
  explicit VtkSeriesWriter(std::string directory);
  /// Writes the next frame's file, then the index if due (see the class comment).
  void write(const SphereFrame& frame);
  /// Writes the index listing every frame written so far (call it at the end of the series).
  void finish();
  /// The number of frames written.
  std::size_t frames() const { return entries_.size(); }
  const std::string& directory() const { return directory_; }

 private:
  void write_index();
  std::string path_of(const std::string& name) const;

  std::string directory_;
  std::vector<PvdEntry> entries_;
  std::size_t indexed_ = 0;           // entries listed by the index on disk
  std::size_t bytes_since_index_ = 0;  // bytes of the frame files written since its last rewrite
  std::size_t index_bytes_ = 0;       // size of the index on disk
};

}  // namespace limitdir
