// A user's own game, written as a C++ type that models ImpartialGame (game.hpp),
// as positions of the runtime model (position.hpp): its positions join sums
// with built-in games, get values, options, winning moves and the analysis,
// without touching the solver.
//
//   struct GrundysGame { … moves, components, describe … };
//   auto game = grundy::GameAdapter<GrundysGame>::make(GrundysGame{}, "mygrundy");
//   grundy::Context context;
//   grundy::Position p = game->position({7}) + grundy::Registry::builtin().parse("nim(3)");
//   grundy::analyze(p, context);            // value, outcome, winning moves
//
// Values come from one generic Solver per adapter (shared by all its positions,
// locked, polled for cancellation through the Context of each call). A game
// whose graph has cycles is valued by the LoopySolver (loopy_solver.hpp):
// values ∞(K), draws, counters for the reversal rule (docs/loopy.md) — from the
// first cycle found on (SolverChoice::automatic, the default), or always
// (SolverChoice::loopy); SolverChoice::normal_play reports a cycle as a
// CycleError instead. A game
// with the optional components() hook splits positions into independent parts:
// each part is a component of its own, so a move that produces a sum (cutting a
// heap in two) leaves several components.
//
// Printing: a component prints as name(describe(p)); G::describe is required
// unless the position is an integer. To parse such text back, register the game
// (adapter->ruleset(parse) gives a RulesetSpec for Registry::add).
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grundy/capabilities.hpp"
#include "grundy/context.hpp"
#include "grundy/game.hpp"
#include "grundy/loopy_solver.hpp"
#include "grundy/position.hpp"
#include "grundy/registry.hpp"
#include "grundy/solver.hpp"

namespace grundy {

// Which solver values the positions of a user's game.
enum class SolverChoice {
  automatic,    // the normal-play Solver; the LoopySolver from the first cycle it finds on
  normal_play,  // the normal-play Solver only: a cycle is a CycleError
  loopy,        // the LoopySolver for every position
};

template <ImpartialGame G>
class GameAdapter : public std::enable_shared_from_this<GameAdapter<G>> {
 public:
  using GamePosition = typename G::Position;

  static_assert(DescribableGame<G> || std::integral<GamePosition>,
                "GameAdapter prints positions with G::describe(p) (or std::to_string for integers)");

  [[nodiscard]] static std::shared_ptr<GameAdapter> make(G game, std::string name,
                                                         SolverChoice solver = SolverChoice::automatic) {
    return std::shared_ptr<GameAdapter>(new GameAdapter(std::move(game), std::move(name), solver));
  }

  // True once the positions are valued by the LoopySolver.
  [[nodiscard]] bool loopy() const {
    std::lock_guard lock(mutex_);
    return use_loopy_;
  }

  [[nodiscard]] const G& game() const noexcept { return game_; }
  [[nodiscard]] const std::string& name() const noexcept { return name_; }

  // The position p of the game: its independent parts (components() when the
  // game has the hook), each a component.
  [[nodiscard]] Position position(const GamePosition& p) const {
    std::vector<GamePosition> parts;
    if constexpr (DecomposableGame<G>) {
      game_.components(p, parts);
    } else {
      parts.push_back(p);
    }
    std::vector<ComponentPtr> out;
    out.reserve(parts.size());
    for (GamePosition& part : parts) out.push_back(std::make_shared<const Part>(this->shared_from_this(), std::move(part)));
    return Position(std::move(out));
  }

  // A ruleset spec for a Registry of the user's own: name(text) parses with
  // `parse` (given the term, which holds the position group), so that printed
  // positions of this game parse back.
  [[nodiscard]] RulesetSpec ruleset(std::function<GamePosition(const TermReader&)> parse,
                                    std::string description = "a game of the user's own") const {
    RulesetSpec spec;
    spec.name = name_;
    spec.help = {{name_ + "(position)", std::move(description)}};
    auto self = this->shared_from_this();
    spec.position = [self, parse](const TermReader& term) { return self->position(parse(term)); };
    return spec;
  }

 private:
  GameAdapter(G game, std::string name, SolverChoice choice)
      : game_(std::move(game)),
        name_(std::move(name)),
        choice_(choice),
        use_loopy_(choice == SolverChoice::loopy),
        solver_(game_),
        loopy_solver_(game_) {}

  std::string describe(const GamePosition& p) const {
    if constexpr (DescribableGame<G>) {
      return game_.describe(p);
    } else {
      return std::to_string(p);
    }
  }

  Value value_of(const GamePosition& p, Context& context) const {
    std::lock_guard lock(mutex_);
    if (!use_loopy_) {
      solver_.set_poll([&context] { context.poll(); });
      struct Reset {
        Solver<G>& solver;
        ~Reset() { solver.set_poll({}); }
      } reset{solver_};
      try {
        return solver_.value(p);
      } catch (const CycleError&) {
        if (choice_ == SolverChoice::normal_play) throw;
        // Values found so far are γ too (without a cycle below, γ = g), so
        // switching now changes no answer already given.
        use_loopy_ = true;
      }
    }
    return loopy_solver_.value(p, context);
  }

  std::optional<std::uint64_t> counter_of(const GamePosition& p, Context& context) const {
    std::lock_guard lock(mutex_);
    if (!use_loopy_) return std::nullopt;
    return loopy_solver_.counter(p, context);
  }

  class Part final : public Component, public LoopyCounter {
   public:
    Part(std::shared_ptr<const GameAdapter> adapter, GamePosition p) : adapter_(std::move(adapter)), p_(std::move(p)) {}

    std::string head() const override { return adapter_->name_; }
    std::string arguments() const override { return adapter_->describe(p_); }
    Value value(Context& context) const override { return adapter_->value_of(p_, context); }
    std::optional<std::uint64_t> counter(Context& context) const override { return adapter_->counter_of(p_, context); }

    void for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const override {
      std::vector<GamePosition> options;
      adapter_->game_.moves(p_, options);
      for (const GamePosition& q : options) {
        context.charge();
        if (!visit(ComponentOption{"move to " + adapter_->describe(q), adapter_->position(q)})) return;
      }
    }

    bool same_as(const Component& other) const override {
      const auto* part = dynamic_cast<const Part*>(&other);
      return part != nullptr && part->adapter_ == adapter_ && part->p_ == p_;
    }

   private:
    std::shared_ptr<const GameAdapter> adapter_;
    GamePosition p_;
  };

  G game_;
  std::string name_;
  SolverChoice choice_;
  mutable std::mutex mutex_;
  mutable bool use_loopy_;
  mutable Solver<G> solver_;
  mutable LoopySolver<G> loopy_solver_;
};

}  // namespace grundy
