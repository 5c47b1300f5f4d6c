// The speculate/verify protocol of a distributed table run
// (grundy/take_and_break/distributed_run.hpp) on the Communicator interface:
// the same code over MPI ranks and over threads of one process.
//
// Messages (rank 0 sends every block to every verifier in the same order, so a
// verifier's table is rank 0's speculated table; a rewind comes after the
// blocks it cuts away, by the transport's order between two ranks):
//   kTable    0 -> v   offset, values: the verified table at the start
//   kBlock    0 -> v   epoch, start, mask, the rank that checks it, the values
//   kRewind   0 -> v   epoch, heap, value: cut the table to heap, append value
//   kStop     0 -> v   the exit status of the run
//   kVerdict  v -> 0   epoch, start, count, the first wrong heap and its value, seconds
//   kFault    v -> 0   what went wrong on a verifier (rank 0 stops the run)
// The epoch counts the rewinds: a verdict of an older epoch is on values that
// are gone, and is dropped.
#include "grundy/take_and_break/distributed_run.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>

#include "grundy/core/input_error.hpp"
#include "grundy/core/output_file.hpp"
#include "grundy/take_and_break/checkpoint.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/periodicity.hpp"
#include "block_verifier.hpp"
#include "run_support.hpp"
#include "sparse_engine.hpp"
#include "thread_cpu_time.hpp"
#include "vector_kernels.hpp"

namespace grundy {
namespace {

using namespace take_and_break;
using namespace run_support;
using detail::thread_cpu_seconds;
using distributed::Communicator;
using distributed::Message;

enum Tag : int { kTable = 101, kBlock, kRewind, kStop, kVerdict, kFault };

// Values a kTable message (16 MB).
constexpr std::uint64_t kTableChunk = std::uint64_t{1} << 23;
// Blocks: from kFirstBlock heaps, doubled while one takes rank 0 less than
// kBlockSeconds to speculate, up to kLargestBlock (a verdict then comes every
// few tens of milliseconds); back to kFirstBlock after a wrong heap, so that
// a game whose rare values keep growing does not lose long leads often.
constexpr std::uint64_t kFirstBlock = 1024;
constexpr std::uint64_t kLargestBlock = std::uint64_t{1} << 16;
constexpr double kBlockSeconds = 0.02;
// After a wrong heap h, rank 0 computes the next max(kExactAfterWrong, h /
// kExactFraction) heaps exactly (still verified, never wrong): rare values
// come in clusters (Officers: 1584 up to 20627, none after), and each wrong
// heap throws the speculated lead away; a game whose rare values keep coming
// is then computed at the speed of one process, not slower.
constexpr std::uint64_t kExactAfterWrong = 4096;
constexpr std::uint64_t kExactFraction = 16;
// Blocks in flight a verifier: enough that none waits for rank 0 while its
// verdicts travel, few enough that a rewind throws little away.
constexpr std::size_t kBlocksPerVerifier = 3;

// ---- Encoding ----

class Writer {
 public:
  template <class T>
  void put(T value) {
    bytes(&value, sizeof value);
  }
  void bytes(const void* data, std::size_t size) {
    if (size != 0) out_.append(static_cast<const char*>(data), size);  // an empty vector's data() may be null
  }
  [[nodiscard]] const std::string& text() const noexcept { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  template <class T>
  T get() {
    T value;
    bytes(&value, sizeof value);
    return value;
  }
  void bytes(void* data, std::size_t size) {
    if (in_.size() - pos_ < size) throw std::runtime_error("distributed table run: a message is shorter than its fields");
    if (size == 0) return;  // an empty table's data() is null, and memcpy's arguments must never be
    std::memcpy(data, in_.data() + pos_, size);
    pos_ += size;
  }
  [[nodiscard]] std::size_t left() const noexcept { return in_.size() - pos_; }

 private:
  std::string_view in_;
  std::size_t pos_ = 0;
};

// The 8-bit form of a block: a common value v (popcount(v & mask) odd) below
// 512 without the mask's lowest bit b <= 8, which its parity gives back. One
// byte a heap instead of two (Grossman's Officers search stores the values
// this way; mvr/officers drops bit 1 of Officers' values the same way).
int dropped_bit(std::uint64_t mask, std::span<const Value> values) {
  if (mask == 0 || std::countr_zero(mask) > 8) return -1;
  for (Value v : values) {
    if (v >= 512 || (std::popcount(v & mask) & 1) == 0) return -1;
  }
  return std::countr_zero(mask);
}

std::uint8_t compress(Value v, int bit) {
  const unsigned low = v & ((1U << bit) - 1);
  return static_cast<std::uint8_t>(((v >> (bit + 1)) << bit) | low);
}

Value decompress(std::uint8_t c, int bit, std::uint64_t mask) {
  const unsigned low = c & ((1U << bit) - 1);
  const unsigned without = ((static_cast<unsigned>(c) >> bit) << (bit + 1)) | low;
  // The bit that makes popcount(v & mask) odd.
  const unsigned parity = std::popcount(without & mask) & 1;
  return static_cast<Value>(without | ((parity ^ 1U) << bit));
}

std::string block_message(std::uint64_t epoch, std::uint64_t start, std::uint64_t mask, int checker,
                          std::span<const Value> values) {
  Writer w;
  w.put(epoch);
  w.put(start);
  w.put(mask);
  w.put(static_cast<std::int32_t>(checker));
  w.put(static_cast<std::uint64_t>(values.size()));
  const int bit = dropped_bit(mask, values);
  w.put(static_cast<std::int8_t>(bit));
  if (bit >= 0) {
    std::string bytes(values.size(), '\0');
    for (std::size_t i = 0; i < values.size(); ++i) bytes[i] = static_cast<char>(compress(values[i], bit));
    w.bytes(bytes.data(), bytes.size());
  } else {
    w.bytes(values.data(), values.size() * sizeof(Value));
  }
  return w.text();
}

// ---- Rank 0 ----

struct Pending {
  std::uint64_t start = 0;
  std::uint64_t end = 0;
  enum class State { waiting, right, wrong } state = State::waiting;
  std::uint64_t wrong_heap = 0;
  Value wrong_value = 0;
};

detail::VectorKernels engine_kernels(const Context& context) {
  return detail::vector_kernels_of(context.fast_paths().vector_kernels ? resolve_kernel_set(context.fast_paths().kernel_set)
                                                                       : VectorKernelSet::portable);
}

class Coordinator {
 public:
  Coordinator(const TakeAndBreakRequest& request, Context& context, Communicator& world)
      : request_(request), context_(context), world_(world), code_(parse_game_code(request.rule)) {}

