// The rule by which version-2 certificates are chosen and proven
// (src/search/regions/possible_mex.hpp; the checker's copy in
// check/certificate_check.cpp): which values a region can have when each of
// its options may have some values. Held to the definition — every way of
// giving each option one of its values, and the mex of each — on random small
// cases.
#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <vector>

#include "search/regions/possible_mex.hpp"
#include "test_build.hpp"

namespace grundy::placement::detail {
namespace {

// Every mex that some choice of one value an option gives (values < 8).
MayValues mex_of_every_choice(const std::vector<MayValues>& may) {
  MayValues out;
  std::vector<unsigned> chosen(may.size(), 0);
  auto walk = [&](auto&& self, std::size_t i) -> void {
    if (i == may.size()) {
      unsigned seen = 0;
      for (const unsigned v : chosen) seen |= 1U << v;
      unsigned mex = 0;
      while ((seen >> mex) & 1U) ++mex;
      out.set(mex);
      return;
    }
    for (unsigned v = 0; v < 8; ++v) {
      if (!may[i].test(v)) continue;
      chosen[i] = v;
      self(self, i + 1);
    }
  };
  walk(walk, 0);
  return out;
}

TEST(PossibleMex, EqualsTheMexOfEveryChoiceOfTheOptionsValues) {
  std::mt19937_64 random(91);
  std::size_t narrowed = 0;  // cases where some value up to the options' count is impossible
  for (std::size_t trial = 0; trial < test_build::trials(3000); ++trial) {
    const std::size_t options = random() % 7;
    std::vector<MayValues> may(options);
    for (MayValues& m : may) {
      if (random() % 3 == 0) {
        m.set(random() % 6);  // one value: a part claimed exactly
      } else {
        for (unsigned v = 0; v < 8; ++v)
          if (random() % 2 == 0) m.set(v);
        if (m.none()) m.set(random() % 8);
      }
    }
    const MayValues expected = mex_of_every_choice(may);
    EXPECT_EQ(possible_mex(may), expected) << "trial " << trial;
    const std::size_t up_to = random() % 8;
    MayValues low = expected;
    for (std::size_t v = up_to + 1; v < low.size(); ++v) low.reset(v);
    EXPECT_EQ(possible_mex(may, up_to), low) << "trial " << trial << ", up to " << up_to;
    for (std::size_t v = 0; v <= options; ++v) narrowed += expected.test(v) ? 0 : 1;
  }
  EXPECT_GT(narrowed, 1000U);  // the cases are not all trivial
  // No option: the value is 0. One option surely 0: the value is 1.
  EXPECT_EQ(possible_mex({}), MayValues(1));
  EXPECT_EQ(possible_mex({MayValues(1)}), MayValues(2));
}

}  // namespace
}  // namespace grundy::placement::detail
