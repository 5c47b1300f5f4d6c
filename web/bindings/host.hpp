// What the bindings ask of the JavaScript around them: the page's Web Worker
// (web/page/worker.js) gives the module an object `grundyHost` with these
// functions when it creates it. Everything the C++ side needs from the browser
// passes here, and nothing else does.
#pragma once

#include <string>
#include <string_view>

namespace grundy::web::host {

// True once the page asked the running request to stop (its Stop button, or a
// newer request that replaces it). Costly (the worker cannot receive messages
// while it computes, so it asks synchronously): called from the Context's poll
// hook, which rate-limits it.
[[nodiscard]] bool stop_requested();

// A progress line of the running request, shown by the page at once.
void progress(std::string_view line);

// The options of `position` under the user's JavaScript rule `rule`: the
// worker calls the user's function and answers in the format js_rule.hpp reads.
[[nodiscard]] std::string rule_moves(std::string_view rule, std::string_view position);

// A JSON value typed in an expression, in the canonical form of js_rule.hpp, or
// "!" and a message when it is not JSON.
[[nodiscard]] std::string canonical_json(std::string_view text);

}  // namespace grundy::web::host
