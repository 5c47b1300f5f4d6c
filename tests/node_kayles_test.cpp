// Node Kayles on a graph the user draws, as a ruleset: nodekayles(@FILE),
// nodekayles(@FILE)(vertices…) and the inline form nodekayles(a(b,c),…).
// Values of named families against numbers from outside this code (OEIS
// A002187 for paths and cycles, closed forms derived below for stars and
// complete graphs, a brute force here for the Petersen graph), the grid
// ruleset nodekayles_grid on the same boards, printing that parses back,
// errors with their places, the memory bound and cancellation through the
// Context, and the `grundy` command as a real process.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/placement/board.hpp"
#include "cli_runner.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::parse;
using testing::value_of;
using Edges = std::vector<std::pair<int, int>>;

// Scratch files of this process (CTest runs tests two at a time). A file is
// read once per run (Context), so a graph of other content needs another name.
std::string scratch(const std::string& name) {
  return ::testing::TempDir() + "node_kayles_" + std::to_string(::getpid()) + "_" + name;
}

// A game graph file of the undirected graph: vertex i is named prefix + i, each
// edge is listed once at its smaller end, isolated vertices on lines of their own.
std::string write_graph(const std::string& name, int n, const Edges& edges, const std::string& prefix = "v") {
  std::vector<std::vector<int>> later(static_cast<std::size_t>(n));
  for (auto [u, v] : edges) later[static_cast<std::size_t>(std::min(u, v))].push_back(std::max(u, v));
  std::ostringstream text;
  for (int v = 0; v < n; ++v) {
    text << prefix << v << ":";
    for (int w : later[static_cast<std::size_t>(v)]) text << " " << prefix << w;
    text << "\n";
  }
  const std::string path = scratch(name);
  std::ofstream(path) << text.str();
  return path;
}

Edges path_edges(int n) {
  Edges e;
  for (int v = 0; v + 1 < n; ++v) e.emplace_back(v, v + 1);
  return e;
}

Edges cycle_edges(int n) {
  Edges e = path_edges(n);
  e.emplace_back(n - 1, 0);
  return e;
}

Edges petersen_edges() {
  Edges e;
  for (int i = 0; i < 5; ++i) {
    e.emplace_back(i, (i + 1) % 5);          // outer pentagon
    e.emplace_back(i, i + 5);                // spokes
    e.emplace_back(5 + i, 5 + (i + 2) % 5);  // inner pentagram
  }
  return e;
}

// The definition, written out once more and independent of the library:
// g(S) = mex { g(S - N[v]) : v in S } over bitmasks, memoised.
class Definition {
 public:
  Definition(int n, const Edges& edges) : closed_(static_cast<std::size_t>(n)), memo_(std::size_t{1} << n, -1) {
    for (int v = 0; v < n; ++v) closed_[static_cast<std::size_t>(v)] = 1U << v;
    for (auto [u, v] : edges) {
      closed_[static_cast<std::size_t>(u)] |= 1U << v;
      closed_[static_cast<std::size_t>(v)] |= 1U << u;
    }
  }
  int value(std::uint32_t set) {
    int& m = memo_[set];
    if (m >= 0) return m;
    std::vector<bool> seen(33);
    for (std::uint32_t s = set; s != 0; s &= s - 1) {
      seen[static_cast<std::size_t>(value(set & ~closed_[static_cast<std::size_t>(__builtin_ctz(s))]))] = true;
    }
    int mex = 0;
    while (seen[static_cast<std::size_t>(mex)]) ++mex;
    return memo_[set] = mex;
  }

 private:
  std::vector<std::uint32_t> closed_;
  std::vector<int> memo_;
};

// "n a(n)" lines of a published table (tests/data).
std::map<int, Nimber> reference(const std::string& name) {
  std::map<int, Nimber> terms;
  for (const auto& [n, value] : grundy::testing::reference_terms(name)) terms[static_cast<int>(n)] = value;
  return terms;
}

