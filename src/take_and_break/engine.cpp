// make_engine: the one place where an engine's variant and its fast paths are
// chosen, from the options and the CPU's features (detected once a process).
#include "grundy/take_and_break/engine.hpp"

#include <stdexcept>
#include <string>

#include "grundy/input_error.hpp"
#include "grundy/take_and_break/cpu_features.hpp"
#include "naive_engine.hpp"
#include "sparse_engine.hpp"
#include "vector_kernels.hpp"

namespace grundy::take_and_break {

const char* to_string(EngineKind kind) noexcept {
  switch (kind) {
    case EngineKind::automatic: return "auto";
    case EngineKind::naive: return "naive";
    case EngineKind::sparse: return "sparse";
  }
  return "?";
}

std::unique_ptr<SequenceEngine> make_engine(const GameCode& code, const EngineOptions& options) {
  if (options.threads == 0 || options.threads > 2) {
    throw InputError("threads must be 1 or 2, not " + std::to_string(options.threads));
  }
  // The kernels used: allowed by the options and supported by the CPU.
  const detail::VectorKernels kernels =
      options.vector_kernels ? detail::supported_vector_kernels(cpu_features()) : detail::VectorKernels{};
  switch (options.kind) {
    case EngineKind::naive: return std::make_unique<detail::NaiveEngine>(code, options.threads);
    case EngineKind::sparse: return std::make_unique<detail::SparseEngine>(code, options.threads, true, kernels);
    case EngineKind::automatic: return std::make_unique<detail::SparseEngine>(code, options.threads, false, kernels);
  }
  throw std::logic_error("make_engine: unknown engine kind");
}

}  // namespace grundy::take_and_break
