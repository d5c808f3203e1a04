#pragma once
// The points of a parameter scan (docs/manual.md section 14): axes KEY=FROM:TO:COUNT,
// KEY=log:FROM:TO:COUNT and KEY=v1,v2,..., their product, an explicit list of points (JSON Lines)
// and a Latin hypercube.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace limitdir {

/// How the values of an axis are spaced: evenly (KEY=FROM:TO:COUNT, and a list) or evenly in
/// log (KEY=log:FROM:TO:COUNT). A summary's table records it and plot draws a log axis in log10.
enum class ScanScale { linear, log };

/// One axis of a grid: a problem key (a dotted path, jobs/problem_keys.hpp) and its values.
struct ScanAxis {
  std::string key;
  std::vector<double> values;
  /// FROM and TO of a KEY=FROM:TO:COUNT or KEY=log:FROM:TO:COUNT axis (the range a Latin
  /// hypercube samples); none for a list KEY=v1,v2,...
  struct Range {
    double from = 0.0, to = 0.0;
  };
  std::optional<Range> range;
  /// log for KEY=log:FROM:TO:COUNT (its range is sampled evenly in log), else linear.
  ScanScale scale = ScanScale::linear;
};

/// The largest number of points of a grid: 2^53, the largest index a JSON reader keeps exactly
/// (the records carry "index" as a JSON number); a larger grid is an InputError, not cut.
inline constexpr std::uint64_t max_scan_points = std::uint64_t{1} << 53;

/// The most values of one KEY=FROM:TO:COUNT or KEY=log:FROM:TO:COUNT axis: 2^24 (~1.7e7), the
/// size of the largest Latin hypercube below and above the largest atlas a study asks for (~1e7
/// points, issue 22). An axis's values are held in memory (8 bytes each: 128 MiB at most); more is
/// an InputError, not an allocation failure.
inline constexpr std::uint64_t max_scan_axis_values = std::uint64_t{1} << 24;

/// The largest Latin hypercube: 2^24 (~1.7e7) points, above the largest atlas a study asks for
/// (~1e7, issue 22). Its points are held in memory, ~48 + 8 K bytes per point of K axes (a row:
/// its vector, heap block and values; the permutation), so 2^24 points of 3 axes take ~1.2 GB;
/// more is an InputError.
inline constexpr std::uint64_t max_scan_random_points = std::uint64_t{1} << 24;

/// The points of a scan, each a value per key (in the order of `keys`). Either the product of
/// axes (kind product, `axes`), or an explicit list (kind list, `rows`: a Latin hypercube or a
/// --points file).
struct ScanGrid {
  enum class Kind { product, list };
  Kind kind = Kind::product;
  std::vector<std::string> keys;
  std::vector<std::vector<double>> axes;  // product: the values of keys[k]
  std::vector<std::vector<double>> rows;  // list: point i's values
  /// The scale of each key's axis (a product; a Latin hypercube: its axes'; a --points list:
  /// linear), in the order of keys. Not part of the grid hash (scan/points.hpp): the values are.
  std::vector<ScanScale> scales;

  /// The scale of keys[k] (linear when `scales` does not give it).
  ScanScale scale(std::size_t k) const { return k < scales.size() ? scales[k] : ScanScale::linear; }

  /// The number of points (at most max_scan_points).
  std::uint64_t size() const;
  /// Point i's values, in the order of keys. Product: the first axis varies slowest, the last
  /// fastest (row-major), i = sum_k i_k prod_{m > k} n_m; i < size().
  std::vector<double> point(std::uint64_t i) const;
};

/// Parses one axis: "KEY=FROM:TO:COUNT" (COUNT >= 1 points FROM + i (TO - FROM)/(COUNT - 1),
/// FROM and TO included exactly; COUNT = 1 needs FROM = TO), "KEY=log:FROM:TO:COUNT" (COUNT >= 1
/// points FROM (TO/FROM)^(i/(COUNT - 1)), each the double nearest that exact value, so FROM and
/// TO exact and the values monotone; FROM and TO positive normal doubles, >= 2^-1022; COUNT = 1
/// needs FROM = TO) or "KEY=v1,v2,..." (at least one value). KEY is made of letters, digits, '_',
/// '-' and '.'. Numbers are finite decimals. InputError "--grid SPEC: ..." (one line) on any other
/// syntax.
ScanAxis parse_scan_axis(const std::string& spec);

/// The product of the axes (first axis slowest); InputError on no axis, a KEY given twice or
/// more than max_scan_points points.
ScanGrid scan_product(const std::vector<ScanAxis>& axes);

/// An explicit list of points from JSON Lines: each non-empty line an object {KEY: number}, all
/// lines with the same keys (the keys are sorted by name); InputError "<source>: line N: ..." on a
/// malformed line, a non-finite or non-number value, keys differing from the first line's, or
/// no point at all.
ScanGrid scan_points_from_jsonl(const std::string& text, const std::string& source);

/// A Latin hypercube of n points over the ranges of the axes (every axis must be a
/// KEY=FROM:TO:COUNT or KEY=log:FROM:TO:COUNT axis; its COUNT is not used), from
/// std::mt19937_64 seeded with `seed`. The derivation (docs/manual.md section 14), the same on
/// every platform: with x the raw 64-bit draws in order and u(x) = (x >> 11) 2^-53 in [0, 1), for
/// each axis k in order:
///   1. a permutation p of 0..n-1 by Fisher-Yates: p = identity; for j = n-1 down to 1,
///      swap p[j] and p[x mod (j + 1)] (one draw per j);
///   2. for i = 0..n-1 (one draw each): t = (p[i] + u(x))/n, value_i = FROM + (TO - FROM) t on a
///      linear axis; on a log axis value_i = the double nearest FROM (TO/FROM)^t, t taken exactly.
/// So each of the n strata of each axis holds exactly one point: [FROM + s (TO-FROM)/n,
/// FROM + (s+1) (TO-FROM)/n) on a linear axis, [FROM (TO/FROM)^(s/n), FROM (TO/FROM)^((s+1)/n))
/// (equal in log) on a log axis, up to the rounding of a value to a double. InputError on n < 1,
/// n > max_scan_random_points, a list axis or a KEY twice.
ScanGrid scan_latin_hypercube(const std::vector<ScanAxis>& axes, std::uint64_t n, std::uint64_t seed);

}  // namespace limitdir
