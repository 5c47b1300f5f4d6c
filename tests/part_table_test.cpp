// The part table of the searches over 8-byte parts (search/part_table.hpp):
// in memory it grows where it is, the parts moved within its arrays (a rehash
// in place); every part stored stays found with its value, against a
// std::unordered_map holding the same, through every growth.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <optional>
#include <random>
#include <unordered_map>

#include "grundy/search/part_table.hpp"
#include "test_build.hpp"

namespace grundy {
namespace {

TEST(PartTable, EveryPartStaysFoundThroughGrowthInPlace) {
  std::mt19937_64 random(61);
  search::PartTable table("test");
  std::unordered_map<std::uint64_t, Nimber> stored;
  // Keys in clusters (runs of neighbours, as a search's related parts are)
  // and scattered ones: both kinds of probe path cross the table's growths
  // (4096 slots first, doubled at three quarters full: 10 growths to 2^22).
  const std::size_t parts = static_cast<std::size_t>(test_build::trials(4)) * 500'000;
  while (stored.size() < parts) {
    const std::uint64_t base = random() | 1U;
    const std::size_t run = 1 + random() % 6;
    for (std::size_t k = 0; k < run; ++k) {
      const std::uint64_t key = base + k;
      if (key == 0 || stored.count(key) != 0) continue;
      const Nimber value = random() % 200;
      table.store(key, value);
      stored.emplace(key, value);
    }
    // Now and then, every part so far is looked up (right after a growth too).
    if ((stored.size() & (stored.size() - 1)) < 6) {
      for (const auto& [key, value] : stored) ASSERT_EQ(table.find(key), std::optional<Nimber>(value)) << key;
    }
  }
  EXPECT_EQ(table.size(), stored.size());
  for (const auto& [key, value] : stored) ASSERT_EQ(table.find(key), std::optional<Nimber>(value)) << key;
  // Keys never stored are not found.
  for (int k = 0; k < 100000; ++k) {
    const std::uint64_t key = random() | 1U;
    if (stored.count(key) == 0) {
      EXPECT_FALSE(table.find(key).has_value()) << key;
    }
  }
}

// A table file damaged at random, against the std::unordered_map of what was
// stored (the twin that knows nothing of checks): read back, every part the
// table still finds has its stored value, the parts it lost are counted as
// dropped, and one changed byte (anywhere in the slots) loses at most the
// one slot it fell in. Dense keys (runs of neighbours), as a search's are, so
// that a changed key is often another real key: the probe path check must
// catch what the check byte misses.
TEST(PartTable, ADamagedFileFindsOnlyTrueValues) {
  std::mt19937_64 random(56);
  const std::string path = ::testing::TempDir() + "part_table_twin.table";
  std::unordered_map<std::uint64_t, Nimber> stored;
  {
    std::remove(path.c_str());
    search::PartTable table("test");
    (void)table.use_file(path);
    for (std::uint64_t key = 1; stored.size() < 20000; key += 1 + random() % 3) {
      const Nimber value = random() % 40;
      table.store(key, value);
      stored[key] = value;
    }
  }
  std::string clean;
  {
    std::ifstream in(path, std::ios::binary);
    clean.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::size_t slots_begin = 4096;
  for (int trial = 0; trial < 300; ++trial) {
    std::string damaged = clean;
    const bool one_byte = trial % 3 != 0;
    const std::size_t changes = one_byte ? 1 : 1 + random() % 64;
    for (std::size_t c = 0; c < changes; ++c) {
      const std::size_t at = slots_begin + random() % (damaged.size() - slots_begin);
      damaged[at] = static_cast<char>(damaged[at] ^ static_cast<char>(1 + random() % 255));
    }
    std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
    search::PartTable table("test");
    const search::PartTable::Loaded loaded = table.use_file(path);
    std::size_t found = 0;
    for (const auto& [key, value] : stored) {
      const std::optional<Nimber> got = table.find(key);
      if (!got) continue;
      ++found;
      ASSERT_EQ(*got, value) << "trial " << trial << ", key " << key;
    }
    EXPECT_EQ(found, loaded.parts) << "trial " << trial;
    if (one_byte) {
      EXPECT_GE(found + 1, stored.size()) << "trial " << trial;
    }
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace grundy
