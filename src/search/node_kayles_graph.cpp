#include "search/node_kayles_graph.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <string>
#include <utility>

#include "grundy/core/context.hpp"
#include "grundy/core/heap_sequence.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/search/bits.hpp"
#include "grundy/search/outcome_search.hpp"
#include "search/regions/region.hpp"
#include "search/regions/region_table.hpp"

namespace grundy::node_kayles {

// The solver behind GraphSolver, one per bitset width.
class EngineBase {
 public:
  virtual ~EngineBase() = default;
  [[nodiscard]] virtual std::size_t vertex_count() const = 0;
  [[nodiscard]] virtual Nimber value(const std::vector<std::uint32_t>& vertices) = 0;
  [[nodiscard]] virtual bool has_value(const std::vector<std::uint32_t>& vertices, Nimber target) = 0;
  virtual void set_poll(std::function<void()> hook) = 0;
  virtual void set_memory_limit(std::size_t bytes) = 0;
  virtual void set_exact_vertices(std::size_t vertices) = 0;
  [[nodiscard]] virtual std::size_t stored() const = 0;
  [[nodiscard]] virtual std::size_t bytes() const = 0;
  [[nodiscard]] virtual std::size_t flushes() const = 0;
  [[nodiscard]] virtual std::size_t searched() const = 0;
};

namespace {

// A vertex subset of the fixed graph: the placement family's bitset (one
// bitset type for its boards and for graphs).
template <std::size_t W>
using Bits = placement::Bits<W>;

// A vertex set as the placement region table's key: a region of the family
// whose box is 0 by 0 (the table keeps the box in its meta word; a graph has
// none).
template <std::size_t W>
using VertexSet = placement::detail::Region<W>;

// The remembered components: the placement family's region table twice, as
// Engine<N> keeps them (region_table.hpp: a slot's tag byte beside the
// entries, so a miss reads no entry): a component's value, and the heaps n <
// 64 for which component + *n is known to be a first-player win. Past the
// memory bound, a table whose growth (old and new slots at once) would pass it
// is emptied instead (a flush); answers on the recursion stack live in its
// frames, so the search stays exact.
template <std::size_t W>
class Table {
 public:
  Table() { restart(); }

  [[nodiscard]] std::optional<Nimber> value(const Bits<W>& c) const {
    const auto v = values_->find(VertexSet<W>{c});
    return v ? std::optional<Nimber>(*v) : std::nullopt;
  }
  // Bit n: component + *n is a first-player win (0 when nothing is known).
  [[nodiscard]] std::uint64_t wins(const Bits<W>& c) const { return wins_->find(VertexSet<W>{c}).value_or(0); }

  // Values are at most the number of vertices (g <= the number of moves), so 16 bits hold them.
  void remember_value(const Bits<W>& c, Nimber value) {
    make_room(*values_);
    values_->set(VertexSet<W>{c}, static_cast<std::uint16_t>(value));
  }
  void remember_win(const Bits<W>& c, Nimber heap) {
    make_room(*wins_);
    const VertexSet<W> key{c};
    wins_->set(key, wins_->find(key).value_or(0) | (std::uint64_t{1} << heap));
  }

  [[nodiscard]] std::size_t size() const noexcept { return values_->size() + wins_->size(); }
  [[nodiscard]] std::size_t bytes() const noexcept { return values_->memory_bytes() + wins_->memory_bytes(); }
  [[nodiscard]] std::size_t flushes() const noexcept { return flushes_; }

  // Applies a new bound (0 = none): tables already beyond it restart empty.
  void set_limit(std::size_t bytes) {
    limit_ = bytes;
    if (limit_ != 0 && this->bytes() > limit_) {
      restart();
      ++flushes_;
    }
  }

 private:
  using ValueTable = placement::detail::RegionTable<VertexSet<W>, std::uint16_t>;
  using WinTable = placement::detail::RegionTable<VertexSet<W>, std::uint64_t>;
  // Small enough that both fit the smallest bound (kMinimumMemoryBytes) at
  // four words a key; a graph whose components are all paths, cycles or
  // cliques never fills them.
  static constexpr std::size_t kInitialSlots = 256;

  void restart() {
    values_ = std::make_unique<ValueTable>(kInitialSlots);
    wins_ = std::make_unique<WinTable>(kInitialSlots);
  }

  // RegionTable::set grows at a load of 3/4, holding the old slots and twice
  // as many at once: past the bound, the table is emptied instead.
  template <class T>
  void make_room(T& table) {
    if (limit_ == 0 || (table.size() + 1) * 4 <= table.capacity() * 3) return;
    if (bytes() + 2 * table.memory_bytes() > limit_) {
      table.clear();
      ++flushes_;
    }
  }

