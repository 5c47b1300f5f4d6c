// Parsing take-and-break codes and names.
#include <gtest/gtest.h>

#include <string>

#include "grundy/core/input_error.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/take_and_break.hpp"

namespace grundy::take_and_break {
namespace {

TEST(TakeAndBreakCode, NormalForms) {
  EXPECT_EQ(parse_game_code("0.77").normal_form(), "0.77");
  EXPECT_EQ(parse_game_code(".77").normal_form(), "0.77");
  EXPECT_EQ(parse_game_code(".770").normal_form(), "0.77");
  EXPECT_EQ(parse_game_code("4.3").normal_form(), "4.3");
  EXPECT_EQ(parse_game_code("4.").normal_form(), "4.0");
  EXPECT_EQ(parse_game_code("4").normal_form(), "4.0");
  EXPECT_EQ(parse_game_code("0x0.f7").normal_form(), "0x0.F7");
  EXPECT_EQ(parse_game_code("0.0").normal_form(), "0.0");
  EXPECT_TRUE(parse_game_code("0x0.8").hexadecimal());
  EXPECT_FALSE(parse_game_code("0.77").hexadecimal());
  EXPECT_EQ(parse_game_code("0.137").max_take(), 3U);
  EXPECT_EQ(parse_game_code("0.137").max_heaps_left(), 2U);
  EXPECT_EQ(parse_game_code("0.33").max_heaps_left(), 1U);
  EXPECT_EQ(parse_game_code("0x0.8").max_heaps_left(), 3U);
}

TEST(TakeAndBreakCode, Names) {
  EXPECT_EQ(parse_game_code("kayles").normal_form(), "0.77");
  EXPECT_EQ(parse_game_code("kayles").display(), "kayles");
  EXPECT_EQ(parse_game_code("dawson").normal_form(), "0.07");
  EXPECT_EQ(parse_game_code("officers").normal_form(), "0.6");
  EXPECT_EQ(parse_game_code("treblecross").normal_form(), "0.007");
  EXPECT_EQ(parse_game_code("grundy").family, GameCode::Family::grundy);
  EXPECT_THROW((void)parse_game_code("lasker"), InputError);  // a ruleset of its own, not a code
  for (const char* name : {"kayles", "dawson", "officers", "treblecross", "grundy"}) {
    EXPECT_TRUE(is_game_name(name)) << name;
  }
  EXPECT_FALSE(is_game_name("nim"));
  EXPECT_FALSE(is_game_name("0.77"));
}

// The column of the offending character, and a message that says what is wrong.
void expect_error(const std::string& code, std::size_t column, const std::string& words) {
  try {
    (void)parse_game_code(code);
    ADD_FAILURE() << code << " parsed";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().column, column) << code << ": " << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << code << ": " << e.what();
  }
}

TEST(TakeAndBreakCode, BadCodesNameThePlace) {
  expect_error("", 0, "empty");
  expect_error(".", 1, "no digits");
  expect_error("0.", 2, "no digits");
  expect_error("0.7x", 4, "'x'");
  expect_error("0.7G", 4, "'G'");
  expect_error("07", 2, "expected '.'");
  expect_error("x.7", 1, "'x'");
  expect_error("0.7.7", 4, "'.'");
  expect_error("kayle", 1, "'k'");
  // Taking nothing and leaving the heap whole: the game never ends.
  expect_error("2.7", 1, "never end");
  expect_error("1.7", 1, "never end");
  expect_error("6.", 1, "never end");
  expect_error("0." + std::string(kMaxCodeDigits, '7'), kMaxCodeDigits + 2, "longer than");
}

}  // namespace
}  // namespace grundy::take_and_break
