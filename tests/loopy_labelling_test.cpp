// The loopy labelling (generalized Sprague–Grundy function with counters):
// the worked examples of docs/loopy.md by hand; the fast labelling held equal to
// the Fraenkel–Yesha stages written word for word (tests/loopy_reference.hpp)
// on random digraphs with self-loops and cycles, its counters checked against
// conditions A, B and C directly; acyclic graphs against the plain
// Sprague–Grundy function; incremental labelling against labelling at once;
// the memory bound and cancellation.
#include "grundy/search/loopy_labelling.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <sstream>

#include "grundy/game_graph/game_graph.hpp"
#include "grundy/game_graph/game_graph_values.hpp"
#include "grundy/core/input_error.hpp"
#include "loopy_reference.hpp"

namespace grundy {
namespace {

using testing::kReferenceInfinite;
using testing::SmallDigraph;

GameGraph parse(const std::string& text) {
  std::istringstream in(text);
  return GameGraph::parse(in, "worked.graph");
}

// Vertex name -> value text ("0", "∞(0)", "∞").
std::map<std::string, std::string> values_of(const std::string& text) {
  Context context;
  const GameGraph g = parse(text);
  const GameGraphValues values = GameGraphValues::compute(g, context);
  std::map<std::string, std::string> out;
  for (std::size_t v = 0; v < g.size(); ++v) {
    const auto vertex = static_cast<GameGraph::Vertex>(v);
    out[g.name(vertex)] = values.value(g, vertex).to_string();
  }
  return out;
}

TEST(LoopyLabelling, WorkedExamples) {
  // x -> x: play never ends; ∞ with K empty, a draw.
  EXPECT_EQ(values_of("x: x\n").at("x"), "∞");
  // x -> x, x -> t: the move to t wins at once; ∞(0).
  EXPECT_EQ(values_of("x: x t\n").at("x"), "∞(0)");
  // a <-> b, b -> t: from a the only move is to b, where the mover goes to t and
  // wins; so a loses (0) and b wins (1).
  auto two = values_of("a: b\nb: a t\n");
  EXPECT_EQ(two.at("a"), "0");
  EXPECT_EQ(two.at("b"), "1");
  EXPECT_EQ(two.at("t"), "0");
  // The 4-cycle a -> b -> c -> d -> a with c -> t: 1, 0, 1, 0.
  auto four = values_of("a: b\nb: c\nc: d t\nd: a\n");
  EXPECT_EQ(four.at("a"), "1");
  EXPECT_EQ(four.at("b"), "0");
  EXPECT_EQ(four.at("c"), "1");
  EXPECT_EQ(four.at("d"), "0");
  // Ferguson's drawn triangle (Game Theory, part I, fig. 3.4): a -> b -> c -> a,
  // c -> d -> e. From c, moving to d loses (d = 1), so play goes round: a, b, c
  // are draws; c can reach d, so c = ∞(1).
  auto triangle = values_of("a: b\nb: c\nc: a d\nd: e\n");
  EXPECT_EQ(triangle.at("a"), "∞");
  EXPECT_EQ(triangle.at("b"), "∞");
  EXPECT_EQ(triangle.at("c"), "∞(1)");
  EXPECT_EQ(triangle.at("d"), "1");
  EXPECT_EQ(triangle.at("e"), "0");
  // The wind-up subtraction game {1,2} modulo 5 (a heap of k moves to k-1 and
  // k-2 mod 5; 0 ends the game): 3's moves go to 2 and 1, which reach 0, so 3
  // loses; 1, 2 and 4 have no value-1 labelling and are ∞(0) (each reaches a 0).
  auto windup = values_of("k0\nk1: k0 k4\nk2: k1 k0\nk3: k2 k1\nk4: k3 k2\n");
  EXPECT_EQ(windup.at("k0"), "0");
  EXPECT_EQ(windup.at("k1"), "∞(0)");
  EXPECT_EQ(windup.at("k2"), "∞(0)");
  EXPECT_EQ(windup.at("k3"), "0");
  EXPECT_EQ(windup.at("k4"), "∞(0)");
}

struct Rows {
  std::vector<std::uint64_t> offsets{0};
  std::vector<std::uint32_t> targets;
};

Rows rows_of(const SmallDigraph& g) {
  Rows r;
  for (const auto& next : g.next) {
    for (int w : next) r.targets.push_back(static_cast<std::uint32_t>(w));
    r.offsets.push_back(r.targets.size());
  }
  return r;
}

std::vector<int> reference_style(const std::vector<LoopyLabel>& labels) {
  std::vector<int> out;
  for (LoopyLabel l : labels) out.push_back(l == kInfiniteLabel ? kReferenceInfinite : static_cast<int>(l));
  return out;
}

TEST(LoopyLabelling, EqualsTheStagesWordForWordOnRandomDigraphs) {
  std::mt19937_64 rng(12);
  Context context;
  int infinite_seen = 0, finite_above_zero_seen = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 12);
    const double density = std::uniform_real_distribution<double>(0.05, 0.5)(rng);
    const SmallDigraph g = testing::random_digraph(rng, n, density);
    const Rows r = rows_of(g);
    const LoopyLabelling fast = label_loopy_graph(LoopyGraph{r.offsets, r.targets, {}}, context);
    const testing::ReferenceLabelling slow = testing::reference_labelling(g);
    const std::vector<int> labels = reference_style(fast.label);
    ASSERT_EQ(labels, slow.label) << g.text();
    const std::vector<std::uint64_t> counters(fast.counter.begin(), fast.counter.end());
    ASSERT_EQ(testing::check_generalized_sg(g, labels, counters), "") << g.text();
    std::vector<std::uint64_t> slow_counters;
    for (int c : slow.counter) slow_counters.push_back(static_cast<std::uint64_t>(c));
    ASSERT_EQ(testing::check_generalized_sg(g, slow.label, slow_counters), "") << g.text();
    for (int l : labels) {
      infinite_seen += l == kReferenceInfinite;
      finite_above_zero_seen += l > 0;
    }
  }
  // The random graphs exercise both kinds of value.
  EXPECT_GT(infinite_seen, 1000);
  EXPECT_GT(finite_above_zero_seen, 1000);
}

