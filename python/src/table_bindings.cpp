// grundy.table(rule, …) for every heap ruleset: what `grundy table` computes,
// as fields for grundy.Table (grundy/table.py) with the values in a numpy array.
// Take-and-break rules run as the CLI runs them (run.hpp: sequence engines,
// threads, checkpoints, output files, the rare/common statistics).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/core/sequence.hpp"
#include "grundy/take_and_break/run.hpp"
#include "grundy/take_and_break/take_and_break.hpp"
#include "interruptible_call.hpp"
#include "table_fields.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

// The vector itself becomes the array's memory (no copy: a run of 10^8 heaps
// is 200 MB); the array owns it through a capsule.
template <class T>
py::array_t<T> to_numpy(std::vector<T>&& values, std::size_t count) {
  auto* owned = new std::vector<T>(std::move(values));
  const py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>({count}, {sizeof(T)}, owned->data(), owner);
}

py::dict take_and_break_table(InterruptibleCall& call, const take_and_break::GameCode& code, std::uint64_t upto,
                              unsigned threads, const std::string& engine, const std::string& checkpoint,
                              double checkpoint_seconds, const std::string& output, const std::string& format) {
  TakeAndBreakRequest request;
  request.rule = code.name.empty() ? code.normal_form() : code.name;
  request.upto = upto;
  request.engine = parse_engine_kind(engine);
  request.threads = threads;
  request.checkpoint = checkpoint;
  request.checkpoint_seconds = checkpoint_seconds;
  request.output = output;
  if (format == "binary") {
    request.format = TakeAndBreakFormat::binary;
  } else if (format != "text") {
    throw InputError("format is 'text' or 'binary', not '" + format + "'");
  }
  TakeAndBreakRun run = call.run(true, [&] { return run_take_and_break_table(request, call.context()); });
  // The checkpoint is written; the same call resumes from it.
  if (run.interrupted) call.raise_stop();

  py::dict fields = pattern_fields(run.pattern);
  const std::uint64_t count = upto + 1;
  if (run.values.size() >= count) {
    fields["values"] = to_numpy(std::move(run.values), count);
  } else {
    // A proven period ended the run early: the rest follows from it.
    std::vector<take_and_break::Value> values(count);
    for (std::uint64_t n = 0; n < count; ++n) values[n] = static_cast<take_and_break::Value>(run.value(n));
    fields["values"] = to_numpy(std::move(values), count);
  }
  fields["rule"] = run.rule;
  fields["code"] = run.code;
  fields["engine"] = to_string(run.engine);
  fields["threads"] = run.threads;
  fields["rare_mask"] = run.sparse.mask == 0 ? py::object(py::none()) : py::object(py::int_(run.sparse.mask));
  fields["rare_count"] = run.sparse.rare_count;
  fields["last_rare"] = run.sparse.rare_count == 0 ? py::object(py::none()) : py::object(py::int_(run.sparse.last_rare));
  fields["resumed_from"] = run.resumed_from;
  fields["seconds"] = run.seconds;
  fields["values_per_second"] = run.values_per_second;
  fields["output"] = run.output.empty() ? py::object(py::none()) : py::object(py::str(run.output));
  return fields;
}

py::dict table(const std::string& rule_text, std::uint64_t upto, bool misere, unsigned threads,
               const std::string& engine, const std::string& checkpoint, double checkpoint_seconds,
               const std::string& output, const std::string& format) {
  if (threads < 1 || threads > 2) throw InputError("threads must be 1 or 2, not " + std::to_string(threads));
  ContextOptions settings;
  settings.threads = threads;
  InterruptibleCall call(settings);
  const ExprTerm term = parse_rule(rule_text);
  const HeapRulePtr rule = Registry::builtin().heap_rule(term);
  py::dict fields;
  if (const take_and_break::GameCode* code = take_and_break_code(*rule); code != nullptr && !misere) {
    fields = take_and_break_table(call, *code, upto, threads, engine, checkpoint, checkpoint_seconds, output,
                                  format);
  } else {
    if (!output.empty() || !checkpoint.empty() || engine != "auto") {
      throw InputError(std::string("output=, checkpoint= and engine= are for take-and-break rules in normal play ") +
                       "(octal codes, grundy, kayles, officers, …), not " + rule->text() +
                       (misere ? " in misère play" : ""));
    }
    SequenceReport report = call.run(
        true, [&] { return misere ? rule->misere_table(call.context(), upto) : rule->table(call.context(), upto); });
    fields = pattern_fields(report.pattern);
    const std::size_t count = std::min<std::size_t>(report.values.size(), upto + 1);
    fields["values"] = to_numpy(std::move(report.values), count);
    fields["rule"] = rule->text();
  }
  fields["upto"] = upto;
  fields["misere"] = misere;
  return fields;
}

}  // namespace

py::dict pattern_fields(const Periodicity& pattern) {
  py::dict fields;
  switch (pattern.kind) {
    case Periodicity::Kind::none: fields["kind"] = "none"; break;
    case Periodicity::Kind::periodic: fields["kind"] = "periodic"; break;
    case Periodicity::Kind::arithmetic: fields["kind"] = "arithmetic"; break;
  }
  switch (pattern.status) {
    case Periodicity::Status::none_found: fields["status"] = "none"; break;
    case Periodicity::Status::detected: fields["status"] = "detected"; break;
    case Periodicity::Status::proven: fields["status"] = "proven"; break;
  }
  const bool found = pattern.kind != Periodicity::Kind::none;
  fields["period"] = found ? py::object(py::int_(pattern.period)) : py::object(py::none());
  fields["preperiod"] = found ? py::object(py::int_(pattern.preperiod)) : py::object(py::none());
  fields["saltus"] = pattern.kind == Periodicity::Kind::arithmetic ? py::object(py::int_(pattern.saltus))
                                                                     : py::object(py::none());
  fields["proof"] = pattern.proof.empty() ? py::object(py::none()) : py::object(py::str(pattern.proof));
  return fields;
}

py::dict detected_pattern_fields(const std::vector<Nimber>& values) {
  return pattern_fields(detect_any_periodicity(values));
}

py::array_t<Nimber> nimbers_to_numpy(std::vector<Nimber>&& values) {
  const std::size_t count = values.size();
  return to_numpy(std::move(values), count);
}

void bind_tables(py::module_& m) {
  m.def("_table", &table, py::arg("rule"), py::arg("upto"), py::arg("misere"), py::arg("threads"), py::arg("engine"),
        py::arg("checkpoint"), py::arg("checkpoint_seconds"), py::arg("output"), py::arg("format"));
  m.def(
      "_detect_pattern",
      [](const std::vector<Nimber>& values) { return detected_pattern_fields(values); }, py::arg("values"),
      "The pattern grundy.table would report for these values (detected, never proven).");
}

}  // namespace grundy::python
