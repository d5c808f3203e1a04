#pragma once
// Internal: what the reading of the problem file (docs/manual.md section 4), its command-line
// overrides, its writing back and the friction models built from it share: the locations of
// messages (Loc), the values read by both the file and the overrides, and the checks of the
// friction model a problem asks for against its contact.
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir::detail {

inline constexpr const char* kProblemSchema = "limitdir.problem/1";
// The largest harmonic degree accepted. The model itself works for any N (its Chebyshev form
// is stable; N = 400 has been checked), but the monomial coefficients C_i, S_i of (85) grow
// like 4^N and would overflow a double beyond N ~ 500.
inline constexpr int kMaxHarmonicDegree = 400;

inline bool takes_degree(const std::string& name) { return name == "harmonic" || name == "sphere-harmonic"; }

/// The scalar options of the contact models (docs/manual.md section 7), by key.
inline constexpr std::pair<const char*, std::optional<double> FrictionSpec::*> kContactModelScalars[] = {
    {"b_T", &FrictionSpec::b_T}, {"b_M", &FrictionSpec::b_M}, {"m_T", &FrictionSpec::m_T},
    {"m_M", &FrictionSpec::m_M}, {"k0", &FrictionSpec::k0}, {"mu1", &FrictionSpec::mu1},
    {"mu2", &FrictionSpec::mu2}};

/// Joins names for messages: "a, b or c".
std::string list_of(const std::vector<std::string>& names, bool quoted);

/// A location in a document for messages: the source, then the key path ("disc.json:
/// friction.degree", "disc.json: contact.pressure.profile[2]"), or a preformatted location
/// such as "--pressure".
class Loc {
 public:
  static Loc root(const std::string& source) { return Loc(source, true); }
  static Loc at(const std::string& where) { return Loc(where, false); }

  Loc key(const std::string& name) const {
    if (root_) return Loc(text_.empty() ? name : text_ + ": " + name, false);
    return Loc(text_.empty() ? name : text_ + "." + name, false);
  }
  Loc index(std::size_t i) const { return Loc(text_ + "[" + std::to_string(i) + "]", false); }
  const std::string& str() const { return text_; }

  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(text_.empty() ? what : text_ + ": " + what);
  }
  [[noreturn]] void fail(const std::string& what, const nlohmann::json& got) const {
    fail(what + " (got " + show(got) + ")");
  }

 private:
  Loc(std::string text, bool root) : text_(std::move(text)), root_(root) {}
  std::string text_;
  bool root_;
};

// ----- values that the problem file and the command-line overrides both read ----------------

double get_finite(const nlohmann::json& value, const Loc& loc);
/// An angle in radians: finite, |x| <= 2 pi; a larger one "looks like degrees; give radians".
double get_angle(const nlohmann::json& value, const Loc& loc);
/// A load magnitude: finite, |x| <= 1e12 (kMaxLoad of system/problem.cpp).
double get_load(const nlohmann::json& value, const Loc& loc);
/// "uniform" | "hertz" | "galin" | "ring" (at the rim) by name.
std::optional<Pressure> named_pressure(const std::string& name);
/// p ~ (1 - xi^2)^alpha; `got` is alpha as the user wrote it.
Pressure make_power(double alpha, const nlohmann::json& got, const Loc& loc);
/// The thin ring of radius xi0 R, 0 < xi0 <= 1; `got` is xi0 as the user wrote it.
Pressure make_ring(double xi0, const nlohmann::json& got, const Loc& loc);
/// Why a contact that is not axisymmetric refuses the ring pressure.
inline constexpr const char* kRingNeedsCircle =
    "the ring pressure needs a circular contact without distortion or shift (an ellipse, a distortion or a shift "
    "integrates (1 - rhat^2)^alpha or a profile over the contact's area; a ring has no area density; Kireenkov's "
    "coupled shift k = k0 Q on the ring is the model kireenkov-exact)";

// ----- typed access to the problem file's values (problem_json.cpp) ---------------------------

/// Rejects keys of `object` that are not in `allowed`.
void check_keys(const nlohmann::json& object, std::initializer_list<const char*> allowed, const Loc& loc);
const nlohmann::json& require_object(const nlohmann::json& value, const Loc& loc);
const nlohmann::json& require_key(const nlohmann::json& object, const char* name, const Loc& loc);
const nlohmann::json* optional_key(const nlohmann::json& object, const char* name);
std::string get_string(const nlohmann::json& value, const Loc& loc);
/// Three loads (get_load each).
Eigen::Vector3d get_load3(const nlohmann::json& value, const Loc& loc);
double get_positive(const nlohmann::json& value, const Loc& loc);
/// An integral JSON number (2 and 2.0, not 2.5) in [lo, hi].
int get_int(const nlohmann::json& value, int lo, int hi, const Loc& loc);
Eigen::Matrix3d get_matrix3(const nlohmann::json& value, const Loc& loc);

// ----- the sections of the problem file --------------------------------------------------------

/// `friction` (problem_friction.cpp).
FrictionSpec parse_friction(const nlohmann::json& value, const Loc& loc);
/// `contact`: {"shape", "pressure", "distortion", "shift"}, all optional (problem_contact.cpp).
void parse_contact(const nlohmann::json& value, const Loc& loc, Problem& problem);
/// A contact that is not axisymmetric: its pressure and its contact model at the problem's load.
void check_contact(const Problem& problem, const Loc& loc);

// ----- the friction model of a problem (problem_checks.cpp) ----------------------------------

bool is_contact_model(const std::string& name);
/// The options of a contact model (docs/manual.md section 7) as its factory takes them.
ApproxModelOptions contact_model_options(const FrictionSpec& friction);
/// The name, one of the models of docs/manual.md section 4.
std::string check_model_name(const std::string& name, const Loc& loc);
/// Validates the degree/order pair of a friction model (docs/manual.md section 4): harmonic needs a
/// degree N >= 1, sphere-harmonic 1 <= N <= 32, pade an order 1 or 2, kudra-pade and
/// kireenkov-pade may take an order, and no other model takes either.
void check_model_parameters(const FrictionSpec& friction, const Loc& degree_loc, const Loc& order_loc);
/// A contact that is not axisymmetric takes only the models of docs/manual.md section 6.
void check_contact_model(const ContactSpec& contact, const std::string& model, const Loc& loc);
/// A contact model is built once to check its options against the contact (cheap: closed
/// forms of the characteristic integrals), so that bad options are bad input at once.
void check_contact_model_options(const Problem& problem, const Loc& loc);

}  // namespace limitdir::detail
