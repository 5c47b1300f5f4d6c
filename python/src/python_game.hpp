// A game written in Python: a moves function from a position (any hashable
// Python value) to an iterable of options, each a position or a `list` of
// positions (a sum of independent games, such as the two heaps a split leaves).
//
// Values come from the library's one traversal, Solver<PythonRule,
// PythonRuleTable> (solver.hpp; the game's side in python_rule.hpp): an
// iterative depth-first search (no recursion, so a chain of 10^6 positions
// needs no Python recursion limit and no C++ stack), memoised in a table of
// Python objects, with memory O(positions stored + depth) under the game's
// bound. moves() is called once per position the search meets (again only for
// a frame that let go of its options past the stack's budget). The components
// of a sum option are valued separately and xored (Sprague–Grundy), so only
// single positions are stored.
//
// Failures never crash and always name the position:
//   - moves() raising, returning something that is not iterable, or an option
//     that is not hashable (or whose == or hash raises): grundy.GameError, with
//     the original exception as its __cause__;
//   - a position met again while its own value is being computed: a game with
//     cycles. By default (SolverChoice::automatic, as for a C++ game through
//     GameAdapter) the game is valued from then on by the LoopySolver
//     (loopy_solver.hpp) over the graph of its positions: values ∞(K) and
//     draws. With SolverChoice::normal_play it is a CycleError listing the
//     positions on the cycle;
//   - the table and the search outgrowing `memory_bytes`: LimitError;
//   - KeyboardInterrupt (raised inside moves() by the interpreter, or by the
//     poll hook through the Context) goes through unchanged.
// After any of them the positions that were being computed are forgotten and
// the finished values kept, so the game stays usable.
//
// Everything here runs with the GIL held. One search at a time per game: a
// second Python thread waits (without the GIL) for the first; moves() calling
// its own game's solver is refused.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/search/solver_choice.hpp"
#include "grundy/search/loopy_solver.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/value.hpp"
#include "grundy/core/solver.hpp"
#include "collector_pace.hpp"
#include "python_object_table.hpp"
#include "python_rule.hpp"
#include "python_rule_table.hpp"

namespace grundy::python {

class PythonGame;

// The graph of a Python game's positions, for the LoopySolver: a vertex is a
// position, or a sum of them (an option that is a list) taken whole, as the
// LoopySolver takes positions; a move in a sum moves one of its parts.
struct PythonVertex {
  pybind11::object object;  // the position, or the tuple of a sum's parts
  Py_hash_t hash = 0;
  bool sum = false;
  // Python's == (after the hash and identity); throws error_already_set when == raises.
  bool operator==(const PythonVertex& other) const;
};

class PythonGraph {
 public:
  using Position = PythonVertex;
  explicit PythonGraph(PythonGame& game) : game_(&game) {}
  void moves(const PythonVertex& vertex, std::vector<PythonVertex>& out) const;
  [[nodiscard]] std::size_t hash(const PythonVertex& vertex) const noexcept {
    return static_cast<std::size_t>(vertex.hash);
  }
  // The Python object behind a vertex (a sum's tuple and its parts), for the
  // LoopySolver's memory bound.
  [[nodiscard]] std::size_t owned_bytes(const PythonVertex& vertex) const noexcept {
    return key_size(vertex.object.ptr());
  }

