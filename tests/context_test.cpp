// A Context kept across requests (the web page's worker, web/bindings/session.hpp):
// a search stopped midway leaves only finished work in the context's tables,
// and after start_request() the same context answers exactly, going on from them.
#include <gtest/gtest.h>

#include "grundy/context.hpp"
#include "grundy/registry.hpp"

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

}  // namespace
}  // namespace grundy
