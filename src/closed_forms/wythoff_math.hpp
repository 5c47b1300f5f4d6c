// Wythoff's game: two piles (a, b); a move takes any positive number from one
// pile, or the same positive number from both. Internal to the rulesets.
//
// P-positions (Wythoff 1907): (a_k, b_k) and (b_k, a_k) for k >= 0, with
// a_k = floor(k phi), b_k = floor(k phi^2) = a_k + k, phi = (1 + sqrt 5) / 2.
// Everything here is integer arithmetic: "m < k phi" is decided exactly by
// m (m - k) < k^2 (see wythoff_math.cpp), so there is no rounding anywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "grundy/nimber.hpp"

namespace grundy::wythoff {

// floor(2^64 / phi): the largest k whose a_k fits 64 bits (k phi < 2^64 exactly
// when k <= 2^64 / phi, which is irrational). Also the classic hashing constant.
inline constexpr std::uint64_t kMaxLowerIndex = 0x9E3779B97F4A7C15ULL;
// floor(2^64 / phi^2) = 2^64 - kMaxLowerIndex - 1 (since 1/phi^2 = 1 - 1/phi):
// the largest k whose b_k fits 64 bits.
inline constexpr std::uint64_t kMaxUpperIndex = 0x61C8864680B583EAULL;

// a_k = floor(k phi); LimitError for k > kMaxLowerIndex.
[[nodiscard]] std::uint64_t lower(std::uint64_t k);
// b_k = floor(k phi^2) = a_k + k; LimitError for k > kMaxUpperIndex.
[[nodiscard]] std::uint64_t upper(std::uint64_t k);

// The unique y with (x, y) a P-position; partner(0) = 0. Every x >= 1 is a_k or
// b_k for exactly one k (Beatty: 1/phi + 1/phi^2 = 1), and its partner is b_k or
// a_k. LimitError when x = a_k and b_k >= 2^64 (x > a_kMaxUpperIndex).
[[nodiscard]] std::uint64_t partner(std::uint64_t x);

// Whether (a, b) is a P-position (either order). Any 64-bit piles.
[[nodiscard]] bool is_p_position(std::uint64_t a, std::uint64_t b);

// Every move from (a, b) to a P-position, as the resulting (a', b') in the same
// pile order: first lowering pile a, then lowering pile b, then lowering both
// (each at most once, so at most 3; none when (a, b) is a P-position). Any
// 64-bit piles.
[[nodiscard]] std::vector<std::pair<std::uint64_t, std::uint64_t>> moves_to_p_positions(std::uint64_t a,
                                                                                        std::uint64_t b);

// Nim-values of Wythoff's game by the definition (no formula is known), in a
// table of the triangle a <= b < side (g(a, b) = g(b, a)), computed row by row:
// g(a, b) = mex of the column b above it, row a to its left (= column a above
// the diagonal plus row a's cells a..b-1) and the diagonal b - a before it, each
// kept as a bitset of the values seen so far, so a cell costs a scan of the
// union from the first word that is not full in one of the four sets.
// Values are below the number of options a + b + min(a, b) < 3 side.
//
// Memory: 2 side^2 bytes of values (the triangle, 32-bit) plus 2 x 3 side^2 / 8
// bytes of column and diagonal bitsets: 2.75 side^2 bytes, 46 MB at side 4096.
// The table grows (at least doubling its side, recomputed) to hold the largest
// pile asked for; asking beyond max_side is a LimitError.
class Values {
 public:
  static constexpr std::uint64_t kDefaultMaxSide = 4096;  // 8.4 M cells, 46 MB
  static constexpr std::uint64_t kHardMaxSide = 16384;    // 134 M cells, 738 MB

  // LimitError when max_side > kHardMaxSide.
  explicit Values(std::uint64_t max_side = kDefaultMaxSide);

  // g(a, b); LimitError (saying why) when max(a, b) >= max_side.
  [[nodiscard]] Nimber value(std::uint64_t a, std::uint64_t b);

  [[nodiscard]] std::uint64_t max_side() const noexcept { return max_side_; }
  // The side of the table computed so far (0 before the first value()).
  [[nodiscard]] std::uint64_t side() const noexcept { return side_; }
  [[nodiscard]] std::size_t table_bytes() const noexcept;

 private:
  void build(std::uint64_t side);
  [[nodiscard]] std::size_t index(std::uint64_t a, std::uint64_t b) const noexcept {
    // Row a holds b = a .. side-1, after rows 0..a-1 (side - r cells each).
    return static_cast<std::size_t>(a * side_ - a * (a - 1) / 2 - a + b);
  }

  std::uint64_t max_side_;
  std::uint64_t side_ = 0;
  std::vector<std::uint32_t> cells_;
};

}  // namespace grundy::wythoff
