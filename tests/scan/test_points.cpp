// The identity of a scan's points and the shards (docs/manual.md section 14, scan/points.hpp):
// FNV-1a against its published test vectors, keys that follow the problem and the point (not the
// index), a grid hash that follows every axis, and shards that partition the indices.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "limitdir/core/errors.hpp"
#include "limitdir/scan/grid.hpp"
#include "limitdir/scan/points.hpp"

namespace test_points {  // this file's own names (tests/CMakeLists.txt: a unity build)

using json = nlohmann::json;
using limitdir::InputError;

TEST_CASE("FNV-1a 64 matches its published test vectors") {
  // the test vectors of the FNV reference (Fowler, Noll, Vo), checked in Python
  CHECK(limitdir::fnv1a64("") == 0xcbf29ce484222325ULL);
  CHECK(limitdir::fnv1a64("a") == 0xaf63dc4c8601ec8cULL);
  CHECK(limitdir::fnv1a64("foobar") == 0x85944171f73967e8ULL);
  CHECK(limitdir::fnv1a64("bar", limitdir::fnv1a64("foo")) == limitdir::fnv1a64("foobar"));
  CHECK(limitdir::hash_hex(0x85944171f73967e8ULL) == "85944171f73967e8");
  CHECK(limitdir::hash_hex(1) == "0000000000000001");
}

TEST_CASE("a point's key is the hash of the canonical problem and its %.17g values") {
  // the same problem written with other spaces and key order has the same canonical text
  const json a = json::parse(R"({"force": 0.5, "system": {"preset": "disc", "j": 0.5}})");
  const json b = json::parse(R"({ "system" : {"j":0.5,"preset":"disc"} , "force":0.5 })");
  const std::string text = limitdir::canonical_problem_text(a);
  CHECK(text == limitdir::canonical_problem_text(b));
  CHECK(text == R"({"force":0.5,"system":{"j":0.5,"preset":"disc"}})");
  CHECK(limitdir::point_text({"force", "system.j"}, {0.1, 2.0}) == "force=0.10000000000000001\nsystem.j=2\n");
  const std::string key = limitdir::scan_point_key(text, {"force"}, {0.1});
  CHECK(key == limitdir::hash_hex(limitdir::fnv1a64(text + "\nforce=0.10000000000000001\n")));
  CHECK(key.size() == 16);
  CHECK(key != limitdir::scan_point_key(text, {"force"}, {0.2}));  // another value
  CHECK(key != limitdir::scan_point_key(text, {"system.j"}, {0.1}));  // another key
  CHECK(key != limitdir::scan_point_key(limitdir::canonical_problem_text(json{{"force", 0.5}}), {"force"}, {0.1}));
}

TEST_CASE("the grid hash identifies the problem and every axis") {
  const std::string text = R"({"force":0})";
  const auto grid = [](std::vector<std::string> specs) {
    std::vector<limitdir::ScanAxis> axes;
    for (const auto& spec : specs) axes.push_back(limitdir::parse_scan_axis(spec));
    return limitdir::scan_product(axes);
  };
  const std::string h = limitdir::scan_grid_hash(text, grid({"force=0:1:3", "system.j=0.5,0.6"}));
  CHECK(h == limitdir::hash_hex(limitdir::fnv1a64(text + "\nproduct\nforce=0,0.5,1\nsystem.j=0.5,0.59999999999999998\n")));
  CHECK(h == limitdir::scan_grid_hash(text, grid({"force=0,0.5,1", "system.j=0.5:0.6:2"})));  // same points
  CHECK(h != limitdir::scan_grid_hash(text, grid({"force=0:1:4", "system.j=0.5,0.6"})));
  CHECK(h != limitdir::scan_grid_hash(text, grid({"system.j=0.5,0.6", "force=0:1:3"})));  // another order
  CHECK(h != limitdir::scan_grid_hash(R"({"force":1})", grid({"force=0:1:3", "system.j=0.5,0.6"})));
  const limitdir::ScanGrid list = limitdir::scan_points_from_jsonl("{\"force\": 1}\n{\"force\": 0.25}\n", "p");
  CHECK(limitdir::scan_grid_hash(text, list) == limitdir::hash_hex(limitdir::fnv1a64(text + "\nlist\nforce\n1\n0.25\n")));
}

TEST_CASE("the shards I/N partition the indices: each index in exactly one shard") {
  const std::uint64_t size = 53;
  for (std::uint64_t n = 1; n <= 7; ++n) {
    std::vector<int> seen(size, 0);
    for (std::uint64_t i = 0; i < n; ++i) {
      const limitdir::ScanShard shard = limitdir::parse_scan_shard(std::to_string(i) + "/" + std::to_string(n));
      const std::uint64_t count = limitdir::shard_size(size, shard);
      for (std::uint64_t p = 0; p < count; ++p) {
        const std::uint64_t index = shard.index + p * shard.count;
        CHECK(index < size);
        CHECK(index % n == i);
        CHECK(shard.contains(index));
        ++seen[index];
      }
    }
    for (std::uint64_t index = 0; index < size; ++index) CHECK(seen[index] == 1);
  }
  // counted, not listed: the shards of the largest grid, and a shard past a small grid's end
  CHECK(limitdir::shard_size(limitdir::max_scan_points, limitdir::parse_scan_shard("0/1")) == limitdir::max_scan_points);
  CHECK(limitdir::shard_size(limitdir::max_scan_points, limitdir::parse_scan_shard("1/2")) == limitdir::max_scan_points / 2);
  CHECK(limitdir::shard_size(5, limitdir::parse_scan_shard("7/9")) == 0);
  for (const char* spec : {"1/1", "7/3", "0/0", "-1/3", "1", "a/3", "1/", "/3", "1/3/4", "1 /3"}) {
    CAPTURE(spec);
    CHECK_THROWS_AS(limitdir::parse_scan_shard(spec), InputError);
  }
}

}  // namespace test_points
