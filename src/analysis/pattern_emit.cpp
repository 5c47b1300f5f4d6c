// Code to paste: the law of a pattern report as a self-contained C++ or Python
// function sg(position…, parameters…), or the members' tables where no law
// was found.
#include <sstream>

#include "grundy/core/input_error.hpp"
#include "grundy/analysis/pattern.hpp"

namespace grundy::pattern {
namespace {

enum class Language { cpp, python };

std::string comment_prefix(Language language) { return language == Language::cpp ? "// " : "# "; }

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? separator : "") + parts[i];
  return out;
}

// The header comment: what, from which command, checked where, and how far it is proven.
std::string header(const PatternReport& report, const std::string& command, Language language) {
  const Family& f = report.family;
  const std::string c = comment_prefix(language);
  std::vector<std::string> arguments = f.position_variables;
  for (const std::string& p : f.parameters) arguments.push_back(p);
  std::ostringstream out;
  out << c << "sg(" << join(arguments, ", ") << "): nim-values of " << f.written << ", written by\n";
  out << c << "  " << command << "\n";
  out << c << "Checked on " << (f.ranges.empty() ? std::string() : f.ranges + ", ")
      << (f.heap_game() ? "heaps 0.." : "piles 0..") << f.upto << " (" << f.members.size()
      << (f.members.size() == 1 ? " member" : " members") << ").\n";
  bool any = false;
  for (const Law& law : report.laws) {
    if (law.subject != "g" && law.subject != "P-positions" && law.subject != "period" && law.subject != "preperiod" &&
        law.subject != "least period" && law.subject != "a period") {
      continue;
    }
    out << c << (any ? "  " : "Law: ") << law.statement
        << (law.proven ? " [proven for each member checked]" : " [observed on the range checked]") << "\n";
    any = true;
  }
  if (!report.value_formula) {
    out << c << "No formula for the values was found: the members' tables are below"
        << (f.heap_game() ? " (each continued by its period where it has one)" : "")
        << "; -1 outside them.\n";
  } else if (!f.parameters.empty()) {
    out << c << "Beyond the parameters checked the law is not known to hold: sg returns -1 there unless\n"
        << c << "called with beyond_checked = " << (language == Language::cpp ? "true" : "True")
        << " (the law extrapolated, at your own risk).\n";
  }
  return out.str();
}

// Refuses a report whose law code cannot be written from: every variable a
// formula names must be one the function declares (a law naming an
// undeclared v1 was emitted once, and did not compile).
void check_writable(const PatternReport& report) {
  const Family& f = report.family;
  const auto refuse = [&](const std::string& what) {
    throw LimitError("--emit: the " + what + " of " + excerpt(f.written) +
                     " cannot be written as code (it names a variable the function does not have); the text "
                     "report and --json still give it");
  };
  if (report.value_formula && report.value_formula->variables_needed() > report.value_names.size()) refuse("values law");
  if (report.value_formula && report.value_names.size() != f.position_variables.size() + f.parameters.size()) {
    refuse("values law");
  }
  if (report.value_formula && f.heap_game() && report.value_start &&
      report.value_start->variables_needed() > f.parameters.size()) {
    refuse("start of the values law");
  }
  if (report.p_law != PatternReport::PositionLaw::none && report.p_law != PatternReport::PositionLaw::all_equal &&
      (!report.p_parameter || report.p_parameter->variables_needed() > f.parameters.size())) {
    refuse("P-positions law");
  }
}

