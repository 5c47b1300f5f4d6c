#include "grundy/misere/heap_quotient.hpp"

#include <algorithm>
#include <string>

#include "grundy/core/input_error.hpp"
#include "grundy/core/periodicity_theorem.hpp"
#include "grundy/core/heap_rule.hpp"
#include "misere/quotient_engine.hpp"

namespace grundy::misere {
namespace {

// Heaps a quotient may reach: each heap is a generator of the verification,
// and no quotient studied needs more than a few thousand.
constexpr std::uint64_t kLargestHeap = 1'000'000;

// The options of a heap, each a multiset of generators (`generator[leaf]`).
std::vector<std::vector<std::uint32_t>> heap_options(const HeapRule& rule, std::uint64_t heap,
                                                     const std::vector<std::uint32_t>& generator) {
  std::vector<std::vector<std::uint32_t>> options;
  rule.for_each_move(heap, [&](const HeapMove& move) {
    std::vector<std::uint32_t> leaves;
    leaves.reserve(move.leaves.size());
    for (std::uint64_t leaf : move.leaves) {
      if (leaf >= heap) throw std::logic_error("a heap move left a heap as large as the heap");
      leaves.push_back(generator[leaf]);
    }
    std::sort(leaves.begin(), leaves.end());
    options.push_back(std::move(leaves));
    return true;
  });
  std::sort(options.begin(), options.end());
  options.erase(std::unique(options.begin(), options.end()), options.end());
  return options;
}

}  // namespace

Periodicity pretending_periodicity(const std::vector<Element>& values,
                                   const std::function<std::uint64_t(std::uint64_t, std::uint64_t)>* check_end) {
  // The heap games' scan (periodicity_theorem.hpp) over the pretending
  // function Φ, with the misère quotient's theorem and its own thresholds: any
  // p up to half the values, a detected tail 16 values past its period.
  return scan_periodicity(
      std::span<const Element>(values), values.size() / 2, 16,
      [&](std::uint64_t n0, std::uint64_t p) -> std::optional<std::uint64_t> {
        if (check_end == nullptr) return std::nullopt;
        return (*check_end)(n0, p);
      },
      [](std::uint64_t n0, std::uint64_t p, std::uint64_t end) {
        return "periodicity theorem for misère quotients (Plambeck-Siegel 2008; the octal bound): Φ(n+" +
               std::to_string(p) + ") = Φ(n) checked for " + std::to_string(n0) + " <= n < " + std::to_string(end);
      });
}

HeapQuotient::HeapQuotient(HeapRulePtr rule, Context& context, std::size_t memory_bytes)
    : HeapQuotient(std::vector<HeapRulePtr>{std::move(rule)}, context, memory_bytes) {}

HeapQuotient::HeapQuotient(std::vector<HeapRulePtr> rules, Context& context, std::size_t memory_bytes)
    : rules_(std::move(rules)),
      done_(rules_.size(), 0),
      generator_of_(rules_.size(), std::vector<std::uint32_t>{0}),
      context_(context),
      engine_(std::make_unique<QuotientEngine>(context, memory_bytes)) {}

HeapQuotient::~HeapQuotient() = default;

void HeapQuotient::set_work_limit(std::uint64_t limit) { engine_->set_work_limit(limit); }

const MisereQuotient& HeapQuotient::quotient() const { return engine_->quotient(); }
std::uint64_t HeapQuotient::heaps() const { return engine_->heaps(); }
const std::vector<std::uint64_t>& HeapQuotient::expansion_heaps() const { return engine_->expansion_heaps(); }
std::size_t HeapQuotient::states() const { return engine_->states(); }
std::uint64_t HeapQuotient::recalibrations() const { return engine_->recalibrations(); }

bool HeapQuotient::covers(std::size_t rule, std::uint64_t heap) const { return heap <= done_[rule] || proven(); }

Element HeapQuotient::of(std::size_t rule, std::uint64_t heap) const {
  const std::vector<Element>& phi = engine_->quotient().pretending;
  if (heap <= done_[rule]) return phi[generator_of_[rule][heap]];
  if (!proven()) throw std::out_of_range("heap beyond the quotient");
  return phi[pattern_.preperiod + (heap - pattern_.preperiod) % pattern_.period];
}

void HeapQuotient::update_pattern() {
  if (rules_.size() != 1) return;  // generators of several rules are no one sequence
  const std::uint64_t n = heaps();
  // The check is O(n^2) at worst: every heap while short, then every 64th.
  if (n > 512 && n % 64 != 0 && n - pattern_checked_at_ < 64) return;
  pattern_checked_at_ = n;
  // The rule's own periodicity theorem, where it has one, bounds the check.
  const HeapRulePtr rule = rules_.front();
  std::function<std::uint64_t(std::uint64_t, std::uint64_t)> bound;
  if (rule->periodicity_check_end(0, 1)) {
    bound = [rule](std::uint64_t n0, std::uint64_t p) { return *rule->periodicity_check_end(n0, p); };
  }
  pattern_ = pretending_periodicity(engine_->quotient().pretending, bound ? &bound : nullptr);
}

void HeapQuotient::add_next_heap(std::size_t rule) {
  const std::uint64_t heap = done_[rule] + 1;
  if (heap > kLargestHeap || engine_->heaps() >= kLargestHeap) {
    throw LimitError("misère quotients are computed up to heap " + std::to_string(kLargestHeap));
  }
  engine_->add_heap(heap_options(*rules_[rule], heap, generator_of_[rule]));
  generator_of_[rule].push_back(static_cast<std::uint32_t>(engine_->heaps()));
  done_[rule] = heap;
  update_pattern();
}

void HeapQuotient::extend_to(std::size_t rule, std::uint64_t heap) {
  while (done_[rule] < heap && !proven()) add_next_heap(rule);
}

void HeapQuotient::resume(MisereQuotient quotient, std::vector<std::uint64_t> expansion_heaps) {
  if (rules_.size() != 1 || engine_->heaps() != 0) throw std::logic_error("resume: one rule, before any heap");
  HeapOptions options(1);
  std::vector<std::uint32_t> generator{0};
  for (std::uint64_t h = 1; h < quotient.pretending.size(); ++h) {
    generator.push_back(static_cast<std::uint32_t>(h));
    options.push_back(heap_options(*rules_.front(), h, generator));
    context_.charge(options.back().size() + 1);  // the heap's moves listed
  }
  const std::uint64_t heaps = quotient.pretending.size() - 1;
  engine_->resume(std::move(quotient), std::move(options));
  generator_of_.front() = std::move(generator);
  done_.front() = heaps;
  engine_->set_expansion_heaps(std::move(expansion_heaps));
  pattern_checked_at_ = 0;
  update_pattern();
}

}  // namespace grundy::misere
