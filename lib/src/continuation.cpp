// Pseudo-arclength continuation of limit directions (Sect. 7.2.8 and 7.4 of seed 001).
//
// Unknowns X = (w, rdot, p) in R^5, equations G(X) = (F_p(w) - rdot w, (w^T w - 1)/2) in R^4
// with F_p(w) = B(w) w + c of the system at parameter p. Along a branch the tangent t spans the
// kernel of G_X; a step predicts X + h t and corrects with Newton on [G; t^T (X - X_pred)] = 0.
// Test functions between consecutive points, located by bisection in arclength:
//   tangency      rdot changes sign (Sect. 7.2.8, errata: R* = 0);
//   fold          t_p changes sign while det [G_X; t^T] does not;
//   branch point  det [G_X; t^T] changes sign (a pitchfork when it lies on the symmetry
//                 set w3 = 0 of a system with the invariant circle w2 = 0) -- a pitchfork is
//                 therefore never also a fold, even on the branch that turns there;
//   Hopf          trace J_T changes sign while J_T has a complex pair.
#include "limitdir/continuation.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>

#include "limitdir/errors.hpp"
#include "limitdir/sphere.hpp"

namespace limitdir {

std::string to_string(EventKind k) {
  switch (k) {
    case EventKind::tangency: return "tangency";
    case EventKind::fold: return "fold";
    case EventKind::pitchfork: return "pitchfork";
    case EventKind::branch_point: return "branch-point";
    case EventKind::hopf: return "hopf";
  }
  return "?";
}

// ----- parameter families ---------------------------------------------------------------------

ParameterFamily parameter_family(const Problem& problem, const std::string& parameter) {
  ParameterFamily f;
  f.name = parameter;
  if (parameter == "force") {
    auto system = std::make_shared<System>(make_system(problem));
    f.system = [system](double) { return *system; };
    f.force = [](double p) { return p; };
    return f;
  }
  const auto with = [problem](std::function<void(Problem&, double)> set) {
    return [problem, set](double p) {
      Problem q = problem;
      set(q, p);
      return make_system(q);
    };
  };
  // lambda and j change only the mass matrix: the friction model is built once.
  const auto with_friction = [problem](std::function<void(Problem&, double)> set) {
    std::shared_ptr<const FrictionModel> friction(make_friction_model(problem));
    return [problem, set, friction](double p) {
      Problem q = problem;
      set(q, p);
      return make_system(q, friction);
    };
  };
  if (parameter == "lambda") {
    if (problem.system.preset != "ball") throw InputError("parameter lambda: needs the ball preset");
    f.system = with_friction([](Problem& q, double p) { q.system.lambda = p; });
  } else if (parameter == "j") {
    if (problem.system.preset == "general") throw InputError("parameter j: needs the disc or ball preset");
    f.system = with_friction([](Problem& q, double p) { q.system.j = p; });
  } else if (parameter == "alpha") {
    if (problem.pressure.kind() == Pressure::Kind::profile)
      throw InputError("parameter alpha: needs a pressure of the family (1 - xi^2)^alpha");
    f.system = with([](Problem& q, double p) { q.pressure = Pressure::power(p); });
  } else if (parameter == "rho") {
    f.system = with([](Problem& q, double p) {
      q.rho.kind = RhoSpec::Kind::value;
      q.rho.value = p;
    });
  } else {
    throw InputError("parameter: unknown '" + parameter + "' (valid: force, lambda, alpha, j, rho)");
  }
  const double F = problem.force;
  f.force = [F](double) { return F; };
  return f;
}

namespace {

using X = Eigen::Matrix<double, 5, 1>;
using Mat45 = Eigen::Matrix<double, 4, 5>;
using Mat5 = Eigen::Matrix<double, 5, 5>;

// The systems of a family, cached by p (rebuilding one costs a friction model).
class Field {
 public:
  explicit Field(const ParameterFamily& f) : f_(f), force_(f.name == "force") {}

