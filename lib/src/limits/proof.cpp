// Computer-assisted proofs of the limit directions at one load (limits/proof.hpp, docs/manual.md
// section 3, "Certificates"): the zeros of V* (122) as the solutions of F(w) = rdot w (125), by
// branch and bound over charts of the sphere (limits/cube_cover.cpp) or of the invariant circle
// (Sect. 7.4, limits/circle_cover.cpp) in outward-rounded interval arithmetic; here the choice
// of the cover, the enclosures of rdot and J_T over the box of each proven zero, and the proof's
// verdict. Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limitdir/limits/proof.hpp"

#include <cmath>
#include <fmt/format.h>

#include "limits/proof_search.hpp"

namespace limitdir {

using namespace detail;
using namespace detail::proof;

namespace detail::proof {

std::string describe_w(const IVec3& x) {
  const IVec3 w = normalized(x);
  return fmt::format("w in [{:.9f}, {:.9f}] x [{:.9f}, {:.9f}] x [{:.9f}, {:.9f}]", w(0).lower(), w(0).upper(),
                     w(1).lower(), w(1).upper(), w(2).lower(), w(2).upper());
}

/// rdot = w . F (121), and J_T = P^T A P with A = DF - rdot I through invariants that need no
/// basis P: tr J_T = tr A - w^T A w, det J_T = w^T cof(A) w (the (3,3) cofactor of [P w]^T A [P w]).
ProvenDirection characterise(const FieldEnclosure& field, const IVec3& x) {
  ProvenDirection d;
  d.w = normalized(x);
  d.w_mid = mid_of(d.w).normalized();
  const auto box = field.at(d.w);
  if (!box) {
    const Interval whole(-INFINITY, INFINITY);
    d.rdot = d.det_JT = d.trace_JT = d.discriminant = whole;
    return d;
  }
  d.rdot = dot(d.w, box->F);
  IMat3 A = box->DF;
  for (int i = 0; i < 3; ++i) A(i, i) -= d.rdot;
  d.trace_JT = A(0, 0) + A(1, 1) + A(2, 2) - dot(d.w, A * d.w);
  d.det_JT = dot(d.w, cofactor(A) * d.w);
  d.discriminant = 0.25 * boost::numeric::square(d.trace_JT) - d.det_JT;
  return d;
}

}  // namespace detail::proof

namespace {

void conclude(Proof& proof) {
  proof.proven = proof.undecided.empty();
  if (proof.proven)
    proof.reason = fmt::format("{}: {} limit directions, each proven unique in its cell; every other cell of the "
                               "{} examined excluded",
                               proof.method, proof.directions.size(), proof.cells);
  else
    proof.reason = fmt::format("{}: {} cells undecided (first: {})", proof.method, proof.undecided.size(),
                               proof.undecided.front());
}

}  // namespace

Proof prove_limit_directions(const System& system, double F, const ProofOptions& options) {
  const UpwardRounding upward;  // one rounding-mode switch for the whole proof
  const auto field = field_enclosure(system, Interval(F));
  if (!field) {
    Proof p;
    p.reason = "the mass matrix could not be inverted rigorously (its determinant enclosure contains 0)";
    return p;
  }
  Proof proof;
  if (system.has_invariant_circle()) {
    // (125) rows 1-2 with M = diag(m1, m1, m3): (rdot + b1 C) w2 = c2 = 0 and
    // (rdot + b1 C) w1 = c1, so w2 != 0 forces c1 = 0. With 0 not in c1 every limit
    // direction lies on the circle w2 = 0.
    if (contains_zero(field->c(0))) {
      proof.method = "invariant-circle";
      proof.reason = "c1 = 0 (or not bounded away from 0): circles of limit directions off w2 = 0 are possible "
                     "(Sect. 7.4) and cannot be proven isolated";
      return proof;
    }
    proof = circle_proof(*field, options);
  } else {
    proof = cube_cover_proof(*field, options);
  }
  conclude(proof);
  return proof;
}

}  // namespace limitdir
