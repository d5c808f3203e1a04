// The systems of a problem over two of its parameters (maps/curves.hpp): the one-parameter
// families of sweep-force --parameter (docs/manual.md section 6) nested, y outside, x inside.
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <memory>
#include <mutex>

#include "limitdir/continuation/continuation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/maps/curves.hpp"

namespace limitdir {

namespace {

// A family commutes with the reflection w_k -> -w_k when F(R w) = R F(w) at the sample
// directions to the rounding of F at unit scale (~1e-16 per term, a few terms): 1e-12.
constexpr double kMirrorTol = 1e-12;

/// Values of type T built once per parameter value by `make` (a finite difference asks for a
/// few neighbouring values, and a family may build a friction model by quadrature).
template <class T>
class Memo {
 public:
  explicit Memo(std::function<T(double)> make) : make_(std::move(make)) {}
  std::shared_ptr<const T> at(double p) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = cache_.find(p); it != cache_.end()) return it->second;
    if (cache_.size() > kCached) cache_.clear();
    auto v = std::make_shared<const T>(make_(p));
    cache_.emplace(p, v);
    return v;
  }

 private:
  static constexpr std::size_t kCached = 64;  // the values of one corrector step and its differences
  std::function<T(double)> make_;
  std::mutex mutex_;
  std::map<double, std::shared_ptr<const T>> cache_;
};

/// F(R w) = R F(w) at the sample directions for R = diag(r).
bool commutes_with(const System& system, double F, const Eigen::Vector3d& r) {
  static const std::array<Eigen::Vector3d, 6> directions{
      Eigen::Vector3d(0.31, 0.52, 0.79), Eigen::Vector3d(-0.66, 0.23, 0.41), Eigen::Vector3d(0.12, -0.87, 0.35),
      Eigen::Vector3d(-0.25, -0.31, -0.88), Eigen::Vector3d(0.83, 0.14, -0.52), Eigen::Vector3d(0.58, -0.61, 0.12)};
  for (const Eigen::Vector3d& v : directions) {
    const Eigen::Vector3d u = v.normalized();
    const Eigen::Vector3d mirrored = system.field(r.asDiagonal() * u, F), image = r.asDiagonal() * system.field(u, F);
    if ((mirrored - image).norm() > kMirrorTol * (1 + image.norm())) return false;
  }
  return true;
}

void check_ranges(const MapAxis& x, const MapAxis& y) {
  for (const MapAxis* a : {&x, &y})
    if (!(std::isfinite(a->from) && std::isfinite(a->to) && a->from < a->to))
      throw InputError(fmt::format("parameter {}: the range must be finite and increasing (got {}..{})", a->name,
                                   a->from, a->to));
  if (x.name == y.name) throw InputError(fmt::format("the two parameters must differ (both are {})", x.name));
}

}  // namespace

Problem problem_at(const Problem& problem, const MapAxis& x, double xv, const MapAxis& y, double yv) {
  return problem_with_parameter(problem_with_parameter(problem, y.name, yv), x.name, xv);
}

TwoParameterFamily two_parameter_family(const Problem& problem, const MapAxis& x, const MapAxis& y) {
  check_ranges(x, y);
  TwoParameterFamily f;
  f.x = x, f.y = y;
  f.problem = [problem, x, y](double xv, double yv) { return problem_at(problem, x, xv, y, yv); };
  // every parameter's valid range is an interval (docs/manual.md section 6): the corners decide
  for (double yv : {y.from, y.to})
    for (double xv : {x.from, x.to})
      (void)parse_problem(problem_to_json(f.problem(xv, yv)), fmt::format("{} = {}, {} = {}", x.name, xv, y.name, yv));
  if (!problem.contact.load_dependent() && (x.name == "force" || y.name == "force")) {
    // the load enters c only (100): the systems along the other parameter, built once each
    const bool x_is_force = x.name == "force";
    const ParameterFamily other = parameter_family(problem, x_is_force ? y.name : x.name);
    auto systems = std::make_shared<Memo<System>>(other.system);
    f.system = [systems, x_is_force](double xv, double yv) { return *systems->at(x_is_force ? yv : xv); };
    f.force = [x_is_force](double xv, double yv) { return x_is_force ? xv : yv; };
  } else {
    // y outside, x inside: the inner family at each y
    const ParameterFamily outer = parameter_family(problem, y.name);
    const std::string inner_name = x.name;
    auto inner = std::make_shared<Memo<ParameterFamily>>(
        [outer, inner_name](double yv) { return parameter_family(outer.problem(yv), inner_name); });
    f.system = [inner](double xv, double yv) { return inner->at(yv)->system(xv); };
    f.force = [inner](double xv, double yv) { return inner->at(yv)->force(xv); };
  }
  const auto everywhere = [&](const Eigen::Vector3d& r) {
    bool all = true;
    for (double xv : {x.from, 0.5 * (x.from + x.to), x.to})
      for (double yv : {y.from, 0.5 * (y.from + y.to), y.to})
        all = all && commutes_with(f.system(xv, yv), f.force(xv, yv), r);
    return all;
  };
  for (int k : {1, 2}) {
    Eigen::Vector3d r = Eigen::Vector3d::Ones();
    r[k] = -1;
    if (everywhere(r)) f.mirrors.push_back(k);
  }
  f.half_turn = f.mirrors.size() == 2 || everywhere(Eigen::Vector3d(1, -1, -1));
  return f;
}

std::string to_string(CurveKind k) {
  switch (k) {
    case CurveKind::fold: return "fold";
    case CurveKind::pitchfork: return "pitchfork";
    case CurveKind::tangency: return "tangency";
    case CurveKind::hopf: return "hopf";
    case CurveKind::kink: return "kink";
  }
  return "?";
}

std::string to_string(CurveEnd e) {
  switch (e) {
    case CurveEnd::boundary: return "boundary";
    case CurveEnd::codim_two: return "codimension-2";
    case CurveEnd::closed: return "closed";
    case CurveEnd::load_zero: return "load-zero";
    case CurveEnd::failed: return "failed";
  }
  return "?";
}

std::string to_string(PointKind k) {
  switch (k) {
    case PointKind::cusp: return "cusp";
    case PointKind::degenerate_pitchfork: return "degenerate-pitchfork";
    case PointKind::fold_pole: return "fold-pole";
    case PointKind::fold_tangency: return "fold-tangency";
    case PointKind::pitchfork_tangency: return "pitchfork-tangency";
    case PointKind::bogdanov_takens: return "bogdanov-takens";
    case PointKind::kink_tangency: return "kink-tangency";
  }
  return "?";
}

}  // namespace limitdir
