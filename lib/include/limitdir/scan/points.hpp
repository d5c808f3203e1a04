#pragma once
// The identity of a scan's points and their sharing among processes (docs/manual.md section 14):
// a stable key per point, a hash per grid, and the shards I/N.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "limitdir/scan/grid.hpp"

namespace limitdir {

/// The offset basis of FNV-1a, 64 bits: the hash of the empty text.
inline constexpr std::uint64_t fnv1a64_basis = 14695981039346656037ULL;

/// FNV-1a, 64 bits, of the bytes of `text`, continued from `h` (fnv1a64(a + b) ==
/// fnv1a64(b, fnv1a64(a))): for each byte b, h = (h xor b) * 1099511628211 mod 2^64.
std::uint64_t fnv1a64(std::string_view text, std::uint64_t h = fnv1a64_basis);

/// `hash` as 16 lower-case hexadecimal digits.
std::string hash_hex(std::uint64_t hash);

/// The canonical text of a problem file: its JSON without spaces, the keys of every object sorted
/// by name, numbers as nlohmann::json prints them (the shortest text that reads back exactly),
/// i.e. nlohmann::json::dump(). The same document written with other spaces or key order has the
/// same text.
std::string canonical_problem_text(const nlohmann::json& document);

/// The text of a point: one line "KEY=VALUE\n" per key in the grid's order, VALUE printed
/// with printf's %.17g (which reads back exactly).
std::string point_text(const std::vector<std::string>& keys, const std::vector<double>& values);

/// The key of a point: hash_hex(fnv1a64(problem_text + "\n" + point_text(keys, values))).
/// It depends on the problem and the point's values, not on the point's index or the grid.
std::string scan_point_key(const std::string& problem_text, const std::vector<std::string>& keys,
                           const std::vector<double>& values);

/// The hash of a scan: hash_hex(fnv1a64(problem_text + "\n" + T)), where T is
/// "product\n" then one line "KEY=v1,v2,...\n" per axis (values %.17g), or for a list
/// "list\nKEY,KEY,...\n" then one line "v,v,...\n" per point. Two scans share it exactly when
/// they have the same problem and the same points in the same order.
std::string scan_grid_hash(const std::string& problem_text, const ScanGrid& grid);

/// A shard I/N of a scan: the points whose index i has i mod N == I.
struct ScanShard {
  std::uint64_t index = 0, count = 1;
  bool contains(std::uint64_t i) const { return i % count == index; }
};

/// Parses "I/N" (decimal integers, N >= 1, I < N); InputError "--shard SPEC: ..." otherwise.
ScanShard parse_scan_shard(const std::string& spec);

/// The number of points of `shard` in a grid of `size` points; its p-th point (p = 0, 1, ...,
/// ascending) is shard.index + p shard.count. Computed, not listed: a shard of 10^13 points
/// needs no memory for its indices.
std::uint64_t shard_size(std::uint64_t size, const ScanShard& shard);

}  // namespace limitdir
