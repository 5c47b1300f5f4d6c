#include "grundy/rulesets.hpp"

#include <map>
#include <memory>

#include "grundy/game_graph.hpp"
#include "grundy/input_error.hpp"
#include "grundy/rulesets/constrained_nim.hpp"
#include "grundy/rulesets/moore_nim.hpp"
#include "grundy/rulesets/nim.hpp"
#include "grundy/rulesets/staircase_nim.hpp"
#include "grundy/rulesets/subtraction.hpp"
#include "grundy/placement/placement_component.hpp"
#include "grundy/solver.hpp"
#include "grundy/take_and_break/take_and_break.hpp"

namespace grundy {
namespace {

// A list argument expands ranges; this bounds what one range may expand to.
constexpr std::uint64_t kMaxListLength = 10'000'000;

[[noreturn]] void fail_at(const std::string& message, std::size_t column) {
  throw InputError(message, SourceLocation{"", 0, column});
}

std::uint64_t integer_arg(const ExprArg& arg, const std::string& what) {
  if (arg.kind != ExprArg::Kind::integer) fail_at(what + " must be a whole number, not '" + arg.text + "'", arg.column);
  return arg.integer;
}

// Integers and ranges a..b, in order.
std::vector<std::uint64_t> integer_list(const ExprGroup& group, const std::string& what) {
  std::vector<std::uint64_t> out;
  for (const ExprArg& arg : group.args) {
    if (arg.kind == ExprArg::Kind::integer) {
      out.push_back(arg.integer);
    } else if (arg.kind == ExprArg::Kind::range) {
      if (arg.range_high - arg.integer >= kMaxListLength || out.size() + (arg.range_high - arg.integer) >= kMaxListLength)
        fail_at("the range " + arg.text + " is too long (at most " + std::to_string(kMaxListLength) + " numbers)", arg.column);
      for (std::uint64_t v = arg.integer;; ++v) {
        out.push_back(v);
        if (v == arg.range_high) break;
      }
    } else {
      fail_at(what + " must be whole numbers, not '" + arg.text + "'", arg.column);
    }
  }
  return out;
}

// Runs a factory; its parameter errors get the column of the term.
template <class F>
auto at_term(const ExprTerm& term, F&& make) {
  try {
    return make();
  } catch (const InputError& e) {
    if (!e.where().file.empty()) throw;
    // A column from a factory counts within the term's head (a take-and-break code).
    if (e.where().column != 0) throw InputError(e.message(), SourceLocation{"", 0, term.column + e.where().column - 1});
    throw InputError(term.head + ": " + e.message(), SourceLocation{"", 0, term.column});
  }
}

// Splits a term into its parameter groups and (in a sum) its position group.
struct TermParts {
  std::vector<const ExprGroup*> params;
  const ExprGroup* positions = nullptr;
};

TermParts split_term(const ExprTerm& term, bool with_positions) {
  TermParts parts;
  for (const ExprGroup& g : term.groups) parts.params.push_back(&g);
  if (with_positions) {
    if (parts.params.empty() || parts.params.back()->open != '(') {
      fail_at("'" + term.head + "' needs its positions in parentheses, e.g. " + term.head + "(…)(5)",
              term.column + term.text.size());
    }
    parts.positions = parts.params.back();
    parts.params.pop_back();
    if (parts.positions->args.empty()) fail_at("no positions given in '()'", parts.positions->column);
  }
  return parts;
}

void expect_param_groups(const ExprTerm& term, const TermParts& parts, std::size_t count, const std::string& usage) {
  if (parts.params.size() != count) {
    const std::size_t column = parts.params.empty() ? term.column : parts.params.front()->column;
    fail_at("'" + term.head + "' is written " + usage, column);
  }
}

HeapRulePtr subtraction_rule(const ExprTerm& term, const TermParts& parts) {
  const std::string usage = "sub{1,3,4}, sub(odd), sub(even), sub(all), sub(fib) or sub(allbut{2,5})";
  expect_param_groups(term, parts, 1, usage);
  const ExprGroup& group = *parts.params[0];
  if (group.open == '{') {
    auto set = integer_list(group, "the numbers of a subtraction set");
    return at_term(term, [&] { return make_subtraction(std::move(set)); });
  }
  if (group.args.size() != 1) fail_at("'sub' is written " + usage, group.column);
  const ExprArg& arg = group.args[0];
  if (arg.kind == ExprArg::Kind::word) {
    if (arg.text == "odd") return make_subtraction_odd();
    if (arg.text == "all") return make_subtraction_all();
    if (arg.text == "even") return make_subtraction_even();
    if (arg.text == "fib" || arg.text == "fibonacci") return make_subtraction_fibonacci();
  }
  if (arg.kind == ExprArg::Kind::call && arg.text.rfind("allbut", 0) == 0 && arg.groups.size() == 1) {
    auto excluded = integer_list(arg.groups[0], "the excluded numbers");
    return at_term(term, [&] { return make_subtraction_all_but(std::move(excluded)); });
  }
  fail_at("unknown subtraction set '" + arg.text + "'; write " + usage, arg.column);
}

// A heap rule by name, or nullptr if the name is not a heap rule.
HeapRulePtr heap_rule(const ExprTerm& term, const TermParts& parts) {
  const std::string& name = term.head;
  if (term.head_is_code || is_take_and_break_name(name)) {
    expect_param_groups(term, parts, 0, name + "(heaps…): a take-and-break rule has no parameters");
    return at_term(term, [&] { return make_take_and_break(name); });
  }
  if (name == "nim") {
    expect_param_groups(term, parts, 0, "nim(heaps…)");
    return make_nim();
  }
  if (name == "sub") return subtraction_rule(term, parts);
  if (name == "bash") {
    expect_param_groups(term, parts, 1, "bash(m)(heaps…): take 1 to m");
    if (parts.params[0]->args.size() != 1) fail_at("'bash' takes one parameter m", parts.params[0]->column);
    const std::uint64_t m = integer_arg(parts.params[0]->args[0], "m");
    return at_term(term, [&] { return make_bash(m); });
  }
  if (name == "lr") {
    expect_param_groups(term, parts, 1, "lr(L,R)(heaps…): take between L and R");
    const ExprGroup& g = *parts.params[0];
    if (g.args.size() != 2) fail_at("'lr' takes two parameters L,R", g.column);
    const std::uint64_t low = integer_arg(g.args[0], "L");
    const std::uint64_t high = integer_arg(g.args[1], "R");
    return at_term(term, [&] { return make_constrained_nim(low, high); });
  }
  return nullptr;
}

// Graph files named in one expression are read once.
using GraphCache = std::map<std::string, std::pair<std::shared_ptr<const GameGraph>, std::shared_ptr<const std::vector<Nimber>>>>;

class GraphVertexComponent final : public Component {
 public:
  GraphVertexComponent(std::shared_ptr<const GameGraph> graph, std::shared_ptr<const std::vector<Nimber>> values,
                       GameGraph::Vertex vertex, std::string path)
      : graph_(std::move(graph)), values_(std::move(values)), vertex_(vertex), path_(std::move(path)) {}

