#include "misere/quotient_construction.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "grundy/core/input_error.hpp"

namespace grundy::misere {
namespace {

// M = (previous quotient) × ∏ cyclic factors, its elements as mixed-radix codes.
class ProductMonoid {
 public:
  ProductMonoid(const MisereQuotient& base, const std::vector<CyclicFactor>& factors)
      : base_(base), factors_(factors) {
    radix_.push_back(base.size());
    std::uint64_t size = base.size();
    for (const CyclicFactor& f : factors_) {
      const std::uint64_t r = std::uint64_t{f.index} + f.period;
      radix_.push_back(r);
      if (size > (std::uint64_t{1} << 40) / r) throw LimitError("a candidate quotient too large to build");
      size *= r;
    }
    size_ = size;
  }

  [[nodiscard]] std::uint64_t size() const noexcept { return size_; }

  [[nodiscard]] std::uint64_t base_element(Element x) const { return x; }
  [[nodiscard]] std::uint64_t factor_generator(std::size_t j) const {
    std::uint64_t code = 0;
    std::uint64_t scale = radix_[0];
    for (std::size_t i = 0; i < j; ++i) scale *= radix_[i + 1];
    code += scale;  // exponent 1 in factor j
    return code;
  }

  [[nodiscard]] std::uint64_t product(std::uint64_t x, std::uint64_t y) const {
    const Element bx = static_cast<Element>(x % radix_[0]);
    const Element by = static_cast<Element>(y % radix_[0]);
    x /= radix_[0];
    y /= radix_[0];
    std::uint64_t code = 0;
    std::uint64_t scale = 1;
    code += base_.monoid.product(bx, by);
    scale = radix_[0];
    for (std::size_t j = 0; j < factors_.size(); ++j) {
      const std::uint64_t r = radix_[j + 1];
      const std::uint64_t ex = x % r;
      const std::uint64_t ey = y % r;
      x /= r;
      y /= r;
      std::uint64_t e = ex + ey;
      const std::uint64_t index = factors_[j].index;
      if (e >= r) e = index + (e - index) % factors_[j].period;
      code += e * scale;
      scale *= r;
    }
    return code;
  }

 private:
  const MisereQuotient& base_;
  const std::vector<CyclicFactor>& factors_;
  std::vector<std::uint64_t> radix_;
  std::uint64_t size_ = 1;
};

// Marks each element of M with the outcome of the least sum that lands on it.
class Marker {
 public:
  // `max_elements`: the candidate is refused (LimitError) past this many
  // elements — what the memory bound and the caller's work bound allow.
  Marker(const ProductMonoid& monoid, const std::vector<std::uint64_t>& psi,
         const std::vector<std::vector<std::uint64_t>>& transitions, Context& context, std::size_t max_elements)
      : monoid_(monoid), psi_(psi), transitions_(transitions), context_(context), max_elements_(max_elements) {}

  // Exponents of heaps k, k-1, …, 1 in turn (k from the largest heap down),
  // each from 0 up until the product lands on an element already marked (then
  // every longer word of this prefix has a smaller word with the same
  // product). A word's options are those of its prefix times the heap, and the
  // heap's own moves times the prefix. Iterative, one frame per heap: the
  // heaps run to the quotient's bound (tens of thousands), past what the call
  // stack holds: the recursive walk overflowed CI's 8 MB under ASan in a fuzz
  // run, and a 160 KB stack here on kayles(5) + 0.3(168).
  void run() {
    mark(0, true);
    order_.push_back(0);
    const std::size_t top = psi_.size() - 1;
    if (top == 0) return;  // no heap: the identity alone
    std::vector<Frame> stack;
    stack.push_back(Frame{top, 0, {}});
    while (true) {
      // Every lower heap at exponent 0: the word itself, then marked if new.
      while (stack.back().k > 1) {
        Frame lower{stack.back().k - 1, stack.back().x, stack.back().options};
        stack.push_back(std::move(lower));
      }
      if (index_.find(stack.back().x) == index_.end()) mark(stack.back().x, false, &stack.back().options);
      // The deepest frame that can raise its exponent does; the ones above it
      // have run out (their next product was already marked).
      while (!raise(stack.back())) {
        stack.pop_back();
        if (stack.empty()) return;
      }
    }
  }

  [[nodiscard]] const std::vector<std::uint64_t>& order() const noexcept { return order_; }
  [[nodiscard]] const std::unordered_map<std::uint64_t, std::uint32_t>& index() const noexcept { return index_; }
  [[nodiscard]] const std::vector<bool>& p_flags() const noexcept { return p_; }

