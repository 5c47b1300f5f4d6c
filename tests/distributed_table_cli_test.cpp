// `mpirun -np N grundy table …` through the real program: the distributed
// table run across MPI ranks gives the files of one process, byte for byte;
// a rank killed mid-run loses nothing the checkpoint holds; a damaged
// checkpoint is refused on every rank. Skipped where grundy was built
// without MPI (GRUNDY_CLI_HAS_MPI).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_runner.hpp"

namespace {

using cli_runner::CliRun;
using cli_runner::shell;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// One process (np 0) or mpirun with np ranks; --oversubscribe: three ranks on
// the two cores of CI; --allow-run-as-root: CI runs as root. Each mpirun gets
// a session folder of its own (TMPDIR): two started at once on a fresh
// machine both made /tmp/ompi.HOST.UID, and the one that lost failed in
// orte_init ("File exists", seen in a fresh clone's ctest -j2, 2026-12-02).
CliRun table(int np, const std::string& args) {
  std::string command = np > 0 ? "TMPDIR=$(mktemp -d) timeout 300 " : "timeout 300 ";
  if (np > 0) command += "mpirun --oversubscribe --allow-run-as-root -np " + std::to_string(np) + " ";
  return shell(command + GRUNDY_CLI_PATH + " table " + args + " --quiet 2>&1 < /dev/null");
}

#ifdef GRUNDY_CLI_HAS_MPI
#define REQUIRE_MPI()
#else
#define REQUIRE_MPI() GTEST_SKIP() << "grundy was built without MPI"
#endif

// Officers to 10^6 in one process and under mpirun with 2 and 3 ranks: the
// same bytes in the output file, text and binary; the JSON report of a
// distributed run says how many ranks verified and what they did.
TEST(DistributedTableCli, OfficersTo10p6UnderMpirunIsByteIdentical) {
  REQUIRE_MPI();
  const std::string dir = ::testing::TempDir();
  for (const char* format : {"binary", "text"}) {
    SCOPED_TRACE(format);
    std::string files[3];
    // Text (the same values, another writer) with 3 ranks only: the suite's time.
    for (int np : {0, 2, 3}) {
      if (std::string(format) == "text" && np == 2) continue;
      const std::string out = dir + "officers_np" + std::to_string(np) + "." + format;
      std::filesystem::remove(out);
      const CliRun run = table(np, std::string("officers --upto 1000000 --no-values --json --format ") + format +
                                       " --output " + out);
      ASSERT_EQ(run.status, 0) << run.out;
      const auto j = nlohmann::json::parse(run.out);
      EXPECT_EQ(j["computed"], 1065537);  // and 65536 heaps past --upto in search of a proof, as ever
      if (np > 0) {
        EXPECT_EQ(j["distributed"]["ranks"], np);
        EXPECT_EQ(j["distributed"]["transport"], "MPI, " + std::to_string(np) + " ranks");
        EXPECT_GT(j["distributed"]["failures"], 0);  // the rare values before 20628, found by verifiers
      } else {
        EXPECT_FALSE(j.contains("distributed"));
      }
      files[np == 0 ? 0 : np - 1] = read_file(out);
      std::filesystem::remove(out);
    }
    ASSERT_GT(files[0].size(), 1000000U);
    if (std::string(format) == "binary") {
      EXPECT_TRUE(files[1] == files[0]);
    }
    EXPECT_TRUE(files[2] == files[0]);
  }
}

// Grundy's game under mpirun equals one process (2^24 is in the Long test of
// take_and_break_distributed_test.cpp, through the same protocol on threads).
TEST(DistributedTableCli, GrundysGameUnderMpirunEqualsOneProcess) {
  REQUIRE_MPI();
  const std::string dir = ::testing::TempDir();
  const std::string one = dir + "grundy_one.bin";
  const std::string spread = dir + "grundy_spread.bin";
  ASSERT_EQ(table(0, "grundy --upto 200000 --no-values --format binary --output " + one).status, 0);
  const CliRun run = table(3, "grundy --upto 200000 --no-values --format binary --output " + spread);
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(read_file(one) == read_file(spread));
}

// A checkpoint with one flipped byte: refused under mpirun (rank 0 says so
// once, every rank ends, exit 2), and without it; the file is left as it was.
TEST(DistributedTableCli, DamagedCheckpointIsRefusedOnEveryRank) {
  REQUIRE_MPI();
  const std::string ckpt = ::testing::TempDir() + "damaged.ckpt";
  std::filesystem::remove(ckpt);
  ASSERT_EQ(table(2, "officers --upto 50000 --no-values --checkpoint " + ckpt).status, 0);
  std::string bytes = read_file(ckpt);
  ASSERT_GT(bytes.size(), 1000U);
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x10);
  std::ofstream(ckpt, std::ios::binary) << bytes;
  for (int np : {2, 3, 0}) {
    SCOPED_TRACE(np);
    const CliRun run = table(np, "officers --upto 80000 --no-values --checkpoint " + ckpt);
    EXPECT_EQ(run.status, 2) << run.out;
    EXPECT_NE(run.out.find("is corrupt (checksum mismatch)"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("internal error"), std::string::npos) << run.out;
    EXPECT_TRUE(read_file(ckpt) == bytes);
  }
  std::filesystem::remove(ckpt);
}

// SIGTERM to mpirun (as Ctrl-C or a batch system's kill): it forwards SIGTERM to
// every rank, rank 0 saves the verified prefix and says so; the rerun resumes
// from it and writes the values of one process.
TEST(DistributedTableCli, SigtermToMpirunSavesTheCheckpoint) {
  REQUIRE_MPI();
  const std::string dir = ::testing::TempDir();
  const std::string ckpt = dir + "sigterm.ckpt";
  std::filesystem::remove(ckpt);
  // Stopped once the ranks are computing (rank 0's progress line shows heaps
  // verified), not after a fixed time: under the load of a whole ctest on a
  // fresh machine, mpirun had not started its ranks 4 s after it was launched.
  const std::string log = dir + "sigterm.log";
  // A log of an earlier run would satisfy the wait below at once, before
  // mpirun's shell truncates it: removed first.
  std::filesystem::remove(log);
  const CliRun stopped = shell(
      "timeout 120 sh -c 'TMPDIR=$(mktemp -d) mpirun --oversubscribe --allow-run-as-root -np 2 " + std::string(GRUNDY_CLI_PATH) +
      " table officers --upto 100000000 --no-values --progress --checkpoint " + ckpt + " < /dev/null > " + log +
      " 2>&1 & pid=$!; i=0; while [ $i -lt 600 ] && ! grep -q \"verified [1-9]\" " + log +
      "; do sleep 0.1; i=$((i+1)); done; kill -TERM $pid; wait $pid; cat " + log + "' 2>&1");
  EXPECT_NE(stopped.out.find("interrupted: checkpoint written"), std::string::npos) << stopped.out;
  // The progress lines never told a negative time left (the first line, with
  // no heap verified yet, said "ETA -2147483648h-8m").
  EXPECT_EQ(stopped.out.find("ETA -"), std::string::npos) << stopped.out;
  ASSERT_TRUE(std::filesystem::exists(ckpt)) << stopped.out;
  const std::string one = dir + "sigterm_one.bin";
  const std::string resumed = dir + "sigterm_resumed.bin";
  ASSERT_EQ(table(0, "officers --upto 100000 --no-values --format binary --output " + one).status, 0);
  const CliRun rerun = table(2, "officers --upto 100000 --no-values --json --format binary --output " + resumed +
                                    " --checkpoint " + ckpt);
  ASSERT_EQ(rerun.status, 0) << rerun.out;
  EXPECT_GT(nlohmann::json::parse(rerun.out)["resumed_from"], 0);
  EXPECT_TRUE(read_file(one) == read_file(resumed));
  std::filesystem::remove(ckpt);
}

// kill -9 of a rank (rank 0 or a verifier) at random moments, twice, then a
// run to the end: its output equals the uninterrupted run's. The script does
// this 20 times at 10^7 (docs/testing.md).
TEST(DistributedTableCli, KilledRanksResumeFromTheCheckpoint) {
  REQUIRE_MPI();
  const CliRun run = shell("timeout 600 bash " GRUNDY_SOURCE_DIR "/scripts/distributed_kill_test.sh " GRUNDY_CLI_PATH
                           " 1000000 2 7 2>&1");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("output after 2 kills equals the uninterrupted run"), std::string::npos) << run.out;
}

// Long (check-long): Officers to 10^8 in one process and under mpirun with 2
// and 3 ranks, byte-identical binary files (about 6 minutes on 2 cores).
TEST(DistributedTableCliLong, OfficersTo10p8UnderMpirunIsByteIdentical) {
  REQUIRE_MPI();
  const std::string dir = ::testing::TempDir();
  std::string files[3];
  for (int np : {0, 2, 3}) {
    const std::string out = dir + "officers8_np" + std::to_string(np) + ".bin";
    const CliRun run = shell(std::string("timeout 3000 ") +
                             (np > 0 ? "mpirun --oversubscribe --allow-run-as-root -np " + std::to_string(np) + " " : "") +
                             GRUNDY_CLI_PATH + " table officers --upto 100000000 --no-values --quiet --format binary --output " +
                             out + " 2>&1 < /dev/null");
    ASSERT_EQ(run.status, 0) << run.out;
    files[np == 0 ? 0 : np - 1] = read_file(out);
    std::filesystem::remove(out);
  }
  ASSERT_EQ(files[0].size(), 16 + 2 * 100000001U);
  EXPECT_TRUE(files[1] == files[0]);
  EXPECT_TRUE(files[2] == files[0]);
}

}  // namespace
