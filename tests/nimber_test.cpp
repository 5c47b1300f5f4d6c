// Nimber arithmetic against its definitions and published tables.
#include "grundy/core/nimber.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace grundy {
namespace {

TEST(Nimber, MexOfSets) {
  EXPECT_EQ(mex(std::vector<Nimber>{}), 0u);
  EXPECT_EQ(mex(std::vector<Nimber>{1, 2, 3}), 0u);
  EXPECT_EQ(mex(std::vector<Nimber>{0, 1, 3}), 2u);
  EXPECT_EQ(mex(std::vector<Nimber>{0, 0, 1, 1, 2, 1000000000000ull}), 3u);
  std::vector<Nimber> all;
  for (Nimber v = 0; v < 200; ++v) all.push_back(199 - v);
  EXPECT_EQ(mex(all), 200u);
}

TEST(Nimber, MexSetAgreesWithSortingOnRandomSets) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<Nimber> values(rng() % 100);
    for (auto& v : values) v = rng() % 130;
    std::vector<bool> present(200, false);
    for (auto v : values) present[v] = true;
    Nimber expected = 0;
    while (present[expected]) ++expected;
    ASSERT_EQ(mex(values), expected);
  }
}

// One MexSet reused position after position, as the solver's frames and the
// heap rules' tables use it: its stamp array grows at clear() from the values
// it has listed, so the same set must keep answering as the definition does
// (the least value absent, by a plain search) while values move from the list
// to the stamps, the mex walks past the array's end, and huge values come.
TEST(Nimber, ReusedMexSetAgreesWithTheDefinition) {
  std::mt19937_64 rng(11);
  MexSet set;
  MexSet other;
  for (int position = 0; position < 5000; ++position) {
    set.clear();
    std::set<Nimber> values;
    const std::size_t count = rng() % 300;
    const Nimber range = std::array<Nimber, 5>{8, 70, 400, 5000, ~Nimber{0}}[rng() % 5];
    for (std::size_t i = 0; i < count; ++i) {
      // Often a run 0..k, so that the mex gets past 64 and past the stamps.
      const Nimber v = rng() % 3 == 0 ? static_cast<Nimber>(i) : rng() % range;
      values.insert(v);
      set.insert(v);
    }
    Nimber expected = 0;
    while (values.count(expected) != 0) ++expected;
    ASSERT_EQ(set.mex(), expected) << "position " << position;
    ASSERT_EQ(set.empty(), values.empty());
    // {v ^ c : v in set} into another reused set.
    const Nimber c = rng() % 3 == 0 ? rng() : rng() % 200;
    other.clear();
    other.insert_xor_each(set, c);
    std::set<Nimber> shifted;
    for (const Nimber v : values) shifted.insert(v ^ c);
    Nimber expected_shifted = 0;
    while (shifted.count(expected_shifted) != 0) ++expected_shifted;
    ASSERT_EQ(other.mex(), expected_shifted) << "position " << position;
  }
}

// The ways of giving a set its values — one at a time, a run (insert_all),
// fed as they are read (insert_fed, which may feed twice), and the values
// below 64 as a word (insert_word) — give the definition's mex, each set
// reused position after position (its stamp array growing at clear()).
TEST(Nimber, MexSetsFedEveryWayAgreeWithTheDefinition) {
  std::mt19937_64 rng(12);
  std::array<MexSet, 4> sets;
  for (int position = 0; position < 5000; ++position) {
    std::vector<Nimber> values;
    const std::size_t count = rng() % 200;
    const Nimber range = std::array<Nimber, 4>{8, 64, 70, 3000}[rng() % 4];
    for (std::size_t i = 0; i < count; ++i) values.push_back(rng() % 3 == 0 ? static_cast<Nimber>(i) : rng() % range);
    const std::set<Nimber> distinct(values.begin(), values.end());
    Nimber expected = 0;
    while (distinct.count(expected) != 0) ++expected;
    for (MexSet& set : sets) set.clear();
    for (const Nimber v : values) sets[0].insert(v);
    sets[1].insert_all(values.data(), values.data() + values.size());
    int feeds = 0;
    const std::size_t given = sets[2].insert_fed([&](auto&& take) {
      ++feeds;
      for (const Nimber v : values) take(v);
      return values.size();
    });
    EXPECT_EQ(given, values.size());
    EXPECT_LE(feeds, 2);
    std::uint64_t word = 0;
    for (const Nimber v : values) {
      if (v < 64) {
        word |= std::uint64_t{1} << v;
      } else {
        sets[3].insert(v);
      }
    }
    sets[3].insert_word(word);
    for (std::size_t k = 0; k < sets.size(); ++k) ASSERT_EQ(sets[k].mex(), expected) << "way " << k << ", position " << position;
  }
}

