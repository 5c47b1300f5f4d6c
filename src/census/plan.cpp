#include "grundy/census/plan.hpp"

#include <algorithm>
#include <cmath>
#include <bit>
#include <map>
#include <optional>
#include <sstream>

#include "grundy/core/checksum.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/core/context.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/parameter_template.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/take_and_break/take_and_break.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/equivalence.hpp"

namespace grundy::census {
namespace {

using take_and_break::GameCode;

// A census of more games than this is refused: 4 hexadecimal digits are 2^16
// codes a first digit, already hours of work at small bounds.
constexpr std::uint64_t kMaxGames = 1'000'000;

// Members of a family written with parameters: each is a job of its own.
constexpr std::size_t kMaxFamilyMembers = 100'000;

// Subtraction sets within {1..k}: 2^k - 1 of them; k = 20 is a million.
constexpr unsigned kMaxSubtractionElement = 20;

// Boards: the placement search handles up to a few hundred cells; beyond,
// every board would only run into its time bound.
constexpr unsigned kMaxBoardSide = 64;
// Boards written square by square (Clobber, NoGo: RulesetSpec::board) have at
// most 64 squares in the census (8x8, far past what their searches finish:
// Clobber 2x14 takes minutes, 4x7 more memory than this machine has).
constexpr std::uint64_t kMostWrittenSquares = 64;

// Every code with at most `digits` digits after the point, the last non-zero
// (shorter codes are listed once, by their shortest spelling), in increasing
// order of length and then of digits.
std::vector<std::string> octal_codes(unsigned digits, bool hex) {
  const unsigned base = hex ? 16 : 8;
  const std::vector<std::uint8_t> firsts = hex ? std::vector<std::uint8_t>{0, 4, 8, 12} : std::vector<std::uint8_t>{0, 4};
  double total = 0;
  for (unsigned length = 0; length <= digits; ++length) total += std::pow(base, length);
  if (total * static_cast<double>(firsts.size()) > static_cast<double>(kMaxGames))
    throw InputError("--digits " + std::to_string(digits) + (hex ? " with --hex" : "") + " makes about " +
                     std::to_string(static_cast<std::uint64_t>(total * static_cast<double>(firsts.size()))) +
                     " codes; a census takes at most " + std::to_string(kMaxGames));
  std::vector<std::string> out;
  for (const std::uint8_t first : firsts) {
    // The code with no digit after the point: only the first digit's move.
    if (first != 0) {
      GameCode alone;
      alone.digits = {first};
      out.push_back(alone.normal_form());
    }
    for (unsigned length = 1; length <= digits; ++length) {
      // Every string of `length` digits, in increasing order, read as a number in `base`.
      std::uint64_t count = 1;
      for (unsigned i = 0; i < length; ++i) count *= base;
      GameCode code;
      code.digits.assign(length + 1, 0);
      code.digits[0] = first;
      for (std::uint64_t x = 0; x < count; ++x) {
        std::uint64_t rest = x;
        for (unsigned i = length; i >= 1; --i) {
          code.digits[i] = static_cast<std::uint8_t>(rest % base);
          rest /= base;
        }
        if (code.digits[length] != 0) out.push_back(code.normal_form());
      }
    }
  }
  return out;
}

// Splitting digits make a heap cost more; a heap computed costs about that.
double code_cost(const GameCode& code, std::uint64_t upto) {
  double splitting = 0;
  for (const std::uint8_t d : code.digits) splitting += (d & 4 ? 1 : 0) + (d & 8 ? 4 : 0);
  return static_cast<double>(upto + 1) * (1 + splitting);
}

// A code's place in the job of its reduced code.
Member code_member(const std::string& game, const take_and_break::CodeReduction& reduced) {
  const std::string target = reduced.code.normal_form();
  if (game == target) return Member{game, 0, ""};
  std::string relation =
      "plays as " + target + (reduced.shift ? " on heaps " + std::to_string(reduced.shift) + " smaller" : "") + ": ";
  for (std::size_t i = 0; i < reduced.steps.size(); ++i) relation += (i ? "; " : "") + reduced.steps[i];
  return Member{game, reduced.shift, relation};
}

std::string turned_relation(unsigned rows, unsigned cols) {
  return "the board " + std::to_string(rows) + "x" + std::to_string(cols) +
         " turned a quarter: rows and columns exchanged, the same game";
}

void plan_codes(Plan& plan, const std::vector<std::string>& codes) {
  // Reduced code -> its job; members in the family's order.
  std::map<std::string, std::size_t> job_of;
  std::map<std::string, bool> listed;
  for (const std::string& text : codes) {
    const GameCode code = take_and_break::parse_game_code(text);
    if (code.family != GameCode::Family::code) {
      // Grundy's game: no code, no reduction; a job of its own.
      const std::string game = code.normal_form();
      if (listed[game]) continue;
      listed[game] = true;
      Job job;
      job.kind = kind_of(game);
      job.game = game;
      job.members.push_back(Member{game, 0, ""});
      job.cost = static_cast<double>(plan.spec.upto + 1) * 2;
      job_of[game] = plan.jobs.size();
      plan.jobs.push_back(std::move(job));
      continue;
    }
    const std::string game = code.normal_form();
    if (listed[game]) continue;  // the same code spelled twice (kayles, 0.77)
    listed[game] = true;
    const take_and_break::CodeReduction reduced = take_and_break::reduce_code(code);
    const std::string target = reduced.code.normal_form();
    auto found = job_of.find(target);
    if (found == job_of.end()) {
      Job job;
      job.kind = kind_of(target);
      job.game = target;
      job.in_family = false;  // until the reduced code itself turns up in the family
      job.cost = code_cost(reduced.code, plan.spec.upto);
      found = job_of.emplace(target, plan.jobs.size()).first;
      plan.jobs.push_back(std::move(job));
    }
    Job& job = plan.jobs[found->second];
    if (game == target) job.in_family = true;
    job.members.push_back(code_member(game, reduced));
  }
  // The job's own game first among its members when it is one of them.
  for (Job& job : plan.jobs) {
    std::stable_partition(job.members.begin(), job.members.end(), [&](const Member& m) { return m.game == job.game; });
  }
}

void plan_subtraction(Plan& plan) {
  const unsigned k = plan.spec.max_element;
  if (k < 1) throw InputError("--max must be at least 1 (sets within {1..k})");
  if (k > kMaxSubtractionElement)
    throw InputError("--max " + std::to_string(k) + " makes 2^" + std::to_string(k) + " - 1 sets; at most --max " +
                     std::to_string(kMaxSubtractionElement));
  for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << k); ++mask) {
    std::string game = "sub{";
    unsigned largest = 0;
    bool first = true;
    for (unsigned s = 1; s <= k; ++s) {
      if (!(mask >> (s - 1) & 1U)) continue;
      game += (first ? "" : ",") + std::to_string(s);
      first = false;
      largest = s;
    }
    game += "}";
    Job job;
    job.kind = kind_of(game);
    job.game = game;
    job.members.push_back(Member{game, 0, ""});
    // The proof needs a repeated window of max(S) values: about the period times it.
    job.cost = static_cast<double>(largest) * static_cast<double>(std::popcount(mask));
    plan.jobs.push_back(std::move(job));
  }
}

