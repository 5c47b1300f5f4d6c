// The generic normal-play solver: g(p) = mex{ g(q) : p -> q } for any game that
// models ImpartialGame, memoised in a table. The one Sprague–Grundy traversal of
// the library: the runtime model's definition (definition.hpp), a user's C++
// game (GameAdapter) and a user's Python game all run through it.
//
// - Iterative depth-first search with an explicit stack: a chain of 10^6
//   positions needs no call-stack depth.
// - Decomposition (optional hook): a position that splits into independent
//   components gets the xor of their values; only indivisible parts are stored.
// - Canonical forms (optional hook): symmetric positions share one entry.
// - The table is a parameter (solver_tables.hpp): a hash table whose probe
//   touches one cache line, or an array for games with a dense index.
// - Memory O(positions stored + depth): a frame keeps its options only while
//   the stack's options fit a budget; past it, a frame about to descend drops
//   the options it has not valued yet (the values of those it has valued stay,
//   8 bytes each) and lists its moves again when the child is done. Without
//   that, a game of depth d and fan-out f (Euclid's game from (1, n): d = f =
//   n) kept d·f positions on the stack.
// - The memory bound covers the search too: the table gets the bound less the
//   stack's frames (a chain of 10^6 positions keeps 10^6 frames), its values
//   and the options' reserve, so a rule with no base case stops with LimitError.
// - A cycle in the game graph is not a game this solver can value; it is detected
//   (a position met again while its own value is being computed) and reported
//   with the positions on it (or handed to the game's cycle_found hook, which may
//   throw an error of its own: a game that goes on as a game with cycles). Loopy
//   analysis is a sibling solver, not this one.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/game.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/solver_tables.hpp"

namespace grundy {

// Thrown when the game graph reachable from a position has a cycle.
class CycleError : public InputError {
 public:
  CycleError(const std::string& message, std::vector<std::string> cycle, SourceLocation where = {})
      : InputError(message, std::move(where)), cycle_(std::move(cycle)) {}
  [[nodiscard]] const std::vector<std::string>& cycle() const noexcept { return cycle_; }

 private:
  std::vector<std::string> cycle_;
};

template <ImpartialGame G, class Table = DefaultTable<G>>
class Solver {
 public:
  using Position = typename G::Position;

  explicit Solver(const G& game, std::size_t initial_table_capacity = 1024)
      : game_(&game), table_(game, initial_table_capacity) {}

  // The nim-value of p.
  Nimber value(const Position& p) {
    Nimber total = 0;
    parts_of(p, root_parts_);
    // A copy: valuing one part reuses the buffers the parts came in.
    const std::vector<Position> parts = root_parts_;
    for (const Position& part : parts) total ^= value_of_part(part);
    return total;
  }

  // Every option of p with its nim-value, in the order the game lists them.
  std::vector<std::pair<Position, Nimber>> options_with_values(const Position& p) {
    std::vector<Position> options;
    game_->moves(p, options);
    std::vector<std::pair<Position, Nimber>> result;
    result.reserve(options.size());
    for (const Position& q : options) result.emplace_back(q, value(q));
    return result;
  }

  // Options of p of value `target`; with target 0 these are the winning moves.
  std::vector<Position> moves_to_value(const Position& p, Nimber target) {
    std::vector<Position> result;
    for (auto& [q, v] : options_with_values(p)) {
      if (v == target) result.push_back(std::move(q));
    }
    return result;
  }

  std::vector<Position> winning_moves(const Position& p) { return moves_to_value(p, 0); }

