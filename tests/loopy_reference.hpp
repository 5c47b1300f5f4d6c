// Independent references for games with cycles, written from the definitions
// and sharing no code with the library:
//  - SmallDigraph and random digraphs with self-loops and cycles;
//  - reference_labelling: the Fraenkel–Yesha stages exactly as stated (find any
//    vertex that may take the stage's label, label it, start the search again),
//    slow and obviously what the text says;
//  - check_generalized_sg: conditions A, B and C of the generalized
//    Sprague–Grundy function checked directly on a labelling and its counters;
//  - ProductOracle: win/lose/draw of every position of a SUM of digraphs by
//    plain retrograde analysis on the product graph (no Sprague–Grundy theory):
//    positions without moves are lost, a position with a move to a lost one is
//    won, a position whose every move goes to a won one is lost, the rest are
//    draws.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace grundy::testing {

struct SmallDigraph {
  std::vector<std::vector<int>> next;  // followers of each vertex

  [[nodiscard]] int size() const { return static_cast<int>(next.size()); }

  // A Nim heap of `heaps` sizes as a digraph: vertex j moves to 0..j-1.
  static SmallDigraph nim(int heaps) {
    SmallDigraph g;
    g.next.resize(heaps);
    for (int j = 0; j < heaps; ++j)
      for (int i = 0; i < j; ++i) g.next[j].push_back(i);
    return g;
  }

  [[nodiscard]] std::string text() const {  // the graph file format
    std::string out;
    for (int v = 0; v < size(); ++v) {
      out += "v" + std::to_string(v) + ":";
      for (int w : next[v]) out += " v" + std::to_string(w);
      out += "\n";
    }
    return out;
  }
};

// n vertices; each ordered pair (self-loops included) is an edge with
// probability `density`; no repeated edges.
inline SmallDigraph random_digraph(std::mt19937_64& rng, int n, double density) {
  std::bernoulli_distribution edge(density);
  SmallDigraph g;
  g.next.resize(n);
  for (int v = 0; v < n; ++v)
    for (int w = 0; w < n; ++w)
      if (edge(rng)) g.next[v].push_back(w);
  return g;
}

constexpr int kReferenceInfinite = -1;

struct ReferenceLabelling {
  std::vector<int> label;  // kReferenceInfinite for ∞
  std::vector<int> counter;
};

// Fraenkel–Yesha, word for word. Stage i: while some unlabelled u has no
// follower labelled i and every follower of u that is unlabelled or ∞ has a
// follower labelled i, label u with i (counter: the next number). Then label ∞
// every unlabelled vertex that has no follower labelled i.
inline ReferenceLabelling reference_labelling(const SmallDigraph& g) {
  constexpr int kUnlabelled = -2;
  const int n = g.size();
  ReferenceLabelling r{std::vector<int>(n, kUnlabelled), std::vector<int>(n, -1)};
  auto has_follower_labelled = [&](int v, int i) {
    return std::any_of(g.next[v].begin(), g.next[v].end(), [&](int w) { return r.label[w] == i; });
  };
  int counter = 0;
  for (int i = 0;; ++i) {
    bool labelled_one = true;
    while (labelled_one) {
      labelled_one = false;
      for (int u = 0; u < n && !labelled_one; ++u) {
        if (r.label[u] != kUnlabelled || has_follower_labelled(u, i)) continue;
        bool every = true;
        for (int v : g.next[u]) {
          if ((r.label[v] == kUnlabelled || r.label[v] == kReferenceInfinite) && !has_follower_labelled(v, i))
            every = false;
        }
        if (every) {
          r.label[u] = i;
          r.counter[u] = counter++;
          labelled_one = true;
        }
      }
    }
    bool any_left = false;
    for (int u = 0; u < n; ++u) {
      if (r.label[u] != kUnlabelled) continue;
      if (!has_follower_labelled(u, i)) {
        r.label[u] = kReferenceInfinite;
      } else {
        any_left = true;
      }
    }
    if (!any_left) return r;
  }
}

