// Which engine values a game's positions in a run: the one place the choice
// is made, and the engines of one game in one run (GameEngines), made by the
// run's state for the game (GameAdapter keeps one a run) and handed the run:
// its poll, its one memory budget (each engine its share), its table files
// (table_store.hpp) and settings.
//
// A game never runs a search: it declares what it offers an engine (game.hpp),
// and the choice reads the declarations, in this order, for each position:
//   1. a board of a placement rule (g.placement_rule()): the region search
//      (placement_searches.hpp);
//   2. a vertex set of a graph (g.vertex_set(p)): the graph search of Node
//      Kayles (graph_engine.hpp);
//   3. parts that pack into 8-byte keys (G::PackedParts, g.packed(p, visit)):
//      the part search (part_engine.hpp), when every part of p fits a key;
//   4. parts that split, canonical, with a size (components(), canonical(),
//      part_size()): the Lemoine–Viennot outcome search (outcome_engine.hpp),
//      normal play only; the parts that pack valued by the part search;
//   5. otherwise the definition (Solver, solver.hpp) and, from the first
//      cycle found on (SolverChoice::automatic), the loopy labelling
//      (LoopySolver). A closed form (closed_form) answers wherever it knows.
// The certificates of a game (its claims) come from the engine that can write
// them: the part search (claims()).
//
// A game with tables of its own for its formulas (G::RunTables: Wythoff's
// values below 4096 and its rows) gets them made once a run, from the run's
// poll, and its hooks called with them (RunBoundGame below).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/game_hooks.hpp"
#include "grundy/core/memory_budget.hpp"
#include "grundy/core/poll_scope.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/core/value.hpp"
#include "grundy/placement/board.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/search/graph_engine.hpp"
#include "grundy/search/loopy_solver.hpp"
#include "grundy/search/outcome_engine.hpp"
#include "grundy/search/part_engine.hpp"
#include "grundy/search/placement_searches.hpp"
#include "grundy/search/solver_choice.hpp"

namespace grundy {

// ---- what a game declares for the engines beyond game.hpp's hooks ----

// g.placement_rule() -> const placement::Rule&: the positions are boards of
// this placement rule (pieces placed on free cells): the region search
// values them.
template <class G>
concept PlacementBoardGame = ImpartialGame<G> && std::same_as<typename G::Position, placement::Board> &&
                             requires(const G& game) {
                               { game.placement_rule() } -> std::convertible_to<const placement::Rule&>;
                             };

// g.vertex_set(p) -> search::VertexSet: p is a set of vertices of a graph, on
// which the game is Node Kayles: the graph search values it.
template <class G>
concept VertexSetGame = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.vertex_set(p) } -> std::convertible_to<search::VertexSet>;
};

// G::PackedParts (the rules over keys, part_engine.hpp) with G::PackedBoard,
// and g.packed(p, visit): calls visit(const PackedBoard&) with the board those
// rules read when p is one they play (returns false when it is not: a NoGo
// board of two rows).
template <class G>
concept GameWithPackedParts = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  typename G::PackedParts;
  typename G::PackedBoard;
  { game.packed(p, [](const typename G::PackedBoard&) {}) } -> std::convertible_to<bool>;
};

// G::RunTables: tables a game's formulas compute once a run (made from the
// run's poll); its hooks that read them take them last — closed_form(p,
// tables), moves_to_value(p, target, limit, out, tables), row_pattern(pile,
// tables) — and the run's copy of the game (RunBoundGame) calls them so.
template <class G>
concept GameWithRunTables = ImpartialGame<G> && requires { typename G::RunTables; } &&
                            std::constructible_from<typename G::RunTables, std::function<void()>>;

namespace search {

// The run's copy of a game with run tables: the game, its hooks bound to the
// run's tables (a game's own copy, made by the run; the game object keeps none).
template <class G>
class RunBoundGame : public G {
 public:
  using Position = typename G::Position;
  using Tables = typename G::RunTables;

