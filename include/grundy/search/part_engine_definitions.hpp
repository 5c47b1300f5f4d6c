// The members of PartEngine (part_engine.hpp), included by the one file of a
// game that defines its packed parts' Rules, which instantiates them there:
//   template class search::PartEngine<clobber_grid::GroupRules, LetterBoard>;
// (the search's inner loop is compiled once, where the Rules' word operations
// are inlined into it).
#pragma once

#include <algorithm>
#include <string>
#include <system_error>
#include <utility>

#include "grundy/core/input_error.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/search/part_claims.hpp"
#include "grundy/search/part_engine.hpp"
#include "grundy/search/table_store.hpp"

namespace grundy::search {

template <class Rules, class Board>
PartEngine<Rules, Board>::PartEngine(Context& context)
    : context_(&context), memory_(context.memory_budget()), table_(Rules::kWhat) {}

template <class Rules, class Board>
bool PartEngine<Rules, Board>::fits(const Board& board) {
  std::vector<std::uint64_t> keys;
  return Rules::keys_of_board(board, keys);
}

template <class Rules, class Board>
std::string PartEngine<Rules, Board>::too_large() {
  return Rules::too_large();
}

template <class Rules, class Board>
const char* PartEngine<Rules, Board>::certificate_game() {
  return Rules::kCertificateGame;
}

template <class Rules, class Board>
void PartEngine<Rules, Board>::begin() {
  if (!opened_) {
    opened_ = true;
    // The run's table file for this engine and game (table_store.hpp): read
    // before any part is valued, every part valued kept there at once.
    const std::string file = TableStore::of(*context_).path_for(kName, Rules::kWhat);
    if (!file.empty()) {
      table_.set_memory_limit(memory_.limit(), memory_.bound());
      const PartTable::Loaded loaded = table_.use_file(file);
      loaded_ = loaded.parts;
      if (loaded.dropped != 0) {
        // Said at the run's end with the tables' other lines (a damaged slot
        // costs its part's valuation again, never a wrong value).
        context_->add_saver([file, dropped = loaded.dropped]() -> std::optional<std::string> {
          return "table " + file + ": " + std::to_string(dropped) +
                 (dropped == 1 ? " slot failed its check and was" : " slots failed their check and were") +
                 " dropped (damaged; their parts valued again)";
        });
      }
    }
  }
  table_.set_memory_limit(memory_.limit(), memory_.bound());
}

template <class Rules, class Board>
void PartEngine<Rules, Board>::poll() {
  context_->poll();
  if (context_->progress_due()) {
    std::string line = "grundy: part search (" + std::string(Rules::kWhat) + "): " + std::to_string(table_.size()) +
                       " parts valued";
    if (crew_) line += " on " + std::to_string(crew_->helpers.size() + 1) + " threads";
    context_->progress(line + ", " + std::to_string(static_cast<long long>(context_->seconds())) + " s");
  }
  if (!crew_ && context_->options().threads > 1 && main_.solved - solved_at_start_ >= kHelpersAfter) start_helpers();
}

template <class Rules, class Board>
std::optional<Nimber> PartEngine<Rules, Board>::value(const Board& board) {
  std::vector<std::uint64_t> keys;
  if (!Rules::keys_of_board(board, keys)) return std::nullopt;
  begin();
  const auto held = memory_.hold_at_end([this] { return table_.memory_bytes(); });
  roots_ = keys;
  solved_at_start_ = main_.solved;
  // The helpers stop and are joined however this ends (an answer, a poll's
  // interruption, a memory bound).
  struct Helpers {
    PartEngine* engine;
    ~Helpers() { engine->end_helpers(); }
  } helpers{this};
  Nimber total = 0;
  for (const std::uint64_t key : keys) total ^= value_of(main_, key);
  return total;
}

template <class Rules, class Board>
void PartEngine<Rules, Board>::start_helpers() {
  crew_ = std::make_unique<Crew>();
  const unsigned threads = context_->options().threads;
  crew_->running = threads;
  for (unsigned i = 1; i < threads; ++i) {
    try {
      crew_->helpers.emplace_back([this] {
        Worker w;
        w.helper = true;
        help(w);
      });
    } catch (const std::system_error&) {
      // No thread to be had: the ones started (and this one) go on.
      const std::lock_guard lock(crew_->gate);
      crew_->running -= threads - i;
      break;
    }
  }
}

// A helper's whole life: the valuation's parts last first, until the crew
// stops (or it has valued them all); an error kept for the main thread.
template <class Rules, class Board>
void PartEngine<Rules, Board>::help(Worker& w) {
  try {
    for (auto it = roots_.rbegin(); it != roots_.rend(); ++it) (void)value_of(w, *it);
  } catch (const Stopped&) {
  } catch (...) {
    // The first helper's error (two may fail at once on three threads).
    const std::lock_guard lock(crew_->gate);
    if (!crew_->failed.load(std::memory_order_relaxed)) {
      crew_->error = std::current_exception();
      crew_->failed.store(true, std::memory_order_release);
    }
    crew_->stop.store(true, std::memory_order_relaxed);
  }
  const std::lock_guard lock(crew_->gate);
  --crew_->running;
  crew_->valuations += w.solved;
  crew_->twice += w.twice;
  crew_->changed.notify_all();
}

template <class Rules, class Board>
void PartEngine<Rules, Board>::end_helpers() noexcept {
  const std::uint64_t main_twice = std::exchange(main_.twice, 0);
  if (!crew_) return;
  crew_->stop.store(true, std::memory_order_relaxed);
  {
    // Out of the search: a helper's growth no longer waits for this thread.
    const std::lock_guard lock(crew_->gate);
    --crew_->running;
    crew_->changed.notify_all();
  }
  for (std::thread& t : crew_->helpers) t.join();
  // The helpers' counts are theirs until they were joined.
  // What the threads did, for --progress: the work each did and the work lost.
  context_->progress("grundy: part search (" + std::string(Rules::kWhat) + "): " +
                     std::to_string(crew_->helpers.size() + 1) + " threads valued " +
                     std::to_string(main_.solved - solved_at_start_) + " (main) and " +
                     std::to_string(crew_->valuations) + " (helpers) parts, " +
                     std::to_string(main_twice + crew_->twice) + " of them twice");
  crew_.reset();
}

template <class Rules, class Board>
void PartEngine<Rules, Board>::park() {
  std::unique_lock lock(crew_->gate);
  ++crew_->parked;
  crew_->changed.notify_all();
  crew_->changed.wait(lock, [&] { return !crew_->pause.load(std::memory_order_relaxed); });
  --crew_->parked;
}

template <class Rules, class Board>
void PartEngine<Rules, Board>::safe_point(Worker& w) {
  if (crew_->pause.load(std::memory_order_acquire)) park();
  if (crew_->stop.load(std::memory_order_relaxed)) {
    if (w.helper) throw Stopped{};
    if (crew_->failed.load(std::memory_order_acquire)) std::rethrow_exception(crew_->error);
  }
}

// One thread stores at a time; a store that grows the table first waits
// until every other thread of the search is parked at a safe point (none is
// then reading a slot), and wakes them after.
template <class Rules, class Board>
void PartEngine<Rules, Board>::store(Worker& w, std::uint64_t key, Nimber value) {
  if (!crew_) {
    if (!table_.store(key, value)) ++w.twice;
    return;
  }
  for (;;) {
    safe_point(w);
    if (crew_->writer.try_lock()) break;
    std::this_thread::yield();
  }
  const std::lock_guard writing(crew_->writer, std::adopt_lock);
  if (!table_.store_grows()) {
    if (!table_.store(key, value)) ++w.twice;
    return;
  }
  std::unique_lock lock(crew_->gate);
  crew_->pause.store(true, std::memory_order_release);
  crew_->changed.wait(lock, [&] { return crew_->parked + 1 >= crew_->running; });
  struct Wake {
    Crew& crew;
    ~Wake() {
      crew.pause.store(false, std::memory_order_release);
      crew.changed.notify_all();
    }
  } wake{*crew_};
  if (!table_.store(key, value)) ++w.twice;
}

// g(part) = mex of its options' values; every part it meets is stored.
template <class Rules, class Board>
Nimber PartEngine<Rules, Board>::value_of(Worker& w, std::uint64_t key) {
  if (const std::optional<Nimber> v = table_.find(key)) return *v;
  if (crew_) safe_point(w);
  if ((++w.solved & 0xFFFU) == 0 && !w.helper) poll();
  // The options first, each as its count of parts and the parts, on a stack
  // shared by the whole recursion: their slots are fetched together, so
  // that the cache misses of a table past the caches overlap (measured: 2–3 %
  // on Clobber 2×12 and NoGo 1×20, whose tables are about the cache's size).
  // A helper writes each option's count after its parts and walks them from
  // the last.
  std::vector<std::uint64_t>& options = w.options;
  const std::size_t base = options.size();
  if (!w.helper) {
    Rules::for_each_option(key, [&](const std::uint64_t* parts, std::size_t count) {
      options.push_back(count);
      for (std::size_t k = 0; k < count; ++k) {
        options.push_back(parts[k]);
        table_.prefetch(parts[k]);
      }
    });
  } else {
    Rules::for_each_option(key, [&](const std::uint64_t* parts, std::size_t count) {
      for (std::size_t k = 0; k < count; ++k) {
        options.push_back(parts[k]);
        table_.prefetch(parts[k]);
      }
      options.push_back(count);
    });
  }
  // The xor of the option of `count` parts from options[at]. A part valued
  // before (most are) read here, not through a call of value_of(): the
  // call's saving and restoring of registers was a tenth of the search's
  // own time (perf, Clobber 3×7).
  const auto option_value = [&](std::size_t at, std::size_t count) {
    Nimber x = 0;
    for (std::size_t k = 0; k < count; ++k) {
      const std::uint64_t part = options[at + k];
      const std::optional<Nimber> known = table_.find(part);
      x ^= known ? *known : value_of(w, part);
    }
    return x;
  };
  MexSet seen;
  std::uint64_t low = 0;  // the options' values below 64 (most of them), a bit each
  const auto note = [&](Nimber x) {
    if (x < 64) {
      low |= std::uint64_t{1} << x;
    } else {
      seen.insert(x);
    }
  };
  if (!w.helper) {
    for (std::size_t at = base; at < options.size();) {
      const auto count = static_cast<std::size_t>(options[at++]);
      note(option_value(at, count));
      at += count;
    }
  } else {
    for (std::size_t end = options.size(); end > base;) {
      const auto count = static_cast<std::size_t>(options[end - 1]);
      const std::size_t at = end - 1 - count;
      note(option_value(at, count));
      end = at;
    }
  }
  seen.insert_word(low);
  options.resize(base);
  // Below 256, what the table's byte holds: a part has fewer options.
  const Nimber mex = seen.mex();
  store(w, key, mex);
  return mex;
}

// The claims (part_claims.hpp), each part's cost its Rules::weight.
template <class Rules, class Board>
std::vector<std::pair<std::string, Nimber>> PartEngine<Rules, Board>::claims(const std::vector<Board>& boards) {
  std::vector<std::uint64_t> roots;
  for (const Board& board : boards)
    if (!Rules::keys_of_board(board, roots)) throw LimitError("a board " + Rules::too_large());
  begin();
  const auto held = memory_.hold_at_end([this] { return table_.memory_bytes(); });
  const std::vector<std::uint64_t> claimed = choose_claims(
      roots, [](std::uint64_t key, auto&& on_option) { Rules::for_each_option(key, on_option); },
      [&](std::uint64_t key) { return value_of(main_, key); }, [](std::uint64_t key) { return Rules::weight(key); });
  std::vector<std::pair<std::string, Nimber>> out;
  out.reserve(claimed.size());
  for (const std::uint64_t key : claimed) out.emplace_back(Rules::text_of(key), *table_.find(key));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace grundy::search
