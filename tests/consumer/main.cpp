// Prints the value and the winner of the position given as its argument; with
// a second argument, placement searches keep their table in that file (the
// placement family's own settings, as docs/library.md shows them).
#include <grundy/analysis/analysis.hpp>
#include <grundy/placement/options.hpp>
#include <grundy/language/registry.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) return 2;
  grundy::ContextOptions options;
  if (argc == 3) {
    grundy::placement::PlacementOptions placement;
    placement.table_path = argv[2];
    options.families.set(placement);
  }
  grundy::Context context(options);
  const grundy::Position position = grundy::Registry::builtin().parse(argv[1]);
  const grundy::SumAnalysis analysis = grundy::analyze(position, context);
  (void)context.save_work();  // writes the table file, if one was given
  std::cout << analysis.value->to_string() << " " << (analysis.first_player_wins() ? "first" : "second") << "\n";
  return 0;
}
