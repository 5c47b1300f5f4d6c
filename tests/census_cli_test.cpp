// `grundy census` through the real program: its output and report, bad input
// (one line, exit 2, never a hang), Ctrl-C and the rerun, and the same census
// in one process, under `mpirun -np 1` and under `mpirun -np 3` giving the same
// database (timing and rank columns apart).
#include <gtest/gtest.h>

#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

namespace fs = std::filesystem;
using cli_runner::grundy;
using cli_runner::shell;

std::string fresh_db(const std::string& name) {
  const std::string path = ::testing::TempDir() + "census_cli_" + std::to_string(::getpid()) + "_" + name + ".sqlite";
  std::error_code ec;
  fs::remove(path, ec);
  fs::remove_all(path + ".checkpoints", ec);
  return path;
}

// mpirun as the tests run it: more ranks than cores allowed, root allowed
// (CI runs as root), a session folder of its own (TMPDIR: two mpiruns started
// at once on a fresh machine raced to make /tmp/ompi.HOST.UID, and the loser
// failed in orte_init).
std::string mpirun(int ranks) {
  return "TMPDIR=$(mktemp -d) timeout 120 mpirun --oversubscribe" + std::string(::geteuid() == 0 ? " --allow-run-as-root" : "") + " -np " +
         std::to_string(ranks) + " " + GRUNDY_CLI_PATH;
}

// The rows of a census database without the columns that differ between runs
// of the same census (seconds, rank, finished), one line a game.
std::string rows(const std::string& db) {
  sqlite3* handle = nullptr;
  std::string out;
  if (sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(handle);
    return "cannot open " + db;
  }
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(handle,
                     "SELECT game, kind, bound, status, preperiod, period, theorem, largest, largest_at, value, "
                     "sequence_hash, equivalent_to, shift, message, time_bound, version FROM results ORDER BY game",
                     -1, &s, nullptr);
  while (sqlite3_step(s) == SQLITE_ROW) {
    for (int i = 0; i < sqlite3_column_count(s); ++i) {
      const unsigned char* t = sqlite3_column_text(s, i);
      out += t ? reinterpret_cast<const char*>(t) : "NULL";
      out += '|';
    }
    out += '\n';
  }
  sqlite3_finalize(s);
  sqlite3_close(handle);
  return out;
}

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(CensusCli, OneDigitCensusAndItsReport) {
  const std::string db = fresh_db("one_digit");
  const auto run = grundy("census octal --digits 1 --upto 4095 --db " + db);
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("census octal --digits 1 --upto 4095: 15 games in 11 jobs"), std::string::npos) << run.out;
  const auto report = grundy("census report --db " + db);
  ASSERT_EQ(report.status, 0) << report.out;
  // Kayles' .77 is not among one-digit codes; 4.4 plays as it on heaps one smaller.
  EXPECT_NE(report.out.find("4.4: preperiod 72, period 12"), std::string::npos) << report.out;
  EXPECT_NE(report.out.find("0.6: none proven up to 4095"), std::string::npos) << report.out;
  const nlohmann::json j = cli_runner::grundy_json("census report --db " + db);
  EXPECT_EQ(j["classes"]["trivial"], 14);
  EXPECT_EQ(j["classes"]["open"], 1);
  EXPECT_EQ(j["games"].size(), 15U);
  const auto csv = grundy("census report --csv --db " + db);
  ASSERT_EQ(csv.status, 0);
  EXPECT_EQ(csv.out.rfind("game,kind,class,status,bound,", 0), 0U) << csv.out;
  EXPECT_EQ(lines(csv.out), 16U);
  // Run again: every job is in the database already; nothing is computed.
  const auto again = grundy("census octal --digits 1 --upto 4095 --db " + db);
  EXPECT_NE(again.out.find("11 jobs were already in"), std::string::npos) << again.out;
}