// On the path P_n a move takes the only vertex of P_1, two at an end (all of
// P_2) or three inside, leaving one or two paths: the octal game 0.137
// (Dawson's chess), OEIS A002187. On the cycle C_n (n >= 3) every move leaves
// P_{n-3}, so g(C_n) = 1 when A002187(n-3) = 0 and 0 otherwise. Paths and
// cycles are read from files here, and paths also as sums of separate paths.
TEST(NodeKayles, PathsAndCyclesAgainstOeisA002187) {
  const auto a = reference("oeis_A002187_dawsons_chess_0.137_terms.txt");
  ASSERT_GE(a.size(), 100u);
  for (int n = 1; n <= 80; ++n) {
    const std::string p = write_graph("path" + std::to_string(n) + ".graph", n, path_edges(n));
    EXPECT_EQ(value_of(parse("nodekayles(@" + p + ")")), a.at(n)) << "P_" << n;
    if (n >= 3) {
      const std::string c = write_graph("cycle" + std::to_string(n) + ".graph", n, cycle_edges(n));
      EXPECT_EQ(value_of(parse("nodekayles(@" + c + ")")), a.at(n - 3) == 0 ? 1u : 0u) << "C_" << n;
    }
  }
  // Two paths in one graph (P_m and P_k with no edge between): components are
  // valued separately, so the value is A002187(m) xor A002187(k). The vertex
  // between them is left out by naming the others.
  for (int m = 1; m <= 12; ++m) {
    for (int k = 1; k <= 12; ++k) {
      const std::string p = write_graph("two" + std::to_string(m + k + 1) + ".graph", m + k + 1, path_edges(m + k + 1));
      std::string vertices;
      for (int v = 0; v < m + k + 1; ++v) {
        if (v != m) vertices += (vertices.empty() ? "v" : ",v") + std::to_string(v);
      }
      EXPECT_EQ(value_of(parse("nodekayles(@" + p + ")(" + vertices + ")")), a.at(m) ^ a.at(k)) << m << " " << k;
    }
  }
}

// The star K_{1,n}: taking the centre empties it (0); taking a leaf removes
// the centre with it and leaves n-1 isolated vertices, worth (n-1) mod 2. So
// g = mex{0, (n-1) mod 2}: 1 for odd n, 2 for even n. The complete graph K_n
// (n >= 1): every move empties it, g = 1. Both inline and from files.
TEST(NodeKayles, StarsAndCompleteGraphs) {
  for (int n = 1; n <= 40; ++n) {
    std::string star = "nodekayles(c(";
    for (int leaf = 0; leaf < n; ++leaf) star += (leaf ? ",l" : "l") + std::to_string(leaf);
    star += "))";
    EXPECT_EQ(value_of(parse(star)), n % 2 == 1 ? 1u : 2u) << star;
    Edges complete;
    for (int u = 0; u < n; ++u)
      for (int v = u + 1; v < n; ++v) complete.emplace_back(u, v);
    const std::string k = write_graph("complete" + std::to_string(n) + ".graph", n, complete);
    EXPECT_EQ(value_of(parse("nodekayles(@" + k + ")")), 1u) << "K_" << n;
  }
  // K_{1,2} is P_3, worth 2; a lone vertex is 1; two isolated vertices 0.
  EXPECT_EQ(value_of(parse("nodekayles(a,b(a),c(b))")), 2u);
  EXPECT_EQ(value_of(parse("nodekayles(a)")), 1u);
  EXPECT_EQ(value_of(parse("nodekayles(a,b)")), 0u);
}

// The Petersen graph against the brute force above; it is vertex-transitive,
// so the first player wins (value 1) exactly when every move leaves a
// P-position, and the analysis lists all ten as winning.
TEST(NodeKayles, PetersenGraph) {
  Definition definition(10, petersen_edges());
  const int expected = definition.value((1U << 10) - 1);
  const std::string file = std::string(GRUNDY_SOURCE_DIR) + "/examples/petersen.graph";
  const Position p = parse("nodekayles(@" + file + ")");
  EXPECT_EQ(value_of(p), static_cast<Nimber>(expected));
  EXPECT_EQ(expected, 1);
  const SumAnalysis a = analyze(p, testing::context(), AnalysisOptions{false, 100});
  EXPECT_EQ(a.winning_move_total, 10u);
  for (const Move& m : a.winning_moves) {
    const Position after = parse(m.after().text());
    EXPECT_EQ(value_of(after), 0u) << m.after().text();
  }
  // The same graph under other names, from a file of our own.
  EXPECT_EQ(value_of(parse("nodekayles(@" + write_graph("petersen.graph", 10, petersen_edges()) + ")")), 1u);
}

