// Wythoff's rows (src/closed_forms/wythoff_math: wythoff::Rows): g(a, b) for a
// small pile against any pile, from each row's additive period (Dress,
// Flammenkamp and Pink 1999; Landman 2002), proven by the rows' repeated
// state. Checked against the plain definition (wythoff::Values, the mex over
// every option, cell by cell) on every cell it reaches, against OEIS A004481
// (the table by antidiagonals) and A047708 (its diagonal is not a row, so the
// rows are checked where the diagonal crosses them), and through the CLI:
// `wythoff(5000,3) + nim(1)` and `wythoff(3, 10^12)`.
#include <gtest/gtest.h>

#include <set>

#include "cli_runner.hpp"
#include "closed_forms/wythoff_math.hpp"
#include "grundy/analysis/analysis.hpp"
#include "grundy/core/input_error.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using cli_runner::grundy;
using testing::parse;

const auto kNoPoll = [](std::uint64_t) {};

// Every row 0..16 equals the plain table on every column below 4096, and the
// proven additive period holds there too.
TEST(WythoffRows, EqualThePlainDefinitionWhereItReaches) {
  wythoff::Values plain(4096);
  const wythoff::Rows rows(16, kNoPoll);
  for (std::uint64_t a = 0; a <= 16; ++a) {
    for (std::uint64_t b = 0; b < 4096; ++b) {
      ASSERT_EQ(rows.value(a, b), plain.value(a, b)) << a << "," << b;
      ASSERT_EQ(rows.value(b, a), plain.value(a, b)) << b << "," << a;
    }
    const auto [pre, period] = rows.row(a);
    ASSERT_GT(period, 0U);
    for (std::uint64_t b = pre; b + period < 4096; ++b) {
      ASSERT_EQ(plain.value(a, b + period), plain.value(a, b) + period) << "row " << a << " at " << b;
    }
    // Least preperiod: one column earlier the period fails.
    if (pre > 0) {
      EXPECT_NE(plain.value(a, pre - 1 + period), plain.value(a, pre - 1) + period) << "row " << a;
    }
    // Least period: no proper divisor of it holds over the last 2000 columns.
    for (std::uint64_t q = 1; q < period; ++q) {
      if (period % q != 0) continue;
      bool holds = true;
      for (std::uint64_t b = 2000; b + q < 4096 && holds; ++b) holds = plain.value(a, b + q) == plain.value(a, b) + q;
      EXPECT_FALSE(holds) << "row " << a << " also has period " << q;
    }
  }
  // Row 0 is g = b; row 1 is 1 2 0 4 5 3 … with period 3 from the start (OEIS A004482).
  EXPECT_EQ(rows.row(0).period, 1U);
  EXPECT_EQ(rows.row(1).period, 3U);
  EXPECT_EQ(rows.row(1).preperiod, 0U);
}

// Rows 0..64 (the largest top) against the plain table on the columns it
// reaches, and the repeated state's period is a multiple of every row's.
TEST(WythoffRows, TopRowsAgreeAndPeriodsDivideTheStatePeriod) {
  wythoff::Values plain(2048);
  const wythoff::Rows rows(wythoff::Rows::kMaxTop, kNoPoll);
  for (std::uint64_t a = 0; a <= wythoff::Rows::kMaxTop; a += 3) {
    for (std::uint64_t b = 0; b < 2048; ++b) ASSERT_EQ(rows.value(a, b), plain.value(a, b)) << a << "," << b;
    EXPECT_EQ(rows.repeat_period() % rows.row(a).period, 0U);
    EXPECT_LE(rows.row(a).preperiod, rows.repeat_from());
  }
}

// OEIS A004481 read by antidiagonals (its 91 data terms, as in
// wythoff_math_test.cpp), through rows 0..12, and A047708 (the diagonal
// g(n, n), Landman; tests/data), n <= 64 through rows 0..64.
TEST(WythoffRows, PublishedTables) {
  const std::vector<Nimber> a004481 = {
      0, 1, 1, 2, 2, 2, 3, 0, 0, 3, 4, 4, 1, 4, 4, 5, 5, 5, 5, 5, 5, 6, 3, 3,
      6, 3, 3, 6, 7, 7, 4, 2, 2, 4, 7, 7, 8, 8, 8, 0, 7, 0, 8, 8, 8, 9, 6, 6,
      1, 6, 6, 1, 6, 6, 9, 10, 10, 7, 9, 9, 8, 9, 9, 7, 10, 10, 11, 11, 11, 10, 0, 10,
      10, 0, 10, 11, 11, 11, 12, 9, 9, 12, 1, 1, 3, 1, 1, 12, 9, 9, 12,
  };
  const wythoff::Rows rows(12, kNoPoll);
  std::size_t i = 0;
  for (std::uint64_t d = 0; i < a004481.size(); ++d) {
    for (std::uint64_t j = 0; j <= d && i < a004481.size(); ++j, ++i) EXPECT_EQ(rows.value(d - j, j), a004481[i]);
  }
  const auto a047708 = testing::reference_terms("oeis_A047708_wythoff_diagonal_terms.txt");
  ASSERT_EQ(a047708.size(), 71U);
  // The rows reach n <= 64 (their top); the plain table the rest.
  const wythoff::Rows top(wythoff::Rows::kMaxTop, kNoPoll);
  wythoff::Values plain(71);
  for (const auto& [n, g] : a047708) {
    if (n <= wythoff::Rows::kMaxTop) {
      EXPECT_EQ(top.value(n, n), g) << n;
    }
    EXPECT_EQ(plain.value(n, n), g) << n;
  }
}

