// The sparse engine's vector kernel sets (AVX2, AVX-512) against their portable
// definitions (portable_kernels.hpp): each kernel on random rows and tables,
// and whole engines on Officers (the published table and its rare values) and
// random codes. A set this CPU lacks is skipped, saying so.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "grundy/core/input_error.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/cpu_features.hpp"
#include "grundy/take_and_break/engine.hpp"
#include "take_and_break/packed_values.hpp"
#include "take_and_break/portable_kernels.hpp"
#include "take_and_break/vector_kernels.hpp"
#include "test_support.hpp"

namespace grundy::take_and_break {
namespace {

bool runs(VectorKernelSet set) { return detail::missing_extension(cpu_features(), set) == nullptr; }

#define SKIP_WITHOUT(set)                                                                            \
  if (!runs(set)) GTEST_SKIP() << "this CPU lacks " << detail::missing_extension(cpu_features(), set)

// A row of 0/1 bytes with room for 64-byte reads, a table of common values
// (mask `mask`) as bytes and as bits, like the engine's.
struct Lane {
  std::vector<std::uint8_t> row;
  std::vector<std::uint8_t> common;
  std::vector<std::uint64_t> common_bits;
};

Lane random_lane(std::mt19937_64& rng, std::size_t width, std::uint64_t mask, unsigned density) {
  Lane lane;
  lane.row.assign(2 * width + 128, 0);
  lane.common.assign(2 * width + 128, 0);
  for (std::size_t v = 0; v < lane.common.size(); ++v) lane.common[v] = std::popcount(v & mask) & 1;
  lane.common_bits.assign(lane.common.size() / 64, 0);
  for (std::size_t v = 0; v < lane.common_bits.size() * 64; ++v)
    lane.common_bits[v / 64] |= std::uint64_t{lane.common[v]} << (v % 64);
  // Marked below a random cut with probability density/16, so c0 lands anywhere.
  const std::size_t cut = rng() % width;
  for (std::size_t v = 0; v < cut; ++v) lane.row[v] = rng() % 16 < density ? 1 : 0;
  return lane;
}

std::uint64_t call_lane_c0(VectorKernelSet set, const Lane& lane, std::uint8_t* want, std::uint64_t* bits,
                           std::uint64_t& needed) {
  if (set == VectorKernelSet::avx512) return detail::avx512::lane_c0(lane.row.data(), lane.common_bits.data(), want, bits, needed);
  if (set == VectorKernelSet::avx2) return detail::avx2::lane_c0(lane.row.data(), lane.common_bits.data(), want, bits, needed);
  return detail::portable::lane_c0(lane.row.data(), lane.common.data(), want, bits, needed);
}

void check_lane_c0(VectorKernelSet set) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t width = std::size_t{64} << (trial % 4);
    const Lane lane = random_lane(rng, width, 1 + rng() % (width - 1), static_cast<unsigned>(rng() % 17));
    std::vector<std::uint8_t> want(2 * width + 128, 0);
    std::vector<std::uint8_t> want_ref(2 * width + 128, 0);
    std::uint64_t bits[8] = {};
    std::uint64_t bits_ref[8] = {};
    std::uint64_t needed = 0;
    std::uint64_t needed_ref = 0;
    const std::uint64_t c0 = call_lane_c0(set, lane, want.data(), bits, needed);
    const std::uint64_t c0_ref = call_lane_c0(VectorKernelSet::portable, lane, want_ref.data(), bits_ref, needed_ref);
    ASSERT_EQ(c0, c0_ref);
    ASSERT_EQ(needed, needed_ref);
    for (std::uint64_t v = 0; v < c0; ++v) ASSERT_EQ(want[v], want_ref[v]) << v;
    for (std::uint64_t v = 0; v < std::min<std::uint64_t>(c0, 512); ++v)
      ASSERT_EQ((bits[v / 64] >> (v % 64)) & 1, (bits_ref[v / 64] >> (v % 64)) & 1) << v;
  }
}

