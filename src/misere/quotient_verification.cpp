#include "misere/quotient_verification.hpp"

#include <algorithm>
#include <queue>
#include <string>
#include <unordered_map>

#include "grundy/core/input_error.hpp"
#include "misere/memory_text.hpp"

namespace grundy::misere {
namespace {

// The dominance order is tabulated up to this order (|Q|^3 / 64 word tests).
constexpr std::size_t kDominanceLimit = 2048;

using KeyHash = QuotientStates::KeyHash;

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

// The key of the state after adding a heap of class `phi` whose options have
// the classes `s`, to the state `key`: (m·Φ, Φ·T ∪ m·S), undominated.
std::vector<Element> step(const MisereQuotient& q, const Dominance& dominance, const std::vector<Element>& key,
                          Element phi, const std::vector<Element>& s) {
  const Element m = key[0];
  std::vector<Element> options;
  options.reserve(key.size() - 1 + s.size());
  for (std::size_t i = 1; i < key.size(); ++i) options.push_back(q.monoid.product(key[i], phi));
  for (Element x : s) options.push_back(q.monoid.product(m, x));
  dominance.reduce(options);
  std::vector<Element> next;
  next.reserve(options.size() + 1);
  next.push_back(q.monoid.product(m, phi));
  next.insert(next.end(), options.begin(), options.end());
  return next;
}

// The condition on a state other than the empty sum.
bool obeys(const MisereQuotient& q, const std::vector<Element>& key) {
  return q.is_p(key[0]) == none_in_p(q, key.data() + 1, key.data() + key.size());
}

}  // namespace

std::size_t QuotientStates::KeyHash::operator()(const std::vector<Element>& key) const noexcept {
  // splitmix64's finalizer on each element: every bit of the key reaches every bit.
  std::uint64_t h = 0x9E3779B97F4A7C15ULL * (key.size() + 1);
  for (Element x : key) {
    std::uint64_t z = h + x + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    h = z ^ (z >> 31);
  }
  return static_cast<std::size_t>(h);
}

bool QuotientStates::insert(std::vector<Element>&& key) {
  auto [it, added] = keys_.try_emplace(std::move(key), static_cast<std::uint32_t>(order_.size()));
  if (!added) return false;
  order_.push_back(&it->first);
  bytes_ += 96 + it->first.size() * sizeof(Element) * 2;
  return true;
}

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
  weight_.assign(n, 0);
  for (Element x = 0; x < n; ++x) {
    for (std::uint64_t w : p_sets[x]) weight_[x] += static_cast<std::uint32_t>(__builtin_popcountll(w));
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
  // An element is dominated only by one with a larger P-set: test each against
  // those kept so far, largest P-sets first.
  std::sort(set.begin(), set.end(), [this](Element a, Element b) {
    return weight_[a] != weight_[b] ? weight_[a] > weight_[b] : a < b;
  });
  std::vector<Element> kept;
  kept.reserve(set.size());
  for (Element x : set) {
    bool dominated = false;
    for (Element y : kept) {
      if (below(x, y)) {
        dominated = true;
        break;
      }
    }
    if (!dominated) kept.push_back(x);
  }
  std::sort(kept.begin(), kept.end());
  set = std::move(kept);
}

Verification verify_quotient(const MisereQuotient& q, const Dominance& dominance,
                             const std::vector<std::vector<Element>>& transitions,
                             const std::vector<std::uint64_t>& weights, Context& context, std::size_t memory_bytes,
                             std::size_t max_states) {
  Verification result;
  if (q.is_p(0)) {
    // The empty sum is an N-position (the player to move has no move, so wins).
    result.failure.assign(transitions.size(), 0);
    result.failure_is_p = false;
    return result;
  }
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
      if (max_states != 0 && nodes.size() > max_states) {
        throw LimitError("verifying the quotient (|Q| = " + std::to_string(q.size()) +
                         ") takes more states than the bound of this search");
      }
      nodes.push_back(Node{&it->first, weight, parent, generator, false});
      queue.emplace(weight, it->second);
      bytes += 112 + it->first.size() * sizeof(Element) * 2;
      context.charge(it->first.size() + 1);  // the key hashed and stored
      // The memory bound is checked every 1024 states (each is a few hundred
      // bytes, so it is passed by at most a few hundred kB).
      if ((nodes.size() & 1023) == 0) {
        if (memory_bytes != 0 && bytes > memory_bytes) {
          throw LimitError("verifying the quotient (|Q| = " + std::to_string(q.size()) + ") needs more than the memory bound (" +
                           memory_text(memory_bytes) + "; " + std::to_string(nodes.size()) + " states)");
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

  reach(std::vector<Element>{0}, 0, 0, 0);
  std::vector<std::uint32_t> order;
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
        result.searched = order.size();
        return result;
      }
    }
    for (std::size_t h = 1; h < heaps; ++h) {
      if (transitions[h].empty()) continue;
      reach(step(q, dominance, key, q.pretending[h], transitions[h]), weight + weights[h], id,
            static_cast<std::uint32_t>(h));
    }
  }
  result.holds = true;
  result.searched = order.size();
  for (std::uint32_t id : order) {
    std::vector<Element> key = *nodes[id].key;
    result.states.insert(std::move(key));
  }
  return result;
}