// The members' parameters, for the guard of law code: outside them sg
// returns -1 unless asked to extrapolate.
std::string checked_cpp(const Family& f) {
  std::ostringstream out;
  std::vector<std::string> declared;
  for (const std::string& p : f.parameters) declared.push_back("long long " + p);
  out << "// The parameters checked: one row a member tabulated.\n";
  out << "static bool checked_parameters(" << join(declared, ", ") << ") {\n";
  out << "  static const long long checked[][" << f.parameters.size() << "] = {";
  for (std::size_t i = 0; i < f.members.size(); ++i) {
    out << (i == 0 ? "" : i % 8 == 0 ? ",\n      " : ", ") << "{";
    for (std::size_t k = 0; k < f.members[i].parameters.size(); ++k) out << (k ? ", " : "") << f.members[i].parameters[k];
    out << "}";
  }
  out << "};\n";
  out << "  for (const auto& row : checked) {\n    if (";
  for (std::size_t k = 0; k < f.parameters.size(); ++k) out << (k ? " && " : "") << "row[" << k << "] == " << f.parameters[k];
  out << ") return true;\n  }\n  return false;\n}\n\n";
  return out.str();
}

std::string tuple_text(const std::vector<std::int64_t>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out;
}

std::string list_text(const std::vector<Nimber>& values, std::size_t count) {
  std::ostringstream out;
  for (std::size_t i = 0; i < count; ++i) {
    if (i) out << (i % 30 == 0 ? ",\n        " : ", ");
    out << (values[i] == kUnknown ? std::string("-1") : std::to_string(values[i]));
  }
  return out.str();
}

// How many values of a heap member's table code needs, and its continuation.
struct Stored {
  std::size_t count;
  bool periodic;
};
Stored stored_of(const Member& m) {
  if (m.pattern.kind == Periodicity::Kind::none || m.pattern.preperiod + m.pattern.period > m.values.size()) {
    return {m.values.size(), false};
  }
  return {static_cast<std::size_t>(m.pattern.preperiod + m.pattern.period), true};
}

std::string condition_cpp(const Family& f, const Member& m) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < f.parameters.size(); ++i) {
    parts.push_back(f.parameters[i] + " == " + std::to_string(m.parameters[i]));
  }
  return parts.empty() ? "true" : join(parts, " && ");
}

std::string big_omega_cpp() {
  return "static long long big_omega(long long n) {  // prime factors with multiplicity\n"
         "  long long count = 0;\n"
         "  for (long long p = 2; p * p <= n; ++p)\n"
         "    while (n % p == 0) { n /= p; ++count; }\n"
         "  return count + (n > 1 ? 1 : 0);\n"
         "}\n\n";
}

std::string big_omega_python() {
  return "def big_omega(n):  # prime factors with multiplicity\n"
         "    count, p = 0, 2\n"
         "    while p * p <= n:\n"
         "        while n % p == 0:\n"
         "            n //= p\n"
         "            count += 1\n"
         "        p += 1\n"
         "    return count + (1 if n > 1 else 0)\n\n\n";
}

std::vector<std::string> arguments_of(const Family& f) {
  std::vector<std::string> arguments = f.position_variables;
  for (const std::string& p : f.parameters) arguments.push_back(p);
  return arguments;
}

bool starts_at_zero(const PatternReport& report) {
  return !report.value_start ||
         (report.value_start->is_constant() && report.value_start->evaluate({}) == std::optional<std::int64_t>(0));
}

