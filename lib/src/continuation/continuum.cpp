// The continuum of a sweep (docs/manual.md section 5): see continuation/continuum.hpp.
#include "continuation/continuum.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "continuation/branch_tracer.hpp"
#include "continuation/circle_series.hpp"
#include "continuation/diagram_verifier.hpp"
#include "continuation/event_log.hpp"
#include "continuation/sweep_scope.hpp"
#include "core/vector_text.hpp"
#include "limitdir/friction/model.hpp"

namespace limitdir::detail {

namespace {

// c = M^-1 (F d + e) vanishes at F = -e.d/|d|^2 when e is parallel to d: to a few roundings of
// the products, relative to |e| + |F d|.
constexpr double c_zero_relative = 1e-14;
// A direction of an event lies on a circle {w : w . axis = sin theta} of a continuum: an event
// within the continuum margin of its load lies within ~|dw/dp| 1e-6 of the circle; 1e-5 keeps
// clear of the isolated directions, whose distance from the circles is of order one.
constexpr double on_continuum_circle = 1e-5;
// |F d + e| = 1 on a half meridian's load: the quadratic's roots to a few roundings of its
// coefficients, O(|d|^2 + |e|^2); 1e-12 relative keeps clear of loads where |.| only nears 1.
constexpr double unit_relative = 1e-12;
// V* on the half meridian at its load: a few roundings of M^-1 (q + F d + e), each term of size
// |M^-1| (|q| + |F d| + |e|); 1e-12 of that scale, far below any V* of a model whose q varies.
constexpr double meridian_zero_relative = 1e-12;
// A branch point at the continuum's load lies on its half meridian: to the corrector's accuracy,
// as DiagramVerifier's on_circle for the circles (1e-7).
constexpr double on_meridian_check = 1e-7;
// Samples of the open half meridian on which V* = 0 is checked: 99, as for the rotational
// symmetry of the continua of circles (docs/manual.md section 5).
constexpr int meridian_samples = 99;

// Why V* vanishes on a whole half meridian (coulomb-point, (75) [Nonlinear Dyn. 2024]): there
// q = -(w1, w2, 0)/w12, and on H_u = {(cos t u, sin t) : |t| < pi/2}, |u| = 1, w12 = cos t and
// (w1, w2) = cos t u, so q = -(u, 0) is the same at every point of H_u. Then B w + c = M^-1 (q +
// F d + e) (100) is the same vector at every point, and it is 0 at the load where F d + e =
// (u, 0): V* = (I - w w^T)(B w + c) = 0 and R* = 0 (tangent) on all of H_u. At the poles q jumps
// (q = 0 there, (75)): the poles close H_u, where the Filippov branches of the poles end (jump
// events, section 5). The samples check that the model has this property (q constant on H_u);
// for any other model V* is of order one on them and no load is returned.
bool vanishes_on_half_meridian(const System& sys, double F, const Eigen::Vector3d& u) {
  const double scale = sys.M_inv().norm() * (1.0 + std::abs(F) * sys.load_direction().norm() + sys.load_offset().norm());
  for (int k = 1; k <= meridian_samples; ++k) {
    const double t = -0.5 * M_PI + M_PI * k / (meridian_samples + 1);
    const Eigen::Vector3d w(std::cos(t) * u.x(), std::cos(t) * u.y(), std::sin(t));
    const Eigen::Vector3d f = sys.field(w, F);
    if ((f - w * w.dot(f)).norm() > meridian_zero_relative * scale) return false;
  }
  return true;
}

// The law commutes with the rotations about e3: an axisymmetric model, or the linear model
// (64) with Pi = diag(a, a, b), q = -(w1 C, w2 C, (kappa/rho) w3 S) with constant C, S (the
// harmonic model of degree 1). Where c1 = 0 (c2 = 0 too) its limit directions off the poles fill
// circles of latitude; for linear-fit on the disc and the ball, the equator at F = 0.
bool rotation_invariant(const System& sys) { return sys.has_invariant_circle() || circle_linear_model(sys) != nullptr; }

}  // namespace

std::vector<std::pair<double, Eigen::Vector3d>> half_meridian_loads(const System& sys) {
  std::vector<std::pair<double, Eigen::Vector3d>> out;
  if (sys.friction().kink_sets().poles != Smoothness::jump) return out;
  const Eigen::Vector3d& d = sys.load_direction();
  const Eigen::Vector3d& e = sys.load_offset();
  // F d + e = (u, 0), |u| = 1: F from the third row when d3 != 0, else the roots of
  // |F d_xy + e_xy|^2 = 1 (with e3 = 0)
  std::vector<double> loads;
  if (d.z() != 0) {
    loads.push_back(-e.z() / d.z());
  } else if (e.z() == 0) {
    const double a = d.head<2>().squaredNorm(), b = d.head<2>().dot(e.head<2>()), c = e.head<2>().squaredNorm() - 1;
    const double disc = b * b - a * c;
    if (a > 0 && disc >= 0) {
      const double r = std::sqrt(disc), q = -(b + std::copysign(r, b));  // no cancellation
      if (q != 0) loads.push_back(c / q);
      loads.push_back(q / a);
    }
  }
  for (double F : loads) {
    const Eigen::Vector3d v = F * d + e;
    const double scale = std::abs(F) * d.norm() + e.norm() + 1;
    if (std::abs(v.z()) > unit_relative * scale || std::abs(v.head<2>().norm() - 1) > unit_relative * scale) continue;
    const Eigen::Vector3d u(v.x() / v.head<2>().norm(), v.y() / v.head<2>().norm(), 0.0);
    if (vanishes_on_half_meridian(sys, F + 0.0, u)) out.push_back({F + 0.0, u});
  }
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  return out;
}

std::vector<double> continuum_loads(const Eigen::Vector3d& d, const Eigen::Vector3d& e, bool invariant_circle) {
  std::vector<double> loads;
  if (invariant_circle && d.x() != 0) loads.push_back(-e.x() / d.x() + 0.0);  // + 0.0: no -0
  if (d.squaredNorm() > 0) {
    const double F = -e.dot(d) / d.squaredNorm() + 0.0;
    if ((F * d + e).norm() <= c_zero_relative * (e.norm() + std::abs(F) * d.norm())) loads.push_back(F);
  }
  std::sort(loads.begin(), loads.end());
  loads.erase(std::unique(loads.begin(), loads.end()), loads.end());
  return loads;
}

bool has_continuum(FamilyField& field, double p, double c1_zero) {
  const System& sys = field.system(p);
  const double F = field.force(p);
  const double scale = 1.0 + std::abs(F) * (sys.M_inv() * sys.load_direction()).norm();
  return rotation_invariant(sys) && std::abs(sys.c(F).x()) <= c1_zero * scale;
}

void Continua::find(FamilyField& field, DiagramVerifier& verifier, double from, double to) {
  const std::shared_ptr<const System> sys = field.system_ptr(from);
  const Eigen::Vector3d d = sys->M_inv() * sys->load_direction(), e = sys->M_inv() * sys->load_offset();
  for (double F : continuum_loads(d, e, rotation_invariant(*sys))) {
    if (F < from || F > to) continue;
    const LimitSet& L = verifier.limits_at(F);
    if (!L.circles.empty()) continua_.push_back({F, L});
  }
  for (const auto& [F, u] : half_meridian_loads(*sys))
    if (F >= from && F <= to) continua_.push_back(on_half_meridian(F, u, verifier.limits_at(F)));
  std::sort(continua_.begin(), continua_.end(), [](const Continuum& a, const Continuum& b) { return a.p < b.p; });
}

// The continuum of the half meridian u at F from find-limits there (L): its limit directions on
// the closure of the half meridian are the continuum's; the others are its isolated directions.
// find-limits cannot certify a load with a curve of zeros (its doubts: non-hyperbolic zeros, a
// fold on w2 = 0, the windings about the poles); the continuum is checked when every one of its
// non-hyperbolic zeros lies on the half meridian and the isolated directions are hyperbolic.
Continuum Continua::on_half_meridian(double F, const Eigen::Vector3d& u, const LimitSet& L) {
  Continuum C{F, L, u};
  C.limits.directions.clear();
  int on_curve = 0;
  std::string off;
  for (const Classification& c : L.directions) {
    if (on_continuum(C, c.w)) {
      ++on_curve;
      continue;
    }
    C.limits.directions.push_back(c);
    if (c.type == SphereType::non_hyperbolic && off.empty()) off = vec(c.w);
  }
  Certificate& cert = C.limits.certificate;
  cert.reason =
      off.empty() ? fmt::format("V* = 0 identically on the half meridian through ({:.12g}, {:.12g}, 0) ((75), checked "
                                "at {} samples); find-limits' {} zeros on it lie on it, its {} other limit direction(s) "
                                "are hyperbolic",
                                u.x(), u.y(), meridian_samples, on_curve, C.limits.directions.size())
                  : fmt::format("find-limits finds the non-hyperbolic limit direction w = {} off the half meridian "
                                "through ({:.12g}, {:.12g}, 0)",
                                off, u.x(), u.y());
  // one claim: the continuum and its isolated directions (find-limits' own claims do not apply)
  cert.claims.clear();
  set_claim(cert, "limit-directions", off.empty() ? Level::checked : Level::incomplete, cert.reason);
  return C;
}

bool Continua::near_load(double p) const {
  return std::any_of(continua_.begin(), continua_.end(), [&](const Continuum& C) { return std::abs(p - C.p) <= window_; });
}

bool Continua::on_a_circle(const Continuum& C, const Eigen::Vector3d& w) {
  return std::any_of(C.limits.circles.begin(), C.limits.circles.end(), [&](const LimitCircle& c) {
    return std::abs(w.dot(c.axis) - std::sin(c.theta)) <= on_continuum_circle;
  });
}

namespace {
// w on the closure of the half meridian u to within tol: in the plane of e3 and u, on u's side
// (the poles included).
bool on_closed_half_meridian(const Eigen::Vector3d& u, const Eigen::Vector3d& w, double tol) {
  const Eigen::Vector3d normal(-u.y(), u.x(), 0.0);  // e3 x u
  return std::abs(w.dot(normal)) <= tol && w.dot(u) >= -tol;
}
}  // namespace

bool Continua::on_continuum(const Continuum& C, const Eigen::Vector3d& w) {
  return C.half_meridian ? on_closed_half_meridian(*C.half_meridian, w, on_continuum_circle) : on_a_circle(C, w);
}

bool Continua::covers(const Branch& b) const {
  return std::any_of(continua_.begin(), continua_.end(), [&](const Continuum& C) {
    return C.half_meridian && !b.points.empty() && std::all_of(b.points.begin(), b.points.end(), [&](const BranchPoint& pt) {
             return std::abs(pt.p - C.p) <= window_ && on_continuum(C, pt.w);
           });
  });
}

bool Continua::part_of(const Continuum& C, const Event& e) const {
  return e.kind != EventKind::continuum && std::abs(e.p - C.p) <= window_ &&
         std::any_of(e.directions.begin(), e.directions.end(), [&](const Eigen::Vector3d& w) { return on_continuum(C, w); });
}

bool Continua::part_of_any(const Event& e) const {
  return std::any_of(continua_.begin(), continua_.end(), [&](const Continuum& C) { return part_of(C, e); });
}

bool Continua::meets(const Branch& b, double p) const {
  for (std::size_t i = 0; i < b.points.size(); ++i) {
    if (std::abs(b.points[i].p - p) <= window_) return true;
    if (i + 1 < b.points.size() && (b.points[i].p - p) * (b.points[i + 1].p - p) < 0) return true;
  }
  return false;
}

// The branches reach a continuum on its circles or at its isolated directions, and every
// isolated direction is on a branch (DiagramVerifier::check_continuum).
void Continua::add_events(EventLog& log, const std::vector<Branch>& branches, DiagramVerifier& verifier,
                          const std::string& parameter, Findings& findings) const {
  for (const Continuum& C : continua_) {
    Event e{EventKind::continuum, C.p, {}, {}, true, 0.0, C.limits.circles, C.limits.certificate.level};
    e.half_meridian = C.half_meridian;
    for (const Classification& c : C.limits.directions) e.directions.push_back(c.w);
    for (const Branch& b : branches)
      if (meets(b, C.p)) e.branches.push_back(b.id);
    log.absorb(e, [&](const Event& f) { return part_of(C, f); });
    if (!C.limits.certificate.complete())
      findings.doubts.push_back(fmt::format("find-limits at the continuum {} = {:.12g} is not certified: {}", parameter,
                                            C.p, C.limits.certificate.reason));
    const std::vector<std::string> doubts =
        verifier.check_continuum(branches, C.p, C.limits, [&](const Eigen::Vector3d& w) {
          return C.half_meridian && on_closed_half_meridian(*C.half_meridian, w, on_meridian_check);
        });
    findings.doubts.insert(findings.doubts.end(), doubts.begin(), doubts.end());
    if (C.half_meridian) {
      findings.notes.push_back(fmt::format("the continuum at {} = {:.12g} ({}) is met by the branches on its half "
                                           "meridian or at its isolated directions, each of which lies on a branch",
                                           parameter, C.p, C.limits.certificate.reason));
      continue;
    }
    findings.notes.push_back(fmt::format("the continuum at {} = {:.12g} ({} circle(s) and {} isolated limit direction(s) "
                                         "from find-limits there, {}; no proof covers it) is met by the branches on its "
                                         "circles or at its isolated directions, each of which lies on a branch",
                                         parameter, C.p, C.limits.circles.size(), C.limits.directions.size(),
                                         to_string(C.limits.certificate.level)));
  }
}

void Continua::place_kinks(std::vector<Event>& events) const {
  for (const Continuum& C : continua_)
    for (Event& e : events) {
      if (e.kind != EventKind::kink || !(std::abs(e.p - C.p) <= window_)) continue;
      const bool isolated = std::any_of(C.limits.directions.begin(), C.limits.directions.end(), [&](const Classification& c) {
        return (c.w - e.directions.front()).norm() <= on_continuum_circle;
      });
      if (!isolated) continue;
      e.p_error = std::max(e.p_error, std::abs(e.p - C.p));
      e.p = C.p;
    }
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.p < b.p; });
}

}  // namespace limitdir::detail
