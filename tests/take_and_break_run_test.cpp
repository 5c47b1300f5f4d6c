// Table runs: values, patterns, output files, checkpoints (round trip,
// corruption, kill -9 and SIGTERM), request validation.
#include <gtest/gtest.h>

#include "grundy/core/stop_signals.hpp"
#include "test_support.hpp"
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "grundy/core/input_error.hpp"
#include "grundy/take_and_break/checkpoint.hpp"
#include "grundy/take_and_break/run.hpp"

namespace grundy {
namespace {

namespace fs = std::filesystem;
using take_and_break::EngineKind;
using take_and_break::Value;

class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() / ("grundy_tab_" + std::to_string(::getpid()) + "_" +
                                         std::to_string(counter_++));
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  [[nodiscard]] std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

std::vector<Value> fresh(const std::string& rule, std::uint64_t upto) {
  TakeAndBreakRequest r;
  r.rule = rule;
  r.upto = upto;
  r.stop_when_proven = false;
  return run_take_and_break_table(r, testing::context()).values;
}

TEST(TakeAndBreakRun, KaylesStopsOnceProvenAndFillsTheRestFromThePattern) {
  TakeAndBreakRequest r;
  r.rule = "kayles";
  r.upto = 1'000'000;
  const TakeAndBreakRun run = run_take_and_break_table(r, testing::context());
  EXPECT_TRUE(run.pattern.proven());
  EXPECT_EQ(run.pattern.preperiod, 71U);  // A002186: period 12 from n = 71
  EXPECT_EQ(run.pattern.period, 12U);
  EXPECT_LT(run.values.size(), 1000U);
  EXPECT_TRUE(run.complete());
  EXPECT_EQ(run.largest, 8U);  // A002186: values of Kayles are at most 8 ...
  EXPECT_EQ(run.largest_at, 27U);  // ... first at n = 27
  EXPECT_EQ(run.value(999'999), run.values[71 + (999'999 - 71) % 12]);
  const std::string text = render_text(run, false);
  EXPECT_NE(text.find("proven"), std::string::npos) << text;
  const auto j = render_json(run, false);
  EXPECT_EQ(j["pattern"]["period"], 12);
  EXPECT_EQ(j["pattern"]["proven"], true);
  EXPECT_EQ(j["largest"]["value"], 8);
}

TEST(TakeAndBreakRun, OutputFilesTextAndBinary) {
  TempDir dir;
  TakeAndBreakRequest r;
  r.rule = "0.07";
  r.upto = 300;
  r.output = dir.file("dawson.txt");
  const TakeAndBreakRun run = run_take_and_break_table(r, testing::context());
  std::ifstream text(r.output);
  std::string header;
  std::getline(text, header);
  EXPECT_EQ(header, "# g(n) of 0.07 for n = 0..300");
  for (std::uint64_t n = 0; n <= 300; ++n) {
    Nimber v = 0;
    ASSERT_TRUE(text >> v);
    EXPECT_EQ(v, run.value(n));
  }
  r.output = dir.file("dawson.bin");
  r.format = TakeAndBreakFormat::binary;
  (void)run_take_and_break_table(r, testing::context());
  std::ifstream bin(r.output, std::ios::binary);
  char magic[8];
  std::uint64_t count = 0;
  bin.read(magic, 8);
  bin.read(reinterpret_cast<char*>(&count), 8);
  EXPECT_EQ(std::string(magic, 8), "GRUNDY16");
  ASSERT_EQ(count, 301U);
  std::vector<Value> values(count);
  bin.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(count * 2));
  for (std::uint64_t n = 0; n <= 300; ++n) EXPECT_EQ(values[n], run.value(n));
  // Lasker's Nim has a closed form and a ruleset of its own, not a sequence run.
  r.rule = "lasker";
  EXPECT_THROW(validate_take_and_break_request(r), InputError);
}

TEST(TakeAndBreakRun, RequestsRefusedBeforeAnyWork) {
  TakeAndBreakRequest r;
  r.rule = "officers";
  r.upto = std::uint64_t{1} << 61;  // 4 EB of values
  try {
    validate_take_and_break_request(r);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("memory"), std::string::npos) << e.what();
  }
  r.upto = 100;
  r.threads = 3;
  EXPECT_THROW(validate_take_and_break_request(r), InputError);
  r.threads = 1;
  r.rule = "0.7x";
  EXPECT_THROW(validate_take_and_break_request(r), InputError);
  r.rule = "kayles";
  r.output = "/nonexistent-dir/values.txt";
  EXPECT_THROW(validate_take_and_break_request(r), InputError);
  r.output.clear();
  EXPECT_EQ(parse_engine_kind("auto"), EngineKind::automatic);
  EXPECT_EQ(parse_engine_kind("naive"), EngineKind::naive);
  EXPECT_EQ(parse_engine_kind("sparse"), EngineKind::sparse);
  EXPECT_THROW((void)parse_engine_kind("fast"), InputError);
}