// Whether the board of `rule` turned a quarter (rows and columns exchanged)
// is the same game: the ruleset says so (DrawnAsBoard::same_game_turned).
bool turnable(const std::string& rule) {
  const Position board = Registry::builtin().parse(rule + "(1x1)");
  const auto* drawn = board.size() == 1 ? capability<DrawnAsBoard>(board[0]) : nullptr;
  return drawn != nullptr && drawn->same_game_turned();
}

void plan_boards(Plan& plan) {
  const CensusSpec& spec = plan.spec;
  if (spec.rule.empty()) throw InputError("census boards needs a rule: cram, blocks2x2, nodekayles_grid, clobber, nogo …");
  if (spec.rows_from < 1 || spec.cols_from < 1) throw InputError("a board needs at least one row and one column");
  if (spec.rows_from > spec.rows_to) throw InputError("--rows is an empty range");
  if (spec.cols_from > spec.cols_to) throw InputError("--cols is an empty range");
  if (spec.rows_to > kMaxBoardSide || spec.cols_to > kMaxBoardSide)
    throw InputError("boards of the census have at most " + std::to_string(kMaxBoardSide) + " rows and columns");
  // A ruleset that writes its boards square by square says how (the spec's
  // `board`: Clobber's checkerboard, NoGo's empty board); any other rule must
  // make a board of its name(RxC): its own message, with the column, otherwise.
  const RulesetSpec* written = nullptr;
  for (const RulesetSpec& candidate : Registry::builtin().specs())
    if (candidate.name == spec.rule && candidate.board) written = &candidate;
  const bool transpose = written != nullptr || turnable(spec.rule);
  if (written != nullptr && static_cast<std::uint64_t>(spec.rows_to) * spec.cols_to > kMostWrittenSquares)
    throw InputError("census boards " + spec.rule + ": boards of at most " + std::to_string(kMostWrittenSquares) +
                     " squares (--rows and --cols ask for " + std::to_string(spec.rows_to) + "x" +
                     std::to_string(spec.cols_to) + ")");
  const auto board = [&](unsigned r, unsigned c) {
    if (written != nullptr) return written->board(r, c);
    return spec.rule + "(" + std::to_string(r) + "x" + std::to_string(c) + ")";
  };
  std::map<std::string, std::size_t> job_of;
  for (unsigned r = spec.rows_from; r <= spec.rows_to; ++r) {
    for (unsigned c = spec.cols_from; c <= spec.cols_to; ++c) {
      const std::string game = board(r, c);
      if (transpose && c < r) {
        const std::string turned = board(c, r);
        if (auto it = job_of.find(turned); it != job_of.end()) {
          plan.jobs[it->second].members.push_back(Member{game, 0, turned_relation(c, r)});
          continue;
        }
      }
      Job job;
      job.kind = kind_of(game);
      job.game = game;
      job.members.push_back(Member{game, 0, ""});
      job.cost = static_cast<double>(r) * static_cast<double>(c);
      job_of[game] = plan.jobs.size();
      plan.jobs.push_back(std::move(job));
    }
  }
}

