// The MPI communicator (target grundy_mpi). Receives with a timeout by probing
// (MPI_Iprobe) every millisecond rather than blocking in MPI_Recv: a manager
// must poll its Context (Ctrl-C) between messages, and a blocked MPI_Recv
// cannot be interrupted. A millisecond of latency is nothing next to a job.
#include <mpi.h>

#include <chrono>
#include <iterator>
#include <limits>
#include <list>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "grundy/distributed/mpi.hpp"

namespace grundy::distributed {
namespace {

void check(int code, const char* what) {
  if (code != MPI_SUCCESS) {
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    throw std::runtime_error(std::string(what) + ": " + std::string(text, static_cast<std::size_t>(length)));
  }
}

class MpiCommunicator final : public Communicator {
 public:
  MpiCommunicator() {
    check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
    check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
  }

  int rank() const noexcept override { return rank_; }
  int size() const noexcept override { return size_; }

  void send(int destination, int tag, std::string_view payload) override {
    if (destination < 0 || destination >= size_ || destination == rank_)
      throw std::logic_error("MpiCommunicator::send: no rank " + std::to_string(destination));
    if (payload.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
      throw std::length_error("MpiCommunicator::send: message of " + std::to_string(payload.size()) + " bytes");
    std::lock_guard lock(mutex_);
    // Not MPI_Send: past the eager limit (a few kB) it waits until the
    // receiver takes the message, and a receiver polls every millisecond, so
    // rank 0 of a distributed table run spent 66 ns a heap a verifier in
    // MPI_Send with 64 kB blocks (Officers to 10^7, mpirun -np 3: 1.33 s of
    // CPU), more than its whole in-order speculation. The bytes are copied and
    // sent without waiting; MPI keeps the order of two messages between the
    // same pair of ranks (its non-overtaking rule holds for MPI_Isend in the
    // order posted), and the copies are freed once MPI is done with them.
    finish_sends();
    PendingSend& pending = sends_.emplace_back();
    pending.bytes.assign(payload.data(), payload.size());
    check(MPI_Isend(pending.bytes.data(), static_cast<int>(pending.bytes.size()), MPI_BYTE, destination, tag,
                    MPI_COMM_WORLD, &pending.request),
          "MPI_Isend");
  }

  // Waits for the sends still under way (before MPI_Finalize).
  void flush() {
    std::lock_guard lock(mutex_);
    for (PendingSend& pending : sends_) MPI_Wait(&pending.request, MPI_STATUS_IGNORE);
    sends_.clear();
  }

  std::optional<Message> receive(std::chrono::milliseconds timeout) override {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      {
        std::lock_guard lock(mutex_);
        finish_sends();
        int flag = 0;
        MPI_Status status;
        check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status), "MPI_Iprobe");
        if (flag) {
          int count = 0;
          check(MPI_Get_count(&status, MPI_BYTE, &count), "MPI_Get_count");
          Message message;
          message.source = status.MPI_SOURCE;
          message.tag = status.MPI_TAG;
          message.payload.resize(static_cast<std::size_t>(count));
          check(MPI_Recv(message.payload.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE),
                "MPI_Recv");
          return message;
        }
      }
      if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  std::string describe() const override { return "MPI, " + std::to_string(size_) + " ranks"; }

 private:
  // A send under way: its bytes stay here (a list: never moved) until done.
  struct PendingSend {
    std::string bytes;
    MPI_Request request = MPI_REQUEST_NULL;
  };

  // Frees the sends MPI is done with (and lets it progress the others).
  void finish_sends() {
    for (auto it = sends_.begin(); it != sends_.end();) {
      int done = 0;
      check(MPI_Test(&it->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
      it = done ? sends_.erase(it) : std::next(it);
    }
  }

  int rank_ = 0;
  int size_ = 1;
  std::mutex mutex_;
  std::list<PendingSend> sends_;
};

class Session final : public MpiSession {
 public:
  Session(int& argc, char**& argv) {
    int provided = 0;
    check(MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided), "MPI_Init_thread");
    if (provided < MPI_THREAD_SERIALIZED) {
      MPI_Finalize();
      throw std::runtime_error("the MPI library does not allow calls from more than one thread (MPI_THREAD_SERIALIZED)");
    }
    // Errors come back as codes (turned into exceptions above), not as an abort.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    world_ = std::make_unique<MpiCommunicator>();
  }
  ~Session() override {
    world_->flush();
    world_.reset();
    MPI_Finalize();
  }
  Communicator& world() override { return *world_; }

 private:
  std::unique_ptr<MpiCommunicator> world_;
};

}  // namespace

std::unique_ptr<MpiSession> MpiSession::start_if_launched(int& argc, char**& argv) {
  if (!launched_by_mpirun()) return nullptr;
  return std::make_unique<Session>(argc, argv);
}

}  // namespace grundy::distributed
