// Files and paths a careless or hostile user gives the `grundy` command: each
// case refused with exit 2 and a message naming the file, or handled as a careful
// tool would — never an internal error, a replaced special file, a lost answer.
// Each through the real process (the reproducers of the hardening issue).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cli_runner.hpp"

namespace {

using CliOutput = cli_runner::CliRun;
using cli_runner::grundy;

// A fresh directory for one test.
std::string scratch(const std::string& name) {
  const std::string dir = testing::TempDir() + "grundy_hardening_" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string quoted(const std::string& path) { return "'" + path + "'"; }

TEST(Hardening, DirectoriesAsInputAreRefusedByName) {
  const std::string dir = scratch("dir_input");
  for (const std::string& args : {"value -f " + dir, "value 'cram(@" + dir + ")'", "value 'graph(@" + dir + ")(a)'",
                                  "boards " + dir}) {
    const CliOutput r = grundy(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("is a directory"), std::string::npos) << args << "\n" << r.out;
    EXPECT_EQ(r.out.find("internal error"), std::string::npos) << args << "\n" << r.out;
  }
}

TEST(Hardening, OutputToAFifoIsWrittenInPlaceAndStaysAFifo) {
  const std::string dir = scratch("fifo");
  const std::string fifo = dir + "/pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = read_all(fifo); });
  const CliOutput r = grundy("table 0.6 --upto 20 --output " + fifo);
  reader.join();
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(received.rfind("# g(n) of 0.6 for n = 0..20\n0\n0\n1\n", 0), 0U) << received;
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced by a regular file";
  EXPECT_FALSE(std::filesystem::exists(fifo + ".tmp"));
}

TEST(Hardening, OutputThroughASymbolicLinkKeepsTheLink) {
  const std::string dir = scratch("symlink");
  std::ofstream(dir + "/real") << "old\n";
  std::filesystem::create_symlink("real", dir + "/link");
  const CliOutput r = grundy("table 0.6 --upto 5 --output " + dir + "/link");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(std::filesystem::is_symlink(dir + "/link"));
  // Officers: g(0..5) = 0 0 1 2 0 1 (OEIS A046695).
  EXPECT_EQ(read_all(dir + "/real"), "# g(n) of 0.6 for n = 0..5\n0\n0\n1\n2\n0\n1\n");
}

TEST(Hardening, AFullDiskKeepsTheAnswerAndSaysWhy) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const CliOutput r = grundy("table 0.6 --upto 5 --output /dev/full");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("largest value: 2 at heap 3"), std::string::npos) << r.out;  // the answer, printed
  EXPECT_NE(r.out.find("/dev/full: cannot be written (No space left on device)"), std::string::npos) << r.out;
}

// A placement table that cannot be written at the end of a search (here the
// file-size limit, `ulimit -f`, with SIGXFSZ ignored so write(2) fails with
// EFBIG as on a full disk): the value is printed, the reason is named, the
// previous table stays whole and no temporary is left.
TEST(Hardening, APlacementTableThatCannotBeWrittenKeepsTheAnswerAndTheOldFile) {
  const std::string dir = scratch("table_write");
  const std::string table = dir + "/t.tbl";
  ASSERT_EQ(grundy("value 'cram(3x3)' --table " + table).status, 0);
  const std::string before = read_all(table);
  ASSERT_FALSE(before.empty());
  ASSERT_LT(before.size(), 2048u) << "the limit below must let the small table through";
  // ulimit -f counts 512-byte blocks in dash and 1024-byte ones in bash: 4
  // blocks is 2 or 4 KB, far below what Cram 4x7 stores (thousands of regions).
  const CliOutput r = cli_runner::shell("timeout 120 sh -c \"trap '' XFSZ; ulimit -f 4; exec " +
                                        std::string(GRUNDY_CLI_PATH) + " value 'cram(4x7)' --table " + table +
                                        "\" 2>&1 </dev/null");
  const std::string& out = r.out;
  EXPECT_EQ(r.status, 2) << out;
  EXPECT_NE(out.find("Nim-value: 3"), std::string::npos) << out;  // Cram 4x7 = 3 (docs/placement_results.md)
  EXPECT_NE(out.find("File too large"), std::string::npos) << "the system's reason:\n" << out;
  EXPECT_NE(out.find("the answer above stands"), std::string::npos) << out;
  EXPECT_EQ(read_all(table), before) << "the previous table must stay whole";
  EXPECT_FALSE(std::filesystem::exists(table + ".tmp"));
}

