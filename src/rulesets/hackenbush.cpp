// Green Hackenbush on any graph with a ground (Winning Ways, ch. 7).
//
//   hackenbush(0-1,1-2,2-0,1-3)   edges u-v between vertex names; the ground is
//                                 the vertex 0; a repeated edge is a second
//                                 edge, v-v a loop
//   hackenbush(@FILE)             the same, one edge a line (docs/graph-format.md)
//
// A move cuts one edge; every edge no longer connected to the ground falls
// with it. Whoever cannot move (no edge left) loses.
//
// Values in linear time by two theorems (Winning Ways, ch. 7; Berlekamp,
// Conway and Guy 1982; Albert, Nowakowski and Wolfe, Lessons in Play, §7.5):
//  - the fusion principle: the vertices on any cycle may be fused into one
//    vertex without changing the value; the cycle's edges become loops. Fused
//    again and again, each 2-edge-connected part (the vertices joined by edges
//    that lie on cycles, the ground among them when it lies on one) becomes one
//    vertex carrying each of its edges as a loop, and what is left is a tree
//    whose edges are the bridges;
//  - the colon principle: a graph hanging from a vertex may be replaced by a
//    stalk of its value. A loop is a stalk of one edge (*1), and a branch, an
//    edge with a graph of value g on top of it, is worth g + 1 (ordinary plus).
//    So a fused vertex is worth the nim-sum of (its loops mod 2) and
//    (g + 1) over the branches above it, and the ground's vertex is the value.
// Bridges by Tarjan's low-link on the edges (a repeated edge is a cycle of
// two), both walks iterative: a stalk of 10^6 edges needs no call stack.
// tests/hackenbush_test.cpp holds this to the definition (positions are edge
// sets, memoised mex) on random graphs with cycles, loops and repeated edges.
//
// The winning moves (moves_to_value) without valuing every option from
// scratch: the value each part above the ground would need is pushed down the
// tree once; cutting a bridge is then decided at once, and an edge on a cycle
// by valuing its 2-edge-connected part without it (its branches stay as
// stalks): O(edges · size of the part).
//
// A position is the graph itself (the ruleset's one game object is the same for
// every term, so a run shares one table), vertices renumbered the ground first
// and the rest in order of first appearance, edges kept in the order written:
// printing gives the edges in that order, and reading them back numbers the
// vertices the same way. A whole file prints as the file.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/capabilities.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/terms/graph_term.hpp"
#include "grundy/core/hash.hpp"
#include "grundy/core/input_error.hpp"
#include "rulesets/builtin_specs.hpp"

namespace grundy {
namespace {

using Vertex = std::uint32_t;
constexpr Vertex kGround = 0;  // the vertex named "0", first in every position
const char* const kGroundName = "0";

struct Edge {
  Vertex u = 0;
  Vertex v = 0;
  bool operator==(const Edge&) const = default;
};

// The sticks still standing, every one connected to the ground.
struct Picture {
  std::vector<std::string> names;  // names[0] is the ground, "0"
  std::vector<Edge> edges;         // in the order written
  std::string path;                // printing only: the file this whole picture is; empty: inline
  std::size_t hash = 0;
};


// A picture with its vertices renumbered: the ground first, then in order of
// first appearance in `edges` (given as pairs of names by index into `names`).
std::shared_ptr<const Picture> make_picture(const std::vector<std::string>& names, const std::vector<Edge>& edges,
                                            Vertex ground, std::string path = {}) {
  auto picture = std::make_shared<Picture>();
  std::vector<Vertex> renumbered(names.size(), UINT32_MAX);
  renumbered[ground] = kGround;
  picture->names.push_back(kGroundName);
  picture->edges.reserve(edges.size());
  auto number = [&](Vertex v) {
    if (renumbered[v] == UINT32_MAX) {
      renumbered[v] = static_cast<Vertex>(picture->names.size());
      picture->names.push_back(names[v]);
    }
    return renumbered[v];
  };
  std::uint64_t h = edges.size();
  for (const Edge& e : edges) {
    const Edge n{number(e.u), number(e.v)};
    picture->edges.push_back(n);
    h = mix_hash(h ^ ((std::uint64_t{n.u} << 32) | n.v));
  }
  for (const std::string& name : picture->names) h = mix_hash(h ^ std::hash<std::string>{}(name));
  picture->hash = static_cast<std::size_t>(h);
  picture->path = std::move(path);
  return picture;
}

// Edges by vertex (each edge under both ends once; a loop once).
struct Incidence {
  std::vector<std::size_t> start;  // edges of v: at[start[v] .. start[v + 1])
  std::vector<std::size_t> at;     // edge indices

