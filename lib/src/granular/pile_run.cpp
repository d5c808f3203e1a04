// A spheres pile run (granular/pile_run.hpp): births, the Moreau-Jean steps, removals, history.
#include "limitdir/granular/pile_run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <unordered_set>

#include "limitdir/core/errors.hpp"
#include "limitdir/granular/moreau_jean.hpp"

namespace limitdir {

namespace {

// A newborn sphere may touch another one (gap 0: the tutorial's interval makes consecutive
// spheres touch) but not overlap it beyond the rounding of its position, 1e-9 of its radius.
constexpr double kBirthOverlap = 1e-9;

GranularStepping stepping_of(const PileProblem& p, int threads) {
  GranularStepping s;
  s.gravity = Eigen::Vector3d(0.0, 0.0, -p.gravity);
  s.h = p.stepping.h;
  s.theta = p.stepping.theta;
  s.e = p.law.e;
  s.cone = {p.law.mu, p.law.mu_r};
  s.solver.tol = p.stepping.tol;
  s.solver.consistent_tol = p.stepping.consistent_tol;
  s.solver.max_sweeps = p.stepping.max_sweeps;
  s.solver.threads = threads;
  return s;
}


std::string sci(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2g", x);
  return buf;
}

SphereFrame sphere_frame(const SphereBodies& s, double t) {
  SphereFrame f;
  f.t = t;
  f.id = s.id;
  f.position = s.x;
  f.velocity = s.v;
  f.omega = s.omega;
  f.radius = s.radius;
  return f;
}

/// The run's reactions have put in more than max_injected_over_born of the energy born
/// (granular/pile_run.hpp): a runaway step, whose reactions solve no law.
[[noreturn]] void throw_runaway(long long step, double t, double injected, double born, const GranularStepStats& st) {
  throw NumericalError("step " + std::to_string(step) + " (t = " + sci(t) + " s): the contact reactions have put in " +
                       sci(injected) + " J against the law, more than the " + sci(born) +
                       " J the births brought in (" + sci(st.injected) + " J in this step, at relative error " +
                       sci(st.error) + "): a runaway step, not a solution of the law (docs/manual.md section 15)");
}

/// The run's loop state: the spheres, the stepper and the running sums.
class PileLoop {
 public:
  PileLoop(const PileProblem& problem, const std::vector<SphereBirth>& births, const PileRunOptions& options)
      : p_(problem),
        births_(births),
        o_(options),
        stepper_({Plane{Eigen::Vector3d::UnitZ(), 0.0, 0.5 * problem.plane.width}}, stepping_of(problem, options.threads)),
        gravity_(0.0, 0.0, -problem.gravity),
        d_max_(largest_pile_diameter(problem.spheres)) {}

  PileOutcome run() {
    const long long n = step_count(p_.stepping);
    // the spheres born at t = 0 are in the first row and frame; they cannot meet a pile yet
    if (const auto clash = give_birth(0.0))
      throw NumericalError(drop_height_message(*clash) + " (spheres born at t = 0 overlap)");
    sample(0, 0.0, GranularStepStats{});
    if (o_.frame) o_.frame(sphere_frame(out_.spheres, 0.0));
    auto last_note = std::chrono::steady_clock::now();
    GranularStepStats st;
    long long k = 0;
    for (; k < n; ++k) {
      const double t = static_cast<double>(k) * p_.stepping.h;
      if ((out_.reached_drop_height = give_birth(t))) break;
      st = stepper_.step(out_.spheres);
      account(k + 1, t + p_.stepping.h, st);
      if (k + 1 == n) mark_on_plane();
      remove_lost();
      const bool keep = k + 1 == n || (o_.every > 0 && (k + 1) % o_.every == 0);
      if (keep) {
        sample(k + 1, t + p_.stepping.h, st);
        if (o_.frame) o_.frame(sphere_frame(out_.spheres, t + p_.stepping.h));
      }
      if (o_.progress && std::chrono::steady_clock::now() - last_note >= progress_interval) {
        last_note = std::chrono::steady_clock::now();
        o_.progress("t = " + sci(t + p_.stepping.h) + "/" + sci(p_.stepping.t_end) + " s, " +
                    std::to_string(out_.spheres.size()) + " spheres, " + std::to_string(st.contacts) + " contacts, " +
                    std::to_string(st.sweeps) + " sweeps, residual " + sci(st.error));
      }
    }
    if (out_.reached_drop_height && k > 0) stop_at(k, st);
    out_.steps = k;
    out_.on_plane.assign(out_.spheres.size(), 0);
    out_.in_contact.assign(out_.spheres.size(), 0);
    for (std::size_t k = 0; k < out_.spheres.size(); ++k) {
      out_.on_plane[k] = on_plane_ids_.count(out_.spheres.id[k]) ? 1 : 0;
      out_.in_contact[k] = in_contact_ids_.count(out_.spheres.id[k]) ? 1 : 0;
    }
    return std::move(out_);
  }

