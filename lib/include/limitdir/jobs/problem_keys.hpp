#pragma once
// The keys of a scan (docs/manual.md section 14): a numeric value set at a dotted path of a
// problem file, and the problem at a point of the grid checked exactly like a problem file.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace limitdir {

/// Sets `value` at the dotted path `key` of the problem file `document`: each component names a
/// key of an object or, in an array, a decimal index ("contact.shape.ellipse.1"). The key must
/// exist and hold a number; the optional numeric keys of a limitdir.problem/1 file (no "schema"
/// or that schema) may also be absent or hold a name: "force" (absent: 0) and "rho" (absent or
/// "kappa"/"R": a number replaces the choice). An integral value with |value| <= 2^53 is stored as a
/// JSON integer (so integer keys such as friction.degree accept it), any other as a double; whether
/// the value is valid for the key is for the problem's parser (validate_scan_problem).
/// InputError "<source>: KEY: ..." naming the key and what is wrong.
void set_problem_key(nlohmann::json& document, const std::string& key, double value, const std::string& source);

/// Parses `document` with the parser of its schema, exactly as the apps read the file:
/// limitdir.roll/1 (rolling/sphere_io.hpp), limitdir.celt/1 (celt/celt.hpp), any other
/// (limitdir.problem/1, or a report embedding a problem) problem_from_document. InputError
/// "<source>: <key path>: ..." when it is not valid (e.g. a value outside the key's range).
void validate_scan_problem(const nlohmann::json& document, const std::string& source);

/// The problem file at a point: `document` with every keys[k] set to values[k], then validated.
/// `source` names the point in the errors (e.g. "ball.json at point 12").
nlohmann::json problem_at_point(const nlohmann::json& document, const std::vector<std::string>& keys,
                                const std::vector<double>& values, const std::string& source);

}  // namespace limitdir