  // Stored positions, and the table's bytes (for memory reports).
  [[nodiscard]] std::size_t stored_positions() const noexcept { return table_.size(); }
  [[nodiscard]] std::size_t table_bytes() const noexcept { return table_.memory_bytes(); }
  // The bound on the table's bytes and the search's frames and values; a
  // quarter of it also bounds the options the search stack keeps (see the
  // header), and options past that count against the bound.
  // `named`: the bound a refusal names (the run's --memory, of which `bytes`
  // is this solver's share; 0: `bytes`).
  void set_memory_limit(std::size_t bytes, std::size_t named = 0) {
    memory_limit_ = bytes;
    named_bound_ = named;
    if (bytes != 0) options_budget_ = std::max<std::size_t>(bytes / 4 / sizeof(Position), 1024);
    update_table_limit();
  }
  // For positions that own more than their own bytes (a Python object behind
  // each): the stack keeps `positions` options before frames drop theirs, and
  // `positions * bytes_each` of the bound is held back from the table for them.
  void set_options_budget(std::size_t positions, std::size_t bytes_each) {
    options_budget_ = std::max<std::size_t>(positions, 1);
    options_reserve_ = positions * bytes_each;
    update_table_limit();
  }
  // How deep the last search that stopped (a bound, a cycle, an error) was.
  [[nodiscard]] std::size_t abandoned_depth() const noexcept { return abandoned_depth_; }
  [[nodiscard]] const Table& table() const noexcept { return table_; }

  // Called every kPollWork units of work (a position pushed, an option listed):
  // Context::poll, for cancellation; it may throw to abandon the search, which
  // leaves the solver usable.
  void set_poll(std::function<void()> hook) { poll_ = std::move(hook); }

 private:
  // A game with a dense index (its positions the indices of an array, as a
  // DP fills one from 0 up) descends into the last unknown option of a frame
  // first, not the first: games list their moves from the smallest change
  // up (take 1, 2, …, or the primes in order), and the last is the nearest an
  // end of play, whose search finishes most of what the others need. The
  // primes' subtraction game from 10^7 kept 5·10^6 frames deep (each
  // descending by 2) and now keeps 8.8·10^4 (by 113), with their options:
  // 169 MB of stack became a few (docs/performance.md). The options are
  // still valued in the game's order, and each is looked at at most twice
  // more for the choice (a frame's known tail only grows). Every other game
  // descends into its first unknown option, as before.
  static constexpr bool kDescendsLast = DenselyIndexedGame<G> && !DecomposableGame<G>;

  // An option is its own part and its own table key: no split, no canonical
  // form, no formula to ask first.
  static constexpr bool kPlainOptions = !DecomposableGame<G> && !CanonicalizingGame<G> && !GameWithClosedForm<G>;

  // The values of the options the frames have valued (values_): a buffer
  // that the hot loop writes through a plain pointer (value_known_options).
  class ValueStack {
   public:
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
    [[nodiscard]] Nimber* begin() noexcept { return data_.get(); }
    [[nodiscard]] Nimber* end() noexcept { return data_.get() + size_; }
    void set_end(const Nimber* end) noexcept { size_ = static_cast<std::size_t>(end - data_.get()); }
    void shrink_to(std::size_t size) noexcept { size_ = size; }
    void clear() noexcept { size_ = 0; }
    void reserve(std::size_t capacity) {
      if (capacity <= capacity_) return;
      std::unique_ptr<Nimber[]> grown(new Nimber[capacity]);
      std::copy(begin(), end(), grown.get());
      data_ = std::move(grown);
      capacity_ = capacity;
    }
    // Back to the allocator.
    void release() noexcept {
      data_.reset();
      size_ = capacity_ = 0;
    }

   private:
    std::unique_ptr<Nimber[]> data_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
  };

  // A position whose options are being valued. While it is the top frame its
  // options, when kept, are the last `listed` of options_, and the values of
  // its first `next_option` options the last `next_option` of values_: where
  // they start follows, so a frame is 24 bytes for an 8-byte position (32
  // with a dense index's known tail; 56 with the start of each kept: a chain
  // of 5·10^6 positions, the primes' subtraction game from 10^7, held 280 MB
  // of frames; docs/performance.md).
  struct NoKnownTail {};
  struct Frame {
    Position position;
    std::size_t next_option = 0;  // options before it (in the game's order) are valued
    std::uint64_t listed : 63 = 0;  // how many options the first listing gave (64 bits on every target)
    bool dropped : 1 = false;     // the list was dropped; list the moves again to resume
    // With kDescendsLast: the last known_tail options of the list are known
    // (seen known, or descended into).
    [[no_unique_address]] std::conditional_t<kDescendsLast, std::size_t, NoKnownTail> known_tail{};
  };

