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

Family tabulate_family(const FamilyRequest& request, Context& context) {
  Family family;
  family.written = request.written;
  // Parameters in order of appearance in the template.
  family.parameters = parameters_in(request.written, request.ranges);
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
        const auto all_cells = box_cells(family.piles(), family.upto);
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
                row.pattern = detect_any_periodicity(line);
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