 private:
  /// The spheres born at t_i <= t enter at t in the state of free fall since t_i (the steps
  /// are a grid of h; a sphere born between two steps would otherwise enter late, at rest, and
  /// the next one could overlap it: the births are apart by exactly d of free fall in the
  /// tutorial's rate).
  /// The spheres due by t born; the first that would overlap a sphere present is not, and its
  /// clash is returned (the pile reached the drop height).
  std::optional<DropHeightReached> give_birth(double t) {
    while (next_ < births_.size() && births_[next_].t <= t + 1e-9 * p_.stepping.h) {
      const SphereBirth& b = births_[next_];
      const double late = std::max(0.0, t - b.t);
      const Eigen::Vector3d x = b.position + 0.5 * late * late * gravity_;
      SphereBodies& s = out_.spheres;
      for (std::size_t k = 0; k < s.size(); ++k) {
        const double gap = (s.x[k] - x).norm() - s.radius[k] - b.radius;
        if (gap < -kBirthOverlap * b.radius)
          return DropHeightReached{static_cast<long long>(next_), s.id[k], b.t, gap};
      }
      s.add(static_cast<long long>(next_), x, b.radius, b.mass);
      s.v.back() = late * gravity_;
      born_ += 0.5 * b.mass * s.v.back().squaredNorm() - b.mass * gravity_.dot(x);
      ++next_;
    }
    return std::nullopt;
  }


  void account(long long step, double t, const GranularStepStats& st) {
    if (st.contacts > 0 && !(st.error <= max_step_error))
      throw NumericalError("step " + std::to_string(step) + " (t = " + sci(t) + " s): the contact problem's error is " +
                           sci(st.error) + " after " + std::to_string(st.sweeps) +
                           " sweeps; the reactions mean nothing (raise stepping.max_sweeps or lower stepping.h)");
    work_normal_ += st.work_normal;
    work_sliding_ += st.work_sliding;
    work_rolling_ += st.work_rolling;
    work_theta_ += st.work_theta;
    dissipated_sliding_ += st.dissipated_sliding;
    dissipated_rolling_ += st.dissipated_rolling;
    out_.total_sweeps += st.sweeps;
    if (st.contacts > 0) out_.max_error = std::max(out_.max_error, st.error);
    out_.max_penetration = std::max(out_.max_penetration, st.max_penetration);
    out_.injected += st.injected;
    out_.slack_sliding += st.slack_sliding;
    out_.slack_rolling += st.slack_rolling;
    if (st.injected > out_.max_step_injected) {
      out_.max_step_injected = st.injected;
      out_.max_step_injected_step = step;
    }
    if (out_.injected > max_injected_over_born * born_) throw_runaway(step, t, out_.injected, born_, st);
    if (!st.converged) {
      ++out_.unconverged_count;
      if (out_.unconverged.size() < max_named_unconverged) out_.unconverged.push_back({step, t, st.error, st.consistent_error});
    }
    const double balance = energy() - (born_ - lost_ + works());
    out_.max_balance = std::max(out_.max_balance, std::abs(balance));
    for (std::size_t k = 0; k < out_.spheres.size(); ++k)
      if (!(out_.spheres.x[k].allFinite() && out_.spheres.v[k].allFinite() && out_.spheres.omega[k].allFinite()))
        throw NumericalError("step " + std::to_string(step) + ": the state of sphere " +
                             std::to_string(out_.spheres.id[k]) + " is not finite");
  }

