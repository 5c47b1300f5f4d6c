// The law search over a tabulated family (pattern.hpp): each member's pattern,
// then preperiod, period and saltus as formulas of the parameters, the values
// as a formula of the position and the parameters, the P-positions of games on
// piles, and the rows of two-pile games.
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <sstream>

#include "grundy/analysis/pattern.hpp"
#include "grundy/analysis/pattern_search.hpp"

namespace grundy::pattern {
namespace {

using Points = std::vector<std::vector<std::int64_t>>;
using Charge = std::function<void(std::uint64_t)>;  // a Context's work meter

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? separator : "") + parts[i];
  return out;
}

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// "as a law in L, R it is observed on L = 1..8, R = L..12" — never more.
std::string across_parameters(const Family& family) {
  if (family.parameters.empty()) return "";
  return "; as a law in " + join(family.parameters, ", ") + " it is observed on " + family.ranges + " only";
}

// The smallest formula of the parameters giving `wanted` at every member.
std::optional<Formula> parameter_law(const Family& family, const std::vector<Wanted>& wanted, const Charge& charge,
                                     std::size_t* examined = nullptr) {
  if (wanted.empty()) return std::nullopt;
  // The same number at every member: that number (not the smallest formula of
  // constants for it, nor a parameter that happens to equal it).
  const bool same = std::all_of(wanted.begin(), wanted.end(), [&](const Wanted& w) {
    return w.kind == Wanted::Kind::exact && w.low == wanted.front().low;
  });
  if (family.parameters.empty() || same) return Formula::constant(wanted.front().low);
  Points points;
  for (const Member& m : family.members) points.push_back(m.parameters);
  SearchSpace space;
  space.names = family.parameters;
  space.constants = {0, 1, 2, 3, 4};
  space.operations = {Operation::multiply, Operation::add, Operation::subtract, Operation::divide,
                      Operation::modulo, Operation::bit_xor,  Operation::minimum,  Operation::maximum};
  space.max_size = 7;
  space.stored_size = 5;
  for (std::size_t i = 0; i < family.parameters.size(); ++i) space.condition_variables.push_back(i);
  const SearchResult found = find_formula(space, points, wanted, charge);
  if (examined) *examined += found.examined;
  if (found.formula) return found.formula;
  // Coefficients beyond the constants: an exact affine fit.
  if (std::all_of(wanted.begin(), wanted.end(), [](const Wanted& w) { return w.kind == Wanted::Kind::exact; })) {
    std::vector<std::size_t> variables;
    for (std::size_t i = 0; i < family.parameters.size(); ++i) variables.push_back(i);
    std::vector<std::int64_t> values;
    for (const Wanted& w : wanted) values.push_back(w.low);
    return find_affine(variables, points, values);
  }
  return std::nullopt;
}

std::int64_t evaluate_at(const Formula& f, const Member& m) {
  const auto v = f.evaluate(m.parameters);
  return v ? *v : -1;
}

std::string kind_words(const Periodicity& p) {
  std::ostringstream out;
  switch (p.kind) {
    case Periodicity::Kind::none: return "no period seen";
    case Periodicity::Kind::periodic: out << "period " << p.period << " from " << p.preperiod; break;
    case Periodicity::Kind::arithmetic:
      out << "arithmetic period " << p.period << ", saltus " << p.saltus << ", from " << p.preperiod;
      break;
  }
  return out.str();
}

// --- Heap games -------------------------------------------------------------

struct PeriodLaws {
  std::optional<Formula> preperiod;
  std::optional<Formula> period;  // a period of every member (the least, where `least` is true)
  bool least = false;
};

// A note naming the members that show no period, when there are such
// members: then there is no law of preperiod or period.
bool note_unpatterned_members(PatternReport& report) {
  const Family& family = report.family;
  std::vector<const Member*> unpatterned;
  for (const Member& m : family.members) {
    if (m.pattern.kind == Periodicity::Kind::none) unpatterned.push_back(&m);
  }
  if (unpatterned.empty()) return false;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < unpatterned.size() && i < 5; ++i) names.push_back(unpatterned[i]->text);
  report.notes.push_back(plural(unpatterned.size(), "member") + (unpatterned.size() == 1 ? " shows" : " show") +
                         " no period on heaps 0.." +
                         std::to_string(family.upto) + " (" + join(names, ", ") +
                         (unpatterned.size() > 5 ? ", …" : "") +
                         "), so no law of preperiod or period; --upto N looks further");
  return true;
}

