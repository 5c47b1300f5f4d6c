#include "grundy/pattern_family.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

#include "grundy/analysis.hpp"
#include "grundy/capabilities.hpp"
#include "grundy/expression.hpp"
#include "grundy/heap_rule.hpp"
#include "grundy/input_error.hpp"
#include "grundy/registry.hpp"

namespace grundy::pattern {
namespace {

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// The names in a text with their byte offsets.
struct Token {
  std::size_t at;
  std::string name;
};
std::vector<Token> names_in(std::string_view text) {
  std::vector<Token> out;
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
  for (const Token& token : names_in(text)) {
    const auto it = values.find(token.name);
    if (it == values.end()) continue;
    out.append(text.substr(last, token.at - last));
    out += it->second;
    last = token.at + token.name.size();
  }
  out.append(text.substr(last));
  return out;
}

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

// A one-letter name: a position variable when it is no parameter.
bool position_like(const ExprArg& arg, const std::vector<std::string>& parameters) {
  return arg.kind == ExprArg::Kind::word && arg.text.size() == 1 && name_start(arg.text[0]) &&
         std::find(parameters.begin(), parameters.end(), arg.text) == parameters.end();
}

// The cells of [0, upto]^piles, first pile slowest.
std::vector<std::vector<std::uint64_t>> cells(std::size_t piles, std::uint64_t upto) {
  std::vector<std::vector<std::uint64_t>> out;
  std::vector<std::uint64_t> cell(piles, 0);
  while (true) {
    out.push_back(cell);
    std::size_t i = piles;
    while (i > 0 && cell[i - 1] == upto) cell[--i] = 0;
    if (i == 0) break;
    ++cell[i - 1];
  }
  return out;
}

// Values of a sum, or only its outcome where that is all a theorem gives
// (a lone component of Moore's Nim or Wythoff's game beyond their tables).
struct Cell {
  Nimber value = kUnknown;
  bool p_position = false;
};
Cell cell_of(const std::string& text, Context& context) {
  // Each cell is a parse and a valuation of its own (Moore's Nim: a solver
  // built and dropped, ~0.5 ms), work the solver does not charge: a poll a
  // cell costs nothing measurable and hears Ctrl-C between cells.
  context.poll();
  const Position position = Registry::builtin().parse(text);
  AnalysisOptions options;
  options.moves = false;
  const SumAnalysis a = analyze(position, context, options);
  Cell cell;
  if (a.value && a.value->is_finite()) cell.value = a.value->nimber();
  if (a.outcome == Outcome::D) throw InputError(text + " is a draw: grundy pattern needs games without cycles");
  cell.p_position = a.outcome == Outcome::P;
  return cell;
}

Periodicity member_pattern(const HeapRule& rule, const SequenceReport& report) {
  Periodicity p = report.pattern;
  if (p.proven() && p.kind == Periodicity::Kind::periodic &&
      p.preperiod + p.period <= report.values.size()) {
    p = least_pattern(report.values, p);
  }
  if (p.kind == Periodicity::Kind::none) p = detect_arithmetic_periodicity(report.values);
  (void)rule;
  return p;
}

}  // namespace

bool names_piles(std::string_view written) {
  const ExprTerm shape = parse_rule(written);
  if (shape.groups.empty()) return false;
  const ExprGroup& last = shape.groups.back();
  return !last.args.empty() &&
         std::all_of(last.args.begin(), last.args.end(), [](const ExprArg& arg) { return position_like(arg, {}); });
}

std::uint64_t default_upto(std::size_t piles) noexcept {
  switch (piles) {
    case 1: return 120;
    case 2: return 30;
    case 3: return 10;
    default: return 6;
  }
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
    for (std::int64_t v = low; v <= high; ++v) {
      current[index] = v;
      known[r.name] = v;
      walk(index + 1);
    }
    known.erase(r.name);
  };
  walk(0);
  if (out.empty()) throw InputError("--over: the ranges give no member (each LOW..HIGH needs LOW <= HIGH)");
  return out;
}

