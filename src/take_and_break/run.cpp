#include "grundy/take_and_break/run.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "grundy/core/input_error.hpp"
#include "grundy/core/memory_bound.hpp"
#include "grundy/take_and_break/checkpoint.hpp"
#include "grundy/core/output_file.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/periodicity.hpp"
#include "run_support.hpp"

namespace grundy {
namespace run_support {

using namespace take_and_break;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string format_count(double x) {
  char buf[32];
  if (x >= 1e9) std::snprintf(buf, sizeof buf, "%.2fG", x / 1e9);
  else if (x >= 1e6) std::snprintf(buf, sizeof buf, "%.2fM", x / 1e6);
  else if (x >= 1e3) std::snprintf(buf, sizeof buf, "%.1fk", x / 1e3);
  else std::snprintf(buf, sizeof buf, "%.0f", x);
  return buf;
}

std::string format_seconds(double s) {
  // Before any heap is done the speed is 0 and the time left unbounded (the
  // first progress line of a distributed run): not a number of hours, which
  // overflowed int and printed "ETA -2147483648h-8m".
  if (!(s < 1e8 * 3600)) return "unknown";
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%lldh%02dm", static_cast<long long>(s / 3600),
                                static_cast<int>(static_cast<long long>(s / 60) % 60));
  else if (s >= 60) std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s / 60), static_cast<int>(s) % 60);
  else std::snprintf(buf, sizeof buf, "%.1fs", s);
  return buf;
}

struct FileCloser {
  void operator()(std::FILE* f) const noexcept { std::fclose(f); }
};

void write_output(const TakeAndBreakRun& run) {
  const OutputFile file = prepare_output_file(run.output, "--output file");
  write_output_file(file, "--output file", [&](std::FILE* f) {
    if (run.format == TakeAndBreakFormat::binary) {
      const std::uint64_t count = run.upto + 1;
      write_bytes(f, "GRUNDY16", 8);
      write_bytes(f, &count, sizeof count);
      const std::uint64_t direct = std::min<std::uint64_t>(run.values.size(), count);
      write_bytes(f, run.values.data(), direct * sizeof(Value));
      std::vector<Value> buffer;
      for (std::uint64_t n = direct; n < count; ++n) {
        buffer.push_back(static_cast<Value>(run.value(n)));
        if (buffer.size() == 65536 || n + 1 == count) {
          write_bytes(f, buffer.data(), buffer.size() * sizeof(Value));
          buffer.clear();
        }
      }
    } else {
      const std::string header = "# g(n) of " + run.rule + " for n = 0.." + std::to_string(run.upto) + "\n";
      write_bytes(f, header.data(), header.size());
      std::string buffer;
      for (std::uint64_t n = 0; n <= run.upto; ++n) {
        buffer += std::to_string(run.value(n));
        buffer += '\n';
        if (buffer.size() >= (1U << 20) || n == run.upto) {
          write_bytes(f, buffer.data(), buffer.size());
          buffer.clear();
        }
      }
    }
  });
}

void find_largest(TakeAndBreakRun& run) {
  run.largest = 0;
  run.largest_at = 0;
  // Periodic or unproven: every value up to upto is among those computed.
  const std::uint64_t end = std::min<std::uint64_t>(run.values.size(), run.upto + 1);
  for (std::uint64_t n = 0; n < end; ++n) {
    if (run.values[n] > run.largest) {
      run.largest = run.values[n];
      run.largest_at = n;
    }
  }
}

TakeAndBreakRun start_run(const TakeAndBreakRequest& request, const GameCode& code) {
  TakeAndBreakRun run;
  run.rule = code.display();
  run.code = code.normal_form();
  run.upto = request.upto;
  run.engine = request.engine;
  run.threads = request.threads;
  run.output = request.output;
  run.format = request.format;
  return run;
}

std::uint64_t table_target(const TakeAndBreakRequest& request, bool theorem) {
  const std::uint64_t asked = request.upto + 1;
  // A period the theorem could prove may need more heaps than were asked for
  // (Kayles: period 12 from 71 is proven at heap 168): go on past --upto, by
  // 3·(upto + 1) heaps clamped to [4096, kProofContinuation], rather than stop
  // short of a proof. Every game of the published list of trivial octal games
  // is proven within 1000 heaps.
  const std::uint64_t extra = std::clamp<std::uint64_t>(3 * asked, 4096, kProofContinuation);
  return theorem && request.stop_when_proven && request.continue_for_proof ? asked + extra : asked;
}

}  // namespace run_support

using namespace run_support;
using namespace take_and_break;

bool TakeAndBreakRun::complete() const noexcept {
  return values.size() > upto || (pattern.proven() && values.size() >= pattern.preperiod + pattern.period);
}