// Nim-product by its recursive definition a*b = mex{a'b + ab' + a'b'} for small
// arguments, and OEIS A051775 (tests/data/oeis_A051775_nim_product_antidiagonals_terms.txt).
TEST(Nimber, NimProductMatchesDefinitionAndOeisA051775) {
  constexpr int kSize = 32;
  std::vector<std::vector<Nimber>> table(kSize, std::vector<Nimber>(kSize, 0));
  for (int a = 0; a < kSize; ++a)
    for (int b = 0; b < kSize; ++b) {
      std::vector<Nimber> options;
      for (int x = 0; x < a; ++x)
        for (int y = 0; y < b; ++y) options.push_back(table[x][b] ^ table[a][y] ^ table[x][y]);
      table[a][b] = mex(options);
      ASSERT_EQ(nim_product(a, b), table[a][b]) << a << " * " << b;
    }

  std::vector<Nimber> terms;
  for (const auto& [k, value] : testing::reference_terms("oeis_A051775_nim_product_antidiagonals_terms.txt"))
    terms.push_back(value);
  ASSERT_GE(terms.size(), 80u);
  // Antidiagonals: T(0,0); T(0,1), T(1,0); T(0,2), T(1,1), T(2,0); ...
  std::size_t k = 0;
  for (int d = 0; k < terms.size(); ++d)
    for (int i = 0; i <= d && k < terms.size(); ++i, ++k) EXPECT_EQ(nim_product(i, d - i), terms[k]) << i << "*" << d - i;
}

TEST(Nimber, NimProductFieldFacts) {
  // Fermat 2-powers square to 3/2 of themselves; 2^32 * 2^32 = 2^32 xor 2^31.
  EXPECT_EQ(nim_product(2, 2), 3u);
  EXPECT_EQ(nim_product(16, 16), 24u);
  EXPECT_EQ(nim_product(1ull << 32, 1ull << 32), (1ull << 32) ^ (1ull << 31));
  std::mt19937_64 rng(11);
  for (int i = 0; i < 2000; ++i) {
    const Nimber a = rng(), b = rng(), c = rng();
    ASSERT_EQ(nim_product(a, b), nim_product(b, a));
    ASSERT_EQ(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
    ASSERT_EQ(nim_product(nim_product(a, b), c), nim_product(a, nim_product(b, c)));
  }
}

// The inverse against its slow twin — the one b with a ⊗ b = 1, searched for
// among all b below 256 — and, for 64-bit nimbers, by its definition.
TEST(Nimber, NimInverseIsTheFieldInverse) {
  EXPECT_EQ(nim_inverse(0), 0u);
  EXPECT_EQ(nim_inverse(1), 1u);
  EXPECT_EQ(nim_inverse(2), 3u);  // 2 ⊗ 3 = 1 in the field of four
  for (Nimber a = 1; a < 256; ++a) {
    Nimber found = 0;
    for (Nimber b = 1; b < 256; ++b) {
      if (nim_product(a, b) == 1) {
        ASSERT_EQ(found, 0u) << "two inverses of " << a;
        found = b;
      }
    }
    ASSERT_EQ(nim_inverse(a), found) << a;
  }
  std::mt19937_64 rng(13);
  for (int i = 0; i < 2000; ++i) {
    const Nimber a = rng() >> (rng() % 64);
    if (a == 0) continue;
    ASSERT_EQ(nim_product(a, nim_inverse(a)), 1u) << a;
  }
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// The inline word and the list of large values against sorting, with large
// values mixed in (Nim heaps of 10^18 beside small ones), and the xor of a set.
TEST(Nimber, MexSetWithLargeValuesAndXorEach) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<Nimber> values;
    const std::size_t n = rng() % 200;
    for (std::size_t i = 0; i < n; ++i) {
      const int kind = static_cast<int>(rng() % 4);
      values.push_back(kind == 0 ? rng() : kind == 1 ? rng() % 64 : rng() % 300);
    }
    MexSet set;
    for (Nimber v : values) set.insert(v);
    std::set<Nimber> sorted(values.begin(), values.end());
    Nimber expected = 0;
    while (sorted.count(expected)) ++expected;
    ASSERT_EQ(set.mex(), expected);
    const Nimber c = rng() % 3 == 0 ? rng() % 64 : rng() % 500;
    MexSet shifted;
    shifted.insert_xor_each(set, c);
    std::set<Nimber> xored;
    for (Nimber v : values) xored.insert(v ^ c);
    Nimber expected_xor = 0;
    while (xored.count(expected_xor)) ++expected_xor;
    ASSERT_EQ(shifted.mex(), expected_xor);
  }
}

}  // namespace
}  // namespace grundy
