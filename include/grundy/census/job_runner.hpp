// What a worker does with one job of a census: compute the job's game and write
// a row for every game of the family it answers (the job's own game and those
// found equivalent to it).
#pragma once

#include <string>
#include <vector>

#include "grundy/census/plan.hpp"
#include "grundy/census/row.hpp"
#include "grundy/core/context.hpp"

namespace grundy::census {

struct JobSettings {
  // Folder of the jobs' own checkpoints (take-and-break) and table files
  // (boards): a job interrupted or stopped at its time bound resumes from them.
  std::string checkpoint_directory;
  // Where boards' certificates go ("" for none; CensusOptions).
  std::string certificate_directory;
  int rank = 0;
  double checkpoint_seconds = 10;
};

// The rows of the job's members. Throws Cancelled when the context was stopped
// (the job's checkpoint is saved first), InputError or LimitError when the game
// itself cannot be computed as asked (a final answer, recorded as an error row
// by the manager), anything else for a fault (the manager tries the job again).
[[nodiscard]] std::vector<Row> run_job(const Plan& plan, const Job& job, const JobSettings& settings,
                                       Context& context);

// The file a job keeps its checkpoint or table in, under the folder.
[[nodiscard]] std::string job_file(const std::string& directory, const Job& job);
// The file a board's certificate goes to, under the folder (the job's name,
// ".certificate").
[[nodiscard]] std::string certificate_file(const std::string& directory, const Job& job);

}  // namespace grundy::census
