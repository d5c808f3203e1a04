#pragma once
// Internal: strict reading of one object of a problem file (the roll and pile files,
// docs/manual.md sections 10 and 15): typed reads that name the key path in every error, and a
// final check that no key was left unread (a typo).
#include <cmath>
#include <cstdint>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "core/json_text.hpp"
#include "limitdir/core/errors.hpp"

namespace limitdir::detail {

/// An object of the file at a key path. The root's path is "<source>: " (keys follow without a
/// dot); a nested object's is "<source>: key" (keys follow after a dot).
class JsonSection {
 public:
  using json = nlohmann::json;

  JsonSection(const json& value, std::string path) : value_(value), path_(std::move(path)) {
    if (!value_.is_object())
      fail(path_.back() == ' ' ? path_.substr(0, path_.size() - 2) : path_, "must be a JSON object", value_);
  }
  [[noreturn]] static void fail(const std::string& path, const std::string& what, const json& got) {
    throw InputError(path + ": " + what + " (got " + show(got) + ")");
  }
  std::string at(const char* key) const { return path_ + (path_.back() == ' ' ? "" : ".") + key; }
  const json* find(const char* key) {
    read_.insert(key);
    const auto it = value_.find(key);
    return it == value_.end() ? nullptr : &*it;
  }
  const json& need(const char* key) {
    const json* v = find(key);
    if (!v) throw InputError(at(key) + ": required key is missing");
    return *v;
  }
  /// The required object at `key`, as a section of its own.
  JsonSection object(const char* key) { return JsonSection(need(key), at(key)); }
  /// Any finite number (the range is checked elsewhere).
  double finite(const json& v, const char* key) const {
    if (!v.is_number() || !std::isfinite(v.get<double>())) fail(at(key), "must be a finite number", v);
    return v.get<double>();
  }
  /// A finite number > 0 (positive) or >= 0.
  double number(const json& v, const char* key, bool positive) const {
    if (!v.is_number() || !std::isfinite(v.get<double>()) || (positive ? v.get<double>() <= 0 : v.get<double>() < 0))
      fail(at(key), positive ? "must be a finite number > 0" : "must be a finite number >= 0", v);
    return v.get<double>();
  }
  double positive(const char* key) { return number(need(key), key, true); }
  double nonnegative(const char* key) { return number(need(key), key, false); }
  /// A JSON integer in [lo, hi] (1e9 written as a float is not one: the message names the range).
  std::uint64_t integer(const json& v, const char* key, std::uint64_t lo, std::uint64_t hi) const {
    bool is_integer = v.is_number_unsigned();
    std::uint64_t x = is_integer ? v.get<std::uint64_t>() : 0;
    if (v.is_number_integer() && !is_integer && v.get<std::int64_t>() >= 0) {
      is_integer = true;
      x = static_cast<std::uint64_t>(v.get<std::int64_t>());
    }
    if (!is_integer || x < lo || x > hi)
      fail(at(key), "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]", v);
    return x;
  }
  /// An array of `n` finite numbers into out[0..n).
  template <class Out>
  void numbers(const json& v, const char* key, int n, Out& out) const {
    if (!v.is_array() || v.size() != static_cast<std::size_t>(n))
      fail(at(key), "must be an array of " + std::to_string(n) + " numbers", v);
    for (int i = 0; i < n; ++i) {
      const json& x = v[static_cast<std::size_t>(i)];
      if (!x.is_number() || !std::isfinite(x.get<double>()))
        fail(at(key), "must be an array of " + std::to_string(n) + " finite numbers", v);
      out[i] = x.get<double>();
    }
  }
  /// The optional key "schema" of a root, which must be `schema` when given.
  void check_schema(const char* schema) {
    if (const json* v = find("schema"))
      if (!v->is_string() || v->get<std::string>() != schema) fail(at("schema"), std::string("must be \"") + schema + "\"", *v);
  }
  /// The optional string at `key` into `out`.
  void optional_string(const char* key, std::string& out) {
    if (const json* v = find(key)) {
      if (!v->is_string()) fail(at(key), "must be a string", *v);
      out = v->get<std::string>();
    }
  }
  void done() const {
    for (const auto& item : value_.items())
      if (!read_.count(item.key())) throw InputError(at(item.key().c_str()) + ": unknown key");
  }

 private:
  const json& value_;
  std::string path_;
  std::set<std::string> read_;
};

}  // namespace limitdir::detail