// The words of every law of a heap family's periods: of which members it is
// said, and on what grounds.
struct PeriodEvidence {
  bool proven = false;  // every member's pattern proven by its rule
  std::string members;  // "the member", "all 12 members"
  std::string basis;
};

PeriodEvidence period_evidence(const Family& family) {
  PeriodEvidence evidence;
  evidence.proven = std::all_of(family.members.begin(), family.members.end(),
                                [](const Member& m) { return m.pattern.proven(); });
  const std::size_t n = family.members.size();
  evidence.members = n == 1 ? "the member" : "all " + std::to_string(n) + " members";
  evidence.basis = evidence.proven ? (n == 1 ? "the member's pattern is proven by its rule"
                                             : "each member's pattern is proven by its rule")
                                   : (n == 1 ? "its pattern is only detected on heaps 0.."
                                             : "the members' patterns are only detected on heaps 0..") +
                                         std::to_string(family.upto);
  return evidence;
}

void add_period_law(PatternReport& report, const PeriodEvidence& evidence, const std::string& subject,
                    const Formula& f, const std::string& extra) {
  const Family& family = report.family;
  Law law;
  law.subject = subject;
  law.formula = f;
  law.names = family.parameters;
  law.statement = subject + " = " + f.text(family.parameters);
  law.proven = evidence.proven;
  law.evidence = (evidence.proven ? "proven for " : "observed for ") + evidence.members + extra + ": " +
                 evidence.basis + across_parameters(family);
  report.laws.push_back(std::move(law));
}

// No formula gives every member's least period: a period of every member
// that is not always the least, and the least period of the others where a
// formula gives it and another says which members they are.
void non_least_period_laws(PatternReport& report, const PeriodEvidence& evidence, PeriodLaws& laws,
                           const Charge& charge) {
  const Family& family = report.family;
  const std::size_t n = family.members.size();
  std::vector<Wanted> wanted;
  for (const Member& m : family.members) wanted.push_back(Wanted::multiple_of(static_cast<std::int64_t>(m.pattern.period)));
  laws.period = parameter_law(family, wanted, charge);
  if (!laws.period) {
    report.notes.push_back("no formula of the parameters gives a period of every member (searched up to 7 nodes)");
    return;
  }
  std::vector<const Member*> exceptions;
  for (const Member& m : family.members) {
    if (evaluate_at(*laws.period, m) != static_cast<std::int64_t>(m.pattern.period)) exceptions.push_back(&m);
  }
  add_period_law(report, evidence, "a period", *laws.period,
                 " (the least for " + std::to_string(n - exceptions.size()) + " of " + std::to_string(n) + ")");
  report.laws.back().statement = laws.period->text(family.parameters) + " is a period of every member";
  // The least period of the others, and which they are.
  Family others;
  others.parameters = family.parameters;
  std::vector<Wanted> exact;
  std::vector<Wanted> separator;
  for (const Member& m : family.members) {
    const bool exception = std::find(exceptions.begin(), exceptions.end(), &m) != exceptions.end();
    separator.push_back(exception ? Wanted::exactly(0) : Wanted::between(1, std::numeric_limits<std::int64_t>::max()));
    if (exception) {
      others.members.push_back(m);
      exact.push_back(Wanted::exactly(static_cast<std::int64_t>(m.pattern.period)));
    }
  }
  const auto least_there = parameter_law(others, exact, charge);
  const auto which = parameter_law(family, separator, charge);
  std::vector<std::string> listed;
  for (std::size_t i = 0; i < exceptions.size() && i < 8; ++i) {
    listed.push_back(exceptions[i]->text + ": " + std::to_string(exceptions[i]->pattern.period));
  }
  std::string words = "least period of the other " + std::to_string(exceptions.size()) + ": " + join(listed, ", ") +
                      (exceptions.size() > 8 ? ", …" : "");
  if (!least_there || !which) {
    report.notes.push_back(words + "; no formula found for them");
    return;
  }
  const Formula combined = Formula::select_less(*which, Formula::constant(1), *least_there, *laws.period);
  Law law;
  law.subject = "least period";
  law.formula = combined;
  law.names = family.parameters;
  law.statement = "least period = " + least_there->text(family.parameters) + " where " +
                  which->text(family.parameters) + " = 0, otherwise " + laws.period->text(family.parameters);
  law.proven = evidence.proven;
  law.evidence = (evidence.proven ? "proven for " : "observed for ") + evidence.members + " (" + words +
                 "): " + evidence.basis + across_parameters(family);
  report.laws.push_back(std::move(law));
}