// The P-positions' law as a function is_p(piles…, parameters…).
std::string is_p_cpp(const PatternReport& report) {
  const Family& f = report.family;
  std::vector<std::string> declared;
  for (const std::string& a : arguments_of(f)) declared.push_back("long long " + a);
  std::ostringstream out;
  const auto& v = f.position_variables;
  switch (report.p_law) {
    case PatternReport::PositionLaw::none: return "";
    case PatternReport::PositionLaw::all_equal: {
      std::vector<std::string> equal;
      for (std::size_t i = 1; i < v.size(); ++i) equal.push_back(v[0] + " == " + v[i]);
      out << "bool is_p(" << join(declared, ", ") << ") { return " << join(equal, " && ") << "; }\n";
      break;
    }
    case PatternReport::PositionLaw::digit_sums: {
      out << "bool is_p(" << join(declared, ", ") << ") {\n";
      out << "  const long long m = " << report.p_parameter->cpp(f.parameters) << ";\n";
      out << "  for (int bit = 0; bit < 63; ++bit) {\n    long long count = 0;\n";
      for (const std::string& a : v) out << "    count += (" << a << " >> bit) & 1;\n";
      out << "    if (count % m != 0) return false;\n  }\n  return true;\n}\n";
      break;
    }
    case PatternReport::PositionLaw::beatty: {
      out << "// floor(sqrt(n)) exactly, for the Beatty pair test.\n"
             "static unsigned __int128 isqrt128(unsigned __int128 n) {\n"
             "  unsigned __int128 x = 0;\n"
             "  for (int shift = 62; shift >= 0; --shift) {\n"
             "    const unsigned __int128 y = x | ((unsigned __int128)1 << shift);\n"
             "    if (y * y <= n) x = y;\n"
             "  }\n"
             "  return x;\n"
             "}\n\n";
      out << "bool is_p(" << join(declared, ", ") << ") {\n";
      out << "  const long long d = " << report.p_parameter->cpp(f.parameters) << ";\n";
      out << "  const long long low = " << v[0] << " < " << v[1] << " ? " << v[0] << " : " << v[1] << ";\n";
      out << "  const long long high = " << v[0] << " < " << v[1] << " ? " << v[1] << " : " << v[0] << ";\n";
      out << "  if ((high - low) % d != 0) return false;\n";
      out << "  const __int128 k = (high - low) / d;\n";
      out << "  // a_k = floor(k alpha), alpha = (2 - d + sqrt(d^2 + 4)) / 2, in integers.\n";
      out << "  const __int128 a_k = (k * (2 - d) + (__int128)isqrt128((unsigned __int128)(k * k * (d * d + 4)))) / 2;\n";
      out << "  return a_k == low;\n}\n";
      break;
    }
  }
  return out.str();
}

std::string is_p_python(const PatternReport& report) {
  const Family& f = report.family;
  std::ostringstream out;
  const auto& v = f.position_variables;
  const std::string args = join(arguments_of(f), ", ");
  switch (report.p_law) {
    case PatternReport::PositionLaw::none: return "";
    case PatternReport::PositionLaw::all_equal: {
      out << "def is_p(" << args << "):\n    return " << join(v, " == ") << "\n";
      break;
    }
    case PatternReport::PositionLaw::digit_sums:
      out << "def is_p(" << args << "):\n";
      out << "    m = " << report.p_parameter->python(f.parameters) << "\n";
      out << "    piles = (" << join(v, ", ") << ",)\n";
      out << "    return all(sum((p >> bit) & 1 for p in piles) % m == 0 for bit in range(max(piles).bit_length() + 1))\n";
      break;
    case PatternReport::PositionLaw::beatty:
      out << "def is_p(" << args << "):\n";
      out << "    import math\n";
      out << "    d = " << report.p_parameter->python(f.parameters) << "\n";
      out << "    low, high = min(" << v[0] << ", " << v[1] << "), max(" << v[0] << ", " << v[1] << ")\n";
      out << "    if (high - low) % d:\n        return False\n";
      out << "    k = (high - low) // d\n";
      out << "    # a_k = floor(k alpha), alpha = (2 - d + sqrt(d^2 + 4)) / 2, in integers.\n";
      out << "    return (k * (2 - d) + math.isqrt(k * k * (d * d + 4))) // 2 == low\n";
      break;
  }
  return out.str();
}

}  // namespace

