// grundy --version: what a bug report needs to name this build.
#include <string>

#include "grundy/take_and_break/cpu_features.hpp"
#include "grundy/take_and_break/engine.hpp"
#include "grundy/version.hpp"
#include "tool_conventions.hpp"

namespace grundy::cli {

extern const char* const kBuildCommit;  // written at build time (cmake/build_commit.cmake)

namespace {

namespace tb = take_and_break;

// One line of a kernel set: whether this build has it and whether this CPU runs it.
std::string kernel_line(const char* label, VectorKernelSet set, bool cpu_has) {
  std::string line = std::string("  ") + label;
  if (!tb::kernel_set_compiled(set)) return line + "not compiled in (needs an x86-64 build with GCC or Clang)\n";
  return line + "compiled in; this CPU " + (cpu_has ? "has them" : "lacks them (the portable code runs instead)") + "\n";
}

}  // namespace

std::string version_text(bool with_mpi) {
  const tb::CpuFeatures& cpu = tb::cpu_features();
  const bool cpu_avx512 = cpu.avx512f && cpu.avx512bw && cpu.avx512vbmi && cpu.avx512vbmi2 && cpu.popcnt;
  const bool cpu_avx2 = cpu.avx2 && cpu.bmi1 && cpu.popcnt;
  std::string text = std::string("grundy ") + kVersion + "\n";
  text += std::string("commit: ") + kBuildCommit + "\n";
  text += "features:\n";
  text += with_mpi ? "  MPI              yes: mpirun -np N grundy table|census spreads one job over N ranks\n"
                   : "  MPI              no: built without MPI (install libopenmpi-dev and build again for mpirun)\n";
  text += "  census (SQLite)  yes\n";
  text += kernel_line("AVX-512 kernels  ", VectorKernelSet::avx512, cpu_avx512);
  text += kernel_line("AVX2 kernels     ", VectorKernelSet::avx2, cpu_avx2);
  text += std::string("  kernels in use   ") + tb::to_string(tb::resolve_kernel_set(VectorKernelSet::best)) +
          " (take-and-break sequences; --kernels or GRUNDY_KERNELS names another)\n";
  return text;
}

}  // namespace grundy::cli
