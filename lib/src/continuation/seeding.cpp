// The seeds of the branches: see continuation/seeding.hpp.
#include "continuation/seeding.hpp"

#include <Eigen/Dense>
#include <fmt/format.h>

#include "continuation/branch_merge.hpp"
#include "continuation/continuum.hpp"
#include "continuation/limit_curve.hpp"
#include "limitdir/analysis/find_limits.hpp"

namespace limitdir::detail {

void Seeder::seed_at(double p) {
  const SolverOptions& solver = tr_.options().solver;
  LimitSet L = find_limit_directions(tr_.field().system(p), tr_.field().force(p), solver);
  double q = p;
  if (!L.circles.empty() || !L.certificate.complete()) {
    q = p + continuum_offset * range_.width();
    L = find_limit_directions(tr_.field().system(q), tr_.field().force(q), solver);
    if (!L.certificate.complete())
      findings_.doubts.push_back(fmt::format("find-limits at {} = {} is not certified: {}", fam_.name, q, L.certificate.reason));
  }
  // Next to a continuum (the circles at F = 0) continuation is singular: trace away from it
  // only, and end the branch at p itself.
  const bool continuum = q != p;
  if (continuum) range_.lo = q;  // the branches are traced on [q, to] and closed onto p
  for (const auto& c : L.directions) add_seed(c.w, c.rdot, q, continuum ? std::optional<double>(p) : std::nullopt);
}

void Seeder::add_seed(const Eigen::Vector3d& w, double rdot, double p, std::optional<double> continuum_at) {
  const X x = make_x(w, rdot, p);
  Eigen::Vector4d G;
  Mat45 J;
  tr_.field().eval(x, G, J);
  X t0 = X::Zero();
  t0[4] = continuum_at && *continuum_at > p ? -1 : 1;
  branches_.push({x, tangent_of(J, t0), !continuum_at, continuum_at});
}

bool Seeder::seed_through(X x, double p) {
  if (!tr_.correct_at_p(x, p) || branches_.on_known_branch(x)) return false;
  add_seed(x.head<3>().normalized(), x[3], p);
  branches_.drain();  // traced at once, so that the other points of its component are known
  return true;
}

void Seeder::switch_branches(const Node& m, const X& t_current) {
  Eigen::Vector4d G;
  Mat45 J;
  tr_.field().eval(m.x, G, J);
  const Eigen::JacobiSVD<Mat45> svd(J, Eigen::ComputeFullV);
  const Eigen::Matrix<double, 5, 2> K = svd.matrixV().rightCols<2>();
  X other = K.col(0) - K.col(0).dot(t_current) * t_current;
  if (other.norm() < 0.1) other = K.col(1) - K.col(1).dot(t_current) * t_current;
  other.normalize();
  for (double sgn : {1.0, -1.0}) {
    const X xp = m.x + sgn * tr_.options().h_initial * other;
    X x = xp;
    if (tr_.correct(x, other, xp) && !branches_.on_known_branch(x)) branches_.push({x, sgn * other, true, std::nullopt});
  }
}

std::string Seeder::seed_from_limit_curve() {
  const ContinuationOptions& opt = tr_.options();
  if (!fam_.load_sweep || opt.curve_level <= 0) {
    if (!opt.enclose_events || !fam_.load_sweep)
      findings_.notes.push_back(fmt::format("no global search for branches in {} ({}): a closed branch between the "
                                            "check values would not be seen",
                                            fam_.name,
                                            !fam_.load_sweep
                                                ? "the limit curve is for load sweeps with a fixed friction model"
                                                : "curve_level 0"));
    return "";
  }
  const std::shared_ptr<const System> sys = tr_.field().system_ptr(range_.from);
  const std::vector<CurvePoint> points = limit_curve_points(*sys, range_.lo, range_.to, opt.curve_level);
  int seeds = 0;
  for (const CurvePoint& c : points) {
    // within the continuum margin of a load with c1 = 0 the curve is the continuum's
    if (has_continuum(tr_.field(), c.F, continuum_offset * range_.width())) continue;
    if (seed_through(make_x(c.w, c.w.dot(sys->field(c.w, c.F)), c.F), c.F)) ++seeds;
  }
  return fmt::format("the limit curve on a level-{} mesh ({} point(s) in range) lies on the branches{}",
                     opt.curve_level, points.size(),
                     seeds ? fmt::format(" ({} branch(es) found from it alone)", seeds) : "");
}

}  // namespace limitdir::detail
