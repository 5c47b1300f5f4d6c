#include "misere/quotient_verification.hpp"

#include <algorithm>
#include <queue>
#include <string>
#include <unordered_map>

#include "grundy/input_error.hpp"

namespace grundy::misere {
namespace {

// The dominance order is tabulated up to this order (|Q|^3 / 64 word tests).
constexpr std::size_t kDominanceLimit = 2048;

struct KeyHash {
  std::size_t operator()(const std::vector<Element>& key) const noexcept {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ key.size();
    for (Element x : key) {
      h ^= x;
      h *= 0x100000001B3ULL;
      h ^= h >> 29;
    }
    return static_cast<std::size_t>(h);
  }
};

struct Node {
  const std::vector<Element>* key = nullptr;  // element, then the options
  std::uint64_t weight = 0;
  std::uint32_t parent = 0;
  std::uint32_t generator = 0;
  bool settled = false;
};

bool none_in_p(const MisereQuotient& q, const Element* begin, const Element* end) {
  for (const Element* x = begin; x != end; ++x) {
    if (q.is_p(*x)) return false;
  }
  return true;
}

}  // namespace

Dominance::Dominance(const MisereQuotient& q) {
  const std::size_t n = q.size();
  if (n > kDominanceLimit) return;
  const std::size_t words = (n + 63) / 64;
  std::vector<std::vector<std::uint64_t>> p_sets(n, std::vector<std::uint64_t>(words, 0));
  for (Element x = 0; x < n; ++x) {
    for (Element c = 0; c < n; ++c) {
      if (q.is_p(q.monoid.product(x, c))) p_sets[x][c >> 6] |= std::uint64_t{1} << (c & 63);
    }
  }
  rows_.assign(n, std::vector<std::uint64_t>(words, 0));
  for (Element x = 0; x < n; ++x) {
    for (Element y = 0; y < n; ++y) {
      bool subset = true;
      for (std::size_t w = 0; w < words && subset; ++w) subset = (p_sets[x][w] & ~p_sets[y][w]) == 0;
      if (subset) rows_[x][y >> 6] |= std::uint64_t{1} << (y & 63);
    }
  }
}

void Dominance::reduce(std::vector<Element>& set) const {
  std::sort(set.begin(), set.end());
  set.erase(std::unique(set.begin(), set.end()), set.end());
  if (rows_.empty() || set.size() < 2) return;
  std::vector<Element> kept;
  kept.reserve(set.size());
  for (Element x : set) {
    bool dominated = false;
    for (Element y : set) {
      if (y != x && below(x, y)) {
        dominated = true;
        break;
      }
    }
    if (!dominated) kept.push_back(x);
  }
  set = std::move(kept);
}

Verification verify_quotient(const MisereQuotient& q, const std::vector<std::vector<Element>>& transitions,
                             const std::vector<std::uint64_t>& weights, Context& context, std::size_t memory_bytes) {
  const Dominance dominance(q);
  const std::size_t heaps = transitions.size();
  std::unordered_map<std::vector<Element>, std::uint32_t, KeyHash> index;
  std::vector<Node> nodes;
  using Entry = std::pair<std::uint64_t, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  std::size_t bytes = 0;

  auto reach = [&](std::vector<Element>&& key, std::uint64_t weight, std::uint32_t parent, std::uint32_t generator) {
    auto [it, added] = index.try_emplace(std::move(key), static_cast<std::uint32_t>(nodes.size()));
    if (added) {
      if (nodes.size() >= UINT32_MAX - 1) throw LimitError("the quotient's verification has more states than it can number");
      nodes.push_back(Node{&it->first, weight, parent, generator, false});
      queue.emplace(weight, it->second);
      bytes += 112 + it->first.size() * sizeof(Element) * 2;
      if ((nodes.size() & 1023) == 0) {
        context.poll();
        if (memory_bytes != 0 && bytes > memory_bytes) {
          throw LimitError("verifying the quotient (|Q| = " + std::to_string(q.size()) + ") needs more than the memory bound (" +
                           std::to_string(memory_bytes >> 20) + " MB; " + std::to_string(nodes.size()) + " states)");
        }
      }
      return;
    }
    Node& node = nodes[it->second];
    if (!node.settled && weight < node.weight) {
      node.weight = weight;
      node.parent = parent;
      node.generator = generator;
      queue.emplace(weight, it->second);
    }
  };

  Verification result;
  reach(std::vector<Element>{0}, 0, 0, 0);
  std::vector<std::uint32_t> order;
  std::vector<Element> next;
  while (!queue.empty()) {
    const auto [weight, id] = queue.top();
    queue.pop();
    if (nodes[id].settled || weight != nodes[id].weight) continue;
    nodes[id].settled = true;
    order.push_back(id);
    const std::vector<Element>& key = *nodes[id].key;
    const Element m = key[0];
    if (id != 0) {
      const bool predicted_p = q.is_p(m);
      const bool no_p_option = none_in_p(q, key.data() + 1, key.data() + key.size());
      if (predicted_p != no_p_option) {
        result.failure.assign(heaps, 0);
        for (std::uint32_t s = id; s != 0; s = nodes[s].parent) ++result.failure[nodes[s].generator];
        result.failure_is_p = no_p_option;
        return result;
      }
    }
    for (std::size_t h = 1; h < heaps; ++h) {
      const std::vector<Element>& s = transitions[h];
      if (s.empty()) continue;
      const Element phi = q.pretending[h];
      next.clear();
      next.push_back(q.monoid.product(m, phi));
      for (std::size_t i = 1; i < key.size(); ++i) next.push_back(q.monoid.product(key[i], phi));
      for (Element x : s) next.push_back(q.monoid.product(m, x));
      std::vector<Element> options(next.begin() + 1, next.end());
      dominance.reduce(options);
      std::vector<Element> new_key;
      new_key.reserve(options.size() + 1);
      new_key.push_back(next[0]);
      new_key.insert(new_key.end(), options.begin(), options.end());
      reach(std::move(new_key), weight + weights[h], id, static_cast<std::uint32_t>(h));
    }
  }
  result.holds = true;
  result.states.reserve(order.size());
  for (std::uint32_t id : order) {
    const std::vector<Element>& key = *nodes[id].key;
    result.states.push_back(QuotientState{key[0], std::vector<Element>(key.begin() + 1, key.end()), nodes[id].parent,
                                          nodes[id].generator});
  }
  return result;
}

bool one_step_holds(const MisereQuotient& q, const std::vector<QuotientState>& states, Element candidate,
                    const std::vector<Element>& transitions, Context& context) {
  std::size_t count = 0;
  for (const QuotientState& state : states) {
    if ((++count & 4095) == 0) context.poll();
    const bool predicted_p = q.is_p(q.monoid.product(state.element, candidate));
    bool no_p_option = true;
    for (Element t : state.options) {
      if (q.is_p(q.monoid.product(t, candidate))) {
        no_p_option = false;
        break;
      }
    }
    for (std::size_t i = 0; i < transitions.size() && no_p_option; ++i) {
      if (q.is_p(q.monoid.product(state.element, transitions[i]))) no_p_option = false;
    }
    if (predicted_p != no_p_option) return false;
  }
  return true;
}

}  // namespace grundy::misere
