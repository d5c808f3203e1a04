#pragma once
// Dotted paths into a JSON document ("contact.shape.ellipse.1"): the keys of a problem file that
// scan's --x/--grid, the apps' --set and sweep-force's --parameter set (docs/manual.md section 14,
// "Keys of a problem file").
#include <string>

#include <nlohmann/json.hpp>

namespace limitdir {

/// The element at the dotted path `key` of `document`: each component names a key of an object
/// or, in an array, a decimal index. nullptr when a component is missing, with `why` saying
/// which ("no key \"x\" there", "index 3 is past the array's 2 elements", ...).
nlohmann::json* find_dotted_key(nlohmann::json& document, const std::string& key, std::string& why);

/// `value` as a JSON number: an integer when it is integral with |value| <= 2^53 (so that integer
/// keys such as friction.degree accept it), else a double.
nlohmann::json as_json_number(double value);

}  // namespace limitdir
