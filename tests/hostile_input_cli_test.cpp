// Issue 36 (hardening 2) through the real process: every file the program
// reads goes through one reader (include/grundy/core/input_file.hpp) that refuses
// what is not a regular file or a pipe, bounds what it reads, and hears Ctrl-C
// while it waits; limits given on the command line are refused with their
// column before any work. Each test failed on the main branch before the
// change (the finding's number is in its name).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.hpp"
#include "measured_run.hpp"

namespace {

using cli_runner::CliRun;
using cli_runner::grundy;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

// The issue's bound on a refused or stopped run's memory (more under a
// sanitizer: measured_run.hpp).
constexpr double kMostMegabytes = 100 + measured_run::kSanitizerMegabytes;

// What one run did (measured_run.hpp): its exit, the time from the signal
// (or from the start, when it ended before the signal) to its end, its peak
// resident memory, its stderr.
using Ended = measured_run::Measured;

// `grundy ARGS…` with stdin from /dev/null, SIG after AFTER seconds unless it
// ended already.
Ended run_signalled(const std::vector<std::string>& args, double after, int sig) {
  return measured_run::run(args, after, sig);
}

// A FIFO nobody writes to (its name removed with the object).
struct Fifo {
  std::string path;
  Fifo() : path(::testing::TempDir() + "grundy_hostile_" + std::to_string(::getpid()) + ".fifo") {
    std::filesystem::remove(path);
    if (::mkfifo(path.c_str(), 0600) != 0) ADD_FAILURE() << "mkfifo " << path;
  }
  ~Fifo() { std::filesystem::remove(path); }
};

// Finding 2: a FIFO with no writer blocked the open for ever; SIGINT and
// SIGTERM were ignored (the run blocks them outside its watcher thread).
TEST(HostileInput, Finding2_CtrlCEndsAWaitOnAFifoWithNoWriter) {
  const Fifo fifo;
  const std::vector<std::vector<std::string>> commands = {
      {"value", "-f", fifo.path},  {"misere", "-f", fifo.path},  {"explain", "-f", fifo.path},
      {"graph", fifo.path},        {"value", "graph(@" + fifo.path + ")(a)"},
      {"value", "cram(@" + fifo.path + ")"}};
  for (const auto& args : commands) {
    for (const int sig : {SIGINT, SIGTERM}) {
      const Ended run = run_signalled(args, 0.4, sig);
      EXPECT_FALSE(run.ended_before_signal) << args[1] << ": " << run.err;
      EXPECT_EQ(run.status, 128 + sig) << args[0] << " " << args[1] << ": " << run.err;  // 130, 143
      EXPECT_LT(run.seconds, 1.0) << args[1];
      EXPECT_LT(run.peak_megabytes, kMostMegabytes) << args[1];
      EXPECT_EQ(lines(run.err), 1U) << run.err;
      EXPECT_TRUE(contains(run.err, "interrupted")) << run.err;
    }
  }
}

// Finding 2, the files grundy writes itself (checkpoints, saved quotients,
// placement tables): a FIFO there is refused at once, never waited on.
TEST(HostileInput, Finding2_AFifoAsACheckpointOrSavedQuotientIsRefusedAtOnce) {
  const Fifo fifo;
  const std::vector<std::vector<std::string>> commands = {
      {"quotient", "kayles", "--checkpoint", fifo.path},
      {"value", "kayles(3,4)", "--misere", "--quotient", fifo.path},
      {"table", "kayles", "--upto", "100", "--checkpoint", fifo.path},
      {"value", "cram(3x3)", "--table", fifo.path}};
  for (const auto& args : commands) {
    const Ended run = run_signalled(args, 5.0, SIGKILL);
    EXPECT_TRUE(run.ended_before_signal) << args[0] << ": waited on the FIFO";
    EXPECT_EQ(run.status, 2) << args[0] << ": " << run.err;
    EXPECT_TRUE(contains(run.err, "not a regular file")) << run.err;
    EXPECT_TRUE(contains(run.err, fifo.path)) << run.err;
    EXPECT_EQ(lines(run.err), 1U) << run.err;
  }
}

// Finding 1: /dev/zero and /dev/urandom as a checkpoint or a saved quotient
// were read without bound (3.9 GB), SIGINT ignored, "out of memory" exit 1.
// Now every reader refuses a device before reading a byte: one line, exit 2,
// well within the second the issue allows, in little memory. (The Must show's
// "SIGINT within 1 s, exit 130" asks for a run that waits; these do not wait
// at all: the SIGINT, sent after 0.5 s, finds them ended.)
TEST(HostileInput, Finding1_DevicesAreRefusedBeforeAnyRead) {
  const std::vector<std::vector<std::string>> commands = {
      {"quotient", "kayles", "--checkpoint", "/dev/zero"},
      {"quotient", "kayles", "--checkpoint", "/dev/urandom"},
      {"value", "kayles(3,4)", "--misere", "--quotient", "/dev/zero"},
      {"value", "kayles(3,4)", "--misere", "--quotient", "/dev/urandom"},
      {"table", "kayles", "--upto", "100", "--checkpoint", "/dev/zero"},
      {"value", "graph(@/dev/zero)(a)"},
      {"value", "graph(@/dev/urandom)(a)"},
      {"value", "-f", "/dev/zero"},
      {"misere", "-f", "/dev/urandom"},
      {"graph", "/dev/zero"},
      {"boards", "/dev/zero"}};
  for (const auto& args : commands) {
    const Ended run = run_signalled(args, 0.5, SIGINT);
    EXPECT_TRUE(run.ended_before_signal) << args[0] << " " << args[1] << ": " << run.err;
    EXPECT_EQ(run.status, 2) << args[0] << " " << args[1] << ": " << run.err;
    EXPECT_LT(run.peak_megabytes, kMostMegabytes) << args[1];
    EXPECT_TRUE(contains(run.err, "is a device")) << run.err;
    EXPECT_EQ(lines(run.err), 1U) << run.err;
  }
}

// An endless pipe the user gives (a FIFO whose writer never stops) is read
// up to the bound of 64 MiB, never past it: exit 2 naming the bound, in less
// than 100 MB (the text grows by doubling, capped at the bound).
TEST(HostileInput, Finding1_AnEndlessPipeStopsAtTheBoundInLittleMemory) {
  const Fifo fifo;
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    const int out = ::open(fifo.path.c_str(), O_WRONLY);
    if (out < 0) return;
    const std::string zeros(1 << 16, '\0');
    ::signal(SIGPIPE, SIG_IGN);
    while (!stop && ::write(out, zeros.data(), zeros.size()) > 0) {
    }
    ::close(out);
  });
  const Ended run = run_signalled({"value", "-f", fifo.path}, 20, SIGKILL);
  stop = true;
  // Unblock a writer still waiting in open (the reader ended before opening).
  const int unblock = ::open(fifo.path.c_str(), O_RDONLY | O_NONBLOCK);
  writer.join();
  if (unblock >= 0) ::close(unblock);
  EXPECT_TRUE(run.ended_before_signal);
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_TRUE(contains(run.err, "64 MiB")) << run.err;
  EXPECT_LT(run.peak_megabytes, kMostMegabytes);
}

