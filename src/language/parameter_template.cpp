#include "grundy/language/parameter_template.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// A bound "12", "L", "L+1", "b-1".
std::int64_t bound_value(const std::string& written, const std::map<std::string, std::int64_t>& known,
                         const std::string& parameter_name, std::size_t column) {
  const std::string parameter = excerpt(parameter_name);
  const SourceLocation where{"", 0, column};
  std::string s;
  for (char c : written) {
    if (!std::isspace(static_cast<unsigned char>(c))) s += c;
  }
  if (s.empty()) throw InputError("--over: the range of " + parameter + " has an empty bound", where);
  std::size_t i = 0;
  std::int64_t base = 0;
  if (name_start(s[0])) {
    while (i < s.size() && name_char(s[i])) ++i;
    const std::string name = s.substr(0, i);
    const auto it = known.find(name);
    if (it == known.end()) {
      throw InputError("--over: the range of " + parameter + " uses '" + excerpt(name) +
                       "', which is not a parameter given before it", where);
    }
    base = it->second;
    if (i == s.size()) return base;
  }
  const bool plus_sign = s[i] == '+';
  const bool minus_sign = s[i] == '-';
  if (i > 0 && !plus_sign && !minus_sign) {
    throw InputError("--over: the bound '" + excerpt(written) + "' of " + parameter + " is not NAME+N, NAME-N or a number", where);
  }
  std::size_t digits = i + ((plus_sign || minus_sign) ? 1 : 0);
  if (digits >= s.size()) throw InputError("--over: the bound '" + excerpt(written) + "' of " + parameter + " has no number", where);
  std::int64_t n = 0;
  for (std::size_t k = digits; k < s.size(); ++k) {
    if (!std::isdigit(static_cast<unsigned char>(s[k])) || n > 1'000'000'000'000LL) {
      throw InputError("--over: the bound '" + excerpt(written) + "' of " + parameter + " is not a number below 10^12", where);
    }
    n = n * 10 + (s[k] - '0');
  }
  if (i == 0) return minus_sign ? -n : n;
  return minus_sign ? base - n : base + n;
}

}  // namespace