Nimber TakeAndBreakRun::value(std::uint64_t n) const {
  if (n < values.size()) return values[n];
  if (!pattern.proven() || pattern.period == 0 || pattern.kind != Periodicity::Kind::periodic) {
    throw std::logic_error("TakeAndBreakRun::value: g(" + std::to_string(n) + ") not computed");
  }
  return values[pattern.preperiod + (n - pattern.preperiod) % pattern.period];
}

EngineKind parse_engine_kind(std::string_view text) {
  if (text == "auto") return EngineKind::automatic;
  if (text == "naive") return EngineKind::naive;
  if (text == "sparse") return EngineKind::sparse;
  throw InputError("unknown engine \"" + std::string(text) + "\": expected auto, naive or sparse");
}

void validate_take_and_break_request(const TakeAndBreakRequest& request, bool distributed) {
  const GameCode code = parse_game_code(request.rule);
  distributed = distributed || request.verifiers > 0;
  if (request.threads < 1 || request.threads > (distributed ? 64U : 2U)) {
    throw InputError(distributed ? "--threads must be 1 to 64 (the threads rank 0 speculates on), not " +
                                       std::to_string(request.threads)
                                 : "--threads must be 1 or 2 in one process (up to 64 to speculate on, with "
                                   "--verifiers or under mpirun), not " +
                                       std::to_string(request.threads));
  }
  if (request.verifiers > 64) throw InputError("--verifiers must be at most 64, not " + std::to_string(request.verifiers));
  if (request.upto >= (std::uint64_t{1} << 62)) {
    throw InputError("--upto " + std::to_string(request.upto) + " is too large");
  }
  // NaN fails the comparison too (and would never checkpoint).
  if (!(request.checkpoint_seconds > 0) || !(request.checkpoint_seconds <= 1e9))
    throw InputError("the checkpoint interval must be a positive number of seconds");
  // Files are written after the work (or during it): one that cannot be written
  // is reported now, not after hours. The checkpoint is checked once it is known
  // whether it needs writing (one that already covers the request need not be).
  if (!request.output.empty()) (void)prepare_output_file(request.output, "--output file");
  if (!request.checkpoint.empty()) check_file_name(request.checkpoint, "checkpoint");
  const std::uint64_t bytes = (request.upto + 1) * sizeof(Value);
  const std::uint64_t memory = physical_memory_bytes();
  if (bytes > memory / 4 * 3) {
    throw InputError("a table of " + code.display() + " up to " + std::to_string(request.upto) + " needs " +
                     format_count(static_cast<double>(bytes)) + "B of memory (2 bytes a heap); this machine has " +
                     format_count(static_cast<double>(memory)) + "B");
  }
}