PeriodLaws heap_period_laws(PatternReport& report, const Charge& charge) {
  const Family& family = report.family;
  PeriodLaws laws;
  if (note_unpatterned_members(report)) return laws;
  const std::size_t n = family.members.size();
  const PeriodEvidence evidence = period_evidence(family);
  std::vector<Wanted> wanted;
  for (const Member& m : family.members) wanted.push_back(Wanted::exactly(static_cast<std::int64_t>(m.pattern.preperiod)));
  laws.preperiod = parameter_law(family, wanted, charge);
  if (laws.preperiod) {
    add_period_law(report, evidence, "preperiod", *laws.preperiod,
                   n == 1 ? " (its least preperiod)" : " (least preperiod of each)");
  } else {
    report.notes.push_back("no formula of the parameters gives every member's preperiod (searched up to 7 nodes)");
  }
  wanted.clear();
  for (const Member& m : family.members) wanted.push_back(Wanted::exactly(static_cast<std::int64_t>(m.pattern.period)));
  laws.period = parameter_law(family, wanted, charge);
  laws.least = laws.period.has_value();
  if (laws.period) {
    add_period_law(report, evidence, "period", *laws.period, n == 1 ? " (its least period)" : " (least period of each)");
  } else {
    non_least_period_laws(report, evidence, laws, charge);
  }
  const bool any_arithmetic = std::any_of(family.members.begin(), family.members.end(), [](const Member& m) {
    return m.pattern.kind == Periodicity::Kind::arithmetic;
  });
  if (any_arithmetic) {
    wanted.clear();
    for (const Member& m : family.members) wanted.push_back(Wanted::exactly(static_cast<std::int64_t>(m.pattern.saltus)));
    if (const auto saltus = parameter_law(family, wanted, charge)) add_period_law(report, evidence, "saltus", *saltus, "");
  }
  return laws;
}

// Beatty sequences: the P-positions x >= 1 of a table as floor(n·alpha),
// n = 1, 2, …; the interval of alpha that fits, or nothing.
std::optional<std::pair<double, double>> beatty_interval(const std::vector<Nimber>& values) {
  std::vector<std::uint64_t> zeros;
  for (std::uint64_t x = 1; x < values.size(); ++x) {
    if (values[x] == 0) zeros.push_back(x);
  }
  if (zeros.size() < 6) return std::nullopt;
  long double low = 0;
  long double high = std::numeric_limits<long double>::max();
  for (std::size_t i = 0; i < zeros.size(); ++i) {
    const long double n = static_cast<long double>(i + 1);
    low = std::max(low, static_cast<long double>(zeros[i]) / n);
    high = std::min(high, static_cast<long double>(zeros[i] + 1) / n);
  }
  // And no further P-position within the table: floor((k+1)·alpha) beyond it.
  low = std::max(low, static_cast<long double>(values.size()) / static_cast<long double>(zeros.size() + 1));
  if (!(low < high)) return std::nullopt;
  return std::pair{static_cast<double>(low), static_cast<double>(high)};
}

std::string known_constant(double low, double high) {
  const double phi = (1 + std::sqrt(5.0)) / 2;
  const std::vector<std::pair<std::string, double>> known = {
      {"phi = (1 + sqrt 5) / 2", phi}, {"phi^2", phi * phi}, {"sqrt 2", std::sqrt(2.0)},
      {"2 + sqrt 2", 2 + std::sqrt(2.0)}, {"e", std::exp(1.0)}, {"pi", 3.14159265358979323846}};
  for (const auto& [name, v] : known) {
    if (v >= low && v < high) return " (" + name + " fits)";
  }
  return "";
}

struct ValueFit {
  Formula raw;                     // over raw_names
  std::vector<std::string> raw_names;
  bool use_period = false;         // raw_names are x, r, q, parameters…; else x, parameters…
  std::uint64_t start = 0;         // without the period: the first heap fitted
};

