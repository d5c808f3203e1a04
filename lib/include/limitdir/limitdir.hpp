#pragma once
// Every public header of limitdir, for users of the installed library (find_package(limitdir),
// target limitdir::limitdir). The parts bottom up, as docs/architecture.md lays them out; a
// program that needs one part includes <limitdir/<part>/<name>.hpp> instead.

// core
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_input.hpp"
#include "limitdir/core/version.hpp"

// numerics
#include "limitdir/numerics/elliptic.hpp"
#include "limitdir/numerics/interval.hpp"
#include "limitdir/numerics/quadrature.hpp"
#include "limitdir/numerics/sphere.hpp"

// contact
#include "limitdir/contact/integrals.hpp"
#include "limitdir/contact/pressure.hpp"
#include "limitdir/contact/shape.hpp"

// friction
#include "limitdir/friction/accuracy.hpp"
#include "limitdir/friction/contact_approx.hpp"
#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/model.hpp"
#include "limitdir/friction/sphere_harmonic.hpp"

// system
#include "limitdir/system/mass.hpp"
#include "limitdir/system/problem.hpp"
#include "limitdir/system/problem_input.hpp"
#include "limitdir/system/system.hpp"

// limits
#include "limitdir/limits/classify.hpp"
#include "limitdir/limits/closed_orbit.hpp"
#include "limitdir/limits/limits.hpp"
#include "limitdir/limits/orbit_proof.hpp"
#include "limitdir/limits/proof.hpp"

// dynamics
#include "limitdir/dynamics/closed_orbits.hpp"
#include "limitdir/dynamics/orbit_section.hpp"
#include "limitdir/dynamics/simulate.hpp"

// analysis
#include "limitdir/analysis/find_limits.hpp"

// continuation
#include "limitdir/continuation/branch_chords.hpp"
#include "limitdir/continuation/continuation.hpp"
#include "limitdir/continuation/degree_study.hpp"
#include "limitdir/continuation/hopf.hpp"
#include "limitdir/continuation/orbit_branches.hpp"

// maps
#include "limitdir/maps/curves.hpp"
#include "limitdir/maps/map.hpp"

// report
#include "limitdir/report/diagram_io.hpp"
#include "limitdir/report/numbers.hpp"
#include "limitdir/report/report.hpp"
#include "limitdir/report/text_report.hpp"

// plot
#include "limitdir/plot/plot.hpp"
#include "limitdir/plot/svg.hpp"

// rolling
#include "limitdir/rolling/cone.hpp"
#include "limitdir/rolling/solvers.hpp"
#include "limitdir/rolling/sphere.hpp"
#include "limitdir/rolling/sphere_io.hpp"
#include "limitdir/rolling/sphere_spin.hpp"
// granular
#include "limitdir/granular/block_pgs.hpp"
#include "limitdir/granular/bodies.hpp"
#include "limitdir/granular/contact_detection.hpp"
#include "limitdir/granular/delassus.hpp"
#include "limitdir/granular/moreau_jean.hpp"
#include "limitdir/granular/pile_problem.hpp"
#include "limitdir/granular/pile_run.hpp"
#include "limitdir/granular/pluviation.hpp"
#include "limitdir/granular/stopping_errors.hpp"
#include "limitdir/granular/vtk.hpp"

// celt
#include "limitdir/celt/celt.hpp"

// jobs
#include "limitdir/jobs/bifurcation_map_options.hpp"
#include "limitdir/jobs/celt_options.hpp"
#include "limitdir/jobs/find_limits_options.hpp"
#include "limitdir/jobs/job.hpp"
#include "limitdir/jobs/problem_keys.hpp"
#include "limitdir/jobs/problem_overrides.hpp"
#include "limitdir/jobs/roll_options.hpp"
#include "limitdir/jobs/simulate_options.hpp"
#include "limitdir/jobs/sweep_force_options.hpp"

// scan
#include "limitdir/scan/grid.hpp"
#include "limitdir/scan/points.hpp"
#include "limitdir/scan/records.hpp"
