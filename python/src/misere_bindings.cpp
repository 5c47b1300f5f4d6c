// grundy.quotient(rule, upto=…) and grundy.misere(position): what `grundy
// quotient` and `grundy misere` compute, as dicts of the same fields as their
// --json (grundy/misere.py wraps them in classes). No game logic here.
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/misere/misere_form.hpp"
#include "grundy/misere/notation.hpp"
#include "grundy/misere/quotient_run.hpp"
#include "grundy/language/registry.hpp"
#include "interruptible_call.hpp"
#include "python_position.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

py::object from_json(const nlohmann::json& j) {
  return py::module_::import("json").attr("loads")(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}


py::object quotient(const std::string& rule_text, std::optional<std::uint64_t> upto, const std::string& checkpoint,
                    double checkpoint_seconds, std::size_t memory) {
  ContextOptions settings;
  settings.memory_bytes = memory;
  InterruptibleCall call(settings);
  const HeapRulePtr rule = Registry::builtin().heap_rule(parse_rule(rule_text));
  misere::QuotientRequest request;
  request.upto = upto;
  request.checkpoint = checkpoint;
  request.checkpoint_seconds = checkpoint_seconds;
  misere::QuotientRun run = call.run(true, [&] { return misere::run_quotient(rule, request, call.context()); });
  // The checkpoint is written; the same call resumes from it.
  if (run.interrupted) call.raise_stop();
  if (!run.save_error.empty()) throw InputError(run.save_error);
  return from_json(misere::render_json(run));
}

py::object misere_of_text(const std::string& text, std::size_t memory) {
  ContextOptions settings;
  settings.memory_bytes = memory;
  InterruptibleCall call(settings);
  if (misere::looks_like_notation(text)) {
    return from_json(misere::facts_json(call.run(true, [&] { return misere::misere_form(text, call.context()); })));
  }
  const Position position = Registry::builtin().parse(text);
  nlohmann::json j = misere::facts_json(call.run(true, [&] { return misere::misere_form(position, call.context()); }));
  j["position"] = position.text();
  return from_json(j);
}

py::object misere_of_position(const PythonPosition& position) {
  nlohmann::json j = misere::facts_json(compute(position, [&](Context& context) { return misere::misere_form(position.position, context); }));
  j["position"] = position.position.text();
  return from_json(j);
}

}  // namespace

void bind_misere(py::module_& m) {
  m.def("_quotient", &quotient, py::arg("rule"), py::arg("upto"), py::arg("checkpoint"),
        py::arg("checkpoint_seconds"), py::arg("memory"));
  m.def("_misere_text", &misere_of_text, py::arg("text"), py::arg("memory"));
  m.def("_misere_position", &misere_of_position, py::arg("position"));
}

}  // namespace grundy::python
