// The members of PartEngine (part_engine.hpp), included by the one file of a
// game that defines its packed parts' Rules, which instantiates them there:
//   template class search::PartEngine<clobber_grid::GroupRules, LetterBoard>;
// (the search's inner loop is compiled once, where the Rules' word operations
// are inlined into it).
#pragma once

#include <algorithm>
#include <string>

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
    context_->progress("grundy: part search (" + std::string(Rules::kWhat) + "): " + std::to_string(table_.size()) +
                       " parts valued, " + std::to_string(static_cast<long long>(context_->seconds())) + " s");
  }
}

template <class Rules, class Board>
std::optional<Nimber> PartEngine<Rules, Board>::value(const Board& board) {
  std::vector<std::uint64_t> keys;
  if (!Rules::keys_of_board(board, keys)) return std::nullopt;
  begin();
  const auto held = memory_.hold_at_end([this] { return table_.memory_bytes(); });
  Nimber total = 0;
  for (const std::uint64_t key : keys) total ^= value_of(key);
  return total;
}

// g(part) = mex of its options' values; every part it meets is stored.
template <class Rules, class Board>
Nimber PartEngine<Rules, Board>::value_of(std::uint64_t key) {
  if (const std::optional<Nimber> v = table_.find(key)) return *v;
  if ((++solved_ & 0xFFFU) == 0) poll();
  // The options first, each as its count of parts and the parts, on a stack
  // shared by the whole recursion: their slots are fetched together, so
  // that the cache misses of a table past the caches overlap (measured: 2–3 %
  // on Clobber 2×12 and NoGo 1×20, whose tables are about the cache's size).
  const std::size_t base = options_.size();
  Rules::for_each_option(key, [&](const std::uint64_t* parts, std::size_t count) {
    options_.push_back(count);
    for (std::size_t k = 0; k < count; ++k) {
      options_.push_back(parts[k]);
      table_.prefetch(parts[k]);
    }
  });
  MexSet seen;
  std::uint64_t low = 0;  // the options' values below 64 (most of them), a bit each
  for (std::size_t at = base; at < options_.size();) {
    const auto count = static_cast<std::size_t>(options_[at++]);
    Nimber x = 0;
    for (std::size_t k = 0; k < count; ++k) {
      // A part valued before (most are) read here, not through a call of
      // value_of(): the call's saving and restoring of registers was a tenth
      // of the search's own time (perf, Clobber 3×7).
      const std::uint64_t part = options_[at + k];
      const std::optional<Nimber> known = table_.find(part);
      x ^= known ? *known : value_of(part);
    }
    at += count;
    if (x < 64) {
      low |= std::uint64_t{1} << x;
    } else {
      seen.insert(x);
    }
  }
  seen.insert_word(low);
  options_.resize(base);
  // Below 256, what the table's byte holds: a part has fewer options.
  const Nimber mex = seen.mex();
  table_.store(key, mex);
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
      [&](std::uint64_t key) { return value_of(key); }, [](std::uint64_t key) { return Rules::weight(key); });
  std::vector<std::pair<std::string, Nimber>> out;
  out.reserve(claimed.size());
  for (const std::uint64_t key : claimed) out.emplace_back(Rules::text_of(key), *table_.find(key));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace grundy::search