// A dangling symbolic link and a directory given where a file is read.
TEST(HostileInput, Finding1_ADanglingLinkIsNamedAsSuch) {
  const std::string link = ::testing::TempDir() + "grundy_hostile_dangling_" + std::to_string(::getpid());
  std::filesystem::remove(link);
  std::filesystem::create_symlink("/nonexistent/grundy/target", link);
  for (const std::string& args : {"value -f " + link, "value 'graph(@" + link + ")(a)'", "graph " + link}) {
    const CliRun run = grundy(args);
    EXPECT_EQ(run.status, 2) << args << ": " << run.out;
    EXPECT_TRUE(contains(run.out, "symbolic link to a file that does not exist")) << run.out;
    EXPECT_EQ(lines(run.out), 1U) << run.out;
  }
  std::filesystem::remove(link);
}

// Finding 3: 2^64 was read by CLI11 as 2^64 - 1 and taken; at 2^64 - 1 the
// pattern's side upto + 1 wrapped to 0 and the bound on cells passed, then
// the enumeration grew to 7.3 GB. Each refused at once, with its column.
TEST(HostileInput, Finding3_HugeLimitsAreRefusedWithTheirColumn) {
  for (const std::string args : {"pattern 'bash(m)' --upto 18446744073709551616",
                                  "quotient kayles --upto 18446744073709551616",
                                  "quotient 4.7 --upto 99999999999999999999999",
                                  "table kayles --upto 18446744073709551616"}) {
    const CliRun run = grundy(args);
    EXPECT_EQ(run.status, 2) << args << ": " << run.out;
    EXPECT_TRUE(contains(run.out, "--upto: column 20: ")) << run.out;
    EXPECT_EQ(lines(run.out), 1U) << run.out;
  }
  const CliRun letters = grundy("quotient kayles --upto 12x");
  EXPECT_EQ(letters.status, 2);
  EXPECT_TRUE(contains(letters.out, "column 3")) << letters.out;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"pattern", "bash(m)", "--upto", "18446744073709551615"},
        {"pattern", "wythoff(a,b)", "--upto", "18446744073709551615"},
        {"pattern", "nim(a,b,c)", "--upto", "18446744073709551615"},
        {"pattern", "sub{1,k}", "--over", "k=2..9000", "--upto", "49999999"}}) {
    const Ended run = run_signalled(args, 5.0, SIGKILL);
    EXPECT_TRUE(run.ended_before_signal) << args[1];
    EXPECT_EQ(run.status, 2) << args[1] << ": " << run.err;
    EXPECT_LT(run.peak_megabytes, kMostMegabytes) << args[1];
    EXPECT_EQ(lines(run.err), 1U) << run.err;
  }
  // The members' tables against the memory bound, before the first is made.
  const Ended members = run_signalled({"pattern", "sub{1,k}", "--over", "k=2..9000", "--upto", "49999999"}, 5, SIGKILL);
  EXPECT_TRUE(contains(members.err, "memory bound")) << members.err;
}

