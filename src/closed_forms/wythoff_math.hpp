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
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "grundy/core/nimber.hpp"

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
// Not extend_heap_sequence (heap_sequence.hpp), which values one heap from
// smaller ones: a position here is two piles, and its options lie on three
// lines of the table (a column, a row, a diagonal), whose values seen so far
// are kept as bitsets so that a cell costs a word scan, not a + b + min(a, b)
// reads.
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

// Rows of Wythoff's table: g(a, b) for a small pile a and any pile b.
//
// Each row is additively periodic (Dress, Flammenkamp and Pink 1999; Landman
// 2002): for every a there are n0 and p with g(a, b + p) = g(a, b) + p for all
// b >= n0. The proof used here is Landman's finite-state argument, checked on
// the computed columns. Fix a top row A and compute rows 0..A column by column.
// For b > A the column b is a function of the *state* before it:
//   - for each row r <= A, the set of values row r holds in columns < b (rows
//     are injective, so this is [0, m_r) plus a few values above m_r);
//   - the values of the last A columns of rows 0..A (the diagonal moves from
//     (r, b) reach (r - t, b - t), t <= r).
// g(r, b) is the least v >= m_r not among those values, the column below it
// and the diagonal, and the next state follows from this one and column b.
// Everything shifts with b: written relative to b (every value minus b), the
// state at b determines the relative state at b + 1. So once the relative
// state at column b2 equals the one at column b1 < b2, every later column
// repeats with g(r, b + p) = g(r, b) + p, p = b2 - b1, for all b >= b1 and all
// r <= A: a proof, not a guess. (b - 2a <= g(a, b) <= b + 2a: the relative states
// are finitely many, so the repetition must come.)
//
// Measured: rows 0..10 repeat after 234 + 24 columns, rows 0..40 after
// 10373 + 768, rows 0..64 after 46812 + 1536 (about a second).
class Rows {
 public:
  // The largest top row computed (rows 0..kMaxTop: about 50,000 columns).
  static constexpr std::uint64_t kMaxTop = 64;
  // Columns computed in search of the repetition before giving up.
  static constexpr std::uint64_t kMaxColumns = std::uint64_t{1} << 22;

  // Rows 0..top until the relative state repeats; `charge` is called once a
  // column with the column's work, top + 1 cells (a Context's work meter: it
  // polls, and throws to stop). LimitError when top > kMaxTop or no repetition
  // comes within kMaxColumns.
  Rows(std::uint64_t top, const std::function<void(std::uint64_t)>& charge);

  [[nodiscard]] std::uint64_t top() const noexcept { return top_; }
  // The repetition found: the relative state at column `repeat_from` equals the
  // one at `repeat_from + repeat_period`.
  [[nodiscard]] std::uint64_t repeat_from() const noexcept { return repeat_from_; }
  [[nodiscard]] std::uint64_t repeat_period() const noexcept { return repeat_period_; }
  // Columns held: every column below this is stored.
  [[nodiscard]] std::uint64_t columns() const noexcept { return columns_; }

  // g(a, b) for min(a, b) <= top, any b; LimitError when the value is 2^64 or
  // more, std::out_of_range when both piles exceed top.
  [[nodiscard]] Nimber value(std::uint64_t a, std::uint64_t b) const;

  // Row a's own least additive period: g(a, b + period) = g(a, b) + period for
  // every b >= preperiod, with the least period and then the least preperiod
  // (found on the stored columns, valid forever by the repetition above).
  struct RowPattern {
    std::uint64_t preperiod = 0;
    std::uint64_t period = 0;
  };
  [[nodiscard]] RowPattern row(std::uint64_t a) const;

  // The one b below `below` with g(a, b) = v (rows are injective), if any.
  [[nodiscard]] std::optional<std::uint64_t> pile_with_value(std::uint64_t a, Nimber v, std::uint64_t below) const;

 private:
  [[nodiscard]] std::vector<std::int64_t> state_at(std::uint64_t b) const;
  [[nodiscard]] Nimber stored(std::uint64_t a, std::uint64_t b) const { return values_[a * columns_ + b]; }

  std::uint64_t top_;
  std::uint64_t repeat_from_ = 0;
  std::uint64_t repeat_period_ = 0;
  std::uint64_t columns_ = 0;
  std::vector<Nimber> values_;  // row-major: row a, columns 0..columns_-1
  std::vector<RowPattern> rows_;
};

}  // namespace grundy::wythoff