  Position canonical(const Position& p) const {
    if constexpr (CanonicalizingGame<G>) {
      return game_->canonical(p);
    } else {
      return p;
    }
  }

  // The independent, canonical parts of p.
  void parts_of(const Position& p, std::vector<Position>& out) const {
    out.clear();
    if constexpr (DecomposableGame<G>) {
      game_->components(p, out);
      if constexpr (CanonicalizingGame<G>) {
        for (Position& part : out) part = game_->canonical(part);
      }
    } else {
      out.push_back(canonical(p));
    }
  }

  // The value of an indivisible canonical part, or kEmpty when unknown.
  Nimber known_value(const Position& part) {
    if constexpr (GameWithClosedForm<G>) {
      if (auto v = game_->closed_form(part)) return *v;
    }
    const Nimber v = table_.find(part);
    if (v == kInProgress) throw_cycle(part);
    return v;
  }

  // Units of work one call of moves() costs beyond its options: 1 for a C++
  // game; a game whose listing is dearer says so (a Python call: 64).
  static constexpr std::uint64_t listing_work() {
    if constexpr (GameWithListingWork<G>) {
      return G::kListingWork;
    } else {
      return 1;
    }
  }

  void charge(std::uint64_t work) {
    work_ += work;
    // Polled by work, not by positions: a position may have thousands of
    // options (Moore's Nim), and 4096 such positions took seconds between two
    // polls, during which Ctrl-C went unheard.
    if (poll_ && work_ >= kPollWork) {
      work_ = 0;
      try {
        poll_();
      } catch (...) {
        reset_in_progress();
        throw;
      }
    }
  }

  void list_options(Frame& frame) {
    const std::size_t first = options_.size();
    game_->moves(frame.position, options_);
    const std::size_t count = options_.size() - first;
    if (frame.dropped && count != frame.listed) {
      // The values kept for the frame (values_) are of the first listing's
      // options: a different list now would give a wrong mex.
      if constexpr (MovesChangeReportingGame<G>) {
        game_->moves_changed(frame.position, frame.listed, count);
      }
      throw InputError("the game listed " + std::to_string(frame.listed) + " options of " +
                       describe(frame.position) + ", then " + std::to_string(count) +
                       " when asked again; moves must list the same options each time");
    }
    if (!frame.dropped) frame.listed = count;
    frame.dropped = false;
    charge(listing_work() + count);
  }

  void push(const Position& part) {
    charge(0);
    table_.set(part, kInProgress);
    // Frames are reused, not destroyed, until a deep search ends (release_deep_stack).
    if (depth_ == chunks_.size() * kFramesPerChunk) {
      // One more chunk of frames: counted before it is made.
      chunks_.reserve(chunks_.size() + 1);
      update_table_limit(kFramesPerChunk * sizeof(Frame));
      frames_bytes_ += kFramesPerChunk * sizeof(Frame);
      chunks_.push_back(std::make_unique<Frame[]>(kFramesPerChunk));
    }
    // The options' buffer changes with every listing; checked once a position.
    if (memory_limit_ != 0) update_table_limit();
    Frame& frame = frame_at(depth_++);
    frame.position = part;
    frame.next_option = 0;
    frame.dropped = false;
    if constexpr (kDescendsLast) frame.known_tail = 0;
    list_options(frame);
  }

  // The bytes the search holds beside the table: the stack's frames, the
  // values its frames have found, and the reserve held back for its options
  // (set_options_budget; without one, the options have their own quarter of
  // the bound, options_budget_).
  [[nodiscard]] std::size_t search_bytes() const noexcept {
    // Options past the budget count too (a chain keeps one a frame, and a
    // frame never drops the one it descends into), as three times their
    // buffer when it is full: growing holds the old buffer and one twice as large.
    const std::size_t options = (options_.size() == options_.capacity() ? 3 : 1) * options_.capacity();
    const std::size_t past_budget = options > options_budget_ ? (options - options_budget_) * sizeof(Position) : 0;
    return frames_bytes_ + values_.capacity() * sizeof(Nimber) + options_reserve_ + past_budget;
  }

