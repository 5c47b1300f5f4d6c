// The worked example of docs/architecture.md ("A new game whose parts pack
// into a key"): Kayles on rows of pins, kaylesrow(ooo.oo), written as a
// ruleset file of src/rulesets/ would be — the game, the rules over its keys
// and the one instantiation of the part search — and nothing else. The game
// gets its values from the part search, the outcome search past its keys,
// winning moves, explain, and certificates that `grundy check` proves with
// the checker's rules of it (worked_example/kayles_rows_checker.cpp), through the search
// layer's one engine choice; tests/worked_example_test.cpp holds all of it to
// OEIS A002186 and to a search from the rules.
//
// A row: 'o' a pin standing, '.' a gap. A move knocks down one pin, or two
// pins side by side; whoever cannot move loses (Dudeney 1908; octal .77).
// Parts: the runs of standing pins never meet again, so each run is a game
// of its own, and a run of n pins packs into the key n (a run reads the same
// both ways, so it is its own least image).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/rulesets/ruleset_spec.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/search/part_engine_definitions.hpp"

namespace grundy::kayles_rows {

// The longest run a key is given here: short enough that the test reaches the
// outcome search with runs past it (a key could hold 2^64 - 1 pins).
inline constexpr std::size_t kLongestRun = 40;

namespace {

// A row's runs of pins ("ooo" each), the row's parts.
void runs_of(const std::string& row, std::vector<std::string>& out) {
  for (std::size_t i = 0; i < row.size();) {
    if (row[i] != 'o') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < row.size() && row[j] == 'o') ++j;
    out.emplace_back(j - i, 'o');
    i = j;
  }
}

}  // namespace

// The rules over keys (search/part_engine.hpp says what they give): a run of
// n pins is the key n, its options every knock of one pin or two.
struct RunRules {
  template <class F>
  static void for_each_option(std::uint64_t key, F&& on_option) {
    const auto n = static_cast<std::int64_t>(key);
    for (std::int64_t knocked = 1; knocked <= 2; ++knocked) {
      // Knocking pins a+1..a+knocked leaves runs of a and n - a - knocked.
      for (std::int64_t a = 0; a + knocked <= n; ++a) {
        std::uint64_t parts[2];
        std::size_t count = 0;
        const std::int64_t b = n - a - knocked;
        if (a > 0) parts[count++] = static_cast<std::uint64_t>(a);
        if (b > 0) parts[count++] = static_cast<std::uint64_t>(b);
        on_option(parts, count);
      }
    }
  }
  static bool keys_of_board(const std::string& row, std::vector<std::uint64_t>& keys) {
    std::vector<std::string> runs;
    runs_of(row, runs);
    for (const std::string& run : runs) {
      if (run.size() > kLongestRun) return false;
      keys.push_back(run.size());
    }
    return true;
  }
  static std::size_t weight(std::uint64_t key) { return static_cast<std::size_t>(key); }
  static std::string text_of(std::uint64_t key) { return std::string(static_cast<std::size_t>(key), 'o'); }
  static std::string too_large() { return "has a run longer than " + std::to_string(kLongestRun) + " pins"; }
  static constexpr const char* kWhat = "Kayles rows";
  static constexpr const char* kCertificateGame = "kaylesrow";
};

namespace {

// The game on the model (game.hpp): its moves and parts, and what it offers
// the engines — its parts pack into keys (PackedParts), and have a size
// (part_size: the outcome search takes the runs too long for a key).
struct KaylesRows {
  using Position = std::string;

  std::string describe(const std::string& row) const { return row; }
  void components(const std::string& row, std::vector<std::string>& out) const { runs_of(row, out); }
  std::string canonical(const std::string& run) const { return run; }
  int part_size(const std::string& run) const { return static_cast<int>(std::count(run.begin(), run.end(), 'o')); }
  void moves(const std::string& row, std::vector<std::string>& out) const {
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (row[i] != 'o') continue;
      std::string one = row;
      one[i] = '.';
      out.push_back(one);
      if (i + 1 < row.size() && row[i + 1] == 'o') {
        one[i + 1] = '.';
        out.push_back(std::move(one));
      }
    }
  }

  using PackedParts = RunRules;
  using PackedBoard = std::string;
  template <class Visit>
  bool packed(const std::string& row, Visit&& visit) const {
    visit(row);
    return true;
  }
};

}  // namespace

RulesetSpec ruleset() {
  RulesetSpec spec{.name = "kaylesrow",
                   .help = {{"kaylesrow(ooo.oo)", "Kayles on a row of pins: knock down one pin or two side by side"}},
                   .parameters = 0};
  spec.position = [](const TermReader& term) {
    const ExprGroup& g = term.positions();
    term.expect_arguments(g, 1);
    const ExprArg& a = g.args.front();
    if (a.text.empty() || a.text.find_first_not_of("o.") != std::string::npos)
      term.fail("a row of pins: 'o' standing, '.' knocked down", a.column);
    return GameAdapter<KaylesRows>::for_ruleset(KaylesRows{}, "kaylesrow")->position(a.text);
  };
  return spec;
}

}  // namespace grundy::kayles_rows

namespace grundy::search {
template class PartEngine<kayles_rows::RunRules, std::string>;
}  // namespace grundy::search
