// The graph search of Node Kayles (node_kayles_graph.hpp: components valued
// apart, small ones by full mex, larger ones by outcome questions) as an
// engine of a run, for a game whose positions are vertex sets of a graph
// (game.hpp's vertex_set hook: Node Kayles on a graph of a file or written
// inline). One solver a graph — for a file, found again by its path and
// contents (the web page and `grundy play` read the expression again at every
// request, and a file that changed is a new graph); for a graph written
// inline, by the graph object (each position after a move prints as a new,
// smaller graph, so one read again is rarely the same, and a run that kept
// them all would grow with every request) — polled by the run, all of them in
// one share of the run's memory budget, divided evenly among the graphs alive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy::search {

// A position as the graph search reads it: a vertex set of a graph.
struct VertexSet {
  const std::vector<std::vector<std::uint32_t>>* neighbours;  // the graph: undirected, sorted lists
  std::shared_ptr<const void> graph;                          // the graph object (inline graphs are found by it)
  const std::string* contents_key;                            // a file's graph: found again by it ("" inline)
  const std::vector<std::uint32_t>* vertices;                 // the set, sorted
};

class GraphEngine {
 public:
  static constexpr const char* kName = "graph search";

  explicit GraphEngine(Context& context);
  ~GraphEngine();
  GraphEngine(const GraphEngine&) = delete;
  GraphEngine& operator=(const GraphEngine&) = delete;

  [[nodiscard]] Nimber value(const VertexSet& position);
  // value(position) == target, asked as "is it + *target a P-position?": the
  // outcome search stops at the first winning reply (the winning moves of a
  // position ask this of every option).
  [[nodiscard]] bool has_value(const VertexSet& position, Nimber target);
  // One line on what the run has searched, for progress lines.
  [[nodiscard]] std::string progress() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace grundy::search