  std::unique_ptr<ValueTable> values_;
  std::unique_ptr<WinTable> wins_;
  std::size_t limit_ = 0;
  std::size_t flushes_ = 0;
};

// Node Kayles on the path P_n is the octal game 0.137 (Dawson's chess): choosing
// vertex i of 0..n-1 removes i-1, i, i+1 and leaves paths of max(0, i-1) and
// max(0, n-i-2) vertices. Computed here from that recursion for n <= count, by
// the one heap-sequence loop (heap_sequence.hpp); the tests hold it against
// OEIS A002187. An engine is made from a graph alone, before any run's Context
// reaches it, so the loop has a Context of its own that nothing stops: its
// work is count^2 / 2 options, count the graph's vertices (at most 256, the
// widest vertex set).
std::vector<Nimber> path_values(std::size_t count) {
  std::vector<Nimber> g{0};
  Context unpolled;
  extend_heap_sequence(g, count, Play::normal, unpolled, [&](std::uint64_t n, auto&& option) {
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t left = i >= 1 ? i - 1 : 0;
      const std::uint64_t right = n >= i + 2 ? n - i - 2 : 0;
      option(g[left] ^ g[right]);
    }
  });
  return g;
}

template <std::size_t W>
class Engine final : public EngineBase {
 public:
  using Set = Bits<W>;

  explicit Engine(const std::vector<std::vector<std::uint32_t>>& adjacency)
      : n_(adjacency.size()), paths_(path_values(adjacency.size())) {
    nbr_.resize(n_);
    closed_.resize(n_);
    for (std::size_t v = 0; v < n_; ++v) {
      for (std::uint32_t u : adjacency[v]) nbr_[v].set(u);
      closed_[v] = nbr_[v];
      closed_[v].set(v);
    }
    // C_n, n >= 3: every move removes 3 vertices and leaves P_{n-3}.
    cycles_.assign(n_ + 1, 0);
    for (std::size_t c = 3; c <= n_; ++c) cycles_[c] = paths_[c - 3] == 0 ? 1 : 0;
  }

  [[nodiscard]] std::size_t vertex_count() const override { return n_; }

  Nimber value(const std::vector<std::uint32_t>& vertices) override {
    const Set s = to_set(vertices);
    Nimber total = 0;
    for_each_part(s, [&](const Set& part, int size) { total ^= component_value(part, size); });
    return total;
  }

  bool has_value(const std::vector<std::uint32_t>& vertices, Nimber target) override {
    const Set s = to_set(vertices);
    // Every component but the largest valued exactly and folded into the heap;
    // the largest asked "is it + *heap a P-position?".
    std::vector<std::pair<Set, int>> parts;
    for_each_part(s, [&](const Set& part, int size) { parts.emplace_back(part, size); });
    if (parts.empty()) return target == 0;
    std::size_t largest = 0;
    for (std::size_t i = 1; i < parts.size(); ++i)
      if (parts[i].second > parts[largest].second) largest = i;
    Nimber heap = target;
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (i != largest) heap ^= component_value(parts[i].first, parts[i].second);
    return !wins(parts[largest].first, parts[largest].second, heap);
  }

  void set_poll(std::function<void()> hook) override { poll_ = std::move(hook); }
  void set_memory_limit(std::size_t bytes) override { table_.set_limit(bytes); }
  void set_exact_vertices(std::size_t vertices) override {
    exact_ = static_cast<int>(std::min(vertices, kMaxVertices));
  }
  [[nodiscard]] std::size_t stored() const override { return table_.size(); }
  [[nodiscard]] std::size_t bytes() const override { return table_.bytes(); }
  [[nodiscard]] std::size_t flushes() const override { return table_.flushes(); }
  [[nodiscard]] std::size_t searched() const override { return searched_; }

 private:
  [[nodiscard]] Set to_set(const std::vector<std::uint32_t>& vertices) const {
    Set s;
    for (std::uint32_t v : vertices) {
      if (v >= n_) {
        throw InputError("Node Kayles: vertex " + std::to_string(v) + " is not in the graph (vertices 0.." +
                         std::to_string(n_ == 0 ? 0 : n_ - 1) + ")");
      }
      s.set(v);
    }
    return s;
  }

