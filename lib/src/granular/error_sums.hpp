#pragma once
// The sums behind granular/stopping_errors.hpp's two errors, contact by contact, shared by the
// solvers that stop on them (internal to granular: block_pgs.cpp, global_newton.cpp).
#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <vector>

#include "limitdir/granular/delassus.hpp"
#include "limitdir/granular/worker_pool.hpp"
#include "limitdir/rolling/cone.hpp"

namespace limitdir::detail {

/// The squared norms the two errors sum: Siconos' (the natural map, q, p and y in SI) and the
/// consistent one's (G', p', rho q', rho y'; granular/stopping_errors.hpp).
struct ErrorSums {
  std::array<double, 4> siconos{0.0, 0.0, 0.0, 0.0}, consistent{0.0, 0.0, 0.0, 0.0};
  void add(const ErrorSums& o) {
    for (std::size_t i = 0; i < 4; ++i) {
      siconos[i] += o.siconos[i];
      consistent[i] += o.consistent[i];
    }
  }
};

/// Contact a's terms (p^a, q^a, y^a = (W p + q)^a); the consistent ones when Waa (its diagonal
/// block of W) is given, l its reference length.
void add_contact(ErrorSums& s, const Vector5& pa, const Vector5& qa, const Vector5& ya, const RollingCone& cone,
                 const Matrix5* Waa, double l);

/// A relative error and its residual |G|.
struct Relative {
  double error, residual;
};
/// Siconos' |G| / max(|q|, |p|, |y|), absolute when that maximum is <= DBL_EPSILON (its rule).
Relative siconos_relative(const std::array<double, 4>& sum);
/// The consistent |G'| / max(|p'|, |rho q'|, |rho y'|), absolute only when that maximum is 0:
/// its terms are impulses in N s, which a small sphere makes small without making them absolute.
Relative consistent_relative(const std::array<double, 4>& sum);

/// The errors a stopping test asks for at an iterate: Siconos' and (weight > 0) the consistent
/// one, relative and as residuals; `worst` the larger relative error, the consistent one
/// weighted by tol/consistent_tol (so that worst <= tol asks each for its own tolerance).
struct StepErrors {
  Relative siconos{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  Relative consistent{0.0, 0.0};
  double weight = 0.0;
  double worst() const { return std::max(siconos.error, weight * consistent.error); }
};
/// From the sums (their consistent part used when weight > 0).
StepErrors step_errors(const ErrorSums& s, double weight);

/// Contact a's reference length (length empty: 1).
inline double contact_length(const std::vector<double>& length, int a) {
  return length.empty() ? 1.0 : length[static_cast<std::size_t>(a)];
}

/// Both errors' sums in contact order, y = W p + q from the problem (consistent ones when asked).
ErrorSums serial_sums(const BlockSparseProblem& problem, const Eigen::VectorXd& p, const std::vector<double>& length,
                      bool consistent);

/// The same sums per chunk of `chunk` contacts on the pool, then added in chunk order (the same
/// whatever the thread count), y^a = velocity(a) (e.g. block_pgs.cpp's coupling term kept up
/// to date); l[a] each contact's length.
template <class Velocity>
ErrorSums chunked_sums(const BlockSparseProblem& problem, const Eigen::VectorXd& p, const Velocity& velocity,
                       const std::vector<double>& l, bool consistent, std::size_t chunk, WorkerPool* pool) {
  const std::size_t nc = static_cast<std::size_t>(problem.contacts());
  const std::size_t chunks = chunk_count(nc, chunk);
  std::vector<ErrorSums> part(chunks);
  for_each_on(pool, chunks, [&](std::size_t j) {
    for (std::size_t k = j * chunk; k < std::min(nc, (j + 1) * chunk); ++k) {
      const int a = static_cast<int>(k);
      add_contact(part[j], p.segment<5>(5 * a), problem.q.segment<5>(5 * a), velocity(a), problem.cones[k],
                  consistent ? &problem.diagonal[k] : nullptr, l[k]);
    }
  });
  ErrorSums total;
  for (const auto& s : part) total.add(s);
  return total;
}

}  // namespace limitdir::detail
