// The exclusion of closed orbits of V* (limits/orbit_exclusion.hpp, docs/manual.md section 9):
// a combinatorial flow on the cube cover of limits/cube_cover.cpp in the spirit of the Conley-Morse
// graphs of Arai et al. (2009). On a face x = T (1, u, v) the chart field
// g = (f_a - u f_n, f_b - v f_n), f = T^-1 F, is |x| > 0 times the push-forward of V*, so V* and g
// have the same oriented orbits. Compiled with -frounding-math (lib/CMakeLists.txt).
#include "limitdir/limits/orbit_exclusion.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <tuple>

#include "limitdir/core/progress.hpp"
#include "limitdir/core/cancellation.hpp"
#include "limits/chart_field.hpp"
#include "limits/orbit_lyapunov.hpp"
#include "limits/proof_search.hpp"

namespace limitdir {

using namespace detail;

namespace {

// ----- cells and their cube coordinates ------------------------------------------------------

/// A cell of face `face`: (u, v) in X, exact double end points. On face 2k + (s < 0) the cube
/// coordinates (limits/chart_field.hpp, cube_faces) are p_k = s, p_k+1 = u, p_k+2 = v.
struct QCell {
  int face;
  IVec2 X;
  int root;        // the cell of the initial grid that holds it
  FaceValue own;   // g and Dg over the cell in its own chart
  bool hull;       // own.g is the box of the Filippov hull about a pole where q jumps (no Dg)
  int settled = -1;  // the component (numbered in order of proof) that excluded it
};

struct Box3 {
  std::array<double, 3> lo, hi;
};

Box3 cube_box(int face, const IVec2& X) {
  const int k = face / 2;
  const double s = face % 2 == 0 ? 1.0 : -1.0;
  Box3 b;
  b.lo[k] = b.hi[k] = s;
  b.lo[(k + 1) % 3] = X(0).lower();
  b.hi[(k + 1) % 3] = X(0).upper();
  b.lo[(k + 2) % 3] = X(1).lower();
  b.hi[(k + 2) % 3] = X(1).upper();
  return b;
}

bool boxes_touch(const Box3& a, const Box3& b) {
  for (int i = 0; i < 3; ++i)
    if (a.hi[i] < b.lo[i] || b.hi[i] < a.lo[i]) return false;
  return true;
}

/// The common side piece of two cells: a segment of positive length (a common vertex only is
/// not a side; docs/manual.md section 9 shows that a trajectory through a vertex follows sides).
std::optional<Box3> common_side(const Box3& a, const Box3& b) {
  Box3 m;
  int long_dims = 0;
  for (int i = 0; i < 3; ++i) {
    m.lo[i] = std::max(a.lo[i], b.lo[i]);
    m.hi[i] = std::min(a.hi[i], b.hi[i]);
    if (m.hi[i] < m.lo[i]) return std::nullopt;
    if (m.hi[i] > m.lo[i]) ++long_dims;
  }
  if (long_dims != 1) return std::nullopt;
  return m;
}


/// g and Dg over the box X of a chart, g narrowed by the mean-value form g(m) + Dg(X)(X - m)
/// (Lipschitz g, Dg the Clarke hull; as in limits/cube_cover.cpp), which is what excludes zeros
/// from most cells: nullopt without an enclosure.
std::optional<FaceValue> cell_value(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  auto whole = face_value(field, face, X);
  if (!whole) return std::nullopt;
  const Eigen::Vector2d m = mid_of(X);
  const auto at_m = face_value(field, face, to_interval<2>(m));
  if (!at_m) return std::nullopt;
  const IVec2 mean_value = at_m->g + whole->Dg * (X - to_interval<2>(m));
  for (int i = 0; i < 2; ++i)
    if (!disjoint(mean_value(i), whole->g(i))) whole->g(i) = meet(mean_value(i), whole->g(i));
  return whole;
}

/// A cell's enclosure: g and Dg (cell_value), or, about a pole where q jumps, the box of the
/// Filippov hull of g (limits/jump_cells.cpp, pole_jump_hull; hull = true, Dg left unbounded),
/// which also narrows cell_value's g on the cells near such a pole.
/// A Filippov solution's velocity lies in that hull, so the flux bounds of the graph and the
/// sign-definite d . g (limits/orbit_lyapunov.hpp, (a)) hold for it as for a smooth field.
struct CellEnclosure {
  FaceValue value;
  bool hull = false;
};

std::optional<CellEnclosure> enclose_cell(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  auto v = cell_value(field, face, X);
  const auto g = proof::pole_jump_hull(field, face, X);
  if (v && g)  // near a pole, q's enclosure over a cell grows with the turn of n across it: the hull narrows it
    for (int i = 0; i < 2; ++i)
      if (!disjoint(v->g(i), (*g)(i))) v->g(i) = meet(v->g(i), (*g)(i));
  if (v) return CellEnclosure{*v, false};
  if (!g) return std::nullopt;
  const Interval everything(-INFINITY, INFINITY);
  FaceValue hull;
  hull.g = *g;
  hull.Dg.a.fill(everything);
  hull.fn = everything;
  return CellEnclosure{hull, true};
}

// ----- the graph: an edge A -> B unless the flux out of A across their side is proven < 0 ---

struct Graph {
  std::vector<std::vector<int>> out;
};

/// The field in a face's chart over a side piece, cached (a side within a face is shared by
/// both directions): key (face, axis of the constant coordinate, its value, the range of the other).
struct SideCache {
  std::map<std::tuple<int, int, double, double, double>, std::optional<Interval>> values;
};

/// The outward flux of g from cell A across the side piece `side` in A's chart: +-g_axis on the
/// side u = const (axis 0) or v = const (axis 1); nullopt when not enclosed.
std::optional<Interval> outward_flux(const FieldEnclosure& field, const std::vector<Face>& faces, const QCell& A,
                                     const Box3& side, SideCache& cache) {
  const int k = A.face / 2;
  IVec2 S;
  S(0) = Interval(side.lo[(k + 1) % 3], side.hi[(k + 1) % 3]);
  S(1) = Interval(side.lo[(k + 2) % 3], side.hi[(k + 2) % 3]);
  const int axis = width_of(S(0)) == 0.0 ? 0 : 1;
  const double at = S(axis).lower();
  const double sign = at == A.X(axis).upper() ? 1.0 : -1.0;  // the side is at A's upper or lower end
  const Interval whole = sign * A.own.g(axis);  // the cell's enclosure holds on its sides
  if (!contains_zero(whole)) return whole;
  const auto key = std::make_tuple(A.face, axis, at, S(1 - axis).lower(), S(1 - axis).upper());
  auto it = cache.values.find(key);
  if (it == cache.values.end()) {
    const auto v = face_value(field, faces[A.face], S);
    it = cache.values.emplace(key, v ? std::optional<Interval>(v->g(axis)) : std::nullopt).first;
  }
  if (!it->second) return std::nullopt;
  return sign * *it->second;
}

Graph build_graph(const FieldEnclosure& field, const std::vector<Face>& faces, const std::vector<QCell>& cells,
                  const std::vector<std::vector<int>>& root_neighbours, SideCache& cache) {
  const int n = static_cast<int>(cells.size());
  std::vector<std::vector<int>> by_root(root_neighbours.size());
  for (int i = 0; i < n; ++i) by_root[cells[i].root].push_back(i);
  std::vector<Box3> box(n);
  for (int i = 0; i < n; ++i) box[i] = cube_box(cells[i].face, cells[i].X);
  Graph G;
  G.out.resize(n);
  const auto may_cross = [&](int a, const Box3& side) {
    const auto flux = outward_flux(field, faces, cells[a], side, cache);
    return !flux || !(flux->upper() < 0.0);  // not proven < 0 (or not enclosed): the edge stays
  };
  for (int a = 0; a < n; ++a)
    for (int r : root_neighbours[cells[a].root])
      for (int b : by_root[r]) {
        if (b <= a) continue;
        const auto side = common_side(box[a], box[b]);
        if (!side) continue;
        if (may_cross(a, *side)) G.out[a].push_back(b);
        if (may_cross(b, *side)) G.out[b].push_back(a);
      }
  return G;
}

/// Tarjan's strongly connected components, iteratively (components of ~1e4 cells).
std::vector<std::vector<int>> strong_components(const Graph& G) {
  const int n = static_cast<int>(G.out.size());
  std::vector<int> index(n, -1), low(n, 0), stack;
  std::vector<char> on_stack(n, 0);
  std::vector<std::vector<int>> comps;
  int counter = 0;
  std::vector<std::pair<int, std::size_t>> call;  // (node, next edge)
  for (int s = 0; s < n; ++s) {
    if (index[s] >= 0) continue;
    call.push_back({s, 0});
    index[s] = low[s] = counter++;
    stack.push_back(s);
    on_stack[s] = 1;
    while (!call.empty()) {
      auto& [v, e] = call.back();
      if (e < G.out[v].size()) {
        const int w = G.out[v][e++];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          on_stack[w] = 1;
          call.push_back({w, 0});
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      const int done = v;
      call.pop_back();
      if (!call.empty()) low[call.back().first] = std::min(low[call.back().first], low[done]);
      if (low[done] != index[done]) continue;
      std::vector<int> comp;
      int w;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = 0;
        comp.push_back(w);
      } while (w != done);
      comps.push_back(std::move(comp));
    }
  }
  return comps;
}


// ----- excluding a closed orbit from one component ----------------------------------------------

/// The cells of a component in one chart: g and Dg over each cell's box of chart coordinates.
struct ChartView {
  int face = -1;
  std::vector<FaceValue> values;
  bool hull = false;    // one of the values is a Filippov hull about a pole (no Dg)
  std::string failure;  // why the component could not be put in one chart
};

/// The unit direction of the cell's centre.
Eigen::Vector3d centre(const std::vector<Face>& faces, const QCell& c) {
  return (faces[c.face].T * Eigen::Vector3d(1.0, mid_of(c.X(0)), mid_of(c.X(1)))).normalized();
}

/// The chart whose axis T e1 is closest to the component's mean direction; a cell of another
/// face enters as the box of (x_a / x_n, x_b / x_n), (x_n, x_a, x_b) = T^-1 x, with x_n > 0 proven.
ChartView chart_view(const FieldEnclosure& field, const std::vector<Face>& faces, const std::vector<QCell>& cells,
                     const std::vector<int>& comp) {
  ChartView view;
  const int first = cells[comp.front()].face;
  const bool one_face = std::all_of(comp.begin(), comp.end(), [&](int i) { return cells[i].face == first; });
  view.face = first;
  if (!one_face) {
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    for (int i : comp) sum += centre(faces, cells[i]);
    double best = -2.0;
    for (int f = 0; f < 6; ++f)
      if (faces[f].T.col(0).dot(sum) > best) best = faces[f].T.col(0).dot(sum), view.face = f;
  }
  const Face& chart = faces[view.face];
  for (int i : comp) {
    if (cells[i].face == view.face) {
      view.values.push_back(cells[i].own);
      view.hull = view.hull || cells[i].hull;
      continue;
    }
    const IVec3 y = chart.Tinv * face_point(faces[cells[i].face], cells[i].X);
    if (!(y(0).lower() > 0.0)) {
      view.failure = fmt::format("its cells do not lie in the open hemisphere of {}", chart.name);
      return view;
    }
    IVec2 X;
    X(0) = y(1) / y(0);
    X(1) = y(2) / y(0);
    const auto v = enclose_cell(field, chart, X);
    if (!v) {
      view.failure = "the friction model has no enclosure on one of its cells";
      return view;
    }
    view.values.push_back(v->value);
    view.hull = view.hull || v->hull;
  }
  return view;
}

enum class Exclusion { by_sign, by_krasovskii, refine };

Exclusion exclude_in_component(const ChartView& view) {
  if (!view.failure.empty()) return Exclusion::refine;
  if (sign_definite(view.values)) return Exclusion::by_sign;
  if (!view.hull && krasovskii(view.values)) return Exclusion::by_krasovskii;  // (b) needs Dg
  return Exclusion::refine;
}


// ----- the cover and its refinement ---------------------------------------------------------------

struct Cover {
  const FieldEnclosure* field;
  const std::vector<Face>* faces;
  std::vector<QCell> cells;
  std::vector<std::vector<int>> root_neighbours;  // the roots touching each root (itself included)
  SideCache cache;
  bool add(int face, const IVec2& X, int root) {
    const auto own = enclose_cell(*field, (*faces)[face], X);
    if (!own) return false;
    cells.push_back(QCell{face, X, root, own->value, own->hull});
    return true;
  }
};

/// The initial grid: n x n cells per face, the end points -1 + 2i/n computed the same way on
/// both sides of every grid line (and exactly +-1 on the cube's edges).
bool initial_cover(Cover& cover, int n) {
  const auto at = [n](int i) { return i == n ? 1.0 : -1.0 + 2.0 * i / n; };
  for (int f = 0; f < 6; ++f)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        IVec2 X;
        X(0) = Interval(at(i), at(i + 1));
        X(1) = Interval(at(j), at(j + 1));
        if (!cover.add(f, X, static_cast<int>(cover.cells.size()))) return false;
      }
  const int roots = static_cast<int>(cover.cells.size());
  cover.root_neighbours.resize(roots);
  for (int a = 0; a < roots; ++a)
    for (int b = 0; b < roots; ++b)
      if (boxes_touch(cube_box(cover.cells[a].face, cover.cells[a].X), cube_box(cover.cells[b].face, cover.cells[b].X)))
        cover.root_neighbours[a].push_back(b);
  return true;
}

/// Splits every marked cell into four at its midpoint (shared by the four children).
bool refine(Cover& cover, const std::vector<char>& marked) {
  std::vector<QCell> old;
  old.swap(cover.cells);
  for (std::size_t i = 0; i < old.size(); ++i) {
    if (!marked[i]) {
      cover.cells.push_back(old[i]);
      continue;
    }
    const QCell& c = old[i];
    const double mu = mid_of(c.X(0)), mv = mid_of(c.X(1));
    for (const auto& [u0, u1] : {std::pair{c.X(0).lower(), mu}, std::pair{mu, c.X(0).upper()}})
      for (const auto& [v0, v1] : {std::pair{c.X(1).lower(), mv}, std::pair{mv, c.X(1).upper()}}) {
        IVec2 X;
        X(0) = Interval(u0, u1);
        X(1) = Interval(v0, v1);
        if (!cover.add(c.face, X, c.root)) return false;
      }
  }
  return true;
}

std::string describe(const Cover& cover, const std::vector<int>& comp, const std::string& why) {
  const QCell& c = cover.cells[comp.front()];
  const IVec3 w = normalized(face_point((*cover.faces)[c.face], c.X));
  return fmt::format("a component of {} cells, one of them {} u in [{:.9f}, {:.9f}], v in [{:.9f}, {:.9f}] "
                     "(w near ({:.6f}, {:.6f}, {:.6f})): {}",
                     comp.size(), (*cover.faces)[c.face].name, c.X(0).lower(), c.X(0).upper(), c.X(1).lower(),
                     c.X(1).upper(), mid_of(w(0)), mid_of(w(1)), mid_of(w(2)), why);
}

/// Whether the component must be examined: it has several cells (a cycle of the graph), or it is
/// one cell whose g may vanish (an orbit inside one cell, a disc, encloses a zero); a component
/// inside one already excluded is skipped.
bool candidate(const Cover& cover, const std::vector<int>& comp) {
  const QCell& c = cover.cells[comp.front()];
  if (comp.size() == 1 && !(contains_zero(c.own.g(0)) && contains_zero(c.own.g(1)))) return false;
  return !(c.settled >= 0 && std::all_of(comp.begin(), comp.end(),
                                         [&](int i) { return cover.cells[i].settled == c.settled; }));
}

/// Why the component cannot be refined (budget, width), or empty.
std::string refine_blocker(const Cover& cover, const std::vector<int>& comp, int new_cells,
                           const OrbitExclusionOptions& options) {
  if (new_cells + 3 * static_cast<int>(comp.size()) > options.max_cells)
    return fmt::format("not decided within the cell budget ({} cells)", options.max_cells);
  for (int i : comp)
    if (width_of(cover.cells[i].X(0)) < 2 * options.min_width) return "not decided down to the minimum cell width";
  return {};
}

/// One round: every candidate component is excluded or marked for refinement; false when one
/// can be neither (out.undecided says where).
bool examine_round(Cover& cover, const OrbitExclusionOptions& options, int& next_id, std::vector<char>& marked,
                   OrbitExclusion& out) {
  const Graph G = build_graph(*cover.field, *cover.faces, cover.cells, cover.root_neighbours, cover.cache);
  int new_cells = static_cast<int>(cover.cells.size());
  marked.assign(cover.cells.size(), 0);
  for (const std::vector<int>& comp : strong_components(G)) {
    if (!candidate(cover, comp)) continue;
    const ChartView view = chart_view(*cover.field, *cover.faces, cover.cells, comp);
    const Exclusion e = exclude_in_component(view);
    if (e != Exclusion::refine) {
      ++(e == Exclusion::by_sign ? out.by_sign : out.by_krasovskii);
      ++out.components;
      for (int i : comp) cover.cells[i].settled = next_id;
      ++next_id;
      continue;
    }
    const std::string blocker = refine_blocker(cover, comp, new_cells, options);
    if (!blocker.empty()) {
      const std::string why = view.failure.empty() ? "no sign-definite d . g and no Krasovskii function" : view.failure;
      out.undecided.push_back(describe(cover, comp, why + "; " + blocker));
      return false;
    }
    new_cells += 3 * static_cast<int>(comp.size());
    ++out.refined;
    for (int i : comp) marked[i] = 1;
  }
  return true;
}

/// A pole where q jumps and the jump dominates (its Filippov set holds 0): a cell about it is in
/// a candidate component that neither (a) nor (b) can decide, so the proof would only spend its
/// budget there; the reason why, or empty.
std::string turning_pole(const FieldEnclosure& field, const std::vector<Face>& faces) {
  for (const double z : {1.0, -1.0}) {
    const Eigen::Vector3d pole(0.0, 0.0, z);
    int best = 0;
    for (int f = 1; f < 6; ++f)
      if (faces[f].T.col(0).dot(pole) > faces[best].T.col(0).dot(pole)) best = f;
    const Eigen::Vector3d y = mid_of(faces[best].Tinv) * pole;  // x = T (1, u, v) along the pole
    if (proof::pole_hull_holds_zero(field, faces[best], Eigen::Vector2d(y(1) / y(0), y(2) / y(0))))
      return fmt::format("closed orbits not excluded: at the pole (0, 0, {:+.0f}) the jump of q dominates its "
                         "continuous part (the Filippov set of V* there holds 0: the flow turns about the pole), and "
                         "no coordinate d . g is monotone about it",
                         z);
  }
  return {};
}

}  // namespace

