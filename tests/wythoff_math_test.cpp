// Wythoff's game (src/closed_forms/wythoff_math): P-positions and winning moves
// against a brute-force table by the definition; the lower and upper Wythoff
// sequences against OEIS A000201 / A001950, Fibonacci numbers and an
// independent big-integer check of floor(k phi) near 10^18 and at the largest k;
// nim-values against the definition and OEIS A004481.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "closed_forms/wythoff_math.hpp"
#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

using wythoff::is_p_position;
using wythoff::lower;
using wythoff::partner;
using wythoff::upper;

// g(a, b) for a, b < n by the definition: mex over every move, O(n^3).
std::vector<std::vector<Nimber>> definition_table(std::size_t n) {
  std::vector<std::vector<Nimber>> g(n, std::vector<Nimber>(n, 0));
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      std::vector<Nimber> options;
      for (std::size_t x = 0; x < a; ++x) options.push_back(g[x][b]);
      for (std::size_t y = 0; y < b; ++y) options.push_back(g[a][y]);
      for (std::size_t d = 1; d <= std::min(a, b); ++d) options.push_back(g[a - d][b - d]);
      g[a][b] = mex(options);
    }
  }
  return g;
}

// P-positions for a, b < n by the definition: P iff no move reaches a P-position.
std::vector<std::vector<bool>> p_table(std::size_t n) {
  std::vector<std::vector<bool>> p(n, std::vector<bool>(n, false));
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      bool reaches_p = false;
      for (std::size_t x = 0; x < a && !reaches_p; ++x) reaches_p = p[x][b];
      for (std::size_t y = 0; y < b && !reaches_p; ++y) reaches_p = p[a][y];
      for (std::size_t d = 1; d <= std::min(a, b) && !reaches_p; ++d) reaches_p = p[a - d][b - d];
      p[a][b] = !reaches_p;
    }
  }
  return p;
}

TEST(WythoffMath, OeisLowerAndUpperSequences) {
  // A000201 (lower Wythoff, k = 1..71) and A001950 (upper Wythoff, k = 1..71).
  const std::vector<std::uint64_t> a000201 = {
      1,  3,  4,  6,  8,  9,  11, 12, 14, 16, 17, 19, 21, 22, 24,  25,  27,  29,  30,  32,  33,  35,  37, 38,
      40, 42, 43, 45, 46, 48, 50, 51, 53, 55, 56, 58, 59, 61, 63,  64,  66,  67,  69,  71,  72,  74,  76, 77,
      79, 80, 82, 84, 85, 87, 88, 90, 92, 93, 95, 97, 98, 100, 101, 103, 105, 106, 108, 110, 111, 113, 114};
  const std::vector<std::uint64_t> a001950 = {
      2,   5,   7,   10,  13,  15,  18,  20,  23,  26,  28,  31,  34,  36,  39,  41,  44,  47,
      49,  52,  54,  57,  60,  62,  65,  68,  70,  73,  75,  78,  81,  83,  86,  89,  91,  94,
      96,  99,  102, 104, 107, 109, 112, 115, 117, 120, 123, 125, 128, 130, 133, 136, 138, 141,
      143, 146, 149, 151, 154, 157, 159, 162, 164, 167, 170, 172, 175, 178, 180, 183, 185};
  ASSERT_EQ(a000201.size(), 71U);
  ASSERT_EQ(a001950.size(), 71U);
  EXPECT_EQ(lower(0), 0U);
  EXPECT_EQ(upper(0), 0U);
  for (std::size_t i = 0; i < a000201.size(); ++i) {
    EXPECT_EQ(lower(i + 1), a000201[i]) << "k " << i + 1;
    EXPECT_EQ(upper(i + 1), a001950[i]) << "k " << i + 1;
    EXPECT_EQ(partner(a000201[i]), a001950[i]);
    EXPECT_EQ(partner(a001950[i]), a000201[i]);
  }
}