// Found by the long fuzz run of the pattern-ranges harness: an outer range of
// 2^32 around an inner one empty for each of its values gave no member and
// walked for minutes. Refused at once.
TEST(HostileInput, LongRangesAroundEmptyOnesAreRefusedAtOnce) {
  for (const std::string over : {"k=1..4294967296,e=1..-1", "k=1..999999999999,e=5..1"}) {
    const Ended run = run_signalled({"pattern", "sub{k,e}", "--over", over}, 10.0, SIGKILL);
    EXPECT_TRUE(run.ended_before_signal) << over;
    EXPECT_EQ(run.status, 2) << over << ": " << run.err;
    EXPECT_LT(run.seconds, 5.0) << over;
    EXPECT_TRUE(contains(run.err, "narrow them")) << run.err;
    EXPECT_EQ(lines(run.err), 1U) << run.err;
  }
}

// Finding 3: `--checkpoint ''` was taken as no checkpoint, and nothing saved.
TEST(HostileInput, Finding3_AnEmptyFileNameIsRefused) {
  for (const std::string args : {"quotient kayles --checkpoint ''", "table kayles --upto 10 --checkpoint ''",
                                  "table kayles --upto 10 --output ''", "value 'cram(3x3)' --table ''",
                                  "census codes kayles --db ''"}) {
    const CliRun run = grundy(args);
    EXPECT_EQ(run.status, 2) << args << ": " << run.out;
    EXPECT_TRUE(contains(run.out, "the file name is empty")) << run.out;
    EXPECT_EQ(lines(run.out), 1U) << run.out;
  }
}

// Finding 4: `grundy misere` printed *[2#0] and refused it as input
// (column 4: expected ',' or ']'); *2 was "expected a ruleset name". Every
// form it prints — the form, its options, its mate — is read back by it and
// names the same game.
TEST(HostileInput, Finding4_MisereFormsParseBack) {
  for (const std::string input : {"*[2#0]", "*2#", "*2", "*[2[2]321]", "*[(2#1)2##]", "kayles(5) + dawson(4)",
                                   "*[((2#0)2[#1]2#)(2#1)[1]]", "*[&12;]"}) {
    const nlohmann::json first = cli_runner::grundy_json("misere '" + input + "'");
    const std::string form = first["form"];
    std::vector<std::string> printed = {form, first["mate"].get<std::string>()};
    for (const auto& option : first["options"]) printed.push_back(option.get<std::string>());
    for (const std::string& text : printed) {
      const nlohmann::json again = cli_runner::grundy_json("misere '" + text + "'");
      EXPECT_EQ(again["form"], text) << input << " printed " << text;
    }
  }
}

