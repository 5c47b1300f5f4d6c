#include "grundy/census/job_runner.hpp"

#include <cctype>
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>

#include "certificate_check.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/output_file.hpp"
#include "grundy/search/table_store.hpp"
#include "grundy/analysis/certificate.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/periodicity.hpp"
#include "grundy/take_and_break/run.hpp"
#include "grundy/version.hpp"

namespace grundy::census {
namespace {

using Clock = std::chrono::steady_clock;

// A member's sequence: zeros below the shift, then the job's values.
struct Shifted {
  const std::vector<Nimber>& values;  // the job's game, g(0..)
  const Periodicity& pattern;         // proven, or kind none
  std::uint64_t shift;

  Nimber operator()(std::uint64_t n) const {
    if (n < shift) return 0;
    return value_from_pattern(values, pattern, n - shift);
  }
};

// The row of one member from its sequence: `proven` is the job's least
// pattern when proven (then the member's pattern follows exactly: the same
// least period, and a preperiod found by walking back from shift + preperiod).
Row member_row(const Job& job, const Member& member, const std::vector<Nimber>& values, const Periodicity& proven,
               std::uint64_t bound, int rank) {
  Row row;
  row.game = member.game;
  row.kind = to_string(job.kind);
  row.version = kVersion;
  row.rank = rank;
  if (member.game != job.game) {
    row.equivalent_to = job.game;
    row.shift = member.shift;
  }
  const Shifted g{values, proven, member.shift};
  std::vector<Nimber> hashed;
  if (proven.proven()) {
    const std::uint64_t period = proven.period;
    std::uint64_t start = member.shift + proven.preperiod;
    while (start > 0 && g(start - 1) == g(start - 1 + period)) --start;
    row.status = "proven";
    row.preperiod = start;
    row.period = period;
    row.bound = bound;
    row.theorem = member.relation.empty() ? proven.proof : member.relation + "; and for " + job.game + ": " + proven.proof;
    for (std::uint64_t n = 0; n < start + period; ++n) hashed.push_back(g(n));
  } else {
    // Unproven: exactly g(0..bound), the member's own.
    for (std::uint64_t n = 0; n <= bound; ++n) hashed.push_back(n < member.shift ? 0 : values.at(n - member.shift));
    Periodicity seen;
    if (job.kind == GameKind::take_and_break) {
      const take_and_break::GameCode code = take_and_break::parse_game_code(member.game);
      std::vector<take_and_break::Value> small(hashed.begin(), hashed.end());
      seen = take_and_break::find_periodicity(code, small);
    } else {
      // No theorem here: a period over the values is only seen.
      seen = detect_periodicity(hashed);
      seen.proof.clear();
      if (seen.proven()) seen = Periodicity{};
    }
    row.bound = bound;
    if (seen.proven()) {
      // The member's own theorem proves what its job's could not (yet).
      seen = least_pattern(hashed, seen);
      row.status = "proven";
      row.preperiod = seen.preperiod;
      row.period = seen.period;
      row.theorem = seen.proof;
      hashed.resize(seen.preperiod + seen.period);
    } else if (seen.kind == Periodicity::Kind::periodic) {
      row.status = "detected";
      row.preperiod = seen.preperiod;
      row.period = seen.period;
      row.theorem = member.relation;
    } else {
      row.status = "none";
      row.theorem = member.relation;
    }
  }
  // The largest value and the least heap where it occurs, over the hashed
  // values: g(0..bound) of an open game, the preperiod and one period of a
  // proven one (which hold every value it takes, whatever the bound: a proven
  // subtraction game has bound 0).
  Nimber largest = 0;
  std::uint64_t at = 0;
  for (std::uint64_t n = 0; n < hashed.size(); ++n) {
    if (hashed[n] > largest) {
      largest = hashed[n];
      at = n;
    }
  }
  row.largest = largest;
  row.largest_at = at;
  row.sequence_hash = sequence_hash(hashed);
  return row;
}

std::vector<Row> run_take_and_break(const Plan& plan, const Job& job, const JobSettings& settings, Context& context) {
  TakeAndBreakRequest request;
  request.rule = job.game;
  request.upto = plan.spec.upto;
  request.checkpoint = job_file(settings.checkpoint_directory, job);
  request.checkpoint_seconds = settings.checkpoint_seconds;
  request.stop_when_proven = true;
  request.continue_for_proof = false;
  TakeAndBreakRun run = run_take_and_break_table(request, context);
  if (run.interrupted) throw Cancelled(context.stop_signal());
  if (!run.save_error.empty()) throw InputError(run.save_error);
  std::vector<Nimber> values(run.values.begin(), run.values.end());
  Periodicity pattern;
  if (run.pattern.proven()) {
    pattern = least_pattern(values, run.pattern);
    pattern.proof = run.pattern.proof;
  }
  std::vector<Row> rows;
  for (const Member& member : job.members) rows.push_back(member_row(job, member, values, pattern, plan.spec.upto, settings.rank));
  // A proven game is done for every bound: its checkpoint has no further use.
  // An open one keeps it, so a census with a larger --upto goes on from it.
  if (pattern.proven()) {
    std::error_code ignored;
    std::filesystem::remove(request.checkpoint, ignored);
  }
  return rows;
}

// Any heap rule without a take-and-break code: its period proven where a
// theorem allows (table() proves it first, as subtraction sets' window
// theorem does, and answers from it), otherwise g(0..upto) with the period
// seen in it, if any.
std::vector<Row> run_heap_rule(const Plan& plan, const Job& job, const JobSettings& settings, Context& context) {
  const HeapRulePtr rule = Registry::builtin().heap_rule(parse_rule(job.game));
  SequenceReport report = rule->table(context, 0);
  std::vector<Row> rows;
  if (report.pattern.proven()) {
    const std::uint64_t length = report.pattern.preperiod + report.pattern.period;
    report = rule->table(context, length - 1);
    Periodicity pattern = least_pattern(report.values, report.pattern);
    pattern.proof = report.pattern.proof;
    for (const Member& member : job.members) {
      Row row = member_row(job, member, report.values, pattern, 0, settings.rank);
      row.bound = 0;  // proven: every heap, none computed to a bound
      rows.push_back(std::move(row));
    }
    return rows;
  }
  report = rule->table(context, plan.spec.upto);
  for (const Member& member : job.members)
    rows.push_back(member_row(job, member, report.values, Periodicity{}, plan.spec.upto, settings.rank));
  return rows;
}

// A position (a board, or any expression): its value, by whatever values it —
// the placement search with its table file, a closed form, the definition —
// within the census's time and memory bounds.
std::vector<Row> run_position(const Plan& plan, const Job& job, const JobSettings& settings, Context& outer) {
  ContextOptions options;
  options.memory_bytes = plan.spec.memory_bytes;
  // The job's tables in its checkpoint file (the run's one persistence:
  // whichever engine values the game keeps its table there).
  const search::TableOptions tables{job_file(settings.checkpoint_directory, job), settings.checkpoint_seconds * 6};
  options.families.set(tables);
  Context context(options);
  const auto start = Clock::now();
  bool timed_out = false;
  // The board's search polls its own context: it stops at the time bound, or
  // when the worker is asked to stop.
  context.set_poll_hook([&] {
    outer.poll();
    if (plan.spec.seconds > 0 &&
        std::chrono::duration<double>(Clock::now() - start).count() >= plan.spec.seconds) {
      timed_out = true;
      context.request_stop();
    }
  });
  Row row;
  row.game = job.game;
  row.kind = to_string(job.kind);
  row.version = kVersion;
  row.rank = settings.rank;
  try {
    const Position position = Registry::builtin().parse(job.game);
    if (!settings.certificate_directory.empty() && why_not_certified(position).empty()) {
      // The value by its game's engine with the proof: the engine's table in
      // the job's table file (kept at a time bound, or if the run is killed).
      const Certificate certificate = certify(position, context);
      // Proven by the checker before the row says so (as `grundy value
      // --certificate`): a damaged table file must not become a proven row.
      const grundy_check::CheckResult checked = grundy_check::check_certificate_text(
          certificate.text, grundy_check::builtin_games(), 1);  // one thread: the census runs jobs on its own threads
      const Nimber proven = checked.total();
      if (!checked.valid || proven != certificate.value) {
        throw InputError("the certificate made does not check (" +
                         (checked.valid ? "it proves " + std::to_string(proven)
                                        : "line " + std::to_string(checked.line) + ": " + checked.message) +
                         "): the job's table file may hold a wrong value");
      }
      const std::string path = certificate_file(settings.certificate_directory, job);
      write_output_file(prepare_output_file(path, "certificate file"), "certificate file",
                        [&](std::FILE* out) { write_bytes(out, certificate.text.data(), certificate.text.size()); });
      row.value = certificate.value;
      row.status = "value";
      // The certificate's own checksum line (its last) names it.
      const std::size_t sum_at = certificate.text.rfind("checksum ");
      const std::string checksum = certificate.text.substr(sum_at, certificate.text.size() - sum_at - 1);
      row.theorem = "certificate " + std::filesystem::path(path).filename().string() + " (" +
                    std::to_string(certificate.claims) + " claims, " + checksum + "): grundy check proves it";
    } else {
      const Value value = position.value(context);
      if (!value.is_finite())
        throw InputError(job.game + " has the value " + value.to_string() + " (a game with cycles): a census keeps nim-values");
      row.value = value.nimber();
      row.status = "value";
      row.theorem = "the value of the position";
      if (position.size() == 1) {
        if (const auto* decided = capability<DecidedByTheorem>(position[0]))
          if (const auto applied = decided->theorem(context)) row.theorem = applied->theorem;
        if (capability<DrawnAsBoard>(position[0]) != nullptr) row.theorem = "placement search (exact)";
      }
    }
  } catch (const Cancelled&) {
    (void)context.save_work();
    if (!timed_out) throw;
    row.status = "stopped";
    row.message = "stopped at the time bound of " + std::to_string(plan.spec.seconds) +
                  " s; its table is kept, and a census with a larger --seconds goes on from it";
  }
  if (row.status == "value") {
    // The table has no further use once the value is known.
    std::error_code ignored;
    std::filesystem::remove(tables.path, ignored);
  }
  std::vector<Row> rows;
  for (const Member& member : job.members) {
    Row copy = row;
    copy.game = member.game;
    if (member.game != job.game) {
      copy.equivalent_to = job.game;
      copy.shift = 0;
      copy.theorem = member.relation;
    }
    rows.push_back(std::move(copy));
  }
  return rows;
}

}  // namespace

std::string certificate_file(const std::string& directory, const Job& job) {
  std::string path = job_file(directory, job);
  return path.substr(0, path.rfind('.')) + ".certificate";
}

std::string job_file(const std::string& directory, const Job& job) {
  // Game texts hold characters a file name should not ({, }, /, @): they become
  // '_' (no two games of a census differ only in those).
  std::string name;
  for (const char c : job.game) name += (std::isalnum(static_cast<unsigned char>(c)) || c == '.') ? c : '_';
  const char* suffix = job.kind == GameKind::position ? ".table" : ".checkpoint";
  return (std::filesystem::path(directory) / (name + suffix)).string();
}

std::vector<Row> run_job(const Plan& plan, const Job& job, const JobSettings& settings, Context& context) {
  const auto start = Clock::now();
  std::vector<Row> rows;
  switch (job.kind) {
    case GameKind::take_and_break: rows = run_take_and_break(plan, job, settings, context); break;
    case GameKind::heap_rule: rows = run_heap_rule(plan, job, settings, context); break;
    case GameKind::position: rows = run_position(plan, job, settings, context); break;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  for (Row& row : rows) {
    row.seconds = seconds;
    if (row.status == "stopped") row.time_bound = plan.spec.seconds;
  }
  return rows;
}

}  // namespace grundy::census
