#include "grundy/core/context.hpp"

namespace grundy {

namespace {

// Serials of the process's contexts: an ID allocator, shared only in that no
// two contexts get one number (a counter that only grows; 2^64 never wraps).
std::atomic<std::uint64_t> next_serial{1};

}  // namespace

Context::Context(ContextOptions options)
    : options_(std::move(options)),
      memory_budget_(options_.memory_bytes),
      serial_(next_serial.fetch_add(1, std::memory_order_relaxed)) {}

Context::~Context() = default;

bool Context::poll_asks_stop() {
  if (stop_requested()) return true;
  try {
    poll();
  } catch (const Cancelled&) {
    return true;
  }
  return false;
}

void Context::poll() {
  if (stop_requested()) throw Cancelled(stop_signal());
  if (poll_hook_) {
    // The hook may be costly (Python takes its lock to check for signals); 20 ms
    // keeps Ctrl-C prompt without calling it every few microseconds. A second
    // search thread polling meanwhile skips it.
    std::unique_lock lock(hook_mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    const auto now = Clock::now();
    if (now - last_hook_ >= std::chrono::milliseconds(20)) {
      last_hook_ = now;
      poll_hook_();
      if (stop_requested()) throw Cancelled(stop_signal());
    }
  }
}

void Context::charged_enough() {
  work_since_poll_.store(0, std::memory_order_relaxed);
  poll();
}

void Context::start_request() {
  stop_.store(false, std::memory_order_relaxed);
  stop_signal_.store(0, std::memory_order_relaxed);
  std::lock_guard lock(progress_mutex_);
  start_ = Clock::now();
  progress_shown_ = false;
}

void Context::set_progress(ProgressSink* sink, double after) {
  std::lock_guard lock(progress_mutex_);
  progress_ = sink;
  progress_after_ = after;
}

double Context::seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

bool Context::progress_due() {
  std::lock_guard lock(progress_mutex_);
  if (progress_ == nullptr) return false;
  const auto now = Clock::now();
  if (std::chrono::duration<double>(now - start_).count() < progress_after_) return false;
  return !progress_shown_ || now - last_progress_ >= std::chrono::seconds(1);
}

void Context::progress(std::string_view text) {
  std::lock_guard lock(progress_mutex_);
  if (progress_ == nullptr) return;
  progress_->line(text);
  progress_shown_ = true;
  last_progress_ = Clock::now();
}

void Context::end_progress() {
  std::lock_guard lock(progress_mutex_);
  if (progress_ != nullptr && progress_shown_) progress_->end();
  progress_shown_ = false;
}

void Context::add_saver(std::function<std::optional<std::string>()> saver) { savers_.push_back(std::move(saver)); }

std::vector<std::string> Context::save_work() {
  std::vector<std::string> messages;
  for (auto& saver : savers_) {
    if (auto message = saver()) messages.push_back(std::move(*message));
  }
  return messages;
}

void Context::sweep_dead_owners() {
  if (owned_.size() < 2 * owned_after_sweep_ + 16) return;
  std::erase_if(owned_, [](const auto& entry) { return entry.second.owner.expired(); });
  owned_after_sweep_ = owned_.size();
}

}  // namespace grundy
