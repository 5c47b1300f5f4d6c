#include "game_graph_view.hpp"

#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/input_error.hpp"

namespace grundy::web {

nlohmann::json game_graph_view(const Position& root, Context& context, std::size_t limit, std::size_t edge_limit,
                               std::size_t depth) {
  std::vector<Position> nodes{root};
  // Moves from the root, the fewest: breadth first, a position is first met at its distance.
  std::vector<std::size_t> distance{0};
  const auto listed = [&](std::size_t at) { return depth == 0 || distance[at] < depth; };
  std::unordered_map<std::string, std::size_t> index{{root.text(), 0}};
  std::set<std::pair<std::size_t, std::size_t>> seen_edges;
  nlohmann::json edges = nlohmann::json::array();
  bool complete = true;
  for (std::size_t at = 0; at < nodes.size() && complete; ++at) {
    if (!listed(at)) continue;
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
        distance.push_back(distance[at] + 1);
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
  nlohmann::json node_list = nlohmann::json::array();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    nlohmann::json value;  // null: beyond what can be computed exactly (a LimitError), which the page says
    try {
      value = value_json(nodes[i].value(context));
    } catch (const LimitError&) {
    }
    nlohmann::json node{{"text", nodes[i].text()}, {"value", std::move(value)}};
    if (!listed(i)) node["listed"] = false;
    node_list.push_back(std::move(node));
  }
  nlohmann::json answer{{"complete", true}, {"nodes", std::move(node_list)}, {"edges", std::move(edges)}};
  if (depth != 0) answer["depth"] = depth;
  return answer;
}

}  // namespace grundy::web
