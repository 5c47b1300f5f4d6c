// The reductions the placement search applies before splitting a board into
// parts (src/placement/region_reductions.hpp), each on its own and all together,
// against the plain definition: the brute-force value of the whole board
// (tests/placement_brute_force.hpp, which knows nothing of parts or
// reductions) equals the xor of the brute-force values of the parts. And the
// requested-set search's answers against the brute force for random requested
// sets: an exact value, or "not in the set" only when the value is not in it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "grundy/search/placement_reductions.hpp"
#include "grundy/search/placement_solver.hpp"
#include "placement_brute_force.hpp"
#include "test_build.hpp"

namespace grundy::placement {
namespace {

struct Case {
  const char* name;
  Rule rule;
  unsigned reductions;
};

// Random boards up to `max_cells` cells, a quarter to a half of them blocked
// (reductions need blocked cells around them), the first board of each kind a
// fixed one where the reduction must fire. Returns how many boards the
// reduction changed (their parts differ from the unreduced split).
std::size_t check_reduction(const Case& c, std::size_t boards, std::size_t max_cells, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::size_t changed = 0;
  for (std::size_t i = 0; i < boards; ++i) {
    std::size_t rows = 2 + rng() % 5;
    std::size_t cols = 2 + rng() % 5;
    while (rows * cols > max_cells) --cols;
    const Board b = testing::random_board(rng, rows, cols, 0.2 + 0.1 * static_cast<double>(rng() % 3));
    const Nimber expected = testing::brute_force_value(c.rule, b);
    // 2x2 blocks split into boards of block positions (Node Kayles on the king
    // graph, as searched): valued under that rule.
    const Rule part_rule = c.rule.name == "blocks2x2" ? node_kayles_rule(GraphFamily::king) : c.rule;
    Nimber parts_xor = 0;
    const std::vector<Board> parts = split_board(c.rule, b, c.reductions);
    for (const Board& part : parts) parts_xor ^= testing::brute_force_value(part_rule, part);
    EXPECT_EQ(parts_xor, expected) << c.name << " (" << parts.size() << " parts)\n" << board_to_text(b);
    if (parts != split_board(c.rule, b, 0)) ++changed;
  }
  return changed;
}

std::vector<Case> reduction_cases() {
  return {{"cram pendant twins", cram_rule(), kPendantTwins},
          {"cram bridges", cram_rule(), kBridges},
          {"cram diagonal twins", cram_rule(), kDiagonalTwins},
          {"cram all", cram_rule(), kAllReductions},
          {"king closed twins", node_kayles_rule(GraphFamily::king), kClosedTwins},
          {"blocks2x2 closed twins", blocks2x2_rule(), kClosedTwins},
          {"nodekayles_grid all", node_kayles_rule(GraphFamily::grid), kAllReductions},
          {"bars3 all", bars_rule(3), kAllReductions}};
}

TEST(PlacementReductions, EachKeepsTheValueOfRandomBoards) {
  for (const Case& c : reduction_cases()) {
    const std::size_t changed = check_reduction(c, test_build::trials(300), 20, 20261123);
    // Every reduction of these games fires on some of the boards (the games
    // without one are checked to split as before).
    if (c.rule.name == "cram" || c.rule.name == "nodekayles_king" || c.rule.name == "blocks2x2") {
      EXPECT_GT(changed, static_cast<std::size_t>(test_build::trials(10))) << c.name;
    } else {
      EXPECT_EQ(changed, 0U) << c.name;
    }
  }
}

TEST(PlacementReductionsLong, EachKeepsTheValueOfMoreBoards) {
  for (const Case& c : reduction_cases()) check_reduction(c, 3000, 25, 7);
}

// Fixed boards where each reduction must act (the parts shown are the split's).
TEST(PlacementReductions, CramExamples) {
  auto cells = [](const std::vector<Board>& parts) {
    std::size_t n = 0;
    for (const Board& p : parts) n += static_cast<std::size_t>(std::count(p.free.begin(), p.free.end(), 1));
    return n;
  };
  // Three pendants on the middle cell of a plus: two go (pendant twins).
  const Board plus = parse_board_rows("101\n000\n101\n", "plus");
  EXPECT_EQ(cells(split_board(cram_rule(), plus, kPendantTwins)), 2U);
  // A cell between two cells that each carry a pendant: it goes (bridge),
  // leaving two dominoes.
  const Board bridge = parse_board_rows("00000\n", "bridge");
  EXPECT_EQ(split_board(cram_rule(), bridge, kBridges).size(), 2U);
  // A 2x2 square (rows 2-3, columns 3-4) whose top-left corner is closed off
  // above and left and whose bottom-right corner below and right, with arms
  // on the other two corners: the cut splits it in two.
  const Board square = parse_board_rows("11101\n11000\n10001\n11011\n", "square");
  EXPECT_EQ(split_board(cram_rule(), square, 0).size(), 1U);
  EXPECT_EQ(split_board(cram_rule(), square, kDiagonalTwins).size(), 2U);
}

// The requested-set answers of PlacementSolver::value_if_in on random boards
// and requested sets, against the brute force: a value returned is the value,
// and "not in the set" (nullopt) is only said of a value not in it. Each board
// is asked about every single value 0..5, the values below its own, and two
// random sets; from a fresh solver each time (no table), and from one solver
// that keeps its table (answers built on stored values), full mex off so that
// every part is searched. The single values below a board's own are the
// questions whose last option may be left unasked (the node's answer then
// rests on which values could still be its own). Single values 1..3 take the
// witnesses-first pass (Engine::kWitnessFirstUpTo), 4 and 5 the sweep alone.
TEST(PlacementRequestedSet, AnswersMatchTheDefinition) {
  std::mt19937_64 rng(1313);
  const Rule rules[] = {cram_rule(), blocks2x2_rule(), bars_rule(3), node_kayles_rule(GraphFamily::grid),
                        polyominoes_rule({"v3", "domino"})};
  std::size_t not_in = 0;
  std::size_t answered = 0;
  for (const Rule& rule : rules) {
    PlacementSolver kept(rule);
    kept.set_exact_cells(0);
    for (int i = 0; i < test_build::trials(60); ++i) {
      std::size_t rows = 2 + rng() % 5;
      std::size_t cols = 2 + rng() % 5;
      while (rows * cols > 20) --cols;
      const Board b = testing::random_board(rng, rows, cols, 0.1 * static_cast<double>(rng() % 4));
      const Nimber expected = testing::brute_force_value(rule, b);
      std::vector<std::uint64_t> sets;
      for (unsigned r = 0; r < 6; ++r) sets.push_back(std::uint64_t{1} << r);
      sets.push_back((std::uint64_t{1} << expected) - 1);
      sets.push_back(rng() & rng());  // about a quarter of the values
      sets.push_back(rng() & rng() & 0xFF);
      for (const std::uint64_t requested : sets) {
        PlacementSolver fresh(rule);
        fresh.set_exact_cells(0);
        for (PlacementSolver* s : {&fresh, &kept}) {
          const auto got = s->value_if_in(b, requested);
          if (got) {
            EXPECT_EQ(*got, expected) << rule.name << "\n" << board_to_text(b);
            ++answered;
          } else {
            EXPECT_FALSE((requested >> expected) & 1U)
                << rule.name << " value " << expected << "\n" << board_to_text(b);
            ++not_in;
          }
        }
      }
      // The kept table's values, all of them, still the definition's.
      EXPECT_EQ(kept.value(b), expected) << rule.name << "\n" << board_to_text(b);
    }
  }
  EXPECT_GT(not_in, static_cast<std::size_t>(test_build::trials(500)));
  EXPECT_GT(answered, static_cast<std::size_t>(test_build::trials(500)));
}

}  // namespace
}  // namespace grundy::placement
