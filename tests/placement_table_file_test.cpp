// The placement table file (src/placement/table_file.hpp, PlacementSolver::
// save_table/load_table): every damaged copy of a saved table is refused, and
// so is a forged one whose checksum is right but whose contents cannot be a
// table (a count larger than the file, boxes, cells, values out of range),
// without allocating for it and leaving the tables empty.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "grundy/core/input_error.hpp"
#include "grundy/search/placement_solver.hpp"

namespace grundy::placement {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// FNV-1a over the bytes, written out here from its definition (not the
// library's), appended as the file's last 8 bytes.
std::string with_checksum(const std::string& body) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : body) h = (h ^ c) * 0x100000001B3ULL;
  std::string out = body;
  out.append(reinterpret_cast<const char*>(&h), sizeof h);
  return out;
}

template <class T>
std::string bytes_of(const T& v) {
  return std::string(reinterpret_cast<const char*>(&v), sizeof v);
}

// The refusal's message, or "" when the file was accepted.
std::string load_error(const std::string& path, PlacementSolver& solver) {
  try {
    solver.load_table(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string temp(const std::string& name) { return ::testing::TempDir() + "placement_table_file_" + name; }

TEST(PlacementTableFile, EverySingleBitFlipIsRefused) {
  const std::string path = temp("flips.bin");
  PlacementSolver saved(cram_rule());
  (void)saved.value(empty_board(3, 5));
  ASSERT_GT(saved.stored_positions(), 3u);
  saved.save_table(path);
  const std::string good = slurp(path);
  ASSERT_LT(good.size(), 2000u);  // small: every bit of it is flipped below
  {
    PlacementSolver loaded(cram_rule());
    EXPECT_EQ(load_error(path, loaded), "");
    EXPECT_EQ(loaded.stored_positions(), saved.stored_positions());
  }
  std::size_t refused = 0;
  for (std::size_t bit = 0; bit < 8 * good.size(); ++bit) {
    std::string bad = good;
    bad[bit / 8] = static_cast<char>(bad[bit / 8] ^ (1 << (bit % 8)));
    write_file(path, bad);
    PlacementSolver loaded(cram_rule());
    const std::string error = load_error(path, loaded);
    EXPECT_NE(error, "") << "bit " << bit << " of " << 8 * good.size();
    EXPECT_EQ(loaded.stored_positions(), 0u) << "bit " << bit;
    refused += error.empty() ? 0 : 1;
  }
  EXPECT_EQ(refused, 8 * good.size());
  // Cut short anywhere, or with a byte more.
  for (std::size_t n = 0; n < good.size(); ++n) {
    write_file(path, good.substr(0, n));
    PlacementSolver loaded(cram_rule());
    EXPECT_NE(load_error(path, loaded), "") << "cut at " << n;
  }
  write_file(path, good + "x");
  PlacementSolver longer(cram_rule());
  EXPECT_NE(load_error(path, longer), "");
  std::filesystem::remove(path);
}

std::string header(const std::string& rule) { return "grundy-placement-table 3\n" + rule + "\n"; }

// One entry of a one-word section: height, width, cells, value.
std::string entry(std::uint16_t h, std::uint16_t w, std::uint64_t cells, std::uint16_t value) {
  return bytes_of(h) + bytes_of(w) + bytes_of(cells) + bytes_of(value);
}

TEST(PlacementTableFile, ForgedContentsAreRefusedWithoutAllocating) {
  const std::string path = temp("forged.bin");
  const std::uint32_t one_word = 1;
  auto refused = [&](const std::string& body, const std::string& why) {
    write_file(path, with_checksum(body));
    PlacementSolver solver(cram_rule());
    const std::size_t bytes_before = solver.table_bytes();
    const std::string error = load_error(path, solver);
    EXPECT_NE(error.find(why), std::string::npos) << error;
    EXPECT_EQ(solver.stored_positions(), 0u) << why;
    EXPECT_LE(solver.table_bytes(), std::max<std::size_t>(bytes_before, 1U << 20)) << why;
  };
  // A well-formed one: a 1x2 strip (one domino: value 1), in stride 8.
  write_file(path, with_checksum(header("cram") + bytes_of(one_word) + bytes_of(std::uint64_t{1}) + entry(1, 2, 3, 1)));
  {
    PlacementSolver solver(cram_rule());
    EXPECT_EQ(load_error(path, solver), "");
    EXPECT_EQ(solver.stored_positions(), 1u);
  }
  // Counts far beyond the file (the loader used to reserve them first: 2^27
  // entries took 4.76 GB, 2^39 ran out of memory).
  for (const std::uint64_t count : {std::uint64_t{2}, std::uint64_t{1} << 27, std::uint64_t{1} << 39, ~std::uint64_t{0}}) {
    refused(header("cram") + bytes_of(one_word) + bytes_of(count) + entry(1, 2, 3, 1), "more than the file holds");
  }
  refused(header("cram") + bytes_of(one_word) + bytes_of(std::uint64_t{1}) + entry(0, 2, 3, 1), "box of 0x2");
  refused(header("cram") + bytes_of(one_word) + bytes_of(std::uint64_t{1}) + entry(9, 8, 3, 1), "box of 9x8");
  // Cell 2 of row 0 is outside a 1x2 box (stride 8: a cell of row 1 is bit 8).
  refused(header("cram") + bytes_of(one_word) + bytes_of(std::uint64_t{1}) + entry(1, 2, 7, 1), "not inside its box");
  refused(header("cram") + bytes_of(one_word) + bytes_of(std::uint64_t{1}) + entry(1, 2, 0, 0), "not inside its box");
  // Two cells, two domino orientations: at most 4 moves counted, so value 5 is impossible.
  refused(header("cram") + bytes_of(one_word) + bytes_of(std::uint64_t{1}) + entry(1, 2, 3, 5), "value 5");
  const std::uint32_t three_words = 3;
  refused(header("cram") + bytes_of(three_words) + bytes_of(std::uint64_t{0}), "not one of 1, 2, 4, 16");
  refused(header("cram") + bytes_of(one_word) + bytes_of(std::uint64_t{0}) + bytes_of(one_word) +
              bytes_of(std::uint64_t{0}),
          "is repeated");
  refused(header("cram") + "xy", "cut short");
  // An older format and another rule are named as such.
  refused("grundy-placement-table 2\ncram\n", "format \"2\"");
  refused(header("bars(3)"), "saved for bars(3)");
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace grundy::placement