  RunBoundGame(const G& game, Tables& tables) : G(game), tables_(&tables) {}

  std::optional<Nimber> closed_form(const Position& p) const
    requires requires(const G& g, Tables& t) { g.closed_form(p, t); }
  {
    return G::closed_form(p, *tables_);
  }
  template <class Out>
  auto moves_to_value(const Position& p, Nimber target, std::size_t limit, Out& out) const
    requires requires(const G& g, Tables& t) { g.moves_to_value(p, target, limit, out, t); }
  {
    return G::moves_to_value(p, target, limit, out, *tables_);
  }
  std::optional<Periodicity> row_pattern(std::uint64_t pile) const
    requires requires(const G& g, Tables& t) { g.row_pattern(pile, t); }
  {
    return G::row_pattern(pile, *tables_);
  }

 private:
  Tables* tables_;
};

template <class G>
struct PlayedGameOf {
  using type = G;
};
template <GameWithRunTables G>
struct PlayedGameOf<G> {
  using type = RunBoundGame<G>;
};
// The game as a run plays it: G, or G bound to the run's tables.
template <class G>
using PlayedGame = typename PlayedGameOf<G>::type;

// The run's tables of a game (nothing for a game without).
template <class G>
struct RunTablesOf {
  explicit RunTablesOf(std::function<void()>) {}
};
template <GameWithRunTables G>
struct RunTablesOf<G> {
  explicit RunTablesOf(std::function<void()> poll) : tables(std::move(poll)) {}
  typename G::RunTables tables;
};

// The part search of a game that declares packed parts.
template <class G>
struct PartEngineOf {
  using type = std::nullptr_t;
};
template <GameWithPackedParts G>
struct PartEngineOf<G> {
  using type = PartEngine<typename G::PackedParts, typename G::PackedBoard>;
};

// Nothing, where a game does not qualify for an engine.
struct NoEngine {
  template <class... A>
  explicit NoEngine(A&&...) {}
};

// The engines of one game in one run, and the choice among them.
template <ImpartialGame G>
class GameEngines {
 public:
  using Position = typename G::Position;
  using Played = PlayedGame<G>;

  GameEngines(const G& game, SolverChoice choice, Context& context)
      : context_(&context),
        tables_([&context] { context.poll(); }),
        game_(make_played(game)),
        choice_(choice),
        use_loopy_(choice == SolverChoice::loopy),
        solver_(game_, kFirstTableCapacity),
        loopy_(game_),
        memory_(context.memory_budget()),
        outcome_(game_),
        parts_(context),
        regions_(regions_of(context)),
        graphs_(context) {
    if constexpr (GameValuedByOutcomes<Played> && GameWithPackedParts<G>) {
      outcome_.set_known([this](const Position& part) { return packed_value(part); });
    }
  }
  GameEngines(const GameEngines&) = delete;
  GameEngines& operator=(const GameEngines&) = delete;

  // The run's copy of the game (its hooks with the run's tables).
  [[nodiscard]] const Played& game() const noexcept { return game_; }
  // True once the positions are valued by the loopy labelling.
  [[nodiscard]] bool loopy() const noexcept { return use_loopy_; }

  // The engine the choice takes for p (explain, --json).
  [[nodiscard]] std::string engine_for(const Position& p) const {
    if constexpr (PlacementBoardGame<G>) return placement::PlacementSearches::kName;
    if constexpr (VertexSetGame<G>) return search::GraphEngine::kName;
    if constexpr (GameWithPackedParts<G>) {
      if (packs(p)) return PartEngineOf<G>::type::kName;
    }
    if constexpr (GameValuedByOutcomes<Played>) {
      if (choice_ == SolverChoice::normal_play) return "outcome search (Lemoine–Viennot)";
    }
    return use_loopy_ ? "loopy labelling" : "definition";
  }

