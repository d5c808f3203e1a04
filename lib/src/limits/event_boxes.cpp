// The events over a load interval (limits/proof.hpp, enclose_events; docs/manual.md section 3,
// "Events off the invariant circle"): a branch and bound over the cube's faces times [F0, F1]
// (limits/chart_field.hpp) that drops the cells where g, its mean-value form, det Dg (folds and
// branch points), f_n (rdot = 0: tangencies) and the trace of J_T with det J_T > 0 (Hopf points)
// exclude their events, and keeps the others, split down to the minimum width, as event boxes.
// Compiled with -frounding-math (lib/CMakeLists.txt).
#include <Eigen/Core>
#include <fmt/format.h>

#include "limits/proof_search.hpp"

namespace limitdir {

using namespace detail;
using namespace detail::proof;

namespace {

constexpr unsigned fold_bit = 1u, tangency_bit = 2u, hopf_bit = 4u, no_enclosure_bit = 8u;

/// The load F = F0 + (t + 1) (F1 - F0)/2 of the cell coordinate t in [-1, 1] (so that the
/// cells split F like u and v).
Interval load_of(const Interval& t, double F0, double F1) {
  return F0 + (t + 1.0) * ((Interval(F1) - F0) * 0.5);  // F1 - F0 enclosed: the cells cover [F0, F1]
}

/// The events that cannot be excluded on the cell (U, V) x F: natural and mean-value
/// enclosures of g (g = 0), det Dg (folds and branch points), f_n (rdot = 0), and trace and
/// det of J_T over the cell's directions (Hopf: trace = 0 with det > 0).
unsigned possible_events(const FieldEnclosure& field, const Face& face, const IVec2& X) {
  const auto whole = face_value(field, face, X);
  if (!whole) return no_enclosure_bit;
  if (!contains_zero(whole->g(0)) || !contains_zero(whole->g(1))) return 0;
  const Eigen::Vector2d m = mid_of(X);
  const auto at_m = face_value(field, face, to_interval<2>(m));
  if (!at_m) return no_enclosure_bit;
  const IVec2 mean_value = at_m->g + whole->Dg * (X - to_interval<2>(m));
  if (!contains_zero(mean_value(0)) || !contains_zero(mean_value(1))) return 0;
  unsigned kinds = 0;
  if (contains_zero(whole->Dg(0, 0) * whole->Dg(1, 1) - whole->Dg(0, 1) * whole->Dg(1, 0))) kinds |= fold_bit;
  if (contains_zero(whole->fn)) kinds |= tangency_bit;
  const ProvenDirection d = characterise(field, face_point(face, X));
  if (contains_zero(d.trace_JT) && d.det_JT.upper() > 0.0) kinds |= hopf_bit;
  return kinds;
}

struct EventSearch {
  const System* system;
  double F0, F1;
  const std::vector<Face>* faces;
  IMat3 Minv;
};

unsigned examine_event_cell(const EventSearch& S, const Cell<3>& cell) {
  const Interval F = load_of(cell.X(2), S.F0, S.F1);
  IVec3 load;
  for (int i = 0; i < 3; ++i) load(i) = F * S.system->load_direction()(i) + S.system->load_offset()(i);
  const FieldEnclosure field{&S.system->friction(), S.Minv, S.Minv * load,
                             dynamic_cast<const AxisymmetricModel*>(&S.system->friction())};
  IVec2 X;
  X(0) = cell.X(0);
  X(1) = cell.X(1);
  return possible_events(field, (*S.faces)[cell.chart], X);
}

/// The unit directions of the cell's face coordinates.
IVec3 cell_directions(const EventSearch& S, const Cell<3>& cell) {
  IVec2 X;
  X(0) = cell.X(0);
  X(1) = cell.X(1);
  return normalized(face_point((*S.faces)[cell.chart], X));
}

void record_events(const EventSearch& S, const Cell<3>& cell, unsigned kinds, EventBoxes& out) {
  const IVec3 w = cell_directions(S, cell);
  const Interval F = load_of(cell.X(2), S.F0, S.F1);
  for (const auto& [bit, kind] : {std::pair{fold_bit, EventBoxKind::fold}, std::pair{tangency_bit, EventBoxKind::tangency},
                                  std::pair{hopf_bit, EventBoxKind::hopf}})
    if (kinds & bit) out.boxes.push_back({kind, w, F});
}

}  // namespace

EventBoxes enclose_events(const System& system, double F0, double F1, const EventOptions& options) {
  const UpwardRounding upward;
  EventBoxes out;
  const auto faces = cube_faces();
  const auto Minv = inverse_enclosure(to_interval<3>(system.M()));
  if (!faces || !Minv || !(F0 <= F1)) {
    out.reason = "the mass matrix or the chart matrices could not be inverted rigorously, or F0 > F1";
    return out;
  }
  const EventSearch S{&system, F0, F1, &*faces, *Minv};
  std::vector<Cell<3>> work;
  for (int k = 0; k < 6; ++k) {
    IVec3 X;
    X(0) = X(1) = X(2) = Interval(-1.0, 1.0);
    work.push_back({k, X});
  }
  while (!work.empty()) {
    const Cell<3> cell = work.back();
    work.pop_back();
    poll_cancellation();  // core/cancellation.hpp: once per cell
    const auto where = [&] {
      return fmt::format("{}: u in [{:.9f}, {:.9f}], v in [{:.9f}, {:.9f}], F in [{:.9f}, {:.9f}]",
                                          (*faces)[cell.chart].name, cell.X(0).lower(), cell.X(0).upper(),
                                          cell.X(1).lower(), cell.X(1).upper(), load_of(cell.X(2), F0, F1).lower(),
                                          load_of(cell.X(2), F0, F1).upper());
    };
    if (out.cells >= options.max_cells) {
      out.undecided.push_back(where() + ": cell budget spent (EventOptions::max_cells)");
      continue;
    }
    if (options.within && !boxes_meet(*options.within, cell_directions(S, cell))) continue;
    ++out.cells;
    const unsigned kinds = examine_event_cell(S, cell);
    if (kinds == 0 || split(cell, options.min_width, work)) continue;
    if (kinds & no_enclosure_bit)
      out.undecided.push_back(where() + ": " + no_enclosure);
    else
      record_events(S, cell, kinds, out);
  }
  out.complete = out.undecided.empty();
  out.reason = out.complete ? fmt::format("{} event boxes; no fold, branch point, tangency or Hopf point outside them "
                                          "({} cells)", out.boxes.size(), out.cells)
                            : fmt::format("{} cells undecided (first: {})", out.undecided.size(), out.undecided.front());
  return out;
}

}  // namespace limitdir
