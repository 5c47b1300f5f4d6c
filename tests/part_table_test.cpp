// The part table of the searches over 8-byte parts (rulesets/part_table.hpp):
// in memory it grows where it is, the parts moved within its arrays (a rehash
// in place); every part stored stays found with its value, against a
// std::unordered_map holding the same, through every growth.
#include <gtest/gtest.h>

#include <cstdint>
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

}  // namespace
}  // namespace grundy