TEST(TakeAndBreakKernels, LaneC0Avx2EqualsPortable) {
  SKIP_WITHOUT(VectorKernelSet::avx2);
  check_lane_c0(VectorKernelSet::avx2);
}
TEST(TakeAndBreakKernels, LaneC0Avx512EqualsPortable) {
  SKIP_WITHOUT(VectorKernelSet::avx512);
  check_lane_c0(VectorKernelSet::avx512);
}

// The scan: a random table of values below `width`, random wanted values
// (few, or many as before the prefix), from a random first split: the values
// found, the row marks and what is left wanted equal the portable scan's.
void check_scan(VectorKernelSet set) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t width = std::size_t{32} << (trial % 5);  // 32 .. 512
    const std::size_t size = 64 + rng() % 3000;
    std::vector<Value> g(size);
    for (Value& v : g) v = static_cast<Value>(rng() % width);
    const std::uint64_t m = size - 1 - rng() % 8;
    const std::uint64_t last = m / 2;
    const std::uint64_t a = 1 + rng() % std::max<std::uint64_t>(1, last);
    const unsigned wanted = trial % 3 == 0 ? 1 + static_cast<unsigned>(rng() % 40) : 1 + static_cast<unsigned>(rng() % 9);
    std::vector<std::uint8_t> want(1024, 0);
    std::uint64_t bits[8] = {};
    std::uint64_t needed = 0;
    for (unsigned i = 0; i < wanted; ++i) {
      // Mostly values a split can have, sometimes one it cannot (at or past the width).
      const unsigned v = static_cast<unsigned>(rng() % (width + width / 8));
      if (v >= 512 || want[v]) continue;
      want[v] = 1;
      bits[v / 64] |= std::uint64_t{1} << (v % 64);
      ++needed;
    }
    std::vector<std::uint8_t> want_ref = want;
    std::vector<std::uint8_t> row(1024, 0);
    std::vector<std::uint8_t> row_ref(1024, 0);
    std::uint64_t needed_ref = needed;
    if (set == VectorKernelSet::avx512) {
      detail::avx512::scan_512(g.data(), m, a, last, bits, want.data(), row.data(), needed);
    } else {
      detail::avx2::scan(g.data(), m, a, last, bits, want.data(), row.data(), needed);
    }
    detail::portable::scan(g.data(), m, a, last, want_ref.data(), row_ref.data(), needed_ref);
    ASSERT_EQ(needed, needed_ref) << "trial " << trial;
    ASSERT_EQ(want, want_ref) << "trial " << trial;
    // Both mark every value they found; the portable scan stops at the last
    // one, the vector scans may mark only what was wanted too.
    for (unsigned v = 0; v < 1024; ++v) ASSERT_EQ(row[v], row_ref[v]) << "trial " << trial << " value " << v;
  }
}

TEST(TakeAndBreakKernels, ScanAvx2EqualsPortable) {
  SKIP_WITHOUT(VectorKernelSet::avx2);
  check_scan(VectorKernelSet::avx2);
}
TEST(TakeAndBreakKernels, ScanAvx512EqualsPortable) {
  SKIP_WITHOUT(VectorKernelSet::avx512);
  check_scan(VectorKernelSet::avx512);
}

