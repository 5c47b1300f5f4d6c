// Prints the value and the winner of the position given as its argument; with
// a second argument, the searches keep their tables in that file (the run's
// one persistence, as docs/library.md shows it).
#include <grundy/analysis/analysis.hpp>
#include <grundy/search/table_store.hpp>
#include <grundy/language/registry.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) return 2;
  grundy::ContextOptions options;
  if (argc == 3) {
    options.families.set(grundy::search::TableOptions{argv[2]});
  }
  grundy::Context context(options);
  const grundy::Position position = grundy::Registry::builtin().parse(argv[1]);
  const grundy::SumAnalysis analysis = grundy::analyze(position, context);
  (void)context.save_work();  // writes the table file, if one was given
  std::cout << analysis.value->to_string() << " " << (analysis.first_player_wins() ? "first" : "second") << "\n";
  return 0;
}
