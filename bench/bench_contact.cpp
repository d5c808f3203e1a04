// The exact integral model of an elliptic contact (friction/contact_model.hpp), issue 9 target:
// q with its Jacobian for an ellipse with Hertz pressure <= 10 us (mean over random slip
// directions; the ICR near the contact boundary costs more, pure slide less).
#include <benchmark/benchmark.h>

#include "bench_directions.hpp"

#include <random>
#include <vector>

#include "limitdir/friction/contact_model.hpp"

using namespace limitdir;

namespace {

void run(benchmark::State& state, const Contact& c, bool jacobian) {
  const auto m = make_contact_exact_model(c);
  run_directions(state, *m, jacobian);
}

const Contact hertz_ellipse = Contact::ellipse(1.0, 0.5, NominalPressure::hertz());
const Contact uniform_ellipse = Contact::ellipse(1.0, 0.5, NominalPressure::uniform());
const Contact distorted = hertz_ellipse.with_distortion(0.8, 1.0);
const Contact shifted = hertz_ellipse.with_shift(0.5);
const Contact power_ellipse = Contact::ellipse(1.0, 0.5, NominalPressure::power(1.5));
// a tabulated profile (docs/manual.md section 6): closed-form pieces per ray, adaptive angles
const Contact profile_ellipse =
    Contact::ellipse(1.0, 0.5, NominalPressure::profile({0.0, 0.3, 0.7, 1.0}, {1.0, 0.9, 0.5, 0.2}));
}  // namespace

BENCHMARK_CAPTURE(run, hertz_ellipse_q_and_jacobian, hertz_ellipse, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, hertz_ellipse_q, hertz_ellipse, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, uniform_ellipse_q_and_jacobian, uniform_ellipse, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, distorted_hertz_q_and_jacobian, distorted, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, shifted_hertz_q_and_jacobian, shifted, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, power_ellipse_q_and_jacobian, power_ellipse, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, profile_ellipse_q_and_jacobian, profile_ellipse, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(run, profile_ellipse_q, profile_ellipse, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
