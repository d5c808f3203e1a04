#pragma once
// Internal: rigorous enclosures of the exact model's laws for a tabulated pressure
// (Pressure::profile, p linear between its nodes; docs/manual.md section 4, "A tabulated profile,
// enclosed"), on the two halves of the sphere of friction/exact_laws.hpp:
//  * near the equator (t = 1/eps^2): the moment series of Q and H with the profile's exact
//    moments, tight (one-signed coefficients, so f' and f'' are monotone);
//  * near the poles (t = eps^2): the ring integrals of G and T and of their derivatives after an
//    integration by parts, summed over cells of the radius with the kernels enclosed by their
//    monotonicity, for every t of an interval at once (a first-order rule: width ~ 1e-3).
#include <array>
#include <optional>
#include <vector>

#include "friction/exact_laws.hpp"
#include "friction/exact_profile_sharp.hpp"
#include "limitdir/contact/pressure.hpp"
#include "limitdir/numerics/interval.hpp"

namespace limitdir::detail {

class ProfileLaws {
 public:
  explicit ProfileLaws(const Pressure& p);
  /// G = Q_eps/eps and T = T_eps over t = eps^2 in [t0, t1] within [0, 1], with dG/dt, dT/dt (the
  /// whole line when t0 = 0: dG/dt ~ log t at the pole when p has a slope at xi = 0); f'' is the
  /// whole line (not enclosed).
  std::array<LawPoint, 2> pole(double t0, double t1) const;
  /// The same for a narrow interval 0 < t0 <= t1 <= 1 by the sharp rule of
  /// friction/exact_profile_sharp.hpp (G, T to ~5e-9 plus the interval's own spread).
  std::array<LawPoint, 2> pole_sharp(double t0, double t1) const;
  /// Q = Q_eps and H = eps T_eps over t = 1/eps^2 in [t0, t1] within [0, 1], with their first and
  /// second t-derivatives (f'' the whole line at t = 1, the rim).
  std::array<LawPoint, 2> equator(double t0, double t1) const;
  /// The same at one t (the series' point enclosure).
  std::array<LawPoint, 2> equator_at(double t) const;

  /// A cell [x0, x1] of the radius inside one segment of the profile, p = alpha + beta xi on it,
  /// with the integrals of the four weights of pole() over it.
  struct Cell {
    double x0, x1;
    Interval wG, wT, wdG, wdT;   // int p, int p xi^2, int (p + p' xi), int (3 p xi^2 + p' xi^3)
    double aG, aT, adG, adT;     // upper bounds of the integrals of their absolute values
  };
  struct Series {
    std::vector<Interval> c, d, dd;  // c_n, (n+1) c_{n+1}, (n+1)(n+2) c_{n+2}
    double kappa;                    // |c_n| <= kappa/(n-1)^3 for n >= 2
  };

 private:
  std::vector<ProfileSegment> segments_;
  std::vector<Cell> cells_;
  Interval M1_, M2_, p1_;  // M_1, M_2 and p(1)
  Series Q_, H_;
};

/// w, C, S of the exact model of a tabulated pressure over the box x (c = rho/R); none when the
/// box contains 0.
std::optional<MeridianEnclosure> enclose_profile_meridian(const IVec3& x, double c, const ProfileLaws& laws);

}  // namespace limitdir::detail
