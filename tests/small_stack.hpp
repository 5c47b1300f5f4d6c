// Runs a piece of work on a thread with a small call stack, so that a test can
// show a walk needs no call-stack frame per level: a recursion one frame per
// heap or per birthday overflows a few hundred kilobytes long before the 8 MB
// of the main thread (where CI's fuzz run found one under ASan, the misère
// quotient's marking, 2026-11-28). An exception of the work is thrown again
// in the caller.
#pragma once

#include <pthread.h>

#include <cstddef>
#include <exception>
#include <functional>
#include <stdexcept>

namespace grundy::testing {

inline void on_small_stack(std::size_t stack_bytes, const std::function<void()>& work) {
  struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
  } job{&work, nullptr};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  if (pthread_attr_setstacksize(&attributes, stack_bytes) != 0) {
    pthread_attr_destroy(&attributes);
    throw std::runtime_error("cannot set a thread's stack size");
  }
  pthread_t thread;
  const int started = pthread_create(
      &thread, &attributes,
      [](void* argument) -> void* {
        auto* j = static_cast<Job*>(argument);
        try {
          (*j->work)();
        } catch (...) {
          j->error = std::current_exception();
        }
        return nullptr;
      },
      &job);
  pthread_attr_destroy(&attributes);
  if (started != 0) throw std::runtime_error("cannot start a thread");
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace grundy::testing
