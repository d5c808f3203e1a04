// The closed-form approximate models of an elliptic contact (friction/contact_approx.hpp):
// q with its Jacobian for P3 (48) and W (51) on a Hertz ellipse b = 0.5 (mean over random slip
// directions), next to the exact model they approximate (bench_contact.cpp) for scale.
#include <benchmark/benchmark.h>

#include "bench_directions.hpp"

#include "limitdir/friction/contact_model.hpp"
#include "limitdir/friction/contact_approx.hpp"

using namespace limitdir;

namespace {
const Contact hertz_ellipse = Contact::ellipse(1.0, 0.5, NominalPressure::hertz());

void p3(benchmark::State& state, bool jacobian) {
  run_directions(state, KudraPadeModel(hertz_ellipse, hertz_ellipse.kappa(), {3}), jacobian);
}
void w(benchmark::State& state, bool jacobian) {
  run_directions(state, KudraWModel(hertz_ellipse, hertz_ellipse.kappa()), jacobian);
}
void exact(benchmark::State& state, bool jacobian) {
  run_directions(state, ContactExactModel(hertz_ellipse, hertz_ellipse.kappa()), jacobian);
}
}  // namespace

BENCHMARK_CAPTURE(p3, hertz_ellipse_q_and_jacobian, true)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(p3, hertz_ellipse_q, false)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(w, hertz_ellipse_q_and_jacobian, true)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(w, hertz_ellipse_q, false)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(exact, hertz_ellipse_q_and_jacobian, true)->Unit(benchmark::kNanosecond);
BENCHMARK_MAIN();
