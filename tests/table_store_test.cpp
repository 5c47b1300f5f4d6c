// The run's one persistence (include/grundy/search/table_store.hpp): `--table
// FILE` keeps one engine's table, `--table DIR/` one file an engine and game,
// through the real process. Before it, a sum of Clobber and Cram handed one
// path to both families, and the second refused the file the first had just
// made ("not a placement table file").
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <unistd.h>

#include "cli_runner.hpp"
#include "grundy/search/table_store.hpp"

namespace {

namespace fs = std::filesystem;
using cli_runner::grundy;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("grundy_table_store_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(TableStore, FileNamesSayTheEngineAndTheGame) {
  EXPECT_EQ(grundy::search::TableStore::file_stem("part search", "one-row NoGo"), "part-search-one-row-nogo");
  EXPECT_EQ(grundy::search::TableStore::file_stem("region search", "polyominoes(i3,v3)"),
            "region-search-polyominoes-i3-v3");
}

TEST(TableStore, AFolderKeepsEveryEnginesTableAndAFileOne) {
  const fs::path dir = scratch("sum");
  const std::string sum = "'clobber(XOXO/OXOX) + cram(3x4) + nogo(......)'";
  // One file, two engines: refused in one line that says what to give.
  const cli_runner::CliRun one = grundy("value --max-moves 0 --table " + (dir / "one").string() + " " + sum);
  EXPECT_EQ(one.status, 2) << one.out;
  EXPECT_NE(one.out.find("give a folder instead"), std::string::npos) << one.out;
  // A folder: one file each, read back by the next run.
  const std::string folder = (dir / "tables").string() + "/";
  const cli_runner::CliRun first = grundy("value --max-moves 0 --table " + folder + " " + sum);
  ASSERT_EQ(first.status, 0) << first.out;
  for (const char* file : {"part-search-clobber.table", "part-search-one-row-nogo.table", "region-search-cram.table"})
    EXPECT_TRUE(fs::is_regular_file(dir / "tables" / file)) << file << "\n" << first.out;
  const cli_runner::CliRun again = grundy("value --max-moves 0 --table " + folder + " " + sum);
  ASSERT_EQ(again.status, 0) << again.out;
  EXPECT_EQ(first.out.substr(0, first.out.find("grundy: table")), again.out.substr(0, again.out.find("grundy: table")));
  EXPECT_EQ(again.out.find("(0 loaded"), std::string::npos) << again.out;  // the region search read its table
  fs::remove_all(dir);
}

}  // namespace