TEST(WythoffMath, PPositionsAndMovesEqualBruteForce) {
  constexpr std::size_t n = 301;
  const auto p = p_table(n);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      ASSERT_EQ(is_p_position(a, b), p[a][b]) << a << "," << b;
      // The moves to P-positions, in the documented order.
      std::vector<std::pair<std::uint64_t, std::uint64_t>> expected;
      for (std::size_t x = 0; x < a; ++x)
        if (p[x][b]) expected.emplace_back(x, b);
      for (std::size_t y = 0; y < b; ++y)
        if (p[a][y]) expected.emplace_back(a, y);
      for (std::size_t d = 1; d <= std::min(a, b); ++d)
        if (p[a - d][b - d]) expected.emplace_back(a - d, b - d);
      ASSERT_EQ(wythoff::moves_to_p_positions(a, b), expected) << a << "," << b;
    }
    // The partner: the one y with (a, y) P (y may exceed the table: then it is
    // checked by is_p_position only).
    const std::uint64_t y = partner(a);
    EXPECT_TRUE(is_p_position(a, y));
    for (std::size_t b = 0; b < n; ++b) {
      if (b != y) {
        EXPECT_FALSE(p[a][b]);
      }
    }
  }
}

__extension__ using Wide = unsigned __int128;

// Minimal unsigned big integers (32-bit limbs), for a check of floor(k phi) that
// uses sqrt 5 instead of the implementation's 1/phi inequality.
using Big = std::array<std::uint32_t, 8>;

Big big(Wide x) {
  Big r{};
  for (std::size_t i = 0; i < 4; ++i) r[i] = static_cast<std::uint32_t>(x >> (32 * i));
  return r;
}

Big mul(const Big& x, const Big& y) {
  Big r{};
  for (std::size_t i = 0; i < r.size(); ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; i + j < r.size(); ++j) {
      const std::uint64_t t = std::uint64_t{x[i]} * y[j] + r[i + j] + carry;
      r[i + j] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
  }
  return r;
}

bool less(const Big& x, const Big& y) {
  for (std::size_t i = x.size(); i-- > 0;) {
    if (x[i] != y[i]) return x[i] < y[i];
  }
  return false;
}

// a = floor(k phi) = floor((k + k sqrt 5) / 2) iff 2a <= k + k sqrt 5 < 2a + 2,
// i.e. (2a - k)^2 < 5 k^2 < (2a + 2 - k)^2 (2a >= k; no equality, sqrt 5 irrational).
void expect_floor_k_phi(std::uint64_t k, std::uint64_t a) {
  const Wide low = 2 * static_cast<Wide>(a) - k;
  const Wide high = low + 2;
  const Big five_kk = mul(mul(big(5), big(k)), big(k));
  EXPECT_TRUE(less(mul(big(low), big(low)), five_kk)) << "k " << k;
  EXPECT_TRUE(less(five_kk, mul(big(high), big(high)))) << "k " << k;
}

TEST(WythoffMath, LargeIndicesByIndependentArithmetic) {
  std::vector<std::uint64_t> ks = {1, 2, 3, 1'000'000'000'000'000'000ULL, 999'999'999'999'999'999ULL,
                                   wythoff::kMaxLowerIndex, wythoff::kMaxLowerIndex - 1, wythoff::kMaxUpperIndex,
                                   wythoff::kMaxUpperIndex + 1};
  std::mt19937_64 rng(17);
  for (int i = 0; i < 2000; ++i) ks.push_back(1'000'000'000'000'000'000ULL + rng() % 1'000'000);
  for (int i = 0; i < 2000; ++i) ks.push_back(rng() % wythoff::kMaxLowerIndex);
  for (int i = 0; i < 200; ++i) ks.push_back(wythoff::kMaxLowerIndex - rng() % 1000);
  for (std::uint64_t k : ks) expect_floor_k_phi(k, lower(k));
  // The bounds: a_k for the largest k fits, the next does not.
  EXPECT_GE(lower(wythoff::kMaxLowerIndex), UINT64_MAX - 2);
  EXPECT_THROW((void)lower(wythoff::kMaxLowerIndex + 1), LimitError);
  EXPECT_GE(upper(wythoff::kMaxUpperIndex), UINT64_MAX - 2);
  EXPECT_THROW((void)upper(wythoff::kMaxUpperIndex + 1), LimitError);
  // kMaxLowerIndex = floor(2^64 / phi): F^2 + F 2^64 < 2^128 <= (F+1)^2 + (F+1) 2^64.
  const Wide two64 = static_cast<Wide>(1) << 64;
  const std::uint64_t f = wythoff::kMaxLowerIndex;
  EXPECT_LT(static_cast<Wide>(f) * f, (two64 - f) * two64);
  EXPECT_GE(static_cast<Wide>(f + 1) * (f + 1), (two64 - f - 1) * two64);
}

