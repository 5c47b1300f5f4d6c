// `grundy play` through a real pseudo-terminal, as a person plays it: the test
// reads the screen, picks a random legal move by its number, and checks who
// wins. The computer must win every game it can win: moving first from an
// N-position, or second after the person's first move from a P-position.
#include <gtest/gtest.h>

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

class Terminal {
 public:
  explicit Terminal(const std::vector<std::string>& args) {
    pid_ = forkpty(&master_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(GRUNDY_CLI_PATH));
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(GRUNDY_CLI_PATH, argv.data());
      _exit(99);
    }
  }
  ~Terminal() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) close(master_);
  }

  // Reads until the screen since the last call ends with the prompt "> " or
  // holds "you win"/"you lose"; returns what was read. Fails after 20 s.
  std::string read_turn() {
    std::string out;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
      if (out.find("you win") != std::string::npos || out.find("you lose") != std::string::npos) break;
      if (out.size() >= 2 && out.compare(out.size() - 2, 2, "> ") == 0) break;
      pollfd p{master_, POLLIN, 0};
      if (poll(&p, 1, 100) <= 0) continue;
      char buffer[4096];
      const ssize_t n = read(master_, buffer, sizeof buffer);
      if (n <= 0) break;
      out.append(buffer, static_cast<std::size_t>(n));
    }
    return out;
  }

  void type(const std::string& line) {
    const std::string text = line + "\n";
    ASSERT_EQ(write(master_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }

 private:
  int master_ = -1;
  pid_t pid_ = -1;
};

// The numbers of the moves listed on this screen.
std::size_t menu_size(const std::string& screen) {
  static const std::regex item(R"(\n  (\d+)\. )");
  std::size_t most = 0;
  for (auto it = std::sregex_iterator(screen.begin(), screen.end(), item); it != std::sregex_iterator(); ++it) {
    most = std::max<std::size_t>(most, std::stoul((*it)[1]));
  }
  return most;
}

// Plays one game, the person choosing uniformly among the listed moves.
std::string play_randomly(const std::string& position, bool person_first, std::mt19937_64& random) {
  Terminal terminal({"play", position, "--first", person_first ? "me" : "computer"});
  for (int turn = 0; turn < 200; ++turn) {
    const std::string screen = terminal.read_turn();
    if (screen.find("you win") != std::string::npos) return "you win";
    if (screen.find("you lose") != std::string::npos) return "you lose";
    const std::size_t moves = menu_size(screen);
    if (moves == 0) return "no menu:\n" + screen;
    // Every position is shown on a line of its own.
    if (screen.find("position: ") == std::string::npos) return "no position line:\n" + screen;
    terminal.type(std::to_string(1 + random() % moves));
  }
  return "the game did not end";
}

TEST(PlayInATerminal, TheComputerWinsEveryWinnableGame) {
  const std::vector<std::string> n_positions = {"nim(3,4,5)", "kayles(7)", "sub{1,3,4}(9) + nim(2)", "cram(3x4)",
                                                "nim(1,2) + dawson(7)", "lasker(5)"};
  const std::vector<std::string> p_positions = {"nim(1,2,3)", "kayles(4,1)", "sub{1,3,4}(7)", "cram(3x3)",
                                                "nim(5,5) + sub(odd)(4)", "dawson(6,6)"};
  std::mt19937_64 random(2026);
  for (const std::string& p : n_positions) {
    ASSERT_NE(grundy::testing::value_of(grundy::testing::parse(p)), 0u) << p;
    for (int game = 0; game < 4; ++game) EXPECT_EQ(play_randomly(p, false, random), "you lose") << p;
  }
  for (const std::string& p : p_positions) {
    ASSERT_EQ(grundy::testing::value_of(grundy::testing::parse(p)), 0u) << p;
    for (int game = 0; game < 4; ++game) EXPECT_EQ(play_randomly(p, true, random), "you lose") << p;
  }
}

TEST(PlayInATerminal, IllegalInputIsRefusedAndPlayGoesOn) {
  Terminal terminal({"play", "nim(3,4,5)"});
  std::string screen = terminal.read_turn();
  ASSERT_NE(screen.find("position: nim(3,4,5)"), std::string::npos) << screen;
  terminal.type("99");
  screen = terminal.read_turn();
  EXPECT_NE(screen.find("there is no move 99"), std::string::npos) << screen;
  terminal.type("nim(3,4,6)");  // parses, but no move makes a heap larger
  screen = terminal.read_turn();
  EXPECT_NE(screen.find("no legal move leads to nim(3,4,6)"), std::string::npos) << screen;
  terminal.type("nim(3,4");
  screen = terminal.read_turn();
  EXPECT_NE(screen.find("not a move: column 4"), std::string::npos) << screen;
  // Typing the whole position after a legal move plays it: 3 xor 4 xor 5 = 2,
  // so nim(1,4,5) is the winning move; the computer answers and play goes on.
  terminal.type("nim(1,4,5)");
  screen = terminal.read_turn();
  EXPECT_NE(screen.find("position: nim(1,4,5)"), std::string::npos) << screen;
  EXPECT_NE(screen.find("computer: "), std::string::npos) << screen;
  EXPECT_NE(screen.find("Your move:"), std::string::npos) << screen;
}

}  // namespace

namespace {

// A learner who throws a win away is told so, with the winning move: from
// nim(1,2) the only winning move leaves nim(1,1); taking the heap of 1 leaves
// nim(0,2), from which the computer wins.
TEST(PlayInATerminal, AMoveThatGivesAwayTheWinIsNamed) {
  Terminal terminal({"play", "nim(1,2)"});
  const std::string first = terminal.read_turn();
  ASSERT_NE(first.find("Your move"), std::string::npos) << first;
  terminal.type("nim(0,2)");
  const std::string after = terminal.read_turn();
  EXPECT_NE(after.find("That move gave away your win"), std::string::npos) << after;
  EXPECT_NE(after.find("nim(1,1)"), std::string::npos) << after;
  // A good move says nothing of the kind.
  Terminal good({"play", "nim(1,2)"});
  (void)good.read_turn();
  good.type("nim(1,1)");
  const std::string fine = good.read_turn();
  EXPECT_EQ(fine.find("gave away"), std::string::npos) << fine;
}

}  // namespace
