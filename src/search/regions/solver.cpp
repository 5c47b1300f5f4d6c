#include "grundy/search/placement_solver.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <thread>
#include <type_traits>

#include "engine.hpp"
#include "table_file.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/core/output_file.hpp"
#include "grundy/search/placement_reductions.hpp"

namespace grundy::placement {

namespace {

// The first line of a table file: its format's name and version. Version 3
// (this one) ends with a checksum (table_file.hpp); version 2 had none; in
// version 1 boxes within 8x8 were not yet stored in stride 8.
constexpr char kMagicName[] = "grundy-placement-table ";
constexpr int kVersion = 3;

// The board's free cells in a geometry's layout (its stride may exceed the
// board's width: see Engine::geometry).
template <std::size_t N>
Bits<N> free_cells(const Board& board, std::size_t stride) {
  Bits<N> free;
  for (std::size_t r = 0; r < board.rows; ++r) {
    for (std::size_t c = 0; c < board.cols; ++c) {
      if (board.is_free(r, c)) free.set(r * stride + c);
    }
  }
  return free;
}

// f(engine, geometry, free cells) in the narrowest engine that holds the board.
template <class F>
auto on_board(detail::Engines& engines, const Board& board, F&& f) {
  auto in = [&]<std::size_t N>() {
    detail::Engine<N>& engine = engines.get<N>();
    const auto& g = engine.geometry(static_cast<int>(board.rows), static_cast<int>(board.cols));
    return f(engine, g, free_cells<N>(board, static_cast<std::size_t>(g.width)));
  };
  const std::size_t area = board.rows * board.cols;
  if (area <= 64) return in.template operator()<1>();
  if (area <= 128) return in.template operator()<2>();
  if (area <= 256) return in.template operator()<4>();
  return in.template operator()<16>();
}

// 2x2 blocks are searched as Node Kayles on the king graph of block positions:
// a block fits at (r, c) when its 4 cells are free, and two blocks overlap
// exactly when their top-left corners are king-adjacent, so placing one removes
// its position and the king neighbours — on any board, blocked cells or not.
// The (R-1)x(C-1) grid of positions has smaller boxes and one-cell moves; on an
// empty 8x8 board this searches 9 times faster than the cell board.
// Declared by the rule (Rule::blocks_as_king_graph), not recognised by shape.
bool is_two_by_two_blocks(const Rule& rule) { return rule.blocks_as_king_graph && rule.kind == RuleKind::place; }

Rule searched_rule(const Rule& rule) {
  return is_two_by_two_blocks(rule) ? node_kayles_rule(GraphFamily::king) : rule;
}

std::string megabytes(std::size_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return buf;
}

}  // namespace

PlacementSolver::PlacementSolver(Rule rule)
    : rule_(std::move(rule)),
      block_positions_(is_two_by_two_blocks(rule_)),
      engines_(std::make_unique<detail::Engines>(searched_rule(rule_))) {
  engines_->set_exact_cells(default_exact_cells(engines_->rule()));
}

void PlacementSolver::set_exact_cells(int cells) { engines_->set_exact_cells(cells); }
void PlacementSolver::set_search(Search search) { engines_->set_requested_set(search == Search::requested_set); }
PlacementSolver::Search PlacementSolver::search() const noexcept {
  return engines_->requested_set() ? Search::requested_set : Search::outcome;
}
void PlacementSolver::set_reductions(unsigned reductions) { engines_->set_reductions(reductions); }
PlacementSolver::~PlacementSolver() = default;
PlacementSolver::PlacementSolver(PlacementSolver&&) noexcept = default;
PlacementSolver& PlacementSolver::operator=(PlacementSolver&&) noexcept = default;

const Rule& PlacementSolver::rule() const noexcept { return rule_; }

void PlacementSolver::check_board(const Board& board) const {
  const std::size_t area = board.rows * board.cols;
  if (area == 0 || area > kMaxBoardCells || board.free.size() != area) {
    throw LimitError("a board must have 1 to " + std::to_string(kMaxBoardCells) + " cells");
  }
  const std::size_t limit = engines_->memory_limit();
  if (limit != 0 && limit < minimum_memory_bytes(board)) {
    throw InputError("a memory bound of " + megabytes(limit) + " cannot hold the tables of a " +
                     std::to_string(board.rows) + "x" + std::to_string(board.cols) + " " + rule_.name +
                     " board; it needs at least " + megabytes(minimum_memory_bytes(board)));
  }
}

namespace {
// Thrown by poll hooks: the solo phase is over; the helper is to stop.
struct GoParallel {};
struct HelperStopped {};
struct HelperFinished {};

Nimber value_on(detail::Engines& engines, const Board& board) {
  return on_board(engines, board,
                  [](auto& engine, const auto& g, const auto& free) { return engine.value_of_cells(g, free); });
}

// Replaces the engines' poll hook by `hook` (which calls the old one first)
// while it lives.
class PollOverride {
 public:
  PollOverride(detail::Engines& engines, std::function<void()> hook) : engines_(engines), old_(engines.poll()) {
    engines_.set_poll(std::move(hook));
  }
  ~PollOverride() { engines_.set_poll(old_); }
  PollOverride(const PollOverride&) = delete;
  PollOverride& operator=(const PollOverride&) = delete;

