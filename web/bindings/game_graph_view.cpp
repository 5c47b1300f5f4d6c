#include "game_graph_view.hpp"

#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/analysis.hpp"
#include "grundy/input_error.hpp"

namespace grundy::web {

nlohmann::json game_graph_view(const Position& root, Context& context, std::size_t limit, std::size_t edge_limit) {
  std::vector<Position> nodes{root};
  std::unordered_map<std::string, std::size_t> index{{root.text(), 0}};
  std::set<std::pair<std::size_t, std::size_t>> seen_edges;
  nlohmann::json edges = nlohmann::json::array();
  bool complete = true;
  for (std::size_t at = 0; at < nodes.size() && complete; ++at) {
    const Position from = nodes[at];
    for_each_move(from, context, [&](Move&& move) {
      Position after = move.after();
      std::string text = after.text();
      auto [it, added] = index.emplace(std::move(text), nodes.size());
      if (added) {
        if (nodes.size() == limit) {
          complete = false;
          return false;
        }
        nodes.push_back(std::move(after));
      }
      if (seen_edges.emplace(at, it->second).second) {
        if (seen_edges.size() > edge_limit) {
          complete = false;
          return false;
        }
        edges.push_back({at, it->second, move.action});
      }
      return true;
    });
  }
  if (!complete) return {{"complete", false}, {"limit", limit}};
  nlohmann::json listed = nlohmann::json::array();
  for (const Position& p : nodes) {
    nlohmann::json value;  // null: beyond what can be computed exactly (a LimitError), which the page says
    try {
      value = value_json(p.value(context));
    } catch (const LimitError&) {
    }
    listed.push_back({{"text", p.text()}, {"value", std::move(value)}});
  }
  return {{"complete", true}, {"nodes", std::move(listed)}, {"edges", std::move(edges)}};
}

}  // namespace grundy::web
