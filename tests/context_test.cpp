// A Context kept across requests (the web page's worker, web/bindings/session.hpp):
// a search stopped midway leaves only finished work in the context's tables,
// and after start_request() the same context answers exactly, going on from them.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/core/run_memo.hpp"

namespace grundy {
namespace {

TEST(ContextStartRequest, ASearchStoppedMidwayGoesOnInTheSameContext) {
  Context fresh;
  const Value expected = Registry::builtin().parse("cram(5x7)").value(fresh);

  Context context;
  // Stopped a tenth of a second in: the search (0.7 s of CPU natively) is midway.
  context.set_poll_hook([&context] {
    if (context.seconds() > 0.1) context.request_stop();
  });
  const Position board = Registry::builtin().parse("cram(5x7)");
  EXPECT_THROW((void)board.value(context), Cancelled);
  EXPECT_TRUE(context.stop_requested());

  context.set_poll_hook({});
  context.start_request();
  EXPECT_FALSE(context.stop_requested());
  EXPECT_LT(context.seconds(), 0.1);  // the clock of progress lines starts again
  EXPECT_NO_THROW(context.poll());
  EXPECT_EQ(board.value(context), expected);
  // And a request stopped at once, then started again, still answers.
  context.request_stop();
  EXPECT_THROW((void)Registry::builtin().parse("cram(4x7)").value(context), Cancelled);
  context.start_request();
  Context other;
  EXPECT_EQ(Registry::builtin().parse("cram(4x7)").value(context),
            Registry::builtin().parse("cram(4x7)").value(other));
}

// Context::shared_for keeps a run's object for a parsed object (a graph) while
// that object lives, without keeping it alive: a web session parses every
// request afresh. Many owners made and dropped one after another (the
// allocator gives the same address again and again) each get their own object.
TEST(ContextSharedFor, OneObjectPerLiveOwnerAndNoneKeptForADeadOne) {
  Context context;
  int made = 0;
  auto make = [&made] { return std::make_shared<int>(++made); };
  auto owner = std::make_shared<const std::string>("a graph");
  const std::weak_ptr<const std::string> watched = owner;
  EXPECT_EQ(*context.shared_for<int>(owner, make), 1);
  EXPECT_EQ(*context.shared_for<int>(owner, make), 1);  // found, not made again
  EXPECT_EQ(*context.shared_for<long>(owner, [] { return std::make_shared<long>(7); }), 7);  // typed
  owner.reset();
  EXPECT_TRUE(watched.expired());  // the context did not keep it
  for (int i = 0; i < 1000; ++i) {
    auto next = std::make_shared<const std::string>("a graph read again");
    EXPECT_EQ(*context.shared_for<int>(next, make), i + 2);
  }
}

// RunMemo: the object found in the run last served, with no lookup while the
// same run asks; each run its own object, however many take turns (more than
// it remembers).
TEST(RunMemo, EachRunGetsItsOwnObjectAndTheSameRunNoLookup) {
  const RunMemo<int> memo;
  int lookups = 0;
  auto find_in = [&lookups](Context& context) {
    return [&lookups, &context] {
      ++lookups;
      return context.shared<int>("memo test", [&context] {
        return std::make_shared<int>(static_cast<int>(context.serial()));
      });
    };
  };
  Context first;
  for (int i = 0; i < 5; ++i) EXPECT_EQ(memo.get(first, find_in(first)), static_cast<int>(first.serial()));
  EXPECT_EQ(lookups, 1);
  std::vector<std::unique_ptr<Context>> runs;
  for (std::size_t i = 0; i < 2 * RunMemo<int>::kMaxRemembered; ++i) runs.push_back(std::make_unique<Context>());
  for (int round = 0; round < 2; ++round) {
    for (const auto& run : runs) EXPECT_EQ(memo.get(*run, find_in(*run)), static_cast<int>(run->serial()));
  }
  EXPECT_EQ(memo.get(first, find_in(first)), static_cast<int>(first.serial()));
}

}  // namespace
}  // namespace grundy