// The packed scan (packed_values.hpp): a random table of values below `width`
// under a random mask with a bit up to 8, a few rare positions among common
// ones (their common split values share packed forms with rare ones: false
// hits), rare values wanted, from a random first split to a random last one:
// what is found, marked and left wanted equals the portable scan's. The
// packed values come from PackedValues's windows, so that their bounds are
// tested too. In every other trial the rare positions lie in the table's first
// half only, and where the scan's parts m - a' all lie past the last one, the
// scan skips the splits with a rare part a' (PackedValues::low_common): the
// same result still.
TEST(TakeAndBreakKernels, ScanPackedAvx2EqualsPortable) {
  SKIP_WITHOUT(VectorKernelSet::avx2);
  std::mt19937_64 rng(19);
  int low_common_used = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t width = std::size_t{32} << (trial % 5);  // 32 .. 512
    std::uint64_t mask = 0;
    while (detail::packed_bit(mask, width) < 0 || mask >= width) mask = 1 + rng() % (width - 1);
    const auto bit = static_cast<unsigned>(detail::packed_bit(mask, width));
    const auto rare = [&](unsigned v) { return (std::popcount(v & mask) & 1) == 0; };
    // Mostly common values, every so often a rare one.
    const std::size_t size = 64 + rng() % (trial % 7 == 0 ? 80000 : 3000);
    const bool rare_early = trial % 2 == 1;
    const std::uint64_t rare_odds = trial % 4 == 1 ? 3 : 16;
    std::vector<Value> g(size);
    std::uint64_t last_rare = 0;
    for (std::size_t x = 0; x < size; ++x) {
      const bool want_rare = (!rare_early || x < size / 2) && rng() % rare_odds == 0;
      do {
        g[x] = static_cast<Value>(rng() % width);
      } while (rare(g[x]) != want_rare);
      if (want_rare) last_rare = x;
    }
    detail::PackedValues packed;
    packed.sync(g, static_cast<int>(bit), mask);
    const std::uint64_t m = size - 1 - rng() % 8;
    const std::uint64_t last = m / 2;
    const std::uint64_t a = 1 + rng() % std::max<std::uint64_t>(1, std::min<std::uint64_t>(last, 4000));
    const std::uint64_t reach = packed.reach(m, a, last);
    if (reach < a) continue;
    const unsigned wanted = trial % 3 == 0 ? 1 + static_cast<unsigned>(rng() % 40) : 1 + static_cast<unsigned>(rng() % 9);
    std::vector<std::uint8_t> want(1024, 0);
    std::uint64_t bits[8] = {};
    std::uint64_t needed = 0;
    for (unsigned i = 0; i < wanted; ++i) {
      const unsigned v = static_cast<unsigned>(rng() % width);
      if (!rare(v) || want[v]) continue;
      want[v] = 1;
      bits[v / 64] |= std::uint64_t{1} << (v % 64);
      ++needed;
    }
    std::uint64_t packed_set[4];
    detail::pack_set(bits, bit, packed_set);
    std::vector<std::uint8_t> want_ref = want;
    std::vector<std::uint8_t> row(1024, 0);
    std::vector<std::uint8_t> row_ref(1024, 0);
    std::uint64_t needed_ref = needed;
    const bool high_common = m - reach > last_rare;
    const std::uint64_t next =
        detail::avx2::scan_packed(g.data(), packed.low(a), packed.high(m - a), m, a, reach, packed_set, bit,
                                  want.data(), row.data(), needed, high_common ? packed.low_common(a) : nullptr);
    detail::portable::scan(g.data(), m, a, reach, want_ref.data(), row_ref.data(), needed_ref);
    low_common_used += high_common ? 1 : 0;
    ASSERT_LE(next, reach + 1) << "trial " << trial;
    ASSERT_EQ(needed, needed_ref) << "trial " << trial;
    ASSERT_EQ(want, want_ref) << "trial " << trial;
    for (unsigned v = 0; v < 1024; ++v) ASSERT_EQ(row[v], row_ref[v]) << "trial " << trial << " value " << v;
  }
  EXPECT_GT(low_common_used, 500);  // the skipping form is exercised, not only the plain one
}

