#include "helper_thread.hpp"

#include <utility>

namespace grundy::take_and_break::detail {

Helper::Helper() : thread_([this] { loop(); }) {}

Helper::~Helper() {
  stop_.store(true, std::memory_order_release);
  posted_.fetch_add(1, std::memory_order_acq_rel);
  posted_.notify_one();
  thread_.join();
}

void Helper::post(std::function<void()> job) {
  job_ = std::move(job);
  posted_.fetch_add(1, std::memory_order_acq_rel);
  posted_.notify_one();
}

void Helper::wait() noexcept {
  const std::uint64_t target = posted_.load(std::memory_order_acquire);
  // The job is about as long as the caller's own half, so a short spin usually
  // suffices; on a busy machine the helper may be descheduled, and spinning
  // then would burn the time slice it needs, so yield after a while.
  for (int spin = 0; done_.load(std::memory_order_acquire) != target; ++spin) {
    if (spin > 2000) std::this_thread::yield();
  }
}

void Helper::loop() {
  std::uint64_t seen = 0;
  for (;;) {
    std::uint64_t now = posted_.load(std::memory_order_acquire);
    for (int spin = 0; now == seen && spin < 20000; ++spin) now = posted_.load(std::memory_order_acquire);
    while (now == seen) {
      posted_.wait(seen, std::memory_order_acquire);
      now = posted_.load(std::memory_order_acquire);
    }
    seen = now;
    if (stop_.load(std::memory_order_acquire)) return;
    job_();
    done_.store(seen, std::memory_order_release);
  }
}

}  // namespace grundy::take_and_break::detail
