// `grundy census`'s arguments (include/grundy/census/plan.hpp) as the CLI hands
// them to the plan: the first line names the family (octal, codes,
// subtraction, boards, family), each further line one argument, `NAME VALUE`
// (digits, hex, code, upto, max, rule, rows, cols, template, over). The plan is
// made or refused with a one-line InputError; a plan made has jobs, each with
// its own game among its members, and its checksum and description are stable.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"
#include "grundy/census/plan.hpp"
#include "grundy/language/parameter_template.hpp"

namespace {

// A number as CLI11 reads it into an unsigned option: digits only, else the
// CLI refuses it before the plan is made (so the harness skips the input).
bool read_number(const std::string& text, std::uint64_t& out) {
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::strtoull(text.c_str(), nullptr, 10);
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  using namespace grundy::census;
  std::istringstream input(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  if (!std::getline(input, line)) return 0;
  CensusSpec spec;
  if (line == "octal") spec.family = CensusSpec::Family::octal;
  else if (line == "codes") spec.family = CensusSpec::Family::codes;
  else if (line == "subtraction") spec.family = CensusSpec::Family::subtraction;
  else if (line == "boards") spec.family = CensusSpec::Family::boards;
  else if (line == "family") spec.family = CensusSpec::Family::family;
  else return 0;
  std::string rows, cols;
  try {
    while (std::getline(input, line)) {
      const std::size_t space = line.find(' ');
      const std::string name = line.substr(0, space);
      const std::string value = space == std::string::npos ? std::string() : line.substr(space + 1);
      std::uint64_t number = 0;
      if (name == "digits" || name == "max") {
        // CLI11 checks --digits against 1..8; --max is read as it is given.
        if (!read_number(value, number) || number > 0xFFFFFFFFULL) return 0;
        (name == "digits" ? spec.digits : spec.max_element) = static_cast<unsigned>(number);
      } else if (name == "upto") {
        if (!read_number(value, number)) return 0;
        spec.upto = number;
      } else if (name == "hex") {
        spec.hexadecimal = true;
      } else if (name == "code") {
        spec.codes.push_back(value);
      } else if (name == "rule") {
        spec.rule = value;
      } else if (name == "rows") {
        rows = value;
      } else if (name == "cols") {
        cols = value;
      } else if (name == "template") {
        spec.template_text = value;
      } else if (name == "over") {
        spec.over = value;
      }
    }
    // Large plans are large work the user asked for, not a hang: octal
    // --digits 6 lists 2·8^6 codes, each reduced (over 10 s under ASan, the
    // first 30-second run's two timeouts), and a family may have 10^5 members,
    // each parsed. The harness keeps to plans of a few thousand games.
    if (spec.family == CensusSpec::Family::octal && spec.digits > (spec.hexadecimal ? 3U : 4U)) return 0;
    if (spec.family == CensusSpec::Family::subtraction && spec.max_element > 12) return 0;
    if (spec.family == CensusSpec::Family::family && !spec.over.empty() &&
        grundy::assignments(grundy::parse_ranges(spec.over), 100'000).size() > 1000)
      return 0;
    if (!rows.empty()) parse_range(rows, "--rows", spec.rows_from, spec.rows_to);
    if (!cols.empty()) parse_range(cols, "--cols", spec.cols_from, spec.cols_to);
    const Plan plan = make_plan(spec);
    if (plan.jobs.empty()) fuzz::fail("a plan without jobs", spec.describe());
    std::uint64_t games = 0;
    for (const Job& job : plan.jobs) {
      if (job.members.empty()) fuzz::fail("a job without members", job.game);
      if (job.in_family && job.members.front().game != job.game) fuzz::fail("a job's first member is not its game", job.game);
      games += job.members.size();
    }
    if (games != plan.games) fuzz::fail("the plan's count of games is not its members'", spec.describe());
    if (plan_checksum(plan) != plan_checksum(make_plan(spec))) fuzz::fail("the plan's checksum changed", spec.describe());
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
  }
  return 0;
}
