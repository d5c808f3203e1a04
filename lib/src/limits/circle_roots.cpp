// The real roots of (132) on the invariant circle: see limits/circle_roots.hpp.
#include "limits/circle_roots.hpp"

#include <algorithm>
#include <cmath>

#include "numerics/chebyshev.hpp"

namespace limitdir::detail {

std::optional<std::vector<double>> invariant_circle_roots(const std::vector<double>& C, const std::vector<double>& S,
                                                          double b1, double b3k, double c1, std::string& why) {
  const ChebyshevSeries Cs(C.begin(), C.end()), Ss(S.begin(), S.end());
  const ChebyshevSeries A = chebyshev_combination(Interval(b1), Cs, -Interval(b3k), Ss);
  // A^2 (1 - u) - c1^2 with 1 - u = (1 - y)/2
  const ChebyshevSeries half_one_minus_y{Interval(0.5), Interval(-0.5)};
  ChebyshevSeries P = chebyshev_product(chebyshev_product(A, A), half_one_minus_y);
  P[0] -= square(Interval(c1));
  const ChebyshevRoots roots = chebyshev_roots(P);
  if (!roots.complete) {
    why = roots.why;
    return std::nullopt;
  }
  // y = cos(theta) = 2 w3^2 - 1: w3 = cos(theta/2), increasing as theta decreases
  std::vector<double> w3;
  for (const auto& [lo, hi] : roots.cells) w3.push_back(std::cos(0.25 * (lo + std::min(hi, 3.141592653589793))));
  std::sort(w3.begin(), w3.end());
  return w3;
}

}  // namespace limitdir::detail
