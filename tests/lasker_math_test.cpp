// Lasker's Nim (src/closed_forms/lasker_math): the closed form against the definition
// (take any number, or split into two non-empty heaps), and the split DP against
// direct enumeration of every split: all heaps up to 2000 and every target,
// sampled targets of heaps up to 10^6, and consistency of the listed splits of
// random heaps up to 2^64 - 1.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <unordered_map>
#include <vector>

#include "closed_forms/lasker_math.hpp"
#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

// g(0..upto) by the definition of Lasker's Nim, O(upto^2).
std::vector<Nimber> definition_table(std::uint64_t upto) {
  std::vector<Nimber> g;
  for (std::uint64_t n = 0; n <= upto; ++n) {
    std::vector<Nimber> options;
    for (std::uint64_t m = 0; m < n; ++m) options.push_back(g[m]);
    for (std::uint64_t a = 1; a <= n / 2; ++a) options.push_back(g[a] ^ g[n - a]);
    g.push_back(mex(options));
  }
  return g;
}

const std::vector<Nimber>& table() {
  static const std::vector<Nimber> t = definition_table(2000);
  return t;
}

TEST(LaskerMath, ClosedFormEqualsDefinition) {
  const auto& g = table();
  for (std::uint64_t n = 0; n < g.size(); ++n) ASSERT_EQ(lasker::value(n), g[n]) << "heap " << n;
  // Winning Ways' table: 0 1 2 4 3 5 6 8 7.
  const std::vector<Nimber> ww = {0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11};
  for (std::uint64_t n = 0; n < ww.size(); ++n) EXPECT_EQ(lasker::value(n), ww[n]);
}

TEST(LaskerMath, LargeHeapsAndLimit) {
  EXPECT_EQ(lasker::value(UINT64_MAX - 1), UINT64_MAX - 1);  // 2 mod 4
  EXPECT_EQ(lasker::value(UINT64_MAX - 2), UINT64_MAX - 2);  // 1 mod 4
  EXPECT_EQ(lasker::value(UINT64_MAX - 3), UINT64_MAX - 4);  // 0 mod 4
  EXPECT_EQ(lasker::value(UINT64_MAX - 4), UINT64_MAX - 3);  // 3 mod 4
  EXPECT_THROW((void)lasker::value(UINT64_MAX), LimitError);
  // An involution.
  std::mt19937_64 rng(7);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t x = rng() >> (rng() % 64);
    if (x == UINT64_MAX) continue;
    EXPECT_EQ(lasker::value(lasker::value(x)), x);
  }
}

void expect_splits(std::uint64_t n, Nimber target, const std::vector<std::uint64_t>& expected) {
  const lasker::Splits all = lasker::splits_to_value(n, target, expected.size() + 3);
  ASSERT_EQ(all.total, expected.size()) << "n " << n << " target " << target;
  ASSERT_EQ(all.smallest, expected) << "n " << n << " target " << target;
  // Shorter lists: on every heap the first one, on some heaps more lengths.
  std::vector<std::size_t> limits = {1};
  if (n % 16 == 0) limits = {0, 1, 2, 5};
  for (std::size_t limit : limits) {
    const lasker::Splits some = lasker::splits_to_value(n, target, limit);
    EXPECT_EQ(some.total, expected.size());
    const std::size_t k = std::min(limit, expected.size());
    ASSERT_EQ(some.smallest, std::vector<std::uint64_t>(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(k)))
        << "n " << n << " target " << target << " limit " << limit;
  }
}

TEST(LaskerMath, SplitsOfEveryHeapUpTo2000) {
  const auto& g = table();
  for (std::uint64_t n = 0; n <= 2000; ++n) {
    // Brute force from the definition table, not from the closed form.
    std::map<Nimber, std::vector<std::uint64_t>> by_target;
    for (std::uint64_t a = 1; a <= n / 2; ++a) by_target[g[a] ^ g[n - a]].push_back(a);
    for (const auto& [target, as] : by_target) expect_splits(n, target, as);
    // Targets no split reaches: 0 (if absent), the gaps, and beyond the largest.
    Nimber top = by_target.empty() ? 0 : by_target.rbegin()->first;
    for (Nimber t = n % 5; t <= top + 2; t += top / 8 + 1) {
      if (!by_target.count(t)) expect_splits(n, t, {});
    }
    expect_splits(n, top + 1, {});
    expect_splits(n, Nimber{1} << 63, {});
  }
}

