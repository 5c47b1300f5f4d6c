// One owner at a time for a table file (issue 56): a run holds FILE.lock,
// locked with flock(2), for as long as it keeps FILE. Two runs on one table
// once shared it unknowingly: the second probed a table the first had
// replaced by its growth (7 of 10 rounds hung, one SIGBUS) and five tables
// were left full. The lock is a file of its own because the table file is
// replaced at every growth (a new file renamed over it): a lock on the table
// itself would be on a file that no longer has the name.
//
// The lock file holds the owner's process number, for the message of a
// second run; it is removed when the owner lets go. Whoever locks it checks
// that the file locked is still the one of that name (a run that opened it
// just before the owner removed it would otherwise hold a lock on a removed
// file while a third made a new one). A run killed by any signal lets go of
// the lock with its last descriptor (the kernel's), so a lock file left by
// kill -9 is taken by the next run.
#pragma once

#include <string>

namespace grundy::search {

class TableLock {
 public:
  // Thrown instead of the refusal when the run that holds the lock is one of
  // this process's own (the Python module keeps a run for as long as a
  // position or result of it lives, and a call with other settings makes
  // another): the caller keeps that run's table in memory instead.
  struct HeldByThisProcess {};

  // Locks `table`'s lock file, or throws InputError (exit 2) naming the table
  // and the process that holds it (HeldByThisProcess when that is this one). `flag` is how the user gave the path
  // ("--table"), for the message.
  TableLock(const std::string& table, const std::string& flag);
  TableLock(const TableLock&) = delete;
  TableLock& operator=(const TableLock&) = delete;
  ~TableLock();

 private:
  std::string path_;  // the lock file
  int fd_ = -1;
};

}  // namespace grundy::search