std::string emit_cpp(const PatternReport& report, const std::string& command) {
  const Family& f = report.family;
  std::ostringstream out;
  out << header(report, command, Language::cpp);
  if (report.value_formula && report.value_formula->uses_operation(Operation::big_omega)) out << big_omega_cpp();
  check_writable(report);
  const bool guarded = report.value_formula && !f.parameters.empty();
  if (guarded) out << checked_cpp(f);
  std::vector<std::string> declared;
  for (const std::string& a : arguments_of(f)) declared.push_back("long long " + a);
  if (guarded) declared.push_back("bool beyond_checked = false");
  out << "long long sg(" << join(declared, ", ") << ") {\n";
  if (guarded) {
    std::vector<std::string> parameters(f.parameters.begin(), f.parameters.end());
    out << "  if (!beyond_checked && !checked_parameters(" << join(parameters, ", ")
        << ")) return -1;  // outside the parameters checked\n";
  }
  if (report.value_formula) {
    for (const std::string& v : f.position_variables) out << "  if (" << v << " < 0) return -1;\n";
  }
  if (report.value_formula && f.heap_game()) {
    if (!starts_at_zero(report)) {
      // Below the law's start, each member's own values.
      out << "  if (x < " << report.value_start->cpp(f.parameters) << ") {\n";
      for (const Member& m : f.members) {
        const auto start = report.value_start->evaluate(m.parameters).value_or(0);
        if (start <= 0) continue;
        out << "    if (" << condition_cpp(f, m) << ") {\n";
        out << "      static const long long t[] = {" << list_text(m.values, static_cast<std::size_t>(start)) << "};\n";
        out << "      return t[x];\n    }\n";
      }
      out << "    return -1;  // outside the parameters checked\n  }\n";
    }
    out << "  return " << report.value_formula->cpp(report.value_names) << ";\n}\n";
  } else if (report.value_formula) {
    out << "  return " << report.value_formula->cpp(report.value_names) << ";\n}\n";
  } else if (f.heap_game()) {
    for (const Member& m : f.members) {
      const Stored stored = stored_of(m);
      out << "  if (" << condition_cpp(f, m) << ") {  // " << m.text << "\n";
      out << "    static const long long t[] = {" << list_text(m.values, stored.count) << "};\n";
      out << "    if (x < " << stored.count << ") return t[x];\n";
      if (stored.periodic) {
        const Periodicity& p = m.pattern;
        out << "    return t[" << p.preperiod << " + (x - " << p.preperiod << ") % " << p.period << "]";
        if (p.kind == Periodicity::Kind::arithmetic) out << " + " << p.saltus << " * ((x - " << p.preperiod << ") / " << p.period << ")";
        out << ";  // " << (p.proven() ? "proven" : "detected, not proven") << " period " << p.period << "\n";
      } else {
        out << "    return -1;  // beyond the table: no period was seen\n";
      }
      out << "  }\n";
    }
    out << "  return -1;  // outside the parameters checked\n}\n";
  } else {
    const std::uint64_t side = f.upto + 1;
    for (const std::string& v : f.position_variables) {
      out << "  if (" << v << " < 0 || " << v << " > " << f.upto << ") return -1;  // outside the piles checked\n";
    }
    std::string index;
    for (const std::string& v : f.position_variables) index = index.empty() ? v : "(" + index + ") * " + std::to_string(side) + " + " + v;
    for (const Member& m : f.members) {
      out << "  if (" << condition_cpp(f, m) << ") {  // " << m.text << "; -1 where only who wins is known\n";
      out << "    static const long long t[] = {" << list_text(m.values, m.values.size()) << "};\n";
      out << "    return t[" << index << "];\n  }\n";
    }
    out << "  return -1;  // outside the parameters checked\n}\n";
  }
  if (!f.heap_game() && report.p_law != PatternReport::PositionLaw::none) out << "\n" << is_p_cpp(report);
  return out.str();
}