TEST(LaskerMath, SplitCountsOfHeapsUpTo1e6) {
  std::mt19937_64 rng(2024);
  std::vector<std::uint64_t> heaps = {999'999, 1'000'000, 524'288, 524'287};
  for (int i = 0; i < 4; ++i) heaps.push_back(100'000 + rng() % 900'001);
  for (std::uint64_t n : heaps) {
    struct Seen {
      std::uint64_t count = 0;
      std::vector<std::uint64_t> first;
    };
    std::unordered_map<Nimber, Seen> seen;
    for (std::uint64_t a = 1; a <= n / 2; ++a) {
      Seen& s = seen[lasker::value(a) ^ lasker::value(n - a)];
      ++s.count;
      if (s.first.size() < 4) s.first.push_back(a);
    }
    std::vector<Nimber> targets;
    for (const auto& [t, s] : seen) targets.push_back(t);
    std::sort(targets.begin(), targets.end());
    // 300 sampled targets that occur, and 50 that do not.
    for (int i = 0; i < 300; ++i) {
      const Nimber t = targets[rng() % targets.size()];
      const lasker::Splits got = lasker::splits_to_value(n, t, 4);
      ASSERT_EQ(got.total, seen[t].count) << "n " << n << " target " << t;
      ASSERT_EQ(got.smallest, seen[t].first) << "n " << n << " target " << t;
    }
    for (int i = 0; i < 50; ++i) {
      const Nimber t = rng() % (2 * n + 8);
      if (seen.count(t)) continue;
      const lasker::Splits got = lasker::splits_to_value(n, t, 4);
      ASSERT_EQ(got.total, 0U) << "n " << n << " target " << t;
      ASSERT_TRUE(got.smallest.empty());
    }
  }
}

// Large heaps: the listed splits solve the equation, increase, and no a below
// the last listed one is skipped (checked by direct evaluation of every a up to
// 2 x 10^6, the listing being forced below that by a known solution).
TEST(LaskerMath, SplitsOfLargeHeapsAreConsistent) {
  std::mt19937_64 rng(99);
  std::vector<std::uint64_t> heaps = {UINT64_MAX, UINT64_MAX - 1, UINT64_MAX - 2, UINT64_MAX - 3,
                                      std::uint64_t{1} << 63, (std::uint64_t{1} << 63) + 1,
                                      (std::uint64_t{1} << 63) - 1, std::uint64_t{1} << 40};
  for (int i = 0; i < 40; ++i) heaps.push_back(rng() >> (rng() % 40));
  for (std::uint64_t n : heaps) {
    for (int j = 0; j < 3; ++j) {
      const std::uint64_t a0 = 1 + rng() % 100'000;
      if (a0 > n / 2) continue;
      const Nimber t = lasker::value(a0) ^ lasker::value(n - a0);
      const lasker::Splits got = lasker::splits_to_value(n, t, 12);
      ASSERT_FALSE(got.smallest.empty());
      ASSERT_LE(got.smallest.front(), a0);
      ASSERT_GE(got.total, got.smallest.size());
      if (got.total < 12) {
        EXPECT_EQ(got.smallest.size(), got.total);
      } else {
        EXPECT_EQ(got.smallest.size(), 12U);
      }
      const std::set<std::uint64_t> listed(got.smallest.begin(), got.smallest.end());
      EXPECT_EQ(listed.size(), got.smallest.size());
      EXPECT_TRUE(std::is_sorted(got.smallest.begin(), got.smallest.end()));
      for (std::uint64_t a : got.smallest) {
        ASSERT_GE(a, 1U);
        ASSERT_LE(a, n - a);
        ASSERT_EQ(lasker::value(a) ^ lasker::value(n - a), t) << "n " << n << " a " << a;
      }
      const std::uint64_t last = std::min<std::uint64_t>(got.smallest.back(), 2'000'000);
      for (std::uint64_t a = 1; a <= last; ++a) {
        const bool solves = (lasker::value(a) ^ lasker::value(n - a)) == t;
        if (solves != (listed.count(a) == 1)) {
          FAIL() << "n " << n << " target " << t << ": a = " << a << (solves ? " skipped" : " listed wrongly");
        }
      }
    }
  }
}

// Large heaps whose solution set is small enough to list in full: the listing
// has exactly `total` elements, all distinct solutions.
TEST(LaskerMath, SparseTargetsListInFull) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 300; ++i) {
    const std::uint64_t n = rng() | (std::uint64_t{1} << 62);
    // Targets near g(n) - reachable only by splits with a small a, or with the
    // high bits of g(a) cancelling those of g(n - a).
    const Nimber t = (rng() >> (rng() % 64)) ^ ((rng() & 1) ? lasker::value(n - 1 - (rng() % 1000)) : 0);
    const lasker::Splits count = lasker::splits_to_value(n, t, 0);
    if (count.total > 2000) continue;
    const lasker::Splits all = lasker::splits_to_value(n, t, 5000);
    ASSERT_EQ(all.smallest.size(), count.total) << "n " << n << " target " << t;
    for (std::uint64_t a : all.smallest) {
      ASSERT_EQ(lasker::value(a) ^ lasker::value(n - a), t);
      ASSERT_LE(a, n - a);
    }
    EXPECT_TRUE(std::is_sorted(all.smallest.begin(), all.smallest.end()));
  }
}

}  // namespace
}  // namespace grundy
