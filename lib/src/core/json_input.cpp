// Bounded JSON input: see core/json_input.hpp.
#include "limitdir/core/json_input.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <vector>

#include "limitdir/core/errors.hpp"

namespace limitdir {

namespace {

std::string read_bounded(std::istream& in, const std::string& source) {
  std::string text;
  std::vector<char> chunk(std::size_t{1} << 16);
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_input_bytes)
      throw InputError(source + ": input larger than " + std::to_string(max_input_bytes >> 20) +
                       " MiB (limitdir reads at most that much)");
  }
  if (in.bad()) throw IoError(source + ": cannot read " + (source == "<stdin>" ? "standard input" : "file"));
  return text;
}

/// nlohmann's message without its "[json.exception.parse_error.101] " tag, on one line.
std::string one_line(const std::string& what) {
  std::string text = what;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find("] ");
    if (close != std::string::npos) text = text.substr(close + 2);
  }
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  return text;
}

}  // namespace

std::string read_input(const std::string& path) {
  if (path == "-") {
    std::string text = read_bounded(std::cin, "<stdin>");
    // std::cin reads through stdio (synchronised): a read error (e.g. standard input is a
    // directory) ends the stream like end-of-file and shows only in ferror(stdin).
    if (std::ferror(stdin)) throw IoError("-: cannot read standard input");
    return text;
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": cannot open file (it is a directory)");
  std::ifstream in(path, std::ios::binary);
  if (!in.is_open()) {
    if (!std::filesystem::exists(path, ec) && !ec) throw MissingFileError(path);
    throw InputError(path + ": cannot open file");
  }
  return read_bounded(in, path);
}

bool read_line_bounded(std::istream& in, std::string& line, const std::string& source, std::size_t number,
                       std::size_t max_bytes) {
  // istream::getline into a chunk (libstdc++ scans its buffer for the newline, as std::getline
  // does), never storing more than the bound
  constexpr std::size_t chunk_bytes = std::size_t{1} << 14;
  std::array<char, chunk_bytes> chunk;
  line.clear();
  for (;;) {
    // at most max_bytes - line.size() characters stored: the +1 is getline's terminating NUL
    const std::size_t room = std::min(chunk_bytes - 1, max_bytes - line.size());
    in.getline(chunk.data(), static_cast<std::streamsize>(room + 1));
    const auto got = static_cast<std::size_t>(in.gcount());  // with the newline, if it was read
    if (in.bad()) return false;
    if (!in.fail() && !in.eof()) {  // the newline read
      line.append(chunk.data(), got - 1);
      return true;
    }
    line.append(chunk.data(), got);
    if (in.eof()) {  // the last line, without a newline (fail too when this call read nothing)
      if (line.empty()) return false;
      in.clear(std::ios::eofbit);
      return true;
    }
    // the chunk full without a newline
    if (line.size() >= max_bytes)
      throw InputError(source + (number != 0 ? ": line " + std::to_string(number) : std::string()) + ": longer than " +
                       (max_bytes >= (std::size_t{1} << 20) ? std::to_string(max_bytes >> 20) + " MiB"
                                                             : std::to_string(max_bytes) + " bytes") +
                       " without a newline");
    in.clear();
  }
}

nlohmann::json parse_json_input(const std::string& text, const std::string& source) {
  using nlohmann::json;
  std::vector<std::set<std::string>> keys;  // of the objects being read, innermost last
  const json::parser_callback_t check = [&](int depth, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (depth >= max_json_depth)
          throw InputError(source + ": JSON nested deeper than " + std::to_string(max_json_depth) + " levels");
        if (event == json::parse_event_t::object_start) keys.emplace_back();
        break;
      case json::parse_event_t::key:
        if (!keys.empty() && !keys.back().insert(parsed.get<std::string>()).second)
          throw InputError(source + ": duplicate key \"" + parsed.get<std::string>() + "\" in one object");
        break;
      case json::parse_event_t::object_end:
        if (!keys.empty()) keys.pop_back();
        break;
      default:
        break;
    }
    return true;
  };
  try {
    return json::parse(text, check);
  } catch (const json::exception& e) {
    // Syntax errors and numbers out of the range of double (1e999) alike.
    throw InputError(source + ": malformed JSON: " + one_line(e.what()));
  }
}

}  // namespace limitdir
