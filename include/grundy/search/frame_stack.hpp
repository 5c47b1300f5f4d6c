// Per-depth buffers of a recursive search: a frame per recursion depth, made
// the first time the search gets that deep and reused by every later node at
// that depth (allocating a node's buffers per node was 5% of a Cram search).
// Frames are held by pointer, so a frame stays put while deeper ones are added.
// The outcome search (outcome_search.hpp) and the placement engine's
// requested-set search each keep one.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace grundy {

template <class Frame>
class FrameStack {
 public:
  // The frame of one node of the search, for as long as the node runs.
  class Guard {
   public:
    explicit Guard(FrameStack& stack) : stack_(stack) {
      if (stack_.frames_.size() <= stack_.depth_) stack_.frames_.push_back(std::make_unique<Frame>());
      frame_ = stack_.frames_[stack_.depth_++].get();
    }
    ~Guard() { --stack_.depth_; }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;
    [[nodiscard]] Frame& frame() const noexcept { return *frame_; }

   private:
    FrameStack& stack_;
    Frame* frame_ = nullptr;
  };

  [[nodiscard]] std::size_t depth() const noexcept { return depth_; }
  // Every frame made so far, deepest last (a search's memory: frames keep
  // their buffers after their node returns).
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (const auto& frame : frames_) visit(*frame);
  }

 private:
  std::vector<std::unique_ptr<Frame>> frames_;
  std::size_t depth_ = 0;
};

}  // namespace grundy
