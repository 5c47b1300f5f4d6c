// The one way a search that outlives a call (a run's solver, a placement
// solver, a graph solver) is given the poll of that call's Context: the hook
// is set for the call and taken back when it ends, however it ends (a return,
// Cancelled, any error), so that a search never calls into a Context that has
// ended.
//
//   const PollScope polling(solver, [&context] { context.poll(); });
//   return solver.value(p);
#pragma once

#include <functional>
#include <utility>

namespace grundy {

template <class Search>
class PollScope {
 public:
  PollScope(Search& search, std::function<void()> poll) : search_(search) { search_.set_poll(std::move(poll)); }
  ~PollScope() { search_.set_poll({}); }
  PollScope(const PollScope&) = delete;
  PollScope& operator=(const PollScope&) = delete;

 private:
  Search& search_;
};

}  // namespace grundy
