#include "grundy/loopy_labelling.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "grundy/input_error.hpp"

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
  // Per vertex: label, counter, bad-follower count, stage of its last mark, the
  // pending list and the queue (4 bytes each), predecessor offsets (8); per edge
  // one predecessor entry (4).
  return vertices * 32 + edges * 4 + 8;
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

  std::vector<LoopyLabel>& label = out.label;
  label.assign(n, kUnlabelled);
  out.counter.assign(n, 0);
  // bad[u]: followers of u that are unlabelled or ∞ and have no follower labelled
  // with the current stage yet — u may take the stage's label when it reaches 0.
  std::vector<std::uint32_t> bad(n, 0);
  // marked_in[v] == stage: v has a follower labelled with the current stage.
  std::vector<std::uint32_t> marked_in(n, kNeverMarked);
  std::vector<std::uint32_t> pending(n);
  std::iota(pending.begin(), pending.end(), std::uint32_t{0});
  std::vector<std::uint32_t> queue;
  queue.reserve(n);
  // Known ∞(K) vertices have a follower labelled i exactly when i ∈ K (their
  // followers are all known); this holds it for the current stage.
  std::vector<std::uint8_t> known_marked(known.size(), 0);
  bool points_to_known = false;
  for (std::uint32_t t : targets) points_to_known = points_to_known || t >= n;

  std::uint64_t work = 0;
  auto tick = [&](std::uint64_t steps) {
    work += steps;
    if (work >= (1u << 16)) {
      work = 0;
      context.poll();
    }
  };

  std::uint32_t counter = first_counter;
  for (std::uint32_t stage = 0; !pending.empty(); ++stage) {
    out.stages = stage + 1;
    if (context.progress_due()) {
      context.progress("loopy labelling: stage " + std::to_string(stage) + ", " + std::to_string(pending.size()) +
                       " positions unlabelled");
    }
    if (points_to_known) {
      for (std::size_t k = 0; k < known.size(); ++k) {
        known_marked[k] = known[k].label == kInfiniteLabel &&
                          std::binary_search(known[k].reachable.begin(), known[k].reachable.end(), Nimber{stage});
      }
      // A known follower of value `stage` marks its open predecessors from the start.
      for (std::uint32_t v = 0; v < n; ++v) {
        if (!open(label[v])) continue;
        for (std::uint32_t t : row(v)) {
          if (t >= n && known[t - n].label == stage) {
            marked_in[v] = stage;
            break;
          }
        }
        tick(offsets[v + 1] - offsets[v]);
      }
    }

    queue.clear();
    for (std::uint32_t u : pending) {
      std::uint32_t count = 0;
      for (std::uint32_t t : row(u)) {
        if (t < n) {
          count += open(label[t]) && marked_in[t] != stage;
        } else {
          count += known[t - n].label == kInfiniteLabel && !known_marked[t - n];
        }
      }
      bad[u] = count;
      if (count == 0 && marked_in[u] != stage) queue.push_back(u);
      tick(offsets[u + 1] - offsets[u] + 1);
    }

    // u leaves the queue unmarked: a follower labelled `stage` would have been
    // unlabelled and unmarked before, so counted in bad[u], which is 0.
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::uint32_t u = queue[head];
      if (label[u] != kUnlabelled || marked_in[u] == stage) throw std::logic_error("loopy labelling: queue invariant");
      label[u] = stage;
      out.counter[u] = counter++;
      for (std::uint32_t p : predecessors(u)) {
        if (!open(label[p]) || marked_in[p] == stage) continue;
        marked_in[p] = stage;  // p now has a follower labelled `stage`: no longer bad for its predecessors
        for (std::uint32_t q : predecessors(p)) {
          if (label[q] == kUnlabelled && --bad[q] == 0 && marked_in[q] != stage) queue.push_back(q);
        }
        tick(pred_offsets[p + 1] - pred_offsets[p]);
      }
      tick(pred_offsets[u + 1] - pred_offsets[u] + 1);
    }

    // Step 2: no follower labelled `stage` means ∞; the rest go on, and each has
    // a follower of every value up to `stage` (so stages <= out-degree + 2).
    std::size_t kept = 0;
    for (std::uint32_t u : pending) {
      if (label[u] != kUnlabelled) continue;
      if (marked_in[u] == stage) {
        pending[kept++] = u;
      } else {
        label[u] = kInfiniteLabel;
      }
    }
    pending.resize(kept);
  }
  out.next_counter = counter;
  return out;
}

}  // namespace grundy
