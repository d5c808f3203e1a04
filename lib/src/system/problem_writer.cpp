// The problem file written back (docs/manual.md section 4), as parse_problem reads it and as
// the reports embed it under "problem"; see system/problem.hpp.
#include "limitdir/system/problem.hpp"

#include <utility>

#include "system/problem_checks.hpp"

namespace limitdir {

using json = nlohmann::json;
using detail::kContactModelScalars;
using detail::kProblemSchema;
using detail::takes_degree;

json pressure_to_json(const Pressure& pressure) {
  switch (pressure.kind()) {
    case Pressure::Kind::uniform: return "uniform";
    case Pressure::Kind::hertz: return "hertz";
    case Pressure::Kind::galin: return "galin";
    case Pressure::Kind::power: return json{{"power", pressure.alpha()}};
    case Pressure::Kind::ring:
      return pressure.ring_radius() == 1.0 ? json("ring") : json{{"ring", pressure.ring_radius()}};
    case Pressure::Kind::profile: {
      json nodes = json::array();
      const auto& xi = pressure.nodes_xi();
      const auto& p = pressure.nodes_p();
      for (std::size_t i = 0; i < xi.size(); ++i) nodes.push_back({xi[i], p[i]});
      return json{{"profile", nodes}};
    }
  }
  return pressure.name();
}

namespace {

json contact_to_json(const Problem& problem) {
  const ContactSpec& spec = problem.contact;
  json contact;
  if (spec.shape == ContactSpec::Shape::ellipse) contact["shape"] = {{"ellipse", json::array({spec.a, spec.b})}};
  contact["pressure"] = pressure_to_json(problem.pressure);
  if (spec.distortion && spec.distortion->bodies) {
    json& d = contact["distortion"];
    for (int i = 0; i < 2; ++i) {
      const BodyResistance& body = (*spec.distortion->bodies)[i];
      const std::string n = std::to_string(i + 1);
      d["d" + n] = body.d;
      d["gamma" + n] = body.gamma;
      if (body.b_ratio != 1.0) d["b" + n] = body.b_ratio;
    }
  } else if (spec.distortion) {
    contact["distortion"] = {{"d", spec.distortion->d}, {"gamma", spec.distortion->gamma}};
  }
  if (spec.shift)
    contact["shift"] = {{spec.shift->kind == ContactSpec::Shift::Kind::k ? "k" : "h", spec.shift->value}};
  return contact;
}

}  // namespace

json problem_to_json(const Problem& problem) {
  const auto vector = [](const Eigen::Vector3d& v) { return json::array({v[0], v[1], v[2]}); };
  const SystemSpec& spec = problem.system;
  // docs/manual.md section 2: only the keys of the preset, so that parse_problem accepts the result.
  json system{{"preset", spec.preset}};
  if (spec.preset == "disc") {
    system["j"] = spec.j;
  } else if (spec.preset == "ball") {
    system["j"] = spec.j;
    system["lambda"] = spec.lambda;
  } else if (spec.preset == "plate") {
    system["load_angle"] = spec.load_angle;
  } else {
    json mass = json::array();
    for (Eigen::Index i = 0; i < 3; ++i) mass.push_back(vector(spec.mass.row(i).transpose()));
    system["mass"] = std::move(mass);
    system["load"] = {{"direction", vector(spec.load_direction)}, {"offset", vector(spec.load_offset)}};
  }

  json friction{{"model", problem.friction.model}};
  if (takes_degree(problem.friction.model)) friction["degree"] = problem.friction.degree;
  if (problem.friction.order != 0) friction["order"] = problem.friction.order;
  const FrictionSpec& f = problem.friction;
  for (const auto& [name, member] : kContactModelScalars)
    if (f.*member) friction[name] = *(f.*member);
  if (f.u0) friction["u0"] = *f.u0;

  json rho;
  switch (problem.rho.kind) {
    case RhoSpec::Kind::kappa: rho = "kappa"; break;
    case RhoSpec::Kind::R: rho = "R"; break;
    case RhoSpec::Kind::value: rho = problem.rho.value; break;
  }

  json document{{"schema", kProblemSchema}};
  if (!problem.name.empty()) document["name"] = problem.name;
  document["system"] = std::move(system);
  document["contact"] = contact_to_json(problem);
  document["friction"] = std::move(friction);
  document["rho"] = std::move(rho);
  document["force"] = problem.force;
  return document;
}

}  // namespace limitdir