 private:
  detail::Engines& engines_;
  std::function<void()> old_;
};

// A helper thread searching the same board on engines that share the tables;
// stopped and joined by the destructor, however the main search ends. `done`
// is raised when it finishes the whole search first: its answer is then in the
// table, and the main thread, perhaps deep in a subtree the helper never
// needed, should ask again from the top.
class Helper {
 public:
  template <class Job>
  Helper(const Rule& rule, detail::Engines& main, Job& job, std::atomic<bool>& done) : engines_(rule, main) {
    engines_.set_poll([this] {
      if (stop_.load(std::memory_order_relaxed)) throw HelperStopped{};
    });
    thread_ = std::thread([this, &job, &done] {
      try {
        job(engines_);
        done.store(true, std::memory_order_relaxed);
      } catch (...) {
        // Stopped, a full table, or a limit the main thread meets too: only the
        // main thread's answer counts.
      }
    });
  }
  ~Helper() {
    stop_.store(true, std::memory_order_relaxed);
    thread_.join();
  }
  Helper(const Helper&) = delete;
  Helper& operator=(const Helper&) = delete;

 private:
  detail::Engines engines_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};
}  // namespace

// The main thread searches alone for solo_seconds_ first. Then both threads search
// the board on shared tables; when one fills up, both stop (the tables keep
// every finished value, so little is lost), the tables grow (or, at the memory
// bound, are flushed) and both start again. If the helper finishes first, the
// main thread stops and asks again alone: the answer is in the table.
template <class Job>
auto PlacementSolver::parallel(const Board& board, Job job) {
  {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(solo_seconds_));
    std::function<void()> user = engines_->poll();
    PollOverride solo(*engines_, [user, deadline] {
      if (user) user();
      if (std::chrono::steady_clock::now() > deadline) throw GoParallel{};
    });
    try {
      return job(*engines_);
    } catch (const GoParallel&) {
    }
  }
  // Every engine this board can reach exists (and owns its tables) before the
  // helper's engines attach to them.
  const std::size_t area = board.rows * board.cols;
  engines_->get<1>();
  if (area > 64) engines_->get<2>();
  if (area > 128) engines_->get<4>();
  if (area > 256) engines_->get<16>();
  ++parallel_searches_;
  for (;;) {
    std::atomic<bool> full{false};
    std::atomic<bool> helper_done{false};
    engines_->for_each_engine([&](auto& e) { e.share_tables(&full); });
    struct Unshare {
      detail::Engines& engines;
      ~Unshare() {
        engines.for_each_engine([](auto& e) { e.unshare_tables(); });
      }
    } unshare{*engines_};
    std::function<void()> user = engines_->poll();
    PollOverride watch(*engines_, [user, &full, &helper_done] {
      if (user) user();
      if (full.load(std::memory_order_relaxed)) throw detail::TablesFull{};
      if (helper_done.load(std::memory_order_relaxed)) throw HelperFinished{};
    });
    try {
      Helper helper(engines_->rule(), *engines_, job, helper_done);
      return job(*engines_);
    } catch (const HelperFinished&) {
      break;  // the answer is in the table: asked again below, alone
    } catch (const detail::TablesFull&) {
      // The helper is joined; the tables are unshared as this pass ends and
      // grow (or flush, at the bound) as the next one shares them.
      ++parallel_restarts_;
    }
  }
  return job(*engines_);
}

