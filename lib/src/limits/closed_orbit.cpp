// The names of the stabilities of a closed orbit (limits/closed_orbit.hpp).
#include "limitdir/limits/closed_orbit.hpp"

namespace limitdir {

std::string to_string(OrbitStability s) {
  switch (s) {
    case OrbitStability::attracting: return "attracting";
    case OrbitStability::repelling: return "repelling";
    case OrbitStability::neutral: return "neutral";
  }
  return "?";
}

}  // namespace limitdir
