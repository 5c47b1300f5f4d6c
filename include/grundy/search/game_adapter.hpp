// The one adapter of the game model: a game written as a C++ type that models
// ImpartialGame (game.hpp) — a built-in ruleset or a user's own — becomes
// positions of the runtime model (position.hpp): they join sums with every
// other game and get values, options, winning moves, explanations, play and
// misère analysis, without touching the solver.
//
//   struct GrundysGame { … moves, components, describe … };
//   auto game = grundy::GameAdapter<GrundysGame>::make(GrundysGame{}, "mygrundy");
//   grundy::Context context;
//   grundy::Position p = game->position({7}) + grundy::Registry::builtin().parse("nim(3)");
//   grundy::analyze(p, context);            // value, outcome, winning moves
//
// Values come from the generic Solver (one per run: kept in the Context of the
// call, so that a run's tables die with it and two runs never share one),
// polled for cancellation through that Context and bounded by its memory
// bound. A game whose graph has cycles is valued by the LoopySolver
// (loopy_solver.hpp): values ∞(K), draws, counters for the reversal rule
// (docs/loopy.md) — from the first cycle found on (SolverChoice::automatic,
// the default), or always (SolverChoice::loopy); SolverChoice::normal_play
// reports a cycle as a CycleError instead. A game with the optional
// components() hook splits positions into independent parts: each part is a
// component of its own, so a move that produces a sum (cutting a heap in two)
// leaves several components.
//
// Every optional hook of game.hpp reaches the components: for_each_move (lazy
// options), describe_move (words for a move), moves_to_value (winning moves by
// a theorem; named moves, for_each_named_move, where two moves may leave one
// position), theorem (what `grundy explain` shows), outcome (who wins when
// the value is out of reach), joins_parts (a sum of its positions printed as
// one term), head (a head of the position's own), drawing (a board, drawn),
// value and counter (a game that keeps its own search across runs: a user's
// Python game). Without them the definition answers. Which engine values a
// position (the definition, a part or region search, the loopy labelling) is
// chosen in one place, the run's engines (GameEngines, engine_choice.hpp),
// never by the game.
//
// Printing: a component prints as name(describe(p)) (head(p)(describe(p)) for
// a game with the head hook); G::describe is required
// unless the position is an integer. To parse such text back, register the game
// (game_ruleset(adapter, parse) in game_ruleset.hpp gives a RulesetSpec for
// Registry::add; a built-in ruleset writes its own RulesetSpec whose builder
// makes the adapter).
//
// Sharing: a user's game is one object, and a run keeps its solver for that
// object (two games of one type are two games). A built-in ruleset makes an
// adapter each time a term is parsed; made with for_ruleset (Sharing::by_name),
// every adapter of one type and name is the same game, so a run keeps one
// solver for all of them (euclid(3,5) + euclid(8,13) parsed apart share one
// table). A game whose name does not say all of it (a graph file's name, not
// its contents) is shared by a key that does: make(…, Sharing::by_name, key).
#pragma once

#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/capabilities.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/game_hooks.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/position.hpp"
#include "grundy/search/engine_choice.hpp"
#include "grundy/search/solver_choice.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

// Whether a run's solver belongs to one adapter object or to every adapter of
// the game's type with the same name (see the header).
enum class Sharing { by_object, by_name };

template <ImpartialGame G>
class GameAdapter : public std::enable_shared_from_this<GameAdapter<G>> {
 public:
  using GamePosition = typename G::Position;

  static_assert(DescribableGame<G> || std::integral<GamePosition>,
                "GameAdapter prints positions with G::describe(p) (or std::to_string for integers)");

  [[nodiscard]] static std::shared_ptr<GameAdapter> make(G game, std::string name,
                                                         SolverChoice solver = SolverChoice::automatic,
                                                         Sharing sharing = Sharing::by_object,
                                                         std::string sharing_key = {}) {
    if (sharing_key.empty()) sharing_key = name;
    return std::shared_ptr<GameAdapter>(
        new GameAdapter(std::move(game), std::move(name), solver, sharing, std::move(sharing_key)));
  }

