// The papers' symbols in the figures (plot/typeset.hpp, docs/manual.md section 11, "Symbols").
#include "limitdir/plot/typeset.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <string>

#include "limitdir/plot/svg.hpp"

namespace limitdir::svg {

namespace {

struct Symbol {
  std::string_view name, letter;
};

// The Greek names the labels use (lower case; the capitals that differ from Latin ones)
constexpr Symbol greek[] = {
    {"alpha", "\u03b1"}, {"beta", "\u03b2"},  {"gamma", "\u03b3"},   {"delta", "\u03b4"}, {"eps", "\u03b5"},
    {"epsilon", "\u03b5"}, {"zeta", "\u03b6"}, {"eta", "\u03b7"},    {"theta", "\u03b8"}, {"iota", "\u03b9"},
    {"kappa", "\u03ba"}, {"lambda", "\u03bb"}, {"mu", "\u03bc"},     {"nu", "\u03bd"},    {"xi", "\u03be"},
    {"pi", "\u03c0"},    {"rho", "\u03c1"},    {"sigma", "\u03c3"},  {"tau", "\u03c4"},   {"phi", "\u03c6"},
    {"chi", "\u03c7"},   {"psi", "\u03c8"},    {"omega", "\u03c9"},  {"Gamma", "\u0393"}, {"Delta", "\u0394"},
    {"Theta", "\u0398"}, {"Lambda", "\u039b"}, {"Xi", "\u039e"},     {"Pi", "\u03a0"},    {"Sigma", "\u03a3"},
    {"Phi", "\u03a6"},   {"Psi", "\u03a8"},    {"Omega", "\u03a9"}};

// Words written otherwise as a whole
constexpr Symbol words[] = {{"rdot", "\u1e59"}, {"Pade", "Pad\u00e9"}};

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

std::string_view lookup(std::string_view name, const Symbol* begin, const Symbol* end) {
  const Symbol* at = std::find_if(begin, end, [&](const Symbol& s) { return s.name == name; });
  return at == end ? std::string_view{} : at->letter;
}
std::string_view greek_letter(std::string_view name) { return lookup(name, std::begin(greek), std::end(greek)); }

/// Appends to `runs`, merging with the last run when it is of the same kind.
void add(std::vector<TextRun>& runs, std::string_view text, bool subscript) {
  if (text.empty()) return;
  if (!runs.empty() && runs.back().subscript == subscript) runs.back().text += text;
  else runs.push_back({std::string(text), subscript});
}

/// A base of a subscript: a Greek name or one letter; returns its typeset form, or "" when none.
std::string symbol(std::string_view base) {
  if (const std::string_view g = greek_letter(base); !g.empty()) return std::string(g);
  if (base.size() == 1 && letter(base[0])) return std::string(base);
  return {};
}

/// A word without '_' (and not a subscripted one).
void plain_word(std::vector<TextRun>& runs, std::string_view word) {
  if (const std::string_view w = lookup(word, std::begin(words), std::end(words)); !w.empty()) return add(runs, w, false);
  if (const std::string_view g = greek_letter(word); !g.empty()) return add(runs, g, false);
  if (word == "log10") return add(runs, "log", false), add(runs, "10", true);
  const std::size_t d = word.find_first_of("0123456789");
  if (d != std::string_view::npos && d > 0 && std::all_of(word.begin() + d, word.end(), digit)) {
    const std::string_view base = word.substr(0, d), index = word.substr(d);
    const bool component = base.size() == 1 && std::string_view("wqe").find(base[0]) != std::string_view::npos &&
                           index.size() == 1 && index[0] >= '1' && index[0] <= '3';
    if (component || !greek_letter(base).empty()) {
      add(runs, component ? base : greek_letter(base), false);
      return add(runs, index, true);
    }
  }
  add(runs, word, false);
}

/// The word starting at `i` (and a "{...}" subscript after a trailing '_'); returns the index after it.
std::size_t word_at(std::vector<TextRun>& runs, std::string_view label, std::size_t i) {
  std::size_t end = i;
  while (end < label.size() && word_char(label[end])) ++end;
  const std::string_view word = label.substr(i, end - i);
  const std::size_t bar = word.find('_');
  if (bar == std::string_view::npos) return plain_word(runs, word), end;
  const std::string base = symbol(word.substr(0, bar));
  std::string_view index = word.substr(bar + 1);
  std::size_t after = end;
  if (!base.empty() && index.empty() && end < label.size() && label[end] == '{') {  // "I_{0,0}"
    const std::size_t close = label.find('}', end);
    if (close != std::string_view::npos) index = label.substr(end + 1, close - end - 1), after = close + 1;
  }
  if (base.empty() || index.empty() || index.find('_') != std::string_view::npos) return add(runs, word, false), end;
  add(runs, base, false);
  const std::string_view g = greek_letter(index);
  add(runs, g.empty() ? index : g, true);
  return after;
}

/// Whether the '-' at `i` is a minus sign (typeset.hpp).
bool minus_at(std::string_view label, std::size_t i) {
  const char prev = i > 0 ? label[i - 1] : ' ', next = i + 1 < label.size() ? label[i + 1] : ' ';
  if (prev == ' ' && next == ' ') return i > 0 && i + 1 < label.size();
  if (std::string_view(" ([{,=|").find(prev) != std::string_view::npos)
    return digit(next) || next == '.' || letter(next);
  return (prev == 'e' || prev == 'E') && i >= 2 && digit(label[i - 2]) && digit(next);  // an exponent
}

}  // namespace

std::vector<TextRun> typeset(std::string_view label) {
  std::vector<TextRun> runs;
  std::size_t i = 0;
  while (i < label.size()) {
    const char c = label[i];
    const std::string_view rest = label.substr(i);
    if (word_char(c) && (i == 0 || !word_char(label[i - 1]))) {
      const std::size_t end = word_at(runs, label, i);
      // a number followed by " deg": the degree sign
      if (digit(c) && label.substr(end, 4) == " deg" && (end + 4 == label.size() || !word_char(label[end + 4]))) {
        add(runs, "\u00b0", false);
        i = end + 4;
      } else {
        i = end;
      }
    } else if (c == '-' && minus_at(label, i)) {
      add(runs, "\u2212", false), ++i;
    } else if (rest.substr(0, 2) == ">=" || rest.substr(0, 2) == "<=" || rest.substr(0, 2) == "!=") {
      add(runs, c == '>' ? "\u2265" : c == '<' ? "\u2264" : "\u2260", false), i += 2;
    } else if (rest.substr(0, 3) == " . ") {
      add(runs, " \u00b7 ", false), i += 3;
    } else {
      add(runs, rest.substr(0, 1), false), ++i;
    }
  }
  return runs;
}

std::string plain_text(const std::vector<TextRun>& runs) {
  std::string out;
  for (const TextRun& r : runs) out += r.text;
  return out;
}

double typeset_advances(std::string_view label) {
  double n = 0.0;
  for (const TextRun& r : typeset(label)) {
    const auto points = std::count_if(r.text.begin(), r.text.end(),
                                      [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) != 0x80; });
    n += static_cast<double>(points) * (r.subscript ? subscript_scale : 1.0);
  }
  return n;
}

bool subscript_descends(std::string_view label) {
  const std::vector<TextRun> runs = typeset(label);
  return std::any_of(runs.begin(), runs.end(), [](const TextRun& r) {
    return r.subscript && r.text.find_first_of("gjpqy,()[]{}|") != std::string::npos;
  });
}

std::string typeset_markup(const std::vector<TextRun>& runs, double size) {
  std::string out;
  for (const TextRun& r : runs)
    out += r.subscript ? "<tspan baseline-shift=\"sub\" font-size=\"" + number(subscript_scale * size) + "\">" +
                             escape(r.text) + "</tspan>"
                       : escape(r.text);
  return out;
}

}  // namespace limitdir::svg
