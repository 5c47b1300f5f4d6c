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

// Refuses a graph beyond 32-bit labels or counters, one malformed, or one
// whose labelling would pass the Context's memory bound.
void check_graph(const LoopyGraph& graph, const Context& context, std::uint32_t first_counter) {
  const std::size_t n = graph.vertex_count();
  if (n + graph.known.size() >= kUnlabelled || first_counter > kNeverMarked - n) {
    throw LimitError("a game graph of " + std::to_string(n + graph.known.size()) +
                     " positions is beyond the loopy solver's 32-bit vertex numbers");
  }
  if (graph.offsets.back() != graph.targets.size())
    throw std::invalid_argument("label_loopy_graph: offsets do not end at the edge count");
  for (std::uint32_t t : graph.targets) {
    if (t >= n + graph.known.size())
      throw std::invalid_argument("label_loopy_graph: an edge to a vertex that does not exist");
  }
  const std::size_t bound = context.options().memory_bytes;
  const std::size_t needed = loopy_labelling_bytes(n, graph.targets.size());
  if (bound != 0 && needed > bound) {
    throw LimitError("labelling " + std::to_string(n) + " positions with cycles needs about " + megabytes(needed) +
                     ", more than the memory bound of " + megabytes(bound));
  }
}

// The stages of the labelling (loopy_labelling.hpp) over one graph, with
// their working state.
class Labeller {
 public:
  Labeller(const LoopyGraph& graph, Context& context, std::uint32_t first_counter, LoopyLabelling& out)
      : n_(graph.vertex_count()),
        offsets_(graph.offsets),
        targets_(graph.targets),
        known_(graph.known),
        context_(context),
        out_(out),
        counter_(first_counter),
        state_(n_) {
    find_predecessors();
    count_open_followers();
    pending_.resize(n_);
    std::iota(pending_.begin(), pending_.end(), std::uint32_t{0});
    queue_.reserve(n_);
    out_.counter.assign(n_, 0);
  }

  void run() {
    for (std::uint32_t stage = 0; !pending_.empty(); ++stage) {
      out_.stages = stage + 1;
      if (context_.progress_due()) {
        context_.progress("loopy labelling: stage " + std::to_string(stage) + ", " + std::to_string(pending_.size()) +
                          " positions unlabelled");
      }
      for (std::uint32_t u : pending_) state_[u].bad = state_[u].open;
      tick(pending_.size());
      mark_by_known_followers(stage);
      label_with(stage);
      label_infinite(stage);
    }
    out_.label.resize(n_);
    for (std::size_t v = 0; v < n_; ++v) out_.label[v] = state_[v].label;
    out_.next_counter = counter_;
  }

 private:
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

  [[nodiscard]] std::span<const std::uint32_t> row(std::size_t v) const {
    return targets_.subspan(offsets_[v], offsets_[v + 1] - offsets_[v]);
  }

  [[nodiscard]] std::span<const std::uint32_t> predecessors(std::uint32_t v) const {
    return std::span<const std::uint32_t>(predecessors_).subspan(predecessor_offsets_[v],
                                                                 predecessor_offsets_[v + 1] - predecessor_offsets_[v]);
  }

  void tick(std::uint64_t steps) { context_.charge(steps); }

  // Predecessors among the vertices being labelled (known vertices never point back).
  void find_predecessors() {
    predecessor_offsets_.assign(n_ + 1, 0);
    for (std::uint32_t t : targets_) {
      if (t < n_) ++predecessor_offsets_[t + 1];
    }
    for (std::size_t v = 0; v < n_; ++v) predecessor_offsets_[v + 1] += predecessor_offsets_[v];
    predecessors_.resize(predecessor_offsets_[n_]);
    std::vector<std::uint64_t> fill(predecessor_offsets_.begin(), predecessor_offsets_.end() - 1);
    for (std::size_t v = 0; v < n_; ++v) {
      for (std::uint32_t t : row(v)) {
        if (t < n_) predecessors_[fill[t]++] = static_cast<std::uint32_t>(v);
      }
    }
  }

  // Each vertex's open followers, and the vertices with a known follower:
  // only these look at known vertices.
  void count_open_followers() {
    for (std::uint32_t v = 0; v < n_; ++v) {
      bool points_to_known = false;
      for (std::uint32_t t : row(v)) {
        const bool known_target = t >= n_;
        points_to_known = points_to_known || known_target;
        state_[v].open += !known_target || known_[t - n_].label == kInfiniteLabel;
      }
      if (points_to_known) sources_.push_back(v);
    }
  }

