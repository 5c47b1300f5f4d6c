#include "misere/quotient_engine.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "grundy/core/input_error.hpp"


namespace grundy::misere {
namespace {

// Recalibration rounds for one heap before giving up: each round takes a
// strictly larger candidate, and every quotient studied settles in a few.
constexpr int kMaxRecalibrations = 200;

Element word_element(const MisereQuotient& q, const std::vector<std::uint32_t>& exponents) {
  Element x = 0;
  for (std::size_t h = 1; h < exponents.size(); ++h) {
    if (exponents[h] != 0) x = q.monoid.product(x, q.monoid.power(q.pretending[h], exponents[h]));
  }
  return x;
}

std::string word_of_heaps(const std::vector<std::uint32_t>& exponents) {
  std::string text;
  for (std::size_t h = 1; h < exponents.size(); ++h) {
    for (std::uint32_t k = 0; k < exponents[h]; ++k) text += (text.empty() ? "" : " + ") + std::to_string(h);
  }
  return text.empty() ? "0" : text;
}

// Each combination of `size` items of `items`, in lexicographic order.
void combinations(const std::vector<std::size_t>& items, std::size_t size, std::size_t start,
                  std::vector<std::size_t>& chosen, std::vector<std::vector<std::size_t>>& out) {
  if (chosen.size() == size) {
    out.push_back(chosen);
    return;
  }
  for (std::size_t i = start; i < items.size(); ++i) {
    chosen.push_back(items[i]);
    combinations(items, size, i + 1, chosen, out);
    chosen.pop_back();
  }
}

}  // namespace

QuotientEngine::QuotientEngine(Context& context, std::size_t memory_bytes)
    : context_(context), memory_bytes_(memory_bytes) {
  quotient_.p_portion = {false};
  quotient_.pretending = {0};
  options_.emplace_back();
  weights_.push_back(0);
  transitions_.emplace_back();
  states_.insert(std::vector<Element>{0});
  dominance_ = std::make_unique<Dominance>(quotient_);
}

std::vector<Element> QuotientEngine::transitions_of(const MisereQuotient& q, std::size_t heap) const {
  std::vector<Element> s;
  for (const std::vector<std::uint32_t>& option : options_[heap]) {
    Element x = 0;
    for (std::uint32_t leaf : option) x = q.monoid.product(x, q.pretending[leaf]);
    s.push_back(x);
  }
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

std::vector<std::vector<Element>> QuotientEngine::all_transitions(const MisereQuotient& q) const {
  std::vector<std::vector<Element>> all(options_.size());
  for (std::size_t h = 1; h < options_.size(); ++h) all[h] = transitions_of(q, h);
  return all;
}

void QuotientEngine::resume(MisereQuotient quotient, HeapOptions options) {
  if (quotient.pretending.size() != options.size()) throw InputError("the saved quotient and its heaps disagree");
  options_ = std::move(options);
  weights_.assign(options_.size(), 0);
  options_bytes_ = 0;
  for (std::size_t h = 1; h < options_.size(); ++h) {
    options_bytes_ += options_[h].size() * sizeof(std::vector<std::uint32_t>);
    for (const auto& option : options_[h]) options_bytes_ += option.size() * sizeof(std::uint32_t);
    std::uint64_t heaviest = 0;
    for (const auto& option : options_[h]) {
      std::uint64_t w = 0;
      for (std::uint32_t leaf : option) w += weights_[leaf];
      heaviest = std::max(heaviest, w);
    }
    weights_[h] = heaviest + 1;
  }
  transitions_ = all_transitions(quotient);
  auto dominance = std::make_unique<Dominance>(quotient);
  Verification check = verify_quotient(quotient, *dominance, transitions_, weights_, context_, memory_bytes_);
  if (!check.holds) {
    throw InputError("the saved quotient is wrong: it predicts the sum " + word_of_heaps(check.failure) +
                     " wrongly; delete the checkpoint to start over");
  }
  quotient_ = std::move(quotient);
  states_ = std::move(check.states);
  dominance_ = std::move(dominance);
}

std::size_t QuotientEngine::work_left() const {
  if (work_limit_ == 0) return 0;
  return work_ >= work_limit_ ? 1 : static_cast<std::size_t>(work_limit_ - work_);
}

void QuotientEngine::charge(std::uint64_t work) {
  work_ += work;
  if (work_limit_ != 0 && work_ > work_limit_) {
    throw LimitError("the misère quotient needs more work than its bound here (|Q| = " +
                     std::to_string(quotient_.size()) + " at heap " + std::to_string(options_.size() - 2) + ")");
  }
}

bool QuotientEngine::try_conservative(const std::vector<Element>& s) {
  bool heap_is_p = true;
  for (Element x : s) heap_is_p = heap_is_p && !quotient_.is_p(x);
  // Classes of earlier heaps first (most recent first): periodic patterns
  // repeat them; then every other class.
  std::vector<Element> candidates;
  std::set<Element> tried;
  for (std::size_t h = quotient_.pretending.size(); h-- > 1;) {
    if (tried.insert(quotient_.pretending[h]).second) candidates.push_back(quotient_.pretending[h]);
  }
  for (Element x = 0; x < quotient_.size(); ++x) {
    if (tried.insert(x).second) candidates.push_back(x);
  }
  for (Element c : candidates) {
    if (quotient_.is_p(c) != heap_is_p) continue;
    if (!one_step_holds(quotient_, states_, c, s, context_)) continue;
    quotient_.pretending.push_back(c);
    transitions_.push_back(s);
    std::size_t examined = 0;
    const bool holds = extension_holds(quotient_, *dominance_, transitions_, states_, context_, memory_bytes_, &examined);
    if (holds) {
      work_ += (examined + 1) * options_.size();  // counted, never refused: the extension is already in
      return true;
    }
    charge((examined + 1) * options_.size());
    quotient_.pretending.pop_back();
    transitions_.pop_back();
  }
  return false;
}

void QuotientEngine::add_heap(std::vector<std::vector<std::uint32_t>> options) {
  const std::size_t n = options_.size();
  for (const auto& option : options) {
    for (std::uint32_t leaf : option) {
      if (leaf == 0 || leaf >= n) throw std::logic_error("a heap's option must be made of smaller heaps");
    }
  }
  // Listing a heap's options is work too, and their lists stay: a rule whose
  // heap h has about h options (0.34: take two and split the rest) costs h^2/2
  // over the first h heaps, in time and memory. Without this charge a sum
  // with a heap of 10^12 (found by the expression fuzz harness) listed heaps
  // until 1.2 GB of option lists, never reaching the work bound.
  std::uint64_t leaves = options.size();
  for (const auto& option : options) leaves += option.size();
  charge(leaves);
  const std::size_t bytes = options.size() * sizeof(std::vector<std::uint32_t>) + leaves * sizeof(std::uint32_t);
  if (memory_bytes_ != 0 && options_bytes_ + bytes > memory_bytes_ / 2) {
    throw LimitError("the misère quotient's option lists need more than half of its memory bound of " +
                     std::to_string(memory_bytes_ >> 20) + " MB (heap " + std::to_string(n - 1) + ")");
  }
  std::uint64_t heaviest = 0;
  for (const auto& option : options) {
    std::uint64_t w = 0;
    for (std::uint32_t leaf : option) w += weights_[leaf];
    heaviest = std::max(heaviest, w);
  }
  options_bytes_ += bytes;
  options_.push_back(std::move(options));
  weights_.push_back(heaviest + 1);
  try {
    if (options_[n].empty()) {
      // A heap with no move is the game 0.
      quotient_.pretending.push_back(0);
      transitions_.emplace_back();
      return;
    }
    const std::vector<Element> s = transitions_of(quotient_, n);
    if (try_conservative(s)) return;
    // The quotient grows: heap n gets a generator of its own.
    MisereQuotient trial =
        build_candidate(quotient_, options_, {CyclicFactor{static_cast<std::uint32_t>(n), 2, 2}}, context_, memory_bytes_,
                        work_left());
    for (int round = 0;; ++round) {
      std::vector<std::vector<Element>> transitions = all_transitions(trial);
      auto dominance = std::make_unique<Dominance>(trial);
      Verification check =
          verify_quotient(trial, *dominance, transitions, weights_, context_, memory_bytes_,
                          work_limit_ == 0 ? 0 : work_left() / n + 1);
      charge((check.searched + 1) * n + trial.size());
      if (check.holds) {
        quotient_ = std::move(trial);
        transitions_ = std::move(transitions);
        states_ = std::move(check.states);
        dominance_ = std::move(dominance);
        expansions_.push_back(n);
        return;
      }
      if (round == kMaxRecalibrations) {
        throw LimitError("no misère quotient found for heaps 1.." + std::to_string(n) + " after " +
                         std::to_string(kMaxRecalibrations) + " candidates");
      }
      trial = recalibrate(trial, check.failure, check.failure_is_p);
      ++recalibrations_;
    }
  } catch (...) {
    // Heap n is not in: the quotient of heaps 1..n-1 stays as it was.
    options_bytes_ -= bytes;
    options_.pop_back();
    weights_.pop_back();
    if (quotient_.pretending.size() > n) quotient_.pretending.pop_back();
    if (transitions_.size() > n) transitions_.pop_back();
    throw;
  }
}

MisereQuotient QuotientEngine::recalibrate(const MisereQuotient& trial, const std::vector<std::uint32_t>& failure,
                                           bool failure_is_p) {
  std::vector<std::size_t> involved;
  for (std::size_t h = 1; h < failure.size(); ++h) {
    if (failure[h] != 0) involved.push_back(h);
  }
  bool any_too_large = false;
  for (std::size_t size = 1; size <= involved.size(); ++size) {
    std::vector<std::vector<std::size_t>> sets;
    std::vector<std::size_t> chosen;
    combinations(involved, size, 0, chosen, sets);
    for (const std::vector<std::size_t>& set : sets) {
      context_.poll();
      std::vector<CyclicFactor> factors;
      for (std::size_t h : set) {
        const auto [index, period] = trial.monoid.index_and_period(trial.pretending[h]);
        // Room for the copies of h in the failing sum, and the element's own
        // cycle; for a large index a longer cycle, as MisereSolver takes
        // (an element whose powers keep being told apart may have a period
        // other than 1 or 2, and a cycle of length 2 would only push its
        // index up by one at each failure).
        const std::uint64_t i = std::max<std::uint64_t>(index, failure[h] > 0 ? failure[h] - 1 : 0);
        const std::uint64_t wide = i >= 8 ? 2 * ((i - 4) / 2) : 2;
        const std::uint64_t p = std::max<std::uint64_t>({2, period, wide});
        factors.push_back(CyclicFactor{static_cast<std::uint32_t>(h), static_cast<std::uint32_t>(i),
                                       static_cast<std::uint32_t>(p)});
      }
      MisereQuotient candidate;
      try {
        candidate = build_candidate(trial, options_, factors, context_, memory_bytes_, work_left());
      } catch (const LimitError&) {
        any_too_large = true;
        continue;
      }
      charge(candidate.size());
      if (candidate.is_p(word_element(candidate, failure)) == failure_is_p) return candidate;
    }
  }
  throw LimitError(std::string(any_too_large ? "the misère quotient grows past the memory bound"
                                             : "no misère quotient found") +
                   " at heap " + std::to_string(options_.size() - 1) + " (no candidate predicts the sum " +
                   word_of_heaps(failure) + " right)");
}

}  // namespace grundy::misere
