// The game graph of a small position, for the page to draw: every position
// reachable from it (by for_each_move, deduplicated by their printed text, which
// is canonical), its value, and its options — the picture the tutorials draw
// by hand, with each position's value the mex of its options' values.
#pragma once

#include <cstddef>

#include <nlohmann/json.hpp>

#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"

namespace grundy::web {

// Fields: "complete" (false when more than `limit` positions or `edge_limit`
// edges are reachable: then nothing else), "nodes" [{"text", "value"}] with the
// root first, "edges" [[from, to, action]] (a move between the same two
// positions once).
//
// `depth` 0: every reachable position. Otherwise only the positions fewer
// than `depth` moves from the root have their options listed; the others are
// listed with their value and "listed": false, and the answer has "depth".
// That is the neighbourhood the page draws around one position of a graph
// too large to list whole.
[[nodiscard]] nlohmann::json game_graph_view(const Position& root, Context& context, std::size_t limit,
                                             std::size_t edge_limit, std::size_t depth = 0);

}  // namespace grundy::web