  // Room in values_ for `more` values: one check before a run of them.
  void reserve_values(std::size_t more) {
    if (values_.capacity() - values_.size() >= more) [[likely]] return;
    const std::size_t capacity = std::max<std::size_t>({2 * values_.capacity(), values_.size() + more, 256});
    // Growing holds the old buffer and the new one at once.
    update_table_limit(capacity * sizeof(Nimber));
    values_.reserve(capacity);
    update_table_limit();
  }

  // Values options_[index, end) in order while they are known, their values
  // appended to values_; returns the index of the first unknown one (its
  // part in `unknown`), or `end`. The values go through a plain pointer into
  // room made first: with a push_back a value, the loop kept the vector's end
  // and the solver's members on the stack, reloaded and stored at each of
  // Wythoff's 7.8·10^7 options (perf, docs/performance.md).
  std::size_t value_known_options(std::size_t index, std::size_t end, Position& unknown) {
    reserve_values(end - index);
    Nimber* out = values_.end();
    const std::size_t known = take_known_options(options_.data() + index, end - index, [&out](Nimber v) { *out++ = v; });
    values_.set_end(out);
    index += known;
    if (index < end) (void)option_value(options_[index], unknown);  // a cycle throws here
    return index;
  }

  // take(v) for the values of the `count` options at `options`, in order,
  // while they are known; returns how many. An option that is its own part,
  // with no formula and no canonical form, is looked up by the table's
  // find_run where it has one (a run in one call, its members in registers);
  // any other through option_value.
  template <class Take>
  std::size_t take_known_options(const Position* options, std::size_t count, Take&& take) {
    if constexpr (kPlainOptions && requires { table_.find_run(options, options, take); }) {
      return table_.find_run(options, options + count, take);
    } else {
      Position unknown{};
      for (std::size_t k = 0; k < count; ++k) {
        const Nimber v = option_value(options[k], unknown);
        if (v == kEmpty) return k;
        take(v);
      }
      return count;
    }
  }

  Frame& frame_at(std::size_t i) noexcept { return chunks_[i / kFramesPerChunk][i % kFramesPerChunk]; }

  // The table gets what the search leaves of the bound; when the search itself
  // has outgrown it (a chain with no end), the search stops here.
  // `more`: bytes the search is about to take.
  void update_table_limit(std::size_t more = 0) {
    if (memory_limit_ == 0) return;
    const std::size_t search = search_bytes() + more;
    if (search >= memory_limit_ || table_.memory_bytes() > memory_limit_ - search) {
      throw LimitError("the search needs more than the memory bound of " +
                       bytes_text(named_bound_ != 0 ? named_bound_ : memory_limit_) + " (--memory; " +
                       std::to_string(table_.size()) + " positions stored, " + std::to_string(depth_) +
                       " being searched)");
    }
    if constexpr (requires { table_.set_memory_limit(std::size_t{}, std::size_t{}); }) {
      table_.set_memory_limit(memory_limit_ - search, named_bound_ != 0 ? named_bound_ : memory_limit_);
    } else {
      table_.set_memory_limit(memory_limit_ - search);
    }
  }

  // The value of option `q` of a frame: the xor of its parts, or kEmpty with
  // the first unknown part in `unknown`.
  Nimber option_value(const Position& q, Position& unknown) {
    if constexpr (DecomposableGame<G>) {
      parts_of(q, option_parts_);
      Nimber total = 0;
      for (const Position& part : option_parts_) {
        const Nimber v = known_value(part);
        if (v == kEmpty) {
          unknown = part;
          return kEmpty;
        }
        total ^= v;
      }
      return total;
    } else {
      // One part, the option itself: no parts list to fill (the hot loop of a
      // user's game with many options; Wythoff (300, 500) lists 1.7·10^8).
      const Position part = canonical(q);
      const Nimber v = known_value(part);
      if (v == kEmpty) unknown = part;
      return v;
    }
  }