 private:
  PythonGame* game_;
};

class PythonGame : public std::enable_shared_from_this<PythonGame> {
 public:
  // `dense`: the ints 0..dense are kept in an array (python_rule_table.hpp).
  PythonGame(pybind11::object moves, std::string name, std::size_t memory_bytes,
             SolverChoice solver = SolverChoice::automatic, std::optional<std::uint64_t> dense = std::nullopt);
  ~PythonGame();
  PythonGame(const PythonGame&) = delete;
  PythonGame& operator=(const PythonGame&) = delete;

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] const pybind11::object& moves() const noexcept { return moves_; }
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return memory_bytes_; }
  [[nodiscard]] std::optional<std::uint64_t> dense() const noexcept { return dense_; }
  // One past the largest int kept in the array (0: none).
  [[nodiscard]] std::size_t dense_end() const noexcept {
    return dense_ ? static_cast<std::size_t>(*dense_) + 1 : 0;
  }

  // The value of a position, or of a sum (a list) of them: a nimber, or ∞(K)
  // in a game with cycles.
  [[nodiscard]] Value value(pybind11::handle position, Context& context);
  // The counter of a finite value in a game with cycles (the reversal rule,
  // capabilities.hpp); nullopt otherwise.
  [[nodiscard]] std::optional<std::uint64_t> counter(pybind11::handle position, Context& context);
  // g(0), g(1), …, g(upto) of integer positions (InputError at a value ∞).
  [[nodiscard]] std::vector<Nimber> values_upto(std::uint64_t upto, Context& context);
  // True once the game is valued as a game with cycles.
  [[nodiscard]] bool loopy() const noexcept { return use_loopy_; }
  [[nodiscard]] SolverChoice solver() const noexcept { return choice_; }

  // The options of a position as moves() lists them (a list of options; each
  // option a position or a list). Remembered for the few positions asked about
  // most recently (and the last position valued), so that asking a position for
  // its value, then its options, calls moves() on it once.
  [[nodiscard]] pybind11::list options(pybind11::handle position);

  // The parts of a position or sum: [position] or the flattened list.
  [[nodiscard]] std::vector<pybind11::object> parts(pybind11::handle position_or_sum) const;

  // repr(position), shortened for messages.
  [[nodiscard]] static std::string describe(pybind11::handle position, std::size_t limit = 200);

  [[nodiscard]] std::size_t stored_positions() const noexcept { return solver_->stored_positions(); }
  [[nodiscard]] std::size_t table_bytes() const noexcept { return solver_->table_bytes(); }
  // Forgets every stored value (not during a search).
  void clear();
  // The stored values as a dict (a copy).
  [[nodiscard]] pybind11::dict stored_values() const;

  // Raises grundy.GameError naming `position` (the current Python error, if
  // any, becomes its __cause__).
  [[noreturn]] void raise_game_error(const std::string& message, pybind11::handle position) const;
  // The hash of a position given to or by this game; GameError naming `source`
  // (whose moves listed it) when it is not hashable.
  [[nodiscard]] Py_hash_t hash_of(pybind11::handle position, pybind11::handle source) const;

 private:
  using RuleSolver = Solver<PythonRule, PythonRuleTable>;
  // Holds the game's search for one thread; refuses re-entry from moves().
  class SearchLock;
  // Thrown by PythonRule::cycle_found at a cycle, when the game may go loopy.
  struct FoundCycle {};
  friend class PythonGraph;
  friend class PythonRule;

  // The normal-play value (throws FoundCycle, unless the choice is normal play);
  // with `remember`, the options of `position` are kept for options().
  Nimber normal_play_value(const RulePosition& position, Context& context, bool remember);
  // A new solver with the game's bound (at construction and clear()).
  void make_solver();
  // The solver's LimitError as the user gave the bound: memory=N bytes.
  [[noreturn]] void raise_limit() const;
  // The vertex of a position or sum for the LoopySolver.
  PythonVertex vertex_of(std::vector<pybind11::object> parts) const;
  LoopySolver<PythonGraph>& loopy_solver();

  // Calls moves(position): the options as a list or tuple (GameError naming the
  // position when it raises or returns something that is not iterable).
  [[nodiscard]] pybind11::object call_moves(PyObject* position) const;
  void remember_options(pybind11::handle position, Py_hash_t hash, pybind11::list options);

  pybind11::object moves_;
  std::string name_;
  std::size_t memory_bytes_;
  SolverChoice choice_;
  bool use_loopy_;
  std::optional<std::uint64_t> dense_;
  PythonRule rule_{*this};
  std::unique_ptr<RuleSolver> solver_;
  PythonGraph graph_{*this};
  std::unique_ptr<LoopySolver<PythonGraph>> loopy_;  // made at the first cycle

  // The collector's pace while a search holds the game (SearchLock), counting
  // the calls of moves().
  CollectorPace* pace_ = nullptr;

  // The root of the current search, whose options are kept for options().
  PyObject* root_ = nullptr;

  struct RememberedOptions {
    pybind11::object position;
    Py_hash_t hash;
    pybind11::list options;
  };
  std::vector<RememberedOptions> remembered_;  // most recent last

  std::mutex search_mutex_;
  std::thread::id searching_thread_;  // read and written with the GIL held
};

using PythonGamePtr = std::shared_ptr<PythonGame>;

}  // namespace grundy::python