  // The value of p: by the first engine of the choice that takes it.
  Value value(const Position& p) {
    if constexpr (PlacementBoardGame<G>) {
      return Value(searching_regions([&](placement::PlacementSolver& solver) { return solver.value(p); }));
    } else if constexpr (VertexSetGame<G>) {
      return Value(graphs_.value(game_.vertex_set(p)));
    } else {
      if constexpr (GameWithPackedParts<G>) {
        if (const std::optional<Nimber> v = packed_value(p)) return Value(*v);
      }
      if constexpr (GameValuedByOutcomes<Played>) {
        if (choice_ == SolverChoice::normal_play) return Value(by_outcomes(p));
      }
      return by_definition(p);
    }
  }

  // value(p) == target where an engine asks it as an outcome question (which
  // stops at the first winning reply): the region and graph searches; nullopt
  // elsewhere (the caller values the option).
  std::optional<bool> has_value(const Position& p, Nimber target) {
    if constexpr (PlacementBoardGame<G>) {
      return searching_regions([&](placement::PlacementSolver& solver) { return solver.has_value(p, target); });
    } else if constexpr (VertexSetGame<G>) {
      return graphs_.has_value(game_.vertex_set(p), target);
    } else {
      (void)p;
      (void)target;
      return std::nullopt;
    }
  }
  // Whether has_value answers (for every position of the game).
  static constexpr bool kAsksOutcomes = PlacementBoardGame<G> || VertexSetGame<G>;

  // The counter of p under the loopy labelling (the reversal rule); nullopt
  // for ∞ and where no cycle was met.
  std::optional<std::uint64_t> counter(const Position& p) {
    if (!use_loopy_) return std::nullopt;
    return loopy_.counter(p, *context_);
  }

  // The part search's claims for a certificate of `positions` (each packs;
  // valued first), and the roots' values; LimitError where a part does not
  // fit a key, naming the position by name_of(i). Only for a game with
  // packed parts.
  struct Certified {
    std::vector<Nimber> values;  // each position's
    std::vector<std::pair<std::string, Nimber>> claims;
    std::vector<LackingClaim> lacking;  // version 2 on
    int version = 1;
    std::size_t parts_valued = 0;
    std::size_t parts_loaded = 0;
    std::string game;  // as the certificate names it
  };
  template <class NameOf>
  Certified certify(const std::vector<Position>& positions, NameOf&& name_of)
    requires GameWithPackedParts<G>
  {
    using Board = typename G::PackedBoard;
    Certified out;
    out.game = PartEngineOf<G>::type::certificate_game();
    if constexpr (PlacementBoardGame<G>) {
      // Boards the region search holds in one word: it values them and writes
      // the claims of its own proof (version 4), far faster than valuing every
      // part (docs/certificates.md). Larger boards: the part search.
      if (std::all_of(positions.begin(), positions.end(), [](const Position& b) { return b.rows * b.cols <= placement::PlacementSolver::kMostClaimedCells; })) {
        auto claims = searching_regions([&](placement::PlacementSolver& solver) {
          auto made = solver.claims(positions);
          out.parts_valued = solver.stored_positions();
          return made;
        });
        out.values = std::move(claims.values);
        out.claims = std::move(claims.exact);
        out.lacking = std::move(claims.lacking);
        out.version = 4;  // its parts split with the Cram reductions, as the search splits them; its 'not' claims name their options
        return out;
      }
    }
    std::vector<Board> boards;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      std::optional<Nimber> v;
      const bool packs = game_.packed(positions[i], [&](const Board& board) {
        boards.push_back(board);
        v = parts_.value(board);
      });
      if (!packs || !v)
        throw LimitError(name_of(i) + " " + PartEngineOf<G>::type::too_large() + ", more than certificates are written for");
      out.values.push_back(*v);
    }
    out.claims = parts_.claims(boards);
    out.parts_valued = parts_.stored();
    out.parts_loaded = parts_.loaded();
    return out;
  }

