// Moreau-Jean time stepping of spheres (granular/moreau_jean.hpp).
#include "limitdir/granular/moreau_jean.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "limitdir/core/errors.hpp"
#include "limitdir/rolling/cone.hpp"

namespace limitdir {

namespace {

// A contact is active when its predicted gap is <= kActivationGap times the smaller radius:
// a resting contact keeps a gap of the rounding and solver residual left by the last step
// (|u_N| ~ tol |q| per step, e.g. 1e-18 m with tol = 1e-12), which must not switch it off (the
// sphere above would fall into it a step later, and the reaction would flicker). 1e-6 R is far
// above that and far below any length of the geometry (Siconos' threshold is 1e-8 m, 5e-7 R for
// its 0.01 m spheres).
constexpr double kActivationGap = 1e-6;

// Candidates and contacts per item of the parallel loops (each ~1 us): items of ~0.1-1 ms.
constexpr std::size_t kCandidateChunk = 256;

}  // namespace

void validate(const GranularStepping& s) {
  if (!s.gravity.allFinite()) throw InputError("granular stepping: gravity must be finite");
  if (!(std::isfinite(s.h) && s.h > 0.0)) throw InputError("granular stepping: h must be finite and > 0");
  if (!(s.theta >= 0.5 && s.theta <= 1.0)) throw InputError("granular stepping: theta must be in [0.5, 1]");
  if (!(s.e >= 0.0 && s.e <= 1.0)) throw InputError("granular stepping: e must be in [0, 1]");
  validate_cone(s.cone, "granular stepping");
  if (!(std::isfinite(s.solver.tol) && s.solver.tol > 0.0)) throw InputError("granular stepping: tol must be finite and > 0");
  if (!(std::isfinite(s.solver.consistent_tol) && s.solver.consistent_tol >= 0.0))
    throw InputError("granular stepping: consistent_tol must be finite and >= 0");
  if (s.solver.max_sweeps < 1) throw InputError("granular stepping: max_sweeps must be >= 1");
  if (s.solver.threads < 1 || s.solver.threads > max_granular_threads)
    throw InputError("granular stepping: threads must be in [1, " + std::to_string(max_granular_threads) + "] (got " +
                     std::to_string(s.solver.threads) + ")");
}

MoreauJeanStepper::MoreauJeanStepper(std::vector<Plane> walls, GranularStepping stepping)
    : walls_(std::move(walls)), stepping_(std::move(stepping)) {
  validate(stepping_);
  for (const Plane& w : walls_)
    if (!(w.normal.allFinite() && std::abs(w.normal.norm() - 1.0) < 1e-12 && std::isfinite(w.offset) && w.half_width > 0.0))
      throw InputError("granular stepping: a wall needs a unit normal, a finite offset and a half width > 0");
  pool_ = std::make_unique<WorkerPool>(stepping_.solver.threads);
}

std::uint64_t MoreauJeanStepper::pair_key(const SphereBodies& s, const SphereContact& c, bool& flipped) const {
  const auto ia = static_cast<std::uint64_t>(s.id[static_cast<std::size_t>(c.a)]);
  if (c.with_wall()) {
    flipped = false;
    // Walls after every sphere id: 2^32 - 1 - w.
    return (ia << 32) | (0xFFFFFFFFull - static_cast<std::uint64_t>(-1 - c.b));
  }
  const auto ib = static_cast<std::uint64_t>(s.id[static_cast<std::size_t>(c.b)]);
  flipped = ib < ia;
  return flipped ? (ib << 32) | ia : (ia << 32) | ib;
}

void MoreauJeanStepper::select_active(const SphereBodies& s, GranularStepStats& stats) {
  const GranularStepping& st = stepping_;
  double v_max = 0.0;
  for (const auto& v : s.v) v_max = std::max(v_max, v.norm());
  const double margin = 2.0 * st.h * (v_max + st.h * st.gravity.norm());
  detector_.detect(s, walls_, margin, candidates_, pool_.get());
  stats.candidates = static_cast<int>(candidates_.size());
  // Per candidate (on the pool, each writing its own entries): its Jacobian, its velocity and
  // whether it is active; then the active ones kept in the candidates' order.
  const std::size_t nc = candidates_.size();
  std::vector<ContactJacobian>& H = candidate_H_;
  std::vector<Vector5>& y = candidate_y_;
  std::vector<char>& active = candidate_active_;
  H.resize(nc);
  y.resize(nc);
  active.resize(nc);
  for_each_index(pool_.get(), nc, kCandidateChunk, [&](std::size_t k) {
    const SphereContact& c = candidates_[k];
    H[k] = contact_jacobian(s, c);
    y[k] = contact_velocity(s, c, H[k]);
    // u_N,free: gravity enters through the linear rows only.
    double yN_free = H[k].Hv_a.row(0).dot(v_free_[static_cast<std::size_t>(c.a)]);
    if (!c.with_wall()) yN_free -= H[k].Hv_a.row(0).dot(v_free_[static_cast<std::size_t>(c.b)]);
    const double predicted = c.gap + st.h * ((1.0 - st.theta) * y[k][0] + st.theta * yN_free);
    const double r_min =
        c.with_wall() ? s.radius[static_cast<std::size_t>(c.a)]
                      : std::min(s.radius[static_cast<std::size_t>(c.a)], s.radius[static_cast<std::size_t>(c.b)]);
    active[k] = !(predicted > kActivationGap * r_min);  // as the serial rule: a NaN stays active
  });
  // The active ones moved to the front in order (nothing moves while all are active), then
  // the buffers swapped with the contacts' (no copy of the Jacobians).
  active_.clear();
  std::size_t kept = 0;
  for (std::size_t k = 0; k < nc; ++k) {
    stats.max_penetration = std::max(stats.max_penetration, -candidates_[k].gap);
    if (!active[k]) continue;
    active_.push_back(candidates_[k]);
    if (kept != k) {
      H[kept] = H[k];
      y[kept] = y[k];
    }
    ++kept;
  }
  H.resize(kept);
  y.resize(kept);
  std::swap(problem_.factors.H, H);
  std::swap(y_start_, y);
  if (stepping_.solver.threads > 1) colour_sort(s);
}

void MoreauJeanStepper::colour_sort(const SphereBodies& s) {
  // The coloured sweeps (granular/block_pgs.hpp) visit the contacts colour by colour; stored in
  // that order, each colour's data is read in sequence (a 10^4-sphere pile's contacts hold ~50 MB:
  // read in the colours' scattered order, the memory's latency, not the work, set the time).
  // Greedy colouring is stable under this renumbering (a contact of colour c has earlier
  // neighbours of every colour below c, all of which still come before it): the solver finds
  // the same colours, now in contact order.
  contacts_by_sphere(s, active_, sphere_start_, sphere_member_);
  const std::vector<int> order = colour_order(contact_colours(active_, sphere_start_, sphere_member_));
  // Into storage kept from step to step (resize constructs only what it grows by), on the pool:
  // each slot written once.
  sorted_contacts_.resize(order.size());
  sorted_H_.resize(order.size());
  sorted_y_.resize(order.size());
  for_each_index(pool_.get(), order.size(), kCandidateChunk, [&](std::size_t i) {
    const std::size_t k = static_cast<std::size_t>(order[i]);
    sorted_contacts_[i] = active_[k];
    sorted_H_[i] = problem_.factors.H[k];
    sorted_y_[i] = y_start_[k];
  });
  std::swap(active_, sorted_contacts_);
  std::swap(problem_.factors.H, sorted_H_);
  std::swap(y_start_, sorted_y_);
}

void MoreauJeanStepper::build_problem(const SphereBodies& s) {
  // The Jacobians are already where the factors keep them (problem_.factors.H): not copied.
  assemble_delassus(s, active_, problem_.factors.H, problem_, pool_.get(), DelassusStorage::factors);
  const std::size_t nc = active_.size();
  problem_.q.resize(static_cast<Eigen::Index>(5 * nc));
  problem_.cones.assign(nc, stepping_.cone);
  length_.resize(nc);
  for_each_index(pool_.get(), nc, kCandidateChunk, [&](std::size_t k) {  // each contact its own q
    const SphereContact& c = active_[k];
    const std::size_t a = static_cast<std::size_t>(c.a);
    // q = H v_free + e u_N e_1 (the omega part of v_free is omega: no torque but the contacts').
    Vector5 q = problem_.factors.H[k].Hv_a * v_free_[a] + problem_.factors.H[k].Hw_a * s.omega[a];
    if (!c.with_wall()) {
      const std::size_t b = static_cast<std::size_t>(c.b);
      q += problem_.factors.H[k].Hv_b() * v_free_[b] + problem_.factors.H[k].Hw_b * s.omega[b];
    }
    q[0] += stepping_.e * y_start_[k][0];
    problem_.q.segment<5>(static_cast<Eigen::Index>(5 * k)) = q;
    // The one-contact solves' reference length (granular/block_pgs.hpp): the smaller radius.
    length_[k] = c.with_wall() ? s.radius[a] : std::min(s.radius[a], s.radius[static_cast<std::size_t>(c.b)]);
  });
}

void MoreauJeanStepper::warm_start(const SphereBodies& s) {
  P_.setZero(static_cast<Eigen::Index>(5 * active_.size()));
  // The look-ups only read previous_: on the pool, each contact writing its own P.
  const std::size_t nc = active_.size();
  for_each_index(pool_.get(), nc, kCandidateChunk, [&](std::size_t k) {
    bool flipped = false;
    const WorldReaction* last = previous_.find(pair_key(s, active_[k], flipped));
    if (last == nullptr) return;
    const double sign = flipped ? -1.0 : 1.0;
    const Eigen::Matrix3d& F = active_[k].frame;
    Vector5 p;
    p.head<3>() = sign * F.transpose() * last->r;
    p.tail<2>() = sign * F.rightCols<2>().transpose() * last->m;
    P_.segment<5>(static_cast<Eigen::Index>(5 * k)) = p;
  });
}

namespace {

// No pair key is all ones: a sphere id is below max_pile_spheres < 2^32 - 1 (pair_key).
constexpr std::uint64_t kEmptyKey = ~std::uint64_t{0};

}  // namespace

std::size_t MoreauJeanStepper::ReactionTable::slot(std::uint64_t key) const {
  // Fibonacci hashing: the top bits of key x 2^64/phi.
  return shift >= 64 ? 0 : static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift);
}

