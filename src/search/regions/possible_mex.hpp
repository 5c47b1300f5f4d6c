// What the options' possible values allow a region's value to be (the
// checker's rule for certificates of version 2, docs/certificates.md; written
// again in check/certificate_check.cpp, which shares no code with the search).
// Used by claims.hpp; held to a brute force over every assignment of values
// by tests/possible_mex_test.cpp.
#pragma once

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace grundy::placement::detail {

// Values 0..255 (a certificate's values are below 256).
using MayValues = std::bitset<256>;

// The values a region can have when its options may have `may` (values up to
// `up_to`): v is the mex, so no option has v and the values 0..v-1 go to
// distinct options. So v is possible only if no option surely has v and
// 0..v-1 match distinct options that may have them (augmenting paths); and
// then it is, as every other option may take a value other than v.
inline MayValues possible_mex(const std::vector<MayValues>& may, std::size_t up_to = 255) {
  std::vector<int> value_of(may.size(), -1);   // the value an option is matched to
  std::vector<std::size_t> seen(may.size(), 0);  // the round an option was tried in
  std::size_t round = 0;
  MayValues surely_taken;  // the values of options that have one value only
  for (const MayValues& m : may) {
    if (m.count() != 1) continue;
    for (std::size_t v = 0; v < m.size(); ++v)
      if (m.test(v)) surely_taken.set(v);
  }
  auto match = [&](auto&& self, std::size_t v) -> bool {
    for (std::size_t o = 0; o < may.size(); ++o) {
      if (!may[o].test(v) || seen[o] == round) continue;
      seen[o] = round;
      if (value_of[o] < 0 || self(self, static_cast<std::size_t>(value_of[o]))) {
        value_of[o] = static_cast<int>(v);
        return true;
      }
    }
    return false;
  };
  MayValues possible;
  for (std::size_t v = 0; v <= up_to && v < possible.size(); ++v) {
    if (!surely_taken.test(v)) possible.set(v);
    ++round;
    if (!match(match, v)) break;  // 0..v unmatched: no larger value is possible
  }
  return possible;
}

inline MayValues low_values(std::uint64_t set) {
  MayValues out;
  for (unsigned v = 0; v < 64; ++v)
    if ((set >> v) & 1U) out.set(v);
  return out;
}

}  // namespace grundy::placement::detail
