// Take-and-break sequence engines against published tables and each other.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <random>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/cpu_features.hpp"
#include "grundy/take_and_break/engine.hpp"
#include "grundy/take_and_break/periodicity.hpp"
#include "test_support.hpp"

namespace grundy::take_and_break {
namespace {

// Officers G(0..count-1) from officers_0.6_G0_to_G98303_mvr.txt (mvr/officers):
// the first token is the count of values in the file, 98304.
std::vector<Value> officers_reference(std::uint64_t count) {
  std::istringstream in(testing::reference_text("officers_0.6_G0_to_G98303_mvr.txt"));
  std::uint64_t total = 0;
  in >> total;
  EXPECT_EQ(total, 98304U);
  std::vector<Value> values;
  unsigned v = 0;
  while (values.size() < count && in >> v) values.push_back(static_cast<Value>(v));
  EXPECT_EQ(values.size(), std::min<std::uint64_t>(count, total));
  return values;
}

std::vector<Value> compute(const std::string& code, const EngineOptions& options, std::uint64_t count) {
  auto engine = make_engine(parse_game_code(code), options);
  engine->extend_to(count);
  return engine->values();
}

std::vector<Value> compute(const std::string& code, EngineKind kind, std::uint64_t count, unsigned threads = 1) {
  return compute(code, EngineOptions{.kind = kind, .threads = threads}, count);
}

// Whether this CPU runs the vector kernels of the blocks' scan and comparisons
// (an engine made with vector_kernels = true uses them).
bool cpu_has_vector_kernels() {
  const CpuFeatures& cpu = cpu_features();
  return cpu.popcnt && cpu.avx512f && cpu.avx512bw && cpu.avx512vbmi && cpu.avx512vbmi2;
}

struct TrivialGame {
  std::string code;
  std::uint64_t prefix = 0;
  std::uint64_t period = 0;
  std::string nimbers;  // prefix(period), base-36 digits
};

// tczajka_octal_TrivialGames.md: "game | prefix | period | nimbers" rows.
std::vector<TrivialGame> trivial_games() {
  std::istringstream in(testing::reference_text("tczajka_octal_TrivialGames.md"));
  std::vector<TrivialGame> games;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find('|') == std::string::npos || line.find('(') == std::string::npos) continue;
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '|')) {
      const auto b = cell.find_first_not_of(' ');
      const auto e = cell.find_last_not_of(' ');
      cells.push_back(b == std::string::npos ? "" : cell.substr(b, e - b + 1));
    }
    if (cells.size() < 4) continue;
    games.push_back({cells[0], std::stoull(cells[1]), std::stoull(cells[2]), cells[3]});
  }
  return games;
}

int base36(char c) { return c <= '9' ? c - '0' : c - 'A' + 10; }

// The pattern expanded to `count` values.
std::vector<Value> expand(const TrivialGame& game, std::uint64_t count) {
  const auto open = game.nimbers.find('(');
  const std::string pre = game.nimbers.substr(0, open);
  const std::string per = game.nimbers.substr(open + 1, game.nimbers.size() - open - 2);
  std::vector<Value> out;
  for (std::uint64_t n = 0; n < count; ++n) {
    const char c = n < pre.size() ? pre[n] : per[(n - pre.size()) % per.size()];
    out.push_back(static_cast<Value>(base36(c)));
  }
  return out;
}

TEST(TakeAndBreakEngine, AllTrivialGamesMatchTczajkaAndAreProven) {
  const auto games = trivial_games();
  ASSERT_EQ(games.size(), 82U);  // the file lists 82 games
  for (const auto& game : games) {
    SCOPED_TRACE(game.code);
    const GameCode code = parse_game_code(game.code);
    const std::uint64_t count =
        periodicity_check_end(code, game.prefix, game.period) + game.period + 64;
    const auto expected = expand(game, count);
    for (EngineKind kind : {EngineKind::naive, EngineKind::sparse, EngineKind::automatic}) {
      const auto got = compute(game.code, kind, count);
      ASSERT_EQ(got, expected) << to_string(kind);
    }
    const Periodicity p = find_periodicity(code, expected);
    EXPECT_EQ(p.status, Periodicity::Status::proven);
    EXPECT_EQ(p.preperiod, game.prefix);
    EXPECT_EQ(p.period, game.period);
  }
}

