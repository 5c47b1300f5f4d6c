// The published tables of tests/data: each file there is named in SOURCES.md
// (with its source and licence), each file SOURCES.md names is there, and a
// missing table fails the test that needs it with the file's name.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>

#include "test_support.hpp"

namespace {

TEST(PublishedTables, EveryFileIsInSourcesAndEverySourceIsAFile) {
  const std::string sources = grundy::testing::reference_text("SOURCES.md");
  std::set<std::string> named;
  const std::regex row(R"(^\| `([^`]+)` \|)");
  std::size_t begin = 0;
  while (begin < sources.size()) {
    const std::size_t end = sources.find('\n', begin);
    const std::string line = sources.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    std::smatch m;
    if (std::regex_search(line, m, row)) named.insert(m[1]);
    if (end == std::string::npos) break;
    begin = end + 1;
  }
  std::set<std::string> present;
  for (const auto& entry : std::filesystem::directory_iterator(GRUNDY_REFERENCE_DIR))
    if (entry.path().filename() != "SOURCES.md") present.insert(entry.path().filename().string());
  EXPECT_EQ(named, present);
  EXPECT_GE(present.size(), 11U);
}

TEST(PublishedTables, AMissingTableIsNamed) {
  try {
    (void)grundy::testing::reference_terms("no_such_table.txt");
    FAIL() << "a missing table was read";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("no_such_table.txt"), std::string::npos) << error.what();
  }
}

TEST(PublishedTables, TermsReadAsPublished) {
  // A002186 (Kayles): a(0..11) = 0 1 2 3 1 4 3 2 1 4 2 6, and 105 terms in the file.
  const auto kayles = grundy::testing::reference_terms("oeis_A002186_kayles_0.77_terms.txt");
  ASSERT_EQ(kayles.size(), 105U);
  const std::uint64_t first[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6};
  for (std::uint64_t n = 0; n < 12; ++n) EXPECT_EQ(kayles.at(n), first[n]) << n;
}

}  // namespace
