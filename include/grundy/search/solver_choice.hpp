// Which solver values a game's positions, and the one place the choice is
// made: the normal-play Solver until it meets a cycle, then the LoopySolver
// (loopy_solver.hpp) from there on — for a C++ game through GameAdapter and a
// Python game alike.
#pragma once

#include "grundy/core/value.hpp"

namespace grundy {

enum class SolverChoice {
  automatic,    // the normal-play Solver; the LoopySolver from the first cycle it finds on
  normal_play,  // the normal-play Solver only: a cycle is an error
  loopy,        // the LoopySolver for every position
};

// The value of one position under `choice`. `normal_play()` returns a nimber
// or throws `Cycle` when the positions below form a cycle; `loopy()` returns
// γ. `use_loopy` is the game's state (a run's): once set, every later question
// goes to the loopy search. Switching changes no answer already given: without
// a cycle below a position, γ = g there.
template <class Cycle, class NormalPlay, class Loopy>
[[nodiscard]] Value value_by_choice(SolverChoice choice, bool& use_loopy, NormalPlay&& normal_play, Loopy&& loopy) {
  if (!use_loopy) {
    try {
      return Value(normal_play());
    } catch (const Cycle&) {
      if (choice == SolverChoice::normal_play) throw;
      use_loopy = true;
    }
  }
  return loopy();
}

}  // namespace grundy
