#pragma once
// The truncated nome series (64)-(65) [Kudra & Awrejcewicz 2013] (App. C) of the complete
// elliptic integrals K(e), E(e) of (63), e the eccentricity of the contact, b = sqrt(1 - e^2):
//   epsilon = (1/2) (1 - b^(1/2))/(1 + b^(1/2))                      (65), (1 - e^2)^(1/4) = b^(1/2)
//   q_{n_q} = sum_{n=1}^{n_q} a_n epsilon^(4(n-1)+1),  a_n = 1, 2, 15, 150, 1707, ...
//   K_{n_q,n_K} = (pi/2) (1 + 2 sum_{n=1}^{n_K} q^(n^2))^2
//   E_{n_q,n_K,n_E} = (2 - e^2)/3 K + (pi^2/K) (1/12 - 2 sum_{n=1}^{n_E} q^(2n)/(1 - q^(2n))^2)   (64).
// q -> the nome exp(-pi K(b)/K(e)) and the sums -> K, E as n_q, n_K, n_E -> infinity; exact at
// b = 1 (q = 0). docs/manual.md section 7 (Fig. 13).
namespace limitdir {

/// The orders n_q, n_K, n_E of (64)-(65).
struct NomeSeriesOrder {
  int n_q = 1, n_K = 1, n_E = 1;
};

/// The largest n_q: the tabulated coefficients a_1..a_10 of the nome series (65).
constexpr int kNomeSeriesMaxOrder = 10;

/// a_n of (65), n = 1..kNomeSeriesMaxOrder (InputError otherwise).
double nome_series_coefficient(int n);

/// q_{n_q}(b) of (65), b in (0, 1] (InputError for b outside, n_q outside 1..10).
double nome_series(double b, int n_q);

struct EllipticKE {
  double K, E;
};

/// K_{n_q,n_K} and E_{n_q,n_K,n_E} of (64) at the axis ratio b in (0, 1]; InputError for b
/// outside (0, 1] or an order < 1 (n_q also <= 10).
EllipticKE elliptic_ke_nome(double b, const NomeSeriesOrder& order);

}  // namespace limitdir