  // f(component, its size) for each connected component of s, by flood fill
  // from its lowest vertex, one layer of neighbours at a time.
  //
  // Components are not reduced by closed twins (adjacent u, v with N[u] = N[v]
  // in the component; the placement engine drops one of each pair on king
  // boards, region_reductions.hpp). Here twins always leave together, so the
  // positions reached are no fewer; only a twin's duplicate move is saved.
  // Measured 2026-11-26 with the reduction applied to every component made
  // here (grundy value 'nodekayles(@FILE)' --max-moves 0, user CPU s, before
  // / with it): grid graphs 7x7 0.36 / 0.61 and 8x6 0.33 / 0.53, random
  // graphs of 40, 44 and 50 vertices 0.13 / 0.20, 0.33 / 0.54, 0.60 / 0.96;
  // king graphs 7x6 and 7x7 and graphs with every vertex doubled (a 5x5 grid,
  // cycles of 20 and 30) 0.04 s or less either way. So it is left out.
  template <class F>
  void for_each_part(Set s, F&& f) const {
    while (s.any()) {
      Set part;
      part.set(s.lowest());
      Set frontier = part;
      int size = 1;
      while (true) {
        Set grown;
        frontier.for_each([&](std::size_t u) { grown |= nbr_[u]; });
        grown = (grown & s).minus(part);
        if (!grown.any()) break;
        size += grown.count();
        part |= grown;
        frontier = grown;
      }
      s = s.minus(part);
      f(part, size);
    }
  }

  // The value of a component when it costs no search: one or two vertices, a
  // remembered value, a clique, a path or a cycle.
  [[nodiscard]] std::optional<Nimber> quick(const Set& c, int size) const {
    if (size <= 2) return 1;
    if (const auto v = table_.value(c)) return *v;
    // Degrees capped at 3, without counting bits: x & (x - 1) drops one bit.
    bool all_two = true;    // every degree exactly 2
    bool at_most_two = true;
    bool clique = true;
    c.for_each([&](std::size_t v) {
      const Set x = nbr_[v] & c;
      const Set y = x.drop_lowest();
      const Set z = y.drop_lowest();
      if (z.any()) at_most_two = false;
      if (!y.any()) all_two = false;
      if (c.minus(closed_[v]).any()) clique = false;
    });
    // Connected with every degree <= 2: a cycle when all are 2, else a path.
    if (at_most_two) return all_two ? cycles_[static_cast<std::size_t>(size)] : paths_[static_cast<std::size_t>(size)];
    if (clique) return 1;  // every move empties it
    return std::nullopt;
  }

  Nimber component_value(const Set& c, int size) {
    if (const auto v = quick(c, size)) return *v;
    if (size <= exact_) return mex_value(c);
    // Lemoine-Viennot: g(G) = n exactly when G + *n is a P-position; wins()
    // remembers the value when it finds that P-position.
    return outcome_.value_by_outcomes(c, size);
  }

  // Full mex over the component's moves.
  Nimber mex_value(const Set& c) {
    tick();
    MexSet seen;
    c.for_each([&](std::size_t v) {
      Nimber x = 0;
      for_each_part(c.minus(closed_[v]), [&](const Set& part, int size) { x ^= component_value(part, size); });
      seen.insert(x);
    });
    const Nimber m = seen.mex();
    table_.remember_value(c, m);
    return m;
  }

  // Is G + *heap a first-player win (G a connected component)? Its moves: in
  // G, to (G - N[v]) + *heap, whose components but the largest are valued
  // exactly and folded into the heap, so the question for the opponent is
  // again "one component plus a heap"; and in the heap, to G + *m (m < heap),
  // a P-position exactly when g(G) = m. The engine's checks first (tables,
  // shortcuts, small components by full mex), then the library's one outcome
  // search (grundy/core/outcome_search.hpp).
  bool wins(const Set& c, int size, Nimber heap) {
    if (const auto v = table_.value(c)) return *v != heap;
    if (heap < 64 && ((table_.wins(c) >> heap) & 1U) != 0) return true;
    // g(G) <= the number of its moves = size.
    if (heap > static_cast<Nimber>(size)) return true;
    if (size <= exact_) return component_value(c, size) != heap;
    if (const auto v = quick(c, size)) return *v != heap;
    // Past the mask of remembered wins the heap moves below would ask every
    // m < heap again at each level (exponential): value G by full mex instead.
    if (heap >= 64) return mex_value(c) != heap;
    return outcome_.wins(c, size, heap);
  }

