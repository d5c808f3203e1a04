#pragma once
// Hopf points of limit directions and the closed orbits born there (docs/manual.md section 9).
// A limit direction whose tangent Jacobian J_T (limits/classify.hpp) has a complex pair crossing the
// imaginary axis (trace J_T = 0 with det J_T > 0) changes from a stable to an unstable focus on
// the sphere, and generically a closed orbit of dw/dtau = V*(w) is born there: attracting on the
// side where the focus is unstable (supercritical), or repelling on the side where it is stable
// (subcritical). The continuation (continuation/continuation.hpp) locates these points as `hopf` events; the
// birth of the orbit is confirmed here by the orbit search (dynamics/closed_orbits.hpp) on both sides.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/continuation/continuation.hpp"

namespace limitdir {

/// A Hopf point between two points p0, p1 of a branch of limit directions with tangent
/// Jacobians J0, J1: trace J_T changes sign while det J_T > 0 at both ends (a complex pair
/// crosses the imaginary axis). The parameter where the linear interpolation of the trace
/// vanishes, none when there is no such crossing.
std::optional<double> hopf_parameter(double p0, const Eigen::Matrix2d& J0, double p1, const Eigen::Matrix2d& J1);


/// The orbits born at the Hopf event `hopf` (of a diagram of `family`, kind hopf, its first
/// direction the focus): the orbits that go around the focus (orbits_encircling) at p -+ dp.
/// InputError when the event is not a Hopf point or dp <= 0.
HopfOrbits orbits_at_hopf(const ParameterFamily& family, const Event& hopf, double dp,
                          const OrbitSearchOptions& options = {});

/// dp of confirm_hopf_events: hopf_step_fraction of the gap between the event and its nearest
/// neighbour (another event or an end of the range). 0.5: the two searches run halfway into the
/// regions on either side, as far from the Hopf point as the diagram allows, because near it the
/// focus is weak (its rate trace J_T/2 -> 0) and the searches settle slowly (e.g. (64) with a
/// rotation part: unsettled at 0.07 of the gap above the event, settled at 0.35).
inline constexpr double hopf_step_fraction = 0.5;

/// The offset dp of confirm_hopf_events' first two searches at the Hopf event `event` of
/// `diagram`: hopf_step_fraction of the gap between it and its nearest neighbour.
double hopf_offset(const Diagram& diagram, const Event& event);

/// When both searches at -+dp are complete and find no orbit around the focus, the orbits born
/// at the Hopf point may reach less far in p than dp (e.g. ending at a homoclinic loop just past
/// the event, docs/manual.md section 9): the searches are repeated at dp / hopf_retry_shrink,
/// up to hopf_retries times, while dp stays above the event's bracket p_error (so that each side
/// stays on its side of the Hopf point). 4 and 5: down to dp / 1024 in 10 more searches; an
/// orbit of amplitude a spans ~a^2 of p near a generic Hopf point, so each retry reaches orbits
/// half as large.
inline constexpr double hopf_retry_shrink = 4.0;
inline constexpr int hopf_retries = 5;

/// The kind of a Hopf point whose orbit, of stability `orbit`, lies beside it where the focus is
/// of type `focus`: "supercritical" (attracting, the focus unstable), "subcritical" (repelling,
/// the focus stable) or "unconfirmed".
std::string hopf_kind(OrbitStability orbit, const std::optional<SphereType>& focus);

/// The type of the focus of the Hopf event `hopf` (of a diagram of `family`) at p, if the limit
/// direction near it is found there.
std::optional<SphereType> focus_type_at(const ParameterFamily& family, const Event& hopf, double p);

/// Notes in the certificate of `diagram` (its reason and the events claim) that the orbit born at
/// its Hopf event `event` is unconfirmed, with the event's reason.
void note_unconfirmed(Diagram& diagram, const Event& event);

/// Takes back the note that note_unconfirmed wrote for `event` when its reason was `reason`
/// (continuation/orbit_seeds.cpp: a Hopf point confirmed after all by a branch of orbits that
/// shrinks onto its focus). Nothing when the certificate does not hold that note.
void retract_unconfirmed(Diagram& diagram, const Event& event, const std::string& reason);

/// Runs orbits_at_hopf at every hopf event of `diagram` (a diagram of `family`), closer to the
/// event while both sides are complete and empty (hopf_retries), and stores the result in the
/// event (Event::born; its reason lists every offset tried); the certificate's reason gets one line per unconfirmed
/// birth (the level is unchanged: a diagram's certificate covers its branches, events and
/// regions, docs/manual.md section 5, not the orbits, which are searched only here).
void confirm_hopf_events(const ParameterFamily& family, Diagram& diagram, const OrbitSearchOptions& options = {});

}  // namespace limitdir