TakeAndBreakRun run_take_and_break_table(const TakeAndBreakRequest& request, Context& context) {
  validate_take_and_break_request(request);
  if (request.verifiers > 0) return run_distributed_on_threads(request, context);
  const GameCode code = parse_game_code(request.rule);
  TakeAndBreakRun run = start_run(request, code);
  const auto start = Clock::now();

  {
    auto engine = make_engine(code, {.kind = request.engine,
                                     .threads = request.threads,
                                     .vector_kernels = context.fast_paths().vector_kernels,
                    .kernels = context.fast_paths().kernel_set});
    // Heaps the checkpoint file holds: it is rewritten only with more than that,
    // so a short run never shrinks a long checkpoint, and one that needs no
    // writing may be read-only.
    std::uint64_t checkpoint_holds = 0;
    if (auto cp = resume_checkpoint(request.checkpoint, run.code, request.upto)) {
      checkpoint_holds = cp->held;
      run.resumed_from = cp->values.size();
      engine->restore(std::move(cp->values));
    }
    // A checkpoint that already covers the request is only read.
    const bool save_checkpoints = !request.checkpoint.empty() && checkpoint_holds < request.upto + 1;
    if (save_checkpoints) (void)prepare_output_file(request.checkpoint, "checkpoint");
    const bool theorem = periodicity_theorem_applies(code);
    const std::uint64_t asked = request.upto + 1;
    const std::uint64_t target = table_target(request, theorem);
    engine->reserve(asked);
    std::uint64_t next_check = engine->size();
    auto last_checkpoint = Clock::now();
    std::uint64_t chunk = 256;
    auto checkpoint = [&] {
      // A failed save (disk full) loses no work already in memory: the run goes
      // on, and the failure is reported with the answer.
      if (save_checkpoints && engine->size() > checkpoint_holds) {
        try {
          write_checkpoint(request.checkpoint, run.code, engine->values());
        } catch (const InputError& e) {
          if (run.save_error.empty()) run.save_error = e.message();
        }
      }
      last_checkpoint = Clock::now();
    };
    while (engine->size() < target) {
      // Chunks of about a quarter second keep signals, progress and checkpoints
      // prompt without timing every heap.
      const auto chunk_start = Clock::now();
      const std::uint64_t before = engine->size();
      engine->extend_to(std::min(target, before + chunk));
      const double took = seconds_since(chunk_start);
      if (request.on_values) request.on_values(engine->values());
      const double rate = static_cast<double>(engine->size() - before) / std::max(took, 1e-6);
      // Grow at most twofold: heaps get dearer as n grows, and the first heaps
      // are so cheap that their rate says nothing about later ones.
      chunk = std::clamp<std::uint64_t>(static_cast<std::uint64_t>(rate * 0.25), 64, 2 * chunk);
      if (theorem && request.stop_when_proven && (engine->size() >= next_check || engine->size() == asked)) {
        run.pattern = find_periodicity(code, engine->values());
        if (run.pattern.proven()) break;
        next_check = engine->size() + std::max<std::uint64_t>(256, engine->size() / 4);
      }
      if (context.poll_asks_stop()) {
        checkpoint();
        run.interrupted = true;
        break;
      }
      if (!request.checkpoint.empty() && seconds_since(last_checkpoint) >= request.checkpoint_seconds) checkpoint();
      if (context.progress_due()) {
        const double elapsed = seconds_since(start);
        const double done = static_cast<double>(engine->size() - run.resumed_from);
        const double speed = done / std::max(elapsed, 1e-6);
        const double left = static_cast<double>(target - std::min(target, engine->size())) / std::max(speed, 1e-6);
        char line[200];
        std::snprintf(line, sizeof line, "%s: %llu/%llu heaps (%.1f%%), %s values/s, ETA %s", run.rule.c_str(),
                      static_cast<unsigned long long>(engine->size()), static_cast<unsigned long long>(target),
                      100.0 * static_cast<double>(engine->size()) / static_cast<double>(target),
                      format_count(speed).c_str(), format_seconds(left).c_str());
        context.progress(line);
      }
    }
    // A checkpoint that already holds more than this run needed stays as it is.
    if (!run.interrupted) checkpoint();
    context.end_progress();
    if (!run.pattern.proven()) run.pattern = find_periodicity(code, engine->values());
    run.sparse = engine->sparse_stats();
    run.kernels = engine->kernel_set();
    run.values = engine->release();
  }
  run.seconds = seconds_since(start);
  const double computed = static_cast<double>(run.values.size() - run.resumed_from);
  run.values_per_second = computed / std::max(run.seconds, 1e-9);
  find_largest(run);
  if (!run.output.empty() && (!run.interrupted || !run.values.empty())) {
    // A stopped run writes the heaps it computed (g(0..k-1)): they are exact.
    const std::uint64_t asked_upto = run.upto;
    if (run.interrupted) run.upto = run.values.size() - 1;
    try {
      write_output(run);
      run.output_heaps = run.upto + 1;
    } catch (const InputError& e) {
      run.save_error = e.message();
    }
    run.upto = asked_upto;
  }
  return run;
}

namespace {

std::string pattern_text(const Periodicity& p) {
  if (p.kind == Periodicity::Kind::none) return "none found";
  std::string out = std::string(to_string(p.kind)) + ", " + to_string(p.status) + ": preperiod " +
                    std::to_string(p.preperiod) + ", period " + std::to_string(p.period);
  if (p.kind == Periodicity::Kind::arithmetic) out += ", saltus " + std::to_string(p.saltus);
  if (!p.proof.empty()) out += " (" + p.proof + ")";
  return out;
}

}  // namespace

