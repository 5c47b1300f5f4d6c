// grundy: Sprague–Grundy values, outcomes and winning moves from the command line.
#include <CLI/CLI.hpp>
#include <pthread.h>
#include <signal.h>

#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <new>
#include <set>
#include <string>

#include "commands.hpp"
#include "grundy/core/context.hpp"
#include "grundy/distributed/mpi.hpp"
#include "grundy/core/input_error.hpp"
#include "tool_conventions.hpp"

namespace {

// Bad input of any kind exits with this status (0 is success, 1 an internal fault).
constexpr int kExitBadInput = 2;

constexpr const char* kExamples = R"(
Examples:
  grundy value 'nim(3,4,5)'
  grundy value 'sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)'
  grundy value 'lr(1,2)(2,3,3)' --json
  grundy value 'nim(1,1,2)' --misere
  grundy value 'kayles(10,20) + sub{1,2}(7)' --misere   misère play of any sum
  grundy misere 'kayles(9)'                 misère canonical form, genus, mate
  grundy quotient kayles                    the misère quotient of a heap rule
  grundy value 'staircase(0,3,1,4)'
  grundy value 'moore(2)(3,5,6)'
  grundy value -f big-position.txt
  grundy value --batch < positions.txt      one answer a line
  grundy explain 'sub{1,2,3}(7)'            options, their values, the mex
  grundy explain 'nim(3,4,5)'               binary values and their xor
  grundy play 'kayles(9)'                   play against perfect play
  grundy table 'sub{1,3,4}' --upto 30
  grundy table 'lr(2,3)' --upto 20 --json
  grundy table kayles --upto 300
  grundy pattern 'lr(L,R)' --over L=1..8,R=L..12      laws across a family
  grundy pattern 'bash(m)' --over m=1..9 --emit cpp   a function to paste
  grundy table officers --upto 10000000 --output g.bin --format binary --checkpoint g.ckpt
  mpirun -np 3 grundy table officers --upto 100000000 --output g.bin --checkpoint g.ckpt
  grundy graph examples/textbook.graph
  grundy value 'blocks2x2(8x8)'
  grundy value 'cram(5x6) + nim(3)'
  grundy boards examples/cases.txt
  grundy census octal --digits 2 --db octal2.sqlite   every code, kept in SQLite
  mpirun -np 3 grundy census subtraction --max 10 --db sub10.sqlite

Expressions and every ruleset: docs/expressions.md. Exit status: 0 success, 2 bad input.)";

// Commands that spread their work over the ranks of an MPI job; any other one
// started as several ranks would print its answer once per rank.
const std::set<std::string> kDistributedCommands = {"census", "table"};

int run(int argc, char** argv, const grundy::cli::Launch& launch);

}  // namespace

int main(int argc, char** argv) {
  grundy::cli::Launch launch;
#ifdef GRUNDY_HAVE_MPI
  std::unique_ptr<grundy::distributed::MpiSession> session;
  // The threads MPI starts (progress, PMIx) keep SIGINT and SIGTERM blocked,
  // so that mpirun's SIGTERM reaches the command's StopOnSignals (which saves
  // the checkpoint) instead of ending the process in one of them.
  sigset_t stop_signals;
  sigset_t old_mask;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, &old_mask);
  try {
    session = grundy::distributed::MpiSession::start_if_launched(argc, argv);
    pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  } catch (const std::exception& e) {
    std::cerr << "grundy: MPI could not start: " << e.what() << "\n";
    return 1;
  }
  if (session) launch.world = &session->world();
#else
  // N copies of one job would each do all of it, side by side, on the same files.
  if (grundy::distributed::launched_by_mpirun()) {
    const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
    if (size == nullptr || std::string(size) != "1") {
      std::cerr << "grundy: this grundy was built without MPI, so it cannot run as ranks of an MPI job"
                   " (install libopenmpi-dev and build again, or run it without mpirun)\n";
      return kExitBadInput;
    }
  }
#endif
  // The session (MPI_Finalize) ends after the command, before the exit.
  return run(argc, argv, launch);
}