  const System& system(double p) {
    if (force_) {
      if (!fixed_) fixed_ = std::make_unique<System>(f_.system(p));
      return *fixed_;
    }
    auto it = cache_.find(p);
    if (it == cache_.end()) {
      if (cache_.size() > 64) cache_.clear();
      it = cache_.emplace(p, f_.system(p)).first;
    }
    return it->second;
  }
  double force(double p) const { return f_.force(p); }

  Eigen::Vector3d F(const Eigen::Vector3d& w, double p) { return system(p).field(w, force(p)); }

  // G(X) and G_X.
  void eval(const X& x, Eigen::Vector4d& G, Mat45& J) {
    const Eigen::Vector3d w = x.head<3>();
    const double rdot = x[3], p = x[4];
    const FieldJacobian fj = system(p).field_jacobian(w, force(p));
    G.head<3>() = fj.F - rdot * w;
    G[3] = 0.5 * (w.squaredNorm() - 1.0);
    J.setZero();
    // fj.DF is the Jacobian of the 0-homogeneous extension at w/|w|: scale for |w| != 1
    J.topLeftCorner<3, 3>() = fj.DF - rdot * Eigen::Matrix3d::Identity();
    J.block<3, 1>(0, 3) = -w;
    J.block<3, 1>(0, 4) = dF_dp(w, p);
    J.block<1, 3>(3, 0) = w.transpose();
  }

 private:
  Eigen::Vector3d dF_dp(const Eigen::Vector3d& w, double p) {
    if (force_) {
      const System& s = system(p);
      return s.M_inv() * s.load_direction();  // c = M^-1 (p d + e)
    }
    // other parameters rebuild the system: central difference of the field in p
    const double h = 1e-6 * std::max(1.0, std::abs(p));
    return (F(w, p + h) - F(w, p - h)) / (2 * h);
  }

  const ParameterFamily& f_;
  bool force_;
  std::unique_ptr<System> fixed_;
  std::map<double, System> cache_;
};

X tangent_of(const Mat45& J, const X& previous) {
  const Eigen::HouseholderQR<Eigen::Matrix<double, 5, 4>> qr(J.transpose());
  const Mat5 Q = qr.householderQ();
  X t = Q.col(4);
  if (t.dot(previous) < 0) t = -t;
  return t;
}

struct Tests {
  double rdot, tp, det, hopf;  // hopf: trace J_T if J_T has a complex pair, else NaN
};

struct Node {
  X x;
  X t;
  Tests tests;
  Eigen::Matrix2d JT;  // tangent-plane Jacobian at x (for the point's type)
};

class Tracer {
 public:
  Tracer(const ParameterFamily& fam, double from, double to, const ContinuationOptions& opt)
      : field_(fam), from_(from), to_(to), opt_(opt) {}

  Field& field() { return field_; }

  // Newton on [G; t^T (X - xp) - s] = 0 (s = 0: the pseudo-arclength corrector).
  bool correct(X& x, const X& t, const X& xp, int max_it = 12) {
    for (int it = 0; it < max_it; ++it) {
      Eigen::Vector4d G;
      Mat45 J;
      field_.eval(x, G, J);
      Eigen::Matrix<double, 5, 1> H;
      H.head<4>() = G;
      H[4] = t.dot(x - xp);
      Mat5 A;
      A.topRows<4>() = J;
      A.row(4) = t.transpose();
      const X dx = A.fullPivLu().solve(-H);
      if (!dx.allFinite()) return false;
      x += dx;
      if (dx.norm() <= 1e-13 * (1.0 + x.norm()) && H.norm() <= 1e-10) return true;
      if (dx.norm() > 1.0) return false;
    }
    Eigen::Vector4d G;
    Mat45 J;
    field_.eval(x, G, J);
    return G.norm() <= 1e-11;
  }