// OEIS term files: "n a(n)" lines after '#' comments.
std::vector<std::pair<std::uint64_t, Value>> oeis(const std::string& file) {
  std::vector<std::pair<std::uint64_t, Value>> terms;
  for (const auto& [n, v] : testing::reference_terms(file)) terms.emplace_back(n, static_cast<Value>(v));
  return terms;
}

// Checks g(n + shift) = a(n) for every term of an OEIS file.
void expect_oeis(const std::string& code, const std::string& file, std::int64_t shift) {
  SCOPED_TRACE(code + " vs " + file);
  const auto terms = oeis(file);
  ASSERT_GT(terms.size(), 90U);
  for (EngineKind kind : {EngineKind::naive, EngineKind::sparse, EngineKind::automatic}) {
    const auto g = compute(code, kind, terms.back().first + shift + 1);
    for (const auto& [n, a] : terms) {
      const std::int64_t heap = static_cast<std::int64_t>(n) + shift;
      if (heap < 0) continue;
      ASSERT_EQ(g[static_cast<std::size_t>(heap)], a) << "heap " << heap << " " << to_string(kind);
    }
  }
}

TEST(TakeAndBreakEngine, OeisSequences) {
  expect_oeis("kayles", "oeis_A002186_kayles_0.77_terms.txt", 0);            // A002186
  expect_oeis("0.137", "oeis_A002187_dawsons_chess_0.137_terms.txt", 0);     // A002187
  expect_oeis("dawson", "oeis_A002187_dawsons_chess_0.137_terms.txt", 1);    // .07: a(n-1)
  expect_oeis("0.4", "oeis_A002187_dawsons_chess_0.137_terms.txt", 2);       // .4: a(n-2)
  expect_oeis("grundy", "oeis_A002188_grundys_game_terms.txt", 0);           // A002188
  expect_oeis("officers", "oeis_A046695_officers_0.6_terms.txt", 0);         // A046695
  expect_oeis("0.11337", "oeis_A071426_octal_0.11337_terms.txt", 0);         // A071426
  expect_oeis("treblecross", "oeis_A071426_octal_0.11337_terms.txt", 2);     // .007: a(n-2)
  expect_oeis("0.04", "oeis_A071426_octal_0.11337_terms.txt", 3);            // .04: a(n-3)
  expect_oeis("0.0137", "oeis_A071426_octal_0.11337_terms.txt", 1);          // .0137: a(n-1)
}

// Random octal and hexadecimal codes: the sparse and automatic engines equal the
// naive one, heap by heap.
TEST(TakeAndBreakEngine, SparseEqualsNaiveOnRandomCodes) {
  std::mt19937_64 rng(20261122);
  for (int trial = 0; trial < 120; ++trial) {
    std::string code = trial % 3 == 0 ? "4." : "0.";
    const int digits = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < digits; ++i) code += "01234567"[rng() % 8];
    if (code.back() == '0') code.back() = '4';
    SCOPED_TRACE(code);
    const std::uint64_t count = 700;
    const auto naive = compute(code, EngineKind::naive, count);
    EXPECT_EQ(compute(code, EngineKind::sparse, count), naive);
    EXPECT_EQ(compute(code, EngineKind::automatic, count), naive);
    EXPECT_EQ(compute(code, EngineKind::naive, count, 2), naive);
  }
}

// Hexadecimal codes leave three heaps: the engines agree with a brute force
// that lists every multiset of three heaps separately.
TEST(TakeAndBreakEngine, HexadecimalThreeHeapsMatchBruteForce) {
  for (const std::string code : {"0x0.8", "0x0.F", "0x0.08", "0x0.C", "0x8.0", "0xC.1"}) {
    SCOPED_TRACE(code);
    const GameCode gc = parse_game_code(code);
    std::vector<Value> g;
    for (std::uint64_t n = 0; n < 90; ++n) {
      std::vector<bool> seen(1024, false);
      for (std::uint64_t k = 0; k < gc.digits.size() && k <= n; ++k) {
        const int d = gc.digits[k];
        const std::uint64_t m = n - k;
        if ((d & 1) && m == 0) seen[0] = true;
        if ((d & 2) && m >= 1) seen[g[m]] = true;
        for (std::uint64_t a = 1; a < m; ++a) {
          if (d & 4) seen[g[a] ^ g[m - a]] = true;
          for (std::uint64_t b = 1; a + b < m; ++b) {
            if (d & 8) seen[g[a] ^ g[b] ^ g[m - a - b]] = true;
          }
        }
      }
      Value v = 0;
      while (seen[v]) ++v;
      g.push_back(v);
    }
    EXPECT_EQ(compute(code, EngineKind::naive, 90), g);
    EXPECT_EQ(compute(code, EngineKind::automatic, 90), g);
    EXPECT_EQ(compute(code, EngineKind::sparse, 90), g);
  }
}

