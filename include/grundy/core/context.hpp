// The explicit context of one run: everything a computation needs besides the
// game itself, passed by reference instead of living in globals.
//
//  - cancellation: request_stop() from any thread (the CLI's signal watcher,
//    Python's Ctrl-C check); long computations call poll(), which throws
//    Cancelled once a stop was requested. Tables keep only finished values, so
//    an interrupted computation leaves them exact and saveable.
//  - progress: a sink for one-line reports, rate-limited here (the first after
//    `progress_after` seconds, then at most one a second).
//  - settings: a memory bound for the tables of long searches, threads, and
//    which optional fast paths may run (tests turn each off to compare it with
//    the definition).
//  - per-run caches: one engine per rule per run (kayles(10) + kayles(20) share
//    the sequence they extend), one placement solver per rule, one solver per
//    graph. A Position is a plain value, parsed with no Context: its components
//    find their run's engine here when they are valued, so the settings of the
//    run that values them (threads, fast paths, memory, table file) are the
//    ones that apply.
//  - work to save: long searches with a table file register a saver; the caller
//    runs them at the end and on interruption.
//
// A Context is not copyable; computations take it by reference. poll() and
// request_stop() may be called from several threads; the caches are locked.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <typeindex>
#include <typeinfo>
#include <utility>
#include <vector>

#include "grundy/core/memory_budget.hpp"

namespace grundy {

// Thrown out of a computation by Context::poll() after request_stop().
// It carries the signal that asked for the stop (SIGINT, SIGTERM), or 0 when
// the stop came from elsewhere (a front end's Stop button, a bound), so that a
// command exits 128 + that signal, as shells expect (130 for Ctrl-C, 143 for
// SIGTERM).
class Cancelled : public std::runtime_error {
 public:
  explicit Cancelled(int signal = 0) : std::runtime_error("the computation was interrupted"), signal_(signal) {}
  [[nodiscard]] int signal() const noexcept { return signal_; }

 private:
  int signal_;
};

// The vector kernels of the take-and-break sparse engine: the best this CPU
// runs (AVX-512, else AVX2, else the portable code), or one set by name, so
// that tests and benchmarks run a set other than the best on the same machine
// (a named set the CPU lacks is refused, never emulated).
enum class VectorKernelSet { best, portable, avx2, avx512 };

// Fast paths that have a slower, definition-based fallback. All on by default;
// a test turns one off to hold it equal to what the fallback computes.
struct FastPaths {
  bool vector_kernels = true;   // vector kernels of the take-and-break sparse engine, where the CPU has them
  VectorKernelSet kernel_set = VectorKernelSet::best;  // which of them (vector_kernels = false: portable)
  bool sparse_engine = true;    // the rare/common engine for take-and-break games (off: the naive bitset engine)
  bool mirror_strategy = true;  // placement: a board symmetric under a half turn, for a rule that allows it, is 0
};

// Settings of one family of engines that the core knows nothing of (the
// placement family's PlacementOptions: its table file and its search), kept by
// their type: the front end sets them, the family reads them, and a run that
// sets none gets the family's defaults.
class FamilySettings {
 public:
  template <class T>
  void set(T settings) {
    by_type_[std::type_index(typeid(T))] = std::make_shared<const T>(std::move(settings));
  }
  // The settings of type T, or nullptr when none were set.
  template <class T>
  [[nodiscard]] const T* find() const {
    const auto it = by_type_.find(std::type_index(typeid(T)));
    return it == by_type_.end() ? nullptr : static_cast<const T*>(it->second.get());
  }

 private:
  std::map<std::type_index, std::shared_ptr<const void>> by_type_;
};

struct ContextOptions {
  // The run's one bound on the tables and stacks of its searches together
  // (every engine of every game in the sum draws on it: memory_budget()); 0 = none.
  std::size_t memory_bytes = 0;
  unsigned threads = 1;          // 1 or 2 (take-and-break engines, placement searches)
  FastPaths fast_paths;
  // Settings a family of engines owns (placement::PlacementOptions).
  FamilySettings families;
  // Misère quotients saved by `grundy quotient --checkpoint FILE`: a misère
  // sum of heaps of one of their rules starts from the saved quotient (verified
  // first) instead of growing one heap by heap within its bound.
  std::vector<std::string> misere_quotients;
};

// Where progress lines go (the CLI: stderr, rewritten in place on a terminal).
class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  virtual void line(std::string_view text) = 0;
  // The run's last report was written; end a line rewritten in place.
  virtual void end() = 0;
};