Family tabulate_family(const FamilyRequest& request, Context& context) {
  Family family;
  family.written = request.written;
  // Parameters in order of appearance in the template.
  std::vector<std::string> given;
  for (const ParameterRange& r : request.ranges) given.push_back(r.name);
  for (const Token& token : names_in(request.written)) {
    if (std::find(given.begin(), given.end(), token.name) != given.end() &&
        std::find(family.parameters.begin(), family.parameters.end(), token.name) == family.parameters.end()) {
      family.parameters.push_back(token.name);
    }
  }
  for (const std::string& name : given) {
    if (std::find(family.parameters.begin(), family.parameters.end(), name) == family.parameters.end()) {
      throw InputError("--over names " + name + ", which does not appear in '" + excerpt(request.written) + "'");
    }
  }
  for (std::size_t i = 0; i < request.ranges.size(); ++i) {
    family.ranges += (i ? ", " : "") + request.ranges[i].name + " = " + request.ranges[i].low + ".." + request.ranges[i].high;
  }
  // Position variables: the last group's one-letter names, when all of its
  // arguments are such names.
  std::map<std::string, std::string> probe;
  for (const std::string& name : family.parameters) probe[name] = "1";
  const ExprTerm shape = parse_rule(substitute(request.written, probe));
  if (!shape.groups.empty()) {
    const ExprGroup& last = shape.groups.back();
    const bool all = !last.args.empty() && std::all_of(last.args.begin(), last.args.end(), [&](const ExprArg& arg) {
      return position_like(arg, family.parameters);
    });
    if (all) {
      for (const ExprArg& arg : last.args) family.position_variables.push_back(arg.text);
    }
  }
  const bool heap_game = family.position_variables.empty();
  if (heap_game) family.position_variables = {"x"};
  if (family.piles() > 6) throw InputError("grundy pattern: at most 6 piles");
  family.upto = request.upto ? request.upto : default_upto(family.piles());
  // In floating point: upto + 1 wraps to 0 at 2^64 - 1, and the product of
  // the sides overflows long before that (nim(a,b,c) at 2^64 - 1 went on to
  // enumerate for ever).
  double cell_count = 1;
  for (std::size_t i = 0; i < family.piles(); ++i) cell_count *= static_cast<double>(family.upto) + 1;
  if (!heap_game && cell_count > 200'000) {
    throw LimitError("grundy pattern: " + std::to_string(family.piles()) + (family.piles() == 1 ? " pile" : " piles") + " up to " +
                     std::to_string(family.upto) + " are more than 200000 positions a member; lower --upto");
  }
  if (heap_game && family.upto >= kDefaultTableLimit) {
    throw LimitError("grundy pattern: --upto " + std::to_string(family.upto) + " is more than the " +
                     std::to_string(kDefaultTableLimit - 1) + " heaps a member's table may hold");
  }
  const std::uint64_t side = family.upto + 1;

  std::vector<std::vector<std::int64_t>> all;
  if (request.ranges.empty()) {
    all.emplace_back();
  } else {
    all = assignments(request.ranges);
  }
  // What the members' tables will hold, checked against the run's memory
  // bound before the first is made: each value a Nimber (and a byte of
  // outcome a cell of a game on piles), every member kept to the end.
  const double per_member = heap_game ? (static_cast<double>(family.upto) + 1) * sizeof(Nimber)
                                      : cell_count * (sizeof(Nimber) + 1);
  const double needed = per_member * static_cast<double>(all.size());
  const std::size_t bound = context.options().memory_bytes;
  if (bound != 0 && needed > static_cast<double>(bound)) {
    throw LimitError("grundy pattern: " + std::to_string(all.size()) + " members up to " +
                     std::to_string(family.upto) + " need " + std::to_string(static_cast<std::uint64_t>(needed / 1048576) + 1) +
                     " MB for their tables, more than the memory bound of " + std::to_string(bound >> 20) +
                     " MB; lower --upto or narrow --over");
  }
  const std::string bound_hint = request.upto ? std::string()
                                              : " (the default --upto " + std::to_string(family.upto) +
                                                    "; a smaller --upto is faster)";
  for (const std::vector<std::int64_t>& values : all) {
    context.poll();
    if (context.progress_due()) {
      context.progress("pattern: member " + std::to_string(family.members.size() + 1) + " of " +
                       std::to_string(all.size()) + ", " + (heap_game ? "heaps 0.." : "piles 0..") +
                       std::to_string(family.upto) + bound_hint);
    }
    Member member;
    std::map<std::string, std::string> filled;
    member.parameters.resize(family.parameters.size());
    for (std::size_t i = 0; i < request.ranges.size(); ++i) {
      filled[request.ranges[i].name] = std::to_string(values[i]);
      const auto at = std::find(family.parameters.begin(), family.parameters.end(), request.ranges[i].name);
      member.parameters[static_cast<std::size_t>(at - family.parameters.begin())] = values[i];
    }
    member.text = substitute(request.written, filled);
    try {
      if (heap_game) {
        const HeapRulePtr rule = Registry::builtin().heap_rule(parse_rule(member.text));
        member.text = rule->text();
        SequenceReport report = rule->table(context, family.upto);
        if (!report.pattern.proven()) {
          // A proof may need more heaps than the table shows (Kayles: period 12
          // from 71, proven at heap 168): a longer table, for the pattern only.
          const std::uint64_t longer = std::max<std::uint64_t>(family.upto, std::min<std::uint64_t>(16 * side, 4096) - 1);
          SequenceReport extended = rule->table(context, longer);
          if (extended.pattern.proven() || extended.pattern.kind != Periodicity::Kind::none) report = std::move(extended);
        }
        member.pattern = member_pattern(*rule, report);
        // The heaps 0..upto, and the whole first period for the code's table.
        std::size_t keep = static_cast<std::size_t>(side);
        if (member.pattern.kind != Periodicity::Kind::none) {
          keep = std::max<std::size_t>(keep, static_cast<std::size_t>(member.pattern.preperiod + member.pattern.period));
        }
        report.values.resize(std::min(report.values.size(), keep));
        member.values = std::move(report.values);
      } else {
        const auto all_cells = cells(family.piles(), family.upto);
        for (const auto& cell : all_cells) {
          if (context.progress_due()) {
            context.progress("pattern: member " + std::to_string(family.members.size() + 1) + " of " +
                             std::to_string(all.size()) + ", position " + std::to_string(member.values.size()) +
                             " of " + std::to_string(all_cells.size()) + bound_hint);
          }
          std::map<std::string, std::string> at = filled;
          for (std::size_t i = 0; i < cell.size(); ++i) at[family.position_variables[i]] = std::to_string(cell[i]);
          const Cell c = cell_of(substitute(request.written, at), context);
          member.values.push_back(c.value);
          member.p_position.push_back(c.p_position ? 1 : 0);
        }
        if (family.piles() == 2) {
          // Rows: proven where the game declares them (Wythoff), else seen over
          // a longer stretch of each row than the square.
          std::map<std::string, std::string> origin = filled;
          origin[family.position_variables[0]] = "0";
          origin[family.position_variables[1]] = "0";
          const Position zero = Registry::builtin().parse(substitute(request.written, origin));
          const auto* theorem = zero.size() == 1 ? capability<AdditivelyPeriodicRows>(zero[0]) : nullptr;
          const std::uint64_t row_length = std::max<std::uint64_t>(4 * side, 120);
          for (std::uint64_t a = 0; request.rows > 0 && a <= std::min(request.rows, family.upto); ++a) {
            RowLaw row{a, {}};
            if (theorem != nullptr) {
              if (const auto proven = theorem->row_pattern(context, a)) row.pattern = *proven;
            }
            if (row.pattern.kind == Periodicity::Kind::none) {
              std::vector<Nimber> line;
              bool known = true;
              for (std::uint64_t b = 0; b < row_length && known; ++b) {
                std::map<std::string, std::string> at = filled;
                at[family.position_variables[0]] = std::to_string(a);
                at[family.position_variables[1]] = std::to_string(b);
                const Cell c = cell_of(substitute(request.written, at), context);
                known = c.value != kUnknown;
                line.push_back(c.value);
              }
              if (known) {
                row.pattern = detect_periodicity(line);
                if (row.pattern.kind == Periodicity::Kind::none) row.pattern = detect_arithmetic_periodicity(line);
              }
            }
            member.rows.push_back(row);
          }
        }
      }
    } catch (const InputError& e) {
      // The member named: a template error shows up in the first one.
      throw InputError(member.text + ": " + e.message());
    }
    family.members.push_back(std::move(member));
  }
  return family;
}

}  // namespace grundy::pattern
