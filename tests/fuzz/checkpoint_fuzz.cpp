// Take-and-break checkpoints (include/grundy/take_and_break/checkpoint.hpp).
// The first byte picks how the rest is used:
//   even  the rest is the file, as found on disk: read_checkpoint refuses it
//         with an InputError or returns what it holds;
//   odd   the rest is the file without its checksum, which the harness appends,
//         so that inputs pass it and reach the checks behind it — then a table
//         run resumes from the file (as `grundy table RULE --checkpoint FILE`
//         does), with the engine and thread count the first byte picks.
// A checkpoint that passes its checksum but whose values are not the game's
// must be refused, not crash an engine.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "fuzz_support.hpp"
#include "grundy/take_and_break/checkpoint.hpp"
#include "grundy/take_and_break/run.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  using namespace grundy::take_and_break;
  if (size == 0) return -1;
  static const fuzz::ScratchFile scratch;
  const std::uint8_t mode = data[0];
  std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  if (mode & 1) {
    const std::uint64_t check = checkpoint_checksum(bytes);
    bytes.append(reinterpret_cast<const char*>(&check), sizeof check);
  }
  scratch.write(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  std::optional<Checkpoint> checkpoint;
  try {
    checkpoint = read_checkpoint(scratch.path());
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
    if ((mode & 1) && std::strstr(error.what(), "checksum") != nullptr) {
      fuzz::fail("the harness's checksum is not the checkpoint's", error.what());
    }
    return 0;
  }
  if (!checkpoint) fuzz::fail("an existing checkpoint was read as absent", scratch.path());
  if (!(mode & 1)) return 0;
  TakeAndBreakRequest request;
  request.rule = checkpoint->rule;
  // A few heaps past the checkpoint (its values resumed), or fewer (cut).
  request.upto = std::min<std::uint64_t>(checkpoint->values.size() + (mode >> 4), 400);
  request.engine = (mode & 2) ? EngineKind::sparse : (mode & 4) ? EngineKind::naive : EngineKind::automatic;
  request.threads = (mode & 8) ? 2 : 1;
  request.checkpoint = scratch.path();
  const auto context = fuzz::bounded_context();
  try {
    const TakeAndBreakRun run = run_take_and_break_table(request, *context);
    (void)render_text(run, 20);
    (void)render_json(run, 20).dump();
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
  }
  return 0;
}
