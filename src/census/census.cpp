#include "grundy/census/census.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/census/database.hpp"
#include "grundy/census/job_runner.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/version.hpp"

namespace grundy::census {
namespace {

using Clock = std::chrono::steady_clock;
using distributed::Communicator;
using distributed::Message;

// The protocol's messages (tags).
enum Tag : int {
  kReady = 1,        // worker -> manager: give me a job
  kJob = 2,          // manager -> worker: job number
  kResult = 3,       // worker -> manager: {"job": n, "rows": [...]}
  kFailure = 4,      // worker -> manager: {"job": n, "message": "..."}: a fault, try again elsewhere
  kInterrupted = 5,  // worker -> manager: job n stopped (checkpoint saved); the worker has left
  kStop = 6,         // manager -> worker: no more jobs (or stop the one you run), then leave
  kBye = 7,          // worker -> manager: left
  kAbort = 8,        // manager -> worker: the census is refused; leave at once
};

// How long a receive waits before the caller polls its context again.
constexpr std::chrono::milliseconds kWait{50};

// A fault (not bad input) is tried on another worker this many times in all.
constexpr int kTries = 3;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// A job's rows as a worker sends them to the manager (kResult).
std::string result_message(std::uint64_t id, const std::vector<Row>& rows) {
  nlohmann::json j{{"job", id}, {"rows", nlohmann::json::array()}};
  for (const Row& row : rows) j["rows"].push_back(to_json(row));
  return j.dump();
}

// An error row for each game of the job: a final answer, computed by `rank`.
std::vector<Row> error_rows(const Job& job, const std::string& message, int rank) {
  std::vector<Row> rows;
  for (const Member& member : job.members) {
    Row row;
    row.game = member.game;
    row.kind = to_string(job.kind);
    row.status = "error";
    row.message = message;
    row.version = kVersion;
    row.rank = rank;
    rows.push_back(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------
// Worker

CensusSummary work(const Plan& plan, const CensusOptions& options, Communicator& world, Context& context) {
  CensusSummary summary;
  JobSettings settings;
  settings.checkpoint_directory = checkpoint_directory(options.database);
  settings.certificate_directory = options.certificate_directory;
  settings.rank = world.rank();
  settings.checkpoint_seconds = options.checkpoint_seconds;
  for (;;) {
    world.send(0, kReady, "");
    std::optional<Message> message;
    while (!message) {
      if (context.poll_asks_stop()) {
        // Stopped while idle (SIGTERM to this rank): say so and leave.
        world.send(0, kBye, "");
        summary.interrupted = true;
        return summary;
      }
      message = world.receive(kWait);
    }
    if (message->tag == kAbort) {
      summary.aborted = true;
      return summary;
    }
    if (message->tag == kStop) {
      world.send(0, kBye, "");
      return summary;
    }
    if (message->tag != kJob) continue;  // nothing else is sent to an idle worker
    const nlohmann::json assignment = nlohmann::json::parse(message->payload);
    const std::uint64_t id = assignment.at("job").get<std::uint64_t>();
    Job job = plan.jobs.at(id);
    // Games of other censuses in the database that this job answers too.
    for (const nlohmann::json& extra : assignment.at("extra")) {
      const std::string game = extra.get<std::string>();
      if (std::none_of(job.members.begin(), job.members.end(), [&](const Member& m) { return m.game == game; }))
        if (const std::optional<Member> member = member_of(job, game)) job.members.push_back(*member);
    }
    // The job's own context: stopped by a kStop from the manager (Ctrl-C on
    // rank 0) or by this rank's own signal.
    Context job_context;
    bool told_to_stop = false;
    job_context.set_poll_hook([&] {
      if (context.stop_requested()) job_context.request_stop();
      if (auto m = world.receive(std::chrono::milliseconds(0))) {
        if (m->tag == kStop || m->tag == kAbort) {
          told_to_stop = true;
          job_context.request_stop();
        }
      }
    });
    try {
      world.send(0, kResult, result_message(id, run_job(plan, job, settings, job_context)));
      ++summary.jobs_done;
    } catch (const Cancelled&) {
      world.send(0, kInterrupted, std::to_string(id));
      summary.interrupted = !told_to_stop || context.stop_requested();
      return summary;
    } catch (const InputError& e) {
      // The game cannot be computed as asked (a memory bound, a refused code):
      // a final answer, recorded as an error row.
      world.send(0, kResult, result_message(id, error_rows(job, e.message(), world.rank())));
    } catch (const std::exception& e) {
      world.send(0, kFailure, nlohmann::json{{"job", id}, {"message", e.what()}}.dump());
    }
    if (told_to_stop) {
      // The stop came while the job was finishing: its rows are sent; leave.
      world.send(0, kBye, "");
      return summary;
    }
  }
}

// ---------------------------------------------------------------------------
// Manager

bool job_final(const Job& job, const std::map<std::string, Row>& rows, const CensusSpec& spec) {
  for (const Member& member : job.members) {
    const auto it = rows.find(member.game);
    if (it == rows.end() || !it->second.final_for(spec.upto, spec.seconds)) return false;
  }
  return true;
}

class Manager {
 public:
  Manager(const Plan& plan, const CensusOptions& options, Communicator& world, Context& context)
      : plan_(plan), options_(options), world_(world), context_(context) {}

  // Any failure of the manager (a database that cannot be written, a
  // malformed message) releases every worker before it is thrown: no rank
  // ever waits for a manager that has gone.
  CensusSummary run() {
    try {
      return manage();
    } catch (...) {
      for (int w = 1; w < world_.size(); ++w)
        if (!left_.count(w)) world_.send(w, kAbort, "");
      throw;
    }
  }

 private:
  CensusSummary manage() {
    const auto start = Clock::now();
    start_summary();
    if (!open_database()) {
      summary_.seconds = seconds_since(start);
      return summary_;
    }
    make_folders();
    queue_unfinished_jobs();
    while (static_cast<int>(left_.size()) < summary_.workers) {
      if (!stopping_ && context_.poll_asks_stop()) stop_census();
      std::optional<Message> message = world_.receive(kWait);
      if (!message) continue;
      handle(*message);
      // Every job handed out and answered: let the idle workers go.
      if (queue_.empty() && busy_.empty())
        for (int v = 1; v <= summary_.workers; ++v)
          if (!left_.count(v) && !stopped_.count(v)) stop_worker(v);
    }
    context_.end_progress();
    if (!summary_.interrupted) database_->census_finished(summary_.arguments);
    summary_.seconds = seconds_since(start);
    return summary_;
  }

  // The census's description, and a refusal of more workers than jobs.
  void start_summary() {
    summary_.arguments = plan_.spec.describe();
    summary_.transport = world_.describe();
    summary_.workers = world_.size() - 1;
    summary_.games = plan_.games;
    summary_.jobs = plan_.jobs.size();
    if (summary_.workers < 1) throw std::logic_error("a census needs at least one worker");
    if (static_cast<std::uint64_t>(summary_.workers) > plan_.jobs.size())
      throw InputError("mpirun -np " + std::to_string(world_.size()) + " makes " + std::to_string(summary_.workers) +
                       " workers for a census of " + std::to_string(plan_.jobs.size()) +
                       " jobs: use -np " + std::to_string(plan_.jobs.size() + 1) + " or fewer");
  }

  // Opens the database; false when stopped while another program held the
  // file locked: nothing started, every worker released.
  bool open_database() {
    try {
      database_.emplace(options_.database, Database::Mode::read_write, [this] { return context_.poll_asks_stop(); });
    } catch (const Cancelled&) {
      for (int w = 1; w < world_.size(); ++w) world_.send(w, kAbort, "");
      for (int w = 1; w < world_.size(); ++w) left_.insert(w);
      summary_.interrupted = true;
      return false;
    }
    return true;
  }

  void make_folders() const {
    std::error_code ec;
    std::filesystem::create_directories(checkpoint_directory(options_.database), ec);
    if (ec)
      throw InputError("cannot make the checkpoint folder " + checkpoint_directory(options_.database) + ": " +
                       ec.message());
    if (!options_.certificate_directory.empty()) {
      std::filesystem::create_directories(options_.certificate_directory, ec);
      if (ec)
        throw InputError("cannot make the certificate folder " + options_.certificate_directory + ": " + ec.message());
    }
  }

  // The jobs whose rows are not final yet, largest first.
  void queue_unfinished_jobs() {
    // Damaged rows are never trusted: removed here, computed again below.
    summary_.damaged_removed = database_->remove_damaged();
    database_->census_started(summary_.arguments, plan_.games, plan_checksum(plan_));
    known_ = database_->rows();
    for (const Job& job : plan_.jobs) {
      if (job_final(job, known_, plan_.spec)) {
        ++summary_.jobs_already_done;
      } else {
        queue_.push_back(job.id);
      }
    }
    // Largest first: the long jobs start early and the short ones fill the end.
    std::stable_sort(queue_.begin(), queue_.end(),
                     [&](std::uint64_t a, std::uint64_t b) { return plan_.jobs[a].cost > plan_.jobs[b].cost; });
  }

  void handle(const Message& message) {
    const int w = message.source;
    switch (message.tag) {
      case kReady:
        if (stopping_ || queue_.empty()) {
          stop_worker(w);
        } else if (!stopped_.count(w)) {
          const std::uint64_t id = queue_.front();
          queue_.pop_front();
          busy_[w] = id;
          world_.send(w, kJob, nlohmann::json{{"job", id}, {"extra", extras(plan_.jobs[id])}}.dump());
        }
        break;
      case kResult:
        receive_result(w, message.payload);
        break;
      case kFailure:
        receive_failure(w, message.payload);
        break;
      case kInterrupted:
        busy_.erase(w);
        left_.insert(w);
        // A worker stopped by its own signal: the census stops with it
        // (under mpirun a signal reaches every rank).
        if (!stopping_) stop_census();
        break;
      case kBye:
        busy_.erase(w);
        left_.insert(w);
        break;
      default:
        break;
    }
  }

  void receive_result(int w, const std::string& payload) {
    const nlohmann::json j = nlohmann::json::parse(payload);
    std::vector<Row> rows;
    for (const nlohmann::json& r : j.at("rows")) rows.push_back(row_from_json(r));
    store(rows);
    busy_.erase(w);
    record_failure(rows, j.at("job").get<std::uint64_t>(), false);
    report_progress();
  }

  // A fault: the job is tried again on another worker, kTries times in all.
  void receive_failure(int w, const std::string& payload) {
    const nlohmann::json j = nlohmann::json::parse(payload);
    const std::uint64_t id = j.at("job").get<std::uint64_t>();
    busy_.erase(w);
    if (++tries_[id] < kTries) {
      queue_.push_front(id);  // another worker takes it next
      return;
    }
    const std::vector<Row> rows =
        error_rows(plan_.jobs.at(id), "failed " + std::to_string(kTries) + " times: " + j.at("message").get<std::string>(), w);
    store(rows);
    record_failure(rows, id, true);
  }

  // A job's rows, answered: in the database and in known_.
  void store(const std::vector<Row>& rows) {
    database_->store(rows);
    for (const Row& row : rows) known_[row.game] = row;
    ++summary_.jobs_done;
  }

  // A job's error rows, counted, and the job named among the failed ones.
  void record_failure(const std::vector<Row>& rows, std::uint64_t id, bool fault) {
    for (const Row& row : rows) summary_.errors += row.status == "error";
    const auto failed = std::find_if(rows.begin(), rows.end(), [](const Row& r) { return r.status == "error"; });
    if (failed == rows.end()) return;
    // The job's game, and the family's games it was computing when it is
    // not one of them itself ("0.37 (for 0.6)").
    const Job& job = plan_.jobs.at(id);
    std::string name = job.game;
    if (!job.in_family) {
      std::string members;
      for (std::size_t i = 0; i < job.members.size() && i < 3; ++i) members += (i ? ", " : "") + job.members[i].game;
      if (job.members.size() > 3) members += ", …";
      name += " (for " + members + ")";
    }
    summary_.failed_jobs.push_back(CensusSummary::FailedJob{name, failed->message, fault});
  }

  void stop_worker(int w) {
    if (stopped_.insert(w).second) world_.send(w, kStop, "");
  }

  // Ctrl-C here, or a worker's own signal: every worker still there is stopped.
  void stop_census() {
    stopping_ = true;
    summary_.interrupted = true;
    for (int w = 1; w <= summary_.workers; ++w)
      if (!left_.count(w)) stop_worker(w);
  }

  // Games in the database, from other censuses, recorded as computed through
  // this job's game and not final for this census's bound: the job answers
  // them too (a census of .376 to a larger bound settles the octal census's
  // codes that play as .376).
  nlohmann::json extras(const Job& job) const {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& entry : known_) {
      // Not a structured binding: clang 14 (the sanitizer builds) cannot
      // capture one in a lambda.
      const std::string& game = entry.first;
      const auto& row = entry.second;
      if (row.game != job.game && row.equivalent_to != job.game) continue;
      if (row.final_for(plan_.spec.upto, plan_.spec.seconds)) continue;
      if (std::any_of(job.members.begin(), job.members.end(), [&](const Member& m) { return m.game == game; })) continue;
      out.push_back(game);
    }
    return out;
  }

  void report_progress() {
    if (!context_.progress_due()) return;
    char line[200];
    std::snprintf(line, sizeof line, "census %s: %llu of %llu jobs done, %zu running, %.0f s",
                  summary_.arguments.c_str(),
                  static_cast<unsigned long long>(summary_.jobs_already_done + summary_.jobs_done),
                  static_cast<unsigned long long>(summary_.jobs), busy_.size(), context_.seconds());
    context_.progress(line);
  }

  const Plan& plan_;
  const CensusOptions& options_;
  Communicator& world_;
  Context& context_;
  std::deque<std::uint64_t> queue_;
  std::map<std::string, Row> known_;  // the database's rows, kept up to date
  std::set<int> left_;                // workers that said bye (or were interrupted)
  std::set<int> stopped_;             // workers sent kStop
  std::map<int, std::uint64_t> busy_;  // worker -> job
  std::map<std::uint64_t, int> tries_;
  bool stopping_ = false;
  std::optional<Database> database_;
  CensusSummary summary_;
};

CensusSummary run_rank(const Plan& plan, const CensusOptions& options, Communicator& world, Context& context) {
  if (world.rank() == 0) return Manager(plan, options, world, context).run();
  return work(plan, options, world, context);
}

}  // namespace

std::string checkpoint_directory(const std::string& database) { return database + ".checkpoints"; }

CensusSummary run_census(const CensusSpec& spec, const CensusOptions& options, distributed::Communicator* world,
                         Context& context) {
  if (options.database.empty()) throw InputError("a census needs --db FILE, the database that keeps its results");
  if (options.jobs < 1) throw InputError("--jobs must be at least 1");
  // Every rank makes the same plan (a pure function of the arguments): bad
  // arguments fail on every rank alike, before any message.
  const Plan plan = make_plan(spec);
  if (world != nullptr && world->size() > 1) return run_rank(plan, options, *world, context);
  // One process: a world of threads, the manager on this thread. More workers
  // than jobs would only wait.
  const int workers = static_cast<int>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(options.jobs, plan.jobs.size())));
  CensusSummary summary;
  distributed::run_on_threads(1 + workers, [&](Communicator& threads) {
    if (threads.rank() == 0) {
      summary = run_rank(plan, options, threads, context);
    } else {
      (void)run_rank(plan, options, threads, context);
    }
  });
  return summary;
}

}  // namespace grundy::census
