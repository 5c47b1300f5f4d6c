#include "grundy/game_graph/game_graph.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <limits>
#include <sstream>

#include "grundy/core/hash.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/core/input_file.hpp"

namespace grundy {
namespace {

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
}

// Vertex indices are 32-bit to halve the edge array; 4·10^9 vertices would not fit
// in memory anyway.
constexpr std::size_t kMaxVertices = std::numeric_limits<GameGraph::Vertex>::max() - 1;

}  // namespace

std::uint32_t GameGraph::hash_name(std::string_view name) noexcept {
  // FNV-1a, then the library's one finalizer (hash.hpp) so that the low bits
  // (the slot) mix.
  std::uint64_t h = 14695981039346656037ULL;
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return static_cast<std::uint32_t>(mix_hash(h));
}

std::optional<GameGraph::Vertex> GameGraph::lookup(std::string_view name, std::uint32_t hash) const {
  if (slots_.empty()) return std::nullopt;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const std::uint64_t slot = slots_[i];
    if (slot == 0) return std::nullopt;
    if (static_cast<std::uint32_t>(slot >> 32) == hash) {
      const auto v = static_cast<Vertex>((slot & 0xffffffffu) - 1);
      if (names_[v] == name) return v;
    }
  }
}

void GameGraph::add_to_index(Vertex v, std::uint32_t hash) {
  // Load at most 1/2: probes stay short. Growing re-places the slots by their
  // stored hashes, without hashing a name again.
  if (2 * (static_cast<std::size_t>(v) + 1) > slots_.size()) {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(std::max<std::size_t>(16, 2 * old.size()), 0);
    const std::size_t mask = slots_.size() - 1;
    for (std::uint64_t slot : old) {
      if (slot == 0) continue;
      std::size_t i = (slot >> 32) & mask;
      while (slots_[i] != 0) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = hash & mask;
  while (slots_[i] != 0) i = (i + 1) & mask;
  slots_[i] = (std::uint64_t{hash} << 32) | (std::uint64_t{v} + 1);
}

GameGraph GameGraph::parse(std::istream& in, const std::string& file) {
  GameGraph graph;
  graph.source_ = file;
  // Each vertex's successors are written on its one defining line: they are
  // kept in one array in file order, and each vertex remembers its stretch.
  std::vector<Vertex> listed;
  std::vector<std::uint64_t> row_start;  // into `listed`
  std::vector<std::uint32_t> row_size;
  std::vector<std::size_t> defined_at;   // line; 0 = not defined (yet)

  auto vertex_of = [&](std::string_view name, std::size_t line, std::size_t column) -> Vertex {
    const std::uint32_t hash = hash_name(name);
    if (const auto found = graph.lookup(name, hash)) return *found;
    if (graph.names_.size() >= kMaxVertices) {
      throw InputError("too many vertices (at most " + std::to_string(kMaxVertices) + ")",
                       SourceLocation{file, line, column});
    }
    const auto v = static_cast<Vertex>(graph.names_.size());
    graph.names_.emplace_back(name);
    graph.add_to_index(v, hash);
    row_start.push_back(0);
    row_size.push_back(0);
    defined_at.push_back(0);
    return v;
  };

  std::string line;
  std::size_t line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::size_t pos = 0;
    auto skip_space = [&] {
      while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
    };
    // The name at pos (`what`: "vertex" or "successor"), refused where there is none.
    auto read_name = [&](const char* what) -> std::string_view {
      const std::size_t start = pos;
      while (pos < line.size() && is_name_char(line[pos])) ++pos;
      if (pos == start) {
        throw InputError(std::string("expected a ") + what + " name, found '" + line[pos] + "'",
                         SourceLocation{file, line_number, pos + 1});
      }
      return std::string_view(line).substr(start, pos - start);
    };
    skip_space();
    if (pos == line.size() || line[pos] == '#') continue;
    const std::size_t name_column = pos + 1;
    const std::string_view name = read_name("vertex");
    const Vertex v = vertex_of(name, line_number, name_column);
    if (defined_at[v] != 0) {
      throw InputError("vertex '" + std::string(name) + "' is defined twice (first on line " +
                           std::to_string(defined_at[v]) + ")",
                       SourceLocation{file, line_number, name_column});
    }
    defined_at[v] = line_number;
    row_start[v] = listed.size();
    skip_space();
    if (pos == line.size() || line[pos] == '#') continue;
    if (line[pos] != ':') {
      throw InputError(std::string("expected ':' after the vertex name, found '") + line[pos] + "'",
                       SourceLocation{file, line_number, pos + 1});
    }
    ++pos;
    while (true) {
      skip_space();
      if (pos == line.size() || line[pos] == '#') break;
      const std::size_t column = pos + 1;
      const std::string_view successor = read_name("successor");
      listed.push_back(vertex_of(successor, line_number, column));
      ++row_size[v];
      if (pos < line.size() && line[pos] == ',') ++pos;  // commas between successors are allowed
    }
  }
  if (in.bad()) throw InputError("cannot read the graph file", SourceLocation{file});
  if (graph.names_.empty()) throw InputError("the graph file has no vertices", SourceLocation{file});

  graph.offsets_.assign(graph.names_.size() + 1, 0);
  for (std::size_t v = 0; v < row_size.size(); ++v) graph.offsets_[v + 1] = graph.offsets_[v] + row_size[v];
  graph.targets_.reserve(graph.offsets_.back());
  for (std::size_t v = 0; v < row_size.size(); ++v) {
    const auto first = listed.begin() + static_cast<std::ptrdiff_t>(row_start[v]);
    graph.targets_.insert(graph.targets_.end(), first, first + row_size[v]);
  }
  return graph;
}

GameGraph GameGraph::load(const std::string& path, const std::function<void()>& poll) {
  // Bounded: an endless file (/dev/zero) is refused, not read into all the memory.
  std::istringstream in(read_input_file(path, "graph file", poll));
  return parse(in, path);
}

GameGraph GameGraph::from_edges(std::size_t vertex_count, const std::vector<std::pair<Vertex, Vertex>>& edges) {
  if (vertex_count > kMaxVertices) throw InputError("too many vertices");
  GameGraph graph;
  graph.source_ = "<edges>";
  graph.names_.reserve(vertex_count);
  for (std::size_t v = 0; v < vertex_count; ++v) {
    graph.names_.push_back(std::to_string(v));
    graph.add_to_index(static_cast<Vertex>(v), hash_name(graph.names_.back()));
  }
  graph.offsets_.assign(vertex_count + 1, 0);
  for (const auto& [from, to] : edges) {
    if (from >= vertex_count || to >= vertex_count) throw InputError("edge to a vertex that does not exist");
    ++graph.offsets_[from + 1];
  }
  for (std::size_t v = 0; v < vertex_count; ++v) graph.offsets_[v + 1] += graph.offsets_[v];
  graph.targets_.resize(edges.size());
  std::vector<std::uint64_t> fill(graph.offsets_.begin(), graph.offsets_.end() - 1);
  for (const auto& [from, to] : edges) graph.targets_[fill[from]++] = to;
  return graph;
}

std::optional<GameGraph::Vertex> GameGraph::find(std::string_view name) const {
  return lookup(name, hash_name(name));
}

std::vector<Nimber> GameGraph::all_values() const {
  const std::size_t n = size();
  // Predecessor lists (reverse CSR).
  std::vector<std::uint64_t> in_offsets(n + 1, 0);
  for (Vertex t : targets_) ++in_offsets[t + 1];
  for (std::size_t v = 0; v < n; ++v) in_offsets[v + 1] += in_offsets[v];
  std::vector<Vertex> predecessors(targets_.size());
  {
    std::vector<std::uint64_t> fill(in_offsets.begin(), in_offsets.end() - 1);
    for (std::size_t v = 0; v < n; ++v)
      for (Vertex t : successors(static_cast<Vertex>(v))) predecessors[fill[t]++] = static_cast<Vertex>(v);
  }
  std::vector<std::uint64_t> unresolved(n);
  std::vector<Vertex> ready;
  for (std::size_t v = 0; v < n; ++v) {
    unresolved[v] = offsets_[v + 1] - offsets_[v];
    if (unresolved[v] == 0) ready.push_back(static_cast<Vertex>(v));
  }
  std::vector<Nimber> values(n, 0);
  std::size_t resolved = 0;
  MexSet mex;
  while (!ready.empty()) {
    const Vertex v = ready.back();
    ready.pop_back();
    mex.clear();
    for (Vertex w : successors(v)) mex.insert(values[w]);
    values[v] = mex.mex();
    ++resolved;
    for (std::uint64_t i = in_offsets[v]; i < in_offsets[v + 1]; ++i) {
      const Vertex u = predecessors[i];
      if (--unresolved[u] == 0) ready.push_back(u);
    }
  }
  if (resolved == n) return values;

  // Every unresolved vertex has an unresolved successor, so walking those edges
  // must revisit a vertex: that walk contains a cycle.
  std::vector<std::size_t> seen_at(n, std::numeric_limits<std::size_t>::max());
  std::vector<Vertex> walk;
  Vertex v = 0;
  while (unresolved[v] == 0) ++v;
  while (seen_at[v] == std::numeric_limits<std::size_t>::max()) {
    seen_at[v] = walk.size();
    walk.push_back(v);
    for (Vertex w : successors(v)) {
      if (unresolved[w] != 0) {
        v = w;
        break;
      }
    }
  }
  std::vector<std::string> cycle;
  std::string path;
  for (std::size_t i = seen_at[v]; i < walk.size(); ++i) {
    cycle.push_back(names_[walk[i]]);
    path += names_[walk[i]] + " -> ";
  }
  cycle.push_back(names_[v]);
  path += names_[v];
  throw CycleError("the graph has a cycle, so its vertices have no Sprague-Grundy values: " + path, std::move(cycle),
                   SourceLocation{source_});
}

}  // namespace grundy