Nimber PlacementSolver::value(const Board& board) {
  check_board(board);
  if (block_positions_ && (board.rows < 2 || board.cols < 2)) return 0;
  const Board searched = searched_board(board);
  auto value = [&searched](detail::Engines& engines) { return value_on(engines, searched); };
  return parallel_worth(searched) ? parallel(searched, value) : value(*engines_);
}

bool PlacementSolver::parallel_worth(const Board& searched) const {
  return threads_ == 2 && std::count(searched.free.begin(), searched.free.end(), true) >= kParallelCells;
}

void PlacementSolver::set_threads(unsigned threads) {
  if (threads == 0 || threads > 2) throw InputError("threads must be 1 or 2, not " + std::to_string(threads));
  threads_ = threads;
}



bool PlacementSolver::has_value(const Board& board, Nimber target) {
  check_board(board);
  if (block_positions_ && (board.rows < 2 || board.cols < 2)) return target == 0;
  const Board searched = searched_board(board);
  if (engines_->requested_set()) {
    auto has = [&searched, target](detail::Engines& engines) {
      return on_board(engines, searched, [target](auto& engine, const auto& g, const auto& free) {
        return engine.cells_have_value(g, free, target);
      });
    };
    return parallel_worth(searched) ? parallel(searched, has) : has(*engines_);
  }
  auto wins = [&searched, target](detail::Engines& engines) {
    return on_board(engines, searched,
                    [target](auto& engine, const auto& g, const auto& free) { return engine.cells_win(g, free, target); });
  };
  return !(parallel_worth(searched) ? parallel(searched, wins) : wins(*engines_));
}

std::optional<Nimber> PlacementSolver::value_if_in(const Board& board, std::uint64_t requested) {
  check_board(board);
  if (block_positions_ && (board.rows < 2 || board.cols < 2)) {
    return (requested & 1U) != 0 ? std::optional<Nimber>(0) : std::nullopt;
  }
  const Board searched = searched_board(board);
  const Nimber v = on_board(*engines_, searched, [requested](auto& engine, const auto& g, const auto& free) {
    return engine.cells_value_in(g, free, requested);
  });
  if (v == detail::Engine<1>::kNotInSet) return std::nullopt;
  return v;
}

PlacementSolver::Claims PlacementSolver::claims(const std::vector<Board>& boards) {
  for (const Board& board : boards) {
    check_board(board);
    if (block_positions_ || board.rows * board.cols > kMostClaimedCells)
      throw LimitError("certificates of the region search are written for boards of at most " +
                       std::to_string(kMostClaimedCells) + " cells");
  }
  detail::Engine<1>& engine = engines_->get<1>();
  const unsigned reductions = engines_->reductions();
  // Exactly what the checker knows (check/cram_rules.cpp, version 4): the
  // pendant twins, the bridges and the diagonal-twin cut, each applied as
  // the checker applies it (its parts are the search's), and the mirror
  // strategy (a symmetric region is 0: one claim, no options). Cram 5x7:
  // 0.90 s of search without any reduction, 0.45 s with the cut alone, and
  // 47 000 claims with all against 52 000 with the cut.
  engines_->set_reductions(kPendantTwins | kBridges | kDiagonalTwins | kMirrorStrategy);
  struct Restore {
    detail::Engines& engines;
    unsigned reductions;
    ~Restore() { engines.set_reductions(reductions); }
  } restore{*engines_, reductions};
  Claims out;
  std::vector<detail::Region<1>> roots;
  for (const Board& board : boards) {
    const auto& g = engine.geometry(static_cast<int>(board.rows), static_cast<int>(board.cols));
    Nimber value = 0;
    for (const detail::Region<1>& part : engine.parts_of(g, free_cells<1>(board, static_cast<std::size_t>(g.width)))) {
      value ^= engine.evaluate(part);
      roots.push_back(part);
    }
    out.values.push_back(value);
  }
  const auto claims = engine.claims_for(roots);
  for (const auto& [region, value] : claims.exact) out.exact.emplace_back(engine.region_text(region), value);
  for (const auto& claim : claims.lacking)
    out.lacking.push_back(LackingClaim{engine.region_text(claim.region), claim.set, claim.read});
  std::sort(out.exact.begin(), out.exact.end());
  std::sort(out.lacking.begin(), out.lacking.end());
  return out;
}

