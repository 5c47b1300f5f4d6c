// A certificate's claim that a part has none of a set of values: a "not"
// line (docs/certificates.md, versions 2 to 4).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace grundy {

struct LackingClaim {
  std::string part;          // as the certificate writes it
  std::uint64_t values = 0;  // bit n: the value n
  // Version 4: the options whose values prove it, by their numbers in the
  // checker's order (the checker reads those alone); empty: none is needed
  // (the rules file shows the part to be 0).
  std::vector<std::uint32_t> options;

  friend bool operator<(const LackingClaim& a, const LackingClaim& b) { return a.part < b.part; }
};

}  // namespace grundy