// Deeper: the S2-row method of the automatic engine against the reference's
// triples, through value growth past 64 and 128 (the rows are re-laid out), and
// after a restore (the rows are rebuilt).
TEST(TakeAndBreakEngine, HexadecimalS2RowsEqualTriples) {
  std::mt19937_64 rng(5);
  std::vector<std::string> codes{"0x0.8", "0x0.F7", "0x8.0", "0xC.8", "0x0.48"};
  for (int i = 0; i < 12; ++i) {
    std::string code = "0x0.";
    for (int d = 0; d < 3; ++d) code += "0123456789ABCDEF"[rng() % 16];
    code.back() = "89ABCDEF"[rng() % 8];
    codes.push_back(code);
  }
  for (const std::string& code : codes) {
    SCOPED_TRACE(code);
    const auto naive = compute(code, EngineKind::naive, 500);
    EXPECT_EQ(compute(code, EngineKind::automatic, 500), naive);
    auto engine = make_engine(parse_game_code(code));
    engine->restore(std::vector<Value>(naive.begin(), naive.begin() + 330));
    engine->extend_to(500);
    EXPECT_EQ(engine->values(), naive);
  }
}

// Officers, G(0..98303) from mvr/officers, and its 1584 rare positions.
void check_officers(std::uint64_t count, unsigned threads, EngineKind kind, bool vector_kernels = true) {
  const std::vector<Value> expected = officers_reference(count);
  auto engine = make_engine(parse_game_code("officers"),
                            {.kind = kind, .threads = threads, .vector_kernels = vector_kernels});
  engine->extend_to(count);
  ASSERT_EQ(engine->values(), expected);
  if (kind != EngineKind::automatic || count < 98304) return;
  // officers_0.6_rare_values_mvr.txt: all 1584 rare positions, last G(20627) = 277.
  std::istringstream rare(testing::reference_text("officers_0.6_rare_values_mvr.txt"));
  std::string header;
  std::getline(rare, header);
  std::vector<std::uint64_t> positions;
  std::string line;
  while (std::getline(rare, line)) {
    if (!line.empty()) positions.push_back(std::stoull(line.substr(0, line.find(','))));
  }
  ASSERT_EQ(positions.size(), 1584U);
  const SparseStats s = engine->sparse_stats();
  EXPECT_EQ(s.rare_count, 1584U);
  EXPECT_EQ(s.last_rare, 20627U);
  std::vector<std::uint64_t> mine;
  for (std::uint64_t n = 0; n < count; ++n) {
    if (!(std::popcount(static_cast<std::uint64_t>(expected[n]) & s.mask) & 1)) mine.push_back(n);
  }
  EXPECT_EQ(mine, positions);
  // Some heaps had their c0 taken by an option inside their block, so the rare
  // values above c0 were looked for over all splits (phase 2's rescan, AVX-512
  // or portable; 875 heaps up to 98 304): that path produced reference values too.
  if (threads == 1) {
    EXPECT_GT(s.c0_rescans, 0U);
  }
  // Where the vector kernels run (allowed, and the CPU has AVX-512 VBMI and
  // VBMI2), the values above came through the compared rare parts (from heap
  // 41 256 on), their second round of candidates (7 927 heaps) and both of
  // their fall-backs (254 and 592 heaps); without them, through marking alone.
  if (threads == 1 && vector_kernels && cpu_has_vector_kernels()) {
    EXPECT_GT(s.compared_heaps, 40000U);
    EXPECT_GT(s.compare_second_rounds, 1000U);
    EXPECT_GT(s.compare_fallbacks, 0U);
    EXPECT_GT(s.compare_completions, 0U);
  } else if (!vector_kernels) {
    EXPECT_EQ(s.compared_heaps, 0U);
  }
}

