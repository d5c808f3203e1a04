// The capture discs of the singular points of the closed-orbit search (docs/manual.md section 9,
// "Search"): a trajectory ends at a singular point of the limit set (a discontinuity of V*), or
// at a pole that is a Filippov limit direction, within singular_capture of it or inside its
// capture disc: the largest disc whose circles V* crosses towards the point all round, or,
// where a load tilts the field, the turn capture disc whose circles V* winds about the point
// with a first return one turn later closer to it. Such a disc holds no closed orbit.
#include "dynamics/orbit_search.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/constants.hpp"

namespace limitdir::detail::orbits {

namespace {

// A singular point's capture disc (docs/manual.md section 9): the largest radius
// capture_radius_max 2^-k whose circles, and those of every smaller radius 2^-j down to
// singular_capture, V* crosses towards the point in the time direction at all capture_angles
// samples: -sign V* . e_r > capture_margin |V*|, e_r the unit radial direction at the sample
// (1e-13: a thousand times the rounding of that dot product; near a pole about which V* turns
// at a finite speed the radial speed is only ~ lambda r, 1e-6 lambda on the smallest circle,
// so no larger margin could be asked for: the check is numerical, like the rest of the
// search; V* . p, which is sin(r) times smaller, would drown in rounding). Such a disc holds no closed
// orbit (the distance to the point decreases along every trajectory in it) and a trajectory
// entering it ends at the point: e.g. the foci of a field that turns about a discontinuous pole
// at a constant speed, which a trajectory would otherwise circle ~1/distance times per unit time.
constexpr double capture_radius_max = 0.05;
constexpr int capture_angles = 64;
constexpr double capture_margin = 1e-13;
// Where no circle is crossed inwards all round (a load adds a drift, so V* crosses each small
// circle outwards on one side and inwards on the other), a turn capture disc: the largest
// radius capture_radius_max 2^-k whose circles, and every smaller one down to
// turn_capture_min, V* winds about the point (its angular part sign-definite at the
// capture_angles samples) and the first return of the trajectory from the circle, one turn
// later, is closer to the point than its start (integrated to newton_tol). To leading order
// V* about a discontinuous point is G(phi) + r H(phi): the one-turn contraction 1 - r1/r is
// ~ r (e.g. 8e-4 at r = 1e-4 for the shifted disc at F = 0.05, far above the integration
// error ~1e-10), and its sign is the same on every small circle, which the nine octaves
// down to turn_capture_min = 1e-4 sample.
constexpr double turn_capture_min = 1e-4;

// A point of the circle of geodesic radius r about p at angle t (e1, e2 an orthonormal basis
// of the tangent plane at p): w = cos(r) p + sin(r) e(t), with the unit radial direction
// e_r = dw/dr and the angular direction e_phi there.
struct CirclePoint {
  Eigen::Vector3d w, e_r, e_phi;
  CirclePoint(const Eigen::Vector3d& p, const Eigen::Vector3d& e1, const Eigen::Vector3d& e2, double r, double t) {
    const Eigen::Vector3d e = std::cos(t) * e1 + std::sin(t) * e2;
    w = std::cos(r) * p + std::sin(r) * e;
    e_r = -std::sin(r) * p + std::cos(r) * e;
    e_phi = -std::sin(t) * e1 + std::cos(t) * e2;
  }
};

// The largest radius r_min 2^k <= capture_radius_max such that `holds` on every circle from
// r_min up to it; 0 when it fails on the first.
template <class Holds>
double largest_disc(double r_min, const Holds& holds) {
  double accepted = 0.0;
  for (double r = r_min; r <= capture_radius_max; r *= 2.0) {
    if (!holds(r)) return accepted;
    accepted = r;
  }
  return accepted;
}

}  // namespace

// At a singular point of the limit set (a discontinuity of V*) or a pole that is a Filippov limit
// direction, or in its capture disc.
bool Search::at_singular_point(const Eigen::Vector3d& w, double sign) const {
  for (std::size_t i = 0; i < capture_points_.size(); ++i) {
    const double r = std::max(singular_capture, capture_[i][sign > 0 ? 1 : 0]);
    if ((w - capture_points_[i]).norm() <= r) return true;
  }
  return false;
}

// The capture disc of the singular point p in the time direction sign (0 when there is none):
// the disc whose circles V* crosses inwards all round (capture_margin) or, failing that, the
// turn capture disc (turn_capture_min).
double Search::capture_radius(const Eigen::Vector3d& p, double sign) {
  const double inwards = largest_disc(singular_capture, [&](double r) { return crossed_inwards(p, r, sign); });
  if (inwards > 0.0) return inwards;
  return largest_disc(turn_capture_min, [&](double r) { return turn_contracts(p, r, sign); });
}

// The geodesic distance r to p decreases, dr/dtau = sign V*(w) . e_r < 0, at the samples of the
// circle of radius r.
bool Search::crossed_inwards(const Eigen::Vector3d& p, double r, double sign) const {
  const Eigen::Vector3d e1 = p.unitOrthogonal(), e2 = p.cross(e1);
  for (int k = 0; k < capture_angles; ++k) {
    const CirclePoint c(p, e1, e2, r, 2.0 * pi * k / capture_angles);
    const Eigen::Vector3d V = system_.spherical(c.w, F_);
    if (!(-sign * V.dot(c.e_r) > capture_margin * V.norm())) return false;
  }
  return true;
}

// On the circle of geodesic radius r about p: V* winds about p, and the trajectory from the
// circle returns after one turn closer to p.
bool Search::turn_contracts(const Eigen::Vector3d& p, double r, double sign) {
  const Eigen::Vector3d e1 = p.unitOrthogonal(), e2 = p.cross(e1);
  double orientation = 0, slowest = std::numeric_limits<double>::infinity();
  for (int k = 0; k < capture_angles; ++k) {
    const CirclePoint c(p, e1, e2, r, 2.0 * pi * k / capture_angles);
    const Eigen::Vector3d V = system_.spherical(c.w, F_);
    const double angular = sign * V.dot(c.e_phi);
    if (k == 0) orientation = angular > 0 ? 1.0 : -1.0;
    if (!(orientation * angular > capture_margin * V.norm())) return false;
    slowest = std::min(slowest, std::abs(angular));
  }
  const Eigen::Vector3d w0 = CirclePoint(p, e1, e2, r, 0.0).w;
  const Section sec = section_at(w0, sign * system_.spherical(w0, F_));
  // one turn takes 2 pi sin(r)/(angular speed) at most; twice that bounds the return
  const std::optional<Return> back = return_map(sec, 0.0, sign, false, 4.0 * pi * std::sin(r) / slowest, newton_tol);
  return back && std::acos(std::clamp(back->w.dot(p), -1.0, 1.0)) < r;
}

}  // namespace limitdir::detail::orbits
