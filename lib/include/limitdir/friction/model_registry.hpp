#pragma once
// The friction models by name (docs/manual.md sections 4, 7 and 8): the one table from which
// friction.model of the problem file, --model and its help and messages are made (core/registry.hpp).
#include <string>
#include <vector>

#include "limitdir/core/registry.hpp"

namespace limitdir {

/// Every friction model a problem may name, in the order --help lists them.
const std::vector<NamedEntry>& friction_model_registry();

/// The models that a contact other than the plain circle takes (docs/manual.md section 6): the
/// exact and sphere-harmonic models and the contact models of section 7.
bool model_takes_any_contact(const std::string& name);

}  // namespace limitdir
