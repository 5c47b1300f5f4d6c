#include "grundy/search/loopy_labelling.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

// Labels live in 32 bits: a finite γ is at most the out-degree (rule A: a mex
// over the followers), so these two never collide with a value.
constexpr LoopyLabel kUnlabelled = kInfiniteLabel - 1;
constexpr std::uint32_t kNeverMarked = std::numeric_limits<std::uint32_t>::max();

bool open(LoopyLabel label) noexcept { return label == kUnlabelled || label == kInfiniteLabel; }

std::string megabytes(std::size_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MB"; }

}  // namespace

std::size_t loopy_labelling_bytes(std::size_t vertices, std::size_t edges) noexcept {
  // Per vertex: its state (label, open and bad follower counts, stage of its
  // last mark: 16 bytes), counter, result label, the pending list and the queue
  // (4 bytes each), predecessor offsets (8); per edge one predecessor entry (4).
  return vertices * 40 + edges * 4 + 8;
}

LoopyLabelling label_loopy_graph(const LoopyGraph& graph, Context& context, std::uint32_t first_counter) {
  const std::size_t n = graph.vertex_count();
  const std::span<const std::uint64_t> offsets = graph.offsets;
  const std::span<const std::uint32_t> targets = graph.targets;
  const std::span<const KnownVertex> known = graph.known;
  LoopyLabelling out;
  out.next_counter = first_counter;
  if (n == 0) return out;

  if (n + known.size() >= kUnlabelled || first_counter > kNeverMarked - n) {
    throw LimitError("a game graph of " + std::to_string(n + known.size()) +
                     " positions is beyond the loopy solver's 32-bit vertex numbers");
  }
  if (offsets.back() != targets.size()) throw std::invalid_argument("label_loopy_graph: offsets do not end at the edge count");
  for (std::uint32_t t : targets) {
    if (t >= n + known.size()) throw std::invalid_argument("label_loopy_graph: an edge to a vertex that does not exist");
  }
  const std::size_t bound = context.options().memory_bytes;
  const std::size_t needed = loopy_labelling_bytes(n, targets.size());
  if (bound != 0 && needed > bound) {
    throw LimitError("labelling " + std::to_string(n) + " positions with cycles needs about " + megabytes(needed) +
                     ", more than the memory bound of " + megabytes(bound));
  }

  auto row = [&](std::size_t v) {
    return targets.subspan(offsets[v], offsets[v + 1] - offsets[v]);
  };

  // Predecessors among the vertices being labelled (known vertices never point back).
  std::vector<std::uint64_t> pred_offsets(n + 1, 0);
  for (std::uint32_t t : targets) {
    if (t < n) ++pred_offsets[t + 1];
  }
  for (std::size_t v = 0; v < n; ++v) pred_offsets[v + 1] += pred_offsets[v];
  std::vector<std::uint32_t> preds(pred_offsets[n]);
  {
    std::vector<std::uint64_t> fill(pred_offsets.begin(), pred_offsets.end() - 1);
    for (std::size_t v = 0; v < n; ++v) {
      for (std::uint32_t t : row(v)) {
        if (t < n) preds[fill[t]++] = static_cast<std::uint32_t>(v);
      }
    }
  }
  auto predecessors = [&](std::uint32_t v) {
    return std::span<const std::uint32_t>(preds).subspan(pred_offsets[v], pred_offsets[v + 1] - pred_offsets[v]);
  };

  out.counter.assign(n, 0);
  // What the passes read of a vertex, together: one cache line a visit on
  // graphs too large for the cache (the predecessor walks jump at random).
  struct State {
    LoopyLabel label = kUnlabelled;
    // u's followers (one per edge) that are unlabelled, ∞ or known ∞ — the ones
    // that may keep u from a stage's label. Kept up to date as followers get
    // finite labels, so a stage starts without rescanning edges.
    std::uint32_t open = 0;
    // The open followers of u with no follower labelled with the current stage
    // yet; u may take the stage's label when it reaches 0.
    std::uint32_t bad = 0;
    // == stage: the vertex has a follower labelled with the current stage.
    std::uint32_t marked_in = kNeverMarked;
  };
  std::vector<State> state(n);
  // Vertices with a known follower: only these look at known vertices.
  std::vector<std::uint32_t> sources;
  for (std::uint32_t v = 0; v < n; ++v) {
    bool points_to_known = false;
    for (std::uint32_t t : row(v)) {
      const bool known_target = t >= n;
      points_to_known = points_to_known || known_target;
      state[v].open += !known_target || known[t - n].label == kInfiniteLabel;
    }
    if (points_to_known) sources.push_back(v);
  }
  std::vector<std::uint32_t> pending(n);
  std::iota(pending.begin(), pending.end(), std::uint32_t{0});
  std::vector<std::uint32_t> queue;
  queue.reserve(n);

  auto tick = [&](std::uint64_t steps) { context.charge(steps); };

  std::uint32_t counter = first_counter;
  // p just got a follower labelled `stage`: it stops being bad for its
  // unlabelled predecessors (`push`: those that reach 0 join the queue).
  auto mark = [&](std::uint32_t p, std::uint32_t stage, bool push) {
    state[p].marked_in = stage;
    for (std::uint32_t q : predecessors(p)) {
      State& before = state[q];
      if (before.label == kUnlabelled && --before.bad == 0 && push && before.marked_in != stage) queue.push_back(q);
    }
    tick(pred_offsets[p + 1] - pred_offsets[p] + 1);
  };

  for (std::uint32_t stage = 0; !pending.empty(); ++stage) {
    out.stages = stage + 1;
    if (context.progress_due()) {
      context.progress("loopy labelling: stage " + std::to_string(stage) + ", " + std::to_string(pending.size()) +
                       " positions unlabelled");
    }
    for (std::uint32_t u : pending) state[u].bad = state[u].open;
    tick(pending.size());
    // Known vertices: a known ∞(K) has a follower labelled `stage` exactly when
    // stage ∈ K (its followers are all known); a known follower of value
    // `stage` marks its open predecessors from the start.
    for (std::uint32_t v : sources) {
      if (!open(state[v].label)) continue;
      bool follower_labelled = false;
      for (std::uint32_t t : row(v)) {
        if (t < n) continue;
        const KnownVertex& k = known[t - n];
        follower_labelled = follower_labelled || k.label == stage;
        if (k.label == kInfiniteLabel && state[v].label == kUnlabelled &&
            std::binary_search(k.reachable.begin(), k.reachable.end(), Nimber{stage}))
          --state[v].bad;
      }
      if (follower_labelled && state[v].marked_in != stage) mark(v, stage, false);
      tick(offsets[v + 1] - offsets[v]);
    }

    queue.clear();
    for (std::uint32_t u : pending) {
      if (state[u].bad == 0 && state[u].marked_in != stage) queue.push_back(u);
    }
    // u leaves the queue unmarked: a follower labelled `stage` would have been
    // unlabelled and unmarked before, so counted in bad, which is 0.
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::uint32_t u = queue[head];
      if (state[u].label != kUnlabelled || state[u].marked_in == stage) {
        throw std::logic_error("loopy labelling: queue invariant");
      }
      state[u].label = stage;
      out.counter[u] = counter++;
      for (std::uint32_t p : predecessors(u)) {
        if (state[p].label == kUnlabelled) --state[p].open;  // u is no longer open for p
        if (open(state[p].label) && state[p].marked_in != stage) mark(p, stage, true);
      }
      tick(pred_offsets[u + 1] - pred_offsets[u] + 1);
    }

    // Step 2: no follower labelled `stage` means ∞; the rest go on, and each has
    // a follower of every value up to `stage` (so stages <= out-degree + 2).
    std::size_t kept = 0;
    for (std::uint32_t u : pending) {
      if (state[u].label != kUnlabelled) continue;
      if (state[u].marked_in == stage) {
        pending[kept++] = u;
      } else {
        state[u].label = kInfiniteLabel;
      }
    }
    pending.resize(kept);
  }
  out.label.resize(n);
  for (std::size_t v = 0; v < n; ++v) out.label[v] = state[v].label;
  out.next_counter = counter;
  return out;
}

}  // namespace grundy
