// grundy.Position: a sum of games, parsed from an expression or made by a
// user's Game; printed as the expression, valued, listed move by move, added.
#include <pybind11/stl.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>

#include "bindings.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/search/table_store.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/core/solver.hpp"
#include "python_position.hpp"
#include "python_text.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

// One option of a position: a move of one component, and what it leads to.
struct PythonOption {
  std::size_t index = 0;  // of the component moved in
  std::string component;  // its text
  std::string action;
  PythonPosition after;
  py::object value;
};

std::string quoted(const std::string& text) { return py::repr(py::str(text)).cast<std::string>(); }

// The settings of `grundy.parse(…, threads=, memory=, table=, table_seconds=)`.
PythonSettings parse_settings(unsigned threads, std::size_t memory, const std::string& table, double table_seconds) {
  if (threads < 1 || threads > 2) throw InputError("threads must be 1 or 2, not " + std::to_string(threads));
  if (!(table_seconds > 0)) throw InputError("table_seconds must be positive");
  return PythonSettings{threads, memory, table, table_seconds};
}

// Builds the position of an expression, with a run of these settings.
PythonPosition build(const Expression& expression, const PythonSettings& settings) {
  PythonPosition out;
  // Building reads files (graphs, boards): C++ only.
  {
    py::gil_scoped_release released;
    out.position = Registry::builtin().build(expression);
  }
  out.run = std::make_shared<PythonRun>(settings);
  return out;
}