int orbit_cell_budget(const System& system, const OrbitExclusionOptions& options) {
  return system.friction().enclosure_follows_box() ? std::min(options.max_cells, orbit_max_cells_quadrature)
                                                    : options.max_cells;
}

OrbitExclusion exclude_closed_orbits(const System& system, double F, const OrbitExclusionOptions& given) {
  OrbitExclusionOptions options = given;
  options.max_cells = orbit_cell_budget(system, given);
  const UpwardRounding upward;
  OrbitExclusion out;
  const auto field = field_enclosure(system, Interval(F));
  const auto faces = cube_faces();
  if (!field || !faces) {
    out.reason = "closed orbits not excluded: the mass matrix or the chart matrices could not be inverted rigorously";
    return out;
  }
  if (const std::string why = turning_pole(*field, *faces); !why.empty()) {
    out.reason = why;
    return out;
  }
  Cover cover{&*field, &*faces, {}, {}, {}};
  const char* const no_enclosure =
      "closed orbits not excluded: the friction model has no interval enclosure on every cell of the cover (none at "
      "all, or none about a pole where q jumps, as with a shifted pressure)";
  if (!initial_cover(cover, options.initial_grid)) {
    out.reason = no_enclosure;
    return out;
  }
  int next_id = 0;
  std::vector<char> marked;
  ProgressCounter counter(current_progress(), "orbit exclusion: cells of the cover", 0);  // refined adaptively
  while (true) {
    poll_cancellation();  // core/cancellation.hpp: once per round of refinement
    counter.step(cover.cells.size());
    if (!examine_round(cover, options, next_id, marked, out)) {
      out.cells = static_cast<int>(cover.cells.size());
      out.reason = "closed orbits not excluded by the combinatorial flow: " + out.undecided.front();
      return out;
    }
    if (std::find(marked.begin(), marked.end(), 1) == marked.end()) break;
    if (!refine(cover, marked)) {
      out.reason = no_enclosure;
      return out;
    }
  }
  out.cells = static_cast<int>(cover.cells.size());
  out.hull_cells = static_cast<int>(
      std::count_if(cover.cells.begin(), cover.cells.end(), [](const QCell& c) { return c.hull; }));
  out.proven = true;
  out.reason = fmt::format("closed orbits excluded (proven): a combinatorial flow on {} cells of the cube cover ({} "
                           "components refined); each of its {} strongly connected components that could hold one is "
                           "excluded, {} by a sign-definite d . g, {} by a Krasovskii function g^T P g (interval "
                           "arithmetic)",
                           out.cells, out.refined, out.components, out.by_sign, out.by_krasovskii);
  if (out.hull_cells > 0)
    out.reason += fmt::format("; {} cells about a pole where q jumps enclosed by the Filippov hull of g (the jump in "
                              "every direction), their components by a sign-definite d . g",
                              out.hull_cells);
  return out;
}

}  // namespace limitdir