 private:
  // The solver's first table is small and grows by doubling: a game whose
  // engine is another answers everything there, and a tight memory bound is
  // then that engine's to refuse, in its own words.
  static constexpr std::size_t kFirstTableCapacity = 64;

  Played make_played(const G& game) {
    if constexpr (GameWithRunTables<G>) {
      return Played(game, tables_.tables);
    } else {
      return game;
    }
  }

  static auto regions_of(Context& context) {
    if constexpr (PlacementBoardGame<G>) {
      return placement::PlacementSearches::of(context);
    } else {
      return NoEngine(context);
    }
  }

  template <class F>
  auto searching_regions(F&& search) {
    const std::shared_ptr<placement::PlacementSolver> solver = regions_->solver_for(game_.placement_rule());
    return regions_->with_polling(*solver, *context_, [&] { return search(*solver); });
  }

  // Whether p is a position the part search values: it packs, and every part
  // fits a key.
  bool packs(const Position& p) const {
    bool fits = false;
    game_.packed(p, [&](const typename G::PackedBoard& board) { fits = PartEngineOf<G>::type::fits(board); });
    return fits;
  }
  std::optional<Nimber> packed_value(const Position& p) {
    std::optional<Nimber> v;
    game_.packed(p, [&](const typename G::PackedBoard& board) { v = parts_.value(board); });
    return v;
  }

  // The outcome search within the engine's share of the run's budget.
  Nimber by_outcomes(const Position& p) {
    outcome_.set_memory_limit(memory_.limit(), memory_.bound());
    // Polled at every node; a progress line (the run's --progress, after its
    // first seconds, at most one a second) every 64: a board of hundreds of
    // squares searched for minutes said nothing.
    std::uint64_t calls = 0;
    const PollScope polling(outcome_, [this, &calls] {
      context_->poll();
      if ((++calls & 63) == 0 && context_->progress_due()) {
        context_->progress("outcome search: " + std::to_string(outcome_.nodes_searched()) + " nodes, " +
                           std::to_string(outcome_.stored_values()) + " parts valued, depth " +
                           std::to_string(outcome_.depth()) + ", " +
                           bytes_text(outcome_.memory_bytes() + outcome_.measure_stack()) + " held");
      }
    });
    const auto held = memory_.hold_at_end([this] { return held_bytes(); });
    return outcome_.value_of_position(p);
  }

  // What the definition's and the outcome search's tables hold.
  [[nodiscard]] std::size_t held_bytes() const noexcept {
    std::size_t bytes = solver_.table_bytes();
    if constexpr (GameValuedByOutcomes<Played>) bytes += outcome_.memory_bytes() + outcome_.stack_bytes();
    return bytes;
  }

  // The definition (the Solver), the loopy labelling from the first cycle on.
  Value by_definition(const Position& p) {
    return value_by_choice<CycleError>(
        choice_, use_loopy_,
        [&] {
          solver_.set_memory_limit(memory_.limit(), memory_.bound());
          const PollScope polling(solver_, [this] { context_->poll(); });
          const auto held = memory_.hold_at_end([this] { return held_bytes(); });
          return solver_.value(p);
        },
        [&] { return loopy_.value(p, *context_); });
  }

  Context* context_;
  RunTablesOf<G> tables_;
  Played game_;
  SolverChoice choice_;
  bool use_loopy_;
  Solver<Played> solver_;
  LoopySolver<Played> loopy_;
  MemoryBudget::Share memory_;  // the definition's and the outcome search's
  std::conditional_t<GameValuedByOutcomes<Played>, OutcomeEngine<Played>, NoEngine> outcome_;
  std::conditional_t<GameWithPackedParts<G>, typename PartEngineOf<G>::type, NoEngine> parts_;
  std::conditional_t<PlacementBoardGame<G>, std::shared_ptr<placement::PlacementSearches>, NoEngine> regions_;
  std::conditional_t<VertexSetGame<G>, search::GraphEngine, NoEngine> graphs_;
};

}  // namespace search
}  // namespace grundy