  Incidence(std::size_t vertices, const std::vector<Edge>& edges) : start(vertices + 1, 0) {
    for (const Edge& e : edges) {
      ++start[e.u + 1];
      if (e.v != e.u) ++start[e.v + 1];
    }
    for (std::size_t v = 0; v < vertices; ++v) start[v + 1] += start[v];
    at.resize(start[vertices]);
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < edges.size(); ++i) {
      at[fill[edges[i].u]++] = i;
      if (edges[i].v != edges[i].u) at[fill[edges[i].v]++] = i;
    }
  }
};

Vertex other_end(const Edge& e, Vertex v) { return e.u == v ? e.v : e.u; }

// Which edges are still connected to `root` when edge `cut` (SIZE_MAX: none) is gone.
std::vector<bool> standing(std::size_t vertices, const std::vector<Edge>& edges, const Incidence& incidence, Vertex root,
                           std::size_t cut) {
  std::vector<bool> reached(vertices, false);
  std::vector<bool> kept(edges.size(), false);
  std::vector<Vertex> stack{root};
  reached[root] = true;
  while (!stack.empty()) {
    const Vertex v = stack.back();
    stack.pop_back();
    for (std::size_t k = incidence.start[v]; k < incidence.start[v + 1]; ++k) {
      const std::size_t i = incidence.at[k];
      if (i == cut) continue;
      kept[i] = true;
      const Vertex w = other_end(edges[i], v);
      if (!reached[w]) {
        reached[w] = true;
        stack.push_back(w);
      }
    }
  }
  return kept;
}

// The fusion and colon principles on a connected graph (every edge reachable
// from `root`), each vertex v carrying an extra stalk of value extra[v] (a
// branch already valued; none: all 0).
struct Fusion {
  std::vector<std::uint32_t> part;        // the 2-edge-connected part of each vertex
  std::vector<bool> bridge;               // per edge
  std::vector<std::uint64_t> loops;       // per part: its edges on cycles, loops after fusion
  std::vector<std::uint32_t> parent;      // per part: the part below it (towards the root); the root's own: itself
  std::vector<std::size_t> parent_edge;   // per part: the bridge to its parent (SIZE_MAX at the root)
  std::vector<Vertex> anchor;             // per part: the vertex its parent bridge reaches (the root's: root)
  std::vector<std::uint32_t> order;       // parts, the root first, each after its parent
  std::vector<Nimber> value;              // per part: its value with everything above it
  std::vector<std::uint32_t> size;        // per part: its vertices

  Fusion(std::size_t vertices, const std::vector<Edge>& edges, const Incidence& incidence, Vertex root,
         const std::vector<Nimber>* extra = nullptr) {
    find_bridges(vertices, edges, incidence, root);
    fuse(vertices, edges, incidence, root);
    colon(vertices, edges, extra);
  }

  [[nodiscard]] Nimber total() const { return value[part_of_root]; }
  std::uint32_t part_of_root = 0;

 private:
  // Tarjan's low-link, iterative: an edge is a bridge when nothing below it
  // reaches above it. A repeated edge is a second way back, so the edge by
  // which a vertex was entered (not its twin) is the only one skipped.
  void find_bridges(std::size_t vertices, const std::vector<Edge>& edges, const Incidence& incidence, Vertex root) {
    constexpr std::uint32_t kUnseen = UINT32_MAX;
    bridge.assign(edges.size(), false);
    std::vector<std::uint32_t> discovered(vertices, kUnseen);
    std::vector<std::uint32_t> low(vertices, 0);
    struct Frame {
      Vertex v;
      std::size_t entered_by;  // edge index, SIZE_MAX at the root
      std::size_t next;        // into the incidence list
    };
    std::vector<Frame> stack;
    std::uint32_t time = 0;
    discovered[root] = low[root] = time++;
    stack.push_back({root, SIZE_MAX, incidence.start[root]});
    while (!stack.empty()) {
      Frame& frame = stack.back();
      if (frame.next == incidence.start[frame.v + 1]) {
        const Frame done = frame;
        stack.pop_back();
        if (!stack.empty()) {
          const Vertex up = stack.back().v;
          low[up] = std::min(low[up], low[done.v]);
          if (low[done.v] > discovered[up]) bridge[done.entered_by] = true;
        }
        continue;
      }
      const std::size_t i = incidence.at[frame.next++];
      if (i == frame.entered_by || edges[i].u == edges[i].v) continue;  // a loop is on a cycle of its own
      const Vertex w = other_end(edges[i], frame.v);
      if (discovered[w] == kUnseen) {
        discovered[w] = low[w] = time++;
        stack.push_back({w, i, incidence.start[w]});
      } else {
        low[frame.v] = std::min(low[frame.v], discovered[w]);
      }
    }
  }