  // Newton at fixed p on G(w, rdot) = 0 (minimum-norm steps: singular at continua).
  bool correct_at_p(X& x, double p) {
    x[4] = p;
    for (int it = 0; it < 20; ++it) {
      Eigen::Vector4d G;
      Mat45 J;
      field_.eval(x, G, J);
      if (G.norm() <= 1e-13) return true;
      const Eigen::Matrix4d A = J.leftCols<4>();
      const Eigen::Vector4d d = A.completeOrthogonalDecomposition().solve(-G);
      if (!d.allFinite()) return false;
      x.head<4>() += d;
    }
    Eigen::Vector4d G;
    Mat45 J;
    field_.eval(x, G, J);
    return G.norm() <= 1e-11;
  }

  Node node(const X& x, const X& t_prev) {
    Eigen::Vector4d G;
    Mat45 J;
    field_.eval(x, G, J);
    Node n;
    n.x = x;
    n.t = tangent_of(J, t_prev);
    Mat5 A;
    A.topRows<4>() = J;
    A.row(4) = n.t.transpose();
    // the top-left block of G_X is DF - rdot I already, so J_T = P^T (that block) P
    n.JT = tangent_jacobian(x.head<3>().normalized(), J.topLeftCorner<3, 3>(), 0.0);
    const double tr = n.JT.trace(), det = n.JT.determinant();
    n.tests = {x[3], n.t[4], A.determinant(), 0.25 * tr * tr - det < 0 ? tr : std::nan("")};
    return n;
  }

  BranchPoint point(const Node& n) const {
    return {n.x[4], n.x.head<3>().normalized(), n.x[3], radial_of(n.x[3], opt_.solver.classify),
            sphere_type_of(n.JT, opt_.solver.classify)};
  }

  // The node at arclength s in [0, h] from a along a.t (corrected).
  std::optional<Node> at(const Node& a, double s) {
    const X xp = a.x + s * a.t;
    X x = xp;
    if (!correct(x, a.t, xp)) return std::nullopt;
    return node(x, a.t);
  }

  // Bisection in arclength for a sign change of f(tests) between a (s = 0) and b (s = h).
  template <class Fn>
  Node locate(const Node& a, const Node& b, double h, Fn f, bool& located, double& p_err) {
    double lo = 0, hi = h;
    Node nlo = a, nhi = b;
    const bool slo = f(a.tests) < 0;
    located = false;
    for (int it = 0; it < 80; ++it) {
      if (std::abs(nhi.x[4] - nlo.x[4]) <= opt_.p_tol && hi - lo <= 1e-6 * h) {
        located = true;
        break;
      }
      if (hi - lo <= 1e-15 * (1 + h)) {
        located = std::abs(nhi.x[4] - nlo.x[4]) <= opt_.p_tol;
        break;
      }
      const double mid = 0.5 * (lo + hi);
      const auto nm = at(a, mid);
      if (!nm) break;
      if ((f(nm->tests) < 0) == slo) {
        lo = mid;
        nlo = *nm;
      } else {
        hi = mid;
        nhi = *nm;
      }
    }
    p_err = std::abs(nhi.x[4] - nlo.x[4]);
    Node m = nlo;
    m.x = 0.5 * (nlo.x + nhi.x);
    return m;
  }

  double from() const { return from_; }
  double to() const { return to_; }

 private:
  Field field_;
  double from_, to_;
  const ContinuationOptions& opt_;
};

double dist(const Eigen::Vector3d& a, const Eigen::Vector3d& b) { return (a - b).norm(); }

}  // namespace

// ----- the sweep ----------------------------------------------------------------------------

namespace {

struct Pending {
  X x;
  X t;                // initial direction (t_p may be 0)
  bool both = true;   // trace both ways (false: only along t, e.g. away from a continuum)
  std::optional<double> end_at;  // with !both: also end the branch at this p behind the seed
};

class Sweeper {
 public:
  Sweeper(const ParameterFamily& fam, double from, double to, const ContinuationOptions& opt)
      : tr_(fam, from, to, opt), fam_(fam), opt_(opt) {
    diagram_.parameter = fam.name;
    diagram_.from = from;
    diagram_.to = to;
    diagram_.force = fam.force(from);
    lo_ = from;
  }

