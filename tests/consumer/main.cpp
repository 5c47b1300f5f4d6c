// Prints the value and the winner of the position given as its argument.
#include <grundy/analysis.hpp>
#include <grundy/registry.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  grundy::Context context;
  const grundy::Position position = grundy::Registry::builtin().parse(argv[1], context);
  const grundy::SumAnalysis analysis = grundy::analyze(position, context);
  std::cout << analysis.value->to_string() << " " << (analysis.first_player_wins() ? "first" : "second") << "\n";
  return 0;
}