TEST(TakeAndBreakKernels, SplitHasAndCandidatesAvx2EqualPortable) {
  SKIP_WITHOUT(VectorKernelSet::avx2);
  std::mt19937_64 rng(13);
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<Value> g(300);
    for (Value& v : g) v = static_cast<Value>(rng() % 64);
    const std::uint64_t m = 150 + rng() % 149;
    const std::uint64_t count = rng() % 64;
    const auto c = static_cast<unsigned>(rng() % 64);
    ASSERT_EQ(detail::avx2::split_has(g.data(), m, count, c), detail::portable::split_has(g.data(), m, count, c, false));
  }
  // find_candidates: the kCandidates least open common values, as the
  // definition (a walk over the row) lists them, and `end` past the row.
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t width = std::size_t{64} << (trial % 4);
    const Lane lane = random_lane(rng, width, 1 + rng() % (width - 1), static_cast<unsigned>(rng() % 17));
    const std::uint64_t end = (width + 64) / 64 * 64;
    std::uint16_t value[detail::avx512::kCandidates * 64] = {};
    std::uint8_t cand[detail::avx512::kCandidates * 64] = {};
    detail::avx2::find_candidates(lane.row.data(), lane.common_bits.data(), end, value, cand);
    std::vector<std::uint16_t> expected;
    for (std::uint64_t v = 0; v < end && expected.size() < detail::avx512::kCandidates; ++v)
      if (lane.common[v] && !lane.row[v]) expected.push_back(static_cast<std::uint16_t>(v));
    while (expected.size() < detail::avx512::kCandidates) expected.push_back(static_cast<std::uint16_t>(end));
    for (int i = 0; i < detail::avx512::kCandidates; ++i) {
      ASSERT_EQ(value[i * 64], expected[static_cast<std::size_t>(i)]);
      ASSERT_EQ(cand[i * 64], expected[static_cast<std::size_t>(i)] & 0xFF);
    }
  }
}

// compare_candidates: acc[i * 64 + t] is 0 exactly when some part p gives lane
// t the option whose low byte is candidate i's, for any number of lanes.
TEST(TakeAndBreakKernels, CompareCandidatesAvx2EqualsDefinition) {
  SKIP_WITHOUT(VectorKernelSet::avx2);
  constexpr int kC = detail::avx512::kCandidates;
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<Value> g(4000);
    for (Value& v : g) v = static_cast<Value>(rng() % 512);
    const unsigned lanes = trial % 3 == 0 ? 64 : 1 + static_cast<unsigned>(rng() % 64);
    const std::uint64_t base = 2000 + rng() % 1000;
    std::vector<std::uint64_t> parts;
    for (std::uint64_t p = 1 + rng() % 7; p < 1900 && parts.size() < 300; p += 1 + rng() % 9) parts.push_back(p);
    std::uint8_t cand[kC * 64];
    for (auto& c : cand) c = static_cast<std::uint8_t>(rng());
    std::uint8_t acc[kC * 64];
    detail::avx2::compare_candidates(g.data(), base, parts.data(), parts.size(), lanes, cand, acc);
    for (unsigned t = 0; t < lanes; ++t) {
      for (int i = 0; i < kC; ++i) {
        bool hit = false;
        for (std::uint64_t p : parts) hit |= ((g[p] ^ g[base + t - p]) & 0xFF) == cand[i * 64 + t];
        ASSERT_EQ(acc[i * 64 + t] == 0, hit) << "trial " << trial << " lane " << t << " candidate " << i;
      }
    }
  }
}

// ---- Whole engines ----

std::vector<Value> officers_reference() {
  std::istringstream in(testing::reference_text("officers_0.6_G0_to_G98303_mvr.txt"));
  std::uint64_t total = 0;
  in >> total;
  std::vector<Value> values;
  unsigned v = 0;
  while (in >> v) values.push_back(static_cast<Value>(v));
  EXPECT_EQ(values.size(), total);
  return values;
}

