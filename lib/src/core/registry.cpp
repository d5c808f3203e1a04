// The tables of named choices; see core/registry.hpp.
#include "limitdir/core/registry.hpp"

#include <algorithm>

namespace limitdir {

bool has_entry(const std::vector<NamedEntry>& table, const std::string& name) {
  return std::any_of(table.begin(), table.end(), [&](const NamedEntry& e) { return e.name == name; });
}

std::string entry_names(const std::vector<NamedEntry>& table, bool quoted) {
  std::string out;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (i > 0) out += (i + 1 == table.size()) ? " or " : ", ";
    out += quoted ? "\"" + table[i].name + "\"" : table[i].name;
  }
  return out;
}

std::string entry_help(const std::vector<NamedEntry>& table) {
  std::string out;
  for (const NamedEntry& e : table) out += "\n  - " + e.name + ": " + e.description;
  return out;
}

}  // namespace limitdir