TEST(Hardening, UnwritablePathsAreRefusedBeforeTheWork) {
  const std::string dir = scratch("paths");
  CliOutput r = grundy("table 0.6 --upto 5 --output " + dir + "/nodir/x.txt");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("nodir does not exist"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("rule 0.6"), std::string::npos) << "refused only after the work:\n" << r.out;
  r = grundy("value 'cram(3x3)' --table " + dir + "/nodir/t.tbl");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("nodir does not exist"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Nim-value"), std::string::npos) << "refused only after the search:\n" << r.out;
  r = grundy("table 0.6 --upto 5 --output " + dir);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("is a directory"), std::string::npos) << r.out;
  // A table is read and written back: a device would be read without end.
  r = grundy("value 'cram(3x3)' --table /dev/zero");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("not a regular file"), std::string::npos) << r.out;
}

TEST(Hardening, AReadOnlyCheckpointIsReadButNeverReplaced) {
  const std::string dir = scratch("readonly");
  const std::string checkpoint = dir + "/officers.ckpt";
  ASSERT_EQ(grundy("table 0.6 --upto 5000 --checkpoint " + checkpoint).status, 0);
  const std::string before = read_all(checkpoint);
  ASSERT_FALSE(before.empty());
  ASSERT_EQ(::chmod(checkpoint.c_str(), 0444), 0);
  // Covered by the checkpoint: read, nothing to write, so read-only is fine.
  CliOutput r = grundy("table 0.6 --upto 100 --checkpoint " + checkpoint);
  EXPECT_EQ(r.status, 0) << r.out;
  // Needs more heaps: refused up front rather than renaming a writable file over it.
  r = grundy("table 0.6 --upto 30000 --checkpoint " + checkpoint);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("is read-only"), std::string::npos) << r.out;
  struct stat st {};
  ASSERT_EQ(::stat(checkpoint.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0444U);
  EXPECT_EQ(read_all(checkpoint), before);
}

TEST(Hardening, AShortRunNeverShrinksALongCheckpoint) {
  const std::string dir = scratch("shrink");
  const std::string checkpoint = dir + "/officers.ckpt";
  ASSERT_EQ(grundy("table 0.6 --upto 20000 --checkpoint " + checkpoint).status, 0);
  const auto size = std::filesystem::file_size(checkpoint);
  ASSERT_EQ(grundy("table 0.6 --upto 10 --checkpoint " + checkpoint).status, 0);
  EXPECT_EQ(std::filesystem::file_size(checkpoint), size);
}

TEST(Hardening, NonUtf8FileNamesInJson) {
  const std::string dir = scratch("utf8");
  const std::string name = dir + "/o\xff.txt";
  const CliOutput r = grundy("table 0.6 --upto 5 --json --output " + quoted(name));
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);  // valid JSON: the byte became U+FFFD
  EXPECT_EQ(j["output"]["file"].get<std::string>(), dir + "/o\xef\xbf\xbd.txt");
  EXPECT_TRUE(std::filesystem::exists(name));
}

TEST(Hardening, NulBytesInFileNamesAreRefused) {
  const std::string dir = scratch("nul");
  const std::string file = dir + "/expr.txt";
  std::string text = "cram(@\"" + dir + "/a";
  text.push_back('\0');
  text += "b\")";
  std::ofstream(file, std::ios::binary) << text;
  const CliOutput r = grundy("value -f " + file);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("NUL"), std::string::npos) << r.out;
}