  TakeAndBreakRun run();

 private:
  void send_all(int tag, std::string_view payload) {
    for (int r = 1; r < world_.size(); ++r) world_.send(r, tag, payload);
    stats_.bytes_sent += payload.size() * static_cast<std::uint64_t>(world_.size() - 1);
  }
  void send_table();
  void speculate_block();
  void take(const Message& message);
  void advance();
  void checkpoint();
  void report_progress();

  const TakeAndBreakRequest& request_;
  Context& context_;
  Communicator& world_;
  const GameCode code_;
  TakeAndBreakRun run_;
  std::unique_ptr<detail::SparseEngine> engine_;
  std::uint64_t verified_ = 0;
  std::uint64_t target_ = 0;
  std::uint64_t epoch_ = 0;
  std::uint64_t block_ = kFirstBlock;
  bool may_speculate_ = false;   // the engine and the game allow it
  std::uint64_t exact_until_ = 0;  // heaps before this are computed exactly (see kExactAfterWrong)
  int next_checker_ = 0;
  std::deque<Pending> pending_;
  DistributedStats stats_;
  std::uint64_t checkpoint_holds_ = 0;
  bool save_checkpoints_ = false;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_checkpoint_ = Clock::now();
};

void Coordinator::send_table() {
  const std::vector<Value>& values = engine_->values();
  for (std::uint64_t offset = 0; offset < values.size() || offset == 0; offset += kTableChunk) {
    const std::uint64_t count = std::min<std::uint64_t>(kTableChunk, values.size() - offset);
    Writer w;
    w.put(offset);
    w.bytes(values.data() + offset, count * sizeof(Value));
    send_all(kTable, w.text());
    if (values.empty()) break;
  }
}

void Coordinator::speculate_block() {
  const std::uint64_t from = engine_->size();
  const auto started = Clock::now();
  const double cpu = thread_cpu_seconds();
  const detail::SparseEngine::BandTimes before = engine_->band_times();
  const bool speculate = may_speculate_ && from >= exact_until_;
  engine_->set_speculative(speculate);
  const std::uint64_t end = speculate ? from + block_ : std::min(from + block_, exact_until_);
  engine_->extend_to(std::min(target_, std::max(end, from + 1)));
  const double took = seconds_since(started);
  // This thread's work (its waiting for the other threads' bands left out)
  // and the other threads' bands.
  const detail::SparseEngine::BandTimes after = engine_->band_times();
  const double others = (after.band_seconds - before.band_seconds) - (after.own_band_seconds - before.own_band_seconds);
  stats_.speculate_seconds += thread_cpu_seconds() - cpu - (after.waiting_seconds - before.waiting_seconds) + others;
  stats_.banded_heaps += after.heaps - before.heaps;
  stats_.band_seconds += after.band_seconds - before.band_seconds;
  stats_.in_order_seconds += after.in_order_seconds - before.in_order_seconds;
  const std::uint64_t to = engine_->size();
  stats_.speculated += to - from;
  if (took < kBlockSeconds / 2) block_ = std::min(kLargestBlock, 2 * block_);
  const int checker = 1 + next_checker_++ % (world_.size() - 1);
  const std::span<const Value> values(engine_->values().data() + from, to - from);
  const double sending = thread_cpu_seconds();
  send_all(kBlock, block_message(epoch_, from, engine_->mask(), checker, values));
  stats_.send_seconds += thread_cpu_seconds() - sending;
  pending_.push_back(Pending{from, to});
  stats_.largest_lead = std::max(stats_.largest_lead, to - verified_);
}

void Coordinator::take(const Message& message) {
  Reader in(message.payload);
  if (message.tag == kFault) {
    throw std::runtime_error("rank " + std::to_string(message.source) + " failed: " + message.payload);
  }
  if (message.tag != kVerdict) {
    throw std::logic_error("distributed table run: rank 0 got a message of tag " + std::to_string(message.tag));
  }
  const auto epoch = in.get<std::uint64_t>();
  const auto start = in.get<std::uint64_t>();
  const auto count = in.get<std::uint64_t>();
  const auto right = in.get<std::uint8_t>();
  const auto heap = in.get<std::uint64_t>();
  const auto value = in.get<Value>();
  stats_.verify_seconds += in.get<double>();
  if (epoch != epoch_) return;  // on values a rewind has dropped
  for (Pending& p : pending_) {
    if (p.start == start && p.end == start + count) {
      p.state = right ? Pending::State::right : Pending::State::wrong;
      p.wrong_heap = heap;
      p.wrong_value = value;
      return;
    }
  }
  throw std::logic_error("distributed table run: a verdict on a block that was not sent");
}

// Moves the verified frontier over the blocks verified in order; at the first
// wrong heap, the verifier's value is taken (the heaps before it are right, so
// it is g(heap)) and the run speculates again from the next heap.
void Coordinator::advance() {
  while (!pending_.empty() && pending_.front().state != Pending::State::waiting) {
    const Pending p = pending_.front();
    pending_.pop_front();
    if (p.state == Pending::State::right) {
      verified_ = p.end;
      ++stats_.blocks;
      continue;
    }
    engine_->rewind(p.wrong_heap, p.wrong_value);
    verified_ = p.wrong_heap + 1;
    ++stats_.blocks;
    ++stats_.failures;
    ++epoch_;
    pending_.clear();
    block_ = kFirstBlock;
    exact_until_ = p.wrong_heap + 1 + std::max(kExactAfterWrong, p.wrong_heap / kExactFraction);
    Writer w;
    w.put(epoch_);
    w.put(p.wrong_heap);
    w.put(p.wrong_value);
    send_all(kRewind, w.text());
  }
}

void Coordinator::checkpoint() {
  // A failed save (disk full) loses no work already in memory: the run goes
  // on, and the failure is reported with the answer.
  if (save_checkpoints_ && verified_ > checkpoint_holds_) {
    try {
      write_checkpoint(request_.checkpoint, run_.code, engine_->values().data(), verified_);
    } catch (const InputError& e) {
      if (run_.save_error.empty()) run_.save_error = e.message();
    }
  }
  last_checkpoint_ = Clock::now();
}

void Coordinator::report_progress() {
  if (!context_.progress_due()) return;
  const double elapsed = seconds_since(start_);
  const double speed = static_cast<double>(verified_ - run_.resumed_from) / std::max(elapsed, 1e-6);
  const double left = static_cast<double>(target_ - std::min(target_, verified_)) / std::max(speed, 1e-6);
  char line[256];
  std::snprintf(line, sizeof line, "%s: verified %llu/%llu heaps (%.1f%%), %s values/s, speculated %s ahead, %s, ETA %s",
                run_.rule.c_str(), static_cast<unsigned long long>(verified_),
                static_cast<unsigned long long>(target_),
                100.0 * static_cast<double>(verified_) / static_cast<double>(target_), format_count(speed).c_str(),
                format_count(static_cast<double>(engine_->size() - verified_)).c_str(), world_.describe().c_str(),
                format_seconds(left).c_str());
  context_.progress(line);
}

TakeAndBreakRun Coordinator::run() {
  run_ = start_run(request_, code_);
  stats_.ranks = world_.size();
  stats_.speculation_threads = request_.threads;
  stats_.transport = world_.describe();

  engine_ = std::make_unique<detail::SparseEngine>(code_, request_.threads, request_.engine == EngineKind::sparse,
                                                   engine_kernels(context_));
  // Heaps computed exactly (the naive engine asked for, or a game the sparse
  // way does not fit) go through the same blocks and verdicts.
  may_speculate_ = request_.engine != EngineKind::naive && engine_->usable();
  if (auto cp = resume_checkpoint(request_.checkpoint, run_.code, request_.upto)) {
    checkpoint_holds_ = cp->held;
    run_.resumed_from = cp->values.size();
    engine_->restore(std::move(cp->values));
  }
  save_checkpoints_ = !request_.checkpoint.empty() && checkpoint_holds_ < request_.upto + 1;
  if (save_checkpoints_) (void)prepare_output_file(request_.checkpoint, "checkpoint");
  const bool theorem = periodicity_theorem_applies(code_);
  target_ = table_target(request_, theorem);
  engine_->reserve(target_ + kLargestBlock);
  verified_ = engine_->size();
  send_table();

  std::uint64_t next_check = verified_;
  const std::size_t most_pending = kBlocksPerVerifier * static_cast<std::size_t>(world_.size() - 1);
  while (verified_ < target_) {
    if (engine_->size() < target_ && pending_.size() < most_pending) {
      speculate_block();
      while (auto message = world_.receive(std::chrono::milliseconds(0))) take(*message);
    } else {
      const auto started = Clock::now();
      if (auto message = world_.receive(std::chrono::milliseconds(20))) take(*message);
      stats_.waiting_seconds += seconds_since(started);
    }
    advance();
    if (theorem && request_.stop_when_proven && (verified_ >= next_check || verified_ >= request_.upto + 1)) {
      run_.pattern = find_periodicity(code_, std::span<const Value>(engine_->values().data(), verified_));
      if (run_.pattern.proven()) break;
      next_check = verified_ + std::max<std::uint64_t>(256, verified_ / 4);
    }
    if (context_.poll_asks_stop()) {
      checkpoint();
      run_.interrupted = true;
      break;
    }
    if (!request_.checkpoint.empty() && seconds_since(last_checkpoint_) >= request_.checkpoint_seconds) checkpoint();
    report_progress();
  }
  if (!run_.interrupted) checkpoint();
  context_.end_progress();
  if (!run_.pattern.proven()) {
    run_.pattern = find_periodicity(code_, std::span<const Value>(engine_->values().data(), verified_));
  }
  run_.sparse = engine_->sparse_stats();
  run_.kernels = engine_->kernel_set();
  run_.values = engine_->release();
  run_.values.resize(verified_);  // the speculated heaps past the frontier are dropped
  run_.distributed = stats_;
  run_.seconds = seconds_since(start_);
  run_.values_per_second = static_cast<double>(run_.values.size() - run_.resumed_from) / std::max(run_.seconds, 1e-9);
  find_largest(run_);
  if (!run_.output.empty() && !run_.interrupted) {
    try {
      write_output(run_);
    } catch (const InputError& e) {
      run_.save_error = e.message();
    }
  }
  return std::move(run_);
}

// ---- Ranks 1.. ----

// A verifier's messages, received on a thread of their own while it
// verifies: over MPI a block (past the eager limit of a few kB) is handed over
// only when the receiver takes it, so a verifier busy with a block would hold
// rank 0's send, and its speculation, up to the end of that block.
class Inbox {
 public:
  explicit Inbox(Communicator& world) : world_(world), thread_([this] { run(); }) {}
  ~Inbox() {
    done_ = true;
    thread_.join();
  }
  Inbox(const Inbox&) = delete;
  Inbox& operator=(const Inbox&) = delete;