  // The parts: vertices joined by edges that are not bridges; then the tree of
  // parts by the bridges, from the root's part up.
  void fuse(std::size_t vertices, const std::vector<Edge>& edges, const Incidence& incidence, Vertex root) {
    constexpr std::uint32_t kNone = UINT32_MAX;
    part.assign(vertices, kNone);
    std::vector<Vertex> stack;
    std::vector<Vertex> queue{root};  // part roots in the order their parts are found
    std::uint32_t parts = 0;
    // Breadth-first over parts: a part is flooded from its anchor, and the
    // bridges leaving it give the anchors of the parts above it.
    parent.clear();
    parent_edge.clear();
    anchor.clear();
    part[root] = parts++;
    parent.push_back(0);
    parent_edge.push_back(SIZE_MAX);
    anchor.push_back(root);
    loops.assign(1, 0);
    size.assign(1, 0);
    for (std::size_t next = 0; next < queue.size(); ++next) {
      const std::uint32_t p = part[queue[next]];
      order.push_back(p);
      stack.push_back(queue[next]);
      while (!stack.empty()) {
        const Vertex v = stack.back();
        stack.pop_back();
        ++size[p];
        for (std::size_t k = incidence.start[v]; k < incidence.start[v + 1]; ++k) {
          const std::size_t i = incidence.at[k];
          const Vertex w = other_end(edges[i], v);
          if (!bridge[i]) {
            // Each edge of the part counted once: from its first end (a loop has one).
            if (v == edges[i].u) ++loops[p];
            if (part[w] == kNone) {
              part[w] = p;
              stack.push_back(w);
            }
          } else if (part[w] == kNone) {
            part[w] = parts++;
            parent.push_back(p);
            parent_edge.push_back(i);
            anchor.push_back(w);
            loops.push_back(0);
            size.push_back(0);
            queue.push_back(w);
          }
        }
      }
    }
    part_of_root = part[root];
  }

  // Values from the top of the tree down: a part is worth (loops mod 2) xor
  // its vertices' extra stalks xor (g + 1) over the branches above it.
  void colon(std::size_t vertices, const std::vector<Edge>&, const std::vector<Nimber>* extra) {
    value.assign(loops.size(), 0);
    for (std::size_t p = 0; p < loops.size(); ++p) value[p] = loops[p] & 1U;
    if (extra != nullptr) {
      for (std::size_t v = 0; v < vertices; ++v)
        if (part[v] != UINT32_MAX) value[part[v]] ^= (*extra)[v];  // a vertex not reached has fallen
    }
    for (std::size_t k = order.size(); k-- > 1;) {
      const std::uint32_t p = order[k];
      value[parent[p]] ^= value[p] + 1;
    }
  }
};

// Names of a part's vertices for explain: up to four, then how many more.
std::string part_name(const Picture& picture, const Fusion& fusion, std::uint32_t p,
                      const std::vector<std::vector<Vertex>>& members) {
  const std::vector<Vertex>& list = members[p];
  std::string out;
  for (std::size_t i = 0; i < list.size() && i < 4; ++i) out += (i ? "," : "") + picture.names[list[i]];
  if (list.size() > 4) out += ",… (" + std::to_string(list.size()) + " vertices)";
  if (fusion.size[p] > 1) return "{" + out + "}";
  return out;
}

// A position: one picture, shared (copying a position copies a pointer),
// equal to another with the same edges between the same names.
struct PictureHandle {
  std::shared_ptr<const Picture> picture;
  bool operator==(const PictureHandle& other) const {
    return picture == other.picture || (picture->hash == other.picture->hash && picture->edges == other.picture->edges &&
                                        picture->names == other.picture->names);
  }
};

struct Hackenbush {
  using Position = PictureHandle;