// The smallest formula of the heap (and r = (x - n0) mod P, q = (x - n0) div P
// from the period laws) and the parameters that gives every member's values
// from its start on.
std::optional<ValueFit> fit_values(const Family& family, const PeriodLaws& periods, bool use_period,
                                   std::uint64_t start, const Charge& charge, std::size_t& examined) {
  ValueFit fit;
  fit.use_period = use_period;
  fit.start = start;
  fit.raw_names = {"x"};
  if (use_period) {
    fit.raw_names.push_back("r");
    fit.raw_names.push_back("q");
  }
  const std::size_t first_parameter = fit.raw_names.size();
  for (const std::string& p : family.parameters) fit.raw_names.push_back(p);
  Points points;
  std::vector<Wanted> wanted;
  for (const Member& m : family.members) {
    std::int64_t n0 = static_cast<std::int64_t>(start);
    std::int64_t p = 0;
    if (use_period) {
      n0 = evaluate_at(*periods.preperiod, m);
      p = evaluate_at(*periods.period, m);
      if (n0 < 0 || p <= 0) return std::nullopt;
    }
    for (std::uint64_t x = static_cast<std::uint64_t>(n0); x < m.values.size(); ++x) {
      std::vector<std::int64_t> point = {static_cast<std::int64_t>(x)};
      if (use_period) {
        const std::int64_t offset = static_cast<std::int64_t>(x) - n0;
        point.push_back(offset % p);
        point.push_back(offset / p);
      }
      for (std::int64_t v : m.parameters) point.push_back(v);
      points.push_back(std::move(point));
      wanted.push_back(Wanted::exactly(static_cast<std::int64_t>(m.values[x])));
    }
  }
  if (points.empty()) return std::nullopt;
  SearchSpace space;
  space.names = fit.raw_names;
  space.constants = {0, 1, 2, 3};
  space.max_size = 7;
  space.stored_size = 5;
  if (use_period) space.split_variables.push_back(1);
  space.split_variables.push_back(0);
  for (std::size_t i = 0; i < family.parameters.size(); ++i) space.threshold_variables.push_back(first_parameter + i);
  const SearchResult found = find_formula(space, points, wanted, charge);
  examined += found.examined;
  if (!found.formula) return std::nullopt;
  fit.raw = *found.formula;
  return fit;
}

