#include "grundy/take_and_break/take_and_break.hpp"

#include <algorithm>
#include <mutex>
#include <string>

#include "grundy/input_error.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/engine.hpp"
#include "grundy/take_and_break/periodicity.hpp"

namespace grundy {
namespace {

using take_and_break::EngineKind;
using take_and_break::GameCode;
using take_and_break::Value;

class TakeAndBreakRule final : public HeapRule {
 public:
  explicit TakeAndBreakRule(GameCode code)
      : code_(std::move(code)),
        // The engines compute codes and Grundy's game; a game with a closed form has none.
        engine_(code_.family == GameCode::Family::code || code_.family == GameCode::Family::grundy
                    ? take_and_break::make_engine(code_, {.kind = EngineKind::automatic})
                    : nullptr) {
    if (code_.family == GameCode::Family::lasker) pattern_ = take_and_break::lasker_pattern();
  }

  std::string text() const override { return code_.display(); }

  Nimber value(std::uint64_t heap) const override {
    if (code_.family == GameCode::Family::lasker) return take_and_break::lasker_value(heap);
    std::lock_guard lock(mutex_);
    const std::uint64_t limit = heap < kTakeAndBreakValueLimit ? heap + 1 : kTakeAndBreakProofSearch;
    extend(limit);
    if (heap < engine_->size()) return engine_->values()[heap];
    if (pattern_.proven()) return pattern_value(heap);
    throw LimitError(text() + "(" + std::to_string(heap) + "): no period of " + text() +
                     " is proven within the first " + std::to_string(engine_->size()) +
                     " heaps, and heaps from " + std::to_string(kTakeAndBreakValueLimit) +
                     " on are not computed on demand (grundy table computes further)");
  }

  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    HeapMove move;
    switch (code_.family) {
      case GameCode::Family::grundy:
        for (std::uint64_t a = 1; 2 * a < heap; ++a) {
          move.leaves = {heap - a, a};
          if (!visit(move)) return;
        }
        return;
      case GameCode::Family::lasker:
        for (std::uint64_t a = 1; 2 * a <= heap; ++a) {
          move.leaves = {heap - a, a};
          if (!visit(move)) return;
        }
        for (std::uint64_t k = 1; k <= heap; ++k) {
          move.taken = k;
          move.leaves.clear();
          if (k < heap) move.leaves.push_back(heap - k);
          if (!visit(move)) return;
        }
        return;
      case GameCode::Family::code: break;
    }
    for (std::uint64_t k = 0; k < code_.digits.size() && k <= heap; ++k) {
      const unsigned d = code_.digits[k];
      const std::uint64_t m = heap - k;
      move.taken = k;
      if ((d & 1) && m == 0) {
        move.leaves.clear();
        if (!visit(move)) return;
      }
      if ((d & 2) && m >= 1) {
        move.leaves = {m};
        if (!visit(move)) return;
      }
      if (d & 4) {
        for (std::uint64_t a = 1; 2 * a <= m; ++a) {
          move.leaves = {m - a, a};
          if (!visit(move)) return;
        }
      }
      if (d & 8) {
        for (std::uint64_t a = 1; 3 * a <= m; ++a) {
          for (std::uint64_t b = a; 2 * b <= m - a; ++b) {
            move.leaves = {m - a - b, b, a};
            if (!visit(move)) return;
          }
        }
      }
    }
  }

