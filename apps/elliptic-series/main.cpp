// elliptic-series [--b FROM:TO] [--points N] [--order NQ,NK,NE]... [--format json|text|csv|tsv]
// The errors of the truncated nome series (64)-(65) [Kudra & Awrejcewicz 2013] (App. C) of the
// complete elliptic integrals K(e), E(e), e = sqrt(1 - b^2), against Boost.Math's Carlson forms
// K = R_F(0, b^2, 1), E = K - (e^2/3) R_D(0, b^2, 1) (an algorithm independent of the series; taken
// in b^2 rather than e, whose rounding near b = 0 moves K by 1e-13), on a grid of the
// contact's axis ratio b: the data of its Fig. 13 (docs/manual.md section 7). Prints one JSON
// object (schema "limitdir.elliptic-series/1"); plot draws it. A thin shell over
// numerics/elliptic_nome.hpp. Not an option of friction-model: the series is a function of b
// alone, no problem file, friction model or slip enters it.
#include <boost/math/special_functions/ellint_rd.hpp>
#include <boost/math/special_functions/ellint_rf.hpp>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "cli.hpp"
#include "limitdir/core/errors.hpp"
#include "limitdir/core/version.hpp"
#include "limitdir/numerics/elliptic_nome.hpp"

namespace po = limitdir::cli::po;
using limitdir::InputError;
using limitdir::NomeSeriesOrder;