void report_values(PatternReport& report, const PeriodLaws& periods, const ValueFit& fit) {
  const Family& family = report.family;
  const std::size_t np = family.parameters.size();
  report.value_names = {"x"};
  for (const std::string& p : family.parameters) report.value_names.push_back(p);
  std::vector<Formula> parameters;
  for (std::size_t i = 0; i < np; ++i) parameters.push_back(Formula::variable(1 + i));
  std::vector<Formula> to_final = {Formula::variable(0)};
  if (fit.use_period) {
    const Formula n0 = periods.preperiod->rebind(parameters);
    const Formula p = periods.period->rebind(parameters);
    const bool from_zero = n0.is_constant() && n0.evaluate({}) == std::optional<std::int64_t>(0);
    const Formula offset = from_zero ? Formula::variable(0) : Formula::binary(Operation::subtract, Formula::variable(0), n0);
    to_final.push_back(Formula::binary(Operation::modulo, offset, p));
    to_final.push_back(Formula::binary(Operation::divide, offset, p));
    // Over the parameters alone, as value_start is read (emitted code, the
    // law's text): n0 above is over x and the parameters, and printed with the
    // parameters' names it named a variable v1 that no code declares.
    report.value_start = *periods.preperiod;
  } else {
    report.value_start = Formula::constant(static_cast<std::int64_t>(fit.start));
  }
  for (const Formula& f : parameters) to_final.push_back(f);
  report.value_formula = fit.raw.rebind(to_final);

  // Proven for a member: the formula uses x only through r (x mod a period
  // proven for it, counted from a point past its proven preperiod), and the
  // table covers that point plus one full period; below it the table itself.
  const bool periodic_in_x = fit.use_period && !fit.raw.uses(0) && !fit.raw.uses(2);
  std::size_t proven = 0;
  for (const Member& m : family.members) {
    if (!periodic_in_x || !m.pattern.proven() || m.pattern.kind != Periodicity::Kind::periodic) continue;
    const std::int64_t n0 = evaluate_at(*periods.preperiod, m);
    const std::int64_t p = evaluate_at(*periods.period, m);
    if (p <= 0 || p % static_cast<std::int64_t>(m.pattern.period) != 0) continue;
    if (n0 < static_cast<std::int64_t>(m.pattern.preperiod)) continue;
    if (static_cast<std::uint64_t>(n0 + p) > m.values.size()) continue;
    ++proven;
  }
  const std::size_t n = family.members.size();
  const bool from_zero = report.value_start->is_constant() && report.value_start->evaluate({}) == std::optional<std::int64_t>(0);
  const std::string start_text = report.value_start->text(family.parameters);
  Law law;
  law.subject = "g";
  law.formula = report.value_formula;
  law.names = report.value_names;
  law.statement = "g(x) = " + report.value_formula->text(report.value_names) + (from_zero ? "" : " for x >= " + start_text);
  if (fit.use_period && fit.raw.uses_operation(Operation::select_less)) {
    law.statement += "  (with r = " + to_final[1].text(report.value_names) + ": g = " + fit.raw.text(fit.raw_names) + ")";
  }
  law.proven = proven == n;
  const std::string tables = n == 1 ? std::string("the table") : "all " + std::to_string(n) + " tables";
  if (law.proven) {
    law.evidence = "proven for " + (n == 1 ? std::string("the member") : "each of the " + std::to_string(n) + " members") +
                   " at every heap: it depends on x only through x mod a period proven for the member, and agrees "
                   "with its table over the preperiod and one full period" + across_parameters(family);
  } else {
    law.evidence = "observed: agrees with " + tables + " on heaps " + (from_zero ? std::string("0") : start_text) + ".." +
                   std::to_string(family.upto) +
                   (proven > 0 ? " (proven at every heap for " + std::to_string(proven) + " of the members)" : "") +
                   across_parameters(family);
  }
  report.laws.push_back(std::move(law));
  if (fit.raw.uses_operation(Operation::valuation2) || fit.raw.uses_operation(Operation::big_omega)) {
    Law kind;
    kind.subject = "class";
    kind.statement = fit.raw.uses_operation(Operation::valuation2)
                         ? "the ruler sequence (the 2-adic valuation v2): no period, every value recurs forever"
                         : "Omega, the number of prime factors counted with multiplicity: no period";
    kind.evidence = "observed on heaps " + (from_zero ? std::string("0") : start_text) + ".." + std::to_string(family.upto);
    report.laws.push_back(std::move(kind));
  }
}

void heap_value_law(PatternReport& report, const PeriodLaws& periods, const Charge& charge) {
  const Family& family = report.family;
  std::size_t examined = 0;
  // With the period's variables from n0 on; then from heap 0, then from heap 1
  // (the ruler sequence and Omega have no value at 0).
  std::optional<ValueFit> fit;
  if (periods.period && periods.preperiod) fit = fit_values(family, periods, true, 0, charge, examined);
  if (!fit) {
    fit = fit_values(family, periods, false, 0, charge, examined);
    // From heap 1 a law can be much simpler (v2(x) rather than v2(3·max(x, 1))):
    // taken when it is smaller by more than the words "for x >= 1" cost.
    if (!fit || fit->raw.size() > 3) {
      std::optional<ValueFit> from_one = fit_values(family, periods, false, 1, charge, examined);
      if (from_one && (!fit || from_one->raw.size() + 2 <= fit->raw.size())) fit = std::move(from_one);
    }
  }
  if (fit) {
    report_values(report, periods, *fit);
    return;
  }
  report.notes.push_back("no formula of x and the parameters gives the values (every formula up to 7 nodes, " +
                         std::to_string(examined) + " examined, and splits \"A if x < t, else B\")");
  // A sequence class past periodicity: P-positions on a Beatty sequence (a
  // periodic table's P-positions are trivially so: only members without a period).
  for (const Member& m : family.members) {
    if (m.pattern.kind != Periodicity::Kind::none) continue;
    if (const auto alpha = beatty_interval(m.values)) {
      Law law;
      law.subject = "class";
      std::ostringstream words;
      words.precision(6);
      words << m.text << ": the P-positions x >= 1 are floor(n·alpha), n = 1, 2, …, for any alpha in [" << alpha->first
            << ", " << alpha->second << ")" << known_constant(alpha->first, alpha->second) << " — a Beatty sequence";
      law.statement = words.str();
      law.evidence = "observed on heaps 1.." + std::to_string(family.upto);
      report.laws.push_back(std::move(law));
    }
  }
}

