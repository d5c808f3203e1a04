#pragma once
// The named choices of the command line and the problem file (friction models, sweep
// parameters, presets: docs/manual.md section 5, "One table per choice"): each choice is one
// entry {name, description} of a table kept next to the code it names, and the option help, the
// error messages and the parsers are all generated from that table, so that they cannot drift.
#include <string>
#include <vector>

namespace limitdir {

/// One named choice: its name as typed and a one-line description (with units where it has any).
struct NamedEntry {
  std::string name;
  std::string description;
};

/// True when `name` is the name of an entry of `table`.
bool has_entry(const std::vector<NamedEntry>& table, const std::string& name);

/// The names joined for a message: "a, b or c" ("\"a\", \"b\" or \"c\"" when `quoted`).
std::string entry_names(const std::vector<NamedEntry>& table, bool quoted = false);

/// The names with their descriptions for an option's help, one line each: "\n  - NAME: DESCRIPTION"
/// (tests/cli/help_tables.sh reads these lines back from --help).
std::string entry_help(const std::vector<NamedEntry>& table);

}  // namespace limitdir
