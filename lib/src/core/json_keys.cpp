// Dotted paths into a JSON document; see core/json_keys.hpp.
#include "limitdir/core/json_keys.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <system_error>

namespace limitdir {

using json = nlohmann::json;

namespace {

/// The largest integer stored as a JSON integer: 2^53, below which every integer is a double.
constexpr double max_exact_integer = 9007199254740992.0;

/// The element `part` of the object or array `node`, or nullptr with `why` set.
json* child(json& node, const std::string& part, std::string& why) {
  if (node.is_object()) {
    const auto it = node.find(part);
    if (it == node.end()) {
      why = "no key \"" + part + "\" there";
      return nullptr;
    }
    return &*it;
  }
  if (node.is_array()) {
    std::size_t index = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), index);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size()) {
      why = "\"" + part + "\" is not an index of an array";
      return nullptr;
    }
    if (index >= node.size()) {
      why = "index " + part + " is past the array's " + std::to_string(node.size()) + " elements";
      return nullptr;
    }
    return &node[index];
  }
  why = "\"" + part + "\" is inside a " + std::string(node.type_name()) + ", not an object or array";
  return nullptr;
}

}  // namespace

json* find_dotted_key(json& document, const std::string& key, std::string& why) {
  json* node = &document;
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = key.find('.', start);
    const std::string part = key.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    node = child(*node, part, why);
    if (node == nullptr || dot == std::string::npos) return node;
    start = dot + 1;
  }
}

json as_json_number(double value) {
  if (value == std::floor(value) && std::fabs(value) <= max_exact_integer)
    return json(static_cast<std::int64_t>(value));
  return json(value);
}

}  // namespace limitdir