  static constexpr std::size_t kListedSteps = 40;  // explain's lines before "… more"

  std::size_t hash(const Position& p) const { return p.picture->hash; }

  // The position: nothing when no edge is left (the empty game prints "0").
  void components(const Position& p, std::vector<Position>& out) const {
    if (!p.picture->edges.empty()) out.push_back(p);
  }

  std::string describe(const Position& p) const {
    const Picture& picture = *p.picture;
    if (!picture.path.empty()) return file_argument(picture.path);
    std::string out;
    for (std::size_t i = 0; i < picture.edges.size(); ++i) {
      const Edge& e = picture.edges[i];
      if (i) out += ',';
      out += picture.names[e.u] + "-" + picture.names[e.v];
    }
    return out;
  }

  // The position after cutting edge `cut`: what still hangs from the ground.
  static Position after_cut(const Picture& picture, const Incidence& incidence, std::size_t cut) {
    const std::vector<bool> kept = standing(picture.names.size(), picture.edges, incidence, kGround, cut);
    std::vector<Edge> rest;
    for (std::size_t i = 0; i < picture.edges.size(); ++i)
      if (kept[i]) rest.push_back(picture.edges[i]);
    return Position{make_picture(picture.names, rest, kGround)};
  }

  void moves(const Position& p, std::vector<Position>& out) const {
    const Picture& picture = *p.picture;
    const Incidence incidence(picture.names.size(), picture.edges);
    for (std::size_t i = 0; i < picture.edges.size(); ++i) out.push_back(after_cut(picture, incidence, i));
  }

  std::optional<Nimber> closed_form(const Position& p) const {
    const Picture& picture = *p.picture;
    if (picture.edges.empty()) return Nimber{0};
    const Incidence incidence(picture.names.size(), picture.edges);
    return Fusion(picture.names.size(), picture.edges, incidence, kGround).total();
  }

  // "cut the edge 1-2", and what fell with it. The edges left are the edges
  // before in the same order, less some: matched in one walk by their names.
  // The edge cut is the one gone with an end still standing (the edges that
  // fell have none).
  std::string describe_move(const Position& from, const Position& to) const {
    const Picture& before = *from.picture;
    const Picture& after = *to.picture;
    const auto same = [&](const Edge& a, const Edge& b) {
      return before.names[a.u] == after.names[b.u] && before.names[a.v] == after.names[b.v];
    };
    std::vector<bool> gone(before.edges.size(), false);
    std::vector<bool> standing_vertex(before.names.size(), false);
    standing_vertex[kGround] = true;
    std::size_t j = 0;
    for (std::size_t i = 0; i < before.edges.size(); ++i) {
      if (j < after.edges.size() && same(before.edges[i], after.edges[j])) {
        ++j;
        standing_vertex[before.edges[i].u] = standing_vertex[before.edges[i].v] = true;
      } else {
        gone[i] = true;
      }
    }
    std::string cut;
    std::size_t fell = 0;
    for (std::size_t i = 0; i < before.edges.size(); ++i) {
      if (!gone[i]) continue;
      const Edge& e = before.edges[i];
      if (cut.empty() && (standing_vertex[e.u] || standing_vertex[e.v])) {
        cut = before.names[e.u] + "-" + before.names[e.v];
      } else {
        ++fell;
      }
    }
    std::string words = "cut the edge " + cut;
    if (fell == 1) words += "; 1 edge no longer connected to the ground falls";
    if (fell > 1) words += "; " + std::to_string(fell) + " edges no longer connected to the ground fall";
    return words;
  }

