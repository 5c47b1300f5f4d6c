// Wythoff's game, wythoff(a,b): two piles; a move takes any positive number of
// tokens from one pile, or the same positive number from both.
//
// Who wins is exact for any 64-bit piles: the P-positions are the Beatty pairs
// (floor(k phi), floor(k phi^2)) and their mirror images (Wythoff 1907), found
// by integer arithmetic alone (wythoff_math.hpp), and so are the moves to them
// (at most three). No formula for the nim-values is known: they are computed by
// the definition in a table for piles below 4096 (about a second at the
// largest). Beyond it, a position whose smaller pile is at most 64 is valued by
// its row's additive period (wythoff::Rows: each row of the table satisfies
// g(a, b + p) = g(a, b) + p from some b on, proven on the computed columns by
// the rows' finite-state theorem), so wythoff(3, 10^12) has a value and sums
// with it have winning moves. Other positions are refused, where the outcome
// and the winning moves are still given when the game stands alone
// (OutcomeWithoutValue).
#include <algorithm>
#include <memory>
#include <mutex>
#include <utility>

#include "rulesets/builtin_specs.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/core/input_error.hpp"
#include "core/heap_rule_helpers.hpp"
#include "closed_forms/wythoff_math.hpp"

namespace grundy {
namespace {

// The run's table of nim-values, shared by every Wythoff position it values, and
// the rows' additive periods for a small pile against a huge one.
struct ValueTable {
  std::mutex mutex;
  wythoff::Values values;
  std::unique_ptr<wythoff::Rows> rows;

  // Rows 0..at least `pile`: computed once for the top 8, 16, 32 or 64 that
  // covers it (a larger top later recomputes; rows 0..64 take about a second).
  const wythoff::Rows& rows_through(std::uint64_t pile, Context& context) {
    if (!rows || rows->top() < pile) {
      std::uint64_t top = 8;
      while (top < pile) top *= 2;
      rows = std::make_unique<wythoff::Rows>(std::min(top, wythoff::Rows::kMaxTop), [&](std::uint64_t work) { context.charge(work); });
    }
    return *rows;
  }
};

class Wythoff final : public Component, public OutcomeWithoutValue, public AdditivelyPeriodicRows {
 public:
  Wythoff(std::uint64_t a, std::uint64_t b) : a_(a), b_(b) {}

  std::string head() const override { return "wythoff"; }
  std::string arguments() const override { return std::to_string(a_) + "," + std::to_string(b_); }

  Outcome outcome(Context&) const override { return wythoff::is_p_position(a_, b_) ? Outcome::P : Outcome::N; }

  std::optional<Periodicity> row_pattern(Context& context, std::uint64_t pile) const override {
    if (pile > wythoff::Rows::kMaxTop) return std::nullopt;
    const auto table = table_of(context);
    std::lock_guard lock(table->mutex);
    const wythoff::Rows& rows = table->rows_through(pile, context);
    const auto row = rows.row(pile);
    return rulesets_detail::proven_pattern(
        Periodicity::Kind::arithmetic, row.preperiod, row.period, row.period,
        "rows 0.." + std::to_string(rows.top()) + " of Wythoff's table repeat their state (relative to the column) "
        "from column " + std::to_string(rows.repeat_from()) + " with period " + std::to_string(rows.repeat_period()) +
        " (Landman's finite-state proof of additive periodicity, Dress-Flammenkamp-Pink 1999)");
  }

  Value value(Context& context) const override {
    const auto table = table_of(context);
    std::lock_guard lock(table->mutex);
    return value_unlocked(context, *table, a_, b_);
  }

  // Lowering pile 1, then pile 2, then both, each by 1, 2, … (lazily: piles
  // reach 10^18).
  void for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const override {
    auto poll = [&] { context.charge(); };
    for (std::uint64_t t = 1; t <= a_; ++t) {
      poll();
      if (!visit(option(a_ - t, b_))) return;
    }
    for (std::uint64_t t = 1; t <= b_; ++t) {
      poll();
      if (!visit(option(a_, b_ - t))) return;
    }
    for (std::uint64_t t = 1; t <= std::min(a_, b_); ++t) {
      poll();
      if (!visit(option(a_ - t, b_ - t))) return;
    }
  }