bool one_step_holds(const MisereQuotient& q, const QuotientStates& states, Element candidate,
                    const std::vector<Element>& transitions, Context& context) {
  for (std::size_t i = 0; i < states.size(); ++i) {
    context.charge(transitions.size() + 1);  // one product a transition
    const std::vector<Element>& key = states[i];
    const bool predicted_p = q.is_p(q.monoid.product(key[0], candidate));
    bool no_p_option = true;
    for (std::size_t k = 1; k < key.size() && no_p_option; ++k) {
      if (q.is_p(q.monoid.product(key[k], candidate))) no_p_option = false;
    }
    for (std::size_t k = 0; k < transitions.size() && no_p_option; ++k) {
      if (q.is_p(q.monoid.product(key[0], transitions[k]))) no_p_option = false;
    }
    if (predicted_p != no_p_option) return false;
  }
  return true;
}

bool extension_holds(const MisereQuotient& q, const Dominance& dominance,
                     const std::vector<std::vector<Element>>& transitions, QuotientStates& states, Context& context,
                     std::size_t memory_bytes, std::size_t* examined) {
  const std::size_t n = transitions.size() - 1;
  QuotientStates added;
  struct Count {
    QuotientStates& added;
    std::size_t* out;
    ~Count() {
      if (out != nullptr) *out = added.size();
    }
  } count{added, examined};
  std::vector<std::vector<Element>> frontier;
  auto consider = [&](std::vector<Element>&& key) {
    if (states.contains(key) || added.contains(key)) return true;
    if (!obeys(q, key)) return false;
    frontier.push_back(key);
    context.charge(key.size() + 1);  // the key checked, hashed and stored
    added.insert(std::move(key));
    // The memory bound every 1024 states, as in verify_quotient.
    if ((added.size() & 1023) == 0) {
      if (memory_bytes != 0 && states.bytes() + added.bytes() > memory_bytes) {
        throw LimitError("verifying the quotient (|Q| = " + std::to_string(q.size()) +
                         ") needs more than the memory bound (" + memory_text(memory_bytes) + ")");
      }
    }
    return true;
  };
  // Heap n added to every old state: the old states are closed under the other heaps.
  for (std::size_t i = 0; i < states.size(); ++i) {
    if (!consider(step(q, dominance, states[i], q.pretending[n], transitions[n]))) return false;
  }
  // Every heap added to the new states, until nothing new appears.
  while (!frontier.empty()) {
    const std::vector<Element> key = std::move(frontier.back());
    frontier.pop_back();
    for (std::size_t h = 1; h <= n; ++h) {
      if (transitions[h].empty()) continue;
      if (!consider(step(q, dominance, key, q.pretending[h], transitions[h]))) return false;
    }
  }
  for (std::size_t i = 0; i < added.size(); ++i) {
    std::vector<Element> key = added[i];
    states.insert(std::move(key));
  }
  return true;
}

}  // namespace grundy::misere