  // Heaps with a proven period and more splits than a walk should visit: the
  // splits (a, m - a) with both parts in the periodic range have a value that
  // depends only on a mod p, so each residue class is counted at once; the few
  // splits with a part below the preperiod are listed one by one. Lasker's Nim,
  // Grundy's game, three-heap splits and unproven games walk for_each_move.
  MoveList moves_to_value(std::uint64_t heap, Nimber target, std::size_t limit) const override {
    constexpr std::uint64_t kWalk = 200'000;
    if (heap < kWalk || code_.family != GameCode::Family::code || code_.max_heaps_left() > 2) {
      return HeapRule::moves_to_value(heap, target, limit);
    }
    bool by_residue = false;
    {
      std::lock_guard lock(mutex_);
      extend(kTakeAndBreakProofSearch);
      by_residue = pattern_.proven() && 2 * (pattern_.preperiod + pattern_.period) + code_.max_take() < heap;
    }
    // Without a usable period the walk answers (or refuses past its move limit);
    // it calls value(), so the lock must not be held here.
    if (!by_residue) return HeapRule::moves_to_value(heap, target, limit);
    std::lock_guard lock(mutex_);
    MoveList result;
    auto add = [&](std::uint64_t taken, std::vector<std::uint64_t> leaves, std::uint64_t count) {
      result.total = result.total + count < result.total ? UINT64_MAX : result.total + count;
      if (result.listed.size() >= limit) return;
      std::string after = text() + "(";
      if (leaves.empty()) after += "0";
      for (std::size_t i = 0; i < leaves.size(); ++i) after += (i ? "," : "") + std::to_string(leaves[i]);
      after += ")";
      result.listed.push_back({describe(heap, HeapMove{taken, std::move(leaves)}), after});
    };
    const std::uint64_t n0 = pattern_.preperiod;
    const std::uint64_t p = pattern_.period;
    for (std::uint64_t k = 0; k < code_.digits.size() && k <= heap; ++k) {
      const unsigned d = code_.digits[k];
      const std::uint64_t m = heap - k;
      if ((d & 1) && m == 0 && target == 0) add(k, {}, 1);
      if ((d & 2) && m >= 1 && pattern_value(m) == target) add(k, {m}, 1);
      if (!(d & 4) || m < 2) continue;
      // Here m > 2·(n0 + p): for a <= m/2 the larger part m - a is periodic.
      const std::uint64_t first_periodic = std::max<std::uint64_t>(n0, 1);
      for (std::uint64_t a = 1; a < first_periodic; ++a) {
        if ((pattern_value(a) ^ pattern_value(m - a)) == target) add(k, {m - a, a}, 1);
      }
      const std::uint64_t last = m / 2;  // m - last >= n0 as m is large
      for (std::uint64_t r = 0; r < p && first_periodic + r <= last; ++r) {
        const std::uint64_t a = first_periodic + r;
        if ((pattern_value(a) ^ pattern_value(m - a)) != target) continue;
        // a, a + p, a + 2p, … up to last: the same values.
        add(k, {m - a, a}, (last - a) / p + 1);
        for (std::uint64_t b = a + p; b <= last && result.listed.size() < limit; b += p) add(k, {m - b, b}, 0);
      }
    }
    return result;
  }

  SequenceReport table(std::uint64_t upto) const override {
    if (upto >= kDefaultTableLimit) {
      throw LimitError("a table of " + text() + " up to " + std::to_string(upto) + " is beyond the limit of " +
                       std::to_string(kDefaultTableLimit) + " heaps (grundy table --upto writes larger ones)");
    }
    SequenceReport report;
    report.values.reserve(upto + 1);
    if (code_.family == GameCode::Family::lasker) {
      for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(take_and_break::lasker_value(n));
      report.pattern = pattern_;
      return report;
    }
    std::lock_guard lock(mutex_);
    extend(upto + 1);
    const auto& g = engine_->values();
    for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(n < g.size() ? g[n] : pattern_value(n));
    report.pattern = pattern_;
    return report;
  }

  std::string describe(std::uint64_t heap, const HeapMove& move) const override {
    std::string out = move.taken == 0 ? "split the heap of " + std::to_string(heap)
                                      : "take " + std::to_string(move.taken) + " from the heap of " +
                                            std::to_string(heap);
    if (move.leaves.size() >= 2) {
      out += move.taken == 0 ? " into " : " and split the rest into ";
      for (std::size_t i = 0; i < move.leaves.size(); ++i) {
        if (i) out += (i + 1 == move.leaves.size()) ? " and " : ", ";
        out += std::to_string(move.leaves[i]);
      }
    }
    return out;
  }

 private:
  // Computes until `count` heaps are known, or a period is proven; the period is
  // looked for after every doubling (and every 256 heaps early on), which keeps
  // the search O(n) overall.
  void extend(std::uint64_t count) const {
    const bool theorem = take_and_break::periodicity_theorem_applies(code_);
    if (engine_->size() >= count || pattern_.proven()) return;
    while (engine_->size() < count && !pattern_.proven()) {
      const std::uint64_t size = engine_->size();
      std::uint64_t next = std::max<std::uint64_t>(size + 256, size + size / 4);
      if (!theorem) next = count;
      engine_->extend_to(std::min(count, next));
      if (theorem) pattern_ = take_and_break::find_periodicity(code_, engine_->values());
    }
    if (!theorem) pattern_ = take_and_break::find_periodicity(code_, engine_->values());
  }

  Nimber pattern_value(std::uint64_t heap) const {
    if (heap < engine_->size()) return engine_->values()[heap];
    const std::uint64_t p = pattern_.period;
    return engine_->values()[pattern_.preperiod + (heap - pattern_.preperiod) % p];
  }

  GameCode code_;
  mutable std::mutex mutex_;
  std::unique_ptr<take_and_break::SequenceEngine> engine_;
  mutable Periodicity pattern_;
};

}  // namespace

HeapRulePtr make_take_and_break(std::string_view code_or_name) {
  return std::make_shared<TakeAndBreakRule>(take_and_break::parse_game_code(code_or_name));
}

bool is_take_and_break_name(std::string_view name) { return take_and_break::is_game_name(name); }

}  // namespace grundy
