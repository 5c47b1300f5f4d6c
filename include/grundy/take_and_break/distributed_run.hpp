// One take-and-break table computed by several ranks: `mpirun -np N grundy
// table officers --upto 10^8 --checkpoint F`, or N threads of one process
// (TakeAndBreakRequest::verifiers).
//
// The sparse-space method splits the work in two (docs/take_and_break.md):
//  - rank 0 speculates: block after block, the candidate for heap n is its
//    least missing common value, which needs only the rare positions and the
//    values behind n that pair with them (sparse_engine.hpp, "Speculation");
//  - ranks 1.. verify: each block goes to every verifier (its values, one byte
//    each where they are common values below 512: the 8-bit storage of common
//    values of Grossman's Officers search), and one of them checks that every
//    rare value below each candidate is an option (block_verifier.hpp);
//  - rank 0 takes the verdicts in order: the verified frontier advances over
//    correct blocks; at the first wrong heap it takes the verifier's value,
//    drops everything speculated after it and speculates again from there.
// Rank 0 alone reads and writes the checkpoint (the verified prefix, the file
// format of a run in one process) and the output; a rerun after any rank was
// killed resumes from the checkpoint, and its files equal those of one process.
#pragma once

#include <optional>

#include "grundy/core/context.hpp"
#include "grundy/core/communicator.hpp"
#include "grundy/take_and_break/run.hpp"

namespace grundy {

// Runs `request` on every rank of `world` (all ranks call it with the same
// request). Rank 0 returns the run, as run_take_and_break_table does; the
// other ranks return nullopt once rank 0 ends the run. With one rank it is
// run_take_and_break_table. Throws what run_take_and_break_table throws (on
// rank 0; the verifiers then throw RankStopped with rank 0's exit status).
[[nodiscard]] std::optional<TakeAndBreakRun> run_take_and_break_table(const TakeAndBreakRequest& request,
                                                                      Context& context,
                                                                      distributed::Communicator& world);

// Thrown on a verifier rank when rank 0 ended the run with an error or an
// interruption: the exit status rank 0 has (2 bad input, 130 interrupted, 1
// an internal fault); rank 0 has said why.
struct RankStopped {
  int status = 1;
};

}  // namespace grundy
