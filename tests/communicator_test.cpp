// The in-process transport of the distributed protocols: messages between
// threads arrive once, in order between a pair of ranks, with their source and
// tag; a receive with nothing to receive times out; an exception of any rank
// comes back to the caller after every rank has returned.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "grundy/core/communicator.hpp"

namespace {

using grundy::distributed::Communicator;
using grundy::distributed::run_on_threads;

TEST(Communicator, ThreadsExchangeMessagesInOrder) {
  std::vector<std::string> received;
  run_on_threads(4, [&](Communicator& world) {
    EXPECT_EQ(world.size(), 4);
    if (world.rank() == 0) {
      // Rank r sends "r:0" .. "r:99"; each sender's messages come in order.
      std::vector<int> next(4, 0);
      for (int got = 0; got < 300; ++got) {
        auto m = world.receive(std::chrono::seconds(10));
        ASSERT_TRUE(m);
        EXPECT_EQ(m->tag, 7);
        EXPECT_EQ(m->payload, std::to_string(m->source) + ":" + std::to_string(next[static_cast<std::size_t>(m->source)]++));
      }
      for (int r = 1; r < 4; ++r) world.send(r, 9, "done");
      EXPECT_FALSE(world.receive(std::chrono::milliseconds(20)).has_value());
      received.push_back("all");
    } else {
      for (int i = 0; i < 100; ++i) world.send(0, 7, std::to_string(world.rank()) + ":" + std::to_string(i));
      auto m = world.receive(std::chrono::seconds(10));
      ASSERT_TRUE(m);
      EXPECT_EQ(m->source, 0);
      EXPECT_EQ(m->payload, "done");
    }
  });
  EXPECT_EQ(received, std::vector<std::string>{"all"});
}

TEST(Communicator, AnExceptionOfAnyRankReachesTheCaller) {
  std::atomic<int> returned{0};
  EXPECT_THROW(run_on_threads(3,
                              [&](Communicator& world) {
                                if (world.rank() == 2) throw std::runtime_error("rank 2 failed");
                                ++returned;
                              }),
               std::runtime_error);
  EXPECT_EQ(returned.load(), 2);
  EXPECT_THROW(run_on_threads(2, [](Communicator& world) { world.send(world.rank(), 1, "to myself"); }),
               std::logic_error);
}

}  // namespace