// The helper thread takes half of a heap's splits from 16384 pairs on: restore
// Officers near 33000 from the reference file and check the next heaps.
TEST(TakeAndBreakEngine, NaiveTwoThreadsAtDepthMatchesOfficers) {
  const std::vector<Value> expected = officers_reference(33500);
  auto engine = make_engine(parse_game_code("0.6"), {.kind = EngineKind::naive, .threads = 2});
  engine->restore(std::vector<Value>(expected.begin(), expected.begin() + 32768));
  engine->extend_to(33500);
  EXPECT_EQ(engine->values(), expected);
}

// Two heaps at a time on two threads (sparse engine, from heap 16384): the
// deferred options of the first heap — a take-1 single move (0.37, 0.6), the
// split (1, n) of a take-0 split (4.7, grundy) — against the naive engine.
TEST(TakeAndBreakEngine, SparsePairsOnTwoThreadsEqualNaive) {
  for (const std::string code : {"grundy", "4.7", "0.37"}) {
    SCOPED_TRACE(code);
    EXPECT_EQ(compute(code, EngineKind::sparse, 17200, 2), compute(code, EngineKind::naive, 17200));
  }
  // Officers against officers_0.6_G0_to_G98303_mvr.txt, automatic engine.
  const std::vector<Value> expected = officers_reference(20000);
  EXPECT_EQ(compute("officers", EngineKind::automatic, 20000, 2), expected);
}

// Found by fuzz_expression (0.36(10^12)): in a block of the sparse engine a
// rare part p close to the heap (p + k > n) pointed its partner row before the
// values array (g + (n - k - p) wrapped), undefined behaviour even though only
// lanes inside the array were read; UBSan (scripts/sanitize.sh) stops on it. The
// values stay those of the naive engine.
TEST(TakeAndBreakEngine, SparseBlocksWithRarePartsNearTheHeapEqualNaive) {
  EXPECT_EQ(compute("0.36", EngineKind::sparse, 14000), compute("0.36", EngineKind::naive, 14000));
}

// The periodicity theorem as used (two heaps: Guy–Smith; three: the extension in
// periodicity.hpp) against brute force: whenever a prefix proves a period, the
// pattern must hold over a much longer computed range.
TEST(TakeAndBreakEngine, ProvenPeriodsHoldFurther) {
  std::mt19937_64 rng(7);
  int proofs = 0;
  for (int trial = 0; trial < 150; ++trial) {
    std::string code = trial % 2 ? "0x0." : "0.";
    const int digits = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < digits; ++i) code += "0123456789ABCDEF"[rng() % (trial % 2 ? 16 : 8)];
    if (code.back() == '0') code.back() = '1';
    SCOPED_TRACE(code);
    const GameCode gc = parse_game_code(code);
    const std::uint64_t count = gc.max_heaps_left() == 3 ? 400 : 1500;
    const auto g = compute(code, EngineKind::naive, count);
    for (std::uint64_t size = 8; size <= count / 3; size += 8) {
      const Periodicity p = find_periodicity(gc, std::span<const Value>(g.data(), size));
      if (!p.proven()) continue;
      ++proofs;
      for (std::uint64_t n = p.preperiod; n + p.period < count; ++n) {
        ASSERT_EQ(g[n + p.period], g[n]) << "size " << size << " n " << n << " " << p.proof;
      }
      break;
    }
  }
  EXPECT_GT(proofs, 50);
}

TEST(TakeAndBreakEngine, GrundyGameLongSparseEqualsNaive) {
  EXPECT_EQ(compute("grundy", EngineKind::automatic, 40000), compute("grundy", EngineKind::naive, 40000));
}

TEST(TakeAndBreakEngine, SparseEqualsNaiveLongRandomCodes) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 40; ++trial) {
    std::string code = trial % 4 == 0 ? "4." : "0.";
    const int digits = 1 + static_cast<int>(rng() % 5);
    for (int i = 0; i < digits; ++i) code += "01234567"[rng() % 8];
    if (code.back() == '0') code.back() = '6';
    SCOPED_TRACE(code);
    const auto naive = compute(code, EngineKind::naive, 6000);
    EXPECT_EQ(compute(code, EngineKind::sparse, 6000), naive);
    EXPECT_EQ(compute(code, EngineKind::automatic, 6000, 2), naive);
    EXPECT_EQ(compute(code, EngineOptions{.kind = EngineKind::sparse, .vector_kernels = false}, 6000), naive);
  }
}

