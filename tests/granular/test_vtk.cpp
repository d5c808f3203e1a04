// The pile's files for ParaView (granular/vtk.hpp, docs/manual.md "Output for ParaView: --vtk DIR"):
// the VTK XML PolyData of a frame and the .pvd index of a series. The files are read back by a
// small XML reader of this test (independent of the writer: it tokenises the text and converts
// numbers with strtod/strtoll), and the numbers compared with the frame's bit for bit.
#include <doctest/doctest.h>

#include <cctype>
#include <cerrno>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include "limitdir/core/errors.hpp"
#include "limitdir/granular/vtk.hpp"

namespace test_vtk {  // this file's own names (tests/CMakeLists.txt: a unity build)

using limitdir::SphereFrame;

namespace {

// ---- a minimal XML reader: elements, attributes in double quotes, text; no entities ----------

struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;
  std::vector<Element> children;
};

class XmlReader {
 public:
  explicit XmlReader(const std::string& text) : s_(text) {}

  Element document() {
    skip_space();
    if (s_.compare(i_, 5, "<?xml") == 0) {
      const std::size_t end = s_.find("?>", i_);
      if (end == std::string::npos) fail("unterminated XML declaration");
      i_ = end + 2;
    }
    skip_space();
    Element root = element();
    skip_space();
    if (i_ != s_.size()) fail("text after the root element");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("XML at byte " + std::to_string(i_) + ": " + what);
  }
  void skip_space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  void expect(char c) {
    if (i_ >= s_.size() || s_[i_] != c) fail(std::string("expected '") + c + "'");
    ++i_;
  }
  std::string name() {
    const std::size_t start = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) ++i_;
    if (i_ == start) fail("expected a name");
    return s_.substr(start, i_ - start);
  }
  std::string quoted() {
    expect('"');
    const std::size_t end = s_.find('"', i_);
    if (end == std::string::npos) fail("unterminated attribute value");
    std::string value = s_.substr(i_, end - i_);
    if (value.find_first_of("<&") != std::string::npos) fail("'<' or '&' in an attribute value");
    i_ = end + 1;
    return value;
  }
  Element element() {
    expect('<');
    Element e;
    e.name = name();
    for (;;) {
      skip_space();
      if (i_ < s_.size() && s_[i_] == '/') {
        ++i_;
        expect('>');
        return e;
      }
      if (i_ < s_.size() && s_[i_] == '>') break;
      const std::string key = name();
      expect('=');
      if (!e.attributes.emplace(key, quoted()).second) fail("attribute " + key + " twice");
    }
    ++i_;
    for (;;) {
      const std::size_t lt = s_.find('<', i_);
      if (lt == std::string::npos) fail("unterminated element " + e.name);
      e.text += s_.substr(i_, lt - i_);
      i_ = lt;
      if (s_.compare(i_, 2, "</") == 0) break;
      e.children.push_back(element());
    }
    if (e.text.find('&') != std::string::npos) fail("'&' in the text of " + e.name);
    i_ += 2;
    if (name() != e.name) fail("mismatched end tag of " + e.name);
    skip_space();
    expect('>');
    return e;
  }

  const std::string& s_;
  std::size_t i_ = 0;
};

Element parse(const std::string& text) { return XmlReader(text).document(); }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in, "cannot open " << path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The children of e named `name`.
std::vector<const Element*> children(const Element& e, const std::string& name) {
  std::vector<const Element*> found;
  for (const Element& c : e.children)
    if (c.name == name) found.push_back(&c);
  return found;
}

const Element& only_child(const Element& e, const std::string& name) {
  const std::vector<const Element*> found = children(e, name);
  REQUIRE_MESSAGE(found.size() == 1, e.name << " has " << found.size() << " <" << name << "> children");
  return *found[0];
}

// The DataArray of e with Name="name".
const Element& data_array(const Element& e, const std::string& name) {
  for (const Element* a : children(e, "DataArray"))
    if (a->attributes.at("Name") == name) return *a;
  FAIL("no DataArray named " << name << " in " << e.name);
  throw std::logic_error("unreachable");
}

std::vector<std::string> tokens(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string token; in >> token;) out.push_back(token);
  return out;
}

double to_double(const std::string& token) {
  char* end = nullptr;
  const double x = std::strtod(token.c_str(), &end);
  REQUIRE_MESSAGE(*end == '\0', "not a number: " << token);
  return x;
}