// Random graphs of up to 14 vertices: every subset of a few of them, and the
// whole graph with its moves to every value, against the definition.
TEST(NodeKayles, RandomGraphsAgainstTheDefinition) {
  std::mt19937_64 random(11);
  for (int trial = 0; trial < 60; ++trial) {
    const int n = 1 + static_cast<int>(random() % 14);
    const double density = 0.1 + static_cast<double>(random() % 50) / 100.0;
    Edges edges;
    for (int u = 0; u < n; ++u)
      for (int v = u + 1; v < n; ++v)
        if (std::uniform_real_distribution<double>(0, 1)(random) < density) edges.emplace_back(u, v);
    Definition definition(n, edges);
    const std::string file = write_graph("random.graph", n, edges);
    Context context;  // a new graph under the same path: a new run
    const Position whole = Registry::builtin().parse("nodekayles(@" + file + ")");
    ASSERT_EQ(whole.value(context), Value(static_cast<Nimber>(definition.value((1U << n) - 1))));
    for (int q = 0; q < 10; ++q) {
      std::uint32_t mask = 0;
      std::string vertices;
      for (int v = 0; v < n; ++v) {
        if (random() % 3 == 0) continue;
        mask |= 1U << v;
        vertices += (vertices.empty() ? "v" : ",v") + std::to_string(v);
      }
      if (mask == 0) continue;
      const Position part = Registry::builtin().parse("nodekayles(@" + file + ")(" + vertices + ")");
      ASSERT_EQ(part.value(context), Value(static_cast<Nimber>(definition.value(mask)))) << part.text();
    }
    // Moves to each value: exactly the options of that value.
    for (Nimber target = 0; target <= 4; ++target) {
      const OptionList listed = whole[0].options_to_value(context, target, 100);
      std::uint64_t expected = 0;
      whole[0].for_each_option(context, [&](ComponentOption&& o) {
        expected += o.after.value(context) == Value(target) ? 1 : 0;
        return true;
      });
      ASSERT_EQ(listed.total, expected) << whole.text() << " target " << target;
      for (const ComponentOption& o : listed.listed) ASSERT_EQ(o.after.value(context), Value(target));
    }
  }
}

// Grid graphs with blocked cells: the same boards through nodekayles_grid (the
// placement search) and through a grid graph file with the free cells named.
TEST(NodeKayles, GridsEqualTheGridRuleset) {
  std::mt19937_64 random(5);
  for (int trial = 0; trial < 40; ++trial) {
    const int rows = 1 + static_cast<int>(random() % 4);
    const int cols = 1 + static_cast<int>(random() % 5);
    Edges edges;
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        if (c + 1 < cols) edges.emplace_back(r * cols + c, r * cols + c + 1);
        if (r + 1 < rows) edges.emplace_back(r * cols + c, (r + 1) * cols + c);
      }
    }
    const std::string file = write_graph("grid.graph", rows * cols, edges, "c");
    placement::Board board = placement::empty_board(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols));
    std::string free;
    for (int cell = 0; cell < rows * cols; ++cell) {
      if (random() % 4 == 0) {
        board.free[static_cast<std::size_t>(cell)] = 0;
      } else {
        free += (free.empty() ? "c" : ",c") + std::to_string(cell);
      }
    }
    if (free.empty()) continue;
    Context context;
    const Position graph = Registry::builtin().parse("nodekayles(@" + file + ")(" + free + ")");
    const Position grid =
        Registry::builtin().parse("nodekayles_grid(" + placement::board_to_inline(board) + ")");
    ASSERT_EQ(graph.value(context), grid.value(context)) << grid.text();
    // The same number of winning moves.
    const SumAnalysis a = analyze(graph, context, AnalysisOptions{false, 100});
    const SumAnalysis b = analyze(grid, context, AnalysisOptions{false, 100});
    ASSERT_EQ(a.winning_move_total, b.winning_move_total) << grid.text();
  }
}