namespace {

int run(int argc, char** argv, const grundy::cli::Launch& launch) {
  CLI::App app{"grundy: Sprague-Grundy values, outcomes and winning moves of impartial games", "grundy"};
  app.footer(kExamples);
  app.require_subcommand(1);
#ifdef GRUNDY_HAVE_MPI
  constexpr bool with_mpi = true;
#else
  constexpr bool with_mpi = false;
#endif
  app.set_version_flag("--version", [] {
    std::string text = grundy::cli::version_text(with_mpi);
    text.pop_back();  // CLI11 ends the line
    return text;
  }, "Print the version, the commit it was built from and the features of this build");
  grundy::cli::register_value_command(app);
  grundy::cli::register_table_command(app, launch);
  grundy::cli::register_graph_command(app);
  grundy::cli::register_boards_command(app);
  grundy::cli::register_explain_command(app);
  grundy::cli::register_play_command(app);
  grundy::cli::register_misere_command(app);
  grundy::cli::register_quotient_command(app);
  grundy::cli::register_census_command(app, launch);
  grundy::cli::register_pattern_command(app);
  grundy::cli::register_check_command(app);
  grundy::cli::register_samples_command(app);
  // Hidden: the build writes the manual page and the completion script with
  // these (CMakeLists.txt), from the commands registered above.
  if (argc == 2 && std::string(argv[1]) == "--man") {
    std::cout << grundy::cli::manual_page(app);
    return 0;
  }
  if (argc == 2 && std::string(argv[1]) == "--bash-completion") {
    std::cout << grundy::cli::bash_completion(app);
    return 0;
  }
  if (argc == 1) {
    // A first try with no arguments gets the help, not an error.
    std::cout << app.help();
    return 0;
  }
  try {
    // CLI11 would only say "a subcommand is required"; name the word it did not know.
    if (argc > 1 && argv[1][0] != '-' && app.get_subcommands([&](CLI::App* sub) { return sub->get_name() == argv[1]; }).empty()) {
      std::cerr << "grundy: unknown command '" << argv[1] << "' (commands: value, explain, play, table, pattern, graph, boards, census, misere, quotient, check; see grundy --help)\n";
      return kExitBadInput;
    }
    // The same for the word after a command that has commands of its own
    // (census octal, census report …).
    if (argc > 2 && argv[2][0] != '-') {
      for (CLI::App* command : app.get_subcommands([&](CLI::App* sub) { return sub->get_name() == argv[1]; })) {
        const auto inner = command->get_subcommands([](CLI::App*) { return true; });
        if (inner.empty()) continue;
        bool known = false;
        std::string names;
        for (CLI::App* sub : inner) {
          known = known || sub->get_name() == argv[2];
          names += (names.empty() ? "" : ", ") + sub->get_name();
        }
        if (!known) {
          std::cerr << "grundy: " << argv[1] << ": unknown '" << argv[2] << "' (one of: " << names
                    << "; see grundy " << argv[1] << " --help)\n";
          return kExitBadInput;
        }
      }
    }
    if (launch.ranks() > 1 && argc > 1 && kDistributedCommands.count(argv[1]) == 0) {
      if (launch.rank() == 0)
        std::cerr << "grundy: '" << argv[1] << "' runs in one process; of the commands only census and table spread their work"
                  << " over the " << launch.ranks() << " ranks of mpirun (run it without mpirun)\n";
      return kExitBadInput;
    }
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "grundy: " << e.what() << " (see grundy --help)\n";
    return kExitBadInput;
  } catch (const grundy::cli::ExitStatus& status) {
    return status.code;
  } catch (const grundy::InputError& e) {
    std::cerr << "grundy: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const grundy::Cancelled& stopped) {
    // Ctrl-C or SIGTERM heard by a step with no message of its own (a read
    // before the computation): nothing was computed, nothing to keep.
    std::cerr << "grundy: interrupted\n";
    return grundy::cli::ExitStatus::interrupted(stopped.signal()).code;
  } catch (const std::bad_alloc&) {
    std::cerr << "grundy: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "grundy: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace
