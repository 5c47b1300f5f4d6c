// A quotient run: what `grundy quotient RULE` and Python's grundy.quotient
// call. Grows the misère quotient of a heap rule heap by heap (heap_quotient.hpp)
// up to a heap, or until its pretending function is proven periodic; writes
// checksummed checkpoints (every `checkpoint_seconds`, when stopped, at the
// end) and resumes from them; reports progress; stops cleanly on Ctrl-C and
// when the quotient grows past the memory bound, keeping what it found.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/core/context.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/misere/quotient.hpp"
#include "grundy/core/sequence.hpp"

namespace grundy::misere {

// Heaps a run goes to when no --upto is given and no period is proven.
inline constexpr std::uint64_t kDefaultQuotientHeaps = 1000;

struct QuotientRequest {
  std::optional<std::uint64_t> upto;  // heaps 0..upto; none: until proven (at most kDefaultQuotientHeaps)
  std::string checkpoint;            // file to resume from and save to; empty: none
  double checkpoint_seconds = 60;
};

struct QuotientRun {
  std::string rule;                  // as the rule prints itself
  std::uint64_t upto = 0;            // what was asked (or the default)
  MisereQuotient quotient;           // of heaps 0..heaps
  std::uint64_t heaps = 0;
  std::vector<std::uint64_t> expansion_heaps;
  std::vector<std::uint64_t> generator_heaps;  // the heap each generator a, b, … is the class of
  Periodicity pattern;               // of Φ; proven: Φ(n) for every n, and Q for every heap
  std::optional<unsigned> tame;      // n of T_n
  std::optional<std::uint64_t> last_rogue;
  std::uint64_t resumed_from = 0;    // heaps read from the checkpoint
  bool interrupted = false;          // Ctrl-C/SIGTERM: the checkpoint holds heaps 0..heaps
  std::string stopped;               // why it stopped short (memory bound, …); empty otherwise
  std::string save_error;            // a checkpoint that could not be written
  std::size_t states = 0;            // of the last verification
  std::uint64_t recalibrations = 0;
  double seconds = 0;

  [[nodiscard]] bool complete() const noexcept { return pattern.proven() || heaps >= upto; }
};

// The rule: any heap rule (an octal or hexadecimal code, kayles, sub{1,2,3},
// …; the interfaces get it from Registry::heap_rule). Throws InputError for a
// checkpoint of another rule or a corrupt one, an unwritable checkpoint path —
// before any work.
[[nodiscard]] QuotientRun run_quotient(const HeapRulePtr& rule, const QuotientRequest& request, Context& context);

[[nodiscard]] std::string render_text(const QuotientRun& run);
// Fields: rule, upto, heaps, complete, size, p_size, p_portion [words],
// generators [{name, heap}], relations [{word, equals}], presentation,
// pretending [words], period {kind, status, preperiod, period, proof}, tame,
// tame_name, last_rogue, expansion_heaps, resumed_from, interrupted, stopped,
// states, recalibrations, seconds.
[[nodiscard]] nlohmann::json render_json(const QuotientRun& run);

}  // namespace grundy::misere
