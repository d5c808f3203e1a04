// Another model as the data of a fit (docs/manual.md section 16).
#include "limitdir/fit/reference_data.hpp"

#include <cmath>

#include "limitdir/core/cancellation.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/json_keys.hpp"
#include "limitdir/numerics/sphere.hpp"
#include "limitdir/system/problem.hpp"

namespace limitdir {

nlohmann::json case_problem(const FitSpec& spec, const std::vector<double>& values, const SlipCase& c, bool reference) {
  nlohmann::json document = problem_with(spec, values);
  if (reference)
    for (const auto& item : spec.reference->reference.items()) document[item.key()] = item.value();
  for (const auto& [key, value] : c.settings) {
    std::string why;
    nlohmann::json* at = find_dotted_key(document, key, why);
    if (!at) throw InputError(spec.source + ": data.over: " + key + " is not a key of the " +
                              (reference ? "reference's" : "fit's") + " problem: " + why);
    *at = as_json_number(value);
  }
  return document;
}

namespace {

// Every point of the axes' grid, the last axis fastest.
std::vector<SlipCase> family(const ReferenceData& r) {
  std::vector<SlipCase> cases(1);
  for (const FitAxis& axis : r.over) {
    std::vector<SlipCase> next;
    for (const SlipCase& c : cases)
      for (const double v : axis.values) {
        next.push_back(c);
        next.back().settings.emplace_back(axis.key, v);
      }
    cases = std::move(next);
  }
  return cases;
}

// The mesh's direction (i, j) (32): midpoints theta_i in (-pi/2, pi/2), phi_j in (0, 2 pi). With
// n_phi even the mesh is symmetric under w -> -w ((i, j) -> (n_theta - 1 - i, j + n_phi/2)); the
// second of each pair is built as the exact negative of the first, so that a fit of an odd model
// finds the pairs bit for bit (fit/least_squares.cpp).
Eigen::Vector3d mesh_direction(const ReferenceData& r, int i, int j) {
  const int half = r.n_phi / 2, mirror_i = r.n_theta - 1 - i;
  if (r.n_phi % 2 == 0 && (i > mirror_i || (i == mirror_i && j >= half)))
    return -mesh_direction(r, mirror_i, (j + half) % r.n_phi);
  const double theta = -M_PI / 2 + (i + 0.5) * M_PI / r.n_theta, phi = (j + 0.5) * 2.0 * M_PI / r.n_phi;
  return w_from_angles(theta, phi);
}

std::string describe(const SlipCase& c) {
  std::string s;
  for (const auto& [key, value] : c.settings) s += (s.empty() ? "" : ", ") + key + " = " + std::to_string(value);
  return s.empty() ? "the problem" : s;
}

}  // namespace

SlipData sample_reference(const FitSpec& spec, const ProgressHook& progress) {
  const ReferenceData& r = *spec.reference;
  std::vector<double> start;
  for (const FitParameter& p : spec.parameters) start.push_back(p.start);
  SlipData d;
  d.cases = family(r);
  ProgressCounter counter(progress, "sampling the reference", d.cases.size());
  for (std::size_t k = 0; k < d.cases.size(); ++k) {
    poll_cancellation();
    SlipCase& c = d.cases[k];
    std::unique_ptr<FrictionModel> model;
    try {
      parse_problem(case_problem(spec, start, c, false), spec.problem_source);  // the fit's problem, too
      model = make_friction_model(parse_problem(case_problem(spec, start, c, true), spec.problem_source + " (reference)"));
    } catch (const InputError& e) {
      throw InputError(spec.source + ": data: at " + describe(c) + ": " + e.what());
    }
    c.begin = d.size();
    for (int i = 0; i < r.n_theta; ++i)
      for (int j = 0; j < r.n_phi; ++j) {
        const Eigen::Vector3d w = mesh_direction(r, i, j);
        d.s.push_back(w);
        d.f.push_back(model->q(w));
        d.weight.push_back(1.0);
      }
    c.end = d.size();
    counter.step(k + 1);
  }
  return d;
}

}  // namespace limitdir