void MoreauJeanStepper::ReactionTable::reset(std::size_t count) {
  int bits = 4;
  while ((std::size_t{1} << bits) < 2 * count) ++bits;
  keys.assign(std::size_t{1} << bits, kEmptyKey);
  values.resize(keys.size());
  shift = 64 - bits;
}

void MoreauJeanStepper::ReactionTable::insert(std::uint64_t key, const WorldReaction& value) {
  const std::size_t mask = keys.size() - 1;
  std::size_t k = slot(key);
  while (keys[k] != kEmptyKey && keys[k] != key) k = (k + 1) & mask;
  keys[k] = key;
  values[k] = value;
}

const MoreauJeanStepper::WorldReaction* MoreauJeanStepper::ReactionTable::find(std::uint64_t key) const {
  if (keys.empty()) return nullptr;
  const std::size_t mask = keys.size() - 1;
  for (std::size_t k = slot(key);; k = (k + 1) & mask) {
    if (keys[k] == key) return &values[k];
    if (keys[k] == kEmptyKey) return nullptr;
  }
}

void MoreauJeanStepper::remember(const SphereBodies& s) {
  previous_.reset(active_.size());
  for (std::size_t k = 0; k < active_.size(); ++k) {
    bool flipped = false;
    const std::uint64_t key = pair_key(s, active_[k], flipped);
    const double sign = flipped ? -1.0 : 1.0;
    const Vector5 p = P_.segment<5>(static_cast<Eigen::Index>(5 * k));
    const Eigen::Matrix3d& F = active_[k].frame;
    previous_.insert(key, {sign * (F * p.head<3>()), sign * (F.rightCols<2>() * p.tail<2>())});
  }
}