// The names in a text with their byte offsets.
struct TemplateNameUnused {
  std::size_t at;
  std::string name;
};
std::vector<TemplateName> names_in(std::string_view text) {
  std::vector<TemplateName> out;
  for (std::size_t i = 0; i < text.size();) {
    // An octal code with letters for digits (0.k7, 4.ab, .k): each letter is a
    // digit, so a name of one letter. A code has one point and no "0x"
    // (hexadecimal codes have letters of their own); "1..k" is a range.
    if ((std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.') && (i == 0 || !name_char(text[i - 1]))) {
      std::size_t j = i;
      while (j < text.size() && (name_char(text[j]) || text[j] == '.')) ++j;
      const std::string_view word = text.substr(i, j - i);
      const bool code = std::count(word.begin(), word.end(), '.') == 1 && word.rfind("0x", 0) != 0 &&
                        word.rfind("0X", 0) != 0;
      if (code) {
        for (std::size_t k = i; k < j; ++k)
          if (name_start(text[k])) out.push_back({k, std::string(1, text[k])});
        i = j;
        continue;
      }
    }
    // A name glued to digits before it is part of a number or code (8x8, 0x0.F7): skipped.
    if (name_start(text[i]) && (i == 0 || !name_char(text[i - 1]))) {
      std::size_t j = i;
      while (j < text.size() && name_char(text[j])) ++j;
      out.push_back({i, std::string(text.substr(i, j - i))});
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

// The text with each name in `values` replaced by its value (whole names only).
std::string substitute(std::string_view text, const std::map<std::string, std::string>& values) {
  std::string out;
  std::size_t last = 0;
  for (const TemplateName& token : names_in(text)) {
    const auto it = values.find(token.name);
    if (it == values.end()) continue;
    out.append(text.substr(last, token.at - last));
    out += it->second;
    last = token.at + token.name.size();
  }
  out.append(text.substr(last));
  return out;
}

std::vector<ParameterRange> parse_ranges(std::string_view text) {
  std::vector<ParameterRange> out;
  std::size_t i = 0;
  const auto fail = [text](const std::string& message, std::size_t at) {
    throw InputError("--over: " + message, SourceLocation{"", 0, character_column(text, at)});
  };
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i == text.size()) break;
    if (!name_start(text[i])) fail("expected a parameter name (L=1..8)", i);
    std::size_t j = i;
    while (j < text.size() && name_char(text[j])) ++j;
    ParameterRange range;
    range.name = std::string(text.substr(i, j - i));
    for (const ParameterRange& earlier : out) {
      if (earlier.name == range.name) fail("the parameter " + excerpt(range.name) + " is given twice", i);
    }
    while (j < text.size() && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j == text.size() || text[j] != '=') fail("expected '=' after " + excerpt(range.name) + " (" + excerpt(range.name) + "=1..8)", j);
    const std::size_t start = j + 1;
    std::size_t end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view body = text.substr(start, end - start);
    const std::size_t dots = body.find("..");
    if (dots == std::string_view::npos) fail("the range of " + excerpt(range.name) + " is LOW..HIGH (" + excerpt(range.name) + "=1..8)", start);
    range.low = std::string(body.substr(0, dots));
    range.high = std::string(body.substr(dots + 2));
    range.low_column = character_column(text, start);
    range.high_column = character_column(text, start + dots + 2);
    out.push_back(std::move(range));
    i = end + 1;
  }
  if (out.empty()) throw InputError("--over: no parameter range given (L=1..8,R=L..12)");
  return out;
}

std::vector<std::vector<std::int64_t>> assignments(const std::vector<ParameterRange>& ranges, std::size_t limit) {
  std::vector<std::vector<std::int64_t>> out;
  std::vector<std::int64_t> current(ranges.size());
  std::map<std::string, std::int64_t> known;
  // Values visited, members or not: an outer range of 2^32 around an inner one
  // that is empty for each of its values (k=1..4294967296,e=1..-1) gives no
  // member and would walk for minutes (found by the pattern-ranges fuzz
  // harness). Ten visits a member allowed, and at least 10^6, is far beyond
  // any real family's empty corners (R=L..12 with L up to 20 wastes eight)
  // and walks in about a second even under the fuzz harness's sanitizers (a
  // thousand a member let a census family of 10^5 members walk 10^8 values).
  const std::uint64_t most_visits = std::max<std::uint64_t>(1'000'000, std::min<std::uint64_t>(limit, 1'000'000'000) * 10);
  std::uint64_t visits = 0;
  const std::function<void(std::size_t)> walk = [&](std::size_t index) {
    if (index == ranges.size()) {
      if (out.size() == limit) {
        throw LimitError("--over gives more than " + std::to_string(limit) + " members; narrow the ranges");
      }
      out.push_back(current);
      return;
    }
    const ParameterRange& r = ranges[index];
    const std::int64_t low = bound_value(r.low, known, r.name, r.low_column);
    const std::int64_t high = bound_value(r.high, known, r.name, r.high_column);
    if (low > high) return;
    for (std::int64_t v = low;; ++v) {  // ends at high without stepping past INT64_MAX
      if (++visits > most_visits) {
        throw LimitError("--over: the ranges take more than " + std::to_string(most_visits) +
                         " values to walk through; narrow them");
      }
      current[index] = v;
      known[r.name] = v;
      walk(index + 1);
      if (v == high) break;
    }
    known.erase(r.name);
  };
  walk(0);
  if (out.empty()) throw InputError("--over: the ranges give no member (each LOW..HIGH needs LOW <= HIGH)");
  return out;
}

std::vector<std::string> parameters_in(std::string_view written, const std::vector<ParameterRange>& ranges) {
  std::vector<std::string> given;
  for (const ParameterRange& r : ranges) given.push_back(r.name);
  std::vector<std::string> out;
  for (const TemplateName& token : names_in(written)) {
    if (std::find(given.begin(), given.end(), token.name) != given.end() &&
        std::find(out.begin(), out.end(), token.name) == out.end()) {
      out.push_back(token.name);
    }
  }
  for (const std::string& name : given) {
    if (std::find(out.begin(), out.end(), name) == out.end()) {
      throw InputError("--over names " + excerpt(name) + ", which does not appear in '" + excerpt(written) + "'");
    }
  }
  return out;
}

}  // namespace grundy
