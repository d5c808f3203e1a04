// The sharp rule for the pole integrals of a tabulated profile (friction/exact_profile_sharp.hpp;
// docs/manual.md section 4, "A tabulated profile, enclosed"). With a = xi/eps the kernels of
// friction/exact_profile.cpp are
//   g_Q(a) = (2/pi) a E(a^2), f_T(a) = (2/pi) a B(a^2)   (a <= 1),
//   g_Q(a) = (2/pi) B(1/a^2), f_T(a) = (2/pi) E(1/a^2)   (a >= 1),
// and B(m) = K - D with D = R_D(0, 1 - m, 1)/3 (Carlson, DLMF 19.25.1; analytic at m = 0, where
// (E - (1 - m) K)/m is 0/0). E and B are holomorphic in m off [1, +inf), so on a piece of the
// radius below eps (a <= 1) or above it (a >= 1) each kernel continues analytically to a
// neighbourhood of the piece, and Arb's Gauss-Legendre integration (acb_calc_integrate, with its
// rigorous bound of the quadrature error on ellipses where the integrand is holomorphic) encloses
// int xi^j k(xi/eps) dxi for eps a ball [e0, e1]. On an ellipse the kernels are bounded through
// the Maclaurin series of E = (pi/2)(1 - sum c_n m^n) and B = sum b_n m^n (c_n, b_n > 0):
// |E(m)| <= pi - E(|m|), |B(m)| <= B(|m|) for |m| < 1; an ellipse reaching |m| >= 1 is refused
// (a non-finite value), so Arb bisects there. The integrand is log-singular in its derivative at
// the ring's centre of rotation xi = eps: the pieces eps (1 -+ kSingularCut) about it, and the
// piece of xi within [e0, e1] itself, are enclosed directly on real intervals (E decreases and B
// increases on [0, 1], so their ranges are the values at the ends). Compiled with
// -frounding-math (lib/CMakeLists.txt); every Arb call under NearestRounding.
#include "friction/exact_profile_sharp.hpp"

#include <acb.h>
#include <acb_calc.h>
#include <acb_elliptic.h>
#include <algorithm>

#include "numerics/arb_support.hpp"

