// The celt problem file "limitdir.celt/1" (docs/manual.md section 12): strict reading
// (unknown keys, missing keys and out-of-range numbers are one-line InputErrors naming the
// key path), validation, and writing back with every default.
#include <cmath>
#include <fmt/format.h>
#include <set>

#include <Eigen/Eigenvalues>

#include "core/json_text.hpp"
#include "limitdir/celt/celt.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

constexpr const char* kCeltSchema = "limitdir.celt/1";
// B symmetric to rounding of 6-digit data: 1e-12 relative to its largest entry.
constexpr double kSymmetryTol = 1e-12;
// At most 1e6 output samples (~150 bytes each in the report: 150 MB), far beyond a figure.
constexpr double kMaxSamples = 1e6;
// The principal moments of 6-digit data are rounded to ~1e-6 relative; a rod (I1 = 0,
// I2 = I3) or a thin disc (I3 = I1 + I2) meets the bounds below with equality.
constexpr double kInertiaRounding = 1e-6;
// E* = 1/((1 - nu1^2)/E1 + (1 - nu2^2)/E2) <= E_max/(2 (1 - nu^2)) for two bodies of the stiffest
// material, diamond (E = 1.05e12 Pa, nu = 0.1): 5.3e11 Pa; 1e12 Pa bounds every real contact.
constexpr double kMaxEStar = 1e12;

/// Reads the keys of one object of the file, remembering which were read.
class Keys {
 public:
  Keys(const json& v, std::string path) : v_(v), path_(std::move(path)) {
    if (!v_.is_object()) bad(path_, "must be a JSON object", v_);
  }
  [[noreturn]] static void bad(const std::string& path, const std::string& what, const json& got) {
    throw InputError(path + ": " + what + " (got " + detail::show(got) + ")");
  }
  std::string at(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  const json* find(const std::string& key) {
    seen_.insert(key);
    const auto it = v_.find(key);
    return it == v_.end() ? nullptr : &*it;
  }
  const json& need(const std::string& key) {
    const json* v = find(key);
    if (!v) throw InputError(at(key) + ": required key is missing");
    return *v;
  }
  double number(const std::string& key, const json& v) const {
    if (!v.is_number() || !std::isfinite(v.get<double>())) bad(at(key), "must be a finite number", v);
    return v.get<double>();
  }
  double number(const std::string& key) { return number(key, need(key)); }
  std::optional<double> optional(const std::string& key) {
    const json* v = find(key);
    return v ? std::optional<double>(number(key, *v)) : std::nullopt;
  }
  template <int n>
  Eigen::Matrix<double, n, 1> vector(const std::string& key) {
    const json& v = need(key);
    if (!v.is_array() || v.size() != n) bad(at(key), fmt::format("must be an array of {} numbers", n), v);
    Eigen::Matrix<double, n, 1> out;
    for (int i = 0; i < n; ++i) out[i] = number(key, v[static_cast<std::size_t>(i)]);
    return out;
  }
  void done() const {
    for (const auto& item : v_.items())
      if (!seen_.count(item.key())) throw InputError(at(item.key()) + ": unknown key");
  }

 private:
  const json& v_;
  std::string path_;
  std::set<std::string> seen_;
};

void read_body(Keys k, CeltBody& body) {
  body.m = k.number("mass");
  body.g = k.number("g");
  body.axes = k.vector<3>("semi_axes");
  const json& B = k.need("inertia");
  if (!B.is_array() || B.size() != 3) Keys::bad(k.at("inertia"), "must be a 3 x 3 array of numbers", B);
  for (int i = 0; i < 3; ++i) {
    const json& row = B[static_cast<std::size_t>(i)];
    if (!row.is_array() || row.size() != 3) Keys::bad(k.at("inertia"), "must be a 3 x 3 array of numbers", B);
    for (int j = 0; j < 3; ++j) body.B(i, j) = k.number("inertia", row[static_cast<std::size_t>(j)]);
  }
  body.k = k.vector<3>("k");
  k.done();
}

void read_contact(Keys k, CeltContact& c) {
  const json& model = k.need("model");
  if (!model.is_string()) Keys::bad(k.at("model"), "must be one of W1, O, P1', P3', P1", model);
  c = celt_paper_contact(celt_model_from_name(model.get<std::string>(), k.at("model")));
  const auto set = [&](const char* key, double& target) {
    if (const auto x = k.optional(key)) target = *x;
  };
  set("mu", c.mu), set("k_r", c.k_r), set("E_star", c.E_star), set("epsilon", c.epsilon);
  const auto a_hat = k.optional("a_hat"), b = k.optional("b");
  if (a_hat.has_value() != b.has_value())
    throw InputError(k.at(a_hat ? "b" : "a_hat") + ": give both a_hat and b (a fixed contact size), or neither");
  if (a_hat) c.a_hat = a_hat, c.b = b;
  for (const char* key : {"S0", "S2", "S3"}) {
    if (k.optional(key) && c.model == CeltModel::W1)
      throw InputError(k.at(key) + ": not with the model W1 (its moments are those of the Hertz pressure)");
  }
  set("S0", c.S0), set("S2", c.S2), set("S3", c.S3);
  k.done();
}

/// The inertia about C against the body it describes (each a one-line InputError): the
/// principal moments obey the triangle inequality I_i <= I_j + I_k (I_j + I_k - I_i = 2 int x_i^2
/// dm >= 0), and none exceeds m r_max^2, r_max = max_i a_i + |k| bounding the distance from C
/// of every point of the ellipsoid (I_e = int |x - (x.e) e|^2 dm <= int |x|^2 dm).
void check_inertia_against_body(const CeltProblem& p) {
  const CeltBody& b = p.body;
  const Eigen::Vector3d I = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(b.B).eigenvalues();  // ascending
  if (I[2] > (I[0] + I[1]) * (1.0 + kInertiaRounding))
    throw InputError(fmt::format("{}: body.inertia: the principal moments {:g}, {:g}, {:g} kg m^2 break the triangle "
                                 "inequality I3 <= I1 + I2 of a rigid body", p.source, I[0], I[1], I[2]));
  const double r_max = b.axes.maxCoeff() + b.k.norm();
  if (I[2] > b.m * r_max * r_max * (1.0 + kInertiaRounding))
    throw InputError(fmt::format("{}: body.inertia: a principal moment of {:g} kg m^2 exceeds m r_max^2 = {:g} kg m^2 "
                                 "of a {:g} kg body within r_max = {:g} m of C (max semi-axis + |k|)",
                                 p.source, I[2], b.m * r_max * r_max, b.m, r_max));
}

}  // namespace

