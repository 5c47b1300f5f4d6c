// grundy.pattern(…)'s C++ side: a family of built-in games tabulated from a
// template (what `grundy pattern` does), or a family a user tabulated in
// Python (their own games) handed over as values; the law search and the
// emitted code come back as a dict for grundy.Pattern (grundy/pattern.py).
#include <pybind11/numpy.h>

#include <algorithm>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include "bindings.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/analysis/pattern.hpp"
#include "grundy/interfaces/pattern_family.hpp"
#include "interruptible_call.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

py::dict report_fields(const pattern::PatternReport& report, const std::string& command) {
  py::dict fields;
  fields["json"] = report.to_json().dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  fields["text"] = report.text();
  fields["cpp"] = pattern::emit_cpp(report, command);
  fields["python"] = pattern::emit_python(report, command);
  return fields;
}

py::dict pattern_of_text(const std::string& written, const std::string& over, std::uint64_t upto, std::uint64_t rows,
                         const std::string& command) {
  InterruptibleCall call;
  pattern::FamilyRequest request;
  request.written = written;
  if (!over.empty()) request.ranges = pattern::parse_ranges(over);
  request.upto = upto;
  request.rows = rows;
  const pattern::PatternReport report = call.run(true, [&] {
    return pattern::find_laws(pattern::tabulate_family(request, call.context()), call.context());
  });
  return report_fields(report, command);
}

// Members: (parameters, values, p_positions) with values a sequence of ints
// (None where only the outcome is known) and p_positions a sequence of 0/1
// (empty for heap games, whose patterns are detected here).
py::dict pattern_of_members(const std::string& written, const std::vector<std::string>& parameters,
                            const std::vector<std::string>& position_variables, const std::string& ranges,
                            std::uint64_t upto, const py::list& members, const std::string& command) {
  pattern::Family family;
  family.written = written;
  family.parameters = parameters;
  family.position_variables = position_variables.empty() ? std::vector<std::string>{"x"} : position_variables;
  family.upto = upto;
  family.ranges = ranges;
  for (const py::handle item : members) {
    const auto entry = item.cast<py::tuple>();
    if (entry.size() != 4) throw py::value_error("members are (text, parameters, values, p_positions)");
    pattern::Member member;
    member.text = entry[0].cast<std::string>();
    member.parameters = entry[1].cast<std::vector<std::int64_t>>();
    if (member.parameters.size() != parameters.size()) {
      throw py::value_error("member " + member.text + " has " + std::to_string(member.parameters.size()) +
                            " parameters, the family " + std::to_string(parameters.size()));
    }
    for (const py::handle v : entry[2].cast<py::sequence>()) {
      member.values.push_back(v.is_none() ? pattern::kUnknown : v.cast<Nimber>());
    }
    for (const py::handle v : entry[3].cast<py::sequence>()) member.p_position.push_back(v.cast<bool>() ? 1 : 0);
    if (family.heap_game()) {
      member.pattern = detect_any_periodicity(member.values);
    } else {
      std::size_t cells = 1;
      for (std::size_t i = 0; i < family.piles(); ++i) cells *= static_cast<std::size_t>(upto + 1);
      if (member.values.size() != cells || member.p_position.size() != cells) {
        throw py::value_error("member " + member.text + " needs " + std::to_string(cells) + " values and outcomes");
      }
      if (family.piles() == 2) {
        // Rows observed on the square (Python games have no theorem behind them).
        const std::uint64_t side = upto + 1;
        for (std::uint64_t a = 0; a <= std::min<std::uint64_t>(upto, 16); ++a) {
          pattern::RowLaw row{a, {}};
          std::vector<Nimber> line(member.values.begin() + static_cast<std::ptrdiff_t>(a * side),
                                   member.values.begin() + static_cast<std::ptrdiff_t>((a + 1) * side));
          if (std::find(line.begin(), line.end(), pattern::kUnknown) == line.end()) {
            row.pattern = detect_any_periodicity(line);
          }
          member.rows.push_back(row);
        }
      }
    }
    family.members.push_back(std::move(member));
  }
  InterruptibleCall call;
  const pattern::PatternReport report =
      call.run(true, [&] { return pattern::find_laws(std::move(family), call.context()); });
  return report_fields(report, command);
}

}  // namespace

// grundy.table on a game on piles ("wythoff(a,b)"): its one member's values,
// -1 where only who wins is known, as a numpy array of shape (upto + 1,)^piles.
py::tuple pile_table(const std::string& written, std::uint64_t upto) {
  InterruptibleCall call;
  pattern::FamilyRequest request;
  request.written = written;
  request.upto = upto;
  request.rows = 0;
  const pattern::Family family = call.run(true, [&] { return pattern::tabulate_family(request, call.context()); });
  const pattern::Member& member = family.members.front();
  std::vector<py::ssize_t> shape(family.piles(), static_cast<py::ssize_t>(family.upto + 1));
  py::array_t<std::int64_t> values(shape);
  auto* out = values.mutable_data();
  for (std::size_t i = 0; i < member.values.size(); ++i) {
    out[i] = member.values[i] == pattern::kUnknown ? -1 : static_cast<std::int64_t>(member.values[i]);
  }
  return py::make_tuple(member.text, family.upto, family.piles(), values);
}

void bind_patterns(py::module_& m) {
  m.def("_pile_table", &pile_table, py::arg("rule"), py::arg("upto"));
  m.def("_names_piles", &pattern::names_piles, py::arg("rule"));
  m.def("_pattern_text", &pattern_of_text, py::arg("family"), py::arg("over"), py::arg("upto"), py::arg("rows"),
        py::arg("command"));
  m.def("_pattern_members", &pattern_of_members, py::arg("family"), py::arg("parameters"),
        py::arg("position_variables"), py::arg("ranges"), py::arg("upto"), py::arg("members"), py::arg("command"));
  m.def(
      "_assignments",
      [](const std::string& over) {
        const auto ranges = pattern::parse_ranges(over);
        std::vector<std::string> names;
        for (const auto& r : ranges) names.push_back(r.name);
        return py::make_tuple(names, pattern::assignments(ranges));
      },
      py::arg("over"));
}

}  // namespace grundy::python