TEST(LoopyLabelling, RepeatedEdgesAndSelfLoops) {
  // Repeated edges count once per edge in the bad-follower counts and once per
  // edge in the predecessor lists: values must not depend on them.
  std::mt19937_64 rng(7);
  Context context;
  for (int trial = 0; trial < 500; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 8);
    SmallDigraph g = testing::random_digraph(rng, n, 0.3);
    SmallDigraph doubled = g;
    for (auto& next : doubled.next) {
      const std::vector<int> copy = next;
      for (int w : copy)
        if (rng() % 2) next.push_back(w);
      std::shuffle(next.begin(), next.end(), rng);
    }
    const Rows r = rows_of(doubled);
    const LoopyLabelling fast = label_loopy_graph(LoopyGraph{r.offsets, r.targets, {}}, context);
    ASSERT_EQ(reference_style(fast.label), testing::reference_labelling(g).label) << doubled.text();
  }
}

TEST(LoopyLabelling, AcyclicGraphsGiveTheSpragueGrundyFunction) {
  std::mt19937_64 rng(31);
  Context context;
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = 1 + rng() % 50;
    std::vector<std::pair<GameGraph::Vertex, GameGraph::Vertex>> edges;
    for (std::size_t v = 1; v < n; ++v) {
      for (std::size_t k = rng() % 6; k > 0; --k)
        edges.emplace_back(static_cast<GameGraph::Vertex>(v), static_cast<GameGraph::Vertex>(rng() % v));
    }
    const GameGraph g = GameGraph::from_edges(n, edges);
    const std::vector<Nimber> plain = g.all_values();
    const LoopyLabelling loopy = label_loopy_graph(LoopyGraph{g.row_offsets(), g.edge_targets(), {}}, context);
    for (std::size_t v = 0; v < n; ++v) ASSERT_EQ(Nimber{loopy.label[v]}, plain[v]);
    const GameGraphValues values = GameGraphValues::compute(g, context);
    EXPECT_FALSE(values.has_cycles());
    EXPECT_FALSE(values.counter(0).has_value());
  }
}