// Printing: a file graph as the file (alone when whole, else with the vertices
// left), an inline graph as the induced subgraph, canonically; names that are
// no plain word in quotes. Each prints text that parses back to itself.
TEST(NodeKayles, PositionsPrintAsExpressionsThatParseBack) {
  const std::string file = scratch("names.graph");
  std::ofstream(file) << "# names of every kind\na: b, x.y 7\nx.y: -z\n7\n_w: a\n123456789012345678901234: b\n";
  const Position whole = parse("nodekayles(@" + file + ")");
  EXPECT_EQ(whole.text(), "nodekayles(@" + file + ")");
  // Naming every vertex is the whole graph.
  EXPECT_EQ(parse("nodekayles(@" + file + ")(_w,7,\"-z\",\"x.y\",a,b,\"123456789012345678901234\")").text(), whole.text());
  std::vector<std::string> after;
  std::vector<std::string> actions;
  whole[0].for_each_option(testing::context(), [&](ComponentOption&& o) {
    after.push_back(o.after.text());
    actions.push_back(o.action);
    return true;
  });
  // Vertices in file order: a, b, x.y, 7, -z, _w, then the long number (too
  // long for 64 bits, so quoted).
  ASSERT_EQ(after.size(), 7u);
  EXPECT_EQ(after[0], "nodekayles(@" + file + ")(\"-z\",\"123456789012345678901234\")");
  EXPECT_EQ(actions[0], "take vertex a and its neighbours b, x.y, 7, _w");
  EXPECT_EQ(actions[4], "take vertex -z and its neighbour x.y");  // one neighbour: singular
  EXPECT_EQ(after[2], "nodekayles(@" + file + ")(b,7,_w,\"123456789012345678901234\")");
  for (const std::string& text : after) {
    EXPECT_EQ(parse(text).text(), text);
    EXPECT_TRUE(parse(text) == parse(text));
  }
  // Inline: vertices in order of first appearance, each with its earlier
  // neighbours; a self-loop is dropped.
  const Position drawn = parse("nodekayles(a(b,c), c(d,c), e)");
  EXPECT_EQ(drawn.text(), "nodekayles(a,b(a),c(a),d(c),e)");
  EXPECT_TRUE(parse(drawn.text()) == drawn);
  std::vector<std::string> options;
  drawn[0].for_each_option(testing::context(), [&](ComponentOption&& o) {
    options.push_back(o.after.text());
    return true;
  });
  EXPECT_EQ(options, (std::vector<std::string>{"nodekayles(d,e)", "nodekayles(c,d(c),e)", "nodekayles(b,e)",
                                                "nodekayles(a,b(a),e)", "nodekayles(a,b(a),c(a),d(c))"}));
  // Two vertices of one closed neighbourhood (the ends of an edge) leave the
  // same position by two moves, each in its own words, listed and winning.
  std::vector<std::string> twins;
  parse("nodekayles(a(b),c)")[0].for_each_option(testing::context(), [&](ComponentOption&& o) {
    twins.push_back(o.action + " -> " + o.after.text());
    return true;
  });
  EXPECT_EQ(twins, (std::vector<std::string>{"take vertex a and its neighbour b -> nodekayles(c)",
                                             "take vertex b and its neighbour a -> nodekayles(c)",
                                             "take vertex c (no neighbours left) -> nodekayles(a,b(a))"}));
  const OptionList to_one = parse("nodekayles(a(b),c)")[0].options_to_value(testing::context(), 1, 10);
  ASSERT_EQ(to_one.total, 3u);
  EXPECT_EQ(to_one.listed[1].action, "take vertex b and its neighbour a");
  // The last vertex taken leaves the empty game.
  parse("nodekayles(a)")[0].for_each_option(testing::context(), [&](ComponentOption&& o) {
    EXPECT_EQ(o.after.text(), "0");
    EXPECT_EQ(o.action, "take vertex a (no neighbours left)");
    return true;
  });
  // Numbered vertices, ranges and repeats in the vertex list.
  const std::string numbered = write_graph("numbered.graph", 6, path_edges(6), "");
  EXPECT_EQ(parse("nodekayles(@" + numbered + ")(4,0..2,1)").text(), "nodekayles(@" + numbered + ")(0,1,2,4)");
  // A self-loop in a file changes nothing.
  const std::string loops = scratch("loops.graph");
  std::ofstream(loops) << "a: a b\nb: b c\nc: c\n";
  EXPECT_EQ(value_of(parse("nodekayles(@" + loops + ")")), 2u);  // P_3
}

// Sums with other rulesets: the winning moves' whole positions parse and are
// worth 0.
TEST(NodeKayles, SumsWithOtherRulesets) {
  const std::string file = std::string(GRUNDY_SOURCE_DIR) + "/examples/petersen.graph";
  for (const std::string& text : {"nodekayles(@" + file + ") + nim(1)", "nodekayles(@" + file + ") + nim(3)",
                                  "nodekayles(a,b(a),c(b),d(c)) + kayles(5) + nodekayles(@" + file + ")(o0,o1,i3)"}) {
    const Position p = parse(text);
    const SumAnalysis a = analyze(p, testing::context(), AnalysisOptions{false, 100});
    for (const Move& m : a.winning_moves) {
      EXPECT_EQ(value_of(parse(m.after().text())), 0u) << text << " -> " << m.after().text();
    }
    EXPECT_EQ(a.winning_move_total == 0, value_of(p) == 0) << text;
  }
}

