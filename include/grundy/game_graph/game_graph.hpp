// An explicit game graph: the textbook view of a game as a finite directed graph,
// each vertex a position and each edge a move. Read from a text file
// (docs/graph-format.md):
//
//   # comment
//   start: a b      vertex "start" with moves to a and b
//   a: end
//   b: a end
//   end             a vertex with no moves (also implied by being named)
//
// It is both a model of ImpartialGame (for the generic solver) and has its own
// linear-time evaluator (all_values) — the two are held equal by tests.
#pragma once

#include <cstddef>
#include <functional>
#include <cstdint>
#include <istream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy {

class GameGraph {
 public:
  using Vertex = std::uint32_t;
  using Position = Vertex;  // ImpartialGame

  // Reads the text format; `file` names the source in error messages.
  // Throws InputError with file:line:column.
  [[nodiscard]] static GameGraph parse(std::istream& in, const std::string& file);
  // Reads at most kInputLimit bytes (input_file.hpp), calling `poll` between chunks.
  [[nodiscard]] static GameGraph load(const std::string& path, const std::function<void()>& poll = {});

  // Builds a graph from edges directly (tests, benchmarks). Vertex i is named "i".
  [[nodiscard]] static GameGraph from_edges(std::size_t vertex_count,
                                            const std::vector<std::pair<Vertex, Vertex>>& edges);

  [[nodiscard]] std::size_t size() const noexcept { return names_.size(); }
  [[nodiscard]] std::size_t edge_count() const noexcept { return targets_.size(); }
  [[nodiscard]] const std::string& name(Vertex v) const { return names_[v]; }
  [[nodiscard]] std::optional<Vertex> find(std::string_view name) const;
  [[nodiscard]] std::span<const Vertex> successors(Vertex v) const {
    return {targets_.data() + offsets_[v], targets_.data() + offsets_[v + 1]};
  }
  [[nodiscard]] const std::string& source() const noexcept { return source_; }
  // The compressed rows themselves: successors(v) is
  // edge_targets()[row_offsets()[v] .. row_offsets()[v + 1]).
  [[nodiscard]] std::span<const std::uint64_t> row_offsets() const noexcept { return offsets_; }
  [[nodiscard]] std::span<const Vertex> edge_targets() const noexcept { return targets_; }

  // g of every vertex, in vertex order, by one pass in reverse topological order
  // (Kahn's algorithm on the reversed edges). Throws CycleError naming a cycle.
  [[nodiscard]] std::vector<Nimber> all_values() const;

  // ImpartialGame model.
  void moves(Vertex v, std::vector<Vertex>& out) const {
    const auto next = successors(v);
    out.insert(out.end(), next.begin(), next.end());
  }
  [[nodiscard]] std::string describe(Vertex v) const { return names_[v]; }

 private:
  // Name -> vertex by open addressing over (32-bit hash, vertex) slots, the
  // names themselves in names_: a lookup touches one slot and one name, where a
  // node-based map chases a heap node per name (parsing 10^6 vertices spends
  // most of its time in these lookups).
  [[nodiscard]] std::optional<Vertex> lookup(std::string_view name, std::uint32_t hash) const;
  void add_to_index(Vertex v, std::uint32_t hash);
  [[nodiscard]] static std::uint32_t hash_name(std::string_view name) noexcept;

  std::vector<std::string> names_;
  std::vector<std::uint64_t> slots_;  // 0 = empty, else hash << 32 | (vertex + 1)
  std::vector<std::uint64_t> offsets_;  // CSR: successors of v are targets_[offsets_[v] .. offsets_[v+1])
  std::vector<Vertex> targets_;
  std::string source_;
};

}  // namespace grundy
