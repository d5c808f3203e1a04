// The error of the sphere-harmonic model against its reference as the degree grows, Figs 17-18
// of [Nonlinear Dyn. 2024] generalised to any contact (docs/manual.md section 8).
#include <fmt/format.h>

#include "core/constants.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/friction/sphere_harmonic.hpp"

namespace limitdir {

std::vector<SphereHarmonicError> sphere_harmonic_errors(const FrictionModel& reference,
                                                        const SphereHarmonicModel& model, int n_theta,
                                                        int n_phi) {
  if (n_theta < 2 || n_phi < 1 || static_cast<long>(n_theta) * n_phi > 10'000'000)
    throw InputError(fmt::format("sphere-harmonic errors: grid {} x {} (need n_theta >= 2, n_phi >= 1, "
                                 "at most 1e7 points)", n_theta, n_phi));
  std::vector<Eigen::Vector3d> w, q;
  for (int i = 0; i < n_theta; ++i) {
    const double theta = -0.5 * pi + pi * i / (n_theta - 1);
    // cos(theta) exactly 0 at the poles (cos(pi/2) rounds to 6e-17)
    const double c = i == 0 || i == n_theta - 1 ? 0.0 : std::cos(theta);
    for (int j = 0; j < n_phi; ++j) {
      const double phi = 2.0 * pi * j / n_phi;
      w.emplace_back(c * std::cos(phi), c * std::sin(phi), std::sin(theta));
      q.push_back(reference.q(w.back()));
    }
  }
  std::vector<SphereHarmonicError> out;
  for (int N = 1; N <= model.degree(); ++N) {
    const SphereHarmonicModel m = N == model.degree() ? model : model.truncated(N);
    SphereHarmonicError e{N, -1.0, Eigen::Vector3d::Zero()};
    for (std::size_t k = 0; k < w.size(); ++k) {
      const double d = (m.q(w[k]) - q[k]).norm();
      if (d > e.max_error) e = {N, d, w[k]};
    }
    out.push_back(e);
  }
  return out;
}

std::vector<SphereHarmonicError> sphere_harmonic_errors(const FrictionModel& reference, int N_max, int n_theta,
                                                        int n_phi) {
  return sphere_harmonic_errors(reference, SphereHarmonicModel(reference, N_max), n_theta, n_phi);
}

}  // namespace limitdir