  std::optional<Message> next(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    if (!arrived_.wait_for(lock, timeout, [&] { return !queue_.empty() || error_; })) return std::nullopt;
    if (queue_.empty()) std::rethrow_exception(error_);
    Message message = std::move(queue_.front());
    queue_.pop_front();
    return message;
  }

 private:
  void run() {
    try {
      while (!done_) {
        std::optional<Message> message = world_.receive(std::chrono::milliseconds(100));
        if (!message) continue;
        const bool stop = message->tag == kStop;
        {
          std::lock_guard lock(mutex_);
          queue_.push_back(std::move(*message));
        }
        arrived_.notify_one();
        if (stop) return;  // the last message of a run
      }
    } catch (...) {
      std::lock_guard lock(mutex_);
      error_ = std::current_exception();
      arrived_.notify_one();
    }
  }

  Communicator& world_;
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<Message> queue_;
  std::exception_ptr error_;
  std::atomic<bool> done_{false};
  std::thread thread_;  // last: starts once the members above exist
};

// Verifies the blocks this rank is given until rank 0 stops the run; returns
// the exit status rank 0 sent.
int verify_blocks(const TakeAndBreakRequest& request, Context& context, Communicator& world) {
  detail::BlockVerifier verifier(parse_game_code(request.rule), engine_kernels(context));
  std::vector<Value>& table = verifier.table();
  std::uint64_t epoch = 0;
  std::uint64_t wrong_at = UINT64_MAX;  // this rank found this heap wrong in this epoch
  auto heard = Clock::now();
  Inbox inbox(world);
  for (;;) {
    const std::optional<Message> message = inbox.next(std::chrono::milliseconds(200));
    if (!message) {
      // Rank 0 always ends the run with kStop; a verifier stopped by a signal
      // (Ctrl-C reaches every rank of mpirun) that then hears nothing for a
      // while has lost rank 0.
      if (context.stop_requested() && seconds_since(heard) > 10) return 130;
      continue;
    }
    heard = Clock::now();
    Reader in(message->payload);
    switch (message->tag) {
      case kTable: {
        const auto offset = in.get<std::uint64_t>();
        if (offset != table.size()) throw std::logic_error("distributed table run: table chunks out of order");
        table.resize(offset + in.left() / sizeof(Value));
        in.bytes(table.data() + offset, (table.size() - offset) * sizeof(Value));
        break;
      }
      case kBlock: {
        const auto block_epoch = in.get<std::uint64_t>();
        const auto start = in.get<std::uint64_t>();
        const auto mask = in.get<std::uint64_t>();
        const auto checker = in.get<std::int32_t>();
        const auto count = in.get<std::uint64_t>();
        const auto bit = in.get<std::int8_t>();
        if (block_epoch != epoch || start != table.size())
          throw std::logic_error("distributed table run: a block that does not follow the table");
        table.resize(start + count);
        if (bit >= 0) {
          std::string bytes(count, '\0');
          in.bytes(bytes.data(), count);
          for (std::uint64_t i = 0; i < count; ++i)
            table[start + i] = decompress(static_cast<std::uint8_t>(bytes[i]), bit, mask);
        } else {
          in.bytes(table.data() + start, count * sizeof(Value));
        }
        // After a wrong heap, the blocks behind it wait for the rewind.
        if (checker != world.rank() || start > wrong_at) break;
        const double cpu = thread_cpu_seconds();
        const auto wrong = verifier.verify(start, count, mask);
        Writer w;
        w.put(epoch);
        w.put(start);
        w.put(count);
        w.put(static_cast<std::uint8_t>(wrong ? 0 : 1));
        w.put(wrong ? wrong->heap : std::uint64_t{0});
        w.put(wrong ? wrong->value : Value{0});
        w.put(thread_cpu_seconds() - cpu);
        if (wrong) wrong_at = wrong->heap;
        world.send(0, kVerdict, w.text());
        break;
      }
      case kRewind: {
        epoch = in.get<std::uint64_t>();
        const auto heap = in.get<std::uint64_t>();
        const auto value = in.get<Value>();
        table.resize(heap);
        table.push_back(value);
        wrong_at = UINT64_MAX;
        break;
      }
      case kStop: return in.get<std::int32_t>();
      default: throw std::logic_error("distributed table run: a verifier got a message of tag " + std::to_string(message->tag));
    }
  }
}

void stop_all(Communicator& world, std::int32_t status) {
  Writer w;
  w.put(status);
  for (int r = 1; r < world.size(); ++r) world.send(r, kStop, w.text());
}

}  // namespace

std::optional<TakeAndBreakRun> run_take_and_break_table(const TakeAndBreakRequest& request, Context& context,
                                                        Communicator& world) {
  TakeAndBreakRequest one = request;
  one.verifiers = 0;
  if (world.size() == 1) return run_take_and_break_table(one, context);
  if (world.rank() != 0) {
    int status = 1;
    try {
      // Rank 0 validates the request (and stops every rank if it is bad);
      // files are its alone.
      status = verify_blocks(one, context, world);
    } catch (const std::exception& e) {
      // Rank 0 stops the run and says why; the verifier waits for its kStop.
      world.send(0, kFault, e.what());
      // (Within a minute: the Inbox may have taken rank 0's kStop already.)
      for (int wait = 0; wait < 60; ++wait) {
        if (auto m = world.receive(std::chrono::milliseconds(1000)); m && m->tag == kStop) {
          status = Reader(m->payload).get<std::int32_t>();
          break;
        }
      }
    }
    if (status != 0) throw RankStopped{status};
    return std::nullopt;
  }
  try {
    validate_take_and_break_request(one, true);
    Coordinator coordinator(one, context, world);
    TakeAndBreakRun run = coordinator.run();
    stop_all(world, run.interrupted ? 130 : 0);
    return run;
  } catch (const InputError&) {
    stop_all(world, 2);
    throw;
  } catch (...) {
    stop_all(world, 1);
    throw;
  }
}

TakeAndBreakRun run_distributed_on_threads(const TakeAndBreakRequest& request, Context& context) {
  if (request.verifiers > 64) throw InputError("--verifiers must be at most 64, not " + std::to_string(request.verifiers));
  std::optional<TakeAndBreakRun> result;
  distributed::run_on_threads(static_cast<int>(request.verifiers) + 1, [&](Communicator& world) {
    try {
      auto run = run_take_and_break_table(request, context, world);
      if (world.rank() == 0) result = std::move(run);
    } catch (const RankStopped&) {
      // Rank 0 throws the reason itself.
    }
  });
  return std::move(*result);
}

}  // namespace grundy
