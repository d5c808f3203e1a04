// The identity of a scan's points and the shards (docs/manual.md section 14); see scan/points.hpp.
#include "limitdir/scan/points.hpp"

#include <charconv>
#include <cstdio>
#include <system_error>

#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

/// printf's %.17g: 17 significant digits read back to the same double.
std::string g17(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", x);
  return buffer;
}

std::uint64_t shard_number(const std::string& spec, const std::string& text) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw InputError("--shard " + spec + ": must be I/N with integers 0 <= I < N");
  return n;
}

}  // namespace

std::uint64_t fnv1a64(std::string_view text, std::uint64_t h) {
  for (const char ch : text) {
    h ^= static_cast<unsigned char>(ch);
    h *= 1099511628211ULL;
  }
  return h;
}

std::string hash_hex(std::uint64_t hash) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash));
  return buffer;
}

std::string canonical_problem_text(const nlohmann::json& document) { return document.dump(); }

std::string point_text(const std::vector<std::string>& keys, const std::vector<double>& values) {
  std::string text;
  for (std::size_t k = 0; k < keys.size(); ++k) text += keys[k] + "=" + g17(values.at(k)) + "\n";
  return text;
}

std::string scan_point_key(const std::string& problem_text, const std::vector<std::string>& keys,
                           const std::vector<double>& values) {
  return hash_hex(fnv1a64(problem_text + "\n" + point_text(keys, values)));
}

std::string scan_grid_hash(const std::string& problem_text, const ScanGrid& grid) {
  // hashed piece by piece (fnv1a64 continues), so a list of 10^7 points needs no 10^7-line text
  std::uint64_t h = fnv1a64(problem_text + "\n");
  const auto join = [](const std::vector<double>& values) {
    std::string line;
    for (std::size_t i = 0; i < values.size(); ++i) line += (i ? "," : "") + g17(values[i]);
    return line + "\n";
  };
  if (grid.kind == ScanGrid::Kind::product) {
    h = fnv1a64("product\n", h);
    for (std::size_t k = 0; k < grid.keys.size(); ++k) h = fnv1a64(grid.keys[k] + "=" + join(grid.axes[k]), h);
  } else {
    std::string header = "list\n";
    for (std::size_t k = 0; k < grid.keys.size(); ++k) header += (k ? "," : "") + grid.keys[k];
    h = fnv1a64(header + "\n", h);
    for (const auto& row : grid.rows) h = fnv1a64(join(row), h);
  }
  return hash_hex(h);
}

ScanShard parse_scan_shard(const std::string& spec) {
  const std::size_t slash = spec.find('/');
  if (slash == std::string::npos) throw InputError("--shard " + spec + ": must be I/N with integers 0 <= I < N");
  ScanShard shard;
  shard.index = shard_number(spec, spec.substr(0, slash));
  shard.count = shard_number(spec, spec.substr(slash + 1));
  if (shard.count < 1) throw InputError("--shard " + spec + ": N must be >= 1");
  if (shard.index >= shard.count) throw InputError("--shard " + spec + ": I must be < N");
  return shard;
}

std::uint64_t shard_size(std::uint64_t size, const ScanShard& shard) {
  // the i < size with i mod N = I: ceil((size - I)/N) when I < size
  return shard.index < size ? (size - shard.index - 1) / shard.count + 1 : 0;
}

}  // namespace limitdir
