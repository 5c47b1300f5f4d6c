#include "grundy/take_and_break/take_and_break.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/heap_game_rule.hpp"
#include "grundy/take_and_break/engine.hpp"
#include "grundy/take_and_break/periodicity.hpp"

namespace grundy {
namespace {

// Games whose moves may leave three heaps have no sparse engine: the naive one
// spends about n^2/12 split visits on heap n, so n^3/36 on a table of n heaps.
// 4096 heaps take ~2·10^9 visits (a few seconds); beyond, a value is refused.
constexpr std::uint64_t kThreeHeapLimit = 4096;

// What one run has computed of a code: the engine, made with the run's threads
// and fast paths (tests value one code with a fast path on and off, so the
// engine is the run's, not the game's).
struct EngineRun {
  std::mutex mutex;
  std::unique_ptr<take_and_break::SequenceEngine> engine;
};

}  // namespace

TakeAndBreakGame::TakeAndBreakGame(take_and_break::GameCode code)
    : code_(std::move(code)), run_key_("take-and-break " + code_.display()) {}

void TakeAndBreakGame::moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const {
  append_heap_moves(*this, heap, out);
}

std::optional<MoveBounds> TakeAndBreakGame::move_bounds() const {
  if (!take_and_break::periodicity_theorem_applies(code_)) return std::nullopt;
  return take_and_break::move_bounds(code_);
}

std::uint64_t TakeAndBreakGame::sequence_limit() const {
  return scaled(code_.max_heaps_left() >= 3 ? kThreeHeapLimit : kTakeAndBreakValueLimit);
}

std::uint64_t TakeAndBreakGame::proof_search_limit() const {
  return scaled(code_.max_heaps_left() >= 3 ? kThreeHeapLimit : kProofSearchHeaps);
}

// The bounds above are measured on codes with a few splitting digits; a heap
// costs work in proportion to the number of digits that split (each visits
// about n/2 splits), and a table of n heaps costs n^2 times that. So with s > 4
// splitting digits the bounds shrink by sqrt(4/s), keeping a request's work
// what it is for a short code: a 1023-digit code computes 4096 heaps, not
// 65536, before it refuses (a tiny input must not mean hours of work).
std::uint64_t TakeAndBreakGame::scaled(std::uint64_t bound) const {
  std::uint64_t splitting = 0;
  for (const unsigned d : code_.digits) splitting += (d & 12U) != 0;
  if (code_.family != take_and_break::GameCode::Family::code || splitting <= 4) return bound;
  const double factor = std::sqrt(4.0 / static_cast<double>(splitting));
  return std::max<std::uint64_t>(256, static_cast<std::uint64_t>(static_cast<double>(bound) * factor));
}

bool TakeAndBreakGame::extend_sequence(std::vector<TableValue>& values, std::uint64_t last, Play play,
                                       Context& context) const {
  if (play != Play::normal) return false;
  if (values.size() > last) return true;
  // One engine for each table the adapter keeps (its address: the run's table
  // of one rule lives as long as the run), which lends the adapter its values
  // between extensions (SequenceEngine::lend): the heaps are held once, as
  // when the engine answered alone (10^7 heaps of Officers: 20 MB, not 40).
  const std::string key = run_key_ + " @" + std::to_string(reinterpret_cast<std::uintptr_t>(&values));
  const auto run = context.shared<EngineRun>(key, [&] {
    auto made = std::make_shared<EngineRun>();
    made->engine = take_and_break::make_engine(
        code_, {.kind = context.fast_paths().sparse_engine ? take_and_break::EngineKind::automatic
                                                           : take_and_break::EngineKind::naive,
                // More threads speculate in a distributed table run only.
                .threads = std::min(context.options().threads, 2U),
                .vector_kernels = context.fast_paths().vector_kernels,
                .kernels = context.fast_paths().kernel_set});
    return made;
  });
  std::lock_guard lock(run->mutex);
  take_and_break::SequenceEngine& engine = *run->engine;
  engine.take_back(std::move(values));
  // Lent again whatever happens: a stopped extension leaves the adapter the
  // heaps it finished.
  struct LendAgain {
    take_and_break::SequenceEngine& engine;
    std::vector<TableValue>& values;
    ~LendAgain() { values = engine.lend(); }
  } lend_again{engine, values};
  // The adapter reserved its table for the heaps it is after (its capacity,
  // kept through the lending): the chunks do not copy the table as it grows.
  engine.reserve(last + 1);
  engine.extend_to(last + 1);
  return true;
}

HeapRulePtr make_take_and_break(std::string_view code_or_name) {
  take_and_break::GameCode code = take_and_break::parse_game_code(code_or_name);
  std::string text = code.display();
  return HeapGameRule<TakeAndBreakGame>::make(TakeAndBreakGame(std::move(code)), std::move(text));
}

const take_and_break::GameCode* take_and_break_code(const HeapRule& rule) noexcept {
  const auto* game = dynamic_cast<const HeapGameRule<TakeAndBreakGame>*>(&rule);
  return game != nullptr ? &game->game().code() : nullptr;
}

}  // namespace grundy
