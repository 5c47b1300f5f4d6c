// What an object that outlives runs (a parsed rule, which any number of
// Contexts may value) found in the cache of the run it last served,
// remembered by that run's serial (Context::serial, never given to two
// contexts). When the context handed in is that run, the object is returned
// with no lookup; otherwise it is found (Context::shared) and remembered.
//
// Why: a heap's value asks for its run's engine, and the lookup (a lock, a
// map, a shared_ptr) made that value 1.5-2x slower (kayles(1..1000) valued
// 2000 times in one run: 18-27 ns a component, 33-48 ns with the lookup,
// 19-22 ns with this memo; docs/performance.md).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "grundy/core/context.hpp"

namespace grundy {

template <class T>
class RunMemo {
 public:
  // The run's object: the remembered one if `context` is the run it came
  // from, else find() (a std::shared_ptr<T> kept by the context's cache, so
  // alive as long as the context), remembered.
  template <class Find>
  T& get(Context& context, Find&& find) const {
    if (const Last* last = last_.load(std::memory_order_acquire); last != nullptr && last->serial == context.serial()) {
      return *last->object;
    }
    T& found = *find();
    std::lock_guard lock(mutex_);
    // Records are immutable and kept until the memo ends, so a reader never
    // sees one freed; bounded, so that an object handed a fresh context at
    // every call (a Python position valued from within its own computation)
    // stops remembering instead of growing.
    if (remembered_.size() < kMaxRemembered) {
      remembered_.push_back(std::make_unique<const Last>(Last{context.serial(), &found}));
      last_.store(remembered_.back().get(), std::memory_order_release);
    }
    return found;
  }

  static constexpr std::size_t kMaxRemembered = 64;

 private:
  struct Last {
    std::uint64_t serial;
    T* object;
  };
  mutable std::atomic<const Last*> last_{nullptr};
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<const Last>> remembered_;
};

}  // namespace grundy
