// Ctrl-C (SIGINT) and SIGTERM stop every long computation of `grundy value`
// within a second, through the run's Context: exit status 130 and a line that
// says so. Run through the real process, signalled from outside.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Stopped {
  int status = -1;      // exit status, or -1 if killed by a signal
  double seconds = -1;  // from the signal to the exit
  std::string err;
};

// Starts `grundy args…`, sends `sig` after `after` seconds, and waits.
Stopped stop_after(const std::vector<std::string>& args, double after, int sig) {
  const std::string err = ::testing::TempDir() + "cancel_" + std::to_string(::getpid()) + ".err";
  const pid_t pid = fork();
  if (pid == 0) {
    std::FILE* e = std::freopen(err.c_str(), "w", stderr);
    std::FILE* o = std::freopen("/dev/null", "w", stdout);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(GRUNDY_CLI_PATH));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    if (e && o) execv(GRUNDY_CLI_PATH, argv.data());
    _exit(99);
  }
  Stopped result;
  if (pid < 0) return result;
  std::this_thread::sleep_for(std::chrono::duration<double>(after));
  const auto sent = std::chrono::steady_clock::now();
  kill(pid, sig);
  int raw = 0;
  waitpid(pid, &raw, 0);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream in(err);
  result.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return result;
}

// Officers to 3·10^7 heaps takes tens of seconds; Ctrl-C ends it at once.
TEST(Cancellation, CtrlCStopsATakeAndBreakValueWithinASecond) {
  const Stopped run = stop_after({"value", "officers(30000000)"}, 1.5, SIGINT);
  EXPECT_EQ(run.status, 130) << run.err;
  EXPECT_LT(run.seconds, 1.0);
  EXPECT_NE(run.err.find("interrupted"), std::string::npos) << run.err;
}

TEST(Cancellation, SigtermStopsAPlacementSearchWithoutATable) {
  const Stopped run = stop_after({"value", "cram(6x7)"}, 1.0, SIGTERM);
  EXPECT_EQ(run.status, 130) << run.err;
  EXPECT_LT(run.seconds, 1.0);
  EXPECT_NE(run.err.find("interrupted; nothing was saved"), std::string::npos) << run.err;
}

// Boards of about 1000 cells: one node of the search generates ~1000 moves,
// each split into parts and made canonical on a 16-word board. Polling counted
// in nodes left 0.6-0.9 s between two polls here (and 12 s under ASan on Node
// Kayles' 8x80 king graph: found by the expression fuzz harness); polling by
// the work charged per move stops in about 10 ms.
TEST(Cancellation, CtrlCStopsAPlacementSearchOnALargeBoardAtOnce) {
  for (const char* game : {"nodekayles_grid(31x33)", "cram(31x33)"}) {
    const Stopped run = stop_after({"value", game}, 0.3, SIGINT);
    EXPECT_EQ(run.status, 130) << game << ": " << run.err;
    EXPECT_LT(run.seconds, 0.3) << game;
    EXPECT_NE(run.err.find("interrupted"), std::string::npos) << run.err;
  }
}

TEST(Cancellation, CtrlCStopsATableOfASubtractionGame) {
  // sub(squares) to 10^6 needs about 10^9 steps.
  const Stopped run = stop_after({"table", "sub(squares)", "--upto", "1000000"}, 0.5, SIGINT);
  EXPECT_EQ(run.status, 130) << run.err;
  EXPECT_LT(run.seconds, 1.0);
}

}  // namespace