  Diagram run() {
    const double from = tr_.from(), to = tr_.to();
    seed_at(from, true);
    drain();
    // re-checks: the end, interior values, and both sides of every event
    std::vector<double> checks{to};
    for (int k = 1; k <= opt_.checks; ++k) checks.push_back(from + (to - from) * k / (opt_.checks + 1));
    for (std::size_t round = 0; round < 2; ++round) {
      std::vector<double> ps = checks;
      const double off = 1e-5 * (to - from);
      for (const Event& e : diagram_.events) {
        if (e.p - off > from) ps.push_back(e.p - off);
        if (e.p + off < to) ps.push_back(e.p + off);
      }
      bool added = false;
      for (double p : ps) added |= recheck(p, round == 1);
      if (!added) break;
      drain();
    }
    std::sort(diagram_.events.begin(), diagram_.events.end(), [](const Event& a, const Event& b) { return a.p < b.p; });
    diagram_.regions = regions_of(diagram_);
    diagram_.certificate.complete = doubts_.empty();
    diagram_.certificate.index_sum = 0;
    if (doubts_.empty()) {
      diagram_.certificate.reason =
          fmt::format("{} branch(es), {} event(s); every check against find-limits ({} values) agreed",
                      diagram_.branches.size(), diagram_.events.size(), checks_done_);
      std::sort(notes_.begin(), notes_.end());
      notes_.erase(std::unique(notes_.begin(), notes_.end()), notes_.end());
      for (const auto& n : notes_) diagram_.certificate.reason += "; " + n;
    } else {
      diagram_.certificate.reason = doubts_.front();
      for (std::size_t i = 1; i < std::min<std::size_t>(doubts_.size(), 5); ++i) diagram_.certificate.reason += "; " + doubts_[i];
      if (doubts_.size() > 5) diagram_.certificate.reason += fmt::format("; and {} more", doubts_.size() - 5);
    }
    return diagram_;
  }

 private:
  // Seeds from find_limit_directions at p (at a continuum, just inside the interval).
  void seed_at(double p, bool at_start) {
    LimitSet L = find_limit_directions(tr_.field().system(p), tr_.field().force(p), opt_.solver);
    double q = p;
    if (!L.circles.empty() || !L.certificate.complete) {
      q = at_start ? p + 1e-6 * (tr_.to() - tr_.from()) : p - 1e-6 * (tr_.to() - tr_.from());
      L = find_limit_directions(tr_.field().system(q), tr_.field().force(q), opt_.solver);
      if (!L.certificate.complete)
        doubts_.push_back(fmt::format("find-limits at {} = {} is not certified: {}", fam_.name, q, L.certificate.reason));
    }
    // Next to a continuum (the circles at F = 0) continuation is singular: trace away from it
    // only, and end the branch at p itself.
    const bool continuum = q != p;
    if (continuum && at_start) lo_ = q;  // the branches are traced on [q, to] and closed onto p
    for (const auto& c : L.directions) add_seed(c.w, c.rdot, q, continuum ? std::optional<double>(p) : std::nullopt);
  }

  void add_seed(const Eigen::Vector3d& w, double rdot, double p, std::optional<double> continuum_at = std::nullopt) {
    X x;
    x << w, rdot, p;
    Eigen::Vector4d G;
    Mat45 J;
    tr_.field().eval(x, G, J);
    X t0 = X::Zero();
    t0[4] = continuum_at && *continuum_at > p ? -1 : 1;
    const X t = tangent_of(J, t0);
    pending_.push_back({x, t, !continuum_at, continuum_at});
  }