  // The options of value `target` (see the header): cutting a bridge decided
  // by the values the tree needs, an edge on a cycle by revaluing its part.
  std::uint64_t moves_to_value(const Position& p, Nimber target, std::size_t limit, std::vector<Position>& out) const {
    const Picture& picture = *p.picture;
    const std::size_t n = picture.names.size();
    if (picture.edges.empty()) return 0;
    const Incidence incidence(n, picture.edges);
    const Fusion fusion(n, picture.edges, incidence, kGround);
    const std::size_t parts = fusion.value.size();
    // need[p]: the value part p (with all above it) must take for the whole
    // to be worth `target`; for a part above a bridge, nullopt when only
    // cutting that bridge (leaving its branch worth 0) would do.
    std::vector<std::optional<Nimber>> need(parts);
    std::vector<Nimber> branch_need(parts, 0);  // the branch (bridge + part) value wanted
    need[fusion.part_of_root] = target;
    for (std::size_t k = 1; k < fusion.order.size(); ++k) {
      const std::uint32_t q = fusion.order[k];
      const std::uint32_t below = fusion.parent[q];
      if (!need[below]) continue;  // unreachable: nothing above a part with no wish can help
      const Nimber wanted = *need[below] ^ fusion.value[below] ^ (fusion.value[q] + 1);
      branch_need[q] = wanted;
      if (wanted >= 1) need[q] = wanted - 1;
    }
    // The vertices of each part (and each vertex's place among them) and its
    // edges on cycles, for revaluing.
    std::vector<std::vector<Vertex>> members(parts);
    std::vector<Vertex> local(n, 0);
    for (Vertex v = 0; v < n; ++v) {
      local[v] = static_cast<Vertex>(members[fusion.part[v]].size());
      members[fusion.part[v]].push_back(v);
    }
    std::vector<std::vector<std::size_t>> part_edges(parts);
    for (std::size_t i = 0; i < picture.edges.size(); ++i)
      if (!fusion.bridge[i]) part_edges[fusion.part[picture.edges[i].u]].push_back(i);
    // Work bound for the parts' revaluations: for each edge on a cycle (not a
    // loop), its part's vertices and edges. 2^24 of them take about a second
    // (a revaluation costs about 60 ns an element, measured on the machine of
    // docs/performance.md); past it the moves are refused, not searched for minutes.
    std::uint64_t work = 0;
    for (std::size_t i = 0; i < picture.edges.size(); ++i) {
      const std::uint32_t q = fusion.part[picture.edges[i].u];
      if (!fusion.bridge[i] && picture.edges[i].u != picture.edges[i].v) work += members[q].size() + part_edges[q].size();
    }
    constexpr std::uint64_t kWorkBound = std::uint64_t{1} << 24;
    if (work > kWorkBound) {
      std::size_t largest = 0;
      for (const auto& m : members) largest = std::max(largest, m.size());
      throw LimitError("the winning moves of this Hackenbush picture are found by revaluing its 2-edge-connected parts "
                       "once for each of their edges, here more than 2^24 steps (a part of " + std::to_string(largest) +
                       " vertices); its value alone: --max-moves 0");
    }
    // Each vertex's branches, valued: the stalks a part's revaluation keeps.
    std::vector<Nimber> hanging(n, 0);
    for (std::size_t k = 1; k < fusion.order.size(); ++k) {
      const std::uint32_t q = fusion.order[k];
      const Edge& e = picture.edges[fusion.parent_edge[q]];
      const Vertex base = fusion.part[e.u] == q ? e.v : e.u;
      hanging[base] ^= fusion.value[q] + 1;
    }
    std::uint64_t total = 0;
    auto found = [&](std::size_t i) {
      if (total != UINT64_MAX) ++total;
      if (out.size() < limit) out.push_back(after_cut(picture, incidence, i));
    };
    for (std::size_t i = 0; i < picture.edges.size(); ++i) {
      const Edge& e = picture.edges[i];
      if (fusion.bridge[i]) {
        // The part this bridge holds up: the one whose bridge down it is.
        const std::uint32_t above = fusion.parent_edge[fusion.part[e.v]] == i ? fusion.part[e.v] : fusion.part[e.u];
        if (need[fusion.parent[above]] && branch_need[above] == 0) found(i);
        continue;
      }
      const std::uint32_t q = fusion.part[e.u];
      if (!need[q]) continue;
      Nimber becomes = 0;
      if (e.u == e.v) {
        becomes = fusion.value[q] ^ 1U;  // one loop fewer
      } else {
        becomes = revalue_part(picture, fusion, members[q], local, part_edges[q], q, i, hanging);
      }
      if (becomes == *need[q]) found(i);
    }
    return total;
  }