TEST(CensusCli, BadInputIsOneLineAndExitTwo) {
  struct Case {
    std::string args;
    std::string words;
  };
  const std::string foreign = cli_runner::temp_file("census_foreign.txt", "not a database\n");
  const std::vector<Case> cases = {
      {"census primes --db x.sqlite", "primes"},
      {"census boards cram --rows 5..3 --db " + fresh_db("bad1"), "--rows 5..3 is an empty range"},
      {"census boards chess --rows 2 --cols 2 --db " + fresh_db("bad2"), "chess"},
      {"census boards cram --rows 2 --cols 4..1 --db " + fresh_db("bad1b"), "--cols 4..1 is an empty range"},
      {"census boards clobber --rows 9 --cols 9 --db " + fresh_db("bad1c"), "census boards clobber: boards of at most 64 squares"},
      {"census codes .6,,.7 --db " + fresh_db("bad3"), "empty code"},
      {"census codes '' --db " + fresh_db("bad3b"), "at least one code"},
      {"census subtraction --max 0 --db " + fresh_db("bad4b"), "--max must be at least 1"},
      {"census subtraction --max 30 --db " + fresh_db("bad4"), "--max 30"},
      {"census octal --digits 2 --db /proc/grundy_census.sqlite", "/proc/grundy_census.sqlite"},
      {"census octal --digits 2 --db " + foreign, "not an SQLite file"},
      {"census octal --digits 2", "--db"},
      {"census report --db " + fresh_db("missing"), "does not exist"},
  };
  for (const Case& c : cases) {
    const auto run = grundy(c.args);
    EXPECT_EQ(run.status, 2) << c.args << "\n" << run.out;
    EXPECT_EQ(lines(run.out), 1U) << c.args << "\n" << run.out;
    EXPECT_NE(run.out.find(c.words), std::string::npos) << c.args << "\n" << run.out;
  }
  std::ifstream in(foreign);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "not a database\n");
}