// --- Games on piles ----------------------------------------------------------

bool digit_sums_divisible(const std::vector<std::uint64_t>& cell, std::uint64_t m) {
  for (int bit = 0; bit < 64; ++bit) {
    std::uint64_t count = 0;
    for (std::uint64_t v : cell) count += (v >> bit) & 1U;
    if (count % m != 0) return false;
  }
  return true;
}

// Beatty pairs: the P-positions with a <= b are (a_k, a_k + d·k), a_k the mex of
// the earlier pairs' entries; d, or nothing.
std::optional<std::int64_t> beatty_difference(const Member& m, std::uint64_t upto) {
  const std::uint64_t side = upto + 1;
  const auto p = [&](std::uint64_t a, std::uint64_t b) { return m.p_position[a * side + b] != 0; };
  std::set<std::uint64_t> used;
  std::optional<std::int64_t> d;
  std::set<std::pair<std::uint64_t, std::uint64_t>> expected;
  if (!p(0, 0)) return std::nullopt;
  expected.insert({0, 0});
  used.insert(0);
  std::size_t pairs = 0;
  for (std::uint64_t k = 1;; ++k) {
    std::uint64_t a = 0;
    while (used.count(a)) ++a;
    if (a > upto) break;
    // The pair's larger pile: the P-position in row a with b > a (the first one).
    if (!d) {
      std::uint64_t b = a + 1;
      while (b <= upto && !p(a, b)) ++b;
      if (b > upto) return std::nullopt;
      d = static_cast<std::int64_t>(b - a);
    }
    const std::uint64_t b = a + static_cast<std::uint64_t>(*d) * k;
    used.insert(a);
    used.insert(b);
    expected.insert({a, b});
    expected.insert({b, a});
    if (b <= upto) ++pairs;
  }
  if (pairs < 3) return std::nullopt;
  for (std::uint64_t a = 0; a <= upto; ++a) {
    for (std::uint64_t b = 0; b <= upto; ++b) {
      if (p(a, b) != (expected.count({a, b}) != 0)) return std::nullopt;
    }
  }
  return d;
}

// What every law of a family on piles reads: its positions, and the words
// of the laws' statements and evidence.
struct PileBox {
  std::size_t piles = 0;
  std::vector<std::vector<std::uint64_t>> cells;  // the positions, as box_cells lists them
  std::string over;       // "[0, 30]^2"
  std::string members;    // "the member", "all 12 members"
  std::string pile_list;  // "a, b"
};

PileBox pile_box(const Family& family) {
  PileBox box;
  box.piles = family.piles();
  box.cells = box_cells(box.piles, family.upto);
  const std::size_t n = family.members.size();
  box.over = "[0, " + std::to_string(family.upto) + "]^" + std::to_string(box.piles);
  box.members = n == 1 ? "the member" : "all " + std::to_string(n) + " members";
  box.pile_list = join(family.position_variables, ", ");
  return box;
}

// P-positions: all piles equal.
bool all_piles_equal_law(PatternReport& report, const PileBox& box) {
  const Family& family = report.family;
  const auto& cells = box.cells;
  bool all_equal = true;
  for (const Member& m : family.members) {
    for (std::size_t i = 0; i < cells.size() && all_equal; ++i) {
      const bool equal = std::all_of(cells[i].begin(), cells[i].end(), [&](std::uint64_t v) { return v == cells[i][0]; });
      all_equal = (m.p_position[i] != 0) == equal;
    }
  }
  if (!all_equal) return false;
  report.p_law = PatternReport::PositionLaw::all_equal;
  Law law;
  law.subject = "P-positions";
  law.statement = "P-positions: " + join(family.position_variables, " = ") +
                  (box.piles == 2 ? " (equivalently " + join(family.position_variables, " xor ") + " = 0)" : "");
  law.evidence = "observed on " + box.over + " for " + box.members + across_parameters(family);
  report.laws.push_back(std::move(law));
  return true;
}