// The sparse engine computes blocks of consecutive heaps (from heap 2048 or
// 4 · (64 + largest k)); a block is cut short by the requested count, a new
// width, a due mask evaluation. Extending in uneven steps, and from a restore at
// an odd size, cuts blocks at many places; options with a part inside the block
// (take-1 and take-0 splits, Grundy's unequal halves, a take-40 split) are
// added lane by lane. One and two threads (the first 1024 heaps of blocks
// probe the helper thread, which then takes half of each block's lanes), with
// the vector kernels (where the CPU has them) and with the portable code only.
TEST(TakeAndBreakEngine, SparseBlocksCutAnywhereEqualNaive) {
  const std::vector<std::uint64_t> steps{1, 7, 63, 64, 65, 129, 500, 2, 31, 33};
  for (const std::string code : {"0.6", "grundy", "4.7", "0.37", "0.165", "0.0406", "0.51", "4.0000000000000000000000000000000000000004"}) {
    SCOPED_TRACE(code);
    const auto naive = compute(code, EngineKind::naive, 9000);
    for (const auto& [threads, vector_kernels] : {std::pair{1U, true}, std::pair{2U, true}, std::pair{1U, false}}) {
      SCOPED_TRACE(::testing::Message() << threads << " thread(s), vector kernels " << vector_kernels);
      const EngineOptions sparse{.kind = EngineKind::sparse, .threads = threads, .vector_kernels = vector_kernels};
      EngineOptions automatic = sparse;
      automatic.kind = EngineKind::automatic;
      EXPECT_EQ(compute(code, sparse, 9000), naive);
      auto engine = make_engine(parse_game_code(code), sparse);
      auto resumed = make_engine(parse_game_code(code), automatic);
      for (std::size_t i = 0; engine->size() < 9000; ++i) {
        engine->extend_to(std::min<std::uint64_t>(9000, engine->size() + steps[i % steps.size()]));
      }
      EXPECT_EQ(engine->values(), naive);
      resumed->restore(std::vector<Value>(naive.begin(), naive.begin() + 5001));
      resumed->extend_to(9000);
      EXPECT_EQ(resumed->values(), naive);
    }
  }
}

TEST(TakeAndBreakEngine, OfficersLongAutomaticTwoThreads) { check_officers(98304, 2, EngineKind::automatic); }

TEST(TakeAndBreakEngine, OfficersFirst20000) { check_officers(20000, 1, EngineKind::automatic); }
TEST(TakeAndBreakEngine, OfficersFull98304AndRarePositions) { check_officers(98304, 1, EngineKind::automatic); }
// An engine that lends its table between extensions (to the heap-game
// adapter, which keeps the run's table) goes on as if it had kept it: Officers
// by the sparse engine, lent and taken back every few hundred heaps and
// reserved further while lent, equals the reference; a table of another
// length is refused.
TEST(TakeAndBreakEngine, ATableLentBetweenExtensionsGoesOnAsIfKept) {
  auto engine = make_engine(parse_game_code("officers"), EngineOptions{.kind = EngineKind::sparse});
  std::vector<Value> table = engine->lend();
  for (std::uint64_t count = 300; count <= 12000; count += 317) {
    engine->take_back(std::move(table));
    engine->extend_to(count);
    table = engine->lend();
    ASSERT_EQ(table.size(), count);
    table.reserve(table.capacity() + 1000);  // the adapter may reserve while it holds the table
  }
  EXPECT_EQ(table, officers_reference(table.size()));
  std::vector<Value> shorter(table.begin(), table.end() - 1);
  EXPECT_THROW(engine->take_back(std::move(shorter)), std::logic_error);
}

TEST(TakeAndBreakEngine, OfficersFull98304PortableOnly) { check_officers(98304, 1, EngineKind::automatic, false); }
TEST(TakeAndBreakEngine, OfficersLongNaiveTwoThreads) { check_officers(98304, 2, EngineKind::naive); }

}  // namespace
}  // namespace grundy::take_and_break
