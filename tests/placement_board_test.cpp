// Board input: sizes, rows-of-0/1 files, the multi-board cases format, and the
// places (file:line:column) their errors point at.
#include "grundy/placement/board.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace grundy::placement {
namespace {

SourceLocation where_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.where();
  }
  ADD_FAILURE() << "expected an InputError";
  return {};
}

TEST(PlacementBoard, SizeWord) {
  const Board b = parse_board_size("3x5");
  EXPECT_EQ(b.rows, 3u);
  EXPECT_EQ(b.cols, 5u);
  EXPECT_EQ(b.free, std::vector<std::uint8_t>(15, 1));
  EXPECT_EQ(parse_board_size("32x32").free.size(), 1024u);
  EXPECT_THROW((void)parse_board_size("0x5"), InputError);
  EXPECT_THROW((void)parse_board_size("8by8"), InputError);
  EXPECT_THROW((void)parse_board_size("8x"), InputError);
  EXPECT_THROW((void)parse_board_size("33x32"), LimitError);
  EXPECT_THROW((void)parse_board_size("99999999999999999999x1"), LimitError);
}

// A long word that is no size is quoted as an excerpt (found by the boards fuzz
// harness: a 2 KB multi-board file quoted whole in one error line).
TEST(PlacementBoard, LongSizeWordIsQuotedShort) {
  const std::string word = "1 1 3 " + std::string(3000, '0');
  try {
    (void)parse_board_size(word);
    ADD_FAILURE() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_LT(std::string(e.what()).size(), 200u) << e.what();
    EXPECT_NE(std::string(e.what()).find("3006 characters in all"), std::string::npos) << e.what();
  }
}

TEST(PlacementBoard, RowsFile) {
  const Board b = parse_board_rows("010\r\n001\n\n", "b.txt");
  EXPECT_EQ(b.rows, 2u);
  EXPECT_EQ(b.cols, 3u);
  EXPECT_EQ(b.free, (std::vector<std::uint8_t>{1, 0, 1, 1, 1, 0}));
  EXPECT_EQ(board_to_text(b), "010\n001\n");
}

TEST(PlacementBoard, RowsFileErrorsPointAtTheCell) {
  SourceLocation w = where_of([] { (void)parse_board_rows("000\n0x0\n", "b.txt"); });
  EXPECT_EQ(w.to_string(), "b.txt:2:2");
  w = where_of([] { (void)parse_board_rows("000\n00\n", "b.txt"); });
  EXPECT_EQ(w.to_string(), "b.txt:2:3");
  w = where_of([] { (void)parse_board_rows("000\n0000\n", "b.txt"); });
  EXPECT_EQ(w.to_string(), "b.txt:2:4");
  w = where_of([] { (void)parse_board_rows("\n\n", "b.txt"); });
  EXPECT_EQ(w.to_string(), "b.txt:1:1");
  w = where_of([] { (void)parse_board_rows("00\n\n00\n", "b.txt"); });  // a blank row inside
  EXPECT_EQ(w.line, 2u);
  EXPECT_THROW((void)parse_board_rows(std::string(1025, '0'), "b.txt"), LimitError);
  EXPECT_THROW((void)read_board_file("/nonexistent/board.txt"), InputError);
}

TEST(PlacementBoard, ReadsAFile) {
  const std::string path = ::testing::TempDir() + "placement_board.txt";
  {
    std::ofstream out(path);
    out << "00\n01\n";
  }
  EXPECT_EQ(read_board_file(path).free, (std::vector<std::uint8_t>{1, 1, 1, 0}));
  std::remove(path.c_str());
}

TEST(PlacementBoard, CasesFormat) {
  // Cells may be written together or apart, as the reference solution reads chars.
  std::istringstream in("2\n2 2\n00\n00\n1 3\n0 1 0\n1\n3 3 000 000 000\n0\n");
  const auto cases = parse_board_cases(in, "in.txt");
  ASSERT_EQ(cases.size(), 3u);
  ASSERT_EQ(cases[0].boards.size(), 2u);
  EXPECT_EQ(cases[0].boards[1].free, (std::vector<std::uint8_t>{1, 0, 1}));
  EXPECT_EQ(cases[1].boards[0].rows, 3u);
  EXPECT_EQ(cases[1].line, 7u);
  EXPECT_TRUE(cases[2].boards.empty());
}

TEST(PlacementBoard, CasesFormatErrors) {
  auto where = [](const std::string& text) {
    return where_of([&] {
      std::istringstream in(text);
      (void)parse_board_cases(in, "in.txt");
    });
  };
  EXPECT_EQ(where("1\n2 2\n00\n0").to_string(), "in.txt:4:2");      // ends inside a board
  EXPECT_EQ(where("1\n2 2\n00\n02\n").to_string(), "in.txt:4:2");   // bad cell
  EXPECT_EQ(where("x\n").to_string(), "in.txt:1:1");                // bad count
  EXPECT_EQ(where("1\n2 0\n").to_string(), "in.txt:2:3");           // zero size
  EXPECT_EQ(where("1\n40 40\n").to_string(), "in.txt:2:4");         // too big
  EXPECT_EQ(where("").to_string(), "in.txt:1:1");                   // empty
  EXPECT_EQ(where("1\n1 2 00\n1\n").to_string(), "in.txt:4:1");     // ends where a board should be
}

}  // namespace
}  // namespace grundy::placement