  double energy() const { return out_.spheres.kinetic_energy() + out_.spheres.potential_energy(gravity_); }
  double works() const { return work_normal_ + work_sliding_ + work_rolling_ + work_theta_; }

  void mark_on_plane() {
    for (const SphereContact& c : stepper_.contacts()) {
      const long long a = out_.spheres.id[static_cast<std::size_t>(c.a)];
      in_contact_ids_.insert(a);
      if (c.with_wall()) on_plane_ids_.insert(a);
      else in_contact_ids_.insert(out_.spheres.id[static_cast<std::size_t>(c.b)]);
    }
  }

  void remove_lost() {
    SphereBodies& s = out_.spheres;
    for (std::size_t k = s.size(); k-- > 0;) {
      if (s.x[k].z() >= -lost_depth_diameters * d_max_) continue;
      lost_ += 0.5 * (s.mass[k] * s.v[k].squaredNorm() + s.inertia[k] * s.omega[k].squaredNorm()) -
               s.mass[k] * gravity_.dot(s.x[k]);
      out_.lost.push_back(s.id[k]);
      s.remove(k);
    }
  }

  void sample(long long step, double t, const GranularStepStats& st);
  void stop_at(long long k, const GranularStepStats& st);

  const PileProblem& p_;
  const std::vector<SphereBirth>& births_;
  const PileRunOptions& o_;
  MoreauJeanStepper stepper_;
  Eigen::Vector3d gravity_;
  double d_max_;
  PileOutcome out_;
  std::size_t next_ = 0;
  std::unordered_set<long long> on_plane_ids_, in_contact_ids_;
  double born_ = 0.0, lost_ = 0.0;
  double work_normal_ = 0.0, work_sliding_ = 0.0, work_rolling_ = 0.0, work_theta_ = 0.0;
  double dissipated_sliding_ = 0.0, dissipated_rolling_ = 0.0;
};

/// The run ends after step k (the drop height reached): the last step's contacts mark the
/// spheres on the plane, and the history ends with that step (kept already or now).
void PileLoop::stop_at(long long k, const GranularStepStats& st) {
  mark_on_plane();
  const double t = static_cast<double>(k) * p_.stepping.h;
  if (out_.history.back().step != k) {
    sample(k, t, st);
    if (o_.frame) o_.frame(sphere_frame(out_.spheres, t));
  }
}

/// One row of the history: the step's counts and the energies so far (granular/pile_run.hpp).
void PileLoop::sample(long long step, double t, const GranularStepStats& st) {
  PileSample r;
  r.step = step;
  r.t = t;
  r.spheres = static_cast<int>(out_.spheres.size());
  r.contacts = st.contacts;
  r.sweeps = st.sweeps;
  r.error = st.error;
  r.max_penetration = st.max_penetration;
  r.kinetic = out_.spheres.kinetic_energy();
  r.potential = out_.spheres.potential_energy(gravity_);
  r.born = born_;
  r.lost = lost_;
  r.work_normal = work_normal_;
  r.work_sliding = work_sliding_;
  r.work_rolling = work_rolling_;
  r.work_theta = work_theta_;
  r.dissipated_sliding = dissipated_sliding_;
  r.dissipated_rolling = dissipated_rolling_;
  r.balance = r.kinetic + r.potential - (born_ - lost_ + works());
  out_.history.push_back(r);
}

}  // namespace

std::string drop_height_message(const DropHeightReached& r) {
  return "sphere " + std::to_string(r.sphere) + " is born at t = " + sci(r.t_birth) + " s overlapping sphere " +
         std::to_string(r.overlapping) + " (gap " + sci(r.gap) +
         " m): the pile reached the drop height; the run stopped there (raise drop.height for a higher pile)";
}

long long step_count(const PileStepping& s) {
  const double ratio = s.t_end / s.h;
  const double nearest = std::round(ratio);
  return static_cast<long long>(std::abs(ratio - nearest) <= 1e-9 * nearest ? nearest : std::ceil(ratio));
}

PileOutcome run_pile(const PileProblem& problem, const std::vector<SphereBirth>& births,
                     const PileRunOptions& options) {
  validate(problem);
  if (options.every < 0) throw InputError("pile: every must be >= 0");
  return PileLoop(problem, births, options).run();
}

}  // namespace limitdir
