// A user's own game, written as a C++ type that models ImpartialGame (game.hpp),
// as positions of the runtime model (position.hpp): its positions join sums
// with built-in games, get values, options, winning moves and the analysis,
// without touching the solver.
//
//   struct GrundysGame { … moves, components, describe … };
//   auto game = grundy::GameAdapter<GrundysGame>::make(GrundysGame{}, "mygrundy");
//   grundy::Context context;
//   grundy::Position p = game->position({7}) + grundy::Registry::builtin().parse("nim(3)", context);
//   grundy::analyze(p, context);            // value, outcome, winning moves
//
// Values come from one generic Solver per adapter (shared by all its positions,
// locked, polled for cancellation through the Context of each call). A game
// with the optional components() hook splits positions into independent parts:
// each part is a component of its own, so a move that produces a sum (cutting a
// heap in two) leaves several components.
//
// Printing: a component prints as name(describe(p)); G::describe is required
// unless the position is an integer. To parse such text back, register the game
// (adapter->ruleset(parse) gives a RulesetSpec for Registry::add).
#pragma once

#include <concepts>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "grundy/context.hpp"
#include "grundy/game.hpp"
#include "grundy/position.hpp"
#include "grundy/registry.hpp"
#include "grundy/solver.hpp"

namespace grundy {

template <ImpartialGame G>
class GameAdapter : public std::enable_shared_from_this<GameAdapter<G>> {
 public:
  using GamePosition = typename G::Position;

  static_assert(DescribableGame<G> || std::integral<GamePosition>,
                "GameAdapter prints positions with G::describe(p) (or std::to_string for integers)");

  [[nodiscard]] static std::shared_ptr<GameAdapter> make(G game, std::string name) {
    return std::shared_ptr<GameAdapter>(new GameAdapter(std::move(game), std::move(name)));
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
    spec.position = [self, parse](const TermReader& term, Context&) { return self->position(parse(term)); };
    return spec;
  }

 private:
  GameAdapter(G game, std::string name) : game_(std::move(game)), name_(std::move(name)), solver_(game_) {}

  std::string describe(const GamePosition& p) const {
    if constexpr (DescribableGame<G>) {
      return game_.describe(p);
    } else {
      return std::to_string(p);
    }
  }

  Nimber value_of(const GamePosition& p, Context& context) const {
    std::lock_guard lock(mutex_);
    solver_.set_poll([&context] { context.poll(); });
    struct Reset {
      Solver<G>& solver;
      ~Reset() { solver.set_poll({}); }
    } reset{solver_};
    return solver_.value(p);
  }

  class Part final : public Component {
   public:
    Part(std::shared_ptr<const GameAdapter> adapter, GamePosition p) : adapter_(std::move(adapter)), p_(std::move(p)) {}

    std::string head() const override { return adapter_->name_; }
    std::string arguments() const override { return adapter_->describe(p_); }
    Value value(Context& context) const override { return adapter_->value_of(p_, context); }

    void for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const override {
      std::vector<GamePosition> options;
      adapter_->game_.moves(p_, options);
      for (const GamePosition& q : options) {
        context.poll();
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
  mutable std::mutex mutex_;
  mutable Solver<G> solver_;
};

}  // namespace grundy
