// grundy.value(...) and its Result: the analysis of a sum (analysis.hpp) for
// Python — value, outcome, the components' values and the winning moves.
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "bindings.hpp"
#include "grundy/analysis/analysis.hpp"
#include "python_position.hpp"
#include "python_text.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

// A winning move, with the run its positions are valued in.
struct PythonMove {
  Move move;
  std::shared_ptr<PythonRun> run;

  [[nodiscard]] std::string component() const { return move.before[move.component].text(); }
};

struct PythonResult {
  SumAnalysis analysis;
  std::shared_ptr<PythonRun> run;
};

py::object optional_value(const std::optional<Value>& value) {
  return value ? to_python(*value) : py::object(py::none());
}

// What `grundy value` prints, for print(result) in a session or notebook.
std::string result_text(const SumAnalysis& a) {
  constexpr std::size_t kShownComponents = 40;
  std::ostringstream out;
  out << "Position: " << a.position.text() << "\n";
  if (a.misere) out << "Play: misère (the player who makes the last move loses)\n";
  if (a.components.size() > 1) {
    out << "Components:\n";
    for (std::size_t i = 0; i < a.components.size(); ++i) {
      if (i == kShownComponents) {
        out << "  … and " << a.components.size() - kShownComponents << " more\n";
        break;
      }
      out << "  " << a.components[i].text();
      if (a.components[i].value) out << "  g = " << a.components[i].value->to_string();
      out << "\n";
    }
  }
  if (a.value) {
    out << (a.misere ? "Misère nim-value: " : "Nim-value: ") << a.value->to_string() << "\n";
  } else if (!a.value_note.empty()) {
    out << "Nim-value: not computed (" << a.value_note << ")\n";
  }
  out << "Outcome: " << a.outcome_words() << "\n";
  if (a.evidence) out << "Decided by: " << a.evidence->method << " — " << a.evidence->detail << "\n";
  if (a.first_player_wins()) {
    out << "Winning moves (" << (a.winning_move_total_is_lower_bound ? "at least " : "") << a.winning_move_total
        << "):\n";
    for (const Move& m : a.winning_moves) {
      out << "  " << m.before[m.component].text() << ": " << m.action << "  ->  " << m.after().text() << "\n";
    }
    if (a.winning_move_total > a.winning_moves.size()) {
      out << "  … and " << a.winning_move_total - a.winning_moves.size() << " more (max_moves= to list more)\n";
    }
    if (!a.moves_note.empty()) out << "  (not all known: " << a.moves_note << ")\n";
  }
  return out.str();
}

PythonResult analyze_position(const PythonPosition& p, bool misere, std::size_t max_moves) {
  SumAnalysis analysis =
      compute(p, [&](Context& context) { return analyze(p.position, context, AnalysisOptions{misere, max_moves}); });
  return PythonResult{std::move(analysis), p.run};
}

}  // namespace

void bind_analysis(py::module_& m) {
  py::class_<PythonMove>(m, "Move", "A winning move: one component changes, the rest stay.")
      .def_property_readonly("component", &PythonMove::component, "the component's text before the move")
      .def_property_readonly("index", [](const PythonMove& mv) { return mv.move.component; },
                             "which component moves (0 is the first)")
      .def_property_readonly("action", [](const PythonMove& mv) { return mv.move.action; }, "the move in words")
      .def_property_readonly("after", [](const PythonMove& mv) { return mv.move.after().text(); },
                             "the whole position after the move, as an expression")
      .def_property_readonly("replacement", [](const PythonMove& mv) { return mv.move.replacement.text(); },
                             "what the component becomes (several components when it splits)")
      .def_property_readonly(
          "after_position", [](const PythonMove& mv) { return PythonPosition{mv.move.after(), mv.run}; },
          "the whole position after the move, as a Position")
      .def("__repr__", [](const PythonMove& mv) {
        return "Move(" + mv.component() + ": " + mv.move.action + " -> " + shortened(mv.move.after().text(), 120) + ")";
      });

  py::class_<PythonResult>(m, "Result", "The analysis of a position: value, outcome, winning moves.")
      .def_property_readonly("position", [](const PythonResult& r) { return PythonPosition{r.analysis.position, r.run}; })
      .def_property_readonly("value", [](const PythonResult& r) { return optional_value(r.analysis.value); },
                             "the nim-value of the sum (misère: of the single heap), or None where only the "
                             "outcome is known (see value_note)")
      .def_property_readonly("value_note", [](const PythonResult& r) { return r.analysis.value_note; })
      .def_property_readonly("misere", [](const PythonResult& r) { return r.analysis.misere; })
      .def_property_readonly(
          "method",
          [](const PythonResult& r) -> py::object {
            if (!r.analysis.evidence) return py::none();
            const MisereEvidence& e = *r.analysis.evidence;
            py::dict d;
            d["name"] = e.method;
            d["detail"] = e.detail;
            d["components"] = e.components;
            d["total"] = e.total;
            d["rule"] = e.rule;
            return d;
          },
          "misère play: the method that decided (a dict: name, detail, components, total, rule); None otherwise")
      .def_property_readonly("outcome", [](const PythonResult& r) { return outcome_letter(r.analysis.outcome); },
                             "'N': the player to move wins; 'P': the other player wins; 'D': a draw")
      .def_property_readonly("outcome_words", [](const PythonResult& r) { return r.analysis.outcome_words(); })
      .def_property_readonly("first_player_wins", [](const PythonResult& r) { return r.analysis.first_player_wins(); })
      .def_property_readonly(
          "components",
          [](const PythonResult& r) {
            py::list out;
            for (const ComponentReport& c : r.analysis.components) out.append(py::make_tuple(c.text(), optional_value(c.value)));
            return out;
          },
          "(text, value) of each component; the value is None where it is not computed (misère sums)")
      .def_property_readonly(
          "winning_moves",
          [](const PythonResult& r) {
            std::vector<PythonMove> out;
            for (const Move& mv : r.analysis.winning_moves) out.push_back(PythonMove{mv, r.run});
            return out;
          },
          "the winning moves listed (at most max_moves; winning_move_count counts them all)")
      .def_property_readonly("winning_move_count", [](const PythonResult& r) { return r.analysis.winning_move_total; })
      .def_property_readonly("winning_move_count_is_lower_bound",
                             [](const PythonResult& r) { return r.analysis.winning_move_total_is_lower_bound; })
      .def(
          "to_json",
          [](const PythonResult& r) { return py::module_::import("json").attr("loads")(r.analysis.to_json().dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)); },
          "The analysis as `grundy value --json` gives it (a dict).")
      .def("__str__", [](const PythonResult& r) { return result_text(r.analysis); })
      .def("__repr__", [](const PythonResult& r) {
        std::string out = "Result(" + shortened(r.analysis.position.text(), 120) + ": ";
        if (r.analysis.value) out += (r.analysis.misere ? "misère value " : "value ") + r.analysis.value->to_string() + ", ";
        out += std::string(to_string(r.analysis.outcome)) + ", ";
        out += r.analysis.first_player_wins()
                   ? std::to_string(r.analysis.winning_move_total) + " winning move" +
                         (r.analysis.winning_move_total == 1 ? "" : "s")
                   : std::string(r.analysis.outcome == Outcome::P ? "the player to move loses" : "a draw");
        return out + ")";
      });

  m.def("_analyze", &analyze_position, py::arg("position"), py::arg("misere"), py::arg("max_moves"));
}

}  // namespace grundy::python
