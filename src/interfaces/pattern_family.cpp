#include "grundy/interfaces/pattern_family.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/parameter_template.hpp"
#include "grundy/language/registry.hpp"

namespace grundy::pattern {
namespace {

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }


// A one-letter name: a position variable when it is no parameter.
bool position_like(const ExprArg& arg, const std::vector<std::string>& parameters) {
  return arg.kind == ExprArg::Kind::word && arg.text.size() == 1 && name_start(arg.text[0]) &&
         std::find(parameters.begin(), parameters.end(), arg.text) == parameters.end();
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

namespace {

// Position variables: the last group's one-letter names, when all of its
// arguments are such names.
std::vector<std::string> position_variables_of(const FamilyRequest& request, const std::vector<std::string>& parameters) {
  std::vector<std::string> variables;
  std::map<std::string, std::string> probe;
  for (const std::string& name : parameters) probe[name] = "1";
  const ExprTerm shape = parse_rule(substitute(request.written, probe));
  if (!shape.groups.empty()) {
    const ExprGroup& last = shape.groups.back();
    const bool all = !last.args.empty() && std::all_of(last.args.begin(), last.args.end(), [&](const ExprArg& arg) {
      return position_like(arg, parameters);
    });
    if (all) {
      for (const ExprArg& arg : last.args) variables.push_back(arg.text);
    }
  }
  return variables;
}

// The positions of a member on piles. In floating point: upto + 1 wraps to 0
// at 2^64 - 1, and the product of the sides overflows long before that
// (nim(a,b,c) at 2^64 - 1 went on to enumerate for ever).
double cell_count(const Family& family) {
  double count = 1;
  for (std::size_t i = 0; i < family.piles(); ++i) count *= static_cast<double>(family.upto) + 1;
  return count;
}

// Refuses a member's table larger than a member's may be.
void check_member_size(const Family& family, bool heap_game) {
  if (!heap_game && cell_count(family) > 200'000) {
    throw LimitError("grundy pattern: " + std::to_string(family.piles()) + (family.piles() == 1 ? " pile" : " piles") + " up to " +
                     std::to_string(family.upto) + " are more than 200000 positions a member; lower --upto");
  }
  if (heap_game && family.upto >= kDefaultTableLimit) {
    throw LimitError("grundy pattern: --upto " + std::to_string(family.upto) + " is more than the " +
                     std::to_string(kDefaultTableLimit - 1) + " heaps a member's table may hold");
  }
}

// What the members' tables will hold, checked against the run's memory bound
// before the first is made: each value a Nimber (and a byte of outcome a cell
// of a game on piles), every member kept to the end.
void check_family_memory(const Family& family, bool heap_game, std::size_t members, const Context& context) {
  const double per_member = heap_game ? (static_cast<double>(family.upto) + 1) * sizeof(Nimber)
                                      : cell_count(family) * (sizeof(Nimber) + 1);
  const double needed = per_member * static_cast<double>(members);
  const std::size_t bound = context.options().memory_bytes;
  if (bound != 0 && needed > static_cast<double>(bound)) {
    throw LimitError("grundy pattern: " + std::to_string(members) + " members up to " +
                     std::to_string(family.upto) + " need " + std::to_string(static_cast<std::uint64_t>(needed / 1048576) + 1) +
                     " MB for their tables, more than the memory bound of " + std::to_string(bound >> 20) +
                     " MB; lower --upto or narrow --over");
  }
}

// What tabulating one member reads: the request, the family so far, the
// member's parameters written into the template (`filled`), and the words
// its progress lines end with.
struct MemberRequest {
  const FamilyRequest& request;
  const Family& family;
  std::size_t members;  // in the family when it is complete
  std::map<std::string, std::string> filled;
  std::string bound_hint;
};

// A member on one heap: its table to heap upto, and its pattern.
void tabulate_heap_member(Member& member, const Family& family, Context& context) {
  const std::uint64_t side = family.upto + 1;
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
}

// The member's term at the given piles.
std::string written_at(const MemberRequest& asked, const std::vector<std::uint64_t>& piles) {
  std::map<std::string, std::string> at = asked.filled;
  for (std::size_t i = 0; i < piles.size(); ++i) at[asked.family.position_variables[i]] = std::to_string(piles[i]);
  return substitute(asked.request.written, at);
}

// Row a of a two-pile member: proven where the game declares its rows
// (Wythoff), else seen over a longer stretch of the row than the square.
RowLaw row_law(const MemberRequest& asked, const AdditivelyPeriodicRows* theorem, std::uint64_t a, Context& context) {
  const std::uint64_t row_length = std::max<std::uint64_t>(4 * (asked.family.upto + 1), 120);
  RowLaw row{a, {}};
  if (theorem != nullptr) {
    if (const auto proven = theorem->row_pattern(context, a)) row.pattern = *proven;
  }
  if (row.pattern.kind == Periodicity::Kind::none) {
    std::vector<Nimber> line;
    bool known = true;
    for (std::uint64_t b = 0; b < row_length && known; ++b) {
      const Cell c = cell_of(written_at(asked, {a, b}), context);
      known = c.value != kUnknown;
      line.push_back(c.value);
    }
    if (known) {
      row.pattern = detect_any_periodicity(line);
    }
  }
  return row;
}

// A member on piles: the value and outcome of every position of the box, and
// the rows of a game on two piles.
void tabulate_pile_member(Member& member, const MemberRequest& asked, Context& context) {
  const Family& family = asked.family;
  const auto all_cells = box_cells(family.piles(), family.upto);
  for (const auto& cell : all_cells) {
    if (context.progress_due()) {
      context.progress("pattern: member " + std::to_string(family.members.size() + 1) + " of " +
                       std::to_string(asked.members) + ", position " + std::to_string(member.values.size()) +
                       " of " + std::to_string(all_cells.size()) + asked.bound_hint);
    }
    const Cell c = cell_of(written_at(asked, cell), context);
    member.values.push_back(c.value);
    member.p_position.push_back(c.p_position ? 1 : 0);
  }
  if (family.piles() != 2) return;
  const Position zero = Registry::builtin().parse(written_at(asked, {0, 0}));
  const auto* theorem = zero.size() == 1 ? capability<AdditivelyPeriodicRows>(zero[0]) : nullptr;
  for (std::uint64_t a = 0; asked.request.rows > 0 && a <= std::min(asked.request.rows, family.upto); ++a) {
    member.rows.push_back(row_law(asked, theorem, a, context));
  }
}

}  // namespace

Family tabulate_family(const FamilyRequest& request, Context& context) {
  Family family;
  family.written = request.written;
  // Parameters in order of appearance in the template.
  family.parameters = parameters_in(request.written, request.ranges);
  for (std::size_t i = 0; i < request.ranges.size(); ++i) {
    family.ranges += (i ? ", " : "") + request.ranges[i].name + " = " + request.ranges[i].low + ".." + request.ranges[i].high;
  }
  family.position_variables = position_variables_of(request, family.parameters);
  const bool heap_game = family.position_variables.empty();
  if (heap_game) family.position_variables = {"x"};
  if (family.piles() > 6) throw InputError("grundy pattern: at most 6 piles");
  family.upto = request.upto ? request.upto : default_upto(family.piles());
  check_member_size(family, heap_game);
  std::vector<std::vector<std::int64_t>> all;
  if (request.ranges.empty()) {
    all.emplace_back();
  } else {
    all = assignments(request.ranges);
  }
  check_family_memory(family, heap_game, all.size(), context);
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
    MemberRequest asked{request, family, all.size(), {}, bound_hint};
    member.parameters.resize(family.parameters.size());
    for (std::size_t i = 0; i < request.ranges.size(); ++i) {
      asked.filled[request.ranges[i].name] = std::to_string(values[i]);
      const auto at = std::find(family.parameters.begin(), family.parameters.end(), request.ranges[i].name);
      member.parameters[static_cast<std::size_t>(at - family.parameters.begin())] = values[i];
    }
    member.text = substitute(request.written, asked.filled);
    try {
      if (heap_game) {
        tabulate_heap_member(member, family, context);
      } else {
        tabulate_pile_member(member, asked, context);
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
