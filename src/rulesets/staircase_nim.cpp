#include "grundy/rulesets/staircase_nim.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include "grundy/input_error.hpp"
#include "rulesets/builtin_specs.hpp"
#include "core/heap_rule_helpers.hpp"

namespace grundy {
namespace {

// Why g = x, the xor of the odd steps (the poker-Nim argument, made exact):
// every move changes exactly one odd step, by a nonzero amount —
//   from an odd step i it lowers step i (and raises the even step i - 1, or the floor);
//   from an even step i >= 2 it raises the odd step i - 1.
// So no option has the same odd-step xor, hence (induction on the total height of
// the coins, which every move lowers) no option has value x. And every v < x is an
// option's value: as in Nim, some odd step a has a xor x xor v < a, and pushing
// the difference down from that step reaches xor v. So g = mex = x. Moves from an
// even step are the "reversible" ones of poker Nim: they only ever raise an odd
// step, and they matter for the moves to a given value, which include them.
class StaircaseNim final : public Component, public DecidedByTheorem {
 public:
  explicit StaircaseNim(std::vector<std::uint64_t> coins) : coins_(std::move(coins)) {}

  std::string head() const override { return "staircase"; }
  std::string arguments() const override { return list_text(coins_); }

  Value value(Context&) const override { return odd_step_xor(); }

  std::optional<TheoremApplication> theorem(Context&) const override {
    TheoremApplication t;
    t.theorem = "the Staircase Nim theorem";
    t.statement = "the value is the xor of the coins on the odd steps (1, 3, 5, …): moves from an even step only "
                  "raise an odd step, and can be undone";
    std::size_t width = 1;
    for (std::size_t i = 1; i < coins_.size(); i += 2) {
      std::uint64_t v = coins_[i];
      std::size_t bits = 1;
      while (v >>= 1) ++bits;
      width = std::max(width, bits);
    }
    const auto binary = [width](std::uint64_t v) {
      std::string out(width, '0');
      for (std::size_t b = 0; b < width; ++b) out[width - 1 - b] = static_cast<char>('0' + ((v >> b) & 1U));
      return out;
    };
    for (std::size_t i = 1; i < coins_.size(); i += 2) {
      t.steps.push_back("step " + std::to_string(i) + ": " + binary(coins_[i]) + "  (" + std::to_string(coins_[i]) + ")");
    }
    const Nimber x = odd_step_xor();
    t.steps.push_back("xor:    " + binary(x) + "  (" + std::to_string(x) + ")");
    t.conclusion = "so g = " + std::to_string(x) + (x == 0 ? ": the player to move loses" : ": the player to move wins");
    return t;
  }

  // Every push of 1..c_i coins from step i >= 1 to step i - 1, bottom step first.
  void for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const override {
    for (std::size_t step = 1; step < coins_.size(); ++step) {
      for (std::uint64_t pushed = 1; pushed <= coins_[step]; ++pushed) {
        context.charge();
        if (!visit(describe(step, pushed))) return;
      }
    }
  }

  // Each step offers at most one move to a given value: the changed odd step
  // must become x xor (its coins) xor target. Listed by step, from the bottom.
  OptionList options_to_value(Context&, Nimber target, std::size_t limit) const override {
    OptionList result;
    const Nimber x = odd_step_xor();
    for (std::size_t step = 1; step < coins_.size(); ++step) {
      std::uint64_t pushed = 0;
      if (step % 2 == 1) {
        const std::uint64_t now = coins_[step];
        const std::uint64_t wanted = x ^ now ^ target;
        if (wanted < now) pushed = now - wanted;
      } else {
        const std::uint64_t below = coins_[step - 1];
        const std::uint64_t wanted = x ^ below ^ target;
        if (wanted > below && wanted - below <= coins_[step]) pushed = wanted - below;
      }
      if (pushed == 0) continue;
      rulesets_detail::count_one(result.total);
      if (result.listed.size() < limit) result.listed.push_back(describe(step, pushed));
    }
    return result;
  }

 private:
  Nimber odd_step_xor() const {
    Nimber x = 0;
    for (std::size_t i = 1; i < coins_.size(); i += 2) x ^= coins_[i];
    return x;
  }

  static std::string list_text(const std::vector<std::uint64_t>& values) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + std::to_string(values[i]);
    return out;
  }

  ComponentOption describe(std::size_t step, std::uint64_t pushed) const {
    std::vector<std::uint64_t> after = coins_;
    after[step] -= pushed;
    // The floor may overflow 64 bits only in its count, which is out of play;
    // it saturates rather than wrap.
    after[step - 1] = after[step - 1] > UINT64_MAX - pushed ? UINT64_MAX : after[step - 1] + pushed;
    const std::string noun = pushed == 1 ? " coin" : " coins";
    const std::string to = step == 1 ? "the floor" : "step " + std::to_string(step - 1);
    return ComponentOption{"move " + std::to_string(pushed) + noun + " from step " + std::to_string(step) + " to " + to,
                           Position(std::make_shared<const StaircaseNim>(std::move(after)))};
  }

  std::vector<std::uint64_t> coins_;
};

}  // namespace

ComponentPtr make_staircase_nim(std::vector<std::uint64_t> coins) {
  if (coins.empty()) throw InputError("staircase(...) needs at least the floor: write staircase(0, ...)");
  return std::make_shared<const StaircaseNim>(std::move(coins));
}

RulesetSpec staircase_nim_ruleset() {
  RulesetSpec spec;
  spec.name = "staircase";
  spec.help = {{"staircase(c0,c1,c2,…)", "Staircase Nim: c_i coins on step i, step 0 is the floor (one component)"}};
  spec.position = [](const TermReader& term) {
    term.expect_parameters(0);
    auto coins = term.integers(term.positions(), "coin counts");
    return Position(term.guarded([&] { return make_staircase_nim(std::move(coins)); }));
  };
  spec.samples = [](SampleRequest& request) {
    auto& random = request.random;
    const std::size_t count = request.count;
    std::vector<std::string> out;
    std::uniform_int_distribution<std::uint64_t> coins(0, 3);
    for (std::size_t i = 0; i < count; ++i) {
      std::string text = "staircase(";
      const std::size_t steps = 1 + i % 4;
      for (std::size_t s = 0; s < steps; ++s) text += (s ? "," : "") + std::to_string(coins(random));
      out.push_back(text + ")");
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