  // The value of part q (with its branches, as stalks) once edge `cut` of it is gone.
  static Nimber revalue_part(const Picture& picture, const Fusion& fusion, const std::vector<Vertex>& members,
                             const std::vector<Vertex>& local, const std::vector<std::size_t>& own_edges,
                             std::uint32_t q, std::size_t cut, const std::vector<Nimber>& hanging) {
    std::vector<Nimber> extra(members.size(), 0);
    for (Vertex v : members) extra[local[v]] = hanging[v];
    // The part's own edges (those on cycles) but the one cut.
    std::vector<Edge> edges;
    edges.reserve(own_edges.size());
    for (std::size_t i : own_edges)
      if (i != cut) edges.push_back({local[picture.edges[i].u], local[picture.edges[i].v]});
    const Vertex root = local[fusion.anchor[q]];
    const Incidence incidence(members.size(), edges);
    // What no longer reaches the part's anchor falls, branches and all.
    const std::vector<bool> kept = standing(members.size(), edges, incidence, root, SIZE_MAX);
    std::vector<bool> reached(members.size(), false);
    reached[root] = true;
    std::vector<Edge> left;
    for (std::size_t i = 0; i < edges.size(); ++i) {
      if (!kept[i]) continue;
      left.push_back(edges[i]);
      reached[edges[i].u] = reached[edges[i].v] = true;
    }
    for (std::size_t v = 0; v < extra.size(); ++v)
      if (!reached[v]) extra[v] = 0;
    const Incidence left_incidence(members.size(), left);
    return Fusion(members.size(), left, left_incidence, root, &extra).total();
  }

  // explain: the fusion, then the colon principle part by part.
  std::optional<TheoremApplication> theorem(const Position& p) const {
    const Picture& picture = *p.picture;
    if (picture.edges.empty()) return std::nullopt;
    const std::size_t n = picture.names.size();
    const Incidence incidence(n, picture.edges);
    const Fusion fusion(n, picture.edges, incidence, kGround);
    std::vector<std::vector<Vertex>> members(fusion.value.size());
    for (Vertex v = 0; v < n; ++v) members[fusion.part[v]].push_back(v);
    TheoremApplication t;
    t.theorem = "the fusion and colon principles of Green Hackenbush (Winning Ways, ch. 7)";
    t.statement = "fusing the vertices of every cycle (the ground among them) changes no value, and each edge of a cycle "
                  "becomes a loop worth *1; then a vertex is worth the nim-sum of its loops mod 2 and of g + 1 over the "
                  "branches standing on it";
    std::size_t skipped = 0;
    auto step = [&](std::string line) {
      if (t.steps.size() < kListedSteps) t.steps.push_back(std::move(line));
      else ++skipped;
    };
    std::size_t fused = 0;
    for (std::uint32_t q : fusion.order) {
      if (fusion.loops[q] == 0) continue;
      ++fused;
      const bool just_loops = fusion.size[q] == 1;
      step(std::string(just_loops ? "loops at " : "fusion: ") + part_name(picture, fusion, q, members) +
           (just_loops ? "" : " lie on cycles and fuse into one vertex") + ": " + std::to_string(fusion.loops[q]) +
           (fusion.loops[q] == 1 ? " loop" : " loops") + ", worth *" + std::to_string(fusion.loops[q] & 1U));
    }
    if (fused == 0) step("no cycles: the picture is a tree, and the colon principle values it alone");
    // Colon steps from the top down to the ground, parts with branches only.
    std::vector<std::vector<std::uint32_t>> above(fusion.value.size());
    for (std::size_t k = 1; k < fusion.order.size(); ++k) above[fusion.parent[fusion.order[k]]].push_back(fusion.order[k]);
    for (std::size_t k = fusion.order.size(); k-- > 0;) {
      const std::uint32_t q = fusion.order[k];
      if (above[q].empty()) continue;
      std::string line = "colon: at " + part_name(picture, fusion, q, members) + ":";
      if (fusion.loops[q] & 1U) line += " *1 (loops) +";
      for (std::size_t b = 0; b < above[q].size() && b < 6; ++b) {
        const std::uint32_t d = above[q][b];
        line += std::string(b ? " +" : "") + " *(" + std::to_string(fusion.value[d]) + " + 1)";
      }
      if (above[q].size() > 6) line += " + … (" + std::to_string(above[q].size()) + " branches)";
      line += " = *" + std::to_string(fusion.value[q]);
      step(std::move(line));
    }
    if (skipped > 0) step("… and " + std::to_string(skipped) + " more steps");
    const Nimber g = fusion.total();
    t.conclusion = "so g = " + std::to_string(g) +
                   (g == 0 ? ": the player to move loses" : ": the player to move wins");
    return t;
  }
};

using Position_ = Hackenbush::Position;

// The ruleset's checks on a graph as read: a ground, and every edge hanging
// from it (an edge that hangs from nothing is a mistake, named at its place).
Position_ picture_of(const TermReader& term, const GraphTerm& graph) {
  const auto ground = std::find(graph.names.begin(), graph.names.end(), std::string(kGroundName));
  if (ground == graph.names.end()) {
    const std::string message = "the graph has no ground: no edge touches the vertex 0 (the ground)";
    if (!graph.path.empty()) throw InputError(message, SourceLocation{graph.path});
    term.fail_term(message);
  }
  const auto ground_vertex = static_cast<Vertex>(ground - graph.names.begin());
  std::vector<Edge> edges;
  edges.reserve(graph.edges.size());
  for (const GraphTerm::Edge& e : graph.edges) edges.push_back({e.from, e.to});
  const Incidence incidence(graph.names.size(), edges);
  const std::vector<bool> kept = standing(graph.names.size(), edges, incidence, ground_vertex, SIZE_MAX);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (kept[i]) continue;
    const GraphTerm::Edge& e = graph.edges[i];
    throw InputError("the edge " + graph.names[e.from] + "-" + graph.names[e.to] +
                         " is not connected to the ground 0 (every edge must hang from it)",
                     graph.place(e));
  }
  return Position_{make_picture(graph.names, edges, ground_vertex, graph.path)};
}

