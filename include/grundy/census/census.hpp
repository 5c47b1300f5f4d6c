// Running a census: a manager and workers over a distributed::Communicator, the
// same protocol on threads of one process and on the ranks of `mpirun -np N`.
//
// Rank 0 is the manager: it makes the plan, skips the jobs the database already
// answers, hands the others out largest first, one at a time, to whichever
// worker asks, writes each result to the database as it arrives (one
// transaction a job), gives a job that failed with a fault to another worker
// (three tries, then an error row), and stops everyone on Ctrl-C. The other
// ranks are workers: ask for a job, compute it (with its own checkpoint or
// table file), send the rows, ask again. Messages are a job's number one way
// and its rows the other.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/census/plan.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/communicator.hpp"

namespace grundy::census {

struct CensusOptions {
  std::string database;           // the SQLite file (created when missing)
  unsigned jobs = 1;              // worker threads when not spread over MPI ranks
  double checkpoint_seconds = 10; // a job's checkpoint interval
  // boards: a certificate of each board's value that `grundy check` verifies
  // (clobber, nogo on one row: docs/certificates.md) written into this folder,
  // its checksum kept in the board's row; "" for none.
  std::string certificate_directory;
};

struct CensusSummary {
  std::string arguments;          // the census, as CensusSpec::describe()
  std::string transport;          // "threads, 3 ranks" / "MPI, 3 ranks"
  int workers = 0;
  std::uint64_t games = 0;        // games of the family
  std::uint64_t jobs = 0;         // jobs of the plan (games computed, equivalents share one)
  std::uint64_t jobs_already_done = 0;  // answered by the database before this run
  std::uint64_t jobs_done = 0;    // finished by this run
  std::uint64_t errors = 0;       // games whose row is an error
  // The jobs of this run that ended in an error row: the job's game, why, and
  // whether a fault (three tries) rather than the game's own input or bound.
  struct FailedJob {
    std::string game;
    std::string message;
    bool fault = false;
  };
  std::vector<FailedJob> failed_jobs;
  // Rows and census records of the database whose checksum failed: removed,
  // and their games computed again by this run.
  std::uint64_t damaged_removed = 0;
  bool interrupted = false;
  // A worker rank released because the manager refused the census (its
  // message is the manager's to print): the CLI exits 2 quietly on it.
  bool aborted = false;
  double seconds = 0;
};

// Runs the census on this rank of `world` (null: a world of 1 + options.jobs
// threads of this process; a world of one MPI rank is the same). Rank 0
// returns the summary, or throws InputError for bad arguments or an unusable
// database before any job runs, after releasing the workers (their summary
// says `aborted`): no rank ever waits for another that has gone.
[[nodiscard]] CensusSummary run_census(const CensusSpec& spec, const CensusOptions& options,
                                       distributed::Communicator* world, Context& context);

// The folder beside the database where jobs keep their checkpoints and tables.
[[nodiscard]] std::string checkpoint_directory(const std::string& database);

}  // namespace grundy::census
