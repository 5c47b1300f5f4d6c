// A table file that cannot lie, and one owner at a time (issue 56), through
// the real program: a part table changed anywhere (one byte, or a block of
// random bytes) gives the clean run's value or one line and exit 2, never a
// wrong value and never a signal, and a certificate announced as proven is
// one `grundy check` accepts; a second run on a table in use is refused at
// once; a symbolic link is written through; a growth's leftover is removed;
// a header claiming more than the bound or the disk holds is judged before
// anything is read.
//
// The default suite changes 250 single bytes and 25 blocks of each of two
// tables (NoGo and Clobber) and runs three rounds of two processes; the
// *Long* tests (cmake --build build --target check-long) the 1000
// bytes, 100 blocks and 20 rounds.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>

#include "cli_runner.hpp"

namespace {

using cli_runner::read_file;
using cli_runner::write_file;

std::size_t lines_in(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

// The clean table of `position` (made here), then `bytes` one-byte changes
// and `blocks` overwrites of 1–256 random bytes, each on a fresh copy: every
// run prints the clean value or refuses in one line with exit 2; every
// other run asks for a certificate too, and one that is written is accepted
// by `grundy check`.
void damage_and_compare(const std::string& name, const std::string& position, int bytes, int blocks) {
  const std::string dir = ::testing::TempDir() + "table_damage_" + name + "/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string clean = dir + "clean.table";
  const nlohmann::json made = cli_runner::grundy_json("value --max-moves 0 --table " + clean + " '" + position + "'");
  const int value = made["value"];
  const std::string original = read_file(clean);
  ASSERT_GT(original.size(), 4096U);
  std::mt19937_64 random(0x56 + original.size());
  const std::string copy = dir + "damaged.table";
  const std::string certificate = dir + "damaged.certificate";
  int refused = 0;
  int dropped = 0;
  for (int trial = 0; trial < bytes + blocks; ++trial) {
    std::string damaged = original;
    std::string change;
    if (trial < bytes) {
      const std::size_t at = random() % damaged.size();
      auto byte = static_cast<unsigned char>(damaged[at]);
      byte ^= static_cast<unsigned char>(1 + random() % 255);  // a change, never the same byte
      damaged[at] = static_cast<char>(byte);
      change = "byte " + std::to_string(at);
    } else {
      const std::size_t length = 1 + random() % 256;
      const std::size_t at = random() % (damaged.size() - length);
      for (std::size_t k = 0; k < length; ++k) damaged[at + k] = static_cast<char>(random() & 0xFF);
      change = "block of " + std::to_string(length) + " at " + std::to_string(at);
    }
    write_file(copy, damaged);
    std::filesystem::remove(certificate);
    const bool certified = trial % 2 == 1;
    const cli_runner::CliRun run = cli_runner::grundy(
        "value --json --max-moves 0 --table " + copy + (certified ? " --certificate " + certificate : "") + " '" +
        position + "'");
    SCOPED_TRACE(name + ": " + change + "\n" + run.out);
    ASSERT_TRUE(run.status == 0 || run.status == 2) << "never a signal, never another exit";
    if (run.status == 2) {
      ++refused;
      EXPECT_EQ(lines_in(run.out), 1U);
      continue;
    }
    // The JSON answer, then perhaps the line that says slots were dropped.
    const std::size_t end = run.out.rfind("\n}") + 2;
    const nlohmann::json answer = nlohmann::json::parse(run.out.substr(0, end));
    ASSERT_EQ(answer["value"], value);
    if (run.out.find("failed", end) != std::string::npos) ++dropped;
    if (certified) {
      const cli_runner::CliRun checked = cli_runner::grundy("check " + certificate);
      ASSERT_EQ(checked.status, 0) << checked.out;
      EXPECT_NE(checked.out.find("nim-value " + std::to_string(value)), std::string::npos) << checked.out;
    }
  }
  // Most changes fall on slots: seen and dropped, the value made again.
  EXPECT_GT(dropped, bytes / 4) << refused << " refused";
  std::filesystem::remove_all(dir);
}

constexpr const char* kNoGo = "nogo(.............)";
constexpr const char* kClobber = "clobber(XOXOX/OXOXO)";

TEST(TableDamage, EveryChangedByteOrBlockOfANoGoTableGivesTheCleanValueOrExitTwo) {
  damage_and_compare("nogo", kNoGo, 250, 25);
}

TEST(TableDamage, EveryChangedByteOrBlockOfAClobberTableGivesTheCleanValueOrExitTwo) {
  damage_and_compare("clobber", kClobber, 250, 25);
}

TEST(TableDamageLong, AThousandBytesAndAHundredBlocksOfEachTable) {
  damage_and_compare("nogo_long", kNoGo, 1000, 100);
  damage_and_compare("clobber_long", kClobber, 1000, 100);
}

// A forger who recomputes the check bytes passes the table's own checks (no
// check stops that, part_table.hpp); then a certificate run must neither
// crash (a raised value was a SIGSEGV) nor say "proves it": the certificate
// is checked before that is said, and refused in one line, exit 2.
TEST(TableDamage, ForgedValuesWithTheirChecksAreNeverSaidProven) {
  const std::string dir = ::testing::TempDir() + "table_forged/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string clean = dir + "clean.table";
  const std::string position = "nogo(.............)";
  ASSERT_EQ(cli_runner::grundy_json("value --max-moves 0 --table " + clean + " '" + position + "'")["value"], 0);
  const std::string original = read_file(clean);
  const std::size_t capacity = std::stoull(original.substr(original.find("capacity ") + 9));
  ASSERT_EQ(original.size(), 4096 + 10 * capacity);
  std::mt19937_64 random(56);
  for (int round = 0; round < 12; ++round) {
    std::string forged = original;
    for (std::size_t s = 0; s < capacity; ++s) {
      unsigned check = 0;
      bool used = false;
      for (std::size_t b = 0; b < 8; ++b) {
        const auto byte = static_cast<unsigned char>(forged[4096 + 8 * s + b]);
        check ^= byte;
        used = used || byte != 0;
      }
      if (!used || random() % 4 != 0) continue;
      const unsigned raised = (static_cast<unsigned char>(forged[4096 + 8 * capacity + s]) + 1 + random() % 255) & 0xFF;
      forged[4096 + 8 * capacity + s] = static_cast<char>(raised);
      forged[4096 + 9 * capacity + s] = static_cast<char>(check ^ raised);
    }
    write_file(dir + "forged.table", forged);
    const cli_runner::CliRun run = cli_runner::grundy("value --max-moves 0 --certificate " + dir + "c --table " + dir +
                                                      "forged.table '" + position + "'");
    SCOPED_TRACE(run.out);
    ASSERT_TRUE(run.status == 0 || run.status == 2);
    if (run.status == 0) {
      EXPECT_NE(run.out.find("Nim-value: 0"), std::string::npos);
      EXPECT_EQ(cli_runner::grundy("check " + dir + "c").status, 0);
    } else {
      EXPECT_EQ(lines_in(run.out), 1U);
      EXPECT_EQ(run.out.find("proves it"), std::string::npos);
    }
  }
  std::filesystem::remove_all(dir);
}

// The reproducer: a long run on a table, and a second run on the same
// file a moment later. The second is refused at once (one line, exit 2,
// naming the process), the first finishes with the true value, and the table
// serves the next run.
void two_runs_on_one_table(int rounds) {
  const std::string table = ::testing::TempDir() + "table_shared.table";
  const std::string long_board = "clobber(XOXOXOXOXO/OXOXOXOXOX)";  // 0, about 0.5 s here
  const std::string second_board = "clobber(XOXOXOXO/OXOXOXOX)";
  const nlohmann::json truth = cli_runner::grundy_json("value --max-moves 0 '" + second_board + "'");
  for (int round = 0; round < rounds; ++round) {
    std::filesystem::remove(table);
    SCOPED_TRACE("round " + std::to_string(round));
    // The first in the background; the second as soon as the lock is taken.
    const cli_runner::CliRun both = cli_runner::shell(
        "(timeout 60 " + std::string(GRUNDY_CLI_PATH) + " value --max-moves 0 --table " + table + " '" + long_board +
        "' > " + table + ".first 2>&1; echo \"first $?\" >> " + table + ".first) & i=0; while [ ! -s " + table +
        ".lock ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i+1)); done; start=$(date +%s%N); timeout 60 " +
        GRUNDY_CLI_PATH + " value --max-moves 0 --table " + table + " '" + second_board +
        "' 2>&1; echo \"second $? $(( ($(date +%s%N) - start) / 1000000 )) ms\"; wait");
    const std::string first = read_file(table + ".first");
    EXPECT_NE(first.find("Nim-value: 0"), std::string::npos) << first;
    EXPECT_NE(first.find("first 0"), std::string::npos) << first;
    const std::size_t at = both.out.find("second ");
    ASSERT_NE(at, std::string::npos) << both.out;
    const int status = std::stoi(both.out.substr(at + 7));
    const int ms = std::stoi(both.out.substr(both.out.find(' ', at + 7) + 1));
    EXPECT_LT(ms, 2000) << both.out;
    if (status == 2) {
      EXPECT_NE(both.out.find("in use by another grundy run (process "), std::string::npos) << both.out;
      EXPECT_EQ(lines_in(both.out.substr(0, at)), 1U) << both.out;
    } else {
      // The first had finished already (a loaded machine): then a value.
      EXPECT_EQ(status, 0) << both.out;
      EXPECT_NE(both.out.find("Nim-value: " + std::to_string(truth["value"].get<int>())), std::string::npos);
    }
    // Nothing left unusable: the table answers both boards now.
    EXPECT_EQ(cli_runner::grundy_json("value --max-moves 0 --table " + table + " '" + second_board + "'")["value"],
              truth["value"]);
    EXPECT_EQ(cli_runner::grundy_json("value --max-moves 0 --table " + table + " '" + long_board + "'")["value"], 0);
    EXPECT_FALSE(std::filesystem::exists(table + ".lock"));
    EXPECT_FALSE(std::filesystem::exists(table + ".grow"));
  }
  std::filesystem::remove(table);
  std::filesystem::remove(table + ".first");
}

TEST(TableLock, ASecondRunOnATableInUseIsRefusedAtOnceAndTheTableStaysWhole) { two_runs_on_one_table(3); }

TEST(TableLockLong, TwentyRoundsOfTwoRunsOnOneTable) { two_runs_on_one_table(20); }

// kill -9 leaves its lock file; the kernel has let go of the lock, so the
// next run takes it (and removes the growth's leftover beside it).
TEST(TableLock, ARunKilledByKillNineLeavesNoLockThatStopsTheNext) {
  const std::string table = ::testing::TempDir() + "table_killed.table";
  std::filesystem::remove(table);
  const cli_runner::CliRun killed = cli_runner::shell(
      "(" + std::string(GRUNDY_CLI_PATH) + " value --table " + table +
      " 'clobber(XOXOXOXOXOXO/OXOXOXOXOXOX)' >/dev/null 2>&1 & pid=$!; i=0; while [ ! -s " + table +
      ".lock ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i+1)); done; sleep 0.3; kill -9 $pid; wait $pid; echo \"status $?\")");
  EXPECT_NE(killed.out.find("status 137"), std::string::npos) << killed.out;
  EXPECT_TRUE(std::filesystem::exists(table + ".lock"));
  write_file(table + ".grow", "a growth cut short");
  EXPECT_EQ(cli_runner::grundy_json("value --max-moves 0 --table " + table + " 'clobber(XOXOX/OXOXO)'")["value"], 0);
  EXPECT_FALSE(std::filesystem::exists(table + ".grow"));
  EXPECT_FALSE(std::filesystem::exists(table + ".lock"));
  std::filesystem::remove(table);
}

// A table given as a symbolic link stays a link: the table grows where it
// points, and the next run through the link reads it.
TEST(TableFiles, ASymbolicLinkIsWrittenThroughAndKept) {
  const std::string dir = ::testing::TempDir() + "table_link/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir + "real");
  std::filesystem::create_symlink("real/nogo.table", dir + "link.table");
  EXPECT_EQ(cli_runner::grundy_json("value --max-moves 0 --table " + dir + "link.table 'nogo(..............)'")["value"],
            3);
  EXPECT_TRUE(std::filesystem::is_symlink(dir + "link.table"));
  ASSERT_TRUE(std::filesystem::is_regular_file(dir + "real/nogo.table"));
  EXPECT_GT(std::filesystem::file_size(dir + "real/nogo.table"), 4096U * 10);  // grown past its first size
  // A loop of links: one line, exit 2.
  std::filesystem::create_symlink("loop_b", dir + "loop_a");
  std::filesystem::create_symlink("loop_a", dir + "loop_b");
  cli_runner::expect_refused_in_one_line("value --table " + dir + "loop_a 'nogo(....)'", "cannot follow the symbolic link");
  std::filesystem::remove_all(dir);
}

// A header is judged before anything is mapped or read: an old table
// without checks is refused with what to do, and a sparse file claiming
// 2^30 slots (10 GiB) is refused under --memory 100 at once, and otherwise
// read without touching its holes (the 0.1 s position stays 0.1 s).
TEST(TableFiles, HeadersAreJudgedBeforeTheSlotsAreRead) {
  const std::string dir = ::testing::TempDir() + "table_headers/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string old(4096 + 9 * 4096, '\0');
  const std::string old_header = "grundy-part-table 1\ngame one-row NoGo\ncapacity 4096\n";
  old.replace(0, old_header.size(), old_header);
  write_file(dir + "old.table", old);
  cli_runner::expect_refused_in_one_line("value --table " + dir + "old.table 'nogo(.....)'",
                                         "a table file of an older grundy");
  const std::string header = "grundy-part-table 2\ngame one-row NoGo\ncapacity 1073741824\n";
  {
    std::ofstream out(dir + "sparse.table", std::ios::binary);
    out << header << std::string(4096 - header.size(), '\0');
  }
  std::filesystem::resize_file(dir + "sparse.table", 4096 + 10ULL * (1ULL << 30));
  const auto start = std::chrono::steady_clock::now();
  cli_runner::expect_refused_in_one_line("value --memory 100 --table " + dir + "sparse.table 'nogo(.......)'",
                                         "past the memory bound of 100 MiB");
  EXPECT_EQ(cli_runner::grundy_json("value --max-moves 0 --table " + dir + "sparse.table 'nogo(.......)'")["value"], 1);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
  std::filesystem::remove_all(dir);
}

}  // namespace