// Bad input: one InputError naming the place, never a crash.
TEST(NodeKayles, ErrorsNameThePlace) {
  const std::string file = write_graph("errors.graph", 3, path_edges(3));
  auto message = [](const std::string& text) -> std::string {
    try {
      (void)parse(text);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(message("nodekayles(@" + file + ")(v0,zz)"),
            "column " + std::to_string(18 + file.size()) + ": the graph " + file + " has no vertex 'zz'");
  EXPECT_NE(message("nodekayles(@" + file + ")(0..3)").find("has no vertex '0'"), std::string::npos);
  EXPECT_NE(message("nodekayles(@" + file + ")(f(x))").find("by its name"), std::string::npos);
  EXPECT_NE(message("nodekayles(@/nonexistent/x.graph)").find("/nonexistent/x.graph: cannot open"), std::string::npos);
  const std::string bad = scratch("bad.graph");
  std::ofstream(bad) << "a: b\nb ? c\n";
  EXPECT_EQ(message("nodekayles(@" + bad + ")"), bad + ":2:3: expected ':' after the vertex name, found '?'");
  EXPECT_NE(message("nodekayles(a(3))").find("column 14: in a graph written inline a vertex is a name"),
            std::string::npos);
  EXPECT_NE(message("nodekayles(a{b})").find("column 12"), std::string::npos);
  EXPECT_NE(message("nodekayles(a(b(c)))").find("a neighbour is a vertex name"), std::string::npos);
  EXPECT_NE(message("nodekayles(@" + file + ",a)").find("stands alone"), std::string::npos);
  EXPECT_NE(message("nodekayles(a)(b)").find("as @file"), std::string::npos);
  EXPECT_NE(message("nodekayles()").find("no position"), std::string::npos);
  // Beyond the solver's 256 vertices: refused as a limit, naming the file.
  const std::string big = write_graph("big.graph", 257, path_edges(257));
  try {
    (void)parse("nodekayles(@" + big + ")");
    ADD_FAILURE() << "257 vertices accepted";
  } catch (const LimitError& e) {
    EXPECT_EQ(e.where().file, big);
    EXPECT_NE(std::string(e.what()).find("at most 256 vertices"), std::string::npos) << e.what();
  }
  // 256 vertices are fine (a path: no search at all).
  EXPECT_EQ(value_of(parse("nodekayles(@" + write_graph("p256.graph", 256, path_edges(256)) + ")")),
            value_of(parse("nodekayles_path(256)")));
}

// A random graph on 48 vertices, average degree 3: far too long to finish
// under a stop, and exact under a memory bound.
std::string random_graph_file(const std::string& name, int n, int edge_count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  Edges edges;
  while (static_cast<int>(edges.size()) < edge_count) {
    const int u = static_cast<int>(random() % static_cast<std::uint64_t>(n));
    const int v = static_cast<int>(random() % static_cast<std::uint64_t>(n));
    if (u == v || std::find(edges.begin(), edges.end(), std::pair{std::min(u, v), std::max(u, v)}) != edges.end())
      continue;
    edges.emplace_back(std::min(u, v), std::max(u, v));
  }
  return write_graph(name, n, edges);
}

TEST(NodeKayles, CancelledThroughTheContext) {
  const std::string file = random_graph_file("cancel.graph", 120, 180, 3);
  Context context;
  const Position p = Registry::builtin().parse("nodekayles(@" + file + ")");
  int polls = 0;
  context.set_poll_hook([&] {
    if (++polls == 3) context.request_stop();
  });
  EXPECT_THROW((void)p.value(context), Cancelled);
  EXPECT_GE(polls, 3);
}

TEST(NodeKayles, MemoryBoundKeepsValuesExact) {
  const std::string file = random_graph_file("bounded.graph", 34, 51, 9);
  Context free_run;
  const Position unbounded = Registry::builtin().parse("nodekayles(@" + file + ")");
  const Value expected = unbounded.value(free_run);
  ContextOptions options;
  options.memory_bytes = 1 << 16;  // the solver's minimum: its table flushes often
  Context bounded_run(options);
  const Position bounded = Registry::builtin().parse("nodekayles(@" + file + ")");
  EXPECT_EQ(bounded.value(bounded_run), expected);
  const SumAnalysis a = analyze(unbounded, free_run, AnalysisOptions{false, 100});
  const SumAnalysis b = analyze(bounded, bounded_run, AnalysisOptions{false, 100});
  EXPECT_EQ(a.winning_move_total, b.winning_move_total);
}

// ---- the grundy command, as a real process ----

using cli_runner::CliRun;
using cli_runner::grundy;

TEST(NodeKaylesCli, ValueAndWinningMovesOfTheExample) {
  const std::string file = std::string(GRUNDY_SOURCE_DIR) + "/examples/petersen.graph";
  CliRun run = grundy("value 'nodekayles(@" + file + ")' --json");
  ASSERT_EQ(run.status, 0) << run.out;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["value"], 1);
  EXPECT_EQ(j["winning_move_count"], 10);
  EXPECT_EQ(j["winning_moves"][0]["action"], "take vertex o0 and its neighbours o1, i0, o4");
  EXPECT_EQ(j["winning_moves"][0]["after"], "nodekayles(@" + file + ")(o2,i1,o3,i2,i3,i4)");
  // The position after, typed in again, is a P-position.
  run = grundy("value 'nodekayles(@" + file + ")(o2,i1,o3,i2,i3,i4)' --json");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(nlohmann::json::parse(run.out)["value"], 0);
  run = grundy("value 'nodekayles(a(b,c),c(d)) + nim(2)'");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("nodekayles(a,b(a),c(a),d(c))"), std::string::npos) << run.out;
}