  std::string text() const override { return "graph(@" + path_ + ")(" + graph_->name(vertex_) + ")"; }
  Nimber value() const override { return (*values_)[vertex_]; }
  MoveList moves_to_value(Nimber target, std::size_t limit) const override {
    MoveList result;
    for (GameGraph::Vertex w : graph_->successors(vertex_)) {
      if ((*values_)[w] != target) continue;
      ++result.total;
      if (result.listed.size() < limit) {
        result.listed.push_back({"move from " + graph_->name(vertex_) + " to " + graph_->name(w),
                                 "graph(@" + path_ + ")(" + graph_->name(w) + ")"});
      }
    }
    return result;
  }

 private:
  std::shared_ptr<const GameGraph> graph_;
  std::shared_ptr<const std::vector<Nimber>> values_;
  GameGraph::Vertex vertex_;
  std::string path_;
};

void add_graph_vertices(const ExprTerm& term, const TermParts& parts, GraphCache& cache, std::size_t term_index,
                        std::vector<SumComponent>& out) {
  expect_param_groups(term, parts, 1, "graph(@file)(vertices…)");
  const ExprGroup& g = *parts.params[0];
  if (g.args.size() != 1 || g.args[0].kind != ExprArg::Kind::path)
    fail_at("'graph' takes one file: graph(@file)(vertices…)", g.column);
  const std::string& path = g.args[0].text;
  auto it = cache.find(path);
  if (it == cache.end()) {
    auto graph = std::make_shared<const GameGraph>(GameGraph::load(path));
    auto values = std::make_shared<const std::vector<Nimber>>(graph->all_values());
    it = cache.emplace(path, std::make_pair(std::move(graph), std::move(values))).first;
  }
  const auto& [graph, values] = it->second;
  for (const ExprArg& arg : parts.positions->args) {
    if (arg.kind == ExprArg::Kind::path || arg.kind == ExprArg::Kind::call || arg.kind == ExprArg::Kind::range)
      fail_at("a vertex is named by its name in the graph file", arg.column);
    auto vertex = graph->find(arg.text);
    if (!vertex) fail_at("the graph " + path + " has no vertex '" + arg.text + "'", arg.column);
    out.push_back({std::make_unique<GraphVertexComponent>(graph, values, *vertex, path), nullptr, std::nullopt, term_index});
  }
}

std::string known_names() {
  return "nim, sub, bash, lr, moore, staircase, graph, kayles, dawson, officers, treblecross, grundy, lasker, "
         "octal and hexadecimal codes such as 0.77, blocks2x2, cram, bars, polyominoes, nodekayles_grid, "
         "nodekayles_king, nodekayles_path";
}

}  // namespace

std::vector<SumComponent> build_sum(const Expression& expression) {
  std::vector<SumComponent> out;
  GraphCache graphs;
  for (std::size_t t = 0; t < expression.terms.size(); ++t) {
    const ExprTerm& term = expression.terms[t];
    const TermParts parts = split_term(term, true);
    if (HeapRulePtr rule = heap_rule(term, parts)) {
      for (std::uint64_t heap : integer_list(*parts.positions, "heap sizes")) {
        out.push_back({make_heap_component(rule, heap), rule, heap, t});
      }
      continue;
    }
    if (term.head == "moore") {
      expect_param_groups(term, parts, 1, "moore(k)(heaps…)");
      if (parts.params[0]->args.size() != 1) fail_at("'moore' takes one parameter k", parts.params[0]->column);
      const std::uint64_t k = integer_arg(parts.params[0]->args[0], "k");
      auto heaps = integer_list(*parts.positions, "heap sizes");
      out.push_back({at_term(term, [&] { return make_moore_nim(k, std::move(heaps)); }), nullptr, std::nullopt, t});
      continue;
    }
    if (term.head == "staircase") {
      expect_param_groups(term, parts, 0, "staircase(coins on step 0, step 1, …)");
      auto coins = integer_list(*parts.positions, "coin counts");
      out.push_back({at_term(term, [&] { return make_staircase_nim(std::move(coins)); }), nullptr, std::nullopt, t});
      continue;
    }
    if (term.head == "graph") {
      add_graph_vertices(term, parts, graphs, t, out);
      continue;
    }
    if (is_placement_game_name(term.head)) {
      out.push_back({make_placement_component(term), nullptr, std::nullopt, t});
      continue;
    }
    fail_at("unknown ruleset '" + term.head + "' (known: " + known_names() + ")", term.column);
  }
  return out;
}

HeapRulePtr build_heap_rule(const ExprTerm& term) {
  const TermParts parts = split_term(term, false);
  if (HeapRulePtr rule = heap_rule(term, parts)) return rule;
  if (term.head == "moore" || term.head == "staircase" || term.head == "graph" || is_placement_game_name(term.head))
    fail_at("'" + term.head + "' is not a game on one heap, so it has no table; use `grundy value`", term.column);
  fail_at("unknown ruleset '" + term.head + "' (known: " + known_names() + ")", term.column);
}

const std::vector<RulesetHelp>& ruleset_help() {
  static const std::vector<RulesetHelp> help = {
      {"nim(heaps…)", "Nim: take any number from one heap (Bouton)"},
      {"sub{1,3,4}(heaps…)", "subtraction game with a finite set; ranges allowed: sub{1..5}"},
      {"sub(odd)(heaps…)", "take any odd number"},
      {"sub(even)(heaps…)", "take any even number"},
      {"sub(all)(heaps…)", "take any number (Nim on one heap)"},
      {"sub(allbut{2,5})(heaps…)", "take any number except those listed"},
      {"sub(fib)(heaps…)", "take a Fibonacci number (1, 2, 3, 5, 8, …)"},
      {"bash(m)(heaps…)", "Bash: take 1 to m"},
      {"lr(L,R)(heaps…)", "[L,R]-constrained Nim: take between L and R"},
      {"moore(k)(heaps…)", "Moore's Nim_k: take from at least 1 and at most k heaps (one component)"},
      {"staircase(c0,c1,c2,…)", "Staircase Nim: c_i coins on step i, step 0 is the floor"},
      {"graph(@file)(vertices…)", "vertices of a game graph file (docs/graph-format.md)"},
      {"0.77(heaps…), .6(…), 4.3(…), 0x0.F7(…)", "octal and hexadecimal (prefix 0x) take-and-break codes"},
      {"kayles, dawson, officers, treblecross", "named octal games: .77, .07, .6, .007"},
      {"grundy(heaps…)", "Grundy's game: split a heap into two unequal heaps"},
      {"lasker(heaps…)", "Lasker's Nim: take any number, or split a heap into two"},
      {"blocks2x2(8x8), blocks2x2(@board.txt)", "place 2x2 blocks on free cells of a board (one component)"},
      {"cram(7x7)", "Cram: place dominoes in either orientation"},
      {"bars(k)(RxC)", "place straight 1xk bars in either orientation"},
      {"polyominoes(i3,v3,…)(RxC)", "place any of the named polyominoes (docs/placement.md)"},
      {"nodekayles_grid(RxC), nodekayles_king(RxC)", "Node Kayles on a grid or king graph"},
      {"nodekayles_path(n)", "Node Kayles on a path of n vertices"},
  };
  return help;
}

}  // namespace grundy