// Officers with the AVX2 kernels: G(0..98303) as mvr/officers lists them
// (officers_0.6_G0_to_G98303_mvr.txt), the 1584 rare values of
// officers_0.6_rare_values_mvr.txt (the last G(20627) = 277), and the 14
// P-positions up to 408 that Winning Ways and Flammenkamp's table show
// (G(n) = 0 for n = 0, 1, 4, 12, 20, 30, 46, 72, 98, 124, 150, 176, 314, 408),
// through the compared rare parts and the AVX2 fall-back to marking.
void check_officers(VectorKernelSet set, unsigned threads) {
  const std::vector<Value> expected = officers_reference();
  auto engine = make_engine(parse_game_code("officers"), {.kind = EngineKind::automatic, .threads = threads, .kernels = set});
  EXPECT_EQ(engine->kernel_set(), set);
  engine->extend_to(expected.size());
  ASSERT_EQ(engine->values(), expected);
  const SparseStats s = engine->sparse_stats();
  EXPECT_EQ(s.rare_count, 1584U);
  EXPECT_EQ(s.last_rare, 20627U);
  EXPECT_EQ(engine->values()[20627], 277);
  std::istringstream rare(testing::reference_text("officers_0.6_rare_values_mvr.txt"));
  std::string line;
  std::getline(rare, line);
  std::uint64_t listed = 0;
  while (std::getline(rare, line)) {
    if (line.empty()) continue;
    const std::uint64_t n = std::stoull(line.substr(0, line.find(',')));
    const std::uint64_t v = std::stoull(line.substr(line.find(',') + 1));
    ASSERT_EQ(engine->values()[n], v) << n;
    ASSERT_FALSE(std::popcount(v & s.mask) & 1) << "G(" << n << ") = " << v << " is listed rare";
    ++listed;
  }
  EXPECT_EQ(listed, 1584U);
  std::vector<std::uint64_t> p_positions;
  for (std::uint64_t n = 0; n <= 408; ++n)
    if (engine->values()[n] == 0) p_positions.push_back(n);
  EXPECT_EQ(p_positions, (std::vector<std::uint64_t>{0, 1, 4, 12, 20, 30, 46, 72, 98, 124, 150, 176, 314, 408}));
  if (threads == 1) {
    EXPECT_GT(s.compared_heaps, 40000U);
    EXPECT_GT(s.compare_fallbacks, 0U);
  }
}

TEST(TakeAndBreakKernels, OfficersAvx2MatchesPublishedTableAndRareValues) {
  SKIP_WITHOUT(VectorKernelSet::avx2);
  check_officers(VectorKernelSet::avx2, 1);
}
TEST(TakeAndBreakKernels, OfficersAvx2TwoThreads) {
  SKIP_WITHOUT(VectorKernelSet::avx2);
  check_officers(VectorKernelSet::avx2, 2);
}

// Random codes, sparse engine forced (blocks from heap 2048): every set gives
// the portable engine's values, which the engine tests hold to the naive one.
TEST(TakeAndBreakKernels, EverySetEqualsPortableOnRandomCodes) {
  std::mt19937_64 rng(23);
  for (int trial = 0; trial < 24; ++trial) {
    std::string code = trial % 4 == 0 ? "4." : "0.";
    const int digits = 1 + static_cast<int>(rng() % 5);
    for (int i = 0; i < digits; ++i) code += "01234567"[rng() % 8];
    if (code.back() == '0') code.back() = '6';
    if (trial == 0) code = "grundy";
    SCOPED_TRACE(code);
    auto compute = [&](VectorKernelSet set) {
      auto engine = make_engine(parse_game_code(code), {.kind = EngineKind::sparse, .kernels = set});
      engine->extend_to(7000);
      return engine->values();
    };
    const auto portable = compute(VectorKernelSet::portable);
    for (VectorKernelSet set : {VectorKernelSet::avx2, VectorKernelSet::avx512}) {
      if (runs(set)) {
        EXPECT_EQ(compute(set), portable) << to_string(set);
      }
    }
  }
}

TEST(TakeAndBreakKernels, NamesAndRefusals) {
  EXPECT_EQ(parse_kernel_set("avx2"), VectorKernelSet::avx2);
  EXPECT_EQ(parse_kernel_set("portable"), VectorKernelSet::portable);
  EXPECT_THROW((void)parse_kernel_set("sse"), InputError);
  EXPECT_EQ(resolve_kernel_set(VectorKernelSet::portable), VectorKernelSet::portable);
  const VectorKernelSet best = resolve_kernel_set(VectorKernelSet::best);
  EXPECT_EQ(best, detail::best_kernel_set(cpu_features()));
  // Without the vector kernels allowed, whatever set is asked for: portable.
  auto engine = make_engine(parse_game_code("0.6"), {.vector_kernels = false, .kernels = VectorKernelSet::avx2});
  EXPECT_EQ(engine->kernel_set(), VectorKernelSet::portable);
  if (!runs(VectorKernelSet::avx512)) {
    EXPECT_THROW((void)resolve_kernel_set(VectorKernelSet::avx512), InputError);
  }
}

}  // namespace
}  // namespace grundy::take_and_break
