// The global method for any model (docs/manual.md section 3, "Any model", and section 6,
// "Symmetry and the solvers"): a geodesic mesh of the sphere, the winding of V* around every
// face with each edge resolved until V* turns by less than pi/2 between samples (an edge across
// a jump set split there, with the Filippov segment between the sides: section 5, "Jump sets"),
// faces refined where V* is small, Newton from every face with a nonzero winding and every local
// minimum of |V*| within a work budget, and the Poincare-Hopf certificate; where the equator is
// a circle of limit directions (c = 0, pure sliding), the mesh outside a band about it, the band
// crossed by V* in one sense, and the index sum 1 in each cap.
#include "limitdir/limits/limits.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <optional>

#include "core/constants.hpp"
#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/progress.hpp"
#include "limitdir/limits/jump_zeros.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "limits/methods.hpp"
#include "numerics/icosphere.hpp"

namespace limitdir::detail {

namespace {

// Winding number of the tangent field around a small spherical triangle (counter-clockwise
// seen from outside), in the tangent plane P at its centroid, by counting the signed crossings
// of the positive first axis; 0 if a sample vanishes (that vertex is then seeded directly).
/// The signed crossing of the positive first axis by the segment from u to v (0 if none).
int segment_crossing(const Eigen::Vector2d& u, const Eigen::Vector2d& v) {
  const double cross = u.x() * v.y() - u.y() * v.x();
  if (u.y() <= 0 && v.y() > 0 && cross > 0) return 1;   // upward crossing left of the origin
  if (u.y() > 0 && v.y() <= 0 && cross < 0) return -1;  // downward crossing
  return 0;
}

/// The signed crossings of the positive first axis by the projected field P^T V* along the
/// great-circle arc from a to b, the arc halved wherever the field turns by more than pi/2
/// between two samples (so that the field turns by less than pi per step, as counting needs, even where
/// |V*| is small and turns fast: near a fold's ghost the vertex values alone alias into a
/// spurious pair of windings). depth <= 6 halvings (arcs 1/64 of a mesh edge). 0 where a
/// sample vanishes.
int arc_crossings(const std::function<Eigen::Vector3d(const Eigen::Vector3d&)>& field,
                  const Eigen::Matrix<double, 3, 2>& P, const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                  const Eigen::Vector3d& Va, const Eigen::Vector3d& Vb, int depth) {
  constexpr int max_depth = 6;
  const Eigen::Vector2d u = P.transpose() * Va, v = P.transpose() * Vb;
  if (u.isZero() || v.isZero()) return 0;
  if (u.dot(v) < 0 && depth < max_depth) {  // turns by more than pi/2: sample the midpoint
    const Eigen::Vector3d m = (a + b).normalized();
    const Eigen::Vector3d Vm = field(m);
    return arc_crossings(field, P, a, m, Va, Vm, depth + 1) + arc_crossings(field, P, m, b, Vm, Vb, depth + 1);
  }
  return segment_crossing(u, v);
}

/// V* on the mesh: its value, and where the model's equator is a jump set (point-spin), its
/// one-sided values on the equator (empty otherwise).
struct MeshField {
  std::function<Eigen::Vector3d(const Eigen::Vector3d&)> value;
  std::function<Eigen::Vector3d(const Eigen::Vector3d&, double)> equator_side;
};

/// The crossings along the edge from a to b. An edge that crosses a jump set of V* (the
/// equator) is split there, at e: the arcs a-e and e-b are resolved with the one-sided values
/// at e, and the jump between them is the Filippov segment at e (the convex hull of the
/// one-sided values, docs/manual.md section 5 "Jump sets"), counted as a straight segment.
/// Sampling cannot resolve the jump: two samples 1/64 of an edge apart on either side differ
/// in their tangent planes by more than the sliding field near a load where it nearly
/// vanishes (R* is O(1), the sliding field O(F)), and decide the side of 0 at random. With the
/// hull inserted the face windings are those of the Filippov regularisation of V* (a
/// continuous field whose zeros are the ordinary ones and the Filippov zeros on the set, with
/// their indices), and sum to 2.
int edge_crossings(const MeshField& field, const Eigen::Matrix<double, 3, 2>& P, const Eigen::Vector3d& a,
                   const Eigen::Vector3d& b, const Eigen::Vector3d& Va, const Eigen::Vector3d& Vb) {
  if (!field.equator_side || !((a.z() < 0 && b.z() > 0) || (a.z() > 0 && b.z() < 0)))
    return arc_crossings(field.value, P, a, b, Va, Vb, 0);
  const double t = a.z() / (a.z() - b.z());
  Eigen::Vector3d e = a + t * (b - a);
  e.z() = 0.0;
  e.normalize();
  const Eigen::Vector3d Ea = field.equator_side(e, a.z()), Eb = field.equator_side(e, b.z());
  return arc_crossings(field.value, P, a, e, Va, Ea, 0) + segment_crossing(P.transpose() * Ea, P.transpose() * Eb) +
         arc_crossings(field.value, P, e, b, Eb, Vb, 0);
}

/// The winding of V* around the face (a, b, c) with every edge resolved by edge_crossings.
int resolved_winding(const MeshField& field, const Eigen::Matrix<double, 3, 2>& P, const Eigen::Vector3d& a,
                     const Eigen::Vector3d& b, const Eigen::Vector3d& c, const Eigen::Vector3d& Va,
                     const Eigen::Vector3d& Vb, const Eigen::Vector3d& Vc) {
  return edge_crossings(field, P, a, b, Va, Vb) + edge_crossings(field, P, b, c, Vb, Vc) +
         edge_crossings(field, P, c, a, Vc, Va);
}

// The work budget of the global method: isolated zeros give a few seeds each (tens in all
// for every model here); hundreds are the trace of a continuum (c = 0 with axisymmetry) or
// of a field the mesh does not resolve, and each costs a Newton refinement (10-100 field
// evaluations, ~26 us each for quadrature pressures): 500 bound that to ~2 s.
constexpr std::size_t max_global_seeds = 500;

std::string budget_spent(int level) {
  return fmt::format("the global method's work budget is spent: more than {} candidate zeros at mesh level {} (a "
                     "continuum of limit directions, or a field the mesh does not resolve); only the first {} were "
                     "refined",
                     max_global_seeds, level, max_global_seeds);
}

// Seeds from one mesh level; returns the sum of the face windings (2 when the mesh resolves V*).
// Faces are refined locally down to max_depth halvings of their edges. Seeds where `skip` holds
// (a known circle of zeros) are not kept, so they do not count against the work budget; the
// caller sees a spent budget as seeds.size() > max_global_seeds.
int global_seeds(const System& system, double F, int level, int max_depth, std::vector<Seed>& seeds,
                 const std::function<bool(const Eigen::Vector3d&)>& skip = nullptr) {
  const auto keep = [&](const Eigen::Vector3d& w, bool winding, double extent) {
    if (!skip || !skip(w)) seeds.push_back({w, winding, extent});
  };
  const detail::Icosphere& mesh = detail::icosphere(level);
  const std::size_t nv = mesh.vertices.size();
  std::vector<Eigen::Vector3d> V(nv);
  std::vector<double> norm(nv);
  // the vertices, then the faces (each refined where V* may hide a pair of zeros)
  ProgressCounter counter(current_progress(), fmt::format("mesh level {}: vertices and faces", level), nv + mesh.faces.size());
  for (std::size_t i = 0; i < nv; ++i) {
    poll_cancellation();  // core/cancellation.hpp: once per vertex (a contact model's q: ~10 us)
    counter.step(i);
    const Eigen::Vector3d f = system.field(mesh.vertices[i], F);
    V[i] = spherical_part(mesh.vertices[i], f);
    norm[i] = V[i].norm();
  }
  int total = 0;
  MeshField field{[&](const Eigen::Vector3d& w) { return spherical_part(w, system.field(w, F)); }, nullptr};
  if (system.friction().kink_sets().equator == Smoothness::jump)
    field.equator_side = [&](const Eigen::Vector3d& e, double side) {
      return spherical_part(e, equator_side_field(system, F, e, side));
    };
  std::function<void(const Eigen::Vector3d&, const Eigen::Vector3d&, const Eigen::Vector3d&, const Eigen::Vector3d&,
                     const Eigen::Vector3d&, const Eigen::Vector3d&, int)>
      examine = [&](const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c,
                    const Eigen::Vector3d& Va, const Eigen::Vector3d& Vb, const Eigen::Vector3d& Vc, int depth) {
        if (seeds.size() > max_global_seeds) return;  // the budget is spent (a continuum): stop refining
        const int wnd = resolved_winding(field, tangent_basis((a + b + c).normalized()), a, b, c, Va, Vb, Vc);
        // A face with a hidden pair of zeros (besides the ones its winding counts) needs V* to
        // vary across it by more than its smallest value; refine only those (locally, depth
        // <= max_depth), so that each zero of a tight cluster near a fold or pitchfork gets its
        // own seed.
        const double vary = std::max({(Va - Vb).norm(), (Vb - Vc).norm(), (Vc - Va).norm()});
        const bool ambiguous = std::min({Va.norm(), Vb.norm(), Vc.norm()}) <= vary;
        if (wnd != 0 && (depth >= max_depth || !ambiguous)) {
          const Eigen::Vector3d m = (a + b + c).normalized();
          const auto arc = [&](const Eigen::Vector3d& x) { return std::acos(std::clamp(m.dot(x), -1.0, 1.0)); };
          keep(m, true, std::max({arc(a), arc(b), arc(c)}));
          return;
        }
        if (depth >= max_depth || !ambiguous) return;
        const Eigen::Vector3d ab = (a + b).normalized(), bc = (b + c).normalized(), ca = (c + a).normalized();
        const Eigen::Vector3d Vab = field.value(ab), Vbc = field.value(bc), Vca = field.value(ca);
        examine(a, ab, ca, Va, Vab, Vca, depth + 1);
        examine(b, bc, ab, Vb, Vbc, Vab, depth + 1);
        examine(c, ca, bc, Vc, Vca, Vbc, depth + 1);
        examine(ab, bc, ca, Vab, Vbc, Vca, depth + 1);
      };
  for (std::size_t fi = 0; fi < mesh.faces.size(); ++fi) {
    poll_cancellation();  // core/cancellation.hpp: once per mesh face
    const auto& f = mesh.faces[fi];
    const auto& x = mesh.vertices;
    counter.step(nv + fi);
    const int wnd = resolved_winding(field, mesh.face_basis[fi], x[f[0]], x[f[1]], x[f[2]], V[f[0]], V[f[1]], V[f[2]]);
    total += wnd;
    examine(x[f[0]], x[f[1]], x[f[2]], V[f[0]], V[f[1]], V[f[2]], 0);
  }
  // Local minima of |V*| over the vertex neighbourhoods (pairs of zeros inside one face).
  for (std::size_t i = 0; i < nv; ++i) {
    if (norm[i] == 0.0) {
      keep(mesh.vertices[i], true, 0.0);
      continue;
    }
    if (std::all_of(mesh.neighbours[i].begin(), mesh.neighbours[i].end(), [&](int j) { return norm[i] <= norm[j]; }))
      keep(mesh.vertices[i], false, 0.0);
  }
  return total;
}

// ----- the equator as a circle of limit directions (docs/manual.md section 6) ---------------------

// With c = 0, a centrally symmetric pressure (pure sliding q = -(w1, w2, 0)) and M_xy = m I,
// every direction of the equator is a limit direction. Sampled at kEquatorSamples points.
constexpr int kEquatorSamples = 720;

struct EquatorCircle {
  LimitCircle circle;
  // the transverse eigenvalue trace J_T along it; on a sliding circle its one-sided speeds
  // (above, below: LimitCircle::one_sided_speeds)
  double transverse_min, transverse_max;
  std::string transverse_text() const {
    return circle.one_sided_speeds
               ? fmt::format("one-sided speeds of V* across it {:.4g} from above, {:.4g} from below", transverse_min,
                             transverse_max)
               : fmt::format("transverse eigenvalues in [{:.4g}, {:.4g}]", transverse_min, transverse_max);
  }
};

// The equator's circle when V* vanishes on every sample (to 1e-10 of |B w + c|: the models'
// pure-sliding values are closed forms exact to rounding, 1e-10 admits quadrature models),
// with its transverse eigenvalues (J_T has the eigenvalue 0 along the circle).
std::optional<EquatorCircle> equator_circle(const System& system, double F, const LimitOptions& opt) {
  constexpr double zero_field = 1e-10;
  if (!system.c(F).isZero()) return std::nullopt;
  constexpr double inf = std::numeric_limits<double>::infinity();
  // where q jumps on the equator V* has no Jacobian there: the Filippov circle, typed by the
  // one-sided speeds across it (limits/jump_zeros.hpp)
  if (system.friction().kink_sets().equator == Smoothness::jump) {
    const std::optional<LimitCircle> c = sliding_equator_circle(system, F);
    if (!c) return std::nullopt;
    return EquatorCircle{*c, (*c->one_sided_speeds)[0], (*c->one_sided_speeds)[1]};
  }
  EquatorCircle e{{0.0, Eigen::Vector3d::UnitZ(), 0.0, Radial::tangent, 0.0, ""}, inf, -inf};
  for (int i = 0; i < kEquatorSamples; ++i) {
    const double phi = 2 * pi * i / kEquatorSamples;
    const Eigen::Vector3d w(std::cos(phi), std::sin(phi), 0.0);
    const Eigen::Vector3d f = system.field(w, F);
    if (!(spherical_part(w, f).norm() <= zero_field * std::max(1.0, f.norm()))) return std::nullopt;
  }
  // the transverse eigenvalues on every 8th sample (crosses_band checks their sign on all)
  constexpr int stride = 8;
  double rdot_sum = 0.0;
  for (int i = 0; i < kEquatorSamples; i += stride) {
    const double phi = 2 * pi * i / kEquatorSamples;
    const Classification c = classify(system, F, Eigen::Vector3d(std::cos(phi), std::sin(phi), 0.0), opt.classify);
    e.transverse_min = std::min(e.transverse_min, c.J_T.trace());
    e.transverse_max = std::max(e.transverse_max, c.J_T.trace());
    rdot_sum += c.rdot;
  }
  LimitCircle& circle = e.circle;
  circle.rdot = rdot_sum / (kEquatorSamples / stride);
  circle.radial = radial_of(circle.rdot, opt.classify);
  // the transverse eigenvalue reported is the one nearest 0 (the weakest attraction/repulsion)
  circle.transverse_eigenvalue = e.transverse_max < 0 ? e.transverse_max : e.transverse_min;
  const double tol = opt.classify.hyperbolic;
  circle.sphere_type = e.transverse_max < -tol  ? "stable-circle"
                       : e.transverse_min > tol ? "unstable-circle"
                                                : "non-hyperbolic";
  return e;
}

// The lowest latitude crosses_band samples, as a fraction of the band: 2^-24 (8e-9 rad at mesh
// level 4), where V* across a normally hyperbolic circle (~ lambda theta) is still far above the
// rounding of the field (~1e-15 |f|). A circle nearer the equator than that is not seen (the
// check samples; it is no proof).
constexpr double band_floor = 0x1p-24;

// V* crosses every latitude 0 < |theta| <= band in one sense (towards the equator for a stable
// circle, away from it for an unstable one), sampled at 8 latitudes evenly spaced to the band and
// the latitudes band/8 2^-j down to band * band_floor, each at kEquatorSamples longitudes: then
// the band holds no other zero and V* is transverse to the boundary of each cap |theta| > band.
// The halving latitudes see a pair of circles of limit directions between the equator and band/8
// (V* turns back between them), which the evenly spaced ones step over; a single circle there
// (point-spin on the ball at c = 0: 0.0099 rad, below band/8 = 0.017) shows already as a sense
// at band/8 other than the equator's type.
bool crosses_band(const System& system, double F, double band, bool stable) {
  std::vector<double> latitudes;
  for (int k = 1; k <= 8; ++k) latitudes.push_back(band * k / 8);
  for (double t = band / 16; t >= band * band_floor; t /= 2) latitudes.push_back(t);
  for (const double latitude : latitudes)
    for (const double sign : {1.0, -1.0}) {
      const double theta = sign * latitude;
      for (int i = 0; i < kEquatorSamples; ++i) {
        const double phi = 2 * pi * i / kEquatorSamples;
        const Eigen::Vector3d w = w_from_angles(theta, phi);
        const Eigen::Vector3d e_theta(-std::sin(theta) * std::cos(phi), -std::sin(theta) * std::sin(phi),
                                      std::cos(theta));
        const double towards_pole = sign * e_theta.dot(system.spherical(w, F));
        if (stable ? !(towards_pole < 0) : !(towards_pole > 0)) return false;
      }
    }
  return true;
}

// The isolated limit directions off a normally hyperbolic equator: the mesh search outside a
// band about it, certified by the index sum 1 of each cap (Poincare-Hopf on a disc whose
// boundary V* crosses in one sense).
LimitSet solve_global_equator(const System& system, double F, const LimitOptions& opt, const EquatorCircle& e) {
  std::vector<std::string> doubts;
  LimitSet set;
  set.force = F;
  set.method = "global";
  set.circles.push_back(e.circle);
  if (e.circle.sphere_type == "non-hyperbolic")
    doubts.push_back(fmt::format("the equator's circle of limit directions is not normally hyperbolic ({})",
                                 e.transverse_text()));
  // the band: two mesh edges (the icosphere's edge is ~1.1/2^level rad): seeds of faces that
  // may touch the circle are left out; crosses_band checks that nothing but the circle is there
  const double band = 2.2 / std::pow(2.0, opt.mesh_level);
  std::vector<Seed> outside;
  // the faces along the circle (every point of it a zero) are not candidates: the budget counts
  // the seeds off the band only
  global_seeds(system, F, opt.mesh_level, 4, outside, [&](const Eigen::Vector3d& w) { return std::abs(w.z()) <= band; });
  if (outside.size() > max_global_seeds) {
    doubts.push_back(budget_spent(opt.mesh_level));
    outside.resize(max_global_seeds);
  }
  int north = 0, south = 0;
  set.singular_points = singular_points(system, F, doubts);
  // the poles where q jumps may be Filippov limit directions (limits/jump_zeros.hpp; the
  // equator's own are the circle)
  const JumpZeros jumps = jump_zeros(system, F);
  std::vector<SingularPoint> about = set.singular_points;
  for (const JumpZero& z : jumps.zeros) {
    if (z.set != "pole") continue;
    auto& sps = set.singular_points;
    sps.erase(std::remove_if(sps.begin(), sps.end(), [&](const SingularPoint& sp) { return (sp.w - z.w).norm() == 0; }),
              sps.end());
    about.push_back({z.w, z.index});
    (z.w.z() > 0 ? north : south) += z.index;
    set.directions.push_back(classification_of(z));
  }
  for (const Eigen::Vector3d& w : refine_seeds(system, F, outside, opt, doubts, true, about)) {
    if (std::abs(w.z()) <= band) continue;  // Newton went onto the circle: no isolated zero there
    if (at_singular_point(set.singular_points, w)) continue;  // the shift's pole: V* = 0 by convention only
    Classification c = classify(system, F, w, opt.classify);
    (w.z() > 0 ? north : south) += c.index;
    doubts_of(c, doubts);
    set.directions.push_back(std::move(c));
  }
  for (const SingularPoint& sp : set.singular_points) (sp.w.z() > 0 ? north : south) += sp.index;
  set.certificate.index_sum = north + south;
  if (doubts.empty() && !crosses_band(system, F, band, circle_attracts(e.circle, 1.0)))
    doubts.push_back(fmt::format("V* does not cross the latitudes within {:.3g} rad of the equator in one sense "
                                 "(another zero near the circle?)",
                                 band));
  if (north != 1 || south != 1)
    doubts.push_back(fmt::format("index sums {} (w3 > 0) and {} (w3 < 0) != 1 in the caps off the equator: a "
                                 "limit direction was missed or is degenerate",
                                 north, south));
  set.certificate.level = doubts.empty() ? Level::checked : Level::incomplete;
  set.certificate.reason =
      doubts.empty()
          ? fmt::format("the equator is a circle of limit directions ({}, {}); V* crosses the latitudes within "
                        "{:.3g} rad of it (down to {:.2g} rad) in one sense, and the {} isolated limit direction(s) off "
                        "it, all hyperbolic, have index sum 1 in each cap (Poincare-Hopf on a disc)",
                        e.circle.sphere_type, e.transverse_text(), band, band * band_floor, set.directions.size())
          : joined_doubts(doubts);
  return set;
}

}  // namespace

// The mesh level is raised (up to two levels, at most 7) until the windings sum to 2; the
// seeds of every level are kept.
LimitSet solve_global(const System& system, double F, const LimitOptions& opt) {
  if (const auto equator = equator_circle(system, F, opt)) return solve_global_equator(system, F, opt, *equator);
  // Faces are refined 4 times (edges 1/16 of the mesh's); when the zeros found do not sum to
  // index 2, 8 times (1/256: zeros 1e-3 rad apart at level 4), only where V* is small.
  constexpr int max_depth = 4, deep_max_depth = 8;
  std::vector<Seed> seeds;
  std::vector<std::string> doubts;
  int level = opt.mesh_level, total = 0;
  for (;; ++level) {
    total = global_seeds(system, F, level, max_depth, seeds);
    if (seeds.size() > max_global_seeds) {
      doubts.push_back(budget_spent(level));
      seeds.resize(max_global_seeds);
      return assemble(system, F, seeds, "global", opt, doubts, true);
    }
    if (total == 2 || level >= std::min(opt.mesh_level + 2, 7)) break;
  }
  if (total != 2)
    doubts.push_back(fmt::format("the windings of V* over the mesh sum to {} != 2 even at mesh level {}: the field is "
                                 "not resolved (raise --mesh-level)",
                                 total, level));
  LimitSet set = assemble(system, F, seeds, "global", opt, doubts);
  if (total != 2 || set.certificate.index_sum == 2) return set;
  // The mesh resolves V* but a zero of a tight cluster was missed: refine deeper.
  std::vector<Seed> deep;
  global_seeds(system, F, level, deep_max_depth, deep);
  if (seeds.size() + deep.size() > max_global_seeds) return set;
  seeds.insert(seeds.end(), deep.begin(), deep.end());
  return assemble(system, F, seeds, "global", opt, doubts);
}

}  // namespace limitdir::detail