// The one column of a row holding a value, from the period, against a scan.
TEST(WythoffRows, PileWithValueIsTheOnlyOne) {
  wythoff::Values plain(4096);
  const wythoff::Rows rows(20, kNoPoll);
  for (std::uint64_t a : {0U, 1U, 3U, 7U, 20U}) {
    for (Nimber v = 0; v < 3000; v += 7) {
      std::optional<std::uint64_t> scanned;
      for (std::uint64_t b = 0; b < 4096; ++b) {
        if (plain.value(a, b) == v) scanned = b;
      }
      EXPECT_EQ(rows.pile_with_value(a, v, 4096), scanned) << a << " " << v;
    }
  }
  // Far out: the column found has the value, and nothing below a smaller bound.
  const std::uint64_t far = 1'000'000'000'000ULL;
  const auto b = rows.pile_with_value(3, far, UINT64_MAX);
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(rows.value(3, *b), far);
  EXPECT_FALSE(rows.pile_with_value(3, far, *b).has_value());
}

TEST(WythoffRows, LimitsAndStop) {
  EXPECT_THROW(wythoff::Rows(wythoff::Rows::kMaxTop + 1, kNoPoll), LimitError);
  const wythoff::Rows rows(4, kNoPoll);
  EXPECT_THROW((void)rows.value(5, 5), std::out_of_range);
  // Row 1 is b + 1 for b = 0, 1 mod 3: g(1, 2^64 - 1) = 2^64 does not fit.
  EXPECT_THROW((void)rows.value(1, UINT64_MAX), LimitError);
  EXPECT_EQ(rows.value(1, UINT64_MAX - 1), UINT64_MAX - 3);
  // Each column is charged with its 65 cells; a stop at the third charge ends the computation.
  int charges = 0;
  EXPECT_THROW(wythoff::Rows(64,
                             [&](std::uint64_t work) {
                               EXPECT_EQ(work, 65U);
                               if (++charges == 3) throw Cancelled();
                             }),
               Cancelled);
}

// wythoff(3, b) for huge b as a ruleset: in a sum with nim(1), with winning
// moves that each leave a sum of value 0 (checked by the plain table where it
// reaches: b = 5000).
TEST(WythoffRows, SumsFarPastTheTable) {
  wythoff::Values plain(5001);
  const SumAnalysis sum = analyze(parse("wythoff(5000,3) + nim(1)"), testing::context(), AnalysisOptions{false, 50});
  ASSERT_TRUE(sum.value.has_value());
  EXPECT_EQ(sum.value->nimber(), plain.value(5000, 3) ^ 1U);
  std::uint64_t checked = 0;
  for (const Move& m : sum.winning_moves) {
    EXPECT_EQ(analyze(m.after(), testing::context()).value, Value(0)) << m.after().text();
    ++checked;
  }
  EXPECT_EQ(checked, sum.winning_move_total);
  // Every winning move, counted over the options in the plain table: moves of
  // wythoff(5000,3) to value 1 (then 1 xor 1 = 0), and nim(1) -> 0 only if g = 0.
  const Nimber g = plain.value(5000, 3);
  std::uint64_t expected = g == 0 ? 1 : 0;
  for (std::uint64_t t = 1; t <= 5000; ++t) expected += plain.value(5000 - t, 3) == 1;
  for (std::uint64_t t = 1; t <= 3; ++t) expected += plain.value(5000, 3 - t) == 1;
  for (std::uint64_t t = 1; t <= 3; ++t) expected += plain.value(5000 - t, 3 - t) == 1;
  EXPECT_EQ(sum.winning_move_total, expected);
  // wythoff(3, 10^12): the value from the row's period, and the value one period later.
  const Nimber far = testing::value_of(parse("wythoff(3,1000000000000)"));
  const wythoff::Rows rows(8, kNoPoll);
  const auto [pre, period] = rows.row(3);
  EXPECT_EQ(testing::value_of(parse("wythoff(3," + std::to_string(1'000'000'000'000ULL + period) + ")")), far + period);
  EXPECT_GE(far + 6, 1'000'000'000'000ULL);  // b - 2a <= g(a, b) <= b + 2a
  EXPECT_LE(far, 1'000'000'000'000ULL + 6);
  (void)pre;
  // Two huge piles stay refused in a sum (no row covers them).
  EXPECT_THROW((void)analyze(parse("wythoff(1000000,2000000) + nim(1)"), testing::context()), LimitError);
}

TEST(WythoffRows, CliAnswersSmallAgainstHuge) {
  const auto sum = grundy("value 'wythoff(5000,3) + nim(1)'");
  EXPECT_EQ(sum.status, 0) << sum.out;
  EXPECT_NE(sum.out.find("Winning moves"), std::string::npos) << sum.out;
  const auto far = cli_runner::grundy_json("value 'wythoff(3,1000000000000)'");
  EXPECT_TRUE(far["value"].is_number()) << far.dump();
}

}  // namespace
}  // namespace grundy