void celt_validate(const CeltProblem& p) {
  const auto need = [&](bool ok, const std::string& what) {
    if (!ok) throw InputError(p.source + ": " + what);
  };
  const CeltBody& b = p.body;
  need(b.m > 0 && b.g > 0, "body.mass and body.g must be > 0");
  need((b.axes.array() > 0).all(), "body.semi_axes must be > 0");
  need(b.B.allFinite() && b.k.allFinite(), "body.inertia and body.k must be finite");
  need((b.B - b.B.transpose()).cwiseAbs().maxCoeff() <= kSymmetryTol * b.B.cwiseAbs().maxCoeff(),
       "body.inertia must be symmetric");
  need(Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(b.B).eigenvalues().minCoeff() > 0,
       "body.inertia must be positive definite");
  check_inertia_against_body(p);
  need((b.k.array().square() / b.axes.array().square()).sum() < 1.0, "body.k: the centre of mass must lie inside the ellipsoid");
  const CeltContact& c = p.contact;
  need(c.mu >= 0, "contact.mu must be >= 0");
  need(c.k_r >= 0 && c.k_r <= 1, "contact.k_r must be in [0, 1] (non-negative pressure (4))");
  need(c.E_star > 0 && c.epsilon > 0, "contact.E_star and contact.epsilon must be > 0");
  need(c.E_star <= kMaxEStar, fmt::format("contact.E_star must be <= {:g} Pa (diamond on diamond; got {:g} Pa)", kMaxEStar, c.E_star));
  need(c.S0 >= 0 && c.S2 >= 0 && c.S3 >= 0, "contact.S0, S2, S3 must be >= 0");
  if (c.a_hat) need(*c.a_hat > 0 && *c.b > 0 && *c.b <= 1, "contact.a_hat must be > 0 and contact.b in (0, 1]");
  need(c.a_hat || std::abs(b.axes[1] - b.axes[2]) <= 1e-12 * b.axes[1],
       "body.semi_axes: the Hertz size (11) needs a2 = a3; give contact.a_hat and contact.b");
  const CeltInitial& i = p.initial;
  // an angle beyond a full turn is almost surely in degrees (system/problem.cpp kMaxAngle)
  need(!(std::abs(i.tilt_x) > 2 * M_PI || std::abs(i.tilt_y) > 2 * M_PI),
       fmt::format("initial.tilt looks like degrees; give radians (got {:g}, {:g})", i.tilt_x, i.tilt_y));
  need(std::abs(i.tilt_x) < M_PI / 2 && std::abs(i.tilt_y) < M_PI / 2 && i.omega.allFinite(),
       "initial.tilt must be in (-pi/2, pi/2) and initial.omega finite");
  const CeltStepping& s = p.stepping;
  need(s.t_end > 0 && s.dt > 0 && s.dt <= s.t_end, "time.t_end and time.dt must be > 0 with dt <= t_end");
  need(s.t_end / s.dt <= kMaxSamples, fmt::format("time: at most {:.0e} samples (t_end/dt)", kMaxSamples));
  need(s.tolerance >= celt_min_tolerance && s.tolerance <= 1e-3,
       fmt::format("time.tolerance must be in [{:g}, 1e-3] (got {:g})", celt_min_tolerance, s.tolerance));
}

