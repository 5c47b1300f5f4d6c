// The generalized Sprague–Grundy function γ of a finite game graph that may
// have cycles (C. A. B. Smith, "Graphs and composite games", 1966; A. S.
// Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its
// invariance under certain mappings", 1986), with a counter function.
//
// γ(u) is a nimber or ∞. With F(u) the followers of u and c a counter on the
// vertices of finite γ (∞ counts as larger than every nimber):
//   A. γ(u) finite ⇒ γ(u) = mex of the finite values γ(F(u));
//   B. γ(u) finite, v ∈ F(u), γ(v) > γ(u) ⇒ v has a follower w with
//      γ(w) = γ(u) and c(w) < c(u);
//   C. γ(u) = ∞ ⇒ u has a follower v with γ(v) = ∞ and no follower of value
//      mex γ(F(u)).
// γ is unique; c is not. An infinite γ(u) is written ∞(K), K the finite values
// of u's followers. B is what makes winning play end: when the opponent moves
// from u to a larger value, the answer w has a smaller counter, and counters
// cannot decrease for ever.
//
// Labelling (Fraenkel–Yesha), for stages i = 0, 1, 2, …:
//   1. while some unlabelled u has no follower labelled i, and every follower of
//      u that is unlabelled or labelled ∞ has a follower labelled i: label u
//      with i and give it the next counter;
//   2. label ∞ every unlabelled vertex that has no follower labelled i;
// until no vertex is unlabelled. Each stage is one retrograde pass, as in
// win/lose analysis: a count of "bad" followers per vertex (open ones — not
// finitely labelled — with no follower labelled i yet), lowered through the
// predecessor lists as vertices are labelled i and marked; a vertex is labelled
// when its count reaches 0. The count of open followers is kept across stages,
// so a stage costs the vertices still unlabelled plus the predecessor lists of
// the vertices it labels or marks, never a scan of every edge. A vertex
// unlabelled at stage i has followers of every value below i, so there are at
// most (largest out-degree + 2) stages, and a vertex is marked at most once a
// stage: O(|V|·|E|) at worst; in practice about |E| times the number of
// distinct values among a vertex's followers. Iterative, polled through the
// Context, its working memory checked against the Context's bound first.
//
// Incremental use (a user's game explored a piece at a time): the graph may
// point to known vertices, labelled earlier, whose followers are all known
// too. Their labels are kept; the new vertices' counters start above theirs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {

// γ of a vertex: a nimber (at most the vertex's out-degree), or kInfiniteLabel.
using LoopyLabel = std::uint32_t;
inline constexpr LoopyLabel kInfiniteLabel = std::numeric_limits<LoopyLabel>::max();

// A vertex labelled before: its label, and for ∞ its K (sorted).
struct KnownVertex {
  LoopyLabel label = 0;
  std::vector<Nimber> reachable;
};

// Vertices 0..n-1 in compressed rows: the followers of v are
// targets[offsets[v] .. offsets[v+1]); a target t >= n is known[t - n].
struct LoopyGraph {
  std::span<const std::uint64_t> offsets;
  std::span<const std::uint32_t> targets;
  std::span<const KnownVertex> known;

  [[nodiscard]] std::size_t vertex_count() const noexcept { return offsets.empty() ? 0 : offsets.size() - 1; }
};

struct LoopyLabelling {
  std::vector<LoopyLabel> label;       // γ, kInfiniteLabel for ∞
  std::vector<std::uint32_t> counter;  // c for finite labels (first_counter, first_counter + 1, …); 0 for ∞
  std::uint32_t stages = 0;            // stages run
  std::uint32_t next_counter = 0;      // one past the largest counter given
};

// Labels every vertex of `graph`. Throws LimitError when the working memory
// (about 40 bytes a vertex and 4 an edge) exceeds the Context's memory bound or
// the graph is too large for 32-bit labels, Cancelled when the Context is
// stopped.
[[nodiscard]] LoopyLabelling label_loopy_graph(const LoopyGraph& graph, Context& context,
                                               std::uint32_t first_counter = 0);

// Bytes label_loopy_graph needs besides the graph itself.
[[nodiscard]] std::size_t loopy_labelling_bytes(std::size_t vertices, std::size_t edges) noexcept;

}  // namespace grundy