// P-positions: binary digit sums mod m, m a formula of the parameters.
bool digit_sums_law(PatternReport& report, const PileBox& box, const Charge& charge) {
  const Family& family = report.family;
  const std::size_t piles = box.piles;
  std::vector<Wanted> wanted;
  for (const Member& m : family.members) {
    std::vector<std::uint64_t> valid;
    for (std::uint64_t modulus = 2; modulus <= piles + 1; ++modulus) {
      bool holds = true;
      for (std::size_t i = 0; i < box.cells.size() && holds; ++i) {
        holds = (m.p_position[i] != 0) == digit_sums_divisible(box.cells[i], modulus);
      }
      if (holds) valid.push_back(modulus);
    }
    if (valid.empty()) break;
    // Beyond `piles` every modulus says "all piles 0".
    if (valid.back() == piles + 1) {
      wanted.push_back(Wanted::between(static_cast<std::int64_t>(valid.size() == 1 ? piles + 1 : valid.front()),
                                       std::numeric_limits<std::int64_t>::max()));
    } else {
      wanted.push_back(Wanted::exactly(static_cast<std::int64_t>(valid.front())));
    }
  }
  std::optional<Formula> modulus;
  if (wanted.size() == family.members.size()) modulus = parameter_law(family, wanted, charge);
  if (!modulus) return false;
  report.p_law = PatternReport::PositionLaw::digit_sums;
  report.p_parameter = modulus;
  Law law;
  law.subject = "P-positions";
  law.formula = modulus;
  law.names = family.parameters;
  const std::string m = modulus->text(family.parameters);
  law.statement = "P-positions: for every bit, the number of the piles " + box.pile_list +
                  " with that bit set is a multiple of m = " + m +
                  (m == "2" ? " (that is, " + join(family.position_variables, " xor ") + " = 0: Bouton)"
                            : " (binary digit sums mod m, as in Moore's Nim_k with m = k + 1)");
  law.evidence = "observed on " + box.over + " for " + box.members + across_parameters(family);
  report.laws.push_back(std::move(law));
  return true;
}

// P-positions of two piles: Beatty pairs, their difference d a formula of the
// parameters.
bool beatty_pairs_law(PatternReport& report, const PileBox& box, const Charge& charge) {
  const Family& family = report.family;
  std::vector<Wanted> differences;
  for (const Member& m : family.members) {
    const auto d = beatty_difference(m, family.upto);
    if (!d) break;
    differences.push_back(Wanted::exactly(*d));
  }
  std::optional<Formula> d;
  if (differences.size() == family.members.size()) d = parameter_law(family, differences, charge);
  if (!d) return false;
  report.p_law = PatternReport::PositionLaw::beatty;
  report.p_parameter = d;
  const std::string ds = d->text(family.parameters);
  Law law;
  law.subject = "P-positions";
  law.formula = d;
  law.names = family.parameters;
  law.statement = "P-positions: (a_k, a_k + d·k) and (a_k + d·k, a_k), k = 0, 1, …, with d = " + ds +
                  " and a_k the least number not in an earlier pair: the complementary Beatty sequences "
                  "a_k = floor(k·alpha), b_k = floor(k·(alpha + d)), alpha = (2 - d + sqrt(d^2 + 4)) / 2" +
                  (ds == "1" ? " (d = 1: alpha = phi, the golden ratio, as Wythoff proved for his game)" : "");
  law.evidence = "observed on " + box.over + " for " + box.members + across_parameters(family);
  report.laws.push_back(std::move(law));
  return true;
}