CeltProblem parse_celt_problem(const json& document, const std::string& source) {
  CeltProblem p;
  p.source = source;
  Keys top(document, "");
  const json& schema = top.need("schema");
  if (schema != kCeltSchema) Keys::bad(source + ": schema", std::string("must be \"") + kCeltSchema + "\"", schema);
  if (const json* name = top.find("name")) {
    if (!name->is_string()) Keys::bad(source + ": name", "must be a string", *name);
    p.name = name->get<std::string>();
  }
  try {
    read_body(Keys(top.need("body"), "body"), p.body);
    read_contact(Keys(top.need("contact"), "contact"), p.contact);
    Keys init(top.need("initial"), "initial");
    const Eigen::Vector2d tilt = init.vector<2>("tilt");
    p.initial.tilt_x = tilt[0], p.initial.tilt_y = tilt[1];
    p.initial.omega = init.vector<3>("omega");
    init.done();
    Keys time(top.need("time"), "time");
    p.stepping.t_end = time.number("t_end");
    p.stepping.dt = time.number("dt");
    if (const auto tol = time.optional("tolerance")) p.stepping.tolerance = *tol;
    if (const json* method = time.find("method")) {
      if (*method == "dopri5") p.stepping.method = CeltMethod::dopri5;
      else if (*method == "rosenbrock4") p.stepping.method = CeltMethod::rosenbrock4;
      else Keys::bad(time.at("method"), "must be \"dopri5\" or \"rosenbrock4\"", *method);
    }
    time.done();
    top.done();
  } catch (const InputError& e) {
    throw InputError(source + ": " + e.what());
  }
  celt_validate(p);
  return p;
}

CeltProblem load_celt_problem(const std::string& path) {
  return parse_celt_problem(parse_json_input(read_input(path), path), path);
}

json celt_problem_to_json(const CeltProblem& p) {
  const CeltBody& b = p.body;
  const CeltContact& c = p.contact;
  json inertia = json::array();
  for (int i = 0; i < 3; ++i) inertia.push_back({b.B(i, 0), b.B(i, 1), b.B(i, 2)});
  json contact = {{"model", celt_model_name(c.model)}, {"mu", c.mu}, {"k_r", c.k_r}, {"E_star", c.E_star},
                  {"epsilon", c.epsilon}};
  if (c.a_hat) contact["a_hat"] = *c.a_hat, contact["b"] = *c.b;
  if (c.model != CeltModel::W1) contact["S0"] = c.S0, contact["S2"] = c.S2, contact["S3"] = c.S3;
  return {{"schema", kCeltSchema},
          {"name", p.name},
          {"body", {{"mass", b.m}, {"g", b.g}, {"semi_axes", {b.axes[0], b.axes[1], b.axes[2]}}, {"inertia", inertia},
                    {"k", {b.k[0], b.k[1], b.k[2]}}}},
          {"contact", contact},
          {"initial", {{"tilt", {p.initial.tilt_x, p.initial.tilt_y}},
                       {"omega", {p.initial.omega[0], p.initial.omega[1], p.initial.omega[2]}}}},
          {"time", {{"t_end", p.stepping.t_end}, {"dt", p.stepping.dt}, {"tolerance", p.stepping.tolerance},
                    {"method", p.stepping.method == CeltMethod::dopri5 ? "dopri5" : "rosenbrock4"}}}};
}

}  // namespace limitdir
