// Wythoff's game, wythoff(a,b): two piles; a move takes any positive number of
// tokens from one pile, or the same positive number from both.
//
// Who wins is exact for any 64-bit piles: the P-positions are the Beatty pairs
// (floor(k phi), floor(k phi^2)) and their mirror images (Wythoff 1907), found
// by integer arithmetic alone (wythoff_math.hpp), and so are the moves to them
// (at most three). No formula for the nim-values is known: they are computed by
// the definition in a table for piles below 4096 (about a second at the
// largest), and refused beyond it, where the outcome and the winning moves are
// still given when the game stands alone (OutcomeWithoutValue).
#include <algorithm>
#include <memory>
#include <mutex>

#include "rulesets/builtin_specs.hpp"
#include "grundy/capabilities.hpp"
#include "grundy/input_error.hpp"
#include "heap_games/heap_rule_helpers.hpp"
#include "closed_forms/wythoff_math.hpp"

namespace grundy {
namespace {

// The run's table of nim-values, shared by every Wythoff position in it.
struct ValueTable {
  std::mutex mutex;
  wythoff::Values values;
};

class Wythoff final : public Component, public OutcomeWithoutValue {
 public:
  Wythoff(std::shared_ptr<ValueTable> table, std::uint64_t a, std::uint64_t b)
      : table_(std::move(table)), a_(a), b_(b) {}

  std::string head() const override { return "wythoff"; }
  std::string arguments() const override { return std::to_string(a_) + "," + std::to_string(b_); }

  Outcome outcome(Context&) const override { return wythoff::is_p_position(a_, b_) ? Outcome::P : Outcome::N; }

  Value value(Context&) const override {
    std::lock_guard lock(table_->mutex);
    if (std::max(a_, b_) >= table_->values.max_side()) {
      throw LimitError("the nim-value of wythoff(" + arguments() + ") has no known formula and is computed only for "
                       "piles below " + std::to_string(table_->values.max_side()) +
                       "; who wins follows from the Beatty pairs at any size");
    }
    return table_->values.value(a_, b_);
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
    (void)value(context);  // refuses piles beyond the table, with the reason
    std::lock_guard lock(table_->mutex);
    auto check = [&](std::uint64_t a, std::uint64_t b) {
      if (table_->values.value(a, b) != target) return;
      rulesets_detail::count_one(result.total);
      if (result.listed.size() < limit) result.listed.push_back(option(a, b));
    };
    for (std::uint64_t t = 1; t <= a_; ++t) check(a_ - t, b_);
    for (std::uint64_t t = 1; t <= b_; ++t) check(a_, b_ - t);
    for (std::uint64_t t = 1; t <= std::min(a_, b_); ++t) check(a_ - t, b_ - t);
    return result;
  }

  bool same_as(const Component& other) const override {
    const auto* w = dynamic_cast<const Wythoff*>(&other);
    return w != nullptr && w->a_ == a_ && w->b_ == b_;
  }

 private:
  ComponentOption option(std::uint64_t a, std::uint64_t b) const {
    std::string action;
    if (a < a_ && b < b_) {
      action = "take " + std::to_string(a_ - a) + " from both piles";
    } else if (a < a_) {
      action = "take " + std::to_string(a_ - a) + " from pile 1 (of " + std::to_string(a_) + ")";
    } else {
      action = "take " + std::to_string(b_ - b) + " from pile 2 (of " + std::to_string(b_) + ")";
    }
    return {std::move(action), Position(std::make_shared<const Wythoff>(table_, a, b))};
  }

  std::shared_ptr<ValueTable> table_;
  std::uint64_t a_;
  std::uint64_t b_;
};

}  // namespace

RulesetSpec wythoff_ruleset() {
  RulesetSpec spec;
  spec.name = "wythoff";
  spec.help = {{"wythoff(a,b)", "Wythoff's game: take from one pile, or the same number from both (one component)"}};
  spec.position = [](const TermReader& term, Context& context) {
    term.expect_parameters(0);
    const ExprGroup& piles = term.positions();
    term.expect_arguments(piles, 2);
    const std::uint64_t a = term.integer(piles.args[0], "a pile");
    const std::uint64_t b = term.integer(piles.args[1], "a pile");
    auto table = context.shared<ValueTable>("wythoff values", [] { return std::make_shared<ValueTable>(); });
    return Position(std::make_shared<const Wythoff>(std::move(table), a, b));
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
