// fit FIT_FILE
// Fits the free parameters of a friction model to measured friction (docs/manual.md section 16)
// and prints the fit report (schema "limitdir.fit-report/1").
#include <chrono>
#include <string>
#include <vector>

#include "cli.hpp"
#include "limitdir/fit/fit_report.hpp"
#include "limitdir/fit/reference_data.hpp"
#include "limitdir/fit/trajectory.hpp"
#include "progress.hpp"

namespace po = limitdir::cli::po;

int main(int argc, char* argv[]) {
  limitdir::cli::AppInfo info{
      "fit",
      "FIT_FILE",
      "Fits the free parameters of a friction model (keys of a problem file, and the force scale mu P) to\n"
      "measured friction at known slips (a CSV file) or to another model over a family of problems, by\n"
      "nonlinear least squares on Ceres Solver from a seeded multi-start. Prints every start, every\n"
      "distinct local minimum, the best with its covariance, 95 % intervals and condition, and the\n"
      "parameters the data leave undetermined, as one JSON object (schema \"limitdir.fit-report/1\").\n"
      "Exit 3 when the fit does not converge (the report says why)."};
  info.problem_schema = "limitdir.fit/1";
  info.problem_name = "FIT_FILE";
  info.problem_is = "a fit file";
  po::options_description options("Options", limitdir::options::help_line_length);
  limitdir::cli::add_set_option(options);
  options.add_options()("rows", po::value<std::string>()->default_value("auto")->value_name("WHEN"),
                        ("Whether the report holds the data and the model row by row (what plot draws):\n"
                         "auto (up to " + std::to_string(limitdir::kReportRows) + " rows), all, none").c_str());
  return limitdir::cli::run(info, options, argc, argv, [](const po::variables_map& vm) -> limitdir::cli::Output {
    const auto begin = std::chrono::steady_clock::now();
    // --set KEY=VALUE changes the fit's problem (its free keys' values are the fit's to choose).
    limitdir::FitSpec spec = limitdir::load_fit_spec(
        limitdir::cli::problem_path(vm),
        [&vm](nlohmann::json& problem, const std::string& source) { limitdir::cli::apply_set_options(problem, vm, source); });
    if (vm.count("set"))
      for (const std::string& setting : vm["set"].as<std::vector<std::string>>())
        spec.name = limitdir::name_with_setting(spec.name.empty() ? spec.source : spec.name, setting);
    const limitdir::ReportRows rows = limitdir::parse_report_rows(vm["rows"].as<std::string>());
    limitdir::FitResult result;
    std::string text;
    const limitdir::ProgressHook progress = limitdir::cli::progress_hook();
    const auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count(); };
    if (spec.trajectory) {
      result = limitdir::fit_trajectory(spec, progress);
      text = limitdir::fit_report(spec, nullptr, result, seconds(), rows).dump(2) + "\n";
    } else {
      const limitdir::SlipData data =
          spec.reference ? limitdir::sample_reference(spec, progress) : limitdir::read_slip_csv(spec.data_path);
      result = limitdir::fit_slip_data(spec, data, progress);
      text = limitdir::fit_report(spec, &data, result, seconds(), rows).dump(2) + "\n";
    }
    if (!result.converged)
      return {std::move(text), limitdir::cli::exit_numerical_failure, "the fit did not converge: " + result.reason};
    return text;
  });
}