// A random picture for the conformance suite: a few vertices, edges among
// them and the ground (cycles, a repeated edge, a loop), each hanging from the
// ground (an edge to a vertex not yet reached is drawn from one that is).
std::vector<std::string> random_edges(std::mt19937_64& random, std::size_t count) {
  const std::vector<std::string> names = {"0", "1", "2", "3", "a", "b_2"};
  std::vector<std::size_t> reached{0};
  std::vector<std::string> out;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t u = reached[random() % reached.size()];
    std::size_t v = random() % names.size();
    if (random() % 6 == 0) v = u;  // a loop
    if (std::find(reached.begin(), reached.end(), v) == reached.end()) reached.push_back(v);
    out.push_back(random() % 2 ? names[u] + "-" + names[v] : names[v] + "-" + names[u]);
  }
  return out;
}

}  // namespace

RulesetSpec hackenbush_ruleset() {
  RulesetSpec spec{
      .name = "hackenbush",
      .help = {{"hackenbush(0-1,1-2,2-0,1-3)",
                 "Green Hackenbush: edges u-v, the ground 0; a move cuts an edge and what falls with it"},
                {"hackenbush(@file)", "Green Hackenbush on a graph file, one edge u-v a line (docs/graph-format.md)"}},
      .parameters = 0};
  spec.position = [](const TermReader& term) {
    const GraphReading reading{GraphForm::edges, std::size_t{UINT32_MAX} - 1, {}};
    const std::shared_ptr<const GraphTerm> graph = term.graph(term.positions(), reading);
    return GameAdapter<Hackenbush>::for_ruleset(Hackenbush{}, "hackenbush")
        ->position(picture_of(term, *graph));
  };
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    const std::string file = request.file("hackenbush-sample.txt");
    {
      std::ofstream text(file);
      text << "# a sample picture for the conformance suite\n";
      for (const std::string& edge : random_edges(request.random, 7)) text << edge << "\n";
    }
    for (std::size_t i = 0; i < request.count; ++i) {
      if (i % 5 == 0) {
        out.push_back("hackenbush(@" + file + ")");
        continue;
      }
      std::string text;
      for (const std::string& edge : random_edges(request.random, 1 + request.random() % 7))
        text += (text.empty() ? "" : ",") + edge;
      out.push_back("hackenbush(" + text + ")");
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
