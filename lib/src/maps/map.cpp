// The two-parameter map: seeding sweeps, curves, codimension-2 points, regions and the
// certificate (maps/map.hpp, docs/manual.md section 13).
#include "limitdir/maps/map.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <fmt/format.h>
#include <mutex>
#include <thread>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/continuation/hopf.hpp"
#include "limitdir/continuation/orbit_branches.hpp"
#include "limitdir/core/errors.hpp"
#include "maps/chord_refine.hpp"
#include "maps/circle_curves.hpp"
#include "maps/crossings.hpp"
#include "maps/defining_system.hpp"
#include "maps/map_proof.hpp"
#include "maps/regions.hpp"

namespace limitdir {

namespace {
// A seed belongs to a traced curve of its kind when it lies within 1e-3 of one of the curve's
// chords in the scaled (X, Y) and w (mirror coordinates by modulus): a chord of length
// h_max = 0.02 leaves the curve by h_max^2 k/8 ~ 5e-5 k for a curvature k of the scaled curve
// (k < 20 away from cusps), and two distinct curves of one kind that near in all of (X, Y, w)
// would be within 1e-3 of a codimension-2 point.
constexpr double kSeedOnCurve = 1e-3;
// Two codimension-2 points of one kind are one when within 1e-7 in the scaled (X, Y): each is
// located to the corrector's ~1e-11.
constexpr double kSamePoint = 1e-7;
// A codimension-2 point lies on another curve when that curve's defining system vanishes there
// to 1e-7: its residual at a located point is the corrector's ~1e-11 times a Jacobian of
// norm up to ~1e3, with a margin; off the curve it is of the size of the distance to it.
constexpr double kOnOtherCurve = 1e-7;

struct Scaled {
  double X, Y;
  Eigen::Vector3d w;
};

Scaled scaled(const TwoParameterFamily& f, const MapPoint& p) {
  return {(p.x - f.x.from) / (f.x.to - f.x.from), (p.y - f.y.from) / (f.y.to - f.y.from),
          detail::canonical_direction(f, p.w)};
}

double distance_to_chord(const Scaled& s, const Scaled& a, const Scaled& b) {
  Eigen::Matrix<double, 5, 1> u, v, q;
  u << a.X, a.Y, a.w;
  v << b.X, b.Y, b.w;
  q << s.X, s.Y, s.w;
  const Eigen::Matrix<double, 5, 1> d = v - u;
  const double t = d.squaredNorm() > 0 ? std::clamp((q - u).dot(d) / d.squaredNorm(), 0.0, 1.0) : 0.0;
  return (q - u - t * d).norm();
}

bool on_curve(const TwoParameterFamily& f, const MapCurve& c, const CurveSeed& seed) {
  if (c.kind != seed.kind) return false;
  const Scaled s = scaled(f, seed.at);
  for (std::size_t i = 0; i + 1 < c.points.size(); ++i)
    if (distance_to_chord(s, scaled(f, c.points[i]), scaled(f, c.points[i + 1])) <= kSeedOnCurve) return true;
  return c.points.size() == 1 && distance_to_chord(s, scaled(f, c.points[0]), scaled(f, c.points[0])) <= kSeedOnCurve;
}

/// The sweep along one line of the rectangle and the seeds of its located events.
struct LineResult {
  MapLine line;
  Diagram diagram;
  std::vector<CurveSeed> seeds;
  std::vector<MapPoint> branch_points;
  std::vector<MapPoint> kinks;  // kink events not on the equator (continuation/kink_crossing.hpp): not followed
  std::vector<OrbitCurvePoint> orbit_points;  // MapOptions::orbits: the ends of its orbit branches
  std::vector<std::string> orbit_doubts;      // its orbit branches that ended lost
};

/// The closed orbits of a line's sweep continued (continuation/orbit_branches.hpp) and their
/// cycle-fold, snic and homoclinic events as points of the plane (maps/orbit_curves.hpp).
void line_orbits(const ParameterFamily& family, LineResult& r, const std::string& where) {
  confirm_hopf_events(family, r.diagram);
  continue_orbit_branches(family, r.diagram);
  r.orbit_points = orbit_curve_points(r.diagram, r.line.along_x, r.line.value);
  for (const OrbitBranch& b : r.diagram.orbit_branches)
    if (b.level == Level::incomplete)
      r.orbit_doubts.push_back(fmt::format("the orbit branch {} of the sweep {}: {}", b.id, where, b.reason));
}

LineResult sweep_line(const Problem& problem, const TwoParameterFamily& f, bool along_x, double value,
                      const ContinuationOptions& options, bool orbits) {
  const MapAxis& along = along_x ? f.x : f.y;
  const MapAxis& across = along_x ? f.y : f.x;
  LineResult r;
  r.line.along_x = along_x;
  r.line.value = value;
  const ParameterFamily family = parameter_family(parameter_family(problem, across.name).problem(value), along.name);
  r.diagram = sweep(family, along.from, along.to, options);
  r.line.level = r.diagram.certificate.level;
  if (!r.diagram.certificate.complete()) r.line.reason = r.diagram.certificate.reason;
  if (orbits) line_orbits(family, r, fmt::format("along {} at {} = {}", along.name, across.name, value));
  for (const Event& e : r.diagram.events) {
    if (e.kind == EventKind::continuum || e.directions.empty()) continue;
    const double x = along_x ? e.p : value, y = along_x ? value : e.p;
    const System system = f.system(x, y);
    const double F = f.force(x, y);
    if (e.kind == EventKind::kink) {
      // a branch meets a kink set of the model (the event's direction lies on it): on the
      // equator a kink curve (maps/kink_curves.cpp); at a pole a point of the plane, not followed
      const Eigen::Vector3d& w = e.directions.front();
      if (std::abs(w.z()) < std::hypot(w.x(), w.y()) && equator_is_kink_set(f, x, y)) {
        r.seeds.push_back({CurveKind::kink, {x, y, w, system.radial(w, F)}});
        ++r.line.events;
      } else {
        r.kinks.push_back({x, y, w, 0});
      }
      continue;
    }
    for (const Eigen::Vector3d& w : e.directions) {
      const MapPoint at{x, y, w, system.radial(w, F)};
      // a branch point is a pitchfork of the family when a symmetry of the whole family fixes its
      // direction (the sweeps know the reflections, not the half-turn about e1); otherwise it
      // unfolds in two parameters
      const bool branch = e.kind == EventKind::branch_point || e.kind == EventKind::pitchfork;
      if (branch && mirrors_through(f, w).empty()) {
        r.branch_points.push_back(at);
        continue;
      }
      const CurveKind kind = e.kind == EventKind::fold ? CurveKind::fold
                             : branch                  ? CurveKind::pitchfork
                             : e.kind == EventKind::tangency  ? CurveKind::tangency
                                                              : CurveKind::hopf;
      r.seeds.push_back({seed_kind(f, {kind, at}), at});
      ++r.line.events;
    }
  }
  return r;
}

// Interior lines sit at i + 0.0618 spacings from the first side: off the round values (the
// middle, the quarters) at which a problem's special loads and parameters tend to lie, e.g. a
// pitchfork at F = 0.5 for every k, along which a sweep would follow a degenerate branch.
constexpr double kLineOffset = 0.0618;

/// The lines: the four edges and `n` interior lines in each direction. An edge at the load 0 is
/// moved in by a quarter of the spacing: there the limit directions of an axisymmetric system
/// fill circles (Figs 15-16 [Nonlinear Dyn. 2024]) and a sweep along it has no isolated events;
/// curves end on it (load-zero) and are met by the moved line.
std::vector<std::pair<bool, double>> seeding_lines(const TwoParameterFamily& f, int n) {
  std::vector<std::pair<bool, double>> lines;
  if (n < 0) return lines;  // none: the exact curves seed a map on the invariant circle
  for (bool along_x : {true, false}) {
    const MapAxis& across = along_x ? f.y : f.x;
    const double spacing = (across.to - across.from) / (n + 1);
    for (int i = 0; i <= n + 1; ++i) {
      double v = i == 0 ? across.from : i == n + 1 ? across.to : across.from + spacing * (i + kLineOffset);
      if (across.name == "force" && v == 0) v += (i == 0 ? 0.25 : -0.25) * spacing;
      lines.emplace_back(along_x, v);
    }
  }
  return lines;
}

/// The sweeps of every line, on every core (each builds its own systems; the progress notes
/// are serialised).
std::vector<LineResult> sweep_lines(const Problem& problem, const TwoParameterFamily& f,
                                    const std::vector<std::pair<bool, double>>& lines, const ContinuationOptions& options,
                                    bool orbits, const std::function<void(const std::string&)>& progress) {
  std::vector<LineResult> results(lines.size());
  std::vector<std::exception_ptr> errors(lines.size());
  std::atomic<std::size_t> next{0};
  std::mutex notes;
  const CancellationPredicate cancelled = current_cancellation();  // the caller's, on every thread
  const auto work = [&] {
    const CancellationScope scope(cancelled);
    for (std::size_t i; (i = next++) < lines.size();) {
      const auto& [along_x, value] = lines[i];
      const std::string line = fmt::format("sweep {}/{} along {} at {} = {}", i + 1, lines.size(),
                                           along_x ? f.x.name : f.y.name, along_x ? f.y.name : f.x.name, value);
      // the sweep's own notes (its continuation steps) too, serialised, so that a sweep longer
      // than a second shows where it is (docs/manual.md section 5)
      ContinuationOptions line_options = options;
      if (progress)
        line_options.progress = [&progress, &notes, line](const std::string& note) {
          const std::lock_guard<std::mutex> lock(notes);
          progress(line + ": " + note);
        };
      try {  // the note too: a progress hook may end the run (core/cancellation.hpp)
        if (progress) {
          const std::lock_guard<std::mutex> lock(notes);
          progress(line);
        }
        results[i] = sweep_line(problem, f, along_x, value, line_options, orbits);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> threads;
  for (std::size_t k = 1; k < std::min(cores, lines.size()); ++k) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  return results;
}

void add_points(const TwoParameterFamily& f, std::vector<CodimTwoPoint>& all, const std::vector<CodimTwoPoint>& found,
                int curve) {
  for (CodimTwoPoint p : found) {
    const Scaled s = scaled(f, p.at);
    auto same = std::find_if(all.begin(), all.end(), [&](const CodimTwoPoint& q) {
      const Scaled t = scaled(f, q.at);
      return q.kind == p.kind && std::hypot(s.X - t.X, s.Y - t.Y) <= kSamePoint;
    });
    if (same == all.end()) {
      p.curves = {curve};
      all.push_back(p);
    } else if (std::find(same->curves.begin(), same->curves.end(), curve) == same->curves.end()) {
      same->curves.push_back(curve);
    }
  }
}

/// Adds to p.curves every other curve that passes near p and whose defining system vanishes
/// there (e.g. the pitchfork curve through a degenerate pitchfork found from its fold curve).
void link_curves(const TwoParameterFamily& f, const std::vector<MapCurve>& curves, CodimTwoPoint& p) {
  for (const MapCurve& c : curves) {
    if (std::find(p.curves.begin(), p.curves.end(), c.id) != p.curves.end()) continue;
    if (std::any_of(c.mirrors.begin(), c.mirrors.end(), [&](int k) { return std::abs(p.at.w[k]) > kSamePoint; })) continue;
    if (!on_curve(f, c, CurveSeed{c.kind, p.at})) continue;  // near its polyline in (X, Y, w)
    const detail::CurveSpace space(f, c.kind, c.mirrors, c.mirror);
    if (space.residual(space.pack(p.at)).norm() <= kOnOtherCurve) p.curves.push_back(c.id);
  }
  std::sort(p.curves.begin(), p.curves.end());
}

/// What stays in doubt, by the claim of the certificate it bears on (docs/manual.md section 5,
/// "Claims"), each in the order found; the codimension-2 points are located on the curves, so
/// the curves' doubts are theirs too.
struct MapDoubts {
  std::vector<std::string> curves, regions;
};

/// A claim: incomplete with the first of its doubts (and how many more), else checked.
void map_claim(Certificate& c, const std::string& name, const std::vector<std::string>& doubts,
               const std::string& checked) {
  if (doubts.empty())
    set_claim(c, name, Level::checked, "checked: " + checked);
  else
    set_claim(c, name, Level::incomplete,
              doubts.front() + (doubts.size() > 1 ? fmt::format(" (and {} more)", doubts.size() - 1) : ""));
}

Certificate map_certificate(const BifurcationMap& m, const MapDoubts& doubts, int interior, int unresolved) {
  Certificate c;
  const std::string curves = fmt::format(
      "{} curve(s) traced to their ends from the events of {} sweeps (the four edges and {} interior lines each way)",
      m.curves.size(), m.lines.size(), interior);
  const std::string points = fmt::format("{} codimension-2 point(s) located on them", m.points.size());
  const std::string regions = fmt::format(
      "{} region(s) (the faces of the curves' arrangement) each with the limit directions of an interior point, "
      "agreeing with every interval of every seeding sweep ({} interval(s) with no point off the curves not compared)",
      m.regions.size(), unresolved);
  const std::string isola =
      "a closed curve crossing none of the lines (an isola narrower than their spacing) is not excluded";
  map_claim(c, "curves", doubts.curves, curves + "; " + isola);
  std::vector<std::string> on_curves;
  if (!doubts.curves.empty()) on_curves.push_back("located on curves in doubt: " + doubts.curves.front());
  map_claim(c, "codimension-2 points", on_curves, points);
  map_claim(c, "regions", doubts.regions, regions);
  std::vector<std::string> all = doubts.curves;
  all.insert(all.end(), doubts.regions.begin(), doubts.regions.end());
  c.reason = !all.empty() ? all.front() + (all.size() > 1 ? fmt::format(" (and {} more)", all.size() - 1) : "")
                          : "checked: " + curves + ", " + points + ", " + regions + "; " + isola;
  return c;
}

/// A checked map proven on the invariant circle (maps/map_proof.hpp), or the reason why not.
void prove(const detail::CircleMap* exact, const std::string& no_proof, BifurcationMap& m) {
  if (!exact) {
    m.certificate.reason += ". Not proven: no proof applies: " + no_proof;
    return;
  }
  const detail::MapProof proof = detail::compare_with_circle_map(*exact, m.x.name == "force", m);
  if (proof.proven) {
    set_claim(m.certificate, "curves", Level::proven, "proven: " + proof.curves);
    set_claim(m.certificate, "codimension-2 points", Level::proven, "proven: " + proof.points);
    set_claim(m.certificate, "regions", Level::proven, "proven: " + proof.regions);
    m.certificate.reason = proof.reason;
  } else {
    m.certificate.reason += ". Not proven: the proof on the invariant circle failed: " + proof.reason;
  }
}

}  // namespace

RegionLocator::RegionLocator(const MapAxis& x, const MapAxis& y, const std::vector<MapCurve>& curves)
    : x_(x), y_(y), arrangement_(std::make_shared<const detail::Arrangement>(detail::arrange(x, y, curves))) {}

int RegionLocator::face_at(double x, double y) const {
  return arrangement_->face_at((x - x_.from) / (x_.to - x_.from), (y - y_.from) / (y_.to - y_.from));
}

std::size_t RegionLocator::faces() const { return arrangement_->regions.size(); }

namespace {

/// The curves traced from the seeds (the exact curves' first) and their codimension-2 points.
void trace_curves(const TwoParameterFamily& f, const std::vector<CurveSeed>& seeds, const CurveOptions& options,
                  const std::function<void(const std::string&)>& progress, BifurcationMap& m,
                  MapDoubts& doubts) {
  for (const CurveSeed& seed : seeds) {
    if (std::any_of(m.curves.begin(), m.curves.end(), [&](const MapCurve& c) { return on_curve(f, c, seed); })) continue;
    if (progress)
      progress(fmt::format("{} curve from {} = {}, {} = {}", to_string(seed.kind), f.x.name, seed.at.x, f.y.name,
                           seed.at.y));
    TracedCurve t = follow_curve(f, seed, options);
    t.curve.id = static_cast<int>(m.curves.size());
    for (int e : {0, 1})
      if (t.curve.ends[e] == CurveEnd::failed)
        doubts.curves.push_back(fmt::format("the {} curve {} ended without reaching the boundary, a load of 0, a "
                                     "codimension-2 point or itself: {}", to_string(t.curve.kind), t.curve.id,
                                     t.curve.why));
    add_points(f, m.points, t.points, t.curve.id);
    m.curves.push_back(std::move(t.curve));
  }
  for (CodimTwoPoint& p : m.points) link_curves(f, m.curves, p);
}

/// Every traced curve's chords refined to `max_chord` (maps/chord_refine.hpp); a curve that could
/// not be is a doubt on the curves.
void refine_traced(const TwoParameterFamily& f, double max_chord, const std::function<void(const std::string&)>& progress,
                   BifurcationMap& m, MapDoubts& doubts) {
  for (MapCurve& c : m.curves) {
    if (progress) progress(fmt::format("refining the chords of the {} curve {}", to_string(c.kind), c.id));
    const std::string why = detail::refine_traced_curve(f, c, max_chord);
    if (!why.empty())
      doubts.curves.push_back(fmt::format("the chords of the {} curve {} could not be refined to {:g}: {}",
                                          to_string(c.kind), c.id, max_chord, why));
  }
}

/// The orbit curves of the lines' orbit events (maps/orbit_curves.hpp) and their claim "orbit
/// curves": checked at best (numerical orbit continuation), whatever the other claims are, and
/// the certificate's reason says which claims are proven and that these are not.
void add_orbit_curves(const TwoParameterFamily& f, const std::vector<LineResult>& lines, int interior,
                      BifurcationMap& m) {
  std::vector<OrbitCurvePoint> points;
  std::vector<std::string> doubts;
  for (const LineResult& line : lines) {
    points.insert(points.end(), line.orbit_points.begin(), line.orbit_points.end());
    doubts.insert(doubts.end(), line.orbit_doubts.begin(), line.orbit_doubts.end());
  }
  m.orbit_curves = join_orbit_points(points, f.x, f.y, orbit_link_length(interior));
  const long unlocated = std::count_if(points.begin(), points.end(), [](const OrbitCurvePoint& q) {
    return q.kind == "cycle-fold" && !q.located;
  });
  const std::string what = fmt::format(
      "{} orbit curve(s) joined from {} cycle-fold, snic and homoclinic event(s) of the orbit branches of {} "
      "sweeps (numerical continuation, Newton on the return map; {} fold(s) of cycles extrapolated, not located "
      "where the multiplier reaches 1), met only on the lines (links up to {:.3g} of the scaled rectangle); an "
      "orbit curve that no line's orbit branches reach (orbits born with no Hopf point on the line and absent at "
      "its start) is not excluded",
      m.orbit_curves->size(), points.size(), lines.size(), unlocated, orbit_link_length(interior));
  const bool others_proven = m.certificate.level == Level::proven;
  map_claim(m.certificate, "orbit curves", doubts, what);
  const Claim& claim = *find_claim(m.certificate, "orbit curves");
  const std::string orbits =
      claim.level == Level::checked ? claim.reason : "incomplete: " + claim.reason;  // "checked: ..." already
  m.certificate.reason += others_proven ? ". The curves, codimension-2 points and regions of the limit directions "
                                          "are proven; the orbit curves are " + orbits
                                        : ". The orbit curves are " + orbits;
}

/// The map with `interior` seeding lines each way besides the four sides (none at all for -1).
BifurcationMap map_with_lines(const Problem& problem, const TwoParameterFamily& f, const detail::CircleMap* exact,
                              const std::string& no_proof, int interior, const MapOptions& options,
                              const std::function<void(const std::string&)>& progress) {
  const MapAxis &x = f.x, &y = f.y;
  BifurcationMap m;
  m.x = x, m.y = y, m.mirrors = f.mirrors, m.half_turn = f.half_turn, m.max_chord = options.max_chord;
  MapDoubts doubts;
  const std::vector<LineResult> lines =
      sweep_lines(problem, f, seeding_lines(f, interior), options.sweep, options.orbits && interior >= 0, progress);
  std::vector<CurveSeed> seeds = exact ? detail::circle_seeds(*exact, x.name == "force") : std::vector<CurveSeed>{};
  for (CurveSeed& s : seeds) s.at.rdot = f.system(s.at.x, s.at.y).radial(s.at.w, f.force(s.at.x, s.at.y));
  std::size_t kinks = 0;
  for (const LineResult& line : lines) {
    const bool along_x = line.line.along_x;
    m.lines.push_back(line.line);
    if (!line.line.reason.empty())
      doubts.curves.push_back(fmt::format("the sweep along {} at {} = {} is incomplete: {}", along_x ? x.name : y.name,
                                   along_x ? y.name : x.name, line.line.value, line.line.reason));
    for (const MapPoint& b : line.branch_points) m.branch_points.push_back(b);
    seeds.insert(seeds.end(), line.seeds.begin(), line.seeds.end());
    kinks += line.kinks.size();
  }
  const bool from_exact = exact && interior < 0;  // the exact curves alone, no seeding line
  detail::ExactMapCurves built;
  if (from_exact) {
    built = detail::exact_map_curves(*exact, f, options.curve.h_max, options.max_chord);
    if (!built.why.empty() && progress) progress("the exact curves failed (" + built.why + "): tracing them");
  }
  if (from_exact && built.why.empty()) {
    m.curves = std::move(built.curves);
    m.points = std::move(built.points);
  } else {
    trace_curves(f, seeds, options.curve, progress, m, doubts);
    if (options.max_chord > 0) refine_traced(f, options.max_chord, progress, m, doubts);
  }
  m.crossings = detail::curve_crossings(f, m.curves);
  if (progress) progress("regions");
  const detail::Arrangement arrangement = detail::map_regions(f, m.curves, options.sweep.solver);
  m.regions = arrangement.regions;
  for (const std::string& d : arrangement.doubts) doubts.regions.push_back(d);
  int unresolved = 0;
  for (const LineResult& line : lines) {
    const detail::LineComparison c = detail::compare_with_line(f, arrangement, line.line.along_x, line.line.value, line.diagram);
    doubts.regions.insert(doubts.regions.end(), c.doubts.begin(), c.doubts.end());
    unresolved += c.unresolved;
  }
  if (kinks > 0)
    doubts.curves.push_back(fmt::format("{} kink event(s) of the seeding sweeps at a pole of the friction model (a branch "
                                 "through a pole is codimension 2 in the plane: not followed), or on an equator that "
                                 "is not a kink set there", kinks));
  if (!m.branch_points.empty())
    doubts.curves.push_back(fmt::format("{} branch point(s) off every mirror of the family (first at {} = {}, {} = {}): they "
                                 "unfold in two parameters and are not followed", m.branch_points.size(), x.name,
                                 m.branch_points.front().x, y.name, m.branch_points.front().y));
  m.certificate = map_certificate(m, doubts, interior, unresolved);
  if (m.certificate.level == Level::checked) prove(exact, no_proof, m);
  // the exact curves alone (no line) are the map only when proven; else bifurcation_map sweeps
  // the lines and comes back here with them
  if (options.orbits && interior >= 0)
    add_orbit_curves(f, lines, interior, m);
  else if (options.orbits && m.certificate.level == Level::proven)
    add_orbit_curves(f, sweep_lines(problem, f, seeding_lines(f, options.lines), options.sweep, true, progress),
                     options.lines, m);
  return m;
}

}  // namespace

BifurcationMap bifurcation_map(const Problem& problem, const MapAxis& x, const MapAxis& y, const MapOptions& options,
                               const std::function<void(const std::string&)>& progress) {
  if (!(std::isfinite(options.max_chord) && options.max_chord >= 0))
    throw InputError(fmt::format("MapOptions::max_chord: must be a finite number > 0, or 0 for none (got {})",
                                 options.max_chord));
  const TwoParameterFamily f = two_parameter_family(problem, x, y);
  // on the invariant circle the exact curves seed every curve, however small, and the proof
  // (maps/map_proof.hpp) needs no sweep: the sides and the lines are swept only when it fails
  std::string no_proof;
  const std::unique_ptr<const detail::CircleMap> exact = detail::circle_map_of(problem, x, y, no_proof);
  if (exact) {
    // traced by continuation instead (exact_curves false), the curves' polylines are checked
    // against the sweeps too: near a tangential contact of two curves (a degenerate pitchfork)
    // their chords may cross and join two regions into one face
    BifurcationMap m =
        map_with_lines(problem, f, exact.get(), no_proof, options.exact_curves ? -1 : options.lines, options, progress);
    if (m.certificate.level == Level::proven || !options.exact_curves) return m;
    if (progress) progress("not proven from the exact curves alone: sweeping the sides and the lines");
  }
  return map_with_lines(problem, f, exact.get(), no_proof, options.lines, options, progress);
}

}  // namespace limitdir