  Nimber value_of_part(const Position& part) {
    if (const Nimber v = known_value(part); v != kEmpty) return v;
    abandoned_depth_ = 0;
    try {
      if constexpr (IndexEnumeratedGame<G>) {
        // Only where the table can hold every index up to the part's: past
        // that (a heap of 10^18) the search refuses at once, naming the bound,
        // where the loop would value index after index until it got there.
        const std::size_t last = game_->dense_index(part);
        bool covered = true;
        if constexpr (requires { table_.can_cover(last); }) covered = table_.can_cover(last);
        if (covered) {
          sweep_to(last);
          if (const Nimber v = known_value(part); v != kEmpty) return v;
        }
      }
      const Nimber v = search(part);
      release_deep_stack();
      return v;
    } catch (...) {
      // A bound reached, a poll that stopped the search, a game's own error:
      // forget the positions in progress, keep the finished values.
      reset_in_progress();
      throw;
    }
  }

  // Bottom up, for a game that names the position at each index
  // (IndexEnumeratedGame): every index from the last one valued so far up to
  // `last`, each position's options looked up, never searched, as a
  // contestant's DP loop does. The depth-first search below costs a frame a
  // position, resumed once for each option it descends into; on the primes'
  // subtraction game to 10^7 it took 5.0× the DP's time, this loop 2.5×, on
  // Wythoff (300, 500) 3.2× and 3.0× (medians, docs/performance.md). A
  // position with an option not yet valued (the game's moves do not all lead
  // to smaller indices) is handed to the depth-first search, which finds that
  // option's value, or a cycle, as for any game: the loop is a fast path,
  // the search its definition.
  void sweep_to(std::size_t last) {
    for (; swept_ <= last; ++swept_) {
      if constexpr (std::convertible_to<decltype(game_->position_at(swept_)), Position>) {
        value_bottom_up(game_->position_at(swept_));
      } else if (const std::optional<Position> p = game_->position_at(swept_)) {
        value_bottom_up(*p);
      }
    }
  }

  void value_bottom_up(const Position& position) {
    const Position part = canonical(position);
    if (known_value(part) != kEmpty) return;
    sweep_options_.clear();
    game_->moves(part, sweep_options_);
    const std::size_t count = sweep_options_.size();
    charge(listing_work() + count);
    const Position* const options = sweep_options_.data();
    mex_.clear();
    // Each value into the mex set as it is read: no buffer between them.
    const std::size_t known =
        mex_.insert_fed([&](auto&& take) { return take_known_options(options, count, take); });
    if (known < count) [[unlikely]] {
      (void)search(part);
      return;
    }
    table_.set(part, mex_.mex());
  }

  Nimber search(const Position& part) {
    push(part);
    Position unknown{};
    while (depth_ > 0) {
      Frame& frame = frame_at(depth_ - 1);
      if (frame.dropped) list_options(frame);
      const std::size_t end_option = options_.size();
      const std::size_t first_option = end_option - frame.listed;
      // Value the options in order while they are known.
      std::size_t index = first_option + frame.next_option;
      index = value_known_options(index, end_option, unknown);
      if (index == end_option) {
        // Every option valued: g = mex.
        const std::size_t first_value = values_.size() - (index - first_option);
        mex_.clear();
        mex_.insert_all(values_.begin() + first_value, values_.end());
        table_.set(frame.position, mex_.mex());
        values_.shrink_to(first_value);
        options_.resize(first_option);
        --depth_;
        continue;
      }
      frame.next_option = index - first_option;
      if constexpr (kDescendsLast) {
        // The last unknown option after this one, if any, is descended into
        // instead; those after it are known.
        std::size_t j = end_option - frame.known_tail;
        Position later{};
        while (j > index + 1 && option_value(options_[j - 1], later) != kEmpty) --j;
        if (j > index + 1) {
          unknown = later;
          frame.known_tail = end_option - (j - 1);
        } else {
          frame.known_tail = end_option - index;
        }
      }
      // Descend. Past the budget, the frame's unvalued options are dropped
      // first (its list is the last in options_: it is the top frame).
      if (options_.size() > options_budget_ && end_option - index > 1) {
        options_.resize(first_option);
        frame.dropped = true;
      }
      push(unknown);
    }
    return table_.find(part);
  }

