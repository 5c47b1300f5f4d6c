// Ranks that exchange small messages: the one transport of grundy's
// manager/worker and speculate/verify protocols (the census of a game family,
// one long take-and-break table across processes).
//
// Two implementations of one interface, so a protocol is written once:
//  - threads of this process (run_on_threads): the default when grundy is not
//    started by mpirun, and what the tests use;
//  - MPI ranks (grundy/distributed/mpi.hpp, built when CMake finds MPI): the
//    same protocol across processes and machines under `mpirun -np N`.
// Every record-scale solver of the field that spans machines (GamesmanOne's
// tier solver, the pentago solver) uses MPI with a manager/worker protocol;
// messages here stay small (a job, a result row, a block's verdict), so the
// transport is plain point-to-point sends of byte strings.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace grundy::distributed {

struct Message {
  int source = -1;
  int tag = 0;
  std::string payload;
};

class Communicator {
 public:
  virtual ~Communicator() = default;

  // This rank, 0 .. size() - 1; rank 0 is the manager of every protocol.
  [[nodiscard]] virtual int rank() const noexcept = 0;
  [[nodiscard]] virtual int size() const noexcept = 0;

  // Sends `payload` to `destination` (not to itself). Returns once the bytes are
  // handed over; the order of two sends to the same destination is kept.
  virtual void send(int destination, int tag, std::string_view payload) = 0;

  // The next message for this rank from any source, or nullopt when none came
  // within `timeout` (so the caller can poll its Context between waits).
  [[nodiscard]] virtual std::optional<Message> receive(std::chrono::milliseconds timeout) = 0;

  // "threads, 3 ranks" or "MPI, 3 ranks", for progress lines and reports.
  [[nodiscard]] virtual std::string describe() const = 0;
};

// Runs body(communicator) on `ranks` ranks that are threads of this process:
// rank 0 on the calling thread, ranks 1.. on threads of their own. Returns when
// every rank has returned; the first exception any rank threw is rethrown then
// (the others have returned or thrown too). ranks >= 1.
void run_on_threads(int ranks, const std::function<void(Communicator&)>& body);

}  // namespace grundy::distributed
