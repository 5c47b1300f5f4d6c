#include "grundy/misere/quotient_run.hpp"

#include <chrono>
#include <sstream>

#include "grundy/core/input_error.hpp"
#include "grundy/misere/heap_quotient.hpp"
#include "grundy/misere/quotient_checkpoint.hpp"

namespace grundy::misere {
namespace {

using Clock = std::chrono::steady_clock;

std::string pattern_words(const Periodicity& p) {
  if (p.kind == Periodicity::Kind::none) return "none found";
  std::string text = std::to_string(p.period) + " from heap " + std::to_string(p.preperiod);
  if (p.proven()) return text + " (proven: " + p.proof + ")";
  return text + " (seen in the heaps computed, not proven)";
}

std::string tame_name(unsigned n) { return "T" + std::to_string(n); }

}  // namespace

QuotientRun run_quotient(const HeapRulePtr& rule, const QuotientRequest& request, Context& context) {
  if (!request.checkpoint.empty()) check_quotient_checkpoint_path(request.checkpoint);
  if (!(request.checkpoint_seconds > 0)) throw InputError("--checkpoint-seconds must be a positive number of seconds");
  QuotientRun run;
  run.rule = rule->text();
  run.upto = request.upto.value_or(kDefaultQuotientHeaps);
  HeapQuotient quotient(rule, context, context.options().memory_bytes);
  if (!request.checkpoint.empty()) {
    if (std::optional<QuotientCheckpoint> saved = read_quotient_checkpoint(request.checkpoint, [&context] { context.poll(); })) {
      if (saved->rule != run.rule) {
        throw InputError("checkpoint " + request.checkpoint + " holds the quotient of " + saved->rule + ", not of " +
                         run.rule);
      }
      quotient.resume(std::move(saved->quotient), std::move(saved->expansion_heaps));
      run.resumed_from = quotient.heaps();
    }
  }
  auto save = [&] {
    if (request.checkpoint.empty()) return;
    try {
      write_quotient_checkpoint(request.checkpoint,
                                QuotientCheckpoint{run.rule, quotient.quotient(), quotient.expansion_heaps()});
    } catch (const InputError& e) {
      run.save_error = e.message();
    }
  };
  const Clock::time_point start = Clock::now();
  Clock::time_point last_save = start;
  try {
    while (quotient.heaps() < run.upto && !quotient.proven()) {
      quotient.extend_to(quotient.heaps() + 1);
      if (context.progress_due()) {
        const MisereQuotient& q = quotient.quotient();
        std::ostringstream line;
        line << "quotient of " << run.rule << ": heap " << quotient.heaps() << ", |Q| = " << q.size()
             << ", |P| = " << q.p_size() << ", " << quotient.states() << " states verified, "
             << static_cast<long>(context.seconds()) << " s";
        // No --upto: the run ends only when Φ is proven periodic (never, for
        // a quotient that keeps growing, such as 4.7's) or at the default bound.
        if (!request.upto) {
          line << " (no --upto: until the pretending function is proven periodic, at most heap "
               << kDefaultQuotientHeaps << "; bound it with --upto N, keep it with --checkpoint FILE)";
        }
        context.progress(line.str());
      }
      if (std::chrono::duration<double>(Clock::now() - last_save).count() >= request.checkpoint_seconds) {
        save();
        last_save = Clock::now();
      }
    }
  } catch (const Cancelled&) {
    run.interrupted = true;
  } catch (const LimitError& e) {
    run.stopped = e.message();
  }
  save();
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  run.quotient = quotient.quotient();
  run.heaps = quotient.heaps();
  run.expansion_heaps = quotient.expansion_heaps();
  run.generator_heaps = generator_heaps(run.quotient);
  run.pattern = quotient.pattern();
  run.tame = tame_index(run.quotient);
  run.last_rogue = last_rogue_heap(run.quotient);
  run.states = quotient.states();
  run.recalibrations = quotient.recalibrations();
  return run;
}

std::string render_text(const QuotientRun& run) {
  const MisereQuotient& q = run.quotient;
  const CommutativeMonoid& m = q.monoid;
  std::ostringstream out;
  out << "Misère quotient of " << run.rule << ", heaps 0.." << run.heaps;
  if (run.pattern.proven()) out << " (every heap: the pretending function is proven periodic)";
  out << "\n";
  out << "Q = " << presentation_text(q) << "\n";
  out << "|Q| = " << q.size() << ", |P| = " << q.p_size() << "\n";
  out << "P = {";
  bool first = true;
  for (Element x = 0; x < q.size(); ++x) {
    if (!q.is_p(x)) continue;
    out << (first ? "" : ", ") << m.word_text(x);
    first = false;
  }
  out << "}\n";
  if (!run.generator_heaps.empty()) {
    out << "Generators:";
    for (std::size_t g = 0; g < run.generator_heaps.size(); ++g) {
      out << (g ? "," : "") << " " << CommutativeMonoid::generator_name(g) << " = heap " << run.generator_heaps[g];
    }
    out << "\n";
  }
  out << "Pretending function Φ(n) for n = 0.." << run.heaps << ":\n";
  const int width = static_cast<int>(std::to_string(run.heaps).size());
  for (std::uint64_t n = 0; n <= run.heaps; n += 10) {
    std::string label = std::to_string(n);
    out << "  " << std::string(static_cast<std::size_t>(width) - label.size(), ' ') << label << ":";
    for (std::uint64_t k = n; k <= std::min(run.heaps, n + 9); ++k) out << " " << m.word_text(q.pretending[k]);
    out << "\n";
  }
  out << "Period of Φ: " << pattern_words(run.pattern) << "\n";
  if (run.tame) {
    out << "Tame: yes, (Q, P) is " << tame_name(*run.tame) << ", misère Nim's quotient: Bouton's rule decides\n";
  } else {
    out << "Tame: no (wild)\n";
  }
  out << "Last rogue heap (class outside the kernel of Q): "
      << (run.last_rogue ? std::to_string(*run.last_rogue) : std::string("none")) << "\n";
  if (!run.expansion_heaps.empty()) {
    out << "The quotient grew at heaps";
    for (std::size_t i = 0; i < run.expansion_heaps.size(); ++i) out << (i ? ", " : " ") << run.expansion_heaps[i];
    out << "\n";
  }
  out << "Computed in " << run.seconds << " s";
  if (run.resumed_from != 0) out << " (resumed from a checkpoint of heaps 0.." << run.resumed_from << ")";
  out << "; the last verification searched " << run.states << " states\n";
  return out.str();
}

nlohmann::json render_json(const QuotientRun& run) {
  const MisereQuotient& q = run.quotient;
  const CommutativeMonoid& m = q.monoid;
  nlohmann::json j;
  j["rule"] = run.rule;
  j["upto"] = run.upto;
  j["heaps"] = run.heaps;
  j["complete"] = run.complete();
  j["size"] = q.size();
  j["p_size"] = q.p_size();
  nlohmann::json p = nlohmann::json::array();
  for (Element x = 0; x < q.size(); ++x) {
    if (q.is_p(x)) p.push_back(m.word_text(x));
  }
  j["p_portion"] = p;
  nlohmann::json generators = nlohmann::json::array();
  for (std::size_t g = 0; g < run.generator_heaps.size(); ++g) {
    generators.push_back({{"name", CommutativeMonoid::generator_name(g)}, {"heap", run.generator_heaps[g]}});
  }
  j["generators"] = generators;
  nlohmann::json relations = nlohmann::json::array();
  for (const CommutativeMonoid::Relation& r : m.relations()) {
    relations.push_back({{"word", CommutativeMonoid::word_text(r.word)}, {"equals", m.word_text(r.equals)}});
  }
  j["relations"] = relations;
  j["presentation"] = presentation_text(q);
  nlohmann::json phi = nlohmann::json::array();
  for (Element x : q.pretending) phi.push_back(m.word_text(x));
  j["pretending"] = phi;
  nlohmann::json period{{"kind", to_string(run.pattern.kind)}, {"status", to_string(run.pattern.status)},
                        {"proven", run.pattern.proven()}};
  if (run.pattern.kind != Periodicity::Kind::none) {
    period["preperiod"] = run.pattern.preperiod;
    period["period"] = run.pattern.period;
  }
  if (!run.pattern.proof.empty()) period["proof"] = run.pattern.proof;
  j["period"] = period;
  j["tame"] = run.tame.has_value();
  j["tame_name"] = run.tame ? nlohmann::json(tame_name(*run.tame)) : nlohmann::json(nullptr);
  j["last_rogue"] = run.last_rogue ? nlohmann::json(*run.last_rogue) : nlohmann::json(nullptr);
  j["expansion_heaps"] = run.expansion_heaps;
  j["resumed_from"] = run.resumed_from;
  j["interrupted"] = run.interrupted;
  j["stopped"] = run.stopped.empty() ? nlohmann::json(nullptr) : nlohmann::json(run.stopped);
  if (!run.save_error.empty()) j["save_error"] = run.save_error;
  j["states"] = run.states;
  j["recalibrations"] = run.recalibrations;
  j["seconds"] = run.seconds;
  return j;
}

}  // namespace grundy::misere
