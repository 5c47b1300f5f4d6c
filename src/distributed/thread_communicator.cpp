#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "grundy/core/communicator.hpp"

namespace grundy::distributed {
namespace {

// One mailbox per rank: a queue under a lock, and a condition to wait on.
struct Mailbox {
  std::mutex mutex;
  std::condition_variable arrived;
  std::deque<Message> messages;
};

class ThreadCommunicator final : public Communicator {
 public:
  ThreadCommunicator(int rank, std::vector<std::unique_ptr<Mailbox>>& boxes) : rank_(rank), boxes_(boxes) {}

  int rank() const noexcept override { return rank_; }
  int size() const noexcept override { return static_cast<int>(boxes_.size()); }

  void send(int destination, int tag, std::string_view payload) override {
    if (destination < 0 || destination >= size() || destination == rank_)
      throw std::logic_error("ThreadCommunicator::send: no rank " + std::to_string(destination));
    Mailbox& box = *boxes_[static_cast<std::size_t>(destination)];
    {
      std::lock_guard lock(box.mutex);
      box.messages.push_back(Message{rank_, tag, std::string(payload)});
    }
    box.arrived.notify_one();
  }

  std::optional<Message> receive(std::chrono::milliseconds timeout) override {
    Mailbox& box = *boxes_[static_cast<std::size_t>(rank_)];
    std::unique_lock lock(box.mutex);
    if (!box.arrived.wait_for(lock, timeout, [&] { return !box.messages.empty(); })) return std::nullopt;
    Message message = std::move(box.messages.front());
    box.messages.pop_front();
    return message;
  }

  std::string describe() const override { return "threads, " + std::to_string(size()) + " ranks"; }

 private:
  int rank_;
  std::vector<std::unique_ptr<Mailbox>>& boxes_;
};

}  // namespace

void run_on_threads(int ranks, const std::function<void(Communicator&)>& body) {
  if (ranks < 1) throw std::logic_error("run_on_threads: at least one rank");
  std::vector<std::unique_ptr<Mailbox>> boxes;
  for (int r = 0; r < ranks; ++r) boxes.push_back(std::make_unique<Mailbox>());
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(ranks));
  auto run = [&](int r) {
    ThreadCommunicator communicator(r, boxes);
    try {
      body(communicator);
    } catch (...) {
      errors[static_cast<std::size_t>(r)] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(ranks - 1));
  for (int r = 1; r < ranks; ++r) threads.emplace_back(run, r);
  run(0);
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
}

}  // namespace grundy::distributed