TEST(WythoffMath, FibonacciAndSelfGeneration) {
  // floor(F_n phi) = F_{n+1} - 1 for even n >= 2 and F_{n+1} for odd n (Binet:
  // F_{n+1} - phi F_n = psi^n, |psi| < 1). F_92 is the last below kMaxLowerIndex.
  std::vector<std::uint64_t> fib = {0, 1};
  while (fib.size() < 94) fib.push_back(fib[fib.size() - 1] + fib[fib.size() - 2]);
  for (std::size_t n = 2; n <= 92; ++n) {
    EXPECT_EQ(lower(fib[n]), fib[n + 1] - (n % 2 == 0 ? 1 : 0)) << "F_" << n;
  }
  EXPECT_THROW((void)lower(fib[93]), LimitError);
  // a(a(k)) + 1 = b(k) (A000201: the upper sequence is the lower one composed
  // with itself, plus one).
  std::mt19937_64 rng(3);
  for (int i = 0; i < 5000; ++i) {
    const std::uint64_t k = rng() % (wythoff::kMaxLowerIndex / 2);
    const std::uint64_t ak = lower(k);
    if (ak > wythoff::kMaxLowerIndex) continue;
    ASSERT_EQ(lower(ak) + 1, upper(k)) << "k " << k;
  }
}

// A window of consecutive indices near 10^18 and one ending at the largest:
// a and b are complementary there (every integer in the window is exactly one
// a_k or b_j, with partner() and is_p_position() agreeing), and a steps by 1 or 2.
TEST(WythoffMath, ComplementaryWindows) {
  for (const std::uint64_t start : {std::uint64_t{1'000'000'000'000'000'000ULL}, wythoff::kMaxUpperIndex - 20'000}) {
    std::set<std::uint64_t> as;
    std::set<std::uint64_t> bs;
    for (std::uint64_t k = start; k < start + 20'000; ++k) {
      const std::uint64_t a = lower(k);
      const std::uint64_t b = upper(k);
      ASSERT_EQ(b - a, k);
      const std::uint64_t step = lower(k + 1) - a;
      ASSERT_TRUE(step == 1 || step == 2) << "k " << k;
      ASSERT_EQ(partner(a), b);
      ASSERT_EQ(partner(b), a);
      ASSERT_TRUE(is_p_position(a, b));
      ASSERT_TRUE(is_p_position(b, a));
      ASSERT_FALSE(is_p_position(a, b + 1));
      ASSERT_FALSE(is_p_position(a + 1, b));
      as.insert(a);
    }
    // Every integer between two a's that is not an a is a b (complementarity):
    // its partner is smaller and is an a of some index.
    const std::uint64_t lo = *as.begin();
    const std::uint64_t hi = *as.rbegin();
    for (std::uint64_t x = lo; x <= hi; ++x) {
      if (as.count(x)) continue;
      const std::uint64_t p = partner(x);
      ASSERT_LT(p, x) << x;
      ASSERT_EQ(partner(p), x) << x;
      bs.insert(x);
    }
    EXPECT_EQ(as.size() + bs.size(), hi - lo + 1);
  }
  EXPECT_THROW((void)partner(lower(wythoff::kMaxLowerIndex)), LimitError);
  EXPECT_EQ(partner(upper(wythoff::kMaxUpperIndex)), lower(wythoff::kMaxUpperIndex));
}

TEST(WythoffMath, MovesOfHugePiles) {
  const std::uint64_t k = 1'000'000'000'000'000'000ULL;
  const std::uint64_t a = lower(k);
  const std::uint64_t b = upper(k);
  EXPECT_TRUE(wythoff::moves_to_p_positions(a, b).empty());
  const auto from_max = wythoff::moves_to_p_positions(UINT64_MAX, UINT64_MAX);
  EXPECT_EQ(from_max.back(), std::make_pair(std::uint64_t{0}, std::uint64_t{0}));
  // Random piles of every size: each move listed is legal and reaches a P-position.
  std::mt19937_64 rng(11);
  for (int i = 0; i < 3000; ++i) {
    const std::uint64_t x = rng() >> (rng() % 64);
    const std::uint64_t y = rng() >> (rng() % 64);
    const auto moves = wythoff::moves_to_p_positions(x, y);
    EXPECT_LE(moves.size(), 3U);
    EXPECT_EQ(moves.empty(), is_p_position(x, y)) << x << "," << y;
    for (const auto& [x2, y2] : moves) {
      EXPECT_TRUE(is_p_position(x2, y2));
      const bool one = (x2 < x && y2 == y) || (x2 == x && y2 < y);
      const bool both = x2 < x && y2 < y && x - x2 == y - y2;
      EXPECT_TRUE(one || both) << x << "," << y << " -> " << x2 << "," << y2;
    }
  }
}

TEST(WythoffMath, ValuesEqualDefinition) {
  constexpr std::size_t n = 160;
  const auto g = definition_table(n);
  wythoff::Values values(1000);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) ASSERT_EQ(values.value(a, b), g[a][b]) << a << "," << b;
  }
  // Zeros are the P-positions.
  for (std::uint64_t a = 0; a < 1000; a += 7) {
    for (std::uint64_t b = 0; b < 1000; ++b) ASSERT_EQ(values.value(a, b) == 0, is_p_position(a, b)) << a << "," << b;
  }
  // Rows are permutations of the naturals: row a, b < 1000, holds every value
  // below 1000 - 2a (Blass-Fraenkel: g(a, b) >= b - 2a) at most once.
  for (std::uint64_t a : {0U, 1U, 5U, 100U}) {
    std::set<Nimber> seen;
    for (std::uint64_t b = 0; b < 1000; ++b) ASSERT_TRUE(seen.insert(values.value(a, b)).second);
    for (Nimber v = 0; v + 2 * a < 1000; ++v) ASSERT_TRUE(seen.count(v)) << a << " " << v;
  }
}