TEST(NodeKaylesCli, BadInputExitsTwoWithThePlace) {
  const std::string malformed = scratch("cli_malformed.graph");
  std::ofstream(malformed) << "a: b\nb: c d\nc: ,\n";
  const std::string good = write_graph("cli_good.graph", 3, path_edges(3));
  const std::string expression = scratch("cli_expression.txt");
  std::ofstream(expression) << "nim(1) +\n  nodekayles(@" << good << ")(v1, nope)\n";
  const std::string big = write_graph("cli_big.graph", 300, path_edges(300));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"value 'nodekayles(@" + malformed + ")'", malformed + ":3:4: expected a successor name"},
      {"value 'nodekayles(@" + good + ")(v1,nope)'", "column " + std::to_string(18 + good.size()) + ": the graph"},
      {"value -f " + expression, expression + ":2:" + std::to_string(21 + good.size()) + ": the graph " + good +
                                     " has no vertex 'nope'"},
      {"value 'nodekayles(a(1))'", "column 14"},
      {"value 'nodekayles(@" + big + ")'", big + ": Node Kayles is solved here for graphs of at most 256"},
      {"value 'nodekayles(@/nonexistent.graph)'", "/nonexistent.graph: cannot open"},
  };
  for (const auto& [args, expected] : cases) {
    const CliRun run = grundy(args);
    EXPECT_EQ(run.status, 2) << args << "\n" << run.out;
    EXPECT_NE(run.out.find(expected), std::string::npos) << args << "\n" << run.out;
    EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << "one line: " << run.out;
  }
}

// Ctrl-C stops a search far too long to finish: exit 130. The 10 s bound only
// catches a hang; how fast it stops is the cancellation suite's business.
TEST(NodeKaylesCli, CtrlCStopsALongSearch) {
  const std::string file = random_graph_file("cli_long.graph", 120, 180, 3);
  // Progress lines from 0.2 s on: what the search has stored, while it runs.
  const cli_runner::Signalled run = cli_runner::run_and_signal(
      {"value", "nodekayles(@" + file + ")", "--progress", "--progress-after", "0.2"}, 0.7 + cli_runner::kStartAllowance,
      SIGINT);
  ASSERT_TRUE(run.exited);
  EXPECT_EQ(run.status, 130);
  EXPECT_LT(run.seconds, 10.0);
  const std::string& text = run.err;
  EXPECT_NE(text.find("interrupted"), std::string::npos) << text;
  EXPECT_NE(text.find("grundy: node kayles: "), std::string::npos) << text;
  EXPECT_NE(text.find(" components stored, "), std::string::npos) << text;
}

}  // namespace
}  // namespace grundy