namespace {

constexpr long long max_points = 100000;  // a grid far finer than any figure needs, bounded
// The series' own limit: a_n is tabulated to n = 10 (65); n_K, n_E are sums of q^(n^2), q^(2n),
// which underflow long before this bound for every b in (0, 1].
constexpr long long max_order = 1000;
// The smallest b: the reference takes R_F(0, b^2, 1), whose arguments may not both be 0; b^2 stays a
// normal double (>= 2.2e-308) for b >= 1.5e-154, and 1e-150 keeps a margin (K ~ ln(4/b) ~ 347 there).
constexpr double min_b = 1e-150;

/// "NQ,NK,NE": the orders of (64)-(65), n_q in 1..10, n_K and n_E in 1..max_order.
NomeSeriesOrder parse_order(const std::string& text) {
  const std::size_t c1 = text.find(','), c2 = c1 == std::string::npos ? c1 : text.find(',', c1 + 1);
  if (c2 == std::string::npos || text.find(',', c2 + 1) != std::string::npos)
    throw InputError("--order: must be NQ,NK,NE, three integers (got \"" + text + "\")");
  NomeSeriesOrder o;
  o.n_q = static_cast<int>(limitdir::cli::parse_integer(text.substr(0, c1), "--order NQ", 1,
                                                        limitdir::kNomeSeriesMaxOrder));
  o.n_K = static_cast<int>(limitdir::cli::parse_integer(text.substr(c1 + 1, c2 - c1 - 1), "--order NK", 1, max_order));
  o.n_E = static_cast<int>(limitdir::cli::parse_integer(text.substr(c2 + 1), "--order NE", 1, max_order));
  return o;
}

/// The report: the orders, and per b the reference K, E (Boost.Math) and each order's errors
/// K_n - K, E_n - E (signed).
nlohmann::json series_report(double b0, double b1, long long points, const std::vector<NomeSeriesOrder>& orders) {
  nlohmann::json order_list = nlohmann::json::array(), rows = nlohmann::json::array();
  for (const NomeSeriesOrder& o : orders) order_list.push_back({{"n_q", o.n_q}, {"n_K", o.n_K}, {"n_E", o.n_E}});
  for (long long i = 0; i < points; ++i) {
    const double b = i + 1 == points ? b1 : b0 + (b1 - b0) * static_cast<double>(i) / static_cast<double>(points - 1);
    const double e2 = (1.0 - b) * (1.0 + b);  // e^2, b given exactly
    const double K = boost::math::ellint_rf(0.0, b * b, 1.0);
    const double E = K - e2 / 3.0 * boost::math::ellint_rd(0.0, b * b, 1.0);
    nlohmann::json K_error = nlohmann::json::array(), E_error = nlohmann::json::array();
    for (const NomeSeriesOrder& o : orders) {
      const limitdir::EllipticKE ke = limitdir::elliptic_ke_nome(b, o);
      K_error.push_back(ke.K - K);
      E_error.push_back(ke.E - E);
    }
    rows.push_back({{"b", b}, {"K", K}, {"E", E}, {"K_error", K_error}, {"E_error", E_error}});
  }
  return {{"schema", "limitdir.elliptic-series/1"},
          {"limitdir_version", limitdir::version},
          {"description", "the errors K_n - K, E_n - E of the nome series (64)-(65) [Kudra & Awrejcewicz 2013] "
                          "against Boost.Math's Carlson forms of K and E (Fig. 13)"},
          {"reference", "Boost.Math ellint_rf, ellint_rd: K = R_F(0, b^2, 1), E = K - (e^2/3) R_D(0, b^2, 1)"},
          {"orders", order_list},
          {"rows", rows}};
}

std::string order_name(const nlohmann::json& o) {
  return "(" + o["n_q"].dump() + "," + o["n_K"].dump() + "," + o["n_E"].dump() + ")";
}

/// printf-style `format` applied to one value.
template <class T>
std::string cell(const char* format, T value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

/// --format text: a row per b, the errors of K then of E for each order.
std::string series_text(const nlohmann::json& report) {
  std::string out = report["description"].get<std::string>() + "\n" + cell("%10s", "b") + cell(" %12s", "K");
  for (const nlohmann::json& o : report["orders"]) out += cell(" %12s", ("dK" + order_name(o)).c_str());
  out += cell(" %12s", "E");
  for (const nlohmann::json& o : report["orders"]) out += cell(" %12s", ("dE" + order_name(o)).c_str());
  out += "\n";
  for (const nlohmann::json& r : report["rows"]) {
    out += cell("%10.6g", r["b"].get<double>()) + cell(" %12.9f", r["K"].get<double>());
    for (const nlohmann::json& x : r["K_error"]) out += cell(" %12.3e", x.get<double>());
    out += cell(" %12.9f", r["E"].get<double>());
    for (const nlohmann::json& x : r["E_error"]) out += cell(" %12.3e", x.get<double>());
    out += "\n";
  }
  return out;
}

}  // namespace

int main(int argc, char* argv[]) {
  limitdir::cli::AppInfo info{
      "elliptic-series", "[--b FROM:TO] [--points N] [--order NQ,NK,NE]... [--format json|text|csv|tsv]",
      "Prints the errors of the truncated nome series (64)-(65) of [Kudra & Awrejcewicz 2013] (App. C)\n"
      "for the complete elliptic integrals K(e) and E(e) of an elliptic contact of axis ratio b\n"
      "(e = sqrt(1 - b^2)), against Boost.Math's Carlson forms K = R_F(0, b^2, 1) and E = K - (e^2/3)\n"
      "R_D(0, b^2, 1) (an independent algorithm), at N points of b from FROM to TO: per b the reference\n"
      "K and E and, per order (n_q, n_K, n_E), K_n - K and E_n - E. The data of the paper's Fig. 13;\n"
      "plot draws them (docs/manual.md section 7). Prints one JSON object (schema\n"
      "\"limitdir.elliptic-series/1\")."};
  info.takes_problem = false;
  po::options_description options("Options", limitdir::options::help_line_length);
  options.add_options()
      ("b", po::value<std::string>()->default_value("0.01:1")->value_name("FROM:TO"),
       "the range of the axis ratio b, 1e-150 <= FROM < TO <= 1. Unit: dimensionless.")
      ("points", po::value<std::string>()->default_value("100")->value_name("N"),
       ("the number of values of b, equally spaced from FROM to TO (both included), 2 to " +
        std::to_string(max_points) + ". Unit: count.").c_str())
      ("order", po::value<std::vector<std::string>>()->composing()->value_name("NQ,NK,NE"),
       ("the orders (n_q, n_K, n_E) of (64)-(65), n_q in 1..10, n_K and n_E in 1.." + std::to_string(max_order) +
        "; repeat for several (default: Fig. 13's 1,1,1 and 2,2,2 and 5,4,8). Unit: count.").c_str());
  const limitdir::cli::Formats formats{true, true};
  limitdir::cli::add_format_option(options, formats);
  return limitdir::cli::run(info, options, argc, argv, [&](const po::variables_map& vm) -> limitdir::cli::Output {
    const limitdir::cli::Format format = limitdir::cli::output_format(vm, formats);
    const auto [b0, b1] = limitdir::cli::parse_range(vm["b"].as<std::string>(), "--b");
    if (!(b0 >= min_b && b1 <= 1.0))
      throw InputError("--b: must be FROM:TO with 1e-150 <= FROM < TO <= 1 (got \"" + vm["b"].as<std::string>() + "\")");
    const long long points = limitdir::cli::parse_integer(vm["points"].as<std::string>(), "--points", 2, max_points);
    std::vector<NomeSeriesOrder> orders;
    if (vm.count("order"))
      for (const std::string& text : vm["order"].as<std::vector<std::string>>()) orders.push_back(parse_order(text));
    else
      orders = {{1, 1, 1}, {2, 2, 2}, {5, 4, 8}};
    return limitdir::cli::print_report(series_report(b0, b1, points, orders), format, series_text);
  });
}