// Values: a formula of the piles and the parameters where every value is known.
void pile_value_law(PatternReport& report, const PileBox& box, const Charge& charge) {
  const Family& family = report.family;
  const bool known = std::all_of(family.members.begin(), family.members.end(), [](const Member& m) {
    return std::none_of(m.values.begin(), m.values.end(), [](Nimber v) { return v == kUnknown; });
  });
  if (!known) {
    report.notes.push_back("some values are not computed (only who wins is known there): no formula for the values");
    return;
  }
  Points points;
  std::vector<Wanted> wanted;
  for (const Member& m : family.members) {
    for (std::size_t i = 0; i < box.cells.size(); ++i) {
      std::vector<std::int64_t> point;
      for (std::uint64_t v : box.cells[i]) point.push_back(static_cast<std::int64_t>(v));
      for (std::int64_t v : m.parameters) point.push_back(v);
      points.push_back(std::move(point));
      wanted.push_back(Wanted::exactly(static_cast<std::int64_t>(m.values[i])));
    }
  }
  SearchSpace space;
  space.names = family.position_variables;
  for (const std::string& p : family.parameters) space.names.push_back(p);
  space.max_size = 7;
  space.stored_size = 5;
  const SearchResult found = find_formula(space, points, wanted, charge);
  if (!found.formula) {
    report.notes.push_back("no formula of the piles and the parameters gives the values (every formula up to 7 nodes, " +
                           std::to_string(found.examined) + " examined)");
    return;
  }
  report.value_formula = found.formula;
  report.value_names = space.names;
  Law law;
  law.subject = "g";
  law.formula = found.formula;
  law.names = space.names;
  law.statement = "g(" + box.pile_list + ") = " + found.formula->text(space.names);
  law.evidence = "observed on " + box.over + " for " + box.members + across_parameters(family);
  report.laws.push_back(std::move(law));
}

// Rows of two-pile games: which are additively periodic.
void pile_row_laws(PatternReport& report) {
  const Family& family = report.family;
  const std::size_t n = family.members.size();
  for (const Member& m : family.members) {
    if (m.rows.empty()) continue;
    std::size_t periodic = 0;
    std::size_t proven = 0;
    std::vector<std::string> shown;
    for (const RowLaw& row : m.rows) {
      if (row.pattern.kind == Periodicity::Kind::none) continue;
      ++periodic;
      proven += row.pattern.proven();
      if (shown.size() < 12) {
        shown.push_back("row " + std::to_string(row.row) + ": " + kind_words(row.pattern));
      }
    }
    Law law;
    law.subject = "rows";
    law.statement = m.text + ": " + std::to_string(periodic) + " of rows 0.." + std::to_string(m.rows.size() - 1) +
                    " are additively periodic, g(a, b + p) = g(a, b) + s for b >= n0 (" + join(shown, "; ") +
                    (periodic > shown.size() ? "; …" : "") + ")";
    law.proven = proven == periodic && periodic == m.rows.size();
    law.evidence = proven == periodic && periodic > 0
                       ? "proven for each row: " + m.rows.front().pattern.proof
                       : "observed on a stretch of each row (b < " + std::to_string(std::max<std::uint64_t>(4 * (family.upto + 1), 120)) + ")";
    report.laws.push_back(std::move(law));
    if (n > 3) break;  // one member's rows stand for the family's in the report
  }
}

void pile_laws(PatternReport& report, const Charge& charge) {
  const PileBox box = pile_box(report.family);
  // P-positions: all piles equal, binary digit sums mod m, Beatty pairs.
  if (!all_piles_equal_law(report, box) && !digit_sums_law(report, box, charge) &&
      !(box.piles == 2 && beatty_pairs_law(report, box, charge))) {
    report.notes.push_back("the P-positions are not all piles equal, binary digit sums mod m, or Beatty pairs on " +
                           box.over);
  }
  pile_value_law(report, box, charge);
  if (box.piles == 2) pile_row_laws(report);
}

}  // namespace

PatternReport find_laws(Family family, Context& context) {
  PatternReport report;
  report.family = std::move(family);
  const Charge charge = [&context](std::uint64_t work) { context.charge(work); };
  if (report.family.members.empty()) return report;
  if (report.family.heap_game()) {
    const PeriodLaws periods = heap_period_laws(report, charge);
    heap_value_law(report, periods, charge);
  } else {
    pile_laws(report, charge);
  }
  return report;
}

std::vector<std::vector<std::uint64_t>> box_cells(std::size_t piles, std::uint64_t upto) {
  std::vector<std::vector<std::uint64_t>> out;
  std::vector<std::uint64_t> cell(piles, 0);
  while (true) {
    out.push_back(cell);
    std::size_t i = piles;
    while (i > 0 && cell[i - 1] == upto) cell[--i] = 0;
    if (i == 0) break;
    ++cell[i - 1];
  }
  return out;
}

}  // namespace grundy::pattern