// An error in an expression read from a file, at its file:line:column (the
// parser and the rulesets count columns across the whole text).
InputError located_in_file(const InputError& e, const std::string& source, const std::string& path) {
  if (!e.where().file.empty() || e.where().column == 0) return e;
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i + 1 < e.where().column && i < source.size(); ++i) {
    if (source[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return InputError(e.message(), SourceLocation{path, line, column});
}

PythonPosition load_file(const std::string& path, const PythonSettings& settings) {
  // The one reader (input_file.hpp): a directory, a device or an endless
  // input is refused; a FIFO waits for its writer.
  const std::string source = read_input_file(path, "file");
  try {
    return build(parse_expression(source), settings);
  } catch (const CycleError&) {
    throw;  // about a graph file, which it names
  } catch (const LimitError& e) {
    const InputError located = located_in_file(e, source, path);
    throw LimitError(located.message(), located.where());
  } catch (const InputError& e) {
    throw located_in_file(e, source, path);
  }
}

py::object value_of(const PythonPosition& p) {
  return to_python(compute(p, [&](Context& context) { return p.position.value(context); }));
}

py::str outcome_of(const PythonPosition& p) {
  const Outcome outcome = compute(p, [&](Context& context) {
    try {
      return p.position.value(context).outcome();
    } catch (const LimitError&) {
      // A lone component may know its outcome by a theorem (Moore's Nim_k, Wythoff).
      const auto* theorem = p.position.size() == 1 ? capability<OutcomeWithoutValue>(p.position[0]) : nullptr;
      if (theorem == nullptr) throw;
      return theorem->outcome(context);
    }
  });
  return outcome_letter(outcome);
}

std::vector<PythonOption> options_of(const PythonPosition& p, std::size_t limit) {
  struct Listed {
    Move move;
    Value value;
  };
  const std::vector<Listed> listed = compute(p, [&](Context& context) {
    std::vector<Listed> out;
    bool too_many = false;
    for_each_move(p.position, context, [&](Move&& move) {
      if (out.size() == limit) {
        too_many = true;
        return false;
      }
      const Value v = move.after().value(context);
      out.push_back(Listed{std::move(move), v});
      return true;
    });
    if (too_many) {
      throw LimitError(shortened(p.position.text(), 80) + " has more than " + std::to_string(limit) +
                       " options; pass limit= to list more");
    }
    return out;
  });
  std::vector<PythonOption> out;
  out.reserve(listed.size());
  for (const Listed& l : listed) {
    out.push_back(PythonOption{l.move.component, l.move.before[l.move.component].text(), l.move.action,
                               PythonPosition{l.move.after(), p.run}, to_python(l.value)});
  }
  return out;
}

}  // namespace

ContextOptions PythonSettings::context_options() const {
  ContextOptions options;
  options.threads = threads;
  options.memory_bytes = memory;
  options.families.set(search::TableOptions{table, table_seconds});
  return options;
}

PythonPosition operator+(const PythonPosition& a, const PythonPosition& b) {
  if (a.run && b.run && a.run != b.run && !(a.run->settings == b.run->settings)) {
    throw py::value_error(
        "these positions were parsed with different settings (threads=, memory=, table=, table_seconds=), and a "
        "sum is valued in one run: parse the sum as one expression, or its parts with the same settings");
  }
  // Parts parsed with the same settings: the left part's run (what the right
  // part's run computed is computed again if needed).
  return PythonPosition{a.position + b.position, a.run ? a.run : b.run};
}

void bind_positions(py::module_& m) {
  py::class_<PythonOption>(m, "Option", "One option of a position: a move in one component and where it leads.")
      .def_readonly("index", &PythonOption::index, "which component moves (0 is the first)")
      .def_readonly("component", &PythonOption::component, "the component's text before the move")
      .def_readonly("action", &PythonOption::action, "the move in words")
      .def_readonly("after", &PythonOption::after, "the whole position after the move")
      .def_readonly("value", &PythonOption::value, "the value of the position after the move")
      .def("__repr__", [](const PythonOption& o) {
        return "Option(" + o.component + ": " + o.action + " -> " + shortened(o.after.position.text(), 120) +
               ", value " + py::str(o.value).cast<std::string>() + ")";
      });

  py::class_<PythonPosition>(m, "Position",
                             "A position: a sum of games, such as nim(3,4,5) or sub{1,2,3}(10) + kayles(7). "
                             "str() gives the expression, which parses back to an equal position.")
      .def(py::init([](const std::string& text) { return build(parse_expression(text), PythonSettings{}); }),
           py::arg("expression"), "The position an expression describes (as grundy.parse).")
      .def_property_readonly("text", [](const PythonPosition& p) { return p.position.text(); })
      .def("__str__", [](const PythonPosition& p) { return p.position.text(); })
      .def("__repr__", [](const PythonPosition& p) { return "Position(" + quoted(shortened(p.position.text())) + ")"; })
      .def("value", &value_of,
           "The nim-value of the sum: an int (an InfiniteValue for a game with cycles that can be kept "
           "going). LimitError when it cannot be computed exactly.")
      .def("outcome", &outcome_of,
           "Who wins with perfect play: 'N' (the player to move), 'P' (the other player) or 'D' (a draw).")
      .def("options", &options_of, py::arg("limit") = 10'000,
           "Every option of the sum (the moves of each component in turn), each with the value of the "
           "position it leads to. LimitError past `limit` options.")
      .def_property_readonly(
          "components",
          [](const PythonPosition& p) {
            std::vector<PythonPosition> out;
            for (const ComponentPtr& c : p.position.components()) out.push_back(PythonPosition{Position(c), p.run});
            return out;
          },
          "The independent games of the sum, each as a position.")
      .def("__len__", [](const PythonPosition& p) { return p.position.size(); })
      .def("__add__", [](const PythonPosition& a, const PythonPosition& b) { return a + b; })
      .def("__radd__",
           [](const PythonPosition& p, const py::int_& zero) {
             // sum(positions) starts from 0, the empty game.
             if (zero.cast<long long>() != 0) throw py::type_error("a position can be added to 0 or a position only");
             return p;
           })
      .def("__eq__", [](const PythonPosition& a, const PythonPosition& b) { return a.position == b.position; })
      .def("__eq__", [](const PythonPosition&, const py::object&) { return false; })
      .def("__ne__", [](const PythonPosition& a, const PythonPosition& b) { return !(a.position == b.position); })
      .def("__ne__", [](const PythonPosition&, const py::object&) { return true; })
      .attr("__hash__") = py::none();

  m.def(
      "_parse",
      [](const std::string& text, unsigned threads, std::size_t memory, const std::string& table,
         double table_seconds) {
        return build(parse_expression(text), parse_settings(threads, memory, table, table_seconds));
      },
      py::arg("text"), py::arg("threads"), py::arg("memory"), py::arg("table"), py::arg("table_seconds"));
  m.def(
      "_load",
      [](const std::string& path, unsigned threads, std::size_t memory, const std::string& table,
         double table_seconds) {
        return load_file(path, parse_settings(threads, memory, table, table_seconds));
      },
      py::arg("path"), py::arg("threads"), py::arg("memory"), py::arg("table"), py::arg("table_seconds"));
}

}  // namespace grundy::python