  // p just got a follower labelled `stage`: it stops being bad for its
  // unlabelled predecessors (`push`: those that reach 0 join the queue).
  void mark(std::uint32_t p, std::uint32_t stage, bool push) {
    state_[p].marked_in = stage;
    for (std::uint32_t q : predecessors(p)) {
      State& before = state_[q];
      if (before.label == kUnlabelled && --before.bad == 0 && push && before.marked_in != stage) queue_.push_back(q);
    }
    tick(predecessor_offsets_[p + 1] - predecessor_offsets_[p] + 1);
  }

  // Known vertices: a known ∞(K) has a follower labelled `stage` exactly when
  // stage ∈ K (its followers are all known); a known follower of value
  // `stage` marks its open predecessors from the start.
  void mark_by_known_followers(std::uint32_t stage) {
    for (std::uint32_t v : sources_) {
      if (!open(state_[v].label)) continue;
      bool follower_labelled = false;
      for (std::uint32_t t : row(v)) {
        if (t < n_) continue;
        const KnownVertex& k = known_[t - n_];
        follower_labelled = follower_labelled || k.label == stage;
        if (k.label == kInfiniteLabel && state_[v].label == kUnlabelled &&
            std::binary_search(k.reachable.begin(), k.reachable.end(), Nimber{stage}))
          --state_[v].bad;
      }
      if (follower_labelled && state_[v].marked_in != stage) mark(v, stage, false);
      tick(offsets_[v + 1] - offsets_[v]);
    }
  }

  // Step 1: the retrograde pass that labels `stage`.
  void label_with(std::uint32_t stage) {
    queue_.clear();
    for (std::uint32_t u : pending_) {
      if (state_[u].bad == 0 && state_[u].marked_in != stage) queue_.push_back(u);
    }
    // u leaves the queue unmarked: a follower labelled `stage` would have been
    // unlabelled and unmarked before, so counted in bad, which is 0.
    for (std::size_t head = 0; head < queue_.size(); ++head) {
      const std::uint32_t u = queue_[head];
      if (state_[u].label != kUnlabelled || state_[u].marked_in == stage) {
        throw std::logic_error("loopy labelling: queue invariant");
      }
      state_[u].label = stage;
      out_.counter[u] = counter_++;
      for (std::uint32_t p : predecessors(u)) {
        if (state_[p].label == kUnlabelled) --state_[p].open;  // u is no longer open for p
        if (open(state_[p].label) && state_[p].marked_in != stage) mark(p, stage, true);
      }
      tick(predecessor_offsets_[u + 1] - predecessor_offsets_[u] + 1);
    }
  }

  // Step 2: no follower labelled `stage` means ∞; the rest go on, and each has
  // a follower of every value up to `stage` (so stages <= out-degree + 2).
  void label_infinite(std::uint32_t stage) {
    std::size_t kept = 0;
    for (std::uint32_t u : pending_) {
      if (state_[u].label != kUnlabelled) continue;
      if (state_[u].marked_in == stage) {
        pending_[kept++] = u;
      } else {
        state_[u].label = kInfiniteLabel;
      }
    }
    pending_.resize(kept);
  }

  const std::size_t n_;
  const std::span<const std::uint64_t> offsets_;
  const std::span<const std::uint32_t> targets_;
  const std::span<const KnownVertex> known_;
  Context& context_;
  LoopyLabelling& out_;
  std::uint32_t counter_;
  std::vector<std::uint64_t> predecessor_offsets_;
  std::vector<std::uint32_t> predecessors_;
  std::vector<State> state_;
  std::vector<std::uint32_t> sources_;  // the vertices with a known follower
  std::vector<std::uint32_t> pending_;  // the vertices still unlabelled
  std::vector<std::uint32_t> queue_;
};

}  // namespace

std::size_t loopy_labelling_bytes(std::size_t vertices, std::size_t edges) noexcept {
  // Per vertex: its state (label, open and bad follower counts, stage of its
  // last mark: 16 bytes), counter, result label, the pending list and the queue
  // (4 bytes each), predecessor offsets (8); per edge one predecessor entry (4).
  return vertices * 40 + edges * 4 + 8;
}

LoopyLabelling label_loopy_graph(const LoopyGraph& graph, Context& context, std::uint32_t first_counter) {
  LoopyLabelling out;
  out.next_counter = first_counter;
  if (graph.vertex_count() == 0) return out;
  check_graph(graph, context, first_counter);
  Labeller(graph, context, first_counter, out).run();
  return out;
}

}  // namespace grundy