TEST(WythoffMath, ValuesOeisA004481) {
  // OEIS A004481, the table by antidiagonals (T(d, 0), T(d-1, 1), ..., T(0, d)):
  // all 91 terms of its data lines (oeis/oeisdata seq/A004/A004481.seq).
  const std::vector<Nimber> terms = {
      0, 1, 1, 2, 2, 2, 3, 0, 0, 3, 4, 4, 1, 4, 4, 5, 5, 5, 5, 5, 5, 6, 3, 3,
      6, 3, 3, 6, 7, 7, 4, 2, 2, 4, 7, 7, 8, 8, 8, 0, 7, 0, 8, 8, 8, 9, 6, 6,
      1, 6, 6, 1, 6, 6, 9, 10, 10, 7, 9, 9, 8, 9, 9, 7, 10, 10, 11, 11, 11, 10, 0, 10,
      10, 0, 10, 11, 11, 11, 12, 9, 9, 12, 1, 1, 3, 1, 1, 12, 9, 9, 12,
  };
  ASSERT_EQ(terms.size(), 91U);
  wythoff::Values values;
  std::size_t i = 0;
  for (std::uint64_t d = 0; i < terms.size(); ++d) {
    for (std::uint64_t j = 0; j <= d && i < terms.size(); ++j, ++i) {
      EXPECT_EQ(values.value(d - j, j), terms[i]) << "T(" << d - j << "," << j << ")";
    }
  }
  // Row 1 (A004482 starts 1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9).
  const std::vector<Nimber> row1 = {1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9};
  for (std::uint64_t b = 0; b < row1.size(); ++b) EXPECT_EQ(values.value(1, b), row1[b]);
}

TEST(WythoffMath, ValuesLimits) {
  EXPECT_THROW(wythoff::Values(wythoff::Values::kHardMaxSide + 1), LimitError);
  wythoff::Values values(100);
  EXPECT_EQ(values.value(99, 0), 99U);
  EXPECT_THROW((void)values.value(100, 3), LimitError);
  EXPECT_THROW((void)values.value(3, UINT64_MAX), LimitError);
  EXPECT_EQ(values.side(), 100U);
}

// About 10^7 cells (side 4472, the triangle a <= b) in about a second: the
// check is loose (machines differ), the figure goes to the report.
TEST(WythoffMath, ValuesTableOfTenMillionCells) {
  wythoff::Values values(4472);
  const auto start = std::chrono::steady_clock::now();
  const Nimber v = values.value(4471, 4471);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("Wythoff values: side 4472 (%zu bytes) in %.2f s\n", values.table_bytes(), seconds);
  EXPECT_LT(seconds, 30.0);
  // g(a, a) on the diagonal: values are symmetric and the diagonal is P only at 0.
  EXPECT_NE(v, 0U);
  EXPECT_EQ(values.value(4000, 17), values.value(17, 4000));
}

}  // namespace
}  // namespace grundy