// Every member of a family written with parameters, in the order of the
// assignments; members that are the same game (the registry prints them
// alike: sub{1,2,2} is sub{1,2}) share a job.
void plan_family(Plan& plan) {
  const CensusSpec& spec = plan.spec;
  if (spec.template_text.empty()) throw InputError("census family needs a template, as in: grundy census family 'sub{1,2,k}' --over k=3..20");
  std::vector<ParameterRange> ranges;
  if (!spec.over.empty()) ranges = parse_ranges(spec.over);
  const std::vector<std::string> parameters = parameters_in(spec.template_text, ranges);
  std::vector<std::vector<std::int64_t>> all;
  if (ranges.empty()) {
    all.emplace_back();
  } else {
    all = assignments(ranges, kMaxFamilyMembers);
  }
  std::map<std::string, std::size_t> job_of;
  for (const std::vector<std::int64_t>& values : all) {
    std::map<std::string, std::string> filled;
    for (std::size_t i = 0; i < ranges.size(); ++i) {
      if (values[i] < 0)
        throw InputError("--over gives " + ranges[i].name + " = " + std::to_string(values[i]) +
                         ": a member's parameters are numbers 0 and up");
      filled[ranges[i].name] = std::to_string(values[i]);
    }
    const std::string written = substitute(spec.template_text, filled);
    // The member as the registry prints it (a rule's text, or the position's).
    std::string game;
    GameKind kind = GameKind::position;
    try {
      game = Registry::builtin().heap_rule(parse_rule(written))->text();
      kind = kind_of(game);
    } catch (const InputError&) {
      const Position position = Registry::builtin().parse(written);
      game = position.text();
      kind = GameKind::position;
    }
    if (auto it = job_of.find(game); it != job_of.end()) continue;
    Job job;
    job.kind = kind;
    job.game = game;
    job.members.push_back(Member{game, 0, ""});
    job.cost = kind == GameKind::position ? 1.0 : static_cast<double>(spec.upto + 1);
    job_of[game] = plan.jobs.size();
    plan.jobs.push_back(std::move(job));
  }
}

std::vector<std::string> split_codes(const std::vector<std::string>& given) {
  std::vector<std::string> out;
  for (const std::string& item : given) {
    std::string part;
    std::istringstream in(item);
    while (std::getline(in, part, ',')) {
      const auto b = part.find_first_not_of(" \t");
      const auto e = part.find_last_not_of(" \t");
      if (b == std::string::npos) throw InputError("census codes: an empty code in '" + item + "'");
      out.push_back(part.substr(b, e - b + 1));
    }
  }
  if (out.empty()) throw InputError("census codes needs at least one code, as in: grundy census codes .6,.16,0.77");
  return out;
}

}  // namespace

std::optional<Member> member_of(const Job& job, const std::string& game) {
  if (game == job.game) return Member{game, 0, ""};
  switch (job.kind) {
    case GameKind::take_and_break: {
      const GameCode code = take_and_break::parse_game_code(game);
      if (code.family != GameCode::Family::code) return std::nullopt;
      const take_and_break::CodeReduction reduced = take_and_break::reduce_code(code);
      if (reduced.code.normal_form() != job.game) return std::nullopt;
      return code_member(game, reduced);
    }
    case GameKind::position: {
      // rule(RxC) answers rule(CxR) for boards that are the same game turned.
      const auto open = job.game.rfind('(');
      const auto x = job.game.rfind('x');
      if (open == std::string::npos || x == std::string::npos || x < open) return std::nullopt;
      const std::string rule = job.game.substr(0, open);
      const std::string rows = job.game.substr(open + 1, x - open - 1);
      const std::string cols = job.game.substr(x + 1, job.game.size() - x - 2);
      if (game != rule + "(" + cols + "x" + rows + ")" || !turnable(rule)) return std::nullopt;
      return Member{game, 0, turned_relation(static_cast<unsigned>(std::stoul(rows)), static_cast<unsigned>(std::stoul(cols)))};
    }
    case GameKind::heap_rule:
      return std::nullopt;
  }
  return std::nullopt;
}