class Context {
 public:
  Context() : Context(ContextOptions{}) {}
  explicit Context(ContextOptions options);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  [[nodiscard]] const ContextOptions& options() const noexcept { return options_; }
  // This run's number, never given to another Context of the process: an
  // object that remembers the run it last served (a rule's engine) knows by it
  // whether the context it is handed now is that run, with no lookup
  // (RunMemo).
  [[nodiscard]] std::uint64_t serial() const noexcept { return serial_; }
  [[nodiscard]] const FastPaths& fast_paths() const noexcept { return options_.fast_paths; }
  // The run's one memory budget (options().memory_bytes), from which every
  // engine of the run takes its share (memory_budget.hpp).
  [[nodiscard]] MemoryBudget& memory_budget() noexcept { return memory_budget_; }

  // ---- cancellation ----
  // Async-signal-safe (atomic stores). `signal`: the signal that asked for the
  // stop, 0 for any other reason; Cancelled carries it to the exit status.
  void request_stop(int signal = 0) noexcept {
    stop_signal_.store(signal, std::memory_order_relaxed);
    stop_.store(true, std::memory_order_relaxed);
  }
  [[nodiscard]] bool stop_requested() const noexcept { return stop_.load(std::memory_order_relaxed); }
  [[nodiscard]] int stop_signal() const noexcept { return stop_signal_.load(std::memory_order_relaxed); }
  // For a front end that keeps one context across requests (the web page's
  // worker): after a stopped request the caches and tables hold only finished
  // work, so the next request starts from them. Clears the stop and restarts
  // seconds() and the progress timing; not while a computation runs.
  void start_request();
  // Called by long computations every few milliseconds of work: throws Cancelled
  // after request_stop(), and runs the poll hook (at most every 20 ms), which may
  // itself request a stop or throw.
  void poll();
  // poll() for a loop that must save its work before it stops rather than
  // unwind: true after request_stop() or when the poll hook asks for a stop
  // (a front end's hook, Python checking for Ctrl-C, is how some stops come).
  [[nodiscard]] bool poll_asks_stop();
  // The one work meter: records `work` units of work (a unit is about one
  // option examined: a move listed, a value looked up, a heap of a table
  // charged with its number of options) and polls once every kPollWork units.
  // Every long loop charges its work here rather than polling on a cadence of
  // its own, so Ctrl-C is heard after the same amount of work everywhere.
  // Safe from several threads: a relaxed atomic counter, read and written
  // without a locked read-modify-write (`lock xadd` waits for the thread's
  // pending stores; once a heap it made sub(squares)'s table 25% slower), so
  // threads charging at once may lose some of each other's units — a poll
  // comes at most a few times later, never not at all.
  void charge(std::uint64_t work = 1) {
    const std::uint64_t total = work_since_poll_.load(std::memory_order_relaxed) + work;
    if (total >= kPollWork) [[unlikely]] {
      charged_enough();
    } else {
      work_since_poll_.store(total, std::memory_order_relaxed);
    }
  }
  // 2^16 units: 0.1-2 ms of the loops that charge (a few ns to ~30 ns a unit),
  // so a poll (an atomic load; the hook at most every 20 ms) costs nothing
  // measurable, and a stop is heard within milliseconds.
  static constexpr std::uint64_t kPollWork = std::uint64_t{1} << 16;
  void set_poll_hook(std::function<void()> hook) { poll_hook_ = std::move(hook); }

  // ---- progress ----
  // `after`: seconds of work before the first line.
  void set_progress(ProgressSink* sink, double after = 1.0);
  // True when a progress line would be shown now (producers build it only then).
  [[nodiscard]] bool progress_due();
  void progress(std::string_view text);
  // Ends the progress display (a line rewritten in place gets its newline).
  void end_progress();
  [[nodiscard]] double seconds() const;  // since the context was made