  [[noreturn]] void throw_cycle(const Position& again) {
    std::size_t start = 0;
    for (std::size_t i = depth_; i-- > 0;) {
      if (frame_at(i).position == again) {
        start = i;
        break;
      }
    }
    std::vector<Position> positions;
    for (std::size_t i = start; i < depth_; ++i) positions.push_back(frame_at(i).position);
    positions.push_back(again);
    // Leave the solver usable: forget the positions that were in progress.
    reset_in_progress();
    if constexpr (CycleReportingGame<G>) game_->cycle_found(positions);
    std::vector<std::string> cycle;
    for (const Position& p : positions) cycle.push_back(describe(p));
    std::string path;
    for (std::size_t i = 0; i < cycle.size(); ++i) path += (i ? " -> " : "") + cycle[i];
    throw CycleError("the game graph has a cycle, so it has no Sprague-Grundy values: " + path,
                     std::move(cycle));
  }

  void reset_in_progress() {
    if (depth_ != 0) abandoned_depth_ = depth_;
    table_.erase_all(kInProgress);
    depth_ = 0;
    options_.clear();
    values_.clear();
    release_deep_stack();
  }

  // After a search: the frames and values of a deep one go back to the
  // allocator (they count against the bound, and the next search may be
  // shallow); one chunk stays for the next search to reuse.
  void release_deep_stack() noexcept {
    constexpr std::size_t kChunksKept = 1;
    if (chunks_.size() > kChunksKept) {
      chunks_.resize(kChunksKept);
      frames_bytes_ = kChunksKept * kFramesPerChunk * sizeof(Frame);
    }
    if (values_.capacity() > (std::size_t{1} << 16)) values_.release();
  }

  std::string describe(const Position& p) const {
    if constexpr (DescribableGame<G>) {
      return game_->describe(p);
    } else {
      return "<position>";
    }
  }

  const G* game_;
  Table table_;
  // The stack: frames 0 .. depth_ - 1 are the search's; the rest wait to be
  // reused. In chunks that never move: a vector of frames, doubling, briefly
  // held its old buffer and one twice as large (a chain of 10^6 positions: 3×
  // its 150 MB of frames), which a memory bound would have to allow for.
  static constexpr std::size_t kFramesPerChunk = 256;
  std::vector<std::unique_ptr<Frame[]>> chunks_;
  std::size_t frames_bytes_ = 0;
  std::size_t depth_ = 0;
  std::vector<Position> options_;
  // The values of the options the frames on the stack have valued so far, a
  // segment per frame (first_value), and the one mex set that takes a
  // finished frame's segment. A mex set in every frame kept an array sized to
  // the largest value its positions had seen, long after: Euclid's game from
  // (1, 10^4) (10^4 frames, values up to 10^4) held 477 MB in them.
  ValueStack values_;
  MexSet mex_;
  std::vector<Position> option_parts_;
  std::vector<Position> root_parts_;
  // IndexEnumeratedGame: the options of the position sweep_to values, and
  // the first index it has not valued (those below are in the table).
  std::vector<Position> sweep_options_;
  std::size_t swept_ = 0;
  // Options the stack keeps before frames start dropping theirs: 2^22 of them
  // (32 MiB of 8-byte positions) unless a memory bound says less.
  std::size_t options_budget_ = std::size_t{1} << 22;
  std::size_t options_reserve_ = 0;  // bytes of the bound held back for the options (set_options_budget)
  std::size_t memory_limit_ = 0;     // 0: no bound
  std::size_t named_bound_ = 0;      // what a refusal names (0: memory_limit_)
  std::size_t abandoned_depth_ = 0;
  std::function<void()> poll_;
  // Work since the last poll; a poll every kPollWork units, the amount
  // Context::charge polls at (this header stays free of the Context).
  static constexpr std::uint64_t kPollWork = std::uint64_t{1} << 16;
  std::uint64_t work_ = 0;
};

}  // namespace grundy