std::string render_text(const TakeAndBreakRun& run, std::optional<std::uint64_t> list_upto) {
  std::string out = "rule " + run.rule;
  if (run.rule != run.code) out += " (" + run.code + ")";
  out += ", g(0.." + std::to_string(run.upto) + ")\n";
  out += "pattern: " + pattern_text(run.pattern) + "\n";
  if (run.complete()) {
    out += "largest value: " + std::to_string(run.largest) + " at heap " + std::to_string(run.largest_at) + "\n";
  } else {
    out += "largest value so far: " + std::to_string(run.largest) + " at heap " + std::to_string(run.largest_at) + "\n";
  }
  out += "engine: " + std::string(to_string(run.engine)) + ", " + std::to_string(run.threads) + " thread(s)";
  out += std::string(", ") + to_string(run.kernels) + " kernels";
  if (run.sparse.mask != 0) {
    char mask[32];
    std::snprintf(mask, sizeof mask, "0x%llx", static_cast<unsigned long long>(run.sparse.mask));
    out += "; rare/common mask " + std::string(mask) + ", " + std::to_string(run.sparse.rare_count) +
           " rare positions";
    if (run.sparse.rare_count) out += ", the last at heap " + std::to_string(run.sparse.last_rare);
    out += "; " + std::to_string(run.sparse.sparse_heaps) + " heaps sparse, " +
           std::to_string(run.sparse.naive_heaps) + " naive";
  }
  out += "\n";
  out += "computed g(0.." + std::to_string(run.values.empty() ? 0 : run.values.size() - 1) + ")";
  if (run.resumed_from) out += " (resumed from a checkpoint of " + std::to_string(run.resumed_from) + " heaps)";
  char timing[96];
  std::snprintf(timing, sizeof timing, " in %.3f s, %s values/s\n", run.seconds,
                format_count(run.values_per_second).c_str());
  out += timing;
  if (run.distributed) {
    const DistributedStats& d = *run.distributed;
    char line[256];
    std::snprintf(line, sizeof line,
                  "distributed (%s): %llu blocks verified, %llu speculated values found wrong; rank 0 speculated "
                  "for %.2f s CPU, verifiers checked for %.2f s CPU\n",
                  d.transport.c_str(), static_cast<unsigned long long>(d.blocks),
                  static_cast<unsigned long long>(d.failures), d.speculate_seconds, d.verify_seconds);
    out += line;
  }
  if (run.values.size() <= run.upto && run.complete()) {
    out += "g(" + std::to_string(run.values.size()) + ".." + std::to_string(run.upto) + ") follow from the proven pattern\n";
  }
  if (run.interrupted && run.save_error.empty())
    out += "interrupted: checkpoint written; run the same command again to resume\n";
  if (!run.output.empty() && !run.interrupted && run.save_error.empty()) {
    out += "values written to " + run.output + (run.format == TakeAndBreakFormat::binary ? " (binary)\n" : " (text)\n");
  }
  if (list_upto && run.complete()) {
    const std::uint64_t last = std::min(*list_upto, run.upto);
    for (std::uint64_t n = 0; n <= last; ++n) {
      out += std::to_string(run.value(n));
      out += (n % 20 == 19 || n == last) ? '\n' : ' ';
    }
  }
  return out;
}

nlohmann::json render_json(const TakeAndBreakRun& run, std::optional<std::uint64_t> list_upto) {
  nlohmann::json j;
  j["rule"] = run.rule;
  j["code"] = run.code;
  j["upto"] = run.upto;
  j["computed"] = run.values.size();
  j["complete"] = run.complete();
  j["pattern"] = {{"kind", to_string(run.pattern.kind)},
                  {"status", to_string(run.pattern.status)},
                  {"proven", run.pattern.proven()},
                  {"preperiod", run.pattern.preperiod},
                  {"period", run.pattern.period},
                  {"saltus", run.pattern.saltus},
                  {"proof", run.pattern.proof}};
  j["largest"] = {{"value", run.largest}, {"heap", run.largest_at}};
  j["engine"] = to_string(run.engine);
  j["threads"] = run.threads;
  j["kernels"] = to_string(run.kernels);
  j["sparse"] = {{"mask", run.sparse.mask},
                 {"rare_count", run.sparse.rare_count},
                 {"last_rare", run.sparse.rare_count ? nlohmann::json(run.sparse.last_rare) : nlohmann::json()},
                 {"mask_changes", run.sparse.mask_changes},
                 {"sparse_heaps", run.sparse.sparse_heaps},
                 {"naive_heaps", run.sparse.naive_heaps}};
  j["resumed_from"] = run.resumed_from;
  j["interrupted"] = run.interrupted;
  j["seconds"] = run.seconds;
  j["values_per_second"] = run.values_per_second;
  if (run.distributed) {
    const DistributedStats& d = *run.distributed;
    j["distributed"] = {{"ranks", d.ranks},
                        {"transport", d.transport},
                        {"verified", run.values.size()},
                        {"blocks", d.blocks},
                        {"failures", d.failures},
                        {"speculated", d.speculated},
                        {"largest_lead", d.largest_lead},
                        {"bytes_sent", d.bytes_sent},
                        {"speculate_seconds", d.speculate_seconds},
                        {"verify_seconds", d.verify_seconds},
                        {"waiting_seconds", d.waiting_seconds},
                        {"send_seconds", d.send_seconds},
                        {"speculation_threads", d.speculation_threads},
                        {"banded_heaps", d.banded_heaps},
                        {"band_seconds", d.band_seconds},
                        {"in_order_seconds", d.in_order_seconds}};
  }
  if (!run.save_error.empty()) j["save_error"] = run.save_error;
  if (!run.output.empty() && run.save_error.empty()) {
    j["output"] = {{"file", run.output}, {"format", run.format == TakeAndBreakFormat::binary ? "binary" : "text"}};
  }
  if (list_upto && run.complete()) {
    nlohmann::json values = nlohmann::json::array();
    for (std::uint64_t n = 0; n <= std::min(*list_upto, run.upto); ++n) values.push_back(run.value(n));
    j["values"] = std::move(values);
  }
  return j;
}

}  // namespace grundy