  // Whether x lies on a traced branch: screened against the polylines, then confirmed by
  // correcting the nearest polyline point onto the branch within the hyperplane through x
  // normal to that segment (the chords of a coarse polyline miss by their sagitta).
  bool on_known_branch(const X& x, double tol = 1e-7) {
    for (const Branch& b : diagram_.branches)
      for (std::size_t i = 0; i + 1 < b.points.size(); ++i) {
        const auto &a = b.points[i], &c = b.points[i + 1];
        X pa, pc;
        pa << a.w, a.rdot, a.p;
        pc << c.w, c.rdot, c.p;
        const X d = pc - pa;
        const double l2 = d.squaredNorm();
        const double s = l2 > 0 ? std::clamp((x - pa).dot(d) / l2, 0.0, 1.0) : 0.0;
        const X q = pa + s * d;
        const double gap = (q - x).norm();
        if (gap <= tol) return true;
        if (gap > 0.25 * std::sqrt(l2) + 1e-6) continue;
        if (!(l2 > 0)) continue;
        X y = q;
        const X t = d / std::sqrt(l2);
        if (tr_.correct(y, t, x) && (y - x).norm() <= tol * 10) return true;
      }
    return false;
  }

  void drain() {
    while (!pending_.empty()) {
      const Pending s = pending_.back();
      pending_.pop_back();
      if (on_known_branch(s.x)) continue;
      if (s.x[4] < lo_) continue;  // inside the continuum margin
      Branch br;
      br.id = static_cast<int>(diagram_.branches.size());
      if (s.both) {
        std::vector<BranchPoint> back = trace(s.x, -s.t, br);
        std::reverse(back.begin(), back.end());
        if (!br.closed) {
          std::vector<BranchPoint> fwd = trace(s.x, s.t, br);
          back.insert(back.end(), fwd.begin() + 1, fwd.end());
        }
        br.points = std::move(back);
      } else {
        br.points = trace(s.x, s.t, br);
        X xe = s.x;
        if (s.end_at && tr_.correct_at_p(xe, *s.end_at)) {
          BranchPoint e = br.points.front();
          e.p = *s.end_at;
          e.w = xe.head<3>().normalized();
          e.rdot = xe[3];
          br.points.insert(br.points.begin(), e);
        }
      }
      if (br.points.size() < 2) continue;
      // a loop at one value of p is a circle of a continuum (c = 0), not a branch
      const auto [lo, hi] = std::minmax_element(br.points.begin(), br.points.end(),
                                                [](const BranchPoint& u, const BranchPoint& v) { return u.p < v.p; });
      if (br.closed && hi->p - lo->p <= 1e-9 * (1 + std::abs(lo->p))) {
        notes_.push_back(fmt::format("a circle of limit directions at {} = {:.12g} (a continuum) is not drawn as a branch",
                                     fam_.name, lo->p));
        continue;
      }
      diagram_.branches.push_back(std::move(br));
    }
  }

  // Returns false when the event was known already (seen from another branch).
  bool add_event(Event e) {
    if (e.p < lo_ || e.p > tr_.to()) return false;
    for (Event& f : diagram_.events) {
      // the same event seen again (from another branch, or bracketed only where the branch
      // passes a branch point whose tangent is ill-defined): keep the located one
      const double tol = 1e-7 * (1 + std::abs(e.p)) + (f.located ? 0.0 : f.p_error) + (e.located ? 0.0 : e.p_error);
      const auto family = [](EventKind k) { return k == EventKind::branch_point ? EventKind::pitchfork : k; };
      if (family(f.kind) != family(e.kind) || std::abs(f.p - e.p) > tol) continue;
      // the mirror image under a reflection w2 -> -w2 or w3 -> -w3 at the same p is the same
      // (symmetric) event: one event with both directions, as the paper's pair of folds
      const Eigen::Vector3d we = e.directions.front();
      const bool mirror = std::any_of(f.directions.begin(), f.directions.end(), [&](const Eigen::Vector3d& wf) {
        return dist(wf, Eigen::Vector3d(we.x(), -we.y(), we.z())) <= 1e-6 ||
               dist(wf, Eigen::Vector3d(we.x(), we.y(), -we.z())) <= 1e-6;
      });
      if (mirror && dist(f.directions.front(), we) > 1e-6 && e.located && f.located) {
        f.directions.push_back(we);
        for (int b : e.branches)
          if (std::find(f.branches.begin(), f.branches.end(), b) == f.branches.end()) f.branches.push_back(b);
        return false;
      }
      if (dist(f.directions.front(), we) <= 1e-2) {
        if (e.kind == EventKind::pitchfork) f.kind = EventKind::pitchfork;
        if (!f.located && e.located) {
          f.p = e.p;
          f.located = true;
          f.p_error = e.p_error;
          f.directions = e.directions;
        }
        for (int b : e.branches)
          if (std::find(f.branches.begin(), f.branches.end(), b) == f.branches.end()) f.branches.push_back(b);
        return false;
      }
    }
    diagram_.events.push_back(std::move(e));
    return true;
  }

