// The bash completion script the build writes (grundy --bash-completion), in a
// real interactive bash under a pseudo-terminal (forkpty), as a person uses
// it: a line is typed, Tab pressed, and the line readline holds afterwards is
// read back (a key bound to print $READLINE_LINE), never run.
#include <gtest/gtest.h>

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>

namespace {

class Bash {
 public:
  Bash() {
    pid_ = forkpty(&terminal_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      // No startup files, no history file, no inputrc of the machine's: the
      // completion below is the script's alone.
      setenv("TERM", "dumb", 1);
      setenv("INPUTRC", "/dev/null", 1);
      setenv("HISTFILE", "/dev/null", 1);
      execl("/bin/bash", "bash", "--norc", "--noprofile", "-i", static_cast<char*>(nullptr));
      _exit(99);
    }
  }
  ~Bash() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (terminal_ >= 0) close(terminal_);
  }

  void type(const std::string& keys) {
    ASSERT_EQ(write(terminal_, keys.data(), keys.size()), static_cast<ssize_t>(keys.size()));
  }

  // Reads until `marker` appears in what the terminal shows; returns all read.
  // Gives up after 10 s (the test then fails on what it got).
  std::string read_until(const std::string& marker) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (screen_.find(marker) == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      pollfd p{terminal_, POLLIN, 0};
      if (poll(&p, 1, 100) <= 0) continue;
      char buffer[4096];
      const ssize_t n = read(terminal_, buffer, sizeof buffer);
      if (n <= 0) break;
      screen_.append(buffer, static_cast<std::size_t>(n));
    }
    const std::size_t end = screen_.find(marker);
    std::string seen = end == std::string::npos ? screen_ : screen_.substr(0, end + marker.size());
    screen_.erase(0, seen.size());
    return seen;
  }

  // Types `line` and a Tab, then asks readline for its line: returns the line
  // as Tab left it, and clears it.
  std::string complete(const std::string& line) {
    type(line + "\t");
    // Ctrl-T prints the line between <<< and >>>; Ctrl-U then empties it.
    type("\x14");
    const std::string seen = read_until(">>>\r\n");
    type("\x15");
    const std::size_t start = seen.rfind("<<<");
    const std::size_t end = seen.rfind(">>>");
    if (start == std::string::npos || end == std::string::npos || end < start) return "no line printed: " + seen;
    return seen.substr(start + 3, end - start - 3);
  }

 private:
  int terminal_ = -1;
  pid_t pid_ = -1;
  std::string screen_;
};

class Completion : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(std::ifstream(GRUNDY_COMPLETION_PATH).good()) << GRUNDY_COMPLETION_PATH;
    bash_.type(std::string("source '") + GRUNDY_COMPLETION_PATH +
               "'; bind -x '\"\\C-t\": printf \"<<<%s>>>\\n\" \"$READLINE_LINE\"'; echo ready-$((6 * 7))\n");
    // The sum is printed only once bash has run the line (the echo of the
    // typed line shows the expression, not 42).
    ASSERT_NE(bash_.read_until("ready-42").find("ready-42"), std::string::npos);
  }
  Bash bash_;
};

TEST_F(Completion, ACommandFromItsFirstLetters) {
  EXPECT_EQ(bash_.complete("grundy va"), "grundy value ");
  EXPECT_EQ(bash_.complete("grundy qu"), "grundy quotient ");
}

TEST_F(Completion, ARulesetNameInsideAQuotedExpression) {
  // Inside the open quote: the name is completed, and readline closes the quote.
  EXPECT_EQ(bash_.complete("grundy value 'kay"), "grundy value 'kayles'");
  // The name at the end of a sum keeps what comes before it.
  EXPECT_EQ(bash_.complete("grundy value 'nim(3) + kay"), "grundy value 'nim(3) + kayles'");
  EXPECT_EQ(bash_.complete("grundy table wyth"), "grundy table wythoff");
}

TEST_F(Completion, OptionsOfTheCommandTyped) {
  EXPECT_EQ(bash_.complete("grundy table --up"), "grundy table --upto ");
  EXPECT_EQ(bash_.complete("grundy value 'nim(1)' --mis"), "grundy value 'nim(1)' --misere ");
  // An option of another command is not offered: `value` has no --upto.
  EXPECT_EQ(bash_.complete("grundy value --up"), "grundy value --up");
}

TEST_F(Completion, TheCommandsOfACommand) {
  EXPECT_EQ(bash_.complete("grundy census oc"), "grundy census octal ");
  EXPECT_EQ(bash_.complete("grundy census octal --dig"), "grundy census octal --digits ");
}

TEST_F(Completion, FileNamesWhereAFileIsRead) {
  // --db names a file: the files of the folder are offered, not rulesets.
  const std::string folder = ::testing::TempDir() + "grundy-completion-files";
  ASSERT_EQ(system(("rm -rf '" + folder + "' && mkdir -p '" + folder + "' && touch '" + folder + "/octal3.sqlite'").c_str()), 0);
  EXPECT_EQ(bash_.complete("grundy census octal --db " + folder + "/oct"), "grundy census octal --db " + folder + "/octal3.sqlite ");
}

}  // namespace
