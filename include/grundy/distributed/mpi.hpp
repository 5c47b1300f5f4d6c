// MPI as a grundy::distributed::Communicator: `mpirun -np N grundy …` makes N
// ranks of one job. Only programs linked with the target grundy_mpi (built when
// CMake finds MPI; the grundy command is) have MpiSession; launched_by_mpirun()
// is in every build, so a build without MPI can refuse to run N copies of one
// job instead of running them side by side.
#pragma once

#include <memory>

#include "grundy/core/communicator.hpp"

namespace grundy::distributed {

// True when a launcher started this process as one rank of an MPI job (the
// environment of OpenMPI's mpirun, of PMIx or of a PMI launcher says so).
[[nodiscard]] bool launched_by_mpirun() noexcept;

// The world of an MPI job, from MPI_Init_thread to MPI_Finalize. Calls into MPI
// are serialized by the communicator (MPI_THREAD_SERIALIZED), so any thread may
// send or receive.
class MpiSession {
 public:
  // Starts MPI when launched_by_mpirun(); otherwise returns nullptr and MPI is
  // never touched (a plain `grundy …` starts no MPI runtime).
  [[nodiscard]] static std::unique_ptr<MpiSession> start_if_launched(int& argc, char**& argv);

  virtual ~MpiSession() = default;
  [[nodiscard]] virtual Communicator& world() = 0;
};

}  // namespace grundy::distributed