namespace limitdir::detail {

namespace {

constexpr slong kPrec = 64;
// Relative goal of each integral, 2^-30 ~ 1e-9 (each is O(1e-3 .. 1)): G, T to ~5e-9, enough
// for a zero's box of ~1e-8, with few enough nodes (7-20 ms a point).
constexpr slong kGoalBits = 30;
// Absolute tolerance 2^-34 ~ 6e-11: an integral near 0 (the piece below a small eps) needs no
// more than that to leave G, T (both O(1)) accurate to ~1e-9 over the ~20 integrals.
constexpr slong kTolExp = -34;

// The pieces [eps (1 - kSingularCut), eps (1 + kSingularCut)] around the centre of rotation
// are enclosed directly: there a kernel varies by ~ d |log d| with d = kSingularCut (E, B vary
// like (1 - m) log(1 - m) at m = 1), so the piece's error is ~ eps d^2 |log d| ~ 2e-13 eps, while
// Gauss-Legendre then only meets the log singularity at distance d eps (a few bisections).
constexpr double kSingularCut = 1e-7;

// A real ball of m of rounding width (radius < 2^-50) is evaluated as a ball: the AGM grows a
// radius ~1e3-fold, leaving < 1e-12; a wider one from the values at its ends (monotone).
constexpr slong kNarrowExp = -50;
// The bound of |kernel| on Gauss-Legendre's ellipses needs only a few correct bits.
constexpr slong kBoundPrec = 32;

enum Kernel { gQ, fT };

struct Integrand {
  const arb_struct* eps;
  Kernel kernel;
  unsigned power;  // the weight xi^power
  bool inner;      // the piece lies below eps (a <= 1), else above (a >= 1)
};

// E(m) and B(m) at one complex m off [1, +inf) (or m = 1 exactly: E = B = 1), by Carlson's
// K = R_F(0, 1 - m, 1), D = (K - E)/m = R_D(0, 1 - m, 1)/3 (DLMF 19.25.1): E = K - m D, B = K - D.
void eb_at(acb_t E, acb_t B, const acb_t m, slong prec) {
  if (acb_is_one(m)) {
    acb_one(E), acb_one(B);
    return;
  }
  acb_t zero, one, y, K, D;
  acb_init(zero), acb_init(one), acb_init(y), acb_init(K), acb_init(D);
  acb_one(one);
  acb_sub(y, one, m, prec);
  arb_t sixteenth;
  arb_init(sixteenth);
  arb_set_d(sixteenth, 1.0 / 16);
  const bool large = arb_ge(acb_realref(m), sixteenth);
  arb_clear(sixteenth);
  if (large) {  // Legendre's forms by the AGM (faster); B = (E - (1 - m) K)/m loses < 4 bits for m >= 1/16
    acb_elliptic_k(K, m, prec);
    acb_elliptic_e(E, m, prec);
    acb_mul(D, y, K, prec);
    acb_sub(B, E, D, prec);
    acb_div(B, B, m, prec);
    acb_clear(zero), acb_clear(one), acb_clear(y), acb_clear(K), acb_clear(D);
    return;
  }
  acb_elliptic_rf(K, zero, y, one, 0, prec);
  acb_elliptic_rj(D, zero, y, one, one, 0, prec);
  acb_div_ui(D, D, 3, prec);
  acb_sub(B, K, D, prec);
  acb_mul(D, D, m, prec);
  acb_sub(E, K, D, prec);
  acb_clear(zero), acb_clear(one), acb_clear(y), acb_clear(K), acb_clear(D);
}

// E and B over the real ball m clipped to [0, 1] (E decreases, B increases there): the union
// of their values at the two ends.
void eb_range(arb_t E, arb_t B, const arb_t m, slong prec) {
  arf_t lo, hi;
  arf_init(lo), arf_init(hi);
  arb_get_lbound_arf(lo, m, prec);
  arb_get_ubound_arf(hi, m, prec);
  if (arf_sgn(lo) < 0) arf_zero(lo);
  if (arf_cmp_si(hi, 1) > 0) arf_one(hi);
  if (arf_cmp_si(lo, 1) > 0) arf_one(lo);
  acb_t M, e, b;
  acb_init(M), acb_init(e), acb_init(b);
  if (arf_cmp_si(hi, 1) < 0 && mag_cmp_2exp_si(arb_radref(m), kNarrowExp) < 0) {
    arb_set(acb_realref(M), m);  // a narrow ball inside [0, 1): its own enclosure
    eb_at(e, b, M, prec);
    arb_set(E, acb_realref(e)), arb_set(B, acb_realref(b));
  } else {
    arb_set_arf(acb_realref(M), lo);
    eb_at(e, b, M, prec);
    arb_set(E, acb_realref(e)), arb_set(B, acb_realref(b));
    if (!arf_equal(lo, hi)) {
      arb_set_arf(acb_realref(M), hi);
      eb_at(e, b, M, prec);
      arb_union(E, E, acb_realref(e), prec);
      arb_union(B, B, acb_realref(b), prec);
    }
  }
  acb_clear(M), acb_clear(e), acb_clear(b);
  arf_clear(lo), arf_clear(hi);
}

// The kernel's range for every real xi of the ball and eps of its ball, a = xi/eps on either
// side of 1 (the hull of both branches where the ball meets a = 1).
void kernel_real(arb_t k, const arb_t xi, const arb_t eps, Kernel kernel, slong prec) {
  arb_t a, x, E, B, part;
  arf_t lo, hi, one;
  arb_init(a), arb_init(x), arb_init(E), arb_init(B), arb_init(part);
  arf_init(lo), arf_init(hi), arf_init(one);
  arf_one(one);
  arb_div(a, xi, eps, prec);
  arb_get_lbound_arf(lo, a, prec);
  arb_get_ubound_arf(hi, a, prec);
  if (arf_sgn(lo) < 0) arf_zero(lo);
  arb_indeterminate(k);
  bool first = true;
  if (arf_cmp(lo, one) <= 0) {  // a in [lo, min(hi, 1)]: (2/pi) a E(a^2), (2/pi) a B(a^2)
    arb_set_interval_arf(x, lo, arf_cmp(hi, one) < 0 ? hi : one, prec);
    arb_sqr(part, x, prec);
    eb_range(E, B, part, prec);
    arb_mul(part, x, kernel == gQ ? E : B, prec);
    arb_set(k, part);
    first = false;
  }
  if (arf_cmp(hi, one) >= 0) {  // b = 1/a in [1/hi, 1/max(lo, 1)]: (2/pi) B(b^2), (2/pi) E(b^2)
    arb_set_interval_arf(x, arf_cmp(lo, one) > 0 ? lo : one, hi, prec);
    arb_inv(x, x, prec);
    arb_sqr(x, x, prec);
    eb_range(E, B, x, prec);
    arb_set(part, kernel == gQ ? B : E);
    if (first) arb_set(k, part); else arb_union(k, k, part, prec);
  }
  arb_const_pi(part, prec);
  arb_div(k, k, part, prec);
  arb_mul_2exp_si(k, k, 1);
  arb_clear(a), arb_clear(x), arb_clear(E), arb_clear(B), arb_clear(part);
  arf_clear(lo), arf_clear(hi), arf_clear(one);
}

// The kernel at a complex a = xi/eps on its branch: Re m < 1 for m = a^2 (inner) or 1/a^2
// (outer) keeps m off the cut [1, +inf), so the kernel is holomorphic on the ball; otherwise false.
bool kernel_complex(acb_t k, const acb_t xi, const Integrand& in, slong prec) {
  // |E(m)| <= pi - E(|m|), |B(m)| <= B(|m|) for |m| < 1 (E = (pi/2)(1 - sum c_n m^n), B = sum b_n m^n, c_n, b_n > 0)
  acb_t a, m;
  arb_t R, E, B, bound;
  acb_init(a), acb_init(m), arb_init(R), arb_init(E), arb_init(B), arb_init(bound);
  acb_div_arb(a, xi, in.eps, prec);
  acb_sqr(m, a, prec);
  if (!in.inner) acb_inv(m, m, prec);
  acb_abs(R, m, prec);
  arf_t r;
  arf_init(r);
  arb_get_ubound_arf(r, R, prec);
  const bool holomorphic = acb_is_finite(m) && arf_cmp_si(r, 1) < 0;
  if (holomorphic) {
    arb_set_arf(R, r);
    eb_range(E, B, R, kBoundPrec);
    if (in.kernel == gQ ? in.inner : !in.inner) {  // E
      arb_const_pi(bound, prec);
      arb_sub(bound, bound, E, prec);
    } else {
      arb_set(bound, B);
    }
    if (in.inner) {
      acb_abs(R, a, prec);
      arb_mul(bound, bound, R, prec);
    }
    arb_get_ubound_arf(r, bound, prec);
    arf_mul_2exp_si(r, r, 1);  // * 2/pi <= * 1
    acb_zero(k);
    arb_add_error_arf(acb_realref(k), r);
    arb_add_error_arf(acb_imagref(k), r);
  }
  arf_clear(r);
  acb_clear(a), acb_clear(m), arb_clear(R), arb_clear(E), arb_clear(B), arb_clear(bound);
  return holomorphic;
}

// xi^power k(xi/eps), for acb_calc_integrate: order 1 asks for a holomorphic value on the ball
// (non-finite when that is not proven), order 0 for a continuous enclosure on a real ball.
int integrand(acb_ptr out, const acb_t xi, void* param, slong order, slong prec) {
  const Integrand& in = *static_cast<const Integrand*>(param);
  acb_t k;
  acb_init(k);
  bool ok = true;
  if (order == 0 && arb_is_zero(acb_imagref(xi))) kernel_real(acb_realref(k), acb_realref(xi), in.eps, in.kernel, prec);
  else ok = kernel_complex(k, xi, in, prec);
  if (ok) {
    acb_pow_ui(out, xi, in.power, prec);
    acb_mul(out, out, k, prec);
  } else {
    acb_indeterminate(out);
  }
  acb_clear(k);
  return 0;
}

struct Moments {
  Interval g0, g1, f2, f3;  // int xi^j g_Q (j = 0, 1) and int xi^j f_T (j = 2, 3) over a piece
};

constexpr Kernel kMomentKernel[4] = {gQ, gQ, fT, fT};
constexpr unsigned kMomentPower[4] = {0, 1, 2, 3};

// The moments over [lo, hi], a piece below eps (inner), above it, or (middle) around [e0, e1]:
// the middle piece by its width times the direct enclosure of the integrand over it.
Moments piece_moments(double lo, double hi, const arb_t eps, int side) {
  acb_t a, b, r, ball, width;
  mag_t tol;
  acb_init(a), acb_init(b), acb_init(r), acb_init(ball), acb_init(width), mag_init(tol);
  acb_set_d(a, lo), acb_set_d(b, hi);
  acb_sub(width, b, a, kPrec);
  mag_set_ui_2exp_si(tol, 1, kTolExp);
  arb_set_interval_arf(acb_realref(ball), arb_midref(acb_realref(a)), arb_midref(acb_realref(b)), kPrec);
  Interval out[4];
  for (int i = 0; i < 4; ++i) {
    Integrand in{eps, kMomentKernel[i], kMomentPower[i], side < 0};
    if (side == 0) {
      integrand(r, ball, &in, 0, kPrec);
      acb_mul(r, r, width, kPrec);
    } else {
      acb_calc_integrate(r, integrand, &in, a, b, kGoalBits, tol, nullptr, kPrec);
    }
    out[i] = interval_of_ball(acb_realref(r), kPrec);
  }
  acb_clear(a), acb_clear(b), acb_clear(r), acb_clear(ball), acb_clear(width), mag_clear(tol);
  return {out[0], out[1], out[2], out[3]};
}

}  // namespace

PoleIntegrals sharp_pole_integrals(const std::vector<ProfileSegment>& segments, double e0, double e1) {
  std::vector<std::pair<const ProfileSegment*, Moments>> pieces;
  Interval rimG, rimT;
  const double lo = (Interval(e0) * (1.0 - kSingularCut)).lower(), hi = (Interval(e1) * (1.0 + kSingularCut)).upper();
  {
    const NearestRounding nearest;
    arb_t eps, m, E, B, pi;
    arb_init(eps), arb_init(m), arb_init(E), arb_init(B), arb_init(pi);
    ball_of_interval(eps, Interval(e0, e1), kPrec);
    for (const ProfileSegment& s : segments) {
      const double cuts[4] = {s.x0, std::clamp(lo, s.x0, s.x1), std::clamp(hi, s.x0, s.x1), s.x1};
      for (int side = -1; side <= 1; ++side)
        if (cuts[side + 1] < cuts[side + 2]) pieces.emplace_back(&s, piece_moments(cuts[side + 1], cuts[side + 2], eps, side));
    }
    arb_sqr(m, eps, kPrec);  // a = 1/eps at the rim: g_Q = (2/pi) B(eps^2), f_T = (2/pi) E(eps^2)
    eb_range(E, B, m, kPrec);
    arb_const_pi(pi, kPrec);
    arb_div(E, E, pi, kPrec), arb_div(B, B, pi, kPrec);
    arb_mul_2exp_si(E, E, 1), arb_mul_2exp_si(B, B, 1);
    rimG = interval_of_ball(B, kPrec);
    rimT = interval_of_ball(E, kPrec);
    arb_clear(eps), arb_clear(m), arb_clear(E), arb_clear(B), arb_clear(pi);
  }
  const UpwardRounding upward;
  PoleIntegrals out{Interval(0.0), Interval(0.0), Interval(0.0), Interval(0.0), rimG, rimT};
  for (const auto& [s, q] : pieces) {  // the weights p, p xi^2, p + p' xi, 3 p xi^2 + p' xi^3
    out.G += s->alpha * q.g0 + s->beta * q.g1;
    out.dG += s->alpha * q.g0 + 2.0 * s->beta * q.g1;
    out.T += s->alpha * q.f2 + s->beta * q.f3;
    out.dT += 3.0 * s->alpha * q.f2 + 4.0 * s->beta * q.f3;
  }
  return out;
}

}  // namespace limitdir::detail
