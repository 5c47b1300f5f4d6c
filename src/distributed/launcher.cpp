#include <cstdlib>

#include "grundy/distributed/mpi.hpp"

namespace grundy::distributed {

// OpenMPI's mpirun sets OMPI_COMM_WORLD_SIZE in every rank; PMIx launchers
// (OpenMPI 4 and 5, Slurm's srun --mpi=pmix) set PMIX_RANK; PMI-1/2 launchers
// (MPICH's hydra, srun --mpi=pmi2) set PMI_SIZE.
bool launched_by_mpirun() noexcept {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
    if (std::getenv(name) != nullptr) return true;
  return false;
}

}  // namespace grundy::distributed