// A graph whose vertices 0..split-1 are closed under moves (labelled first, as
// known vertices) and split..n-1 point anywhere: the two-step labelling equals
// the one-step labelling, and the joined counters satisfy A, B and C.
TEST(LoopyLabelling, IncrementalEqualsAtOnce) {
  std::mt19937_64 rng(99);
  Context context;
  for (int trial = 0; trial < 2000; ++trial) {
    const int old_count = 1 + static_cast<int>(rng() % 7);
    const int n = old_count + 1 + static_cast<int>(rng() % 7);
    SmallDigraph g;
    g.next.resize(n);
    std::bernoulli_distribution edge(std::uniform_real_distribution<double>(0.1, 0.5)(rng));
    for (int v = 0; v < n; ++v)
      for (int w = 0; w < (v < old_count ? old_count : n); ++w)
        if (edge(rng)) g.next[v].push_back(w);

    SmallDigraph old_part;
    old_part.next.assign(g.next.begin(), g.next.begin() + old_count);
    const Rows old_rows = rows_of(old_part);
    const LoopyLabelling first = label_loopy_graph(LoopyGraph{old_rows.offsets, old_rows.targets, {}}, context);

    // The new vertices renumbered from 0; old ones become known vertices.
    std::vector<KnownVertex> known(old_count);
    for (int v = 0; v < old_count; ++v) {
      known[v].label = first.label[v];
      if (first.label[v] == kInfiniteLabel) {
        for (int w : g.next[v])
          if (first.label[w] != kInfiniteLabel) known[v].reachable.push_back(first.label[w]);
        std::sort(known[v].reachable.begin(), known[v].reachable.end());
      }
    }
    Rows new_rows;
    for (int v = old_count; v < n; ++v) {
      for (int w : g.next[v])
        new_rows.targets.push_back(static_cast<std::uint32_t>(w >= old_count ? w - old_count : (n - old_count) + w));
      new_rows.offsets.push_back(new_rows.targets.size());
    }
    const LoopyLabelling second =
        label_loopy_graph(LoopyGraph{new_rows.offsets, new_rows.targets, known}, context, first.next_counter);

    std::vector<LoopyLabel> joined = first.label;
    joined.insert(joined.end(), second.label.begin(), second.label.end());
    std::vector<std::uint64_t> counters(first.counter.begin(), first.counter.end());
    counters.insert(counters.end(), second.counter.begin(), second.counter.end());
    ASSERT_EQ(reference_style(joined), testing::reference_labelling(g).label) << g.text();
    ASSERT_EQ(testing::check_generalized_sg(g, reference_style(joined), counters), "") << g.text();
  }
}

TEST(LoopyLabelling, MemoryBoundIsRefusedBeforeWork) {
  ContextOptions options;
  options.memory_bytes = 1000;
  Context context(options);
  const SmallDigraph g = SmallDigraph::nim(200);
  const Rows r = rows_of(g);
  EXPECT_THROW((void)label_loopy_graph(LoopyGraph{r.offsets, r.targets, {}}, context), LimitError);
}

TEST(LoopyLabelling, StopsWhenTheContextIsStopped) {
  // A long cycle with exits: enough work to reach a poll.
  const std::size_t n = 200'000;
  std::vector<std::pair<GameGraph::Vertex, GameGraph::Vertex>> edges;
  for (std::size_t v = 0; v < n; ++v) {
    edges.emplace_back(static_cast<GameGraph::Vertex>(v), static_cast<GameGraph::Vertex>((v + 1) % n));
    if (v % 3 == 0) edges.emplace_back(static_cast<GameGraph::Vertex>(v), static_cast<GameGraph::Vertex>((v + 7) % n));
  }
  const GameGraph g = GameGraph::from_edges(n, edges);
  Context context;
  context.request_stop();
  EXPECT_THROW((void)GameGraphValues::compute(g, context), Cancelled);
}

}  // namespace
}  // namespace grundy
