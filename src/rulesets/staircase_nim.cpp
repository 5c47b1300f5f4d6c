#include "grundy/rulesets/staircase_nim.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grundy/search/game_adapter.hpp"
#include "grundy/core/input_error.hpp"
#include "rulesets/builtin_specs.hpp"
#include "rulesets/samples.hpp"

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

// A position is the coins on each step, the floor first.
using Coins = std::vector<std::uint64_t>;

Nimber odd_step_xor(const Coins& coins) {
  Nimber x = 0;
  for (std::size_t i = 1; i < coins.size(); i += 2) x ^= coins[i];
  return x;
}

// Staircase Nim on the game model (game.hpp): its moves once, the theorem as
// the closed form and as the moves to a value; GameAdapter gives it the rest.
class StaircaseNim {
 public:
  using Position = Coins;

  // Every push of 1..c_i coins from step i >= 1 to step i - 1, bottom step first.
  template <class Visit>
  void for_each_move(const Coins& coins, Visit&& visit) const {
    for (std::size_t step = 1; step < coins.size(); ++step) {
      for (std::uint64_t pushed = 1; pushed <= coins[step]; ++pushed) {
        if (!visit(after(coins, step, pushed))) return;
      }
    }
  }

  void moves(const Coins& coins, std::vector<Coins>& out) const {
    for_each_move(coins, [&](Coins&& q) {
      out.push_back(std::move(q));
      return true;
    });
  }

  std::optional<Nimber> closed_form(const Coins& coins) const { return odd_step_xor(coins); }

  // Each step offers at most one move to a given value: the changed odd step
  // must become x xor (its coins) xor target. Listed by step, from the bottom.
  std::uint64_t moves_to_value(const Coins& coins, Nimber target, std::size_t limit, std::vector<Coins>& out) const {
    const Nimber x = odd_step_xor(coins);
    std::uint64_t total = 0;
    for (std::size_t step = 1; step < coins.size(); ++step) {
      std::uint64_t pushed = 0;
      if (step % 2 == 1) {
        const std::uint64_t now = coins[step];
        const std::uint64_t wanted = x ^ now ^ target;
        if (wanted < now) pushed = now - wanted;
      } else {
        const std::uint64_t below = coins[step - 1];
        const std::uint64_t wanted = x ^ below ^ target;
        if (wanted > below && wanted - below <= coins[step]) pushed = wanted - below;
      }
      if (pushed == 0) continue;
      ++total;  // at most one a step: no overflow
      if (out.size() < limit) out.push_back(after(coins, step, pushed));
    }
    return total;
  }

  std::optional<TheoremApplication> theorem(const Coins& coins) const {
    TheoremApplication t;
    t.theorem = "the Staircase Nim theorem";
    t.statement = "the value is the xor of the coins on the odd steps (1, 3, 5, …): moves from an even step only "
                  "raise an odd step, and can be undone";
    std::size_t width = 1;
    for (std::size_t i = 1; i < coins.size(); i += 2) {
      std::uint64_t v = coins[i];
      std::size_t bits = 1;
      while (v >>= 1) ++bits;
      width = std::max(width, bits);
    }
    const auto binary = [width](std::uint64_t v) {
      std::string out(width, '0');
      for (std::size_t b = 0; b < width; ++b) out[width - 1 - b] = static_cast<char>('0' + ((v >> b) & 1U));
      return out;
    };
    for (std::size_t i = 1; i < coins.size(); i += 2) {
      t.steps.push_back("step " + std::to_string(i) + ": " + binary(coins[i]) + "  (" + std::to_string(coins[i]) + ")");
    }
    const Nimber x = odd_step_xor(coins);
    t.steps.push_back("xor:    " + binary(x) + "  (" + std::to_string(x) + ")");
    t.conclusion = "so g = " + std::to_string(x) + (x == 0 ? ": the player to move loses" : ": the player to move wins");
    return t;
  }

  std::string describe(const Coins& coins) const {
    std::string out;
    for (std::size_t i = 0; i < coins.size(); ++i) out += (i ? "," : "") + std::to_string(coins[i]);
    return out;
  }

  // The step a move emptied coins from is the highest that lost some.
  std::string describe_move(const Coins& from, const Coins& to) const {
    std::size_t step = from.size() - 1;
    while (step > 1 && from[step] == to[step]) --step;
    const std::uint64_t pushed = from[step] - to[step];
    const std::string noun = pushed == 1 ? " coin" : " coins";
    const std::string below = step == 1 ? "the floor" : "step " + std::to_string(step - 1);
    return "move " + std::to_string(pushed) + noun + " from step " + std::to_string(step) + " to " + below;
  }

  std::size_t hash(const Coins& coins) const {
    std::uint64_t h = coins.size();
    for (const std::uint64_t c : coins) h = (h ^ c) * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>(h);
  }

 private:
  static Coins after(const Coins& coins, std::size_t step, std::uint64_t pushed) {
    Coins next = coins;
    next[step] -= pushed;
    // The floor may overflow 64 bits only in its count, which is out of play;
    // it saturates rather than wrap.
    next[step - 1] = next[step - 1] > UINT64_MAX - pushed ? UINT64_MAX : next[step - 1] + pushed;
    return next;
  }
};

}  // namespace

ComponentPtr make_staircase_nim(std::vector<std::uint64_t> coins) {
  if (coins.empty()) throw InputError("staircase(...) needs at least the floor: write staircase(0, ...)");
  const Position position =
      GameAdapter<StaircaseNim>::for_ruleset(StaircaseNim{}, "staircase")
          ->position(coins);
  return position.components().front();
}

RulesetSpec staircase_nim_ruleset() {
  RulesetSpec spec{
      .name = "staircase",
      .help = {{"staircase(c0,c1,c2,…)", "Staircase Nim: c_i coins on step i, step 0 is the floor (one component)"}},
      .parameters = 0};
  spec.position = [](const TermReader& term) {
    auto coins = term.integers(term.positions(), "coin counts");
    return Position(term.guarded([&] { return make_staircase_nim(std::move(coins)); }));
  };
  spec.samples = rulesets_detail::number_list_samples([](std::size_t) { return std::string("staircase("); }, 4, 3);
  return spec;
}

}  // namespace grundy