TEST(CensusCli, CtrlCKeepsFinishedJobsAndTheRerunCompletes) {
  const std::string whole = fresh_db("whole");
  ASSERT_EQ(grundy("census octal --digits 2 --upto 32767 --db " + whole).status, 0);
  const std::string db = fresh_db("interrupted");
  const cli_runner::Signalled stopped = cli_runner::run_and_signal(
      {"census", "octal", "--digits", "2", "--upto", "32767", "--checkpoint-seconds", "0.1", "--db", db}, 0.6, SIGINT);
  ASSERT_TRUE(stopped.exited);
  EXPECT_EQ(stopped.status, 130) << stopped.err;
  EXPECT_NE(stopped.err.find("census interrupted; every finished job is in " + db), std::string::npos) << stopped.err;
  EXPECT_LT(lines(rows(db)), 127U);
  const auto rerun = grundy("census octal --digits 2 --upto 32767 --db " + db);
  ASSERT_EQ(rerun.status, 0) << rerun.out;
  EXPECT_EQ(rows(db), rows(whole));
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A database that is not what this grundy wrote — a schema changed by hand, a
// damaged header, a folder it cannot write its journal into, a /proc file — is
// refused within 5 s with one line and exit 2, and the file is left byte for
// byte as it was (the issue: a hang at 0% CPU, exit 1, files changed, -wal and
// -shm left behind).
TEST(CensusCli, ForeignSchemasAndDamagedHeadersAreRefusedUntouched) {
  const std::string good = fresh_db("intact");
  ASSERT_EQ(grundy("census subtraction --max 4 --db " + good).status, 0);
  const std::string original = file_bytes(good);
  struct Case {
    std::string name;
    std::string sql;    // run on a copy by the sqlite3 shell
    int header_byte;    // or: this header byte set to `value`
    int value;
    std::string words;
  };
  const std::vector<Case> cases = {
      {"drop_column", "ALTER TABLE results DROP COLUMN message", -1, 0, "has a schema this grundy did not write"},
      {"drop_table", "DROP TABLE results", -1, 0, "table results missing"},
      {"extra_index", "CREATE INDEX by_kind ON results(kind)", -1, 0, "index by_kind added"},
      {"trigger", "CREATE TRIGGER t AFTER INSERT ON results BEGIN DELETE FROM results; END", -1, 0, "trigger t added"},
      {"header18_zero", "", 18, 0, "file format version"},
      {"header18_three", "", 18, 3, "file format version"},
      {"header21", "", 21, 65, "payload fractions"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string db = fresh_db(c.name);
    {
      std::ofstream(db, std::ios::binary) << original;
    }
    if (!c.sql.empty()) {
      ASSERT_EQ(shell("sqlite3 " + db + " '" + c.sql + "' 2>&1").status, 0);
    } else {
      std::fstream f(db, std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(c.header_byte);
      f.put(static_cast<char>(c.value));
    }
    const std::string before = file_bytes(db);
    const auto start = std::chrono::steady_clock::now();
    const auto run = shell("timeout 20 " + std::string(GRUNDY_CLI_PATH) + " census subtraction --max 4 --db " + db +
                           " 2>&1 < /dev/null");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(run.status, 2) << run.out;
    EXPECT_EQ(lines(run.out), 1U) << run.out;
    EXPECT_NE(run.out.find(c.words), std::string::npos) << run.out;
    EXPECT_LT(seconds, 5.0);
    EXPECT_TRUE(file_bytes(db) == before) << "the refused file was changed";
    EXPECT_FALSE(fs::exists(db + "-wal") || fs::exists(db + "-shm")) << "SQLite's files left behind";
    const auto shown = grundy("census report --db " + db);
    EXPECT_EQ(shown.status, 2) << shown.out;
  }
  // A /proc file: the kernel says it is empty, yet it has text.
  const auto proc = grundy("census subtraction --max 4 --db /proc/version");
  EXPECT_EQ(proc.status, 2) << proc.out;
  EXPECT_NE(proc.out.find("/proc/version is not an SQLite file"), std::string::npos) << proc.out;
  // A writable database in a folder that is not (as another user when the
  // tests run as root, whom permissions do not stop).
  const std::string folder = ::testing::TempDir() + "census_cli_readonly_" + std::to_string(::getpid());
  fs::remove_all(folder);
  fs::create_directories(folder);
  const std::string inside = folder + "/census.sqlite";
  {
    std::ofstream(inside, std::ios::binary) << original;
  }
  fs::permissions(inside, fs::perms::owner_all | fs::perms::group_all | fs::perms::others_read | fs::perms::others_write);
  fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  // The user nobody may not reach the build folder (CI clones into a folder
  // of mode 700): a copy of the program beside the database.
  const std::string program = folder + "_grundy";
  fs::copy_file(GRUNDY_CLI_PATH, program, fs::copy_options::overwrite_existing);
  fs::permissions(program, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec);
  const std::string as_user = ::geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
  const auto readonly = shell(as_user + program + " census subtraction --max 4 --db " + inside + " 2>&1");
  EXPECT_EQ(readonly.status, 2) << readonly.out;
  EXPECT_EQ(lines(readonly.out), 1U) << readonly.out;
  EXPECT_NE(readonly.out.find("is not writable"), std::string::npos) << readonly.out;
  EXPECT_TRUE(file_bytes(inside) == original);
  // ... and a report of it, which writes nothing, works.
  EXPECT_EQ(shell(as_user + program + " census report --db " + inside + " 2>&1").status, 0);
  fs::permissions(folder, fs::perms::owner_all);
  fs::remove_all(folder);
  fs::remove(program);
}

// A database another program holds locked is waited on for 2 s at most and
// refused with a message; Ctrl-C during the wait exits 130 at once.
TEST(CensusCli, ALockedDatabaseIsRefusedAfterABoundedWaitAndCtrlCEndsTheWait) {
  const std::string db = fresh_db("locked");
  ASSERT_EQ(grundy("census subtraction --max 3 --db " + db).status, 0);
  const std::string holder = "python3 -c \"import sqlite3, time; c = sqlite3.connect('" + db +
                             "', isolation_level=None); c.execute('BEGIN EXCLUSIVE'); "
                             "c.execute('DELETE FROM meta WHERE 0'); print('locked', flush=True); time.sleep(3.5)\"";
  {
    const auto start = std::chrono::steady_clock::now();
    const auto run = shell(holder + " | (read line; " + GRUNDY_CLI_PATH + " census subtraction --max 3 --db " + db +
                           " 2>&1; echo status $?)");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_NE(run.out.find("is locked by another program"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("status 2"), std::string::npos) << run.out;
    EXPECT_GT(seconds, 1.5);
  }
  {
    const auto run = shell(holder + " | (read line; " + GRUNDY_CLI_PATH + " census subtraction --max 3 --db " + db +
                           " 2>&1 & p=$!; sleep 0.5; kill -INT $p; wait $p; echo status $?)");
    EXPECT_NE(run.out.find("status 130"), std::string::npos) << run.out;
  }
}

// A job that fails (here on its damaged checkpoint) is named, and the census
// exits non-zero (the issue: exit 0).
TEST(CensusCli, AFailedJobIsNamedAndTheCensusExitsNonZero) {
  const std::string db = fresh_db("failed_job");
  ASSERT_EQ(grundy("census codes 0.6 --upto 1000 --db " + db).status, 0);
  // Officers (.6) is computed as .37, which plays the same on heaps one smaller.
  const std::string checkpoint = db + ".checkpoints/0.37.checkpoint";
  ASSERT_TRUE(fs::exists(checkpoint));
  {
    std::fstream f(checkpoint, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(40);
    f.write("XXXX", 4);
  }
  const auto run = grundy("census codes 0.6 --upto 2000 --db " + db);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find("grundy: census job 0.37 (for 0.6) failed: checkpoint"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("is corrupt"), std::string::npos) << run.out;
}

// The embedded default and the distributed engine are the same command: the
// same rows from threads of one process, one MPI rank, and three MPI ranks.
TEST(CensusMpi, SameDatabaseInProcessAndUnderMpirun) {
  for (const std::string census : {"subtraction --max 7", "octal --digits 2 --upto 8191",
                                   "boards cram --rows 1..3 --cols 1..5", "boards clobber --rows 1..3 --cols 2..5"}) {
    SCOPED_TRACE(census);
    const std::string alone = fresh_db("alone");
    const std::string one = fresh_db("np1");
    const std::string three = fresh_db("np3");
    ASSERT_EQ(grundy("census " + census + " --jobs 2 --db " + alone).status, 0);
    const auto np1 = shell(mpirun(1) + " census " + census + " --db " + one + " 2>&1");
    ASSERT_EQ(np1.status, 0) << np1.out;
    const auto np3 = shell(mpirun(3) + " census " + census + " --db " + three + " 2>&1");
    ASSERT_EQ(np3.status, 0) << np3.out;
    EXPECT_NE(np3.out.find("2 workers (MPI, 3 ranks)"), std::string::npos) << np3.out;
    EXPECT_GT(lines(rows(alone)), 10U);
    EXPECT_EQ(rows(one), rows(alone));
    EXPECT_EQ(rows(three), rows(alone));
  }
}

TEST(CensusMpi, MoreWorkersThanJobsIsRefusedOnEveryRank) {
  const std::string db = fresh_db("too_many");
  const auto run = shell(mpirun(4) + " census codes .6,.7 --db " + db + " 2>&1");
  // mpirun passes on rank 0's status (and adds its own banner about it).
  EXPECT_EQ(run.status, 2) << run.out;
  const std::string message = "grundy: mpirun -np 4 makes 3 workers for a census of 2 jobs: use -np 3 or fewer\n";
  const auto at = run.out.find(message);
  ASSERT_NE(at, std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("grundy:", at + 1), std::string::npos) << "one line, once: " << run.out;
  EXPECT_FALSE(std::filesystem::exists(db)) << "nothing written";
}

TEST(CensusMpi, OtherCommandsRefuseToRunOnSeveralRanks) {
  const auto run = shell(mpirun(2) + " value 'nim(3)' 2>&1");
  EXPECT_NE(run.status, 0);
  EXPECT_NE(run.out.find("'value' runs in one process"), std::string::npos) << run.out;
}

}  // namespace