GameKind kind_of(const std::string& game) {
  try {
    const HeapRulePtr rule = Registry::builtin().heap_rule(parse_rule(game));
    return take_and_break_code(*rule) != nullptr ? GameKind::take_and_break : GameKind::heap_rule;
  } catch (const InputError&) {
    (void)Registry::builtin().parse(game);  // a position, or its own error
    return GameKind::position;
  }
}

const char* to_string(GameKind kind) noexcept {
  switch (kind) {
    case GameKind::take_and_break: return "take-and-break";
    case GameKind::heap_rule: return "heap rule";
    case GameKind::position: return "position";
  }
  return "?";
}

std::string CensusSpec::describe() const {
  std::ostringstream out;
  switch (family) {
    case Family::octal:
      out << "octal --digits " << digits << (hexadecimal ? " --hex" : "") << " --upto " << upto;
      break;
    case Family::codes: {
      out << "codes ";
      for (std::size_t i = 0; i < codes.size(); ++i) out << (i ? "," : "") << codes[i];
      out << " --upto " << upto;
      break;
    }
    case Family::subtraction:
      out << "subtraction --max " << max_element;
      break;
    case Family::boards:
      out << "boards " << rule << " --rows " << rows_from << ".." << rows_to << " --cols " << cols_from << ".."
          << cols_to;
      if (seconds > 0) out << " --seconds " << seconds;
      if (memory_bytes > 0) out << " --memory " << memory_bytes / (1024 * 1024);
      break;
    case Family::family:
      out << "family " << template_text;
      if (!over.empty()) out << " --over " << over;
      out << " --upto " << upto;
      if (seconds > 0) out << " --seconds " << seconds;
      if (memory_bytes > 0) out << " --memory " << memory_bytes / (1024 * 1024);
      break;
  }
  return out.str();
}

Plan make_plan(const CensusSpec& spec) {
  Plan plan;
  plan.spec = spec;
  switch (spec.family) {
    case CensusSpec::Family::octal:
      if (spec.digits < 1) throw InputError("--digits must be at least 1");
      if (spec.digits > 8) throw InputError("--digits " + std::to_string(spec.digits) + " is far too many codes (at most 8)");
      plan_codes(plan, octal_codes(spec.digits, spec.hexadecimal));
      break;
    case CensusSpec::Family::codes: {
      plan.spec.codes = split_codes(spec.codes);
      plan_codes(plan, plan.spec.codes);
      break;
    }
    case CensusSpec::Family::subtraction:
      plan_subtraction(plan);
      break;
    case CensusSpec::Family::boards:
      plan_boards(plan);
      break;
    case CensusSpec::Family::family:
      plan_family(plan);
      break;
  }
  if ((spec.family == CensusSpec::Family::octal || spec.family == CensusSpec::Family::codes ||
       spec.family == CensusSpec::Family::family) &&
      spec.upto >= (std::uint64_t{1} << 40))
    throw InputError("--upto " + std::to_string(spec.upto) + " is too large for a census (at most 2^40)");
  for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
    plan.jobs[i].id = i;
    plan.games += plan.jobs[i].members.size();
  }
  return plan;
}

std::string plan_checksum(const Plan& plan) {
  Fnv1a hash;
  hash.add_text(plan.spec.describe());
  hash.add_integer(plan.jobs.size());
  for (const Job& job : plan.jobs) {
    hash.add_text(job.game);
    hash.add_text(to_string(job.kind));
    hash.add_byte(job.in_family ? 1 : 0);
    hash.add_integer(job.members.size());
    for (const Member& member : job.members) {
      hash.add_text(member.game);
      hash.add_integer(member.shift);
      hash.add_text(member.relation);
    }
  }
  return hash.hex();
}

void parse_range(const std::string& text, const std::string& what, unsigned& from, unsigned& to) {
  auto number = [&](const std::string& part) -> unsigned {
    if (part.empty() || part.size() > 6 || part.find_first_not_of("0123456789") != std::string::npos)
      throw InputError(what + " '" + text + "': expected a number or a range A..B, such as 2..5");
    return static_cast<unsigned>(std::stoul(part));
  };
  const auto dots = text.find("..");
  if (dots == std::string::npos) {
    from = to = number(text);
  } else {
    from = number(text.substr(0, dots));
    to = number(text.substr(dots + 2));
  }
  if (from > to) throw InputError(what + " " + text + " is an empty range");
}

}  // namespace grundy::census