Board PlacementSolver::searched_board(const Board& board) const {
  if (!block_positions_) return board;
  Board positions = empty_board(board.rows - 1, board.cols - 1);
  for (std::size_t r = 0; r + 1 < board.rows; ++r) {
    for (std::size_t c = 0; c + 1 < board.cols; ++c) {
      positions.free[r * positions.cols + c] = board.is_free(r, c) && board.is_free(r + 1, c) &&
                                               board.is_free(r, c + 1) && board.is_free(r + 1, c + 1);
    }
  }
  return positions;
}

// A board's parts move to narrower engines, so every engine up to its width may
// hold tables at once.
std::size_t PlacementSolver::minimum_memory_bytes(const Board& board) const {
  if (block_positions_ && (board.rows < 2 || board.cols < 2)) return 0;
  const std::size_t area = block_positions_ ? (board.rows - 1) * (board.cols - 1) : board.rows * board.cols;
  std::size_t bytes = detail::Engine<1>::minimum_bytes();
  if (area > 64) bytes += detail::Engine<2>::minimum_bytes();
  if (area > 128) bytes += detail::Engine<4>::minimum_bytes();
  if (area > 256) bytes += detail::Engine<16>::minimum_bytes();
  return bytes;
}

std::size_t PlacementSolver::memory_limit() const noexcept { return engines_->memory_limit(); }
void PlacementSolver::set_poll(std::function<void()> hook) { engines_->set_poll(std::move(hook)); }


void PlacementSolver::set_memory_limit(std::size_t bytes) { engines_->set_memory_limit(bytes); }

namespace {
// The sum of one count over the engines in use.
template <class Count>
std::size_t sum_over(detail::Engines& engines, Count count) {
  std::size_t n = 0;
  engines.for_each_engine([&](auto& e) { n += count(e); });
  return n;
}
}  // namespace

std::size_t PlacementSolver::stored_positions() const {
  return sum_over(*engines_, [](auto& e) { return e.stored(); });
}
std::size_t PlacementSolver::table_bytes() const {
  return sum_over(*engines_, [](auto& e) { return e.bytes(); });
}
std::size_t PlacementSolver::table_flushes() const {
  return sum_over(*engines_, [](auto& e) { return e.flushes(); });
}
std::size_t PlacementSolver::searched_sums() const {
  return sum_over(*engines_, [](auto& e) { return e.searched(); });
}
std::size_t PlacementSolver::visited_nodes() const {
  return sum_over(*engines_, [](auto& e) { return e.visited(); });
}

std::vector<Board> split_board(const Rule& rule, const Board& board, unsigned reductions) {
  const bool blocks = is_two_by_two_blocks(rule);
  Board searched = board;
  if (blocks) {
    if (board.rows < 2 || board.cols < 2) return {};
    searched = empty_board(board.rows - 1, board.cols - 1);
    for (std::size_t r = 0; r + 1 < board.rows; ++r) {
      for (std::size_t c = 0; c + 1 < board.cols; ++c) {
        searched.free[r * searched.cols + c] = board.is_free(r, c) && board.is_free(r + 1, c) &&
                                               board.is_free(r, c + 1) && board.is_free(r + 1, c + 1);
      }
    }
  }
  detail::Engines engines(searched_rule(rule));
  engines.set_reductions(reductions);
  std::vector<Board> parts;
  on_board(engines, searched, [&](auto& engine, const auto& g, const auto& free) {
    engine.for_each_part(g, free, [&](const auto& part) {
      Board b = searched;
      for (std::size_t r = 0; r < b.rows; ++r) {
        for (std::size_t c = 0; c < b.cols; ++c) b.free[r * b.cols + c] = part.test(r * g.width + c) ? 1 : 0;
      }
      parts.push_back(std::move(b));
    });
    return 0;
  });
  return parts;
}

OutputFile PlacementSolver::check_table_file(const std::string& path) {
  OutputFile file = prepare_output_file(path, "--table file");
  // A pipe or device would be read without end, or replaced by a regular file.
  if (file.in_place) throw InputError("--table file " + path + ": is not a regular file (a pipe or device cannot hold a table)");
  return file;
}

void PlacementSolver::save_table(const std::string& path) const {
  // Through output_file.hpp like every file a run writes: a temporary beside
  // the file, flushed to disk and renamed over it, so a crash or a full disk
  // leaves the previous table whole; failures name the system's reason.
  write_output_file(check_table_file(path), "--table file", [&](std::FILE* out) {
    detail::TableWriter writer(out);
    const std::string header = kMagicName + std::to_string(kVersion) + "\n" + rule().name + "\n";
    writer.bytes(header.data(), header.size());
    // One section per engine in use: its word count, then its entries.
    engines_->for_each_engine([&](auto& engine) {
      writer.put(static_cast<std::uint32_t>(std::remove_reference_t<decltype(engine)>::kWords));
      engine.save(writer);
    });
    writer.finish();
  });
}