  // To value 0: the moves to P-positions, exact for any piles. Other values:
  // every option checked against the table (piles below its side).
  OptionList options_to_value(Context& context, Nimber target, std::size_t limit) const override {
    OptionList result;
    if (target == 0) {
      for (const auto& [a, b] : wythoff::moves_to_p_positions(a_, b_)) {
        rulesets_detail::count_one(result.total);
        if (result.listed.size() < limit) result.listed.push_back(option(a, b));
      }
      return result;
    }
    const auto table = table_of(context);
    std::lock_guard lock(table->mutex);
    (void)value_unlocked(context, *table, a_, b_);  // refuses positions beyond the table and the rows, with the reason
    auto check = [&](std::uint64_t a, std::uint64_t b) {
      if (value_unlocked(context, *table, a, b) != target) return;
      rulesets_detail::count_one(result.total);
      if (result.listed.size() < limit) result.listed.push_back(option(a, b));
    };
    if (std::max(a_, b_) < table->values.max_side()) {
      for (std::uint64_t t = 1; t <= a_; ++t) check(a_ - t, b_);
      for (std::uint64_t t = 1; t <= b_; ++t) check(a_, b_ - t);
      for (std::uint64_t t = 1; t <= std::min(a_, b_); ++t) check(a_ - t, b_ - t);
      return result;
    }
    // A small pile against a huge one: lowering the small pile or both piles
    // is a handful of moves; lowering the huge pile reaches each value at most
    // once (rows are injective), found from the row's period. Listed in the
    // same order as above.
    const bool small_first = a_ <= b_;
    const std::uint64_t small = std::min(a_, b_);
    const std::uint64_t large = std::max(a_, b_);
    const auto in_order = [&](std::uint64_t s, std::uint64_t l) {
      return small_first ? std::pair{s, l} : std::pair{l, s};
    };
    const auto lower_small = [&] {
      for (std::uint64_t t = 1; t <= small; ++t) {
        const auto [a, b] = in_order(small - t, large);
        check(a, b);
      }
    };
    const auto lower_large = [&] {
      const wythoff::Rows& rows = table->rows_through(small, context);
      if (const auto b = rows.pile_with_value(small, target, large)) {
        const auto [a, c] = in_order(small, *b);
        rulesets_detail::count_one(result.total);
        if (result.listed.size() < limit) result.listed.push_back(option(a, c));
      }
    };
    if (small_first) {
      lower_small();
      lower_large();
    } else {
      lower_large();
      lower_small();
    }
    for (std::uint64_t t = 1; t <= small; ++t) check(a_ - t, b_ - t);
    return result;
  }

  bool same_as(const Component& other) const override {
    const auto* w = dynamic_cast<const Wythoff*>(&other);
    return w != nullptr && w->a_ == a_ && w->b_ == b_;
  }

 private:
  // g(a, b) from the table, or from the rows for a small pile against a huge
  // one; refused otherwise. Called with the table's mutex held.
  Nimber value_unlocked(Context& context, ValueTable& table, std::uint64_t a, std::uint64_t b) const {
    if (std::max(a, b) < table.values.max_side()) return table.values.value(a, b);
    if (std::min(a, b) <= wythoff::Rows::kMaxTop) return table.rows_through(std::min(a, b), context).value(a, b);
    throw LimitError("the nim-value of wythoff(" + std::to_string(a) + "," + std::to_string(b) +
                     ") has no known formula and is computed only for piles below " +
                     std::to_string(table.values.max_side()) + ", or for a smaller pile of at most " +
                     std::to_string(wythoff::Rows::kMaxTop) +
                     " (its row's additive period); who wins follows from the Beatty pairs at any size");
  }

  ComponentOption option(std::uint64_t a, std::uint64_t b) const {
    std::string action;
    if (a < a_ && b < b_) {
      action = "take " + std::to_string(a_ - a) + " from both piles";
    } else if (a < a_) {
      action = "take " + std::to_string(a_ - a) + " from pile 1 (of " + std::to_string(a_) + ")";
    } else {
      action = "take " + std::to_string(b_ - b) + " from pile 2 (of " + std::to_string(b_) + ")";
    }
    return {std::move(action), Position(std::make_shared<const Wythoff>(a, b))};
  }

  // The run's table, shared by every Wythoff position the run values.
  static std::shared_ptr<ValueTable> table_of(Context& context) {
    return context.shared<ValueTable>("wythoff values", [] { return std::make_shared<ValueTable>(); });
  }

  std::uint64_t a_;
  std::uint64_t b_;
};

}  // namespace

RulesetSpec wythoff_ruleset() {
  RulesetSpec spec{
      .name = "wythoff",
      .help = {{"wythoff(a,b)", "Wythoff's game: take from one pile, or the same number from both (one component)"}},
      .parameters = 0};
  spec.position = [](const TermReader& term) {
    const ExprGroup& piles = term.positions();
    term.expect_arguments(piles, 2);
    const std::uint64_t a = term.integer(piles.args[0], "a pile");
    const std::uint64_t b = term.integer(piles.args[1], "a pile");
    return Position(std::make_shared<const Wythoff>(a, b));
  };
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) {
      out.push_back("wythoff(" + std::to_string(request.random() % 9) + "," + std::to_string(request.random() % 9) + ")");
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
