// The problem keys that differ between two diagrams (diagram-diff, docs/manual.md section 5);
// see report/diagram_io.hpp.
#include <string>
#include <vector>

#include "limitdir/report/diagram_io.hpp"

namespace limitdir {

using json = nlohmann::json;

namespace {

/// Numbers by value (an integer 1 and a float 1.0 agree), everything else as JSON.
bool same_value(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();
  return a == b;
}

void compare(const json& a, const json& b, const std::string& path, std::vector<KeyDifference>& out) {
  if (a.is_object() && b.is_object()) {
    // the union of the keys, in order (both objects are sorted by key)
    auto i = a.begin();
    auto j = b.begin();
    while (i != a.end() || j != b.end()) {
      const bool take_a = j == b.end() || (i != a.end() && i.key() < j.key());
      const bool take_b = i == a.end() || (j != b.end() && j.key() < i.key());
      const std::string key = take_a ? i.key() : j.key();
      const std::string name = path.empty() ? key : path + "." + key;
      if (take_a) {
        out.push_back({name, *i, std::nullopt});
        ++i;
      } else if (take_b) {
        out.push_back({name, std::nullopt, *j});
        ++j;
      } else {
        compare(*i, *j, name, out);
        ++i;
        ++j;
      }
    }
    return;
  }
  if (a.is_array() && b.is_array() && a.size() == b.size()) {
    for (std::size_t k = 0; k < a.size(); ++k) compare(a[k], b[k], path + "[" + std::to_string(k) + "]", out);
    return;
  }
  if (!same_value(a, b)) out.push_back({path, a, b});
}

}  // namespace

std::vector<KeyDifference> problem_key_differences(const json& a, const json& b) {
  std::vector<KeyDifference> out;
  if (a.is_object() && b.is_object()) {
    compare(a, b, "", out);
  } else if (!same_value(a, b)) {
    out.push_back({"problem", a, b});  // not a problem in one of them: the whole value
  }
  return out;
}

}  // namespace limitdir