// Finding 6: '\357' alone was printed for '２' (three bytes), and a
// 120 000-character --over range was quoted whole.
TEST(HostileInput, Finding6_MessagesQuoteWholeCharactersAndStayShort) {
  const CliRun wide = grundy("misere '*[２]'");
  EXPECT_EQ(wide.status, 2) << wide.out;
  EXPECT_TRUE(contains(wide.out, "'２'")) << wide.out;
  EXPECT_FALSE(contains(wide.out, "\\357")) << wide.out;
  const CliRun combining = grundy("value 'nim(3)e\xCC\x81'");
  EXPECT_EQ(combining.status, 2) << combining.out;
  EXPECT_TRUE(contains(combining.out, "'e\xCC\x81'")) << combining.out;
  const std::string deep(120000, '(');
  const CliRun longest = grundy("pattern 'sub{1,k}' --over 'k=" + deep + "'");
  EXPECT_EQ(longest.status, 2);
  EXPECT_LT(longest.out.size(), 700U) << longest.out.substr(0, 800);
  EXPECT_EQ(lines(longest.out), 1U);
  const CliRun high = grundy("pattern 'sub{1,k}' --over 'k=1..x" + deep + "'");
  EXPECT_EQ(high.status, 2);
  EXPECT_LT(high.out.size(), 700U);
  EXPECT_TRUE(contains(high.out, "column 6")) << high.out.substr(0, 800);
}

// Finding 7: `grundy quotient 4.7` (no --upto; the quotient keeps growing)
// ran until interrupted, said nothing on the way and kept nothing. Its
// progress line says how to bound it; Ctrl-C prints the quotient of the heaps
// done, then exit 130; with --checkpoint it is saved and a rerun resumes.
TEST(HostileInput, Finding7_AGrowingQuotientSaysHowToBoundItAndKeepsItsWork) {
  const std::string cli = GRUNDY_CLI_PATH;
  const CliRun run = cli_runner::shell("timeout --preserve-status -s INT 3 " + cli + " quotient 4.7 --progress 2>&1");
  EXPECT_EQ(run.status, 130) << run.out;
  EXPECT_TRUE(contains(run.out, "bound it with --upto N")) << run.out;
  EXPECT_TRUE(contains(run.out, "Misère quotient of 4.7, heaps 0..")) << run.out;
  EXPECT_TRUE(contains(run.out, "the quotient above is of heaps 0..")) << run.out;
  const std::string checkpoint = ::testing::TempDir() + "grundy_hostile_47.mq";
  std::filesystem::remove(checkpoint);
  const CliRun saved =
      cli_runner::shell("timeout --preserve-status -s INT 2 " + cli + " quotient 4.7 --checkpoint " + checkpoint + " 2>&1");
  EXPECT_EQ(saved.status, 130) << saved.out;
  EXPECT_TRUE(contains(saved.out, "is saved in " + checkpoint)) << saved.out;
  const CliRun resumed = grundy("quotient 4.7 --upto 5 --checkpoint " + checkpoint + " --json");
  EXPECT_TRUE(std::filesystem::exists(checkpoint));
  std::filesystem::remove(checkpoint);
  (void)resumed;
}

// `timeout` and a batch system signal the command and then its process group:
// the same SIGINT twice within microseconds. It once counted as a second
// Ctrl-C, and the process died of it without printing or saving its work (a
// failure of the test above in CI). Two signals 10 ms apart are one request.
TEST(HostileInput, TheSameSignalFromTimeoutAndTheGroupIsOneStopRequest) {
  const std::string cli = GRUNDY_CLI_PATH;
  const CliRun run = cli_runner::shell("(" + cli + " quotient 4.7 2>&1 & pid=$!; sleep 1.5; kill -INT $pid; sleep 0.01; "
                                       "kill -INT $pid; wait $pid; echo \"status $?\")");
  EXPECT_TRUE(contains(run.out, "status 130")) << run.out;
  EXPECT_TRUE(contains(run.out, "the quotient above is of heaps 0..")) << run.out;
}

// Finding 7: a pattern at its default bound (moore(k)(a,b) over k=2..2: 41 s
// then, 0.3 s since Moore's Nim shares the run's search; over k=2..200 it is
// 199 members, about a minute) printed no progress line; now it does, and
// names the bound. Stopped after 12 s: an ASan build takes 5-6 s over the
// first member, and prints its first line when the second starts.
TEST(HostileInput, Finding7_APatternAtItsDefaultBoundShowsProgress) {
  const std::string cli = GRUNDY_CLI_PATH;
  const CliRun run = cli_runner::shell("timeout --preserve-status -s INT 12 " + cli +
                                       " pattern 'moore(k)(a,b)' --over k=2..200 --progress 2>&1 >/dev/null");
  EXPECT_EQ(run.status, 130) << run.out;
  EXPECT_TRUE(contains(run.out, "the default --upto 30")) << run.out;
}

}  // namespace
