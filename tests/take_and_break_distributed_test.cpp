// The distributed table run (speculate on rank 0, verify on the others) on
// threads of one process, against runs of one process and the published
// Officers table; the block verifier against the definition. The same
// protocol under mpirun is tested through the real program in
// distributed_table_cli_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <fstream>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/communicator.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/distributed_run.hpp"
#include "grundy/take_and_break/engine.hpp"
#include "grundy/take_and_break/run.hpp"
#include "take_and_break/block_verifier.hpp"
#include "take_and_break/run_support.hpp"
#include "take_and_break/sparse_engine.hpp"
#include "take_and_break/vector_kernels.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using take_and_break::Value;

TakeAndBreakRun table(const std::string& rule, std::uint64_t upto, unsigned verifiers, const std::string& checkpoint = "",
                      take_and_break::EngineKind engine = take_and_break::EngineKind::automatic,
                      unsigned threads = 1) {
  TakeAndBreakRequest request;
  request.threads = threads;
  request.rule = rule;
  request.upto = upto;
  request.verifiers = verifiers;
  request.checkpoint = checkpoint;
  request.engine = engine;
  Context context;
  return run_take_and_break_table(request, context);
}

std::vector<Value> officers_reference() {
  std::istringstream in(testing::reference_text("officers_0.6_G0_to_G98303_mvr.txt"));
  std::uint64_t total = 0;
  in >> total;
  std::vector<Value> values;
  unsigned v = 0;
  while (in >> v) values.push_back(static_cast<Value>(v));
  return values;
}

