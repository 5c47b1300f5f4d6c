// The one memory bound of a run (`--memory`), shared by every engine and table
// the run makes, whatever the sum holds.
//
// Each engine (a part table, a region search's tables, a solver's table and
// stack) holds a MemoryShare of the run's MemoryBudget. Before it searches it
// asks its share for its limit — the bound less what every other share holds
// now — and it reports what it holds after (Share::hold). So the engines of a
// sum together stay within the bound: a Clobber board and a NoGo row under
// `--memory 64` got 64 MB each before (82.6 MB peak measured) and share them
// now. The searches of one run take turns (one component is valued at a
// time; an engine's own helper threads count inside its share), so the limit
// read before a search is what the others hold during it.
//
// A bound of 0 is none: every limit is 0, which each engine reads as "no
// bound", in every command.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <utility>

namespace grundy {

// "64 KiB", "512 MiB", "12 GiB": a memory bound in a message.
[[nodiscard]] inline std::string bytes_text(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 30) && bytes % (std::size_t{1} << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (std::size_t{1} << 20)) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes >> 10) + " KiB";
}

class MemoryBudget {
 public:
  explicit MemoryBudget(std::size_t bound = 0) noexcept : bound_(bound) {}
  MemoryBudget(const MemoryBudget&) = delete;
  MemoryBudget& operator=(const MemoryBudget&) = delete;

  // The run's bound in bytes; 0: none.
  [[nodiscard]] std::size_t bound() const noexcept { return bound_; }
  // What the shares hold now, together.
  [[nodiscard]] std::size_t held() const noexcept { return held_.load(std::memory_order_relaxed); }
  // What they leave of the bound (at least one byte; 0: no bound), for a
  // search that holds no share (one that outlives the run).
  [[nodiscard]] std::size_t room() const noexcept {
    if (bound_ == 0) return 0;
    const std::size_t taken = held();
    return taken >= bound_ ? 1 : bound_ - taken;
  }

  // One engine's part of the budget: what it holds, given back when it ends.
  class Share {
   public:
    explicit Share(MemoryBudget& budget) noexcept : budget_(&budget) {}
    Share(const Share&) = delete;
    Share& operator=(const Share&) = delete;
    // Moved with what it holds (an engine made anew keeps its run's share).
    Share(Share&& other) noexcept : budget_(other.budget_), held_(other.held_) { other.held_ = 0; }
    Share& operator=(Share&& other) noexcept {
      if (this != &other) {
        hold(0);
        budget_ = other.budget_;
        held_ = other.held_;
        other.held_ = 0;
      }
      return *this;
    }
    ~Share() { hold(0); }

    // The most this share may hold now: the bound less what the other shares
    // hold (at least one byte, so that a full budget refuses instead of
    // reading as no bound); 0 when the run has no bound.
    [[nodiscard]] std::size_t limit() const noexcept {
      const std::size_t bound = budget_->bound();
      if (bound == 0) return 0;
      const std::size_t others = budget_->held() - held_;
      return others >= bound ? 1 : bound - others;
    }
    // The bound of the run, for messages ("the memory bound of 64 MiB").
    [[nodiscard]] std::size_t bound() const noexcept { return budget_->bound(); }

    // The share now holds `bytes` (the engine's tables and stack after a search).
    void hold(std::size_t bytes) noexcept {
      if (bytes >= held_) {
        budget_->held_.fetch_add(bytes - held_, std::memory_order_relaxed);
      } else {
        budget_->held_.fetch_sub(held_ - bytes, std::memory_order_relaxed);
      }
      held_ = bytes;
    }
    [[nodiscard]] std::size_t holding() const noexcept { return held_; }

    // Holds bytes() when the scope ends, however it ends: what a search's
    // tables hold after it, a search stopped by a bound or Ctrl-C included.
    template <class Bytes>
    class HeldAtEnd {
     public:
      HeldAtEnd(Share& share, Bytes bytes) : share_(share), bytes_(std::move(bytes)) {}
      HeldAtEnd(const HeldAtEnd&) = delete;
      HeldAtEnd& operator=(const HeldAtEnd&) = delete;
      ~HeldAtEnd() { share_.hold(bytes_()); }

     private:
      Share& share_;
      Bytes bytes_;
    };
    template <class Bytes>
    [[nodiscard]] HeldAtEnd<Bytes> hold_at_end(Bytes bytes) {
      return HeldAtEnd<Bytes>(*this, std::move(bytes));
    }

   private:
    MemoryBudget* budget_;
    std::size_t held_ = 0;
  };

 private:
  std::size_t bound_;
  std::atomic<std::size_t> held_{0};
};

}  // namespace grundy
