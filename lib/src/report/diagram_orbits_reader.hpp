#pragma once
// Internal: reading back the closed orbits of a diagram (docs/manual.md section 9): the orbits a
// Hopf event carries and the branches of closed orbits with their ends (report/diagram_reader.cpp).
#include <cstddef>
#include <string>
#include <vector>

#include "limitdir/report/diagram_io.hpp"
#include "report/json_reader.hpp"

namespace limitdir::detail {

/// The orbit search on both sides of a Hopf event (docs/manual.md section 9).
HopfOrbits born_from_json(const json& value, const std::string& parameter, const JsonPath& path);

/// The orbit branches (absent in a diagram written before them: none), and the check that the
/// report's bifurcations of the kinds cycle-fold, snic and homoclinic (the entries orbit_entries
/// of document["bifurcations"], which follow the events of the limit directions) are exactly the
/// ends of the orbit branches (orbit_events_to_json). diagram.events must be read already.
void read_orbit_branches(const json& document, const std::vector<std::size_t>& orbit_entries, const JsonPath& root,
                         Diagram& diagram);

}  // namespace limitdir::detail