// Conditions A, B, C of the generalized Sprague–Grundy function (labels use
// kReferenceInfinite for ∞; counters only matter for finite labels). Returns
// the first violation in words, or an empty string.
inline std::string check_generalized_sg(const SmallDigraph& g, const std::vector<int>& label,
                                        const std::vector<std::uint64_t>& counter) {
  auto finite = [&](int v) { return label[v] != kReferenceInfinite; };
  auto larger = [&](int v, int than) { return !finite(v) || label[v] > than; };
  auto mex_of_finite_followers = [&](int u) {
    std::set<int> values;
    for (int w : g.next[u])
      if (finite(w)) values.insert(label[w]);
    int m = 0;
    while (values.count(m)) ++m;
    return m;
  };
  for (int u = 0; u < g.size(); ++u) {
    const std::string at = "vertex " + std::to_string(u) + ": ";
    if (finite(u)) {
      if (label[u] != mex_of_finite_followers(u)) return at + "A fails (not the mex of its finite followers)";
      for (int v : g.next[u]) {
        if (!larger(v, label[u])) continue;
        bool reversed = false;
        for (int w : g.next[v]) reversed = reversed || (finite(w) && label[w] == label[u] && counter[w] < counter[u]);
        if (!reversed) return at + "B fails at follower " + std::to_string(v);
      }
    } else {
      const int m = mex_of_finite_followers(u);
      bool kept = false;
      for (int v : g.next[u]) {
        if (finite(v)) continue;
        bool reaches_m = false;
        for (int w : g.next[v]) reaches_m = reaches_m || (finite(w) && label[w] == m);
        kept = kept || !reaches_m;
      }
      if (!kept) return at + "C fails";
    }
  }
  return {};
}

enum class OracleOutcome { lose, win, draw };  // for the player to move

// Retrograde analysis of every position of the sum of `parts` (a position picks
// one vertex in each part; a move moves in exactly one part).
class ProductOracle {
 public:
  explicit ProductOracle(std::vector<SmallDigraph> parts) : parts_(std::move(parts)) {
    std::size_t states = 1;
    for (const SmallDigraph& p : parts_) states *= static_cast<std::size_t>(p.size());
    previous_.resize(parts_.size());
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      previous_[i].resize(parts_[i].size());
      for (int v = 0; v < parts_[i].size(); ++v)
        for (int w : parts_[i].next[v]) previous_[i][w].push_back(v);
    }
    outcome_.assign(states, OracleOutcome::draw);
    std::vector<int> undecided(states, 0);  // moves not yet known to go to a won position
    std::vector<char> known(states, 0);
    std::vector<std::size_t> queue;
    for (std::size_t s = 0; s < states; ++s) {
      const std::vector<int> at = decode(s);
      for (std::size_t i = 0; i < parts_.size(); ++i) undecided[s] += static_cast<int>(parts_[i].next[at[i]].size());
      if (undecided[s] == 0) {
        outcome_[s] = OracleOutcome::lose;
        known[s] = 1;
        queue.push_back(s);
      }
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::size_t s = queue[head];
      std::vector<int> at = decode(s);
      for (std::size_t i = 0; i < parts_.size(); ++i) {
        const int here = at[i];
        for (int before : previous_[i][here]) {
          at[i] = before;
          const std::size_t t = encode(at);
          at[i] = here;
          if (known[t]) continue;
          if (outcome_[s] == OracleOutcome::lose) {
            outcome_[t] = OracleOutcome::win;
            known[t] = 1;
            queue.push_back(t);
          } else if (--undecided[t] == 0) {
            outcome_[t] = OracleOutcome::lose;
            known[t] = 1;
            queue.push_back(t);
          }
        }
      }
    }
  }

  [[nodiscard]] OracleOutcome outcome(const std::vector<int>& at) const { return outcome_[encode(at)]; }
  [[nodiscard]] std::size_t states() const { return outcome_.size(); }
  [[nodiscard]] std::vector<int> decode(std::size_t s) const {
    std::vector<int> at(parts_.size());
    for (std::size_t i = parts_.size(); i-- > 0;) {
      at[i] = static_cast<int>(s % static_cast<std::size_t>(parts_[i].size()));
      s /= static_cast<std::size_t>(parts_[i].size());
    }
    return at;
  }
  [[nodiscard]] std::size_t encode(const std::vector<int>& at) const {
    std::size_t s = 0;
    for (std::size_t i = 0; i < parts_.size(); ++i) s = s * static_cast<std::size_t>(parts_[i].size()) + at[i];
    return s;
  }

 private:
  std::vector<SmallDigraph> parts_;
  std::vector<std::vector<std::vector<int>>> previous_;
  std::vector<OracleOutcome> outcome_;
};

}  // namespace grundy::testing