  // ---- per-run caches ----
  // The object of type T stored under `key`, made by make() on first use.
  // Typed: the key is the pair (T, key), so objects of different types never
  // meet under one name, and nothing is cast from an `any` that might hold
  // another type.
  template <class T, class Make>
  std::shared_ptr<T> shared(const std::string& key, Make&& make) {
    std::lock_guard lock(cache_mutex_);
    auto it = cache_.find(CacheLookup{std::type_index(typeid(T)), key});
    if (it != cache_.end()) return std::static_pointer_cast<T>(it->second);
    std::shared_ptr<T> made = make();
    cache_.emplace(CacheKey{std::type_index(typeid(T)), key},
                   std::const_pointer_cast<void>(std::static_pointer_cast<const void>(made)));
    return made;
  }
  // The object of type T this run keeps for `owner`, a part of a parsed
  // position that has no name to key it by (a graph read from a file or
  // written inline: its values, its solver), made by make() on first use.
  // The run does not keep `owner` alive: a web session parses each request
  // afresh, and keeping every graph it read would grow without end. An entry
  // whose owner has died is never found again (a new owner at the same address
  // makes its own), and such entries are swept as they accumulate.
  template <class T, class Make>
  std::shared_ptr<T> shared_for(const std::shared_ptr<const void>& owner, Make&& make) {
    std::lock_guard lock(cache_mutex_);
    const OwnerKey key{std::type_index(typeid(T)), owner.get()};
    auto it = owned_.find(key);
    if (it != owned_.end() && !it->second.owner.owner_before(owner) && !owner.owner_before(it->second.owner)) {
      return std::static_pointer_cast<T>(it->second.object);
    }
    std::shared_ptr<T> made = make();
    sweep_dead_owners();
    owned_[key] = Owned{owner, std::const_pointer_cast<void>(std::static_pointer_cast<const void>(made))};
    return made;
  }

  // ---- work to save ----
  // A saver writes what its computation has finished (a table file) and returns
  // a line for the user, or nullopt when it had nothing to save.
  void add_saver(std::function<std::optional<std::string>()> saver);
  // Runs every saver; their messages in order. Errors propagate.
  std::vector<std::string> save_work();

 private:
  using Clock = std::chrono::steady_clock;

  // charge()'s rare case, out of line: inlined into a hot loop beside the
  // loop's own work it cost sub(squares)'s table 40% (spilled registers).
  [[gnu::noinline, gnu::cold]] void charged_enough();

  ContextOptions options_;
  MemoryBudget memory_budget_;
  std::uint64_t serial_;
  std::atomic<bool> stop_{false};
  std::atomic<int> stop_signal_{0};
  std::atomic<std::uint64_t> work_since_poll_{0};
  std::function<void()> poll_hook_;
  std::mutex hook_mutex_;  // one thread runs the hook at a time
  Clock::time_point last_hook_{};
  Clock::time_point start_ = Clock::now();

  std::mutex progress_mutex_;
  ProgressSink* progress_ = nullptr;
  double progress_after_ = 1.0;
  bool progress_shown_ = false;
  Clock::time_point last_progress_{};

  // Recursive: a make() may look up the run's other objects (a graph's
  // solver, found for the graph object, is the one kept for its contents).
  std::recursive_mutex cache_mutex_;
  using CacheKey = std::pair<std::type_index, std::string>;
  using CacheLookup = std::pair<std::type_index, std::string_view>;
  // By type, then name; found by a string_view, so that a lookup allocates
  // nothing (a heap of a take-and-break rule asks for its run's engine at each
  // value: a copied key of more than 15 characters was a malloc and a free).
  struct CacheOrder {
    using is_transparent = void;
    template <class A, class B>
    bool operator()(const A& a, const B& b) const {
      if (a.first != b.first) return a.first < b.first;
      return std::string_view(a.second) < std::string_view(b.second);
    }
  };
  std::map<CacheKey, std::shared_ptr<void>, CacheOrder> cache_;
  // shared_for's objects, by type and owner's address, with the owner they
  // were made for (weakly: a dead owner's entry is never found).
  using OwnerKey = std::pair<std::type_index, const void*>;
  struct Owned {
    std::weak_ptr<const void> owner;
    std::shared_ptr<void> object;
  };
  std::map<OwnerKey, Owned> owned_;
  std::size_t owned_after_sweep_ = 0;
  // Drops the entries of dead owners once the map has doubled since the last
  // sweep: amortised O(1) a call.
  void sweep_dead_owners();
  std::vector<std::function<std::optional<std::string>()>> savers_;
};

}  // namespace grundy
