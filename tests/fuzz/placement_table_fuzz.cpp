// Placement table files (`--table FILE`, PlacementSolver::load_table). The first
// byte picks the rule (Cram, 2x2 blocks, bars(3), Node Kayles on a grid) and,
// when odd, has the harness write the file's header line for that rule before
// the rest, so that inputs reach the sections behind it. Loading is refused
// with an InputError or fills the tables, under a memory bound the loader must
// keep to whatever the file declares; the solver then values a few small boards
// from what was loaded (a damaged entry may change a value, not crash).
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "grundy/placement/board.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/search/placement_solver.hpp"

namespace {

using namespace grundy::placement;

Rule rule_for(std::uint8_t choice) {
  switch (choice & 3) {
    case 0: return cram_rule();
    case 1: return blocks2x2_rule();
    case 2: return bars_rule(3);
    default: return node_kayles_rule(GraphFamily::grid);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  if (size == 0) return -1;
  static const fuzz::ScratchFile scratch;
  const std::uint8_t mode = data[0];
  const Rule rule = rule_for(static_cast<std::uint8_t>(mode >> 1));
  std::string bytes;
  if (mode & 1) bytes = "grundy-placement-table 1\n" + rule.name + "\n";
  bytes.append(reinterpret_cast<const char*>(data + 1), size - 1);
  scratch.write(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  PlacementSolver solver(rule);
  solver.set_memory_limit(std::size_t{16} << 20);
  try {
    solver.load_table(scratch.path());
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
    return 0;
  }
  for (const char* board : {"3x4", "0110/0000/0000", "4x4", "1x7", "00000/01010/00000"}) {
    (void)solver.value(parse_inline_board(board));
  }
  return 0;
}
