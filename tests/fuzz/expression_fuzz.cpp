// The expression parser and the sum builder: any text either becomes a Position
// that prints as an expression parsing back to the same position, or is refused
// with a one-line InputError. Values are then asked for under the time bound of
// fuzz_support.hpp, with the winning moves (whose positions must print and parse
// back too).
//
// File arguments (@FILE, "FILE") are limited to names without '/': the harness
// runs in a scratch directory holding a graph file `g` and a board file `b`
// (LLVMFuzzerInitialize), so an input cannot reach /dev/zero or a FIFO; those
// paths belong to the CLI's own checks.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz_support.hpp"
#include "grundy/analysis/analysis.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/language/registry.hpp"

namespace {

using namespace grundy;

// True when every file the text might name is a plain name in the scratch
// directory (no '/' after '@' or inside quotes), so opening it is harmless.
bool names_only_local_files(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '@') {
      for (std::size_t j = i + 1; j < text.size() && text[j] != ',' && text[j] != ')' && text[j] != '}'; ++j)
        if (text[j] == '/') return false;
    } else if (text[i] == '"') {
      const std::size_t close = text.find('"', i + 1);
      const std::string_view name = text.substr(i + 1, close == std::string_view::npos ? close : close - i - 1);
      if (name.find('/') != std::string_view::npos) return false;
      if (close == std::string_view::npos) break;
      i = close;
    }
  }
  return true;
}

void write_file(const char* name, const char* text) {
  std::FILE* f = std::fopen(name, "w");
  if (f == nullptr) fuzz::fail("cannot write a scratch file", name);
  std::fputs(text, f);
  std::fclose(f);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  char dir[] = "/tmp/grundy-fuzz-expr-XXXXXX";
  if (::mkdtemp(dir) == nullptr || ::chdir(dir) != 0) fuzz::fail("cannot make the scratch directory", dir);
  write_file("g", "start: a b\na: end\nb: a, end\nend\n");
  write_file("b", "0110\n0000\n0001\n");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (!names_only_local_files(text)) return -1;  // not added to the corpus
  const Registry& registry = Registry::builtin();
  const auto context = fuzz::bounded_context();
  Position position;
  try {
    position = registry.parse(text, fuzz::bounded_parse());
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
    return 0;
  }
  // Printing parses back to the same position (docs/expressions.md).
  const std::string printed = position.text();
  try {
    const Position again = registry.parse(printed, fuzz::bounded_parse());
    if (again.text() != printed) fuzz::fail("printed position reparses differently", printed + " / " + again.text());
  } catch (const InputError& error) {
    fuzz::fail("printed position does not parse", printed + ": " + error.what());
  }
  for (const bool misere : {false, true}) {
    try {
      const SumAnalysis analysis = analyze(position, *context, AnalysisOptions{misere, 3});
      for (const Move& move : analysis.winning_moves) {
        const std::string after = move.after().text();
        try {
          (void)registry.parse(after, fuzz::bounded_parse());
        } catch (const InputError& error) {
          fuzz::fail("position after a winning move does not parse", after + ": " + error.what());
        }
      }
      (void)analysis.to_json().dump();
    } catch (const Cancelled&) {
      return 0;  // the time bound: the context stays stopped
    } catch (const InputError& error) {
      fuzz::check_refusal(error);
    }
  }
  return 0;
}