  // The points from x0 along t0 until the branch leaves [lo, to] or closes; a branch that
  // leaves at lo > from (a continuum at from) is closed onto from by Newton at fixed p.
  std::vector<BranchPoint> trace(const X& x0, const X& t0, Branch& br) {
    std::vector<BranchPoint> pts;
    const double from = lo_, to = tr_.to();
    Node cur = tr_.node(x0, t0);
    if (cur.t.dot(t0) < 0) cur.t = -cur.t;
    pts.push_back(tr_.point(cur));
    const Node start = cur;
    double h = std::min(opt_.h_initial, opt_.h_max);
    for (int step = 0; step < 20000; ++step) {
      std::optional<Node> next = tr_.at(cur, h);
      // refuse steps that turn the tangent by more than ~0.3 rad (a jump to another branch)
      while ((!next || next->t.dot(cur.t) < 0.95) && h > opt_.h_min) {
        h *= 0.5;
        next = tr_.at(cur, h);
      }
      if (!next) {
        doubts_.push_back(fmt::format("branch {} stopped at {} = {}: the corrector failed", br.id, fam_.name, cur.x[4]));
        break;
      }
      if (next->t.dot(cur.t) < 0) next->t = -next->t;
      for (const Node& m : events_between(cur, *next, h, br.id))
        if (m.x[4] >= from && m.x[4] <= to) pts.push_back(tr_.point(m));
      // leaving the interval: end exactly at the boundary
      const double p = next->x[4];
      if (p < from || p > to) {
        X xb = cur.x + (next->x - cur.x) * ((p < from ? from : to) - cur.x[4]) / (p - cur.x[4]);
        if (tr_.correct_at_p(xb, p < from ? from : to)) {
          Node nb = *next;
          nb.x = xb;
          pts.push_back(tr_.point(nb));
          if (p < from && from > tr_.from() && tr_.correct_at_p(xb, tr_.from())) {
            nb.x = xb;
            pts.push_back(tr_.point(nb));
          }
        }
        break;
      }
      pts.push_back(tr_.point(*next));
      // a loop: back at the start, heading the same way
      if (step > 4 && (next->x - start.x).norm() < 0.5 * h && next->t.dot(start.t) > 0.9) {
        br.closed = true;
        break;
      }
      cur = *next;
      h = std::min(opt_.h_max, h * 1.3);
    }
    return pts;
  }

  // Locates the events between consecutive nodes; returns the located nodes (to be inserted
  // into the branch, so that its polyline reaches folds and branch points exactly).
  std::vector<Node> events_between(const Node& a, const Node& b, double h, int branch) {
    std::vector<Node> located_nodes;
    const bool bp = (a.tests.det < 0) != (b.tests.det < 0);
    const bool fold = !bp && (a.tests.tp < 0) != (b.tests.tp < 0) &&
                      std::max(std::abs(a.tests.tp), std::abs(b.tests.tp)) > 1e-9;  // not a branch at constant p
    const bool tangency = (a.tests.rdot < 0) != (b.tests.rdot < 0);
    const bool hopf = !std::isnan(a.tests.hopf) && !std::isnan(b.tests.hopf) && (a.tests.hopf < 0) != (b.tests.hopf < 0);
    const auto make = [&](EventKind k, auto fn) {
      bool located;
      double err;
      const Node m = tr_.locate(a, b, h, fn, located, err);
      Event e{k, m.x[4], {m.x.head<3>().normalized()}, {branch}, located, err};
      if (m.x[4] >= lo_) located_nodes.push_back(m);
      return std::make_pair(e, m);
    };
    if (tangency) add_event(make(EventKind::tangency, [](const Tests& t) { return t.rdot; }).first);
    if (fold) add_event(make(EventKind::fold, [](const Tests& t) { return t.tp; }).first);
    if (hopf) add_event(make(EventKind::hopf, [](const Tests& t) { return t.hopf; }).first);
    if (bp) {
      auto [e, m] = make(EventKind::branch_point, [](const Tests& t) { return t.det; });
      // Where the limit directions fill circles (c = 0 with axisymmetry, as at F = 0) every
      // branch meets the continuum: a degenerate branch point, not switched along the circle.
      const bool continuum = has_continuum(e.p);
      if (!continuum && fixed_by_symmetry(e.p, e.directions.front())) e.kind = EventKind::pitchfork;
      if (add_event(e) && !continuum) switch_branches(m, a.t);  // the other branch once, when first met
    }
    const auto sigma = [&](const Node& n) { return a.t.dot(n.x - a.x); };
    std::sort(located_nodes.begin(), located_nodes.end(), [&](const Node& u, const Node& v) { return sigma(u) < sigma(v); });
    return located_nodes;
  }

  // Axisymmetric with c1 = 0 (to the location accuracy): the limit directions fill circles
  // of latitude there (Sect. 7.4.4, Figs 15-16).
  bool has_continuum(double p) {
    const System& sys = tr_.field().system(p);
    const double F = tr_.field().force(p);
    const double scale = 1.0 + std::abs(F) * (sys.M_inv() * sys.load_direction()).norm();
    return sys.has_invariant_circle() && std::abs(sys.c(F).x()) <= 1e-8 * scale;
  }

  // A branch point is a pitchfork when its direction is fixed by a reflection R (w2 -> -w2 or
  // w3 -> -w3) that the field commutes with, F(R w) = R F(w) (checked on sample directions):
  // then the symmetric branch goes through and the other branch is the symmetric pair.
  bool fixed_by_symmetry(double p, const Eigen::Vector3d& w) {
    static const Eigen::Vector3d samples[] = {{0.3, 0.5, 0.81}, {-0.7, 0.2, 0.4}, {0.1, -0.9, 0.3},
                                              {-0.2, -0.3, -0.9}, {0.8, 0.1, -0.5}, {0.6, -0.6, 0.1}};
    for (int axis : {1, 2}) {
      if (std::abs(w[axis]) > 1e-5) continue;
      Eigen::Vector3d r = Eigen::Vector3d::Ones();
      r[axis] = -1;
      bool symmetric = true;
      for (const auto& v : samples) {
        const Eigen::Vector3d u = v.normalized();
        const Eigen::Vector3d a = tr_.field().F(r.asDiagonal() * u, p), b = r.asDiagonal() * tr_.field().F(u, p);
        if ((a - b).norm() > 1e-12 * (1 + b.norm())) symmetric = false;
      }
      if (symmetric) return true;
    }
    return false;
  }

  // At a simple branch point the kernel of G_X is 2-D: start the other branch both ways.
  void switch_branches(const Node& m, const X& t_current) {
    Eigen::Vector4d G;
    Mat45 J;
    tr_.field().eval(m.x, G, J);
    const Eigen::JacobiSVD<Mat45> svd(J, Eigen::ComputeFullV);
    const Eigen::Matrix<double, 5, 2> K = svd.matrixV().rightCols<2>();
    X other = K.col(0) - K.col(0).dot(t_current) * t_current;
    if (other.norm() < 0.1) other = K.col(1) - K.col(1).dot(t_current) * t_current;
    other.normalize();
    for (double sgn : {1.0, -1.0}) {
      const X xp = m.x + sgn * opt_.h_initial * other;
      X x = xp;
      if (tr_.correct(x, other, xp) && !on_known_branch(x)) pending_.push_back({x, sgn * other, true, std::nullopt});
    }
  }

