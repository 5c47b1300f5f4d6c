#include "closed_forms/wythoff_math.hpp"

#include <algorithm>
#include <bit>
#include <optional>
#include <string>

#include "grundy/input_error.hpp"

namespace grundy::wythoff {
namespace {

__extension__ using Wide = unsigned __int128;

// Exactly whether m < k phi (m may be 2^64).
//
// k = 0: never (m >= 0). m <= k: always (k < k phi). Otherwise write m = k + d,
// d >= 1: m < k phi  <=>  d < k / phi  <=>  d^2 + d k < k^2, because x -> x^2 + x k
// increases for x > 0 and (k/phi)^2 + (k/phi) k = k^2 (1/phi^2 + 1/phi) = k^2.
// Equality is impossible: d / k would be the irrational 1/phi. Since 1/phi < 1,
// d >= k already fails; below that d^2, d k, k^2 all fit 128 bits, and
// d^2 + d k < k^2  <=>  d k < k^2 - d^2 avoids the sum's overflow.
bool below_k_phi(Wide m, std::uint64_t k) {
  if (k == 0) return false;
  if (m <= k) return true;
  const Wide d = m - k;
  if (d >= k) return false;
  const Wide kk = static_cast<Wide>(k) * k;
  const Wide dd = d * d;
  return d * k < kk - dd;
}

// floor(y / phi) for 1 <= y <= 2^64: the largest j with j phi < y, i.e. with
// !below_k_phi(y, j) (j phi is never an integer for j >= 1).
//
// Estimate: F = floor(2^64 / phi) = kMaxLowerIndex, so y F / 2^64 lies in
// (y / phi - y / 2^64, y / phi] and its floor is floor(y / phi) or one less
// (y / 2^64 <= 1). One exact test settles which.
std::uint64_t floor_div_phi(Wide y) {
  const std::uint64_t estimate = static_cast<std::uint64_t>((y * kMaxLowerIndex) >> 64);
  const std::uint64_t next = estimate + 1;  // <= floor(2^64 / phi) + 1: no overflow
  return below_k_phi(y, next) ? estimate : next;
}

// a_k for k <= kMaxLowerIndex: a_k = k + floor(k / phi) since k phi = k + k / phi.
std::uint64_t lower_unchecked(std::uint64_t k) {
  if (k == 0) return 0;
  return k + floor_div_phi(k);
}

// The partner of x, or nothing when it is 2^64 or more.
std::optional<std::uint64_t> partner_checked(std::uint64_t x) {
  if (x == 0) return 0;
  // At most one integer k lies in (x / phi, (x + 1) / phi) (width 1/phi < 1):
  // x = a_k exactly for that k, and then k = floor((x + 1) / phi). Otherwise x is
  // some b_j (complementary Beatty sequences), j = floor((x + 1) / phi^2)
  // = (x + 1) - ceil((x + 1) / phi) = x - k, and its partner a_j = b_j - j = k.
  const std::uint64_t k = floor_div_phi(static_cast<Wide>(x) + 1);
  if (lower_unchecked(k) == x) {
    if (k > UINT64_MAX - x) return std::nullopt;
    return x + k;
  }
  return k;
}

}  // namespace

std::uint64_t lower(std::uint64_t k) {
  if (k > kMaxLowerIndex) {
    throw LimitError("Wythoff: a_" + std::to_string(k) + " = floor(k phi) is 2^64 or more (k <= " +
                     std::to_string(kMaxLowerIndex) + " fits)");
  }
  return lower_unchecked(k);
}

std::uint64_t upper(std::uint64_t k) {
  if (k > kMaxUpperIndex) {
    throw LimitError("Wythoff: b_" + std::to_string(k) + " = floor(k phi^2) is 2^64 or more (k <= " +
                     std::to_string(kMaxUpperIndex) + " fits)");
  }
  return lower_unchecked(k) + k;
}

std::uint64_t partner(std::uint64_t x) {
  if (const auto p = partner_checked(x)) return *p;
  throw LimitError("Wythoff: the partner of " + std::to_string(x) + " in a P-position is 2^64 or more");
}

bool is_p_position(std::uint64_t a, std::uint64_t b) {
  if (a > b) std::swap(a, b);
  // (a, b) with a <= b is P iff a = a_k and b = a_k + k, i.e. k = b - a and a = a_k.
  const std::uint64_t k = b - a;
  if (k > kMaxLowerIndex) return false;  // a_k >= 2^64 > a
  return lower_unchecked(k) == a;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> moves_to_p_positions(std::uint64_t a, std::uint64_t b) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> moves;
  // Lowering one pile: the other pile's partner is the only P-position reachable.
  if (const auto p = partner_checked(b); p && *p < a) moves.emplace_back(*p, b);
  if (const auto p = partner_checked(a); p && *p < b) moves.emplace_back(a, *p);
  // Lowering both by d keeps the difference k = |a - b|; the one P-position with
  // that difference has smaller pile a_k, reachable when a_k < min(a, b).
  const std::uint64_t lo = std::min(a, b);
  const std::uint64_t k = a > b ? a - b : b - a;
  if (k <= kMaxLowerIndex) {
    const std::uint64_t ak = lower_unchecked(k);
    if (ak < lo) {
      const std::uint64_t d = lo - ak;
      moves.emplace_back(a - d, b - d);
    }
  }
  return moves;
}

Values::Values(std::uint64_t max_side) : max_side_(max_side) {
  if (max_side > kHardMaxSide) {
    throw LimitError("Wythoff values: a table of side " + std::to_string(max_side) + " is beyond the bound " +
                     std::to_string(kHardMaxSide) + " (about 2.75 side^2 bytes of memory)");
  }
}

std::size_t Values::table_bytes() const noexcept {
  const std::size_t words = static_cast<std::size_t>((3 * side_ + 63) / 64);
  return cells_.size() * sizeof(std::uint32_t) + 2 * static_cast<std::size_t>(side_) * words * 8;
}

Nimber Values::value(std::uint64_t a, std::uint64_t b) {
  if (a > b) std::swap(a, b);
  if (b >= side_) {
    if (b >= max_side_) {
      throw LimitError("Wythoff values: g(" + std::to_string(a) + ", " + std::to_string(b) +
                       ") needs a table of piles up to " + std::to_string(b) + ", beyond the bound of piles below " +
                       std::to_string(max_side_) + " (no formula is known; the table takes 2.75 side^2 bytes)");
    }
    // At least double, so repeated growth costs a constant factor.
    build(std::min(max_side_, std::max({b + 1, 2 * side_, std::uint64_t{64}})));
  }
  return cells_[index(a, b)];
}

void Values::build(std::uint64_t side) {
  side_ = side;
  cells_.assign(static_cast<std::size_t>(side * (side + 1) / 2), 0);
  // Values are below 3 side (a mex is at most the number of options).
  const std::size_t words = static_cast<std::size_t>((3 * side + 63) / 64);
  const std::size_t n = static_cast<std::size_t>(side);
  // column[b]: values g(a', b) for the rows a' done so far; diagonal[k]: values
  // g(a', a' + k) for the rows done so far; row: g(a, b') for b' = a .. b-1.
  // Each with the index of its first word that is not all ones: below the
  // largest of the four such indices the union is full, so the mex scan starts
  // there (rows and columns of Wythoff's table are permutations of the naturals,
  // so these prefixes follow the diagonal closely).
  std::vector<std::uint64_t> column(n * words, 0);
  std::vector<std::uint64_t> diagonal(n * words, 0);
  std::vector<std::uint64_t> row(words, 0);
  std::vector<std::size_t> column_full(n, 0);
  std::vector<std::size_t> diagonal_full(n, 0);
  auto advance = [words](const std::uint64_t* set, std::size_t& full) {
    while (full < words && set[full] == ~std::uint64_t{0}) ++full;
  };
  for (std::size_t a = 0; a < n; ++a) {
    std::fill(row.begin(), row.end(), 0);
    std::size_t row_full = 0;
    const std::uint64_t* col_a = &column[a * words];
    for (std::size_t b = a; b < n; ++b) {
      std::uint64_t* col_b = &column[b * words];
      std::uint64_t* diag = &diagonal[(b - a) * words];
      advance(col_b, column_full[b]);
      advance(diag, diagonal_full[b - a]);
      advance(row.data(), row_full);
      // Column a is complete for rows < a: it is row a's cells left of the diagonal.
      std::size_t w = std::max({column_full[a], column_full[b], diagonal_full[b - a], row_full});
      std::uint64_t u = 0;
      for (; w < words; ++w) {
        u = col_a[w] | col_b[w] | diag[w] | row[w];
        if (u != ~std::uint64_t{0}) break;
      }
      // w < words: the mex is below the number of options, under 3 side.
      const std::uint64_t v = static_cast<std::uint64_t>(w) * 64 + static_cast<std::uint64_t>(std::countr_one(u));
      cells_[index(a, b)] = static_cast<std::uint32_t>(v);
      const std::uint64_t bit = std::uint64_t{1} << (v & 63);
      const std::size_t vw = static_cast<std::size_t>(v >> 6);
      col_b[vw] |= bit;
      diag[vw] |= bit;
      row[vw] |= bit;
    }
  }
}

}  // namespace grundy::wythoff
