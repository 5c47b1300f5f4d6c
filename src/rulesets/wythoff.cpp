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
#include <functional>
#include <memory>
#include <utility>

#include "rulesets/builtin_specs.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/core/input_error.hpp"
#include "core/heap_rule_helpers.hpp"
#include "closed_forms/wythoff_math.hpp"

namespace grundy {
namespace {

struct Piles {
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  bool operator==(const Piles&) const = default;
};

// Wythoff's game on the game model (game.hpp): its moves once (lazily: piles
// reach 10^18), the Beatty pairs as who wins and the moves to 0, the table
// and rows as the closed form and the moves to other values, the rows'
// periods for `grundy pattern`. The table and the rows are the game's
// RunTables: made once a run, on demand, and handed to the hooks that read
// them (search/engine_choice.hpp); the game object keeps none.
class Wythoff {
 public:
  using Position = Piles;

  // The nim-values below 4096 (about a second at the largest) and the rows'
  // periods, computed once a run, on demand, polling the run.
  class RunTables {
   public:
    explicit RunTables(std::function<void()> poll) : poll_(std::move(poll)) {}

    wythoff::Values& values() {
      if (!values_) values_ = std::make_unique<wythoff::Values>();
      return *values_;
    }
    // Rows 0..at least `pile`: computed once for the top 8, 16, 32 or 64 that
    // covers it (a larger top later recomputes; rows 0..64 take about a second).
    const wythoff::Rows& rows_through(std::uint64_t pile) {
      if (!rows_ || rows_->top() < pile) {
        std::uint64_t top = 8;
        while (top < pile) top *= 2;
        rows_ = std::make_unique<wythoff::Rows>(std::min(top, wythoff::Rows::kMaxTop), [this](std::uint64_t) {
          if (poll_) poll_();
        });
      }
      return *rows_;
    }

   private:
    std::function<void()> poll_;
    std::unique_ptr<wythoff::Values> values_;
    std::unique_ptr<wythoff::Rows> rows_;
  };

  // Lowering pile 1, then pile 2, then both, each by 1, 2, …
  template <class Visit>
  void for_each_move(const Piles& p, Visit&& visit) const {
    for (std::uint64_t t = 1; t <= p.a; ++t)
      if (!visit(Piles{p.a - t, p.b})) return;
    for (std::uint64_t t = 1; t <= p.b; ++t)
      if (!visit(Piles{p.a, p.b - t})) return;
    for (std::uint64_t t = 1; t <= std::min(p.a, p.b); ++t)
      if (!visit(Piles{p.a - t, p.b - t})) return;
  }
  void moves(const Piles& p, std::vector<Piles>& out) const {
    for_each_move(p, [&](Piles&& q) {
      out.push_back(q);
      return true;
    });
  }
  // The solver's tables mix it (mix_hash): the piles need only be told apart.
  std::size_t hash(const Piles& p) const { return static_cast<std::size_t>(p.a * 0x9E3779B97F4A7C15ULL ^ p.b); }

  // g(a, b) from the table, or from the rows for a small pile against a huge
  // one; refused (LimitError, with the reason) otherwise: never a guess.
  std::optional<Nimber> closed_form(const Piles& p, RunTables& tables) const { return value(p.a, p.b, tables); }

  std::optional<Outcome> outcome(const Piles& p) const {
    return wythoff::is_p_position(p.a, p.b) ? Outcome::P : Outcome::N;
  }