  // The outcome search's questions to this engine.
  friend class OutcomeSearch<Engine>;
  using Part = Set;
  using RawPart = Set;
  void list_moves(const Set& c, ListedMoves<Set>& moves) {
    c.for_each([&](std::size_t v) {
      moves.begin_move();
      for_each_part(c.minus(closed_[v]), [&](const Set& part, int s) { moves.add_part(part, s); });
    });
  }
  static const Set& to_part(const Set&, const Set& raw) { return raw; }
  std::optional<Nimber> known_value(const Set& c, int size) const { return quick(c, size); }
  static std::optional<Nimber> sole_unknown_value(const Set&, int) { return std::nullopt; }
  std::uint64_t win_mask(const Set& c) const { return table_.wins(c); }
  Nimber value(const Set& c, int size) { return component_value(c, size); }
  void remember(const Set& c, Nimber heap) { table_.remember_value(c, heap); }
  void remember_first_player_win(const Set& c, Nimber heap) { table_.remember_win(c, heap); }
  void searching(const Set&, Nimber) {
    ++searched_;
    tick();
  }

  void tick() {
    if (--countdown_ != 0) return;
    countdown_ = GraphSolver::kPollEvery;
    if (poll_) poll_();
  }

  std::size_t n_;
  std::vector<Set> nbr_;     // open neighbourhoods
  std::vector<Set> closed_;  // closed neighbourhoods N[v]
  std::vector<Nimber> paths_;
  std::vector<Nimber> cycles_;
  Table<W> table_;
  int exact_ = static_cast<int>(GraphSolver::kDefaultExactVertices);
  OutcomeSearch<Engine> outcome_{*this};
  std::size_t searched_ = 0;
  std::function<void()> poll_;
  std::uint32_t countdown_ = GraphSolver::kPollEvery;
};

}  // namespace

GraphSolver::GraphSolver(std::vector<std::vector<std::uint32_t>> adjacency) {
  const std::size_t n = adjacency.size();
  if (n > kMaxVertices) {
    throw LimitError("Node Kayles: a graph of " + std::to_string(n) + " vertices is beyond the solver's " +
                     std::to_string(kMaxVertices) + " (positions are bitsets of at most 4 words)");
  }
  for (std::size_t v = 0; v < n; ++v) {
    auto& list = adjacency[v];
    for (std::uint32_t u : list) {
      if (u >= n) {
        throw InputError("Node Kayles: vertex " + std::to_string(v) + " lists neighbour " + std::to_string(u) +
                         ", not a vertex (the graph has " + std::to_string(n) + ")");
      }
    }
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    list.erase(std::remove(list.begin(), list.end(), static_cast<std::uint32_t>(v)), list.end());
  }
  for (std::size_t v = 0; v < n; ++v) {
    for (std::uint32_t u : adjacency[v]) {
      if (!std::binary_search(adjacency[u].begin(), adjacency[u].end(), static_cast<std::uint32_t>(v))) {
        throw InputError("Node Kayles: edge " + std::to_string(v) + "-" + std::to_string(u) + " is listed at " +
                         std::to_string(v) + " but not at " + std::to_string(u) + " (the graph must be undirected)");
      }
    }
  }
  if (n <= 64) {
    engine_ = std::make_unique<Engine<1>>(adjacency);
  } else if (n <= 128) {
    engine_ = std::make_unique<Engine<2>>(adjacency);
  } else {
    engine_ = std::make_unique<Engine<4>>(adjacency);
  }
}

GraphSolver::~GraphSolver() = default;
GraphSolver::GraphSolver(GraphSolver&&) noexcept = default;
GraphSolver& GraphSolver::operator=(GraphSolver&&) noexcept = default;

std::size_t GraphSolver::vertex_count() const { return engine_->vertex_count(); }
Nimber GraphSolver::value(const std::vector<std::uint32_t>& vertices) { return engine_->value(vertices); }
bool GraphSolver::has_value(const std::vector<std::uint32_t>& vertices, Nimber target) {
  return engine_->has_value(vertices, target);
}
void GraphSolver::set_poll(std::function<void()> hook) { engine_->set_poll(std::move(hook)); }
void GraphSolver::set_memory_limit(std::size_t bytes) {
  if (bytes != 0 && bytes < kMinimumMemoryBytes) {
    throw LimitError("Node Kayles: a memory limit of " + std::to_string(bytes) + " bytes is below the minimum " +
                     std::to_string(kMinimumMemoryBytes));
  }
  memory_limit_ = bytes;
  engine_->set_memory_limit(bytes);
}
void GraphSolver::set_exact_vertices(std::size_t vertices) { engine_->set_exact_vertices(vertices); }
std::size_t GraphSolver::stored_positions() const { return engine_->stored(); }
std::size_t GraphSolver::table_bytes() const { return engine_->bytes(); }
std::size_t GraphSolver::table_flushes() const { return engine_->flushes(); }
std::size_t GraphSolver::searched_sums() const { return engine_->searched(); }

}  // namespace grundy::node_kayles
