// A long table run of a take-and-break game: what `grundy table RULE --upto N`
// calls. Computes g(0..upto) with the chosen engine, stops early once a period is
// proven (the rest follows from it), checkpoints and resumes, reports progress,
// and writes the values to a file as text or compact binary.
//
// Output formats:
//   text    "# g(n) of RULE for n = 0..N" then one value per line, n = 0 first
//   binary  "GRUNDY16", u64 count, then count × u16 little-endian values
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/core/context.hpp"
#include "grundy/core/sequence.hpp"
#include "grundy/take_and_break/engine.hpp"

namespace grundy {

enum class TakeAndBreakFormat { text, binary };

// Heaps computed past `upto` in search of a proof (see continue_for_proof).
inline constexpr std::uint64_t kProofContinuation = std::uint64_t{1} << 16;

struct TakeAndBreakRequest {
  std::string rule;            // a code (0.77, 4.3, 0.F7) or a name (kayles, grundy, …)
  std::uint64_t upto = 0;      // compute g(0..upto)
  take_and_break::EngineKind engine = take_and_break::EngineKind::automatic;
  // 1 or 2 in one process; in a distributed run (verifiers > 0, or several
  // MPI ranks) up to 64: the threads rank 0 speculates on.
  unsigned threads = 1;
  std::string checkpoint;      // file to checkpoint to and resume from; empty: none
  double checkpoint_seconds = 60;  // interval between checkpoints
  std::string output;          // file for the values; empty: none
  TakeAndBreakFormat format = TakeAndBreakFormat::text;
  bool stop_when_proven = true;  // stop computing once a period is proven
  // Without a proof by heap `upto`, keep computing (3·(upto + 1) more heaps,
  // at least 4096 and at most kProofContinuation) while the periodicity theorem
  // may still prove one; values past `upto` are not shown or written.
  bool continue_for_proof = false;
  // Called after each chunk of heaps (about a quarter second of work) with
  // every value computed so far: `grundy table` without --upto prints the new
  // ones as they come.
  std::function<void(const std::vector<take_and_break::Value>& values)> on_values;
  // With verifiers > 0 the table is computed by the speculate/verify protocol
  // of a distributed run (distributed_run.hpp) on verifiers + 1 threads of this
  // process: this thread speculates (with `threads` threads), the others
  // verify. Same values, same files.
  unsigned verifiers = 0;
};

// What a distributed run did (distributed_run.hpp), for its report and for the
// model of N machines in docs/performance.md.
struct DistributedStats {
  int ranks = 1;
  std::string transport;                 // "threads, 3 ranks" or "MPI, 3 ranks"
  std::uint64_t blocks = 0;              // blocks verified
  std::uint64_t failures = 0;            // speculated values found wrong (the run went back to each)
  std::uint64_t speculated = 0;          // heaps speculated, again after a failure included
  std::uint64_t largest_lead = 0;        // most heaps speculated ahead of the verified frontier
  std::uint64_t bytes_sent = 0;          // by rank 0, all messages
  double speculate_seconds = 0;          // CPU time of rank 0's thread computing candidates
  double verify_seconds = 0;             // CPU time of the verifiers checking blocks, added up
  double waiting_seconds = 0;            // wall time rank 0 waited for verdicts with its lead full
  double send_seconds = 0;               // CPU time of rank 0's thread encoding and sending blocks
  // Rank 0 speculating on several threads (--threads T): the heaps it
  // speculated so, the CPU seconds of marking the blocks' bands (spread over
  // the T threads) and of finishing blocks in order (one thread), waiting
  // left out. speculate_seconds is then their sum.
  unsigned speculation_threads = 1;
  std::uint64_t banded_heaps = 0;
  double band_seconds = 0;
  double in_order_seconds = 0;
};

struct TakeAndBreakRun {
  std::string rule;                  // as displayed: name or normal form
  std::string code;                  // normal form
  std::uint64_t upto = 0;
  std::vector<take_and_break::Value> values;  // g(0..computed-1), computed by the engine
  Periodicity pattern;               // proven: g(n) for n >= values.size() follows from it
  Nimber largest = 0;                // largest g(n) for n <= upto ...
  std::uint64_t largest_at = 0;      // ... and the least n where it occurs
  take_and_break::EngineKind engine = take_and_break::EngineKind::automatic;
  unsigned threads = 1;
  VectorKernelSet kernels = VectorKernelSet::portable;  // the vector kernels the engine ran
  take_and_break::SparseStats sparse;  // mask, rare positions (count, last)
  std::uint64_t resumed_from = 0;    // heaps read from the checkpoint (0: fresh start)
  bool interrupted = false;          // stopped by the context (Ctrl-C/SIGTERM); checkpoint written
  double seconds = 0;                // wall time of this run's computing
  double values_per_second = 0;      // heaps computed by this run / seconds
  std::string output;                // file written, if any
  std::uint64_t output_heaps = 0;    // heaps in it: upto + 1, or those computed when the run was stopped
  std::string save_error;            // a checkpoint or --output that could not be written (the values are still here)
  TakeAndBreakFormat format = TakeAndBreakFormat::text;
  std::optional<DistributedStats> distributed;  // set by a distributed run

  // True when g(0..upto) are all known (computed or from a proven pattern).
  [[nodiscard]] bool complete() const noexcept;
  // g(n) for n <= upto; requires complete() or n < values.size().
  [[nodiscard]] Nimber value(std::uint64_t n) const;
};

// "auto", "naive", "sparse" (for --engine); InputError otherwise.
[[nodiscard]] take_and_break::EngineKind parse_engine_kind(std::string_view text);

// Throws InputError for a bad rule, threads outside 1..2 (1..64 for the
// speculation of a distributed run), a table beyond memory, or a binary table
// whose values cannot fit 16 bits — before any work.
void validate_take_and_break_request(const TakeAndBreakRequest& request, bool distributed = false);

// Validates, then runs. Throws InputError/LimitError for bad input, an unusable
// checkpoint (corrupt, or of another rule) or an unwritable output. A stop
// requested of the context ends the run early with `interrupted` set (after a
// checkpoint, if one was asked for); progress lines go to the context.
[[nodiscard]] TakeAndBreakRun run_take_and_break_table(const TakeAndBreakRequest& request, Context& context);

// A summary for people; with `list_upto`, g(0..list_upto) follow, 20 to a line
// (the caller decides; a table of 10^8 values belongs in --output).
[[nodiscard]] std::string render_text(const TakeAndBreakRun& run, std::optional<std::uint64_t> list_upto);

// The same as JSON; "values" holds g(0..list_upto) when given.
[[nodiscard]] nlohmann::json render_json(const TakeAndBreakRun& run, std::optional<std::uint64_t> list_upto);

}  // namespace grundy