TEST(Hardening, LimitsCarryThePlace) {
  const CliOutput r = grundy("value 'nim(1) + lasker(18446744073709551615)'");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("column 10: heap 18446744073709551615 is beyond the largest heap lasker can value"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(grundy("value 'lasker(18446744073709551614)'").status, 0);
}

TEST(Hardening, MemoryBoundsThatAreNotNumbersAreRefused) {
  for (const std::string bad : {"nan", "inf", "1e30", "-1"}) {
    for (const std::string command : {"value 'nim(3)'", "boards -", "graph /dev/null"}) {
      const CliOutput r = grundy(command + " --memory " + bad);
      EXPECT_EQ(r.status, 2) << command << " --memory " << bad << "\n" << r.out;
      EXPECT_NE(r.out.find("--memory"), std::string::npos) << r.out;
    }
  }
  EXPECT_EQ(grundy("value 'cram(3x3)' --table-seconds nan").status, 2);
  EXPECT_EQ(grundy("table 0.6 --upto 5 --checkpoint-seconds nan").status, 2);
}

}  // namespace

namespace {

// A 1023-digit code at heap 10^18: its period is not proven, and before the
// bounds scaled with the number of splitting digits it computed 65536 heaps of
// 1023 splitting digits each (hours). Now refused after 4096 heaps, with the
// code quoted as an excerpt, not 1025 characters.
TEST(Hardening, LongCodesAreBoundedAndQuotedShort) {
  const std::string code = "0." + std::string(1023, '7');
  const CliOutput r = grundy("value '" + code + "(1000000000000000000)'");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("no period of the rule is proven within the first"), std::string::npos) << r.out;
  EXPECT_LT(r.out.size(), 400U) << r.out;
}

// Every parser fed 10^6 levels of nesting — brackets of CGSuite's notation
// (the issue: SIGSEGV at 50 000), parentheses, braces, inline graphs — from a
// file and on standard input: one line, exit 2 with the place, never a signal.
// A template or bound on the command line is limited to 128 KiB by the
// kernel: 60 000 levels there.
TEST(Hardening, AMillionLevelsOfNestingAreRefusedNeverASignal) {
  const std::string dir = scratch("nesting");
  const std::size_t n = 1'000'000;
  const std::vector<std::pair<std::string, char>> nests = {
      {"*[", ']'}, {"[", ']'}, {"(", ')'}, {"{", '}'}, {"nim(", ')'}, {"a(", ')'}};
  for (const auto& [open, close] : nests) {
    std::string text;
    for (std::size_t i = 0; i < n; ++i) text += open;
    text += '1';
    text.append(n, close);
    const std::string file = dir + "/deep.txt";
    std::ofstream(file, std::ios::binary) << text << "\n";
    for (const std::string& args : std::vector<std::string>{"misere -f " + file, "value -f " + file, "explain -f " + file, "value --misere -f " + file,
          "graph " + file, "boards " + file, "value 'nodekayles(@" + file + ")'", "value 'cram(@" + file + ")'",
          "value 'graph(@" + file + ")(a)'", "misere -f -", "value -f -", "value --batch"}) {
      const CliOutput r = args.find(" -") != std::string::npos && args.back() == '-' ? grundy(args, text)
                          : args == "value --batch"                                  ? grundy(args, text)
                                                                                     : grundy(args);
      EXPECT_EQ(r.status, 2) << open << " | " << args << "\n" << r.out.substr(0, 300);
      EXPECT_LE(std::count(r.out.begin(), r.out.end(), '\n'), 1) << open << " | " << args;
    }
  }
  std::string deep;
  for (int i = 0; i < 60'000; ++i) deep += '(';
  deep += 'k';
  deep.append(60'000, ')');
  std::string stars;
  for (int i = 0; i < 40'000; ++i) stars += "*[";
  stars.append(40'000, ']');
  for (const std::string& args : std::vector<std::string>{"pattern 'sub{1," + deep + "}' --over k=1..3", "pattern 'sub{1,k}' --over 'k=" + deep + "'",
                                  "table '" + deep + "'", "quotient '" + deep + "'", "misere '" + stars + "'",
                                  "value '" + deep + "'"}) {
    const CliOutput r = grundy(args);
    EXPECT_EQ(r.status, 2) << args.substr(0, 40) << "\n" << r.out.substr(0, 300);
  }
}

}  // namespace