  // Every limit direction of find-limits at p must lie on a branch; one that does not starts
  // a new branch (round 0) or is a doubt (round 1). Returns whether a seed was added.
  bool recheck(double p, bool last_round) {
    if (p <= tr_.from() || p > tr_.to()) return false;
    LimitSet L = find_limit_directions(tr_.field().system(p), tr_.field().force(p), opt_.solver);
    ++checks_done_;
    // how many times the branches cross p (segments straddling it; a branch end at p counts once)
    int crossings = 0;
    for (const Branch& b : diagram_.branches)
      for (std::size_t i = 0; i + 1 < b.points.size(); ++i) {
        const auto &u = b.points[i], &v = b.points[i + 1];
        if ((u.p - p) * (v.p - p) > 0 || u.p == v.p) continue;
        if (v.p == p && i + 2 < b.points.size()) continue;  // counted on the next segment
        ++crossings;
      }
    bool added = false;
    for (const auto& c : L.directions) {
      X x;
      x << c.w, c.rdot, p;
      if (on_known_branch(x, 1e-6)) continue;
      if (last_round) {
        doubts_.push_back(fmt::format("find-limits at {} = {} found w = ({:.6g}, {:.6g}, {:.6g}) on no branch", fam_.name,
                                      p, c.w.x(), c.w.y(), c.w.z()));
      } else {
        add_seed(c.w, c.rdot, p);
        added = true;
      }
    }
    if (L.circles.empty() && L.certificate.complete && last_round && crossings != static_cast<int>(L.directions.size()))
      doubts_.push_back(fmt::format("at {} = {} the branches give {} limit directions, find-limits {}", fam_.name, p,
                                    crossings, L.directions.size()));
    return added;
  }

  Tracer tr_;
  const ParameterFamily& fam_;
  const ContinuationOptions& opt_;
  Diagram diagram_;
  std::vector<Pending> pending_;
  std::vector<std::string> doubts_, notes_;
  int checks_done_ = 0;
  double lo_ = -std::numeric_limits<double>::infinity();  // lower end of tracing
};

}  // namespace

Diagram sweep(const ParameterFamily& family, double from, double to, const ContinuationOptions& options) {
  if (!std::isfinite(from) || !std::isfinite(to) || !(from < to))
    throw InputError(fmt::format("sweep: need finite from < to (got {} and {})", from, to));
  Sweeper s(family, from, to, options);
  return s.run();
}

// The structure between consecutive events: the branches crossing the midpoint.
std::vector<Region> regions_of(const Diagram& d) {
  std::vector<double> cuts{d.from};
  for (const Event& e : d.events)
    if (e.p > d.from && e.p < d.to) cuts.push_back(e.p);
  cuts.push_back(d.to);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end(), [](double a, double b) { return std::abs(a - b) < 1e-9; }), cuts.end());
  std::vector<Region> out;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const double pm = 0.5 * (cuts[k] + cuts[k + 1]);
    std::map<std::string, int> types;
    int count = 0;
    for (const Branch& b : d.branches)
      for (std::size_t i = 0; i + 1 < b.points.size(); ++i) {
        const auto &u = b.points[i], &v = b.points[i + 1];
        if ((u.p - pm) * (v.p - pm) > 0 || u.p == v.p) continue;
        const auto& near = std::abs(u.p - pm) < std::abs(v.p - pm) ? u : v;
        ++count;
        ++types[to_string(near.radial) + " " + to_string(near.type)];
      }
    Region r{cuts[k], cuts[k + 1], count, {types.begin(), types.end()}};
    if (!out.empty() && out.back().count == r.count && out.back().types == r.types)
      out.back().to = r.to;  // same structure on both sides of an event that changes nothing here
    else
      out.push_back(r);
  }
  return out;
}

}  // namespace limitdir