 private:
  // One heap of the walk: the word's exponents above it are fixed.
  struct Frame {
    std::size_t k;                       // the heap whose exponent this frame raises
    std::uint64_t x;                     // the product of the word so far
    std::vector<std::uint64_t> options;  // its options' products
  };

  void mark(std::uint64_t code, bool identity, const std::vector<std::uint64_t>* options = nullptr) {
    bool is_p = false;
    if (!identity) {
      is_p = true;
      for (std::uint64_t t : *options) {
        auto it = index_.find(t);
        if (it == index_.end()) throw std::logic_error("quotient marking reached an option before it was marked");
        if (p_[it->second]) {
          is_p = false;
          break;
        }
      }
    }
    index_.emplace(code, static_cast<std::uint32_t>(p_.size()));
    p_.push_back(is_p);
    if (!identity) order_.push_back(code);
    context_.charge(identity ? 1 : options->size() + 1);  // the options looked up
    if (max_elements_ != 0 && p_.size() > max_elements_) {
      throw LimitError("a candidate quotient of more than " + std::to_string(max_elements_) +
                       " elements is past the bounds of this search");
    }
  }

  // One more of heap k in the frame's word: false when heap k has no move (it
  // is 0, and its powers are the same word) or the new product is already marked.
  bool raise(Frame& frame) {
    const std::vector<std::uint64_t>& moves = transitions_[frame.k];
    if (moves.empty()) return false;
    std::vector<std::uint64_t> next;
    next.reserve(frame.options.size() + moves.size());
    for (std::uint64_t t : frame.options) next.push_back(monoid_.product(t, psi_[frame.k]));
    for (std::uint64_t s : moves) next.push_back(monoid_.product(frame.x, s));
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    frame.options = std::move(next);
    frame.x = monoid_.product(frame.x, psi_[frame.k]);
    return index_.find(frame.x) == index_.end();
  }

  const ProductMonoid& monoid_;
  const std::vector<std::uint64_t>& psi_;
  const std::vector<std::vector<std::uint64_t>>& transitions_;
  Context& context_;
  std::size_t max_elements_;
  std::unordered_map<std::uint64_t, std::uint32_t> index_;
  std::vector<std::uint64_t> order_;  // codes, by their index
  std::vector<bool> p_;
};

}  // namespace

MisereQuotient reduce_bipartite(const std::vector<std::vector<Element>>& times, const std::vector<bool>& p_portion,
                                const std::vector<Element>& heap_elements) {
  const std::size_t n = p_portion.size();
  // Distinct letters only: heaps of one class act alike.
  std::vector<std::size_t> letters;
  {
    std::map<Element, std::size_t> seen;
    for (std::size_t h = 1; h < times.size(); ++h) {
      if (times[h].empty()) continue;
      if (seen.emplace(heap_elements[h], h).second) letters.push_back(h);
    }
  }
  // Moore's refinement from {P, not P}, one letter at a time: x and y stay
  // together while their classes and the classes of x·h and y·h agree, for
  // every heap h, until no class splits. O(n) memory.
  std::vector<std::uint32_t> cls(n);
  for (std::size_t x = 0; x < n; ++x) cls[x] = p_portion[x] ? 1 : 0;
  std::size_t classes = 0;
  for (std::size_t x = 0; x < n; ++x) classes = std::max<std::size_t>(classes, cls[x] + 1);
  std::vector<std::uint32_t> next(n);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t h : letters) {
      std::unordered_map<std::uint64_t, std::uint32_t> ids;
      ids.reserve(classes * 2);
      for (std::size_t x = 0; x < n; ++x) {
        const std::uint64_t pair = (std::uint64_t{cls[x]} << 32) | cls[times[h][x]];
        next[x] = ids.try_emplace(pair, static_cast<std::uint32_t>(ids.size())).first->second;
      }
      if (ids.size() != classes) {
        classes = ids.size();
        changed = true;
      }
      std::swap(cls, next);
    }
  }
  // Number the classes from the identity's, breadth first along the heaps.
  std::vector<std::int64_t> number(classes, -1);
  std::vector<std::size_t> representative;
  number[cls[0]] = 0;
  representative.push_back(0);
  for (std::size_t i = 0; i < representative.size(); ++i) {
    const std::size_t x = representative[i];
    for (std::size_t h : letters) {
      const std::size_t y = times[h][x];
      if (number[cls[y]] < 0) {
        number[cls[y]] = static_cast<std::int64_t>(representative.size());
        representative.push_back(y);
      }
    }
  }
  if (representative.size() != classes) throw std::logic_error("quotient classes not reachable from the identity");
  auto class_of = [&](std::size_t x) { return static_cast<Element>(number[cls[x]]); };

  MisereQuotient q;
  q.pretending.resize(heap_elements.size());
  for (std::size_t h = 0; h < heap_elements.size(); ++h) q.pretending[h] = class_of(heap_elements[h]);
  // Generators: heaps whose class is not a product of earlier generators.
  std::vector<bool> generated(classes, false);
  generated[0] = true;
  std::vector<std::size_t> generator_heaps;
  std::vector<std::vector<Element>> actions;
  for (std::size_t h = 1; h < heap_elements.size(); ++h) {
    if (h >= times.size() || times[h].empty() || generated[q.pretending[h]]) continue;
    std::vector<Element> action(classes);
    for (std::size_t c = 0; c < classes; ++c) action[c] = class_of(times[h][representative[c]]);
    actions.push_back(std::move(action));
    generator_heaps.push_back(h);
    // Close the generated set under the new generator (and the old ones).
    std::vector<Element> frontier;
    for (Element c = 0; c < classes; ++c) {
      if (generated[c]) frontier.push_back(c);
    }
    while (!frontier.empty()) {
      const Element c = frontier.back();
      frontier.pop_back();
      for (const std::vector<Element>& a : actions) {
        if (!generated[a[c]]) {
          generated[a[c]] = true;
          frontier.push_back(a[c]);
        }
      }
    }
  }
  q.monoid = actions.empty() ? CommutativeMonoid() : CommutativeMonoid(std::move(actions));
  q.p_portion.resize(classes);
  for (std::size_t c = 0; c < classes; ++c) q.p_portion[c] = p_portion[representative[c]];
  return q;
}