long long to_integer(const std::string& token) {
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(token.c_str(), &end, 10);
  REQUIRE_MESSAGE((*end == '\0' && errno == 0), "not an integer: " << token);
  return n;
}

std::vector<double> doubles(const Element& array) {
  std::vector<double> out;
  for (const std::string& t : tokens(array.text)) out.push_back(to_double(t));
  return out;
}

std::vector<long long> integers(const Element& array) {
  std::vector<long long> out;
  for (const std::string& t : tokens(array.text)) out.push_back(to_integer(t));
  return out;
}

std::uint64_t bits(double x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// ---- frames -----------------------------------------------------------------------------------

// A finite double of any exponent: random bit patterns (subnormals, huge and tiny values, both
// signs), drawn again while not finite.
double any_double(std::mt19937_64& rng) {
  for (;;) {
    const std::uint64_t b = rng();
    double x = 0.0;
    std::memcpy(&x, &b, sizeof x);
    if (std::isfinite(x)) return x;
  }
}

SphereFrame random_frame(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  SphereFrame f;
  f.t = any_double(rng);
  for (std::size_t k = 0; k < n; ++k) {
    f.id.push_back(static_cast<long long>(rng() >> 1) - (k % 2 == 0 ? 0 : LLONG_MAX));
    f.position.emplace_back(any_double(rng), any_double(rng), any_double(rng));
    f.velocity.emplace_back(any_double(rng), any_double(rng), any_double(rng));
    f.omega.emplace_back(any_double(rng), any_double(rng), any_double(rng));
    f.radius.push_back(any_double(rng));
  }
  return f;
}

// The values that a shortest or a fixed-point printing gets wrong, at the front of the frame.
SphereFrame edge_frame() {
  SphereFrame f = random_frame(3, 7);
  f.t = 0.1;
  f.id = {0, LLONG_MAX, LLONG_MIN};
  f.position[0] = {-0.0, DBL_TRUE_MIN, -DBL_MAX};
  f.velocity[0] = {DBL_MIN, 1.0 / 3.0, 1e23};
  f.omega[0] = {-DBL_MIN * (1 - DBL_EPSILON), 9007199254740993.0, 5e-324};
  f.radius[0] = 0.01;
  return f;
}

// The Piece's point data of array `name` as tuples of `components` doubles.
std::vector<std::vector<double>> tuples(const Element& array, int components) {
  CHECK(array.attributes.at("type") == "Float64");
  CHECK(array.attributes.at("NumberOfComponents") == std::to_string(components));
  const std::vector<double> flat = doubles(array);
  REQUIRE(flat.size() % components == 0);
  std::vector<std::vector<double>> out;
  for (std::size_t i = 0; i < flat.size(); i += components)
    out.emplace_back(flat.begin() + static_cast<long>(i), flat.begin() + static_cast<long>(i) + components);
  return out;
}

void check_vectors(const Element& array, const std::vector<Eigen::Vector3d>& expected) {
  const std::vector<std::vector<double>> read = tuples(array, 3);
  REQUIRE(read.size() == expected.size());
  for (std::size_t k = 0; k < read.size(); ++k)
    for (int i = 0; i < 3; ++i) CHECK(bits(read[k][i]) == bits(expected[k][i]));
}

// The document of a .vtp file read back equals the frame bit for bit: the structure ParaView
// expects (a PolyData with one Piece, one vertex cell per point) and every number.
void check_vtp(const std::string& text, const SphereFrame& frame) {
  const Element root = parse(text);
  CHECK(root.name == "VTKFile");
  CHECK(root.attributes.at("type") == "PolyData");
  const Element& poly = only_child(root, "PolyData");
  const Element& time = data_array(only_child(poly, "FieldData"), "TIME");
  CHECK(time.attributes.at("NumberOfTuples") == "1");
  const std::vector<double> t = doubles(time);
  REQUIRE(t.size() == 1);
  CHECK(bits(t[0]) == bits(frame.t));
  const Element& piece = only_child(poly, "Piece");
  const std::size_t n = frame.id.size();
  CHECK(piece.attributes.at("NumberOfPoints") == std::to_string(n));
  CHECK(piece.attributes.at("NumberOfVerts") == std::to_string(n));
  check_vectors(data_array(only_child(piece, "Points"), "Points"), frame.position);
  const Element& point_data = only_child(piece, "PointData");
  check_vectors(data_array(point_data, "velocity"), frame.velocity);
  check_vectors(data_array(point_data, "omega"), frame.omega);
  const std::vector<std::vector<double>> radius = tuples(data_array(point_data, "radius"), 1);
  REQUIRE(radius.size() == n);
  for (std::size_t k = 0; k < n; ++k) CHECK(bits(radius[k][0]) == bits(frame.radius[k]));
  const Element& id = data_array(point_data, "id");
  CHECK(id.attributes.at("type") == "Int64");
  CHECK(integers(id) == frame.id);
  // vertex cell k holds point k: connectivity 0..n-1, end offsets 1..n
  const Element& verts = only_child(piece, "Verts");
  std::vector<long long> connectivity(n), offsets(n);
  for (std::size_t k = 0; k < n; ++k) {
    connectivity[k] = static_cast<long long>(k);
    offsets[k] = static_cast<long long>(k + 1);
  }
  CHECK(integers(data_array(verts, "connectivity")) == connectivity);
  CHECK(integers(data_array(verts, "offsets")) == offsets);
}

// The DataSets of a .pvd: (timestep, file) in order.
std::vector<std::pair<double, std::string>> pvd_entries(const std::string& text) {
  const Element root = parse(text);
  CHECK(root.name == "VTKFile");
  CHECK(root.attributes.at("type") == "Collection");
  std::vector<std::pair<double, std::string>> out;
  for (const Element* d : children(only_child(root, "Collection"), "DataSet"))
    out.emplace_back(to_double(d->attributes.at("timestep")), d->attributes.at("file"));
  return out;
}

/// A fresh directory, removed with what it holds at the end of the test case.
struct TempDir {
  std::string dir;
  TempDir() {
    char name[] = "/tmp/limitdir_test_vtk_XXXXXX";
    REQUIRE(::mkdtemp(name) != nullptr);
    dir = name;
  }
  ~TempDir() { std::filesystem::remove_all(dir); }
  std::string operator()(const std::string& name) const { return dir + "/" + name; }
};

// The message of the IoError `run` throws (empty if it throws none).
template <class F>
std::string io_error_of(F run) {
  try {
    run();
  } catch (const limitdir::IoError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("vtp_text: every number of a frame reads back bit for bit, with NumberOfPoints and a vertex per point") {
  check_vtp(limitdir::vtp_text(edge_frame()), edge_frame());
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const SphereFrame frame = random_frame(static_cast<std::size_t>(seed * 13), seed);
    check_vtp(limitdir::vtp_text(frame), frame);
  }
}

TEST_CASE("vtp_text: zero spheres give a valid file with NumberOfPoints 0, empty arrays and the time") {
  SphereFrame empty;
  empty.t = 2.5;
  const std::string text = limitdir::vtp_text(empty);
  check_vtp(text, empty);
}

TEST_CASE("vtp_text: a frame whose vectors differ in length is refused") {
  SphereFrame frame = random_frame(4, 3);
  frame.omega.pop_back();
  CHECK_THROWS_AS(limitdir::vtp_text(frame), std::invalid_argument);
}

TEST_CASE("vtk_frame_name: pile_ then the frame's index zero-padded to 7 digits, then .vtp") {
  CHECK(limitdir::vtk_frame_name(0) == "pile_0000000.vtp");
  CHECK(limitdir::vtk_frame_name(3) == "pile_0000003.vtp");
  CHECK(limitdir::vtk_frame_name(1234567) == "pile_1234567.vtp");
  CHECK(limitdir::vtk_frame_name(12345678) == "pile_12345678.vtp");
}

TEST_CASE("VtkSeriesWriter: a missing directory is created, each frame goes to its file and pile.pvd lists every frame with its time, in order") {
  const TempDir temp;
  const std::string dir = temp("out/nested");
  std::vector<SphereFrame> frames;
  limitdir::VtkSeriesWriter writer(dir);
  for (std::size_t k = 0; k < 30; ++k) {
    frames.push_back(random_frame(k % 4, 100 + k));  // 0 to 3 spheres, zero included
    frames.back().t = 0.05 * static_cast<double>(k);
    writer.write(frames.back());
  }
  writer.finish();
  CHECK(writer.frames() == frames.size());
  const std::vector<std::pair<double, std::string>> entries = pvd_entries(read_file(dir + "/pile.pvd"));
  REQUIRE(entries.size() == frames.size());
  for (std::size_t k = 0; k < frames.size(); ++k) {
    CHECK(bits(entries[k].first) == bits(frames[k].t));
    CHECK(entries[k].second == limitdir::vtk_frame_name(static_cast<long long>(k)));  // relative to the .pvd
    check_vtp(read_file(dir + "/" + entries[k].second), frames[k]);
  }
  CHECK_FALSE(std::filesystem::exists(dir + "/pile.pvd.tmp"));
}

TEST_CASE("VtkSeriesWriter: after every write pile.pvd is a whole index of frames already complete, and finish lists them all") {
  const TempDir temp;
  limitdir::VtkSeriesWriter writer(temp.dir);
  CHECK(pvd_entries(read_file(temp("pile.pvd"))).empty());
  std::vector<SphereFrame> frames;
  std::size_t listed_before = 0;
  int lagging = 0;  // writes after which the index does not list the last frame yet
  for (std::size_t k = 0; k < 200; ++k) {
    frames.push_back(random_frame(1, k));
    frames.back().t = static_cast<double>(k);
    writer.write(frames.back());
    const std::vector<std::pair<double, std::string>> entries = pvd_entries(read_file(temp("pile.pvd")));
    CHECK(entries.size() >= listed_before);
    CHECK(entries.size() <= frames.size());
    CHECK(entries.size() >= 1);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      CHECK(bits(entries[i].first) == bits(frames[i].t));
      check_vtp(read_file(temp(entries[i].second)), frames[i]);
    }
    listed_before = entries.size();
    if (entries.size() < frames.size()) ++lagging;
  }
  // one-sphere frames (~1.2 kB) against an index of up to 200 entries (~75 B each): the
  // linear-cost rule skips rewrites, so the index lags after some writes
  CHECK(lagging > 0);
  writer.finish();
  CHECK(pvd_entries(read_file(temp("pile.pvd"))).size() == frames.size());
}

TEST_CASE("VtkSeriesWriter: a new series replaces the index of an earlier one in the same directory") {
  const TempDir temp;
  {
    limitdir::VtkSeriesWriter first(temp.dir);
    for (int k = 0; k < 3; ++k) first.write(random_frame(2, static_cast<std::uint64_t>(k)));
    first.finish();
  }
  limitdir::VtkSeriesWriter second(temp.dir);
  CHECK(pvd_entries(read_file(temp("pile.pvd"))).empty());
  second.write(random_frame(1, 9));
  second.finish();
  CHECK(pvd_entries(read_file(temp("pile.pvd"))).size() == 1);
}

TEST_CASE("VtkSeriesWriter: a directory that cannot be made or written is an IoError naming the path") {
  const TempDir temp;
  std::ofstream(temp("a-file")) << "not a directory\n";
  // (the tests may run as root, whom file modes do not stop: the other failures come from the file tree)
  SUBCASE("a directory under a regular file") {
    const std::string dir = temp("a-file/out");
    const std::string message = io_error_of([&] { limitdir::VtkSeriesWriter writer(dir); });
    CHECK(message.find(dir) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
  SUBCASE("a regular file given as the directory") {
    const std::string message = io_error_of([&] { limitdir::VtkSeriesWriter writer(temp("a-file")); });
    CHECK(message.find(temp("a-file")) != std::string::npos);
  }
  SUBCASE("a directory without write permission (for a user other than root, whom modes do not stop)") {
    std::filesystem::create_directories(temp("read-only"));
    using std::filesystem::perms;
    std::filesystem::permissions(temp("read-only"), perms::owner_read | perms::owner_exec);
    if (::geteuid() != 0) {
      const std::string message = io_error_of([&] { limitdir::VtkSeriesWriter writer(temp("read-only")); });
      CHECK(message.find(temp("read-only/pile.pvd")) != std::string::npos);
    }
    std::filesystem::permissions(temp("read-only"), perms::owner_all);
  }
  SUBCASE("a frame's file that cannot be opened") {
    std::filesystem::create_directories(temp("out/pile_0000000.vtp"));
    limitdir::VtkSeriesWriter writer(temp("out"));
    const std::string message = io_error_of([&] { writer.write(random_frame(2, 1)); });
    CHECK(message.find(temp("out/pile_0000000.vtp")) != std::string::npos);
  }
  SUBCASE("an index that cannot be replaced") {
    std::filesystem::create_directories(temp("out/pile.pvd/in-the-way"));
    const std::string message = io_error_of([&] { limitdir::VtkSeriesWriter writer(temp("out")); });
    CHECK(message.find(temp("out/pile.pvd")) != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(temp("out/pile.pvd.tmp")));
  }
}

}  // namespace test_vtk
