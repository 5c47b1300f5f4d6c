// The engines' second thread (EngineOptions::threads = 2): a helper that runs
// one job at a time, and the measured choice whether handing it work pays.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <thread>

namespace grundy::take_and_break::detail {

// A second thread that runs one job at a time for the engine. It spins briefly
// after a job (the next heap's job follows within microseconds) and then sleeps
// on the atomic, so an idle engine costs no CPU.
class Helper {
 public:
  Helper();
  ~Helper();
  Helper(const Helper&) = delete;
  Helper& operator=(const Helper&) = delete;

  // Hands `job` over; the caller does its own half meanwhile, then wait()s.
  void post(std::function<void()> job);
  // Returns once the job last posted has run.
  void wait() noexcept;

 private:
  void loop();

  std::function<void()> job_;
  std::atomic<std::uint64_t> posted_{0};
  std::atomic<std::uint64_t> done_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// Whether the helper thread pays, decided from the wall-clock rate of blocks of
// heaps: most blocks run the way that was faster last time; the first block and
// every sixteenth after it try the other way. On this project's 2-core box with
// another process on one core, the hand-over cost more than it saved (Officers
// near 2·10^5: 1.57 s with one thread, 2.74 s with two, 176k involuntary context
// switches), so the choice has to be measured where the run happens, not fixed.
// Inline: use() is asked once a heap.
class HelperChoice {
 public:
  [[nodiscard]] bool use() const noexcept { return (block_ % 16 == 0) ? !preferred_ : preferred_; }

  // Counts heaps done; at the end of a block records its rate under the way used.
  void heaps_done(std::uint64_t heaps) {
    if (heaps_ == 0) start_ = std::chrono::steady_clock::now();
    heaps_ += heaps;
    if (heaps_ < kBlockHeaps) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    rate_[use() ? 1 : 0] = static_cast<double>(heaps_) / std::max(seconds, 1e-9);
    heaps_ = 0;
    ++block_;
    if (rate_[0] > 0 && rate_[1] > 0) preferred_ = rate_[1] > rate_[0];
  }

 private:
  static constexpr std::uint64_t kBlockHeaps = 1024;
  // One thread until the helper has shown, in a probe block, that it pays.
  bool preferred_ = false;
  std::uint64_t block_ = 0;
  std::uint64_t heaps_ = 0;
  double rate_[2] = {0, 0};  // heaps per second: [0] one thread, [1] two
  std::chrono::steady_clock::time_point start_;
};

}  // namespace grundy::take_and_break::detail