MisereQuotient build_candidate(const MisereQuotient& previous, const HeapOptions& options,
                               const std::vector<CyclicFactor>& free, Context& context, std::size_t memory_bytes,
                               std::size_t max_elements) {
  const std::size_t heaps = options.size();  // heaps 0..heaps-1
  const ProductMonoid monoid(previous, free);
  std::vector<std::uint64_t> psi(heaps, 0);
  for (std::size_t h = 1; h < heaps; ++h) {
    if (h < previous.pretending.size()) psi[h] = monoid.base_element(previous.pretending[h]);
  }
  for (std::size_t j = 0; j < free.size(); ++j) psi[free[j].heap] = monoid.factor_generator(j);
  for (std::size_t h = previous.pretending.size(); h < heaps; ++h) {
    const bool is_free = std::any_of(free.begin(), free.end(), [&](const CyclicFactor& f) { return f.heap == h; });
    if (!is_free && !options[h].empty()) throw std::logic_error("a new heap must be a free generator");
  }
  std::vector<std::vector<std::uint64_t>> transitions(heaps);
  for (std::size_t h = 1; h < heaps; ++h) {
    for (const std::vector<std::uint32_t>& option : options[h]) {
      std::uint64_t x = 0;
      for (std::uint32_t leaf : option) x = monoid.product(x, psi[leaf]);
      transitions[h].push_back(x);
    }
    std::sort(transitions[h].begin(), transitions[h].end());
    transitions[h].erase(std::unique(transitions[h].begin(), transitions[h].end()), transitions[h].end());
  }
  // Each element costs its index entry, its flag and a row of products.
  const std::size_t per_element = 64 + 8 * heaps;
  const std::size_t by_memory = memory_bytes == 0 ? 0 : std::max<std::size_t>(1, memory_bytes / per_element);
  const std::size_t cap = by_memory == 0 ? max_elements : max_elements == 0 ? by_memory : std::min(by_memory, max_elements);
  Marker marker(monoid, psi, transitions, context, cap);
  marker.run();
  const std::vector<std::uint64_t>& codes = marker.order();
  const auto& index = marker.index();
  std::vector<std::vector<Element>> times(heaps);
  for (std::size_t h = 1; h < heaps; ++h) {
    if (transitions[h].empty()) continue;
    times[h].resize(codes.size());
    for (std::size_t i = 0; i < codes.size(); ++i) {
      auto it = index.find(monoid.product(codes[i], psi[h]));
      if (it == index.end()) throw std::logic_error("quotient marking missed a product");
      times[h][i] = it->second;
    }
  }
  std::vector<Element> heap_elements(heaps, 0);
  for (std::size_t h = 1; h < heaps; ++h) heap_elements[h] = transitions[h].empty() ? 0 : index.at(psi[h]);
  return reduce_bipartite(times, marker.p_flags(), heap_elements);
}

}  // namespace grundy::misere