std::string emit_python(const PatternReport& report, const std::string& command) {
  const Family& f = report.family;
  std::ostringstream out;
  out << header(report, command, Language::python);
  if (report.value_formula && report.value_formula->uses_operation(Operation::big_omega)) out << big_omega_python();
  check_writable(report);
  const bool guarded = report.value_formula && !f.parameters.empty();
  const std::string args = join(arguments_of(f), ", ") + (guarded ? ", beyond_checked=False" : "");
  const std::string key = f.parameters.empty() ? "()" : "(" + join(f.parameters, ", ") + (f.parameters.size() == 1 ? ",)" : ")");
  if (guarded) {
    out << "_CHECKED = {  # the parameters checked: one tuple a member tabulated\n    ";
    for (std::size_t i = 0; i < f.members.size(); ++i) {
      out << (i == 0 ? "" : i % 8 == 0 ? ",\n    " : ", ") << "(" << tuple_text(f.members[i].parameters)
          << (f.members[i].parameters.size() == 1 ? "," : "") << ")";
    }
    out << "}\n\n\n";
  }
  if (report.value_formula && f.heap_game() && !starts_at_zero(report)) {
    out << "_PREFIX = {  # each member's values below the law's start\n";
    for (const Member& m : f.members) {
      const auto start = report.value_start->evaluate(m.parameters).value_or(0);
      if (start <= 0) continue;
      out << "    (" << tuple_text(m.parameters) << (m.parameters.size() == 1 ? "," : "") << "): ["
          << list_text(m.values, static_cast<std::size_t>(start)) << "],\n";
    }
    out << "}\n\n\n";
  }
  if (!report.value_formula) {
    out << "_TABLES = {  # parameters: " << (f.heap_game() ? "(values, preperiod, period, saltus)" : "values, first pile slowest") << "\n";
    for (const Member& m : f.members) {
      out << "    (" << tuple_text(m.parameters) << (m.parameters.size() == 1 ? "," : "") << "): ";
      if (f.heap_game()) {
        const Stored stored = stored_of(m);
        out << "([" << list_text(m.values, stored.count) << "], ";
        if (stored.periodic) {
          out << m.pattern.preperiod << ", " << m.pattern.period << ", "
              << (m.pattern.kind == Periodicity::Kind::arithmetic ? m.pattern.saltus : 0) << "),\n";
        } else {
          out << "None, None, None),\n";
        }
      } else {
        out << "[" << list_text(m.values, m.values.size()) << "],\n";
      }
    }
    out << "}\n\n\n";
  }
  out << "def sg(" << args << "):\n";
  if (guarded) {
    out << "    if not beyond_checked and " << key << " not in _CHECKED:\n";
    out << "        return -1  # outside the parameters checked\n";
  }
  if (report.value_formula) {
    for (const std::string& v : f.position_variables) out << "    if " << v << " < 0:\n        return -1\n";
  }
  if (report.value_formula) {
    if (f.heap_game() && !starts_at_zero(report)) {
      out << "    if x < " << report.value_start->python(f.parameters) << ":\n";
      out << "        return _PREFIX[" << key << "][x] if " << key << " in _PREFIX else -1\n";
    }
    out << "    return " << report.value_formula->python(report.value_names) << "\n";
  } else if (f.heap_game()) {
    out << "    if " << key << " not in _TABLES:\n        return -1  # outside the parameters checked\n";
    out << "    t, pre, period, saltus = _TABLES[" << key << "]\n";
    out << "    if x < len(t):\n        return t[x]\n";
    out << "    if period is None:\n        return -1  # beyond the table: no period was seen\n";
    out << "    return t[pre + (x - pre) % period] + saltus * ((x - pre) // period)\n";
  } else {
    out << "    if " << key << " not in _TABLES:\n        return -1  # outside the parameters checked\n";
    std::vector<std::string> checks;
    for (const std::string& v : f.position_variables) checks.push_back("0 <= " + v + " <= " + std::to_string(f.upto));
    out << "    if not (" << join(checks, " and ") << "):\n        return -1  # outside the piles checked\n";
    std::string index;
    for (const std::string& v : f.position_variables) {
      index = index.empty() ? v : "(" + index + ") * " + std::to_string(f.upto + 1) + " + " + v;
    }
    out << "    return _TABLES[" << key << "][" << index << "]\n";
  }
  if (!f.heap_game() && report.p_law != PatternReport::PositionLaw::none) out << "\n\n" << is_p_python(report);
  return out.str();
}

}  // namespace grundy::pattern
