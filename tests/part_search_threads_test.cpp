// The part search on several threads (part_engine.hpp): the values and the
// certificates the same as one thread's, byte for byte, the certificate
// proven by the checker, and the helpers really started (the progress line
// that names their work). Boards past the 65 536 parts after which helpers
// start: Clobber 3×6 (332 609 parts) and one-row NoGo of 18 points.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "certificate_check.hpp"
#include "certificate_edits.hpp"
#include "grundy/analysis/certificate.hpp"
#include "grundy/core/context.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

class Lines final : public ProgressSink {
 public:
  void line(std::string_view text) override { lines.emplace_back(text); }
  void end() override {}
  std::vector<std::string> lines;
};

Certificate certified(const std::string& head, const std::string& term, unsigned threads, Lines* progress = nullptr) {
  ContextOptions options;
  options.threads = threads;
  Context context(options);
  if (progress != nullptr) context.set_progress(progress, 0.0);
  return testing::certificate_of_sum(head, {term}, context).value();
}

TEST(PartSearchOnThreads, CertificatesEqualOneThreadsAndAreProven) {
  struct Case {
    std::string head, term;
    Nimber value;
  };
  // Values of grundy's, which grundy check (written apart from the search,
  // sharing no code) proves below from the certificate.
  for (const Case& c : {Case{"clobber", "XOXOXO/OXOXOX/XOXOXO", 0}, Case{"nogo", "..................", 2}}) {
    const Certificate one = certified(c.head, c.term, 1);
    EXPECT_EQ(one.value, c.value) << c.term;
    for (const unsigned threads : {2U, 3U}) {
      Lines progress;
      const Certificate many = certified(c.head, c.term, threads, &progress);
      EXPECT_EQ(many.value, one.value) << c.term;
      EXPECT_EQ(many.text, one.text) << c.term << " on " << threads << " threads";
      bool helped = false;
      for (const std::string& line : progress.lines)
        helped = helped || line.find(std::to_string(threads) + " threads valued") != std::string::npos;
      EXPECT_TRUE(helped) << c.term << ": no line of the helpers' work among " << progress.lines.size();
    }
    const grundy_check::CheckResult checked = grundy_check::check_certificate_text(one.text);
    ASSERT_TRUE(checked.valid) << checked.message;
    ASSERT_EQ(checked.roots.size(), 1U);
    EXPECT_EQ(checked.roots[0].value, c.value);
  }
}

// Stopped from outside while two threads search (Ctrl-C): the run ends by
// its stop (NoGo 1×22 takes seconds; the helpers start after about 50 ms),
// the helpers joined (TSan and the test's end see no thread left behind).
TEST(PartSearchOnThreads, AStopEndsEveryThread) {
  ContextOptions options;
  options.threads = 2;
  Context context(options);
  std::atomic<bool> done{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    context.request_stop();
    done = true;
  });
  const Position position = testing::parse("nogo(......................)");
  EXPECT_ANY_THROW((void)position.value(context));
  stopper.join();
  EXPECT_TRUE(done);
}

}  // namespace
}  // namespace grundy
