#include "grundy/take_and_break/take_and_break.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/heap_rule_helpers.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/run_memo.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/engine.hpp"
#include "grundy/take_and_break/periodicity.hpp"

namespace grundy {
namespace {

using take_and_break::EngineKind;
using take_and_break::GameCode;
using take_and_break::Value;

// Games whose moves may leave three heaps have no sparse engine: the naive one
// spends about n^2/12 split visits on heap n, so n^3/36 on a table of n heaps.
// 4096 heaps take ~2·10^9 visits (a few seconds); beyond, a value is refused.
constexpr std::uint64_t kThreeHeapLimit = 4096;

// What one run has computed of a code: the engine, made with the run's threads
// and fast paths (tests value one code with a fast path on and off, so the
// engine is the run's, not the rule's), and the period proven so far.
struct RuleRun {
  std::mutex mutex;
  std::unique_ptr<take_and_break::SequenceEngine> engine;
  Periodicity pattern;
};

class Rule final : public HeapRule, public TakeAndBreakCode {
 public:
  explicit Rule(GameCode code) : code_(std::move(code)), run_key_("take-and-break " + code_.display()) {}

  const GameCode& code() const override { return code_; }

  std::string text() const override { return code_.display(); }

  std::optional<std::uint64_t> periodicity_check_end(std::uint64_t preperiod, std::uint64_t period) const override {
    if (!take_and_break::periodicity_theorem_applies(code_)) return std::nullopt;
    return take_and_break::periodicity_check_end(code_, preperiod, period);
  }