// Officers G(0..98303) (mvr/officers) through 1, 2 and 3 verifiers: the rare
// values up to G(20627) = 277 are speculated wrong first (the candidate is
// the least missing common value) and found by the verifiers, so the rewinds
// run too; the values are those of the published table.
// The time left on a progress line: hours past int, and unbounded before any
// heap is done (a distributed run's first line printed "ETA -2147483648h-8m").
TEST(DistributedTable, TimeLeftIsWordedForAnySpeed) {
  EXPECT_EQ(run_support::format_seconds(5.6), "5.6s");
  EXPECT_EQ(run_support::format_seconds(184), "3m04s");
  EXPECT_EQ(run_support::format_seconds(3720), "1h02m");
  EXPECT_EQ(run_support::format_seconds(3600.0 * 3'000'000'000.0), "unknown");  // past 10^8 hours
  EXPECT_EQ(run_support::format_seconds(3600.0 * 5'000'000.0), "5000000h00m");
  EXPECT_EQ(run_support::format_seconds(1e8 / 1e-6), "unknown");  // 10^8 heaps at speed 0
  EXPECT_EQ(run_support::format_seconds(std::numeric_limits<double>::infinity()), "unknown");
  EXPECT_EQ(run_support::format_seconds(std::numeric_limits<double>::quiet_NaN()), "unknown");
}

TEST(DistributedTable, OfficersOnThreadsMatchesPublishedTable) {
  const std::vector<Value> expected = officers_reference();
  for (unsigned verifiers : {1U, 2U, 3U}) {
    SCOPED_TRACE(verifiers);
    // Rank 0 speculating on 1, 2 and 3 threads.
    const TakeAndBreakRun run = table("officers", expected.size() - 1, verifiers, "",
                                      take_and_break::EngineKind::automatic, verifiers);
    ASSERT_EQ(run.values, expected);
    ASSERT_TRUE(run.distributed.has_value());
    EXPECT_EQ(run.distributed->ranks, static_cast<int>(verifiers) + 1);
    EXPECT_GT(run.distributed->failures, 0U);
    EXPECT_GT(run.distributed->blocks, run.distributed->failures);
    EXPECT_EQ(run.sparse.rare_count, 1584U);
    EXPECT_EQ(run.sparse.last_rare, 20627U);
  }
}

// Random codes (sparse engine forced, so every block is speculated) and
// Grundy's game: the distributed run equals the run of one process.
TEST(DistributedTable, RandomCodesAndGrundysGameEqualOneProcess) {
  std::mt19937_64 rng(5);
  std::vector<std::string> codes = {"grundy", "0.6", "4.7", "0.51"};
  for (int i = 0; i < 8; ++i) {
    std::string code = "0.";
    const int digits = 1 + static_cast<int>(rng() % 4);
    for (int d = 0; d < digits; ++d) code += "01234567"[rng() % 8];
    if (code.back() == '0') code.back() = '6';
    codes.push_back(code);
  }
  for (const std::string& code : codes) {
    SCOPED_TRACE(code);
    const TakeAndBreakRun one = table(code, 12000, 0, "", take_and_break::EngineKind::sparse);
    const TakeAndBreakRun spread = table(code, 12000, 2, "", take_and_break::EngineKind::sparse);
    // Rank 0 speculating on three threads (speculation.cpp).
    const TakeAndBreakRun threads = table(code, 12000, 2, "", take_and_break::EngineKind::sparse, 3);
    ASSERT_TRUE(threads.complete());
    for (std::uint64_t n = 0; n <= 12000; ++n) ASSERT_EQ(threads.value(n), one.value(n)) << n;
    // A proven period ends either run early (at a block's end, for the
    // distributed one): the tables agree on every heap asked for.
    ASSERT_TRUE(one.complete());
    ASSERT_TRUE(spread.complete());
    for (std::uint64_t n = 0; n <= 12000; ++n) ASSERT_EQ(spread.value(n), one.value(n)) << n;
  }
}

// Speculation on several threads (speculation.cpp) speculates the very values
// one thread does, wrong ones included (a verifier would catch those, so the
// end result alone would not show a band marked wrong): the speculated
// tables themselves are compared, on every kernel set the CPU runs. Officers
// from the published table on (speculated values there are right, so the
// table is Officers' own and the compared parts, their second rounds and
// fallbacks run), and random codes and Grundy's game from the start (several
// split moves, unequal halves; every part marked), with 2, 3 and 5 threads.
TEST(SpeculationOnThreads, SpeculatedTablesEqualOneThread) {
  using take_and_break::detail::SparseEngine;
  const std::vector<Value> officers = officers_reference();
  auto speculate = [&](const std::string& rule, std::uint64_t count, unsigned threads, VectorKernelSet set) {
    SparseEngine engine(take_and_break::parse_game_code(rule), threads, true,
                        take_and_break::detail::vector_kernels_of(set));
    if (rule == "officers") engine.restore(officers);
    // As rank 0 does: a call stops where a new mask is chosen.
    while (engine.size() < count) {
      engine.set_speculative(true);
      engine.extend_to(count);
    }
    return std::make_tuple(engine.values(), engine.band_times().heaps, engine.sparse_stats());
  };
  std::vector<VectorKernelSet> sets = {VectorKernelSet::portable};
  for (VectorKernelSet set : {VectorKernelSet::avx2, VectorKernelSet::avx512}) {
    if (take_and_break::detail::missing_extension(take_and_break::cpu_features(), set) == nullptr) sets.push_back(set);
  }
  std::mt19937_64 rng(11);
  std::vector<std::string> codes = {"officers", "grundy", "0.6", "4.7"};
  for (int i = 0; i < 4; ++i) {
    std::string code = "0.";
    for (int d = 0; d < 3; ++d) code += "01234567"[rng() % 8];
    if (code.back() == '0') code.back() = '6';
    codes.push_back(code);
  }
  for (VectorKernelSet set : sets) {
    for (const std::string& code : codes) {
      SCOPED_TRACE(code + " " + std::string(take_and_break::to_string(set)));
      const std::uint64_t count = code == "officers" ? 200000 : 30000;
      const auto [one, none, stats] = speculate(code, count, 1, set);
      EXPECT_EQ(none, 0U);
      for (unsigned threads : {2U, 3U, 5U}) {
        SCOPED_TRACE(threads);
        const auto [many, banded, many_stats] = speculate(code, count, threads, set);
        ASSERT_EQ(many, one);
        if (code != "officers") continue;
        // Past Officers' last rare value (20 627) a speculated value is right.
        EXPECT_TRUE(std::equal(officers.begin(), officers.end(), many.begin()));
        EXPECT_EQ(banded, count - officers.size());
        if (set != VectorKernelSet::portable) {
          EXPECT_GT(many_stats.compared_heaps, 90000U);
          EXPECT_GT(many_stats.compare_fallbacks + many_stats.compare_second_rounds, 1000U);
        }
      }
    }
  }
}

// A checkpoint written by a distributed run is a checkpoint of one process,
// and the other way round: each resumes the other and ends with the same values.
TEST(DistributedTable, CheckpointsAreThoseOfOneProcess) {
  const std::string path = ::testing::TempDir() + "distributed_officers.ckpt";
  std::filesystem::remove(path);
  const TakeAndBreakRun first = table("officers", 40000, 2, path);
  EXPECT_EQ(first.resumed_from, 0U);
  const TakeAndBreakRun second = table("officers", 70000, 0, path);
  EXPECT_EQ(second.resumed_from, 40001U);
  const TakeAndBreakRun third = table("officers", 98303, 3, path);
  EXPECT_EQ(third.resumed_from, 70001U);
  EXPECT_EQ(third.values, officers_reference());
  std::filesystem::remove(path);
}

// The verifier finds a speculated value that is wrong: at G(20627) = 277, the
// last rare value of Officers, a candidate above it (the least missing common
// value) is refused with 277; the true table passes.
TEST(DistributedTable, VerifierRefusesWrongCandidates) {
  const std::vector<Value> truth = officers_reference();
  auto engine = take_and_break::make_engine(take_and_break::parse_game_code("officers"));
  engine->extend_to(30000);
  const std::uint64_t mask = engine->sparse_stats().mask;
  take_and_break::detail::BlockVerifier verifier(take_and_break::parse_game_code("officers"),
                                                 take_and_break::detail::vector_kernels_of(
                                                     take_and_break::resolve_kernel_set(VectorKernelSet::best)));
  verifier.table().assign(truth.begin(), truth.begin() + 30000);
  EXPECT_FALSE(verifier.verify(20000, 10000, mask).has_value());
  Value common_above = 278;
  while ((std::popcount(static_cast<std::uint64_t>(common_above) & mask) & 1) == 0) ++common_above;
  verifier.table()[20627] = common_above;
  const auto wrong = verifier.verify(20600, 100, mask);
  ASSERT_TRUE(wrong.has_value());
  EXPECT_EQ(wrong->heap, 20627U);
  EXPECT_EQ(wrong->value, 277);
}

// Bad input is refused on rank 0 before any work, and the verifiers stop
// with its status (the threads return; the error is rank 0's).
TEST(DistributedTable, BadCheckpointStopsEveryRank) {
  const std::string path = ::testing::TempDir() + "distributed_bad.ckpt";
  {
    std::ofstream out(path, std::ios::binary);
    out << "GRUNDYCK garbage";
  }
  EXPECT_THROW((void)table("officers", 50000, 2, path), InputError);
  std::filesystem::remove(path);
}

// Long: Grundy's game to 2^24 through the distributed path (3 verifier
// threads) equals the run of one process (docs/testing.md).
TEST(DistributedTableLong, GrundysGameTo2Pow24EqualsOneProcess) {
  const std::uint64_t upto = (std::uint64_t{1} << 24) - 1;
  const TakeAndBreakRun one = table("grundy", upto, 0);
  const TakeAndBreakRun spread = table("grundy", upto, 3);
  EXPECT_EQ(spread.values, one.values);
}

}  // namespace
}  // namespace grundy