TEST(TakeAndBreakRun, CheckpointRoundTripResumeAndCorruption) {
  TempDir dir;
  const std::string cp = dir.file("officers.ck");
  TakeAndBreakRequest r;
  r.rule = "officers";
  r.upto = 3000;
  r.checkpoint = cp;
  const TakeAndBreakRun first = run_take_and_break_table(r, testing::context());
  EXPECT_EQ(first.resumed_from, 0U);
  ASSERT_TRUE(fs::exists(cp));
  r.upto = 6000;
  const TakeAndBreakRun second = run_take_and_break_table(r, testing::context());
  EXPECT_EQ(second.resumed_from, 3001U);
  EXPECT_EQ(second.values, fresh("officers", 6000));
  // A shorter run reads the checkpoint and leaves it whole.
  const auto size_before = fs::file_size(cp);
  r.upto = 1000;
  const TakeAndBreakRun shorter = run_take_and_break_table(r, testing::context());
  EXPECT_EQ(shorter.resumed_from, 1001U);
  EXPECT_EQ(fs::file_size(cp), size_before);
  r.upto = 6000;
  // Another rule with the same file is refused.
  r.rule = "kayles";
  EXPECT_THROW((void)run_take_and_break_table(r, testing::context()), InputError);
  // A flipped byte is caught by the checksum.
  {
    std::fstream f(cp, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(1000);
    char c = 0;
    f.read(&c, 1);
    f.seekp(1000);
    c = static_cast<char>(c ^ 0x10);
    f.write(&c, 1);
  }
  r.rule = "officers";
  try {
    (void)run_take_and_break_table(r, testing::context());
    ADD_FAILURE() << "corrupt checkpoint accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("corrupt"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
  }
  // Truncation too.
  fs::resize_file(cp, fs::file_size(cp) - 7);
  EXPECT_THROW((void)run_take_and_break_table(r, testing::context()), InputError);
}

// Runs `request` in a child process, kills it with `sig` once the checkpoint
// exists, and returns the child's exit status.
int run_and_kill(const TakeAndBreakRequest& request, int sig) {
  const pid_t child = ::fork();
  if (child == 0) {
    try {
      Context context;
      StopOnSignals signals(context);  // as the CLI does: SIGTERM asks the run to stop
      const TakeAndBreakRun run = run_take_and_break_table(request, context);
      ::_exit(run.interrupted ? 3 : 0);
    } catch (...) {
      ::_exit(4);
    }
  }
  for (int i = 0; i < 2000 && !fs::exists(request.checkpoint); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ::kill(child, sig);
  int status = 0;
  ::waitpid(child, &status, 0);
  return status;
}

TEST(TakeAndBreakRun, ResumesAfterKillNineAndSigtermWithIdenticalValues) {
  TempDir dir;
  TakeAndBreakRequest r;
  r.rule = "0.6";
  r.upto = 60'000'000;  // far more than the child gets to
  r.checkpoint = dir.file("k9.ck");
  r.checkpoint_seconds = 0.05;
  const int killed = run_and_kill(r, SIGKILL);
  ASSERT_TRUE(WIFSIGNALED(killed));
  auto cp = take_and_break::read_checkpoint(r.checkpoint);
  ASSERT_TRUE(cp);
  ASSERT_GT(cp->values.size(), 100U);

  r.checkpoint = dir.file("term.ck");
  const int termed = run_and_kill(r, SIGTERM);
  ASSERT_TRUE(WIFEXITED(termed));
  EXPECT_EQ(WEXITSTATUS(termed), 3);  // returned as interrupted, after checkpointing
  auto cp2 = take_and_break::read_checkpoint(r.checkpoint);
  ASSERT_TRUE(cp2);

  // Resume the kill -9 one a little further: identical to a fresh run.
  r.checkpoint = dir.file("k9.ck");
  r.upto = std::max<std::uint64_t>(cp->values.size(), cp2->values.size()) + 500;
  const TakeAndBreakRun resumed = run_take_and_break_table(r, testing::context());
  EXPECT_EQ(resumed.resumed_from, cp->values.size());
  const auto reference = fresh("officers", r.upto);
  EXPECT_EQ(resumed.values, reference);
  EXPECT_TRUE(std::equal(cp2->values.begin(), cp2->values.end(), reference.begin()));
}

}  // namespace
}  // namespace grundy