  Nimber value(Context& context, std::uint64_t heap) const override {
    RuleRun& run = run_of(context);
    std::lock_guard lock(run.mutex);
    const std::uint64_t limit = heap < value_limit() ? heap + 1 : proof_search();
    extend(context, run, limit);
    if (heap < run.engine->size()) return run.engine->values()[heap];
    if (run.pattern.proven()) return pattern_value(run, heap);
    throw LimitError(excerpt(text()) + "(" + std::to_string(heap) + "): no period of the rule" +
                     " is proven within the first " + std::to_string(run.engine->size()) + " heaps, and heaps from " +
                     std::to_string(value_limit()) + " on are not computed on demand (grundy table computes further)");
  }

  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    HeapMove move;
    if (code_.family == GameCode::Family::grundy) {
      for (std::uint64_t a = 1; 2 * a < heap; ++a) {
        move.leaves = {heap - a, a};
        if (!visit(move)) return;
      }
      return;
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

  // Moves to a value, without valuing options one by one:
  //  * a heap beyond the table whose period is proven: the splits (a, m - a)
  //    with both parts periodic have a value that depends only on a mod p, so
  //    each residue class is counted at once; the few splits with a part below
  //    the preperiod are listed one by one;
  //  * otherwise the heap is within the table (value() computes it) and every
  //    move is checked against the table directly.
  HeapMoveList moves_to_value(Context& context, std::uint64_t heap, Nimber target,
                              std::size_t limit) const override {
    RuleRun& run = run_of(context);
    std::lock_guard lock(run.mutex);
    extend(context, run, heap < value_limit() ? heap + 1 : proof_search());
    const bool in_table = heap < run.engine->size();
    if (!in_table && run.pattern.proven() && code_.family == GameCode::Family::code && code_.max_heaps_left() <= 2 &&
        2 * (run.pattern.preperiod + run.pattern.period) + code_.max_take() < heap) {
      return by_residue(run, heap, target, limit);
    }
    if (!in_table) {
      if (!run.pattern.proven()) (void)value_unlocked(run, heap);  // refuses with the reason
      // Proven but with three-heap splits or a heap just past the table: the
      // values of every part come from the pattern.
    }
    return by_table(context, run, heap, target, limit);
  }

  SequenceReport table(Context& context, std::uint64_t upto) const override {
    check_table_request(upto, text(), "grundy table --upto writes larger ones");
    RuleRun& run = run_of(context);
    std::lock_guard lock(run.mutex);
    extend(context, run, upto + 1);
    SequenceReport report;
    report.values.reserve(upto + 1);
    const auto& g = run.engine->values();
    for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(n < g.size() ? g[n] : pattern_value(run, n));
    report.pattern = run.pattern;
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
  // Heaps computed on demand, and heaps computed in search of a proven period
  // when a larger heap is asked for.
  std::uint64_t value_limit() const {
    return scaled(code_.max_heaps_left() >= 3 ? kThreeHeapLimit : kTakeAndBreakValueLimit);
  }
  std::uint64_t proof_search() const {
    return scaled(code_.max_heaps_left() >= 3 ? kThreeHeapLimit : kTakeAndBreakProofSearch);
  }
  // The bounds above are measured on codes with a few splitting digits; a heap
  // costs work in proportion to the number of digits that split (each visits
  // about n/2 splits), and a table of n heaps costs n^2 times that. So with s > 4
  // splitting digits the bounds shrink by sqrt(4/s), keeping a request's work
  // what it is for a short code: a 1023-digit code computes 4096 heaps, not
  // 65536, before it refuses (a tiny input must not mean hours of work).
  std::uint64_t scaled(std::uint64_t bound) const {
    std::uint64_t splitting = 0;
    for (const unsigned d : code_.digits) splitting += (d & 12U) != 0;
    if (code_.family != GameCode::Family::code || splitting <= 4) return bound;
    const double factor = std::sqrt(4.0 / static_cast<double>(splitting));
    return std::max<std::uint64_t>(256, static_cast<std::uint64_t>(static_cast<double>(bound) * factor));
  }

  Nimber value_unlocked(const RuleRun& run, std::uint64_t heap) const {
    if (heap < run.engine->size()) return run.engine->values()[heap];
    if (run.pattern.proven()) return pattern_value(run, heap);
    throw LimitError(excerpt(text()) + "(" + std::to_string(heap) + "): no period of the rule" +
                     " is proven within the first " + std::to_string(run.engine->size()) + " heaps, and heaps from " +
                     std::to_string(value_limit()) + " on are not computed on demand (grundy table computes further)");
  }

  // Computes until `count` heaps are known, or a period is proven. The period is
  // looked for after every quarter more heaps (at least 256), which keeps the
  // search O(n) overall; the context is polled between chunks of about a tenth
  // of a second, so Ctrl-C stops even a long extension promptly.
  void extend(Context& context, RuleRun& run, std::uint64_t count) const {
    const bool theorem = take_and_break::periodicity_theorem_applies(code_);
    if (run.engine->size() >= count || run.pattern.proven()) return;
    run.engine->reserve(count);
    std::uint64_t next_check = run.engine->size();
    std::uint64_t chunk = 256;
    while (run.engine->size() < count && !run.pattern.proven()) {
      context.poll();
      const auto start = std::chrono::steady_clock::now();
      const std::uint64_t before = run.engine->size();
      run.engine->extend_to(std::min(count, before + chunk));
      const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      // Grow at most twofold: heaps get dearer as n grows.
      const double rate = static_cast<double>(run.engine->size() - before) / std::max(took, 1e-6);
      chunk = std::clamp<std::uint64_t>(static_cast<std::uint64_t>(rate * 0.1), 16, 2 * chunk);
      if (theorem && run.engine->size() >= next_check) {
        run.pattern = take_and_break::find_periodicity(code_, run.engine->values());
        next_check = run.engine->size() + std::max<std::uint64_t>(256, run.engine->size() / 4);
      }
      if (context.progress_due()) {
        char line[160];
        std::snprintf(line, sizeof line, "grundy: %s: %llu of %llu heaps computed, %.0f s", text().c_str(),
                      static_cast<unsigned long long>(run.engine->size()), static_cast<unsigned long long>(count),
                      context.seconds());
        context.progress(line);
      }
    }
    if (!run.pattern.proven()) run.pattern = take_and_break::find_periodicity(code_, run.engine->values());
  }

  Nimber pattern_value(const RuleRun& run, std::uint64_t heap) const {
    if (heap < run.engine->size()) return run.engine->values()[heap];
    const std::uint64_t p = run.pattern.period;
    return run.engine->values()[run.pattern.preperiod + (heap - run.pattern.preperiod) % p];
  }

  HeapMoveList by_table(Context& context, const RuleRun& run, std::uint64_t heap, Nimber target, std::size_t limit) const {
    // The walk visits every move: about m/2 splits in two and m^2/12 in three
    // per digit. Beyond a few hundred million it is refused, not started.
    constexpr double kWalkLimit = 5e8;
    double moves = 0;
    for (std::uint64_t k = 0; k < code_.digits.size() && k <= heap; ++k) {
      const double m = static_cast<double>(heap - k);
      if (code_.digits[k] & 3) moves += 1;
      if (code_.digits[k] & 4) moves += m / 2;
      if (code_.digits[k] & 8) moves += m * m / 12;
    }
    if (code_.family == GameCode::Family::grundy) moves = static_cast<double>(heap) / 2;
    if (moves > kWalkLimit) {
      // Printed as a double: a three-way split of a huge heap has ~10^37 moves,
      // which no integer type holds (converting it was undefined behaviour).
      char count[32];
      std::snprintf(count, sizeof count, "%.3g", moves);
      throw LimitError(excerpt(text()) + "(" + std::to_string(heap) + ") has about " + count +
                       " moves: too many to check one by one for the moves to value " + std::to_string(target));
    }
    HeapMoveList result;
    for_each_move(heap, [&](const HeapMove& move) {
      context.charge();
      Nimber v = 0;
      for (std::uint64_t h : move.leaves) v ^= pattern_value(run, h);
      if (v == target) {
        rulesets_detail::count_one(result.total);
        if (result.listed.size() < limit) result.listed.push_back(move);
      }
      return true;
    });
    return result;
  }

  HeapMoveList by_residue(const RuleRun& run, std::uint64_t heap, Nimber target, std::size_t limit) const {
    HeapMoveList result;
    auto add = [&](std::uint64_t taken, std::vector<std::uint64_t> leaves, std::uint64_t count) {
      rulesets_detail::count_many(result.total, count);
      if (result.listed.size() < limit) result.listed.push_back(HeapMove{taken, std::move(leaves)});
    };
    const std::uint64_t n0 = run.pattern.preperiod;
    const std::uint64_t p = run.pattern.period;
    for (std::uint64_t k = 0; k < code_.digits.size() && k <= heap; ++k) {
      const unsigned d = code_.digits[k];
      const std::uint64_t m = heap - k;
      if ((d & 1) && m == 0 && target == 0) add(k, {}, 1);
      if ((d & 2) && m >= 1 && pattern_value(run, m) == target) add(k, {m}, 1);
      if (!(d & 4) || m < 2) continue;
      // Here m > 2·(n0 + p): for a <= m/2 the larger part m - a is periodic.
      const std::uint64_t first_periodic = std::max<std::uint64_t>(n0, 1);
      for (std::uint64_t a = 1; a < first_periodic; ++a) {
        if ((pattern_value(run, a) ^ pattern_value(run, m - a)) == target) add(k, {m - a, a}, 1);
      }
      const std::uint64_t last = m / 2;  // m - last >= n0 as m is large
      // The residues whose splits reach the target: a, a + p, a + 2p, … up to
      // last all do (the same values). Counted at once; listed in the walk's
      // order (by_table's: the smaller part ascending), so that the moves
      // shown never depend on how far the table happens to reach.
      std::vector<std::uint64_t> next;  // per matching residue, its next smaller part to list
      for (std::uint64_t r = 0; r < p && first_periodic + r <= last; ++r) {
        const std::uint64_t a = first_periodic + r;
        if ((pattern_value(run, a) ^ pattern_value(run, m - a)) != target) continue;
        rulesets_detail::count_many(result.total, (last - a) / p + 1);
        next.push_back(a);
      }
      // next is ascending, and each step adds p to the smallest, which then
      // becomes the largest: a rotation, so the front is always the least.
      std::size_t front = 0;
      while (!next.empty() && result.listed.size() < limit) {
        const std::uint64_t a = next[front];
        if (a > last) break;  // the least is past the end: so are all
        result.listed.push_back(HeapMove{k, {m - a, a}});
        next[front] = a + p;
        front = (front + 1) % next.size();
      }
    }
    return result;
  }

  // The run's engine for this code, made on first use with the run's settings;
  // shared by every rule object of the code the run values. The rule
  // remembers the run it last served (RunMemo: a heap's value asks at every
  // call).
  RuleRun& run_of(Context& context) const {
    return run_memo_.get(context, [&] { return find_run(context); });
  }

  std::shared_ptr<RuleRun> find_run(Context& context) const {
    return context.shared<RuleRun>(run_key_, [&] {
      auto run = std::make_shared<RuleRun>();
      run->engine = take_and_break::make_engine(
          code_, {.kind = context.fast_paths().sparse_engine ? EngineKind::automatic : EngineKind::naive,
                  // More threads speculate in a distributed table run only.
                  .threads = std::min(context.options().threads, 2U),
                  .vector_kernels = context.fast_paths().vector_kernels,
                  .kernels = context.fast_paths().kernel_set});
      return run;
    });
  }

  GameCode code_;
  std::string run_key_;  // "take-and-break CODE", the run's cache key
  RunMemo<RuleRun> run_memo_;
};

}  // namespace

HeapRulePtr make_take_and_break(std::string_view code_or_name) {
  GameCode code = take_and_break::parse_game_code(code_or_name);
  return std::make_shared<const Rule>(std::move(code));
}

}  // namespace grundy
