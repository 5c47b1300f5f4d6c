#include "grundy/search/graph_engine.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "grundy/core/memory_budget.hpp"
#include "grundy/core/poll_scope.hpp"
#include "search/node_kayles_graph.hpp"

namespace grundy::search {

using node_kayles::GraphSolver;

struct GraphEngine::Impl {
  explicit Impl(Context& c) : context(&c), memory(c.memory_budget()) {}

  Context* context;
  MemoryBudget::Share memory;
  std::map<std::string, std::shared_ptr<GraphSolver>> files;
  std::vector<std::pair<std::weak_ptr<const void>, std::shared_ptr<GraphSolver>>> inline_graphs;

  template <class F>
  void for_each_solver(F&& f) {
    for (const auto& [key, solver] : files) f(*solver);
    for (const auto& [owner, solver] : inline_graphs)
      if (!owner.expired()) f(*solver);
  }

  GraphSolver& solver_of(const VertexSet& position) {
    if (!position.contents_key->empty()) {
      auto& solver = files[*position.contents_key];
      if (!solver) solver = std::make_shared<GraphSolver>(*position.neighbours);
      return *solver;
    }
    for (const auto& [owner, solver] : inline_graphs)
      if (!owner.owner_before(position.graph) && !position.graph.owner_before(owner)) return *solver;
    std::erase_if(inline_graphs, [](const auto& entry) { return entry.first.expired(); });
    inline_graphs.emplace_back(position.graph, std::make_shared<GraphSolver>(*position.neighbours));
    return *inline_graphs.back().second;
  }

  // The share's limit divided evenly among the graphs alive: a part below the
  // solver's minimum gets the minimum (a table that small flushes so often
  // that only tiny graphs would finish).
  void share_memory() {
    const std::size_t limit = memory.limit();
    if (limit == 0) return;
    std::size_t graphs = 0;
    for_each_solver([&](GraphSolver&) { ++graphs; });
    const std::size_t each = std::max(limit / std::max<std::size_t>(graphs, 1), GraphSolver::kMinimumMemoryBytes);
    for_each_solver([&](GraphSolver& solver) {
      if (solver.memory_limit() != each) solver.set_memory_limit(each);
    });
  }

  // Runs a search on the position's solver, polled by the run (progress lines
  // too), and gives what the tables hold back to the budget after.
  template <class F>
  auto searching(const VertexSet& position, F&& search) {
    GraphSolver& solver = solver_of(position);
    share_memory();
    const auto held = memory.hold_at_end([this] {
      std::size_t bytes = 0;
      for_each_solver([&](GraphSolver& s) { bytes += s.table_bytes(); });
      return bytes;
    });
    const PollScope polling(solver, [this] {
      context->poll();
      if (context->progress_due()) {
        context->progress("grundy: " + progress() + ", " + std::to_string(static_cast<long long>(context->seconds())) +
                          " s");
      }
    });
    return search(solver);
  }

  std::string progress() {
    std::size_t stored = 0;
    std::size_t searched = 0;
    for_each_solver([&](GraphSolver& solver) {
      stored += solver.stored_positions();
      searched += solver.searched_sums();
    });
    return "node kayles: " + std::to_string(stored) + " components stored, " + std::to_string(searched) + " searched";
  }
};

GraphEngine::GraphEngine(Context& context) : impl_(std::make_unique<Impl>(context)) {}
GraphEngine::~GraphEngine() = default;

Nimber GraphEngine::value(const VertexSet& position) {
  return impl_->searching(position, [&](GraphSolver& solver) { return solver.value(*position.vertices); });
}

bool GraphEngine::has_value(const VertexSet& position, Nimber target) {
  return impl_->searching(position, [&](GraphSolver& solver) { return solver.has_value(*position.vertices, target); });
}

std::string GraphEngine::progress() const { return impl_->progress(); }

}  // namespace grundy::search