  // To value 0: the moves to P-positions, exact for any piles. Other values:
  // every option checked against the table, or for a small pile against a
  // huge one, the huge pile's move from the row's period.
  std::uint64_t moves_to_value(const Piles& p, Nimber target, std::size_t limit, std::vector<Piles>& out,
                               RunTables& tables) const {
    std::uint64_t total = 0;
    const auto found = [&](Piles q) {
      rulesets_detail::count_one(total);
      if (out.size() < limit) out.push_back(q);
    };
    if (target == 0) {
      for (const auto& [a, b] : wythoff::moves_to_p_positions(p.a, p.b)) found(Piles{a, b});
      return total;
    }
    (void)value(p.a, p.b, tables);  // refuses positions beyond the table and the rows, with the reason
    const auto check = [&](std::uint64_t a, std::uint64_t b) {
      if (value(a, b, tables) == target) found(Piles{a, b});
    };
    if (std::max(p.a, p.b) < tables.values().max_side()) {
      for_each_move(p, [&](Piles&& q) {
        check(q.a, q.b);
        return true;
      });
      return total;
    }
    // A small pile against a huge one: lowering the small pile or both piles
    // is a handful of moves; lowering the huge pile reaches each value at most
    // once (rows are injective), found from the row's period. Listed in the
    // same order as above.
    const bool small_first = p.a <= p.b;
    const std::uint64_t small = std::min(p.a, p.b);
    const std::uint64_t large = std::max(p.a, p.b);
    const auto in_order = [&](std::uint64_t s, std::uint64_t l) { return small_first ? Piles{s, l} : Piles{l, s}; };
    const auto lower_small = [&] {
      for (std::uint64_t t = 1; t <= small; ++t) {
        const Piles q = in_order(small - t, large);
        check(q.a, q.b);
      }
    };
    const auto lower_large = [&] {
      if (const auto b = tables.rows_through(small).pile_with_value(small, target, large)) found(in_order(small, *b));
    };
    if (small_first) {
      lower_small();
      lower_large();
    } else {
      lower_large();
      lower_small();
    }
    for (std::uint64_t t = 1; t <= small; ++t) check(p.a - t, p.b - t);
    return total;
  }

  std::optional<Periodicity> row_pattern(std::uint64_t pile, RunTables& tables) const {
    if (pile > wythoff::Rows::kMaxTop) return std::nullopt;
    const wythoff::Rows& rows = tables.rows_through(pile);
    const auto row = rows.row(pile);
    return rulesets_detail::proven_pattern(
        Periodicity::Kind::arithmetic, row.preperiod, row.period, row.period,
        "rows 0.." + std::to_string(rows.top()) + " of Wythoff's table repeat their state (relative to the column) "
        "from column " + std::to_string(rows.repeat_from()) + " with period " + std::to_string(rows.repeat_period()) +
        " (Landman's finite-state proof of additive periodicity, Dress-Flammenkamp-Pink 1999)");
  }

  std::string describe(const Piles& p) const { return std::to_string(p.a) + "," + std::to_string(p.b); }

  std::string describe_move(const Piles& from, const Piles& to) const {
    if (to.a < from.a && to.b < from.b) return "take " + std::to_string(from.a - to.a) + " from both piles";
    if (to.a < from.a) return "take " + std::to_string(from.a - to.a) + " from pile 1 (of " + std::to_string(from.a) + ")";
    return "take " + std::to_string(from.b - to.b) + " from pile 2 (of " + std::to_string(from.b) + ")";
  }

 private:
  static Nimber value(std::uint64_t a, std::uint64_t b, RunTables& tables) {
    if (std::max(a, b) < tables.values().max_side()) return tables.values().value(a, b);
    if (std::min(a, b) <= wythoff::Rows::kMaxTop) return tables.rows_through(std::min(a, b)).value(a, b);
    throw LimitError("the nim-value of wythoff(" + std::to_string(a) + "," + std::to_string(b) +
                     ") has no known formula and is computed only for piles below " +
                     std::to_string(tables.values().max_side()) + ", or for a smaller pile of at most " +
                     std::to_string(wythoff::Rows::kMaxTop) +
                     " (its row's additive period); who wins follows from the Beatty pairs at any size");
  }
};

Position make_wythoff(std::uint64_t a, std::uint64_t b) {
  return GameAdapter<Wythoff>::for_ruleset(Wythoff{}, "wythoff")->position(Piles{a, b});
}

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
    return make_wythoff(a, b);
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