namespace {

// Reads up to a newline (not kept) of at most `limit` bytes; false if there is
// none within them.
bool read_line(detail::TableReader& in, std::string& line, std::size_t limit) {
  line.clear();
  char c = 0;
  while (line.size() <= limit && in.get(c)) {
    if (c == '\n') return true;
    line.push_back(c);
  }
  return false;
}

// Whether the file's last 8 bytes are the FNV-1a sum of the ones before,
// read in blocks (a table can be gigabytes).
bool checksum_matches(std::istream& in, std::uint64_t size) {
  if (size < sizeof(std::uint64_t)) return false;
  Fnv1a sum;
  std::vector<char> block(std::size_t{1} << 16);
  in.seekg(0);
  for (std::uint64_t left = size - sizeof(std::uint64_t); left > 0;) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(left, block.size()));
    if (!in.read(block.data(), static_cast<std::streamsize>(n))) return false;
    sum.add(block.data(), n);
    left -= n;
  }
  std::uint64_t stored = 0;
  if (!in.read(reinterpret_cast<char*>(&stored), sizeof stored)) return false;
  return stored == sum.value();
}

}  // namespace

// In three steps, so that a damaged file changes nothing: the first line (a
// table at all, and of this version?), the checksum over the whole file, and
// only then the entries, each checked as it is read.
void PlacementSolver::load_table(const std::string& path) {
  const SourceLocation at{path, 0, 0};
  // One reader's checks (input_file.hpp): a regular file only.
  std::ifstream in = open_input_file(path, "table file", InputKind::regular_file);
  std::error_code ec;
  const std::uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) throw InputError("cannot read the table file (" + ec.message() + ")", at);
  detail::TableReader header(in, size);
  std::string line;
  const std::string name_prefix = kMagicName;
  if (!read_line(header, line, 64) || line.compare(0, name_prefix.size(), name_prefix) != 0) {
    throw InputError("not a placement table file", SourceLocation{path, 1, 1});
  }
  if (line != name_prefix + std::to_string(kVersion)) {
    throw InputError("the table file is of format \"" + line.substr(name_prefix.size()) + "\", this grundy reads " +
                         std::to_string(kVersion) + " (delete the file to start afresh)",
                     SourceLocation{path, 1, 1});
  }
  if (!checksum_matches(in, size)) {
    throw InputError("the table file is truncated or damaged (its checksum does not match)", at);
  }
  in.clear();
  in.seekg(0);
  detail::TableReader body(in, size - sizeof(std::uint64_t));
  (void)read_line(body, line, 64);
  std::string name;
  if (!read_line(body, name, 256)) throw InputError("the table file has no rule name", SourceLocation{path, 2, 1});
  if (name != rule().name) {
    throw InputError("the table was saved for " + name + ", not " + rule().name, SourceLocation{path, 2, 1});
  }
  const std::size_t flushes_before = table_flushes();
  unsigned seen = 0;  // word counts of the sections read, as bits
  while (body.left() > 0) {
    std::uint32_t words = 0;
    std::string error;
    if (!body.get(words)) {
      error = "a section header is cut short";
    } else if ((words != 1 && words != 2 && words != 4 && words != 16) || (seen & words) != 0) {
      error = "a section of " + std::to_string(words) + " words " + ((seen & words) ? "is repeated" : "is not one of 1, 2, 4, 16");
    } else {
      seen |= words;
      switch (words) {
        case 1: error = engines_->get<1>().load(body); break;
        case 2: error = engines_->get<2>().load(body); break;
        case 4: error = engines_->get<4>().load(body); break;
        default: error = engines_->get<16>().load(body); break;
      }
    }
    if (!error.empty()) {
      // Entries read before the bad one came from the same suspect file.
      engines_->for_each_engine([](auto& e) { e.clear_tables(); });
      throw InputError("the table file is damaged: " + error, at);
    }
  }
  // A flush while loading would drop part of the file without a word.
  if (table_flushes() != flushes_before) {
    throw InputError("the table file holds more than the memory bound allows (" + std::to_string(memory_limit()) +
                         " bytes)",
                     at);
  }
}

}  // namespace grundy::placement
