#include "host.hpp"

#include <emscripten/emscripten.h>

#include <cstdlib>
#include <string>

// The bodies are JavaScript, run in the worker; Module.grundyHost is set by
// web/page/worker.js. Strings cross as UTF-8 in the module's memory: C++ owns
// what it passes, and frees what it gets (allocated here with _malloc).
EM_JS(int, grundy_host_stop_requested, (), { return Module.grundyHost.stopRequested() ? 1 : 0; });

EM_JS(void, grundy_host_progress, (const char* line, int length), {
  Module.grundyHost.progress(UTF8ToString(line, length));
});

EM_JS(char*, grundy_host_rule_moves, (const char* rule, int rule_length, const char* position, int position_length), {
  const answer = Module.grundyHost.ruleMoves(UTF8ToString(rule, rule_length), UTF8ToString(position, position_length));
  const size = lengthBytesUTF8(answer) + 1;
  const out = _malloc(size);
  stringToUTF8(answer, out, size);
  return out;
});

EM_JS(char*, grundy_host_canonical_json, (const char* text, int length), {
  const answer = Module.grundyHost.canonicalJson(UTF8ToString(text, length));
  const size = lengthBytesUTF8(answer) + 1;
  const out = _malloc(size);
  stringToUTF8(answer, out, size);
  return out;
});

namespace grundy::web::host {
namespace {

std::string taken(char* answer) {
  std::string out(answer);
  std::free(answer);
  return out;
}

}  // namespace


bool stop_requested() { return grundy_host_stop_requested() != 0; }

void progress(std::string_view line) { grundy_host_progress(line.data(), static_cast<int>(line.size())); }

std::string rule_moves(std::string_view rule, std::string_view position) {
  return taken(grundy_host_rule_moves(rule.data(), static_cast<int>(rule.size()), position.data(),
                                      static_cast<int>(position.size())));
}

std::string canonical_json(std::string_view text) {
  return taken(grundy_host_canonical_json(text.data(), static_cast<int>(text.size())));
}

}  // namespace grundy::web::host
