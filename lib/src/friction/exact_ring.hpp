#pragma once
// Internal: the exact model of the thin ring of [Kireenkov] (friction/exact_ring.cpp), built by
// make_exact_model (friction/exact.cpp) for Pressure::ring.
#include <memory>

#include "limitdir/friction/exact.hpp"

namespace limitdir::detail {

std::unique_ptr<ExactModel> make_ring_exact_model(const Pressure& ring, double rho_over_R);

}  // namespace limitdir::detail