MoreauJeanStepper::ContactEnergy MoreauJeanStepper::contact_energy(const Vector5& p, const Vector5& y_start,
                                                                   const Vector5& y_end, const RollingCone& cone,
                                                                   double e) {
  ContactEnergy c;
  const Vector5 mid = 0.5 * (y_end + y_start);
  c.work_normal = p[0] * mid[0];
  c.work_sliding = p.segment<2>(1).dot(mid.segment<2>(1));
  c.work_rolling = p.tail<2>().dot(mid.tail<2>());
  c.dissipated_sliding = -p.segment<2>(1).dot(y_end.segment<2>(1));
  c.dissipated_rolling = -p.tail<2>().dot(y_end.tail<2>());
  // P . y of the law (granular/moreau_jean.hpp: <= 0 at its solutions), y = y+ + e u_N- e_1.
  Vector5 y = y_end;
  y[0] += e * y_start[0];
  c.injected = std::max(0.0, p.dot(y_end) + p[0] * e * y_start[0]);
  const RateSlacks slack = rate_slacks(p, y, cone);  // GranularStepStats::slack_sliding
  c.slack_sliding = slack.sliding;
  c.slack_rolling = slack.rolling;
  return c;
}

void MoreauJeanStepper::apply_impulses(SphereBodies& s, GranularStepStats& stats) {
  const GranularStepping& st = stepping_;
  const std::size_t n = s.size();
  std::vector<Eigen::Vector3d> v_start = s.v;
  for (std::size_t k = 0; k < n; ++k) s.v[k] = v_free_[k];
  // v+ = v_free + M^-1 H^T P, sphere by sphere over its contacts in contact order (the order of
  // the sums whatever the threads), each sphere on the pool writing its own v and omega. Its
  // contacts are the factors' lists, built by assemble_delassus for these contacts this step.
  const std::vector<int>& start = problem_.factors.start;
  const std::vector<int>& member = problem_.factors.member;
  for_each_index(pool_.get(), n, kCandidateChunk, [&](std::size_t k) {
    for (int m = start[k]; m < start[k + 1]; ++m) {
      const std::size_t al = static_cast<std::size_t>(member[static_cast<std::size_t>(m)]);
      const SphereContact& c = active_[al];
      const Vector5 p = P_.segment<5>(static_cast<Eigen::Index>(5 * al));
      if (static_cast<std::size_t>(c.a) == k) {
        s.v[k] += problem_.factors.H[al].Hv_a.transpose() * p / s.mass[k];
        s.omega[k] += problem_.factors.H[al].Hw_a.transpose() * p / s.inertia[k];
      } else {
        s.v[k] += problem_.factors.H[al].Hv_b().transpose() * p / s.mass[k];
        s.omega[k] += problem_.factors.H[al].Hw_b.transpose() * p / s.inertia[k];
      }
    }
  });
  // The works of the step (granular/moreau_jean.hpp), the rates (43), the injected energy and
  // the slacks, contact by contact on the pool, their sums in contact order.
  const std::size_t nc = active_.size();
  contact_energy_.resize(nc);
  for_each_index(pool_.get(), nc, kCandidateChunk, [&](std::size_t k) {
    const Vector5 y_end = contact_velocity(s, active_[k], problem_.factors.H[k]);
    contact_energy_[k] = contact_energy(P_.segment<5>(static_cast<Eigen::Index>(5 * k)), y_start_[k], y_end,
                                        problem_.cones[k], st.e);
  });
  for (const ContactEnergy& c : contact_energy_) {
    stats.work_normal += c.work_normal;
    stats.work_sliding += c.work_sliding;
    stats.work_rolling += c.work_rolling;
    stats.dissipated_sliding += c.dissipated_sliding;
    stats.dissipated_rolling += c.dissipated_rolling;
    stats.injected += c.injected;
    stats.slack_sliding += c.slack_sliding;
    stats.slack_rolling += c.slack_rolling;
  }
  for (std::size_t k = 0; k < n; ++k) {
    stats.work_theta += (st.theta - 0.5) * st.h * s.mass[k] * st.gravity.dot(v_start[k] - s.v[k]);
    s.x[k] += st.h * ((1.0 - st.theta) * v_start[k] + st.theta * s.v[k]);
  }
}

GranularStepStats MoreauJeanStepper::step(SphereBodies& s) {
  GranularStepStats stats;
  const std::size_t n = s.size();
  v_free_.resize(n);
  for (std::size_t k = 0; k < n; ++k) v_free_[k] = s.v[k] + stepping_.h * stepping_.gravity;
  select_active(s, stats);
  build_problem(s);
  warm_start(s);
  stats.contacts = static_cast<int>(active_.size());
  const BlockPgsResult r = solve_block_pgs(problem_, P_, stepping_.solver, length_, pool_.get());
  stats.sweeps = r.sweeps;
  stats.error = r.error;
  stats.consistent_error = r.consistent_error;
  stats.converged = r.converged;
  stats.local_iterations = r.local_iterations;
  if (!P_.allFinite()) throw NumericalError("granular stepping: the contact impulses are not finite");
  apply_impulses(s, stats);
  remember(s);
  return stats;
}

}  // namespace limitdir