  // A ruleset's adapter, made anew each time one of its terms is parsed: every
  // adapter of one type and name is the same game, so that a run keeps one
  // solver for all its terms (Sharing::by_name), and a ruleset's moves never
  // cycle (SolverChoice::normal_play: a cycle would be a CycleError, a bug of
  // the ruleset, not a loopy game). Every built-in ruleset is made so; a game
  // whose name does not say all of it uses make(…, Sharing::by_name, key).
  [[nodiscard]] static std::shared_ptr<GameAdapter> for_ruleset(G game, std::string name) {
    return make(std::move(game), std::move(name), SolverChoice::normal_play, Sharing::by_name);
  }

  // True once some run found a cycle and values the positions by the
  // LoopySolver (or always, with SolverChoice::loopy).
  [[nodiscard]] bool loopy() const noexcept { return found_cycle_->load(std::memory_order_relaxed); }

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
    for (GamePosition& part : parts) out.push_back(std::make_shared<const PartType>(this->shared_from_this(), std::move(part)));
    return Position(std::move(out));
  }

  // The value of p in this run (the components' xor when p splits).
  [[nodiscard]] Value value(const GamePosition& p, Context& context) const { return value_of(p, context); }

  // True when `component` is a part this adapter type makes (a position of a
  // game of type G).
  [[nodiscard]] static bool made(const Component& component) noexcept {
    return dynamic_cast<const Part*>(&component) != nullptr;
  }

 private:
  GameAdapter(G game, std::string name, SolverChoice choice, Sharing sharing, std::string sharing_key)
      : game_(std::move(game)),
        name_(std::move(name)),
        sharing_key_(std::move(sharing_key)),
        choice_(choice),
        sharing_(sharing),
        found_cycle_(std::make_shared<std::atomic<bool>>(choice == SolverChoice::loopy)) {}

  // What one run keeps for this game: the engines the choice gives it
  // (engine_choice.hpp), made with the run and over the run's own copy of
  // the game (the run may outlive the adapter that made it, when adapters
  // are shared by name), under one lock (a run may ask from two threads).
  struct RunState {
    RunState(const G& g, SolverChoice choice, Context& context) : engines(g, choice, context) {}
    std::mutex mutex;
    search::GameEngines<G> engines;
  };
  using Played = search::PlayedGame<G>;

  RunState& run(Context& context) const {
    const auto make = [&] { return std::make_shared<RunState>(game_, choice_, context); };
    if (sharing_ == Sharing::by_name) return *context.shared<RunState>(sharing_key_, make);
    return *context.shared_for<RunState>(this->shared_from_this(), make);
  }

  std::string describe(const GamePosition& p) const {
    if constexpr (DescribableGame<G>) {
      return game_.describe(p);
    } else {
      return std::to_string(p);
    }
  }

  std::string describe_move(const GamePosition& from, const GamePosition& to) const {
    if constexpr (GameWithMoveWords<G>) {
      return game_.describe_move(from, to);
    } else {
      return "move to " + describe(to);
    }
  }

  // Calls f(state) with the run's state under its lock: the one scope in
  // which the run's engines and the run's copy of the game are used.
  template <class F>
  decltype(auto) with_run(Context& context, F&& f) const {
    RunState& state = run(context);
    std::lock_guard lock(state.mutex);
    return f(state);
  }

  Value value_of(const GamePosition& p, Context& context) const {
    if constexpr (GameWithOwnSearch<G>) {
      return game_.value(p, context);
    } else {
      return with_run(context, [&](RunState& state) {
        const Value v = state.engines.value(p);
        if (state.engines.loopy()) found_cycle_->store(true, std::memory_order_relaxed);
        return v;
      });
    }
  }

  // The engine that values p in this run (explain, --json).
  std::string engine_of(const GamePosition& p, Context& context) const {
    if constexpr (GameWithOwnSearch<G>) {
      return "definition";
    } else {
      return with_run(context, [&](RunState& state) { return state.engines.engine_for(p); });
    }
  }

  std::optional<std::uint64_t> counter_of(const GamePosition& p, Context& context) const {
    if constexpr (GameWithOwnSearch<G>) {
      return game_.counter(p, context);
    } else {
      return with_run(context, [&](RunState& state) { return state.engines.counter(p); });
    }
  }

  // Every option of p: lazily where the game lists them so.
  template <class Visit>
  void for_each_move(const GamePosition& p, Visit&& visit) const {
    if constexpr (LazilyListedGame<G>) {
      game_.for_each_move(p, [&](const GamePosition& q) { return visit(q); });
    } else {
      std::vector<GamePosition> options;
      game_.moves(p, options);
      for (const GamePosition& q : options)
        if (!visit(q)) return;
    }
  }

  class Part : public Component, public LoopyCounter, public DecidedByTheorem, public ValuedByEngine {
   public:
    Part(std::shared_ptr<const GameAdapter> adapter, GamePosition p) : adapter_(std::move(adapter)), p_(std::move(p)) {}

    std::string head() const override {
      if constexpr (GameWithHeads<G>) {
        return adapter_->game_.head(p_);
      } else {
        return adapter_->name_;
      }
    }
    std::string arguments() const override { return adapter_->describe(p_); }
    std::string merge_key() const override {
      if constexpr (GameWithJoinedParts<G>) {
        if (adapter_->game_.joins_parts()) return adapter_->name_;
      }
      return {};
    }
    Value value(Context& context) const override { return adapter_->value_of(p_, context); }
    std::optional<std::uint64_t> counter(Context& context) const override { return adapter_->counter_of(p_, context); }

    void for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const override {
      if constexpr (GameWithNamedMoves<G>) {
        adapter_->game_.for_each_named_move(p_, [&](NamedMove<GamePosition>&& m) {
          context.charge();
          return visit(ComponentOption{std::move(m.words), adapter_->position(m.after)});
        });
      } else {
        adapter_->for_each_move(p_, [&](const GamePosition& q) {
          context.charge();
          return visit(ComponentOption{adapter_->describe_move(p_, q), adapter_->position(q)});
        });
      }
    }

    OptionList options_to_value(Context& context, Nimber target, std::size_t limit) const override {
      if constexpr (search::GameEngines<G>::kAsksOutcomes) {
        // "Is the position after this move worth `target`?" asked of the
        // engine as an outcome question, which stops at the first winning
        // reply: far faster than valuing every option.
        OptionList result;
        const auto consider = [&](ComponentOption&& option, const GamePosition& after) {
          const bool has = adapter_->with_run(
              context, [&](RunState& state) { return state.engines.has_value(after, target).value_or(false); });
          if (!has) return;
          ++result.total;
          if (result.listed.size() < limit) result.listed.push_back(std::move(option));
        };
        if constexpr (GameWithNamedMoves<G>) {
          adapter_->game_.for_each_named_move(p_, [&](NamedMove<GamePosition>&& m) {
            context.charge();
            GamePosition after = m.after;
            consider(ComponentOption{std::move(m.words), adapter_->position(m.after)}, after);
            return true;
          });
        } else {
          adapter_->for_each_move(p_, [&](const GamePosition& q) {
            context.charge();
            consider(ComponentOption{adapter_->describe_move(p_, q), adapter_->position(q)}, q);
            return true;
          });
        }
        return result;
      } else if constexpr (GameWithMovesToValue<Played>) {
        std::vector<GamePosition> found;
        OptionList result;
        // The run's copy of the game: a theorem that reads the run's tables.
        const std::optional<MoveCount> counted = adapter_->with_run(context, [&](RunState& state) {
          return moves_counted(state.engines.game().moves_to_value(p_, target, limit, found));
        });
        // No theorem for this position: the definition.
        if (!counted) return Component::options_to_value(context, target, limit);
        result.total = counted->total;
        result.total_is_lower_bound = counted->lower_bound;
        for (const GamePosition& q : found)
          if (result.listed.size() < limit)
            result.listed.push_back(ComponentOption{adapter_->describe_move(p_, q), adapter_->position(q)});
        return result;
      } else {
        return Component::options_to_value(context, target, limit);
      }
    }

    std::string engine(Context& context) const override { return adapter_->engine_of(p_, context); }

    std::optional<TheoremApplication> theorem(Context&) const override {
      if constexpr (GameWithTheorem<G>) {
        return adapter_->game_.theorem(p_);
      } else {
        return std::nullopt;
      }
    }

    bool same_as(const Component& other) const override {
      const auto* part = dynamic_cast<const Part*>(&other);
      return part != nullptr && part->p_ == p_ && same_game_as(*part);
    }

    // The position, and whether another part is of the same game (one run
    // state: the same adapter, or adapters shared by one name).
    [[nodiscard]] const GamePosition& position_of() const noexcept { return p_; }
    [[nodiscard]] bool same_game_as(const Part& other) const noexcept {
      if (other.adapter_ == adapter_) return true;
      return adapter_->sharing_ == Sharing::by_name && other.adapter_->sharing_ == Sharing::by_name &&
             other.adapter_->sharing_key_ == adapter_->sharing_key_;
    }

   protected:
    std::shared_ptr<const GameAdapter> adapter_;
    GamePosition p_;
  };

  // A game that knows who wins where its value is out of reach declares it
  // (analysis.cpp asks a lone component whose value threw LimitError).
  class PartWithOutcome : public Part, public OutcomeWithoutValue {
   public:
    using Part::Part;
    Outcome outcome(Context& context) const override {
      if constexpr (GameWithOutcome<G>) {
        if (const std::optional<Outcome> known = this->adapter_->game_.outcome(this->p_)) return *known;
      }
      // No argument applies: the value decides, and its error stands.
      return this->value(context).outcome();
    }
  };
  using OutcomePart = std::conditional_t<GameWithOutcome<G>, PartWithOutcome, Part>;

  // A game on two piles whose rows have proven additive periods declares them
  // (AdditivelyPeriodicRows: `grundy pattern` reads them), from the run's copy.
  template <class Base>
  class WithRowPatterns final : public Base, public AdditivelyPeriodicRows {
   public:
    using Base::Base;
    std::optional<Periodicity> row_pattern(Context& context, std::uint64_t pile) const override {
      return this->adapter_->with_run(context, [&](RunState& state) { return state.engines.game().row_pattern(pile); });
    }
  };
  // A game whose positions are boards declares it (DrawnAsBoard: drawn by the
  // CLI, `grundy play` and the web page; turned boards share a census job).
  template <class Base>
  class WithDrawing : public Base, public DrawnAsBoard {
   public:
    using Base::Base;
    std::string drawing() const override { return this->adapter_->game_.drawing(this->p_); }
    bool same_game_turned() const override { return this->adapter_->game_.same_game_turned(); }
  };
  using DrawnPart = std::conditional_t<GameDrawnAsBoard<G>, WithDrawing<OutcomePart>, OutcomePart>;
  // A game whose parts pack into keys has certificates, written by the part
  // search of the run (CertifiedByEngine: `grundy value --certificate`).
  template <class Base>
  class WithCertificates : public Base, public CertifiedByEngine {
   public:
    using Base::Base;
    std::string certificate_game() const override {
      if constexpr (GameWithPackedParts<G>) {
        if (this->adapter_->game_.packed(this->p_, [](const auto&) {})) {
          return search::PartEngineOf<G>::type::certificate_game();
        }
      }
      return {};
    }
    CertificateParts certify(const std::vector<const Component*>& components, Context& context) const override {
      if constexpr (GameWithPackedParts<G>) {
        std::vector<GamePosition> positions;
        for (const Component* c : components) {
          const auto* part = dynamic_cast<const Part*>(c);
          if (part == nullptr || !part->same_game_as(*this))
            throw InputError("a certificate is written for the positions of one game");
          positions.push_back(part->position_of());
        }
        auto certified = this->adapter_->with_run(context, [&](RunState& state) {
          return state.engines.certify(positions, [&](std::size_t i) { return excerpt(components[i]->text(), 60); });
        });
        CertificateParts out;
        out.game = std::move(certified.game);
        for (std::size_t i = 0; i < components.size(); ++i)
          out.roots.emplace_back(components[i]->arguments(), certified.values[i]);
        out.claims = std::move(certified.claims);
        out.lacking = std::move(certified.lacking);
        out.version = certified.version;
        out.parts_valued = certified.parts_valued;
        out.parts_loaded = certified.parts_loaded;
        return out;
      } else {
        (void)components;
        (void)context;
        return {};
      }
    }
  };
  using CertifiedPart = std::conditional_t<GameWithPackedParts<G>, WithCertificates<DrawnPart>, DrawnPart>;
  using PartType = std::conditional_t<GameWithRowPatterns<Played>, WithRowPatterns<CertifiedPart>, CertifiedPart>;

  G game_;
  std::string name_;
  std::string sharing_key_;  // the run's state is shared under it (Sharing::by_name)
  SolverChoice choice_;
  Sharing sharing_;
  std::shared_ptr<std::atomic<bool>> found_cycle_;
};

}  // namespace grundy
