// make_engine: the one place where an engine's variant and its fast paths are
// chosen, from the options and the CPU's features (detected once a process).
#include "grundy/take_and_break/engine.hpp"

#include <stdexcept>
#include <string>

#include "grundy/core/input_error.hpp"
#include "grundy/take_and_break/cpu_features.hpp"
#include "naive_engine.hpp"
#include "sparse_engine.hpp"
#include "vector_kernels.hpp"

namespace grundy::take_and_break {

void SequenceEngine::take_back(std::vector<Value> values) {
  if (!values_.empty() || values.size() != lent_size_) {
    throw std::logic_error("SequenceEngine::take_back: not the table the engine lent (" + std::to_string(values.size()) +
                           " values, " + std::to_string(lent_size_) + " lent)");
  }
  values_ = std::move(values);
}

const char* to_string(EngineKind kind) noexcept {
  switch (kind) {
    case EngineKind::automatic: return "auto";
    case EngineKind::naive: return "naive";
    case EngineKind::sparse: return "sparse";
  }
  return "?";
}

const char* to_string(VectorKernelSet set) noexcept {
  switch (set) {
    case VectorKernelSet::best: return "best";
    case VectorKernelSet::portable: return "portable";
    case VectorKernelSet::avx2: return "avx2";
    case VectorKernelSet::avx512: return "avx512";
  }
  return "?";
}

VectorKernelSet parse_kernel_set(std::string_view text) {
  for (VectorKernelSet set :
       {VectorKernelSet::best, VectorKernelSet::portable, VectorKernelSet::avx2, VectorKernelSet::avx512}) {
    if (text == to_string(set)) return set;
  }
  throw InputError("unknown kernel set \"" + std::string(text) + "\": expected best, portable, avx2 or avx512");
}

VectorKernelSet resolve_kernel_set(VectorKernelSet requested) {
  if (requested == VectorKernelSet::best) return detail::best_kernel_set(cpu_features());
  if (const char* missing = detail::missing_extension(cpu_features(), requested)) {
    throw InputError(std::string("the ") + to_string(requested) + " kernels need " + missing +
                     ", which this CPU does not have (use best or portable)");
  }
  return requested;
}

bool kernel_set_compiled(VectorKernelSet set) noexcept {
  // A CPU with every extension runs each set the build has compiled in.
  CpuFeatures every_extension;
  every_extension.popcnt = every_extension.avx2 = every_extension.bmi1 = every_extension.avx512f =
      every_extension.avx512bw = every_extension.avx512vbmi = every_extension.avx512vbmi2 = true;
  return set == VectorKernelSet::best || detail::missing_extension(every_extension, set) == nullptr;
}

std::unique_ptr<SequenceEngine> make_engine(const GameCode& code, const EngineOptions& options) {
  if (options.threads == 0 || options.threads > 2) {
    throw InputError("threads must be 1 or 2, not " + std::to_string(options.threads));
  }
  // The kernels used: allowed by the options and supported by the CPU.
  const detail::VectorKernels kernels = detail::vector_kernels_of(
      options.vector_kernels ? resolve_kernel_set(options.kernels) : VectorKernelSet::portable);
  switch (options.kind) {
    case EngineKind::naive: return std::make_unique<detail::NaiveEngine>(code, options.threads);
    case EngineKind::sparse: return std::make_unique<detail::SparseEngine>(code, options.threads, true, kernels);
    case EngineKind::automatic: return std::make_unique<detail::SparseEngine>(code, options.threads, false, kernels);
  }
  throw std::logic_error("make_engine: unknown engine kind");
}

}  // namespace grundy::take_and_break
