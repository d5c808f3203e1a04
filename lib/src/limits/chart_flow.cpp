// V* in a gnomonic chart as a Taylor tape, and the section of the first return
// (limits/chart_flow.hpp). Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limits/chart_flow.hpp"

#include <Eigen/Geometry>
#include <cmath>
#include <fmt/format.h>

#include "limitdir/friction/harmonic.hpp"
#include "limitdir/friction/linear.hpp"
#include "limits/chart_disc.hpp"
#include "limits/chart_field.hpp"

namespace limitdir::detail {

namespace {

/// A constant of the field as a coefficient: its enclosure, or its midpoint for the rounded
/// (double) evaluation that only steers the integrator.
template <class T>
struct Const {
  static T of(const Interval& x) { return T(x); }
};
template <>
struct Const<double> {
  static double of(const Interval& x) { return mid_of(x); }
};

}  // namespace

std::optional<ChartFlow> ChartFlow::make(const System& system, double F, const Eigen::Vector3d& c0, std::string& why) {
  ChartFlow flow;
  const FrictionModel& model = system.friction();
  if (const auto* h = dynamic_cast<const HarmonicModel*>(&model)) {
    flow.kind_ = Kind::harmonic;
    flow.alpha_ = h->chebyshev_C();
    flow.beta_ = h->chebyshev_S();
    flow.kappa_over_rho_ = h->kappa_over_rho();
  } else if (const auto* l = dynamic_cast<const LinearModel*>(&model)) {
    flow.Pi_ = l->Pi();
  } else if ((flow.disc_ = model.uniform_disc_form())) {
    // the pole half about c0 (limits/chart_disc.hpp): w3 keeps c0's sign there
    if (!(std::abs(c0.z()) > 0.0)) {
      why = "the orbit's centre lies on the equator, and the exact disc's series form holds on a pole half only";
      return std::nullopt;
    }
    flow.kind_ = Kind::disc;
    flow.sigma_ = c0.z() > 0.0 ? 1.0 : -1.0;
  } else {
    why = "the model " + model.name() + " has no Taylor-series enclosure (the validated integrator takes the "
          "linear-fit and harmonic models, whose q is a polynomial in w, and the exact uniform disc, shifted or not)";
    return std::nullopt;
  }
  const std::optional<FieldEnclosure> field = field_enclosure(system, Interval(F));
  // a frame [c0 a b] about the orbit's centre
  const Eigen::Vector3d n = c0.normalized();
  const Eigen::Vector3d a = n.unitOrthogonal(), b = n.cross(a);
  flow.T_ << n, a, b;
  const auto Tinv = inverse_enclosure(to_interval<3>(flow.T_));
  if (!field || !Tinv) {
    why = "M^-1 or the chart's frame could not be enclosed";
    return std::nullopt;
  }
  flow.Tinv_ = *Tinv;
  flow.Minv_ = field->Minv;
  flow.c_ = field->c;
  return flow;
}

template <class T>
FieldTape<T> ChartFlow::tape() const {
  FieldTape<T> t;
  t.bC.resize(alpha_.size() + 2);
  t.bS.resize(beta_.size() + 2);
  if (kind_ == Kind::disc) t.disc.resize(disc_tape::count);
  return t;
}

namespace {
/// Clenshaw's sum_j a_j T_j(y) at coefficient k: b_j = a_j + 2 y b_(j+1) - b_(j+2), the sum
/// a_0 + y b_1 - b_2 (as friction/enclose.hpp, one order at a time).
template <class T>
T clenshaw_at(const std::vector<double>& a, const Series<T>& y, std::vector<Series<T>>& b, int k) {
  const std::size_t N = a.size() - 1;
  for (std::size_t j = N; j >= 1; --j) {
    T v = T(2.0) * product_at(y, b[j + 1], k) - b[j + 2].a[k];
    if (k == 0) v = v + T(a[j]);
    b[j].a[k] = v;
  }
  T r = product_at(y, b[1], k) - b[2].a[k];
  return k == 0 ? r + T(a[0]) : r;
}
}  // namespace

template <class T>
void ChartFlow::advance(FieldTape<T>& t, int k) const {
  const T zero(0.0);
  for (int i = 0; i < 3; ++i)
    t.x[i].a[k] = (k == 0 ? T(T_(i, 0)) : zero) + T(T_(i, 1)) * t.z[0].a[k] + T(T_(i, 2)) * t.z[1].a[k];
  t.r2.a[k] = product_at(t.x[0], t.x[0], k) + product_at(t.x[1], t.x[1], k) + product_at(t.x[2], t.x[2], k);
  t.rho.a[k] = root_at(t.r2, t.rho, k);
  for (int i = 0; i < 3; ++i) t.w[i].a[k] = quotient_at(t.x[i], t.rho, t.w[i], k);
  if (kind_ == Kind::disc) {
    disc_q_at(t, *disc_, sigma_, k);
  } else if (kind_ == Kind::harmonic) {
    t.y.a[k] = product_at(t.w[2], t.w[2], k) - (product_at(t.w[0], t.w[0], k) + product_at(t.w[1], t.w[1], k));
    t.C.a[k] = clenshaw_at(alpha_, t.y, t.bC, k);
    t.Sy.a[k] = clenshaw_at(beta_, t.y, t.bS, k);
    t.q[0].a[k] = -product_at(t.w[0], t.C, k);
    t.q[1].a[k] = -product_at(t.w[1], t.C, k);
    t.q[2].a[k] = -(T(kappa_over_rho_) * product_at(t.w[2], t.Sy, k));
  } else {
    for (int i = 0; i < 3; ++i)
      t.q[i].a[k] = T(Pi_(i, 0)) * t.w[0].a[k] + T(Pi_(i, 1)) * t.w[1].a[k] + T(Pi_(i, 2)) * t.w[2].a[k];
  }
  for (int i = 0; i < 3; ++i) {
    T v = k == 0 ? Const<T>::of(c_(i)) : zero;
    for (int j = 0; j < 3; ++j) v = v + Const<T>::of(Minv_(i, j)) * t.q[j].a[k];
    t.F[i].a[k] = v;
  }
  for (int i = 0; i < 3; ++i) {
    T v = zero;
    for (int j = 0; j < 3; ++j) v = v + Const<T>::of(Tinv_(i, j)) * t.F[j].a[k];
    t.f[i].a[k] = v;
  }
  for (int i = 0; i < 2; ++i) {
    t.h[i].a[k] = t.f[i + 1].a[k] - product_at(t.z[i], t.f[0], k);
    t.g[i].a[k] = product_at(t.rho, t.h[i], k);
  }
}

std::string ChartFlow::outside_domain(const std::vector<Eigen::Vector3d>& points) const {
  if (kind_ != Kind::disc) return {};
  for (const Eigen::Vector3d& w : points) {
    const double eps = disc_->rho_over_R * std::hypot(w.x(), w.y()) / std::abs(w.z());
    if (!(sigma_ * w.z() > 0.0) || !(eps < 1.0))
      return fmt::format("the orbit leaves the exact disc's pole half (eps = {:.6g} at w = ({:.6g}, {:.6g}, {:.6g})): "
                         "its series form holds for eps < 1 only (the rim eps = 1, where the laws are C^1, is not "
                         "crossed)",
                         eps, w.x(), w.y(), w.z());
  }
  return {};
}

IVec2 ChartFlow::enclose(const IVec2& Z) const {
  FieldTape<Interval> t = tape<Interval>();
  t.z[0].a[0] = Z(0);
  t.z[1].a[0] = Z(1);
  advance(t, 0);
  return IVec2{{t.g[0].a[0], t.g[1].a[0]}};
}

Eigen::Vector2d ChartFlow::value(const Eigen::Vector2d& z) const {
  FieldTape<double> t = tape<double>();
  t.z[0].a[0] = z(0);
  t.z[1].a[0] = z(1);
  advance(t, 0);
  return {t.g[0].a[0], t.g[1].a[0]};
}

Eigen::Vector3d ChartFlow::sphere_point(const Eigen::Vector2d& z) const {
  return (T_ * Eigen::Vector3d(1.0, z(0), z(1))).normalized();
}

Eigen::Vector2d ChartFlow::chart_point(const Eigen::Vector3d& w) const {
  const Eigen::Vector3d y = T_.transpose() * w;  // T orthonormal to rounding
  return {y(1) / y(0), y(2) / y(0)};
}

Interval ChartSection::sigma(const IVec2& z) const {
  return Interval(n(0)) * (z(0) - Interval(zc(0))) + Interval(n(1)) * (z(1) - Interval(zc(1)));
}

Interval ChartSection::s(const IVec2& z) const {
  const Eigen::Vector2d tv = t();
  const Interval tt = Interval(tv(0)) * tv(0) + Interval(tv(1)) * tv(1);
  return (Interval(tv(0)) * (z(0) - Interval(zc(0))) + Interval(tv(1)) * (z(1) - Interval(zc(1)))) / tt;
}

IVec2 ChartSection::point(const Interval& s) const {
  const Eigen::Vector2d tv = t();
  const Interval tt = Interval(tv(0)) * tv(0) + Interval(tv(1)) * tv(1);
  const Interval k = s / tt;
  return IVec2{{Interval(zc(0)) + k * tv(0), Interval(zc(1)) + k * tv(1)}};
}

template FieldTape<double> ChartFlow::tape<double>() const;
template FieldTape<Interval> ChartFlow::tape<Interval>() const;
template FieldTape<Dual2> ChartFlow::tape<Dual2>() const;
template void ChartFlow::advance<double>(FieldTape<double>&, int) const;
template void ChartFlow::advance<Interval>(FieldTape<Interval>&, int) const;
template void ChartFlow::advance<Dual2>(FieldTape<Dual2>&, int) const;

}  // namespace limitdir::detail
