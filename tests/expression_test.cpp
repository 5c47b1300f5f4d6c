// The expression grammar: what parses into what, and where each error points.
#include "grundy/terms/expression.hpp"

#include <gtest/gtest.h>

#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

std::size_t error_column(const std::string& source) {
  try {
    (void)parse_expression(source);
  } catch (const InputError& e) {
    return e.where().column;
  }
  ADD_FAILURE() << "no error for: " << source;
  return 0;
}

TEST(Expression, MixedSumFromTheIssue) {
  const Expression e = parse_expression("sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)");
  ASSERT_EQ(e.terms.size(), 3u);
  EXPECT_EQ(e.terms[0].head, "sub");
  ASSERT_EQ(e.terms[0].groups.size(), 2u);
  EXPECT_EQ(e.terms[0].groups[0].open, '{');
  ASSERT_EQ(e.terms[0].groups[0].args.size(), 3u);
  EXPECT_EQ(e.terms[0].groups[0].args[2].integer, 3u);
  EXPECT_EQ(e.terms[0].groups[1].args[0].integer, 10u);
  EXPECT_EQ(e.terms[1].groups[0].args[0].kind, ExprArg::Kind::word);
  EXPECT_EQ(e.terms[1].groups[0].args[0].text, "odd");
  EXPECT_EQ(e.terms[2].text, "nim(9,12)");
  EXPECT_EQ(e.terms[2].column, 32u);
}

TEST(Expression, CodesRangesWordsPathsAndCalls) {
  const Expression e = parse_expression(".77(5) + 0.137(3) + sub{1..4}(9) + cram(7x7) + graph(@g.txt)(a) + sub(allbut{2,5})(8)");
  ASSERT_EQ(e.terms.size(), 6u);
  EXPECT_TRUE(e.terms[0].head_is_code);
  EXPECT_EQ(e.terms[0].head, ".77");
  EXPECT_EQ(e.terms[1].head, "0.137");
  const ExprArg& range = e.terms[2].groups[0].args[0];
  EXPECT_EQ(range.kind, ExprArg::Kind::range);
  EXPECT_EQ(range.integer, 1u);
  EXPECT_EQ(range.range_high, 4u);
  EXPECT_EQ(e.terms[3].groups[0].args[0].kind, ExprArg::Kind::word);
  EXPECT_EQ(e.terms[3].groups[0].args[0].text, "7x7");
  EXPECT_EQ(e.terms[4].groups[0].args[0].kind, ExprArg::Kind::path);
  EXPECT_EQ(e.terms[4].groups[0].args[0].text, "g.txt");
  const ExprArg& call = e.terms[5].groups[0].args[0];
  EXPECT_EQ(call.kind, ExprArg::Kind::call);
  EXPECT_EQ(call.text, "allbut{2,5}");
  ASSERT_EQ(call.groups.size(), 1u);
  EXPECT_EQ(call.groups[0].args[1].integer, 5u);
}

// Rows of letters joined by '/' are one word, as rows of digits are (a board
// of coins: corners(HT/TH)); a name without '/' is still a name or a call.
TEST(Expression, BoardsOfLettersAreWords) {
  const Expression e = parse_expression("corners(HT/TH, TTH/HHT/) + coins(ruler)(THH)");
  ASSERT_EQ(e.terms.size(), 2u);
  const ExprGroup& boards = e.terms[0].groups[0];
  ASSERT_EQ(boards.args.size(), 2u);
  EXPECT_EQ(boards.args[0].kind, ExprArg::Kind::word);
  EXPECT_EQ(boards.args[0].text, "HT/TH");
  EXPECT_EQ(boards.args[0].column, 9u);
  EXPECT_EQ(boards.args[1].text, "TTH/HHT/");
  EXPECT_EQ(boards.args[1].column, 16u);
  EXPECT_EQ(e.terms[1].groups[1].args[0].kind, ExprArg::Kind::word);
  EXPECT_EQ(e.terms[1].groups[1].args[0].text, "THH");
  EXPECT_EQ(error_column("corners(HT/TH;)"), 14u);
  EXPECT_EQ(error_column("corners(HT/TH(1))"), 14u);  // a board is not a call
}

TEST(Expression, LargestHeapParses) {
  const Expression e = parse_expression("nim(18446744073709551615)");
  EXPECT_EQ(e.terms[0].groups[0].args[0].integer, 18446744073709551615ull);
}

TEST(Expression, ErrorsNameTheColumn) {
  EXPECT_EQ(error_column(""), 1u);
  EXPECT_EQ(error_column("   "), 4u);
  EXPECT_EQ(error_column("nim(3,4"), 4u);                 // the unclosed '('
  EXPECT_EQ(error_column("nim(3,,4)"), 7u);
  EXPECT_EQ(error_column("nim(3) + "), 10u);
  EXPECT_EQ(error_column("nim(3) nim(4)"), 8u);
  EXPECT_EQ(error_column("nim(-3)"), 5u);
  EXPECT_EQ(error_column("nim(18446744073709551616)"), 5u);  // 2^64
  EXPECT_EQ(error_column("nim(3;4)"), 6u);
  EXPECT_EQ(error_column("sub{1..}(3)"), 8u);
  EXPECT_EQ(error_column("sub{5..2}(3)"), 5u);
  EXPECT_EQ(error_column("+nim(3)"), 1u);
  EXPECT_EQ(error_column("graph(@)(a)"), 8u);
}

TEST(Expression, RuleAloneForTables) {
  const ExprTerm t = parse_rule("lr(1,2)");
  EXPECT_EQ(t.head, "lr");
  ASSERT_EQ(t.groups.size(), 1u);
  EXPECT_THROW((void)parse_rule("lr(1,2) + nim"), InputError);
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// excerpt() quotes input in one-line messages and prints the first line of a
// position: the text up to the limit, whole UTF-8 characters, no line breaks,
// and the full length when cut. It reads only what it shows, so it is asked
// here at and around the limit.
TEST(Excerpt, CutsAtTheLimitOnACharacterBoundary) {
  EXPECT_EQ(excerpt("nim(3)", 40), "nim(3)");
  EXPECT_EQ(excerpt(std::string(40, 'a'), 40), std::string(40, 'a'));
  EXPECT_EQ(excerpt(std::string(41, 'a'), 40), std::string(40, 'a') + "… (41 characters in all)");
  EXPECT_EQ(excerpt("a\tb\nc\rd", 40), "a b c d");
  EXPECT_EQ(excerpt("ab\ncd", 3), "ab … (5 characters in all)");
  // "é" is two bytes (0xC3 0xA9): a cut between them moves before the "é".
  EXPECT_EQ(excerpt("abé" + std::string(10, 'x'), 3), "ab… (14 characters in all)");
  EXPECT_EQ(excerpt("abé" + std::string(10, 'x'), 4), "abé… (14 characters in all)");
  const std::string long_text = "nim(" + std::string(2'000'000, '7') + ")";
  EXPECT_EQ(excerpt(long_text, 10), "nim(777777… (2000005 characters in all)");
}

}  // namespace
}  // namespace grundy
