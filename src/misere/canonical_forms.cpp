#include "grundy/misere/canonical_forms.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_set>

#include "grundy/core/input_error.hpp"
#include "misere/memory_text.hpp"

namespace grundy::misere {
namespace {

// Hash-map entries cost about this much beyond their payload (node, bucket).
constexpr std::size_t kEntryOverhead = 48;

// The key of G + H, the smaller id first (G + H = H + G).
std::uint64_t sum_key(GameId a, GameId b) {
  if (a > b) std::swap(a, b);
  return (std::uint64_t{a} << 32) | b;
}

}  // namespace

std::size_t CanonicalForms::OptionsHash::operator()(const std::vector<GameId>& options) const noexcept {
  std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ options.size();
  for (GameId g : options) {
    h ^= g + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
  }
  return static_cast<std::size_t>(h);
}

CanonicalForms::CanonicalForms(std::size_t memory_bytes, std::function<void()> poll)
    : memory_bound_(memory_bytes), poll_(std::move(poll)) {
  add_record({});  // 0, the game with no move
  nim_heaps_.push_back(kZero);
}

void CanonicalForms::charge(std::size_t bytes) {
  bytes_ += bytes;
  if (memory_bound_ != 0 && bytes_ > memory_bound_) {
    throw LimitError("the misère canonical forms need more than the memory bound (" +
                     memory_text(memory_bound_) + ", " + std::to_string(games_.size()) +
                     " canonical games so far)");
  }
}

bool CanonicalForms::birthday_order(GameId a, GameId b) const {
  const std::uint32_t ba = games_[a].birthday;
  const std::uint32_t bb = games_[b].birthday;
  return ba != bb ? ba < bb : a < b;
}

bool CanonicalForms::has_option(GameId g, GameId option) const {
  const std::vector<GameId>& list = games_[g].options;
  return std::binary_search(list.begin(), list.end(), option,
                            [this](GameId a, GameId b) { return birthday_order(a, b); });
}

std::optional<GameId> CanonicalForms::find(const std::vector<GameId>& options) const {
  auto it = by_options_.find(options);
  if (it == by_options_.end()) return std::nullopt;
  return it->second;
}

std::optional<GameId> CanonicalForms::reduction(const std::vector<GameId>& options) const {
  // Reversal to 0: every option has 0 among its options (0 has birthday 0, so it
  // comes first), and by the proviso some option is a P-position.
  bool all_reach_zero = true;
  bool some_p = false;
  for (GameId o : options) {
    const std::vector<GameId>& next = games_[o].options;
    if (next.empty() || next.front() != kZero) {
      all_reach_zero = false;
      break;
    }
    some_p = some_p || games_[o].misere_value == 0;
  }
  if (all_reach_zero && some_p) return kZero;
  // Reversal to H != 0: H's options are options of G, and every other option of
  // G has H as an option, so has birthday >= b(H) + 1, while H's options have
  // birthday <= b(H) - 1. So H's options are exactly the options of G below a
  // gap of two or more birthdays, and H, being an option of an option, is
  // already in the table.
  for (std::size_t j = 1; j < options.size(); ++j) {
    if (games_[options[j]].birthday <= games_[options[j - 1]].birthday + 1) continue;
    const std::vector<GameId> lower(options.begin(), options.begin() + static_cast<std::ptrdiff_t>(j));
    const std::optional<GameId> h = find(lower);
    if (!h) continue;
    bool reverses = true;
    for (std::size_t k = j; k < options.size() && reverses; ++k) reverses = has_option(options[k], *h);
    if (reverses) return h;
  }
  return std::nullopt;
}

GameId CanonicalForms::add_record(std::vector<GameId> options) {
  if (games_.size() >= UINT32_MAX - 1) throw LimitError("more canonical misère games than this table can number");
  Record record;
  std::uint32_t birthday = 0;
  std::vector<Nimber> normal;
  std::vector<Nimber> misere;
  normal.reserve(options.size());
  misere.reserve(options.size());
  for (GameId o : options) {
    birthday = std::max(birthday, games_[o].birthday + 1);
    normal.push_back(games_[o].normal_value);
    misere.push_back(games_[o].misere_value);
  }
  record.birthday = birthday;
  record.normal_value = mex(normal);
  record.misere_value = options.empty() ? 1 : mex(misere);
  charge(sizeof(Record) + sizeof(Lazy) + 2 * options.size() * sizeof(GameId) + kEntryOverhead);
  record.options = options;
  const auto id = static_cast<GameId>(games_.size());
  games_.push_back(std::move(record));
  lazy_.emplace_back();
  by_options_.emplace(std::move(options), id);
  if (poll_ && (id & 0xFFF) == 0) poll_();
  return id;
}

GameId CanonicalForms::game(std::vector<GameId> options) {
  std::sort(options.begin(), options.end(), [this](GameId a, GameId b) { return birthday_order(a, b); });
  options.erase(std::unique(options.begin(), options.end()), options.end());
  if (options.empty()) return kZero;
  if (const std::optional<GameId> known = find(options)) return *known;
  if (const std::optional<GameId> simpler = reduction(options)) return *simpler;
  return add_record(std::move(options));
}

GameId CanonicalForms::nim_heap(std::uint64_t size) {
  // Each heap holds all the smaller ones: n(n+1)/2 option entries for *n.
  if (size > 100'000) throw LimitError("the misère canonical form of a nim heap of " + std::to_string(size) +
                                      " has too many options to build");
  while (nim_heaps_.size() <= size) {
    // {*0, …, *(n-1)} has no reversible option (each option's options are
    // smaller heaps, none equal to *n), so it is canonical as it stands, and
    // already in birthday order (*k is born on day k): recorded without
    // game()'s sort and search for a reversal (most of the time of building
    // the heaps below *[2800] in the misère-notation fuzz harness).
    std::vector<GameId> options(nim_heaps_.begin(), nim_heaps_.end());
    const std::optional<GameId> known = find(options);
    nim_heaps_.push_back(known ? *known : add_record(std::move(options)));
  }
  return nim_heaps_[size];
}

// Sums and mates walk the game tree with a stack of their own, not the call
// stack: birthdays reach 10^5, and the recursion one frame per day they had
// crashed a 512 KB stack at 20 000 days (MisereCanonicalForms.DeepGames…).
GameId CanonicalForms::sum(GameId g, GameId h) {
  const auto known = [this](GameId a, GameId b) -> std::optional<GameId> {
    if (a == kZero) return b;
    if (b == kZero) return a;
    if (auto it = sums_.find(sum_key(a, b)); it != sums_.end()) return it->second;
    return std::nullopt;
  };
  if (const std::optional<GameId> done = known(g, h)) return *done;
  if (games_[g].birthday + games_[h].birthday > 100'000) {
    throw LimitError("a misère sum of canonical forms too deep to compute (birthdays " +
                     std::to_string(games_[g].birthday) + " and " + std::to_string(games_[h].birthday) + ")");
  }
  // G + H = {G' + H, G + H'}: a frame collects its options' sums in turn.
  struct Frame {
    GameId g, h;
    std::size_t next = 0;  // options of g first, then of h
    std::vector<GameId> options;
  };
  std::vector<Frame> stack;
  stack.push_back(Frame{g, h, 0, {}});
  while (true) {
    Frame& top = stack.back();
    // Indexed afresh each time: game() adds records, which may move the lists.
    const std::size_t from_g = games_[top.g].options.size();
    if (top.next < from_g + games_[top.h].options.size()) {
      const GameId a = top.next < from_g ? games_[top.g].options[top.next] : top.g;
      const GameId b = top.next < from_g ? top.h : games_[top.h].options[top.next - from_g];
      if (const std::optional<GameId> done = known(a, b)) {
        top.options.push_back(*done);
        ++top.next;
      } else {
        stack.push_back(Frame{a, b, 0, {}});
      }
      continue;
    }
    const GameId result = game(std::move(top.options));
    charge(kEntryOverhead);
    sums_.emplace(sum_key(top.g, top.h), result);
    stack.pop_back();
    if (stack.empty()) return result;
    stack.back().options.push_back(result);
    ++stack.back().next;
  }
}

GameId CanonicalForms::mate(GameId g) {
  const auto known = [this](GameId a) -> std::optional<GameId> {
    if (a == kZero) return nim_heap(1);
    if (auto it = mates_.find(a); it != mates_.end()) return it->second;
    return std::nullopt;
  };
  if (const std::optional<GameId> done = known(g)) return *done;
  struct Frame {
    GameId g;
    std::vector<GameId> options;  // the mates of g's first options
  };
  std::vector<Frame> stack;
  stack.push_back(Frame{g, {}});
  while (true) {
    Frame& top = stack.back();
    const std::vector<GameId>& list = games_[top.g].options;
    if (top.options.size() < list.size()) {
      const GameId option = list[top.options.size()];
      if (const std::optional<GameId> done = known(option)) {
        top.options.push_back(*done);
      } else {
        stack.push_back(Frame{option, {}});
      }
      continue;
    }
    const GameId result = game(std::move(top.options));
    charge(kEntryOverhead);
    mates_.emplace(top.g, result);
    stack.pop_back();
    if (stack.empty()) return result;
    stack.back().options.push_back(result);
  }
}

bool CanonicalForms::is_nim_heap(GameId g) {
  const std::uint32_t b = games_[g].birthday;
  // *b has b options; a game with another count cannot be it.
  if (games_[g].options.size() != b) return false;
  return nim_heap(b) == g;
}

bool CanonicalForms::is_even(GameId g) {
  if (lazy_[g].even >= 0) return lazy_[g].even == 1;
  GameId part = g;
  bool even = true;
  if (g != kZero) {
    const GameId star = nim_heap(1);
    const std::vector<GameId> list = games_[g].options;
    for (GameId h : list) {
      // b(H + *) <= b(H) + 1, so only options one day younger than G can do.
      if (games_[h].birthday + 1 != games_[g].birthday) continue;
      if (sum(h, star) == g) {
        even = false;
        part = h;
        break;
      }
    }
  }
  lazy_[g].even = even ? 1 : 0;
  lazy_[g].even_part = part;
  return even;
}

GameId CanonicalForms::even_part(GameId g) {
  (void)is_even(g);
  return lazy_[g].even_part;
}

std::optional<GameId> CanonicalForms::younger_minus_nim_heap(GameId g, std::uint64_t n) {
  if (n == 0) return g;
  if (n > games_[g].birthday) return std::nullopt;
  const GameId heap = nim_heap(n);
  const std::vector<GameId> list = games_[g].options;
  for (GameId h : list) {
    // b(H + *n) <= b(H) + n.
    if (games_[h].birthday + n < games_[g].birthday) continue;
    if (sum(h, heap) == g) return h;
  }
  return std::nullopt;
}

std::optional<GameId> CanonicalForms::minus_nim_heap(GameId g, std::uint64_t n) {
  // Conway's parts (ONAG ch. 12; CGSuite's get2Partitions, "type 1"): when
  // G = H + *n, every option of G (canonical forms only delete options) is
  // H' + *n or H + *m with m < n, and H = {G' - *n, G - *m : m < n} whenever
  // all of these differences exist — checked by adding *n back, so a wrong
  // guess is never returned. Before that, H may be an option of G (the
  // younger H). Walked with a stack of its own: the differences of the
  // options go down one day at a time.
  struct Pair {
    GameId game;
    std::uint64_t heap;
    bool operator==(const Pair&) const = default;
  };
  struct PairHash {
    std::size_t operator()(const Pair& p) const noexcept { return std::hash<std::uint64_t>{}((std::uint64_t{p.game} << 20) ^ p.heap); }
  };
  std::unordered_map<Pair, std::optional<GameId>, PairHash> known;
  std::vector<Pair> stack{{g, n}};
  // A step looks at a pair, or at one that a pair needs; a bound on the steps
  // keeps the walk's time and its stack bounded for any text
  // (*[&5000;[#-9]] asks for differences over every heap below 5000, and a
  // difference with *n asks for those with *0 … *(n-1)).
  constexpr std::size_t kMaxSteps = 1U << 16;
  std::size_t steps = 0;
  const auto step = [&](std::size_t count) {
    steps += count;
    if (steps > kMaxSteps) {
      throw LimitError("finding H with H + *" + std::to_string(n) + " equal to a game of birthday " +
                       std::to_string(games_[g].birthday) + " takes more than " + std::to_string(kMaxSteps) + " steps");
    }
  };
  while (!stack.empty()) {
    const Pair at = stack.back();
    if (known.count(at) != 0) {
      stack.pop_back();
      continue;
    }
    step(1);
    std::optional<GameId> result;
    bool decided = true;
    if (at.heap == 0) {
      result = at.game;
    } else if (at.heap == 1) {
      result = sum(at.game, nim_heap(1));  // * + * = 0 in misère play (Conway)
    } else if (const std::optional<GameId> younger = younger_minus_nim_heap(at.game, at.heap)) {
      result = younger;
    } else if (at.heap % 2 == 1) {
      // *(2k+1) = *2k + * (misère heaps with * add as in normal play), so
      // H + *(2k+1) = G exactly when H + *2k = G + *: the odd heaps are
      // not parts of type 1 where the even one is ({*2} - *3 = {*2} + * - *2).
      const Pair even{sum(at.game, nim_heap(1)), at.heap - 1};
      const auto found = known.find(even);
      if (found == known.end()) {
        stack.push_back(even);
        decided = false;
      } else {
        result = found->second;
      }
    } else {
      std::vector<Pair> needed;
      for (GameId option : games_[at.game].options) needed.push_back({option, at.heap});
      step(games_[at.game].options.size() + at.heap);
      for (std::uint64_t m = 0; m < at.heap; ++m) needed.push_back({at.game, m});
      std::vector<GameId> options;
      bool missing = false;
      const std::size_t height = stack.size();
      // Pushed last to first, so that the options and the small heaps, which
      // the others need, are looked at first.
      for (auto it = needed.rbegin(); it != needed.rend(); ++it) {
        const Pair& need = *it;
        const auto found = known.find(need);
        if (found == known.end()) {
          stack.push_back(need);
          decided = false;
        } else if (!found->second) {
          missing = true;
          break;
        } else {
          options.push_back(*found->second);
        }
      }
      if (missing) {
        stack.resize(height);  // one difference does not exist: neither does H
        decided = true;
      } else if (decided) {
        const GameId candidate = game(std::move(options));
        if (sum(candidate, nim_heap(at.heap)) == at.game) result = candidate;
      }
    }
    if (decided) {
      known[at] = result;
      // The pair may sit lower on the stack too; it is skipped there as known.
      if (!stack.empty() && stack.back() == at) stack.pop_back();
    }
  }
  return known.at({g, n});
}

bool CanonicalForms::precedes(GameId a, GameId b) {
  // Decided by the first options that differ: a loop down the tree, each
  // level's options already ordered (ordered_options orders from the bottom).
  while (true) {
    if (a == b) return false;
    const GameId ea = even_part(a);
    const GameId eb = even_part(b);
    if (ea == eb) return is_even(a);
    const Record& ra = games_[ea];
    const Record& rb = games_[eb];
    if (ra.birthday != rb.birthday) return ra.birthday < rb.birthday;
    if (ra.options.size() != rb.options.size()) return ra.options.size() < rb.options.size();
    if (ra.normal_value != rb.normal_value) return ra.normal_value < rb.normal_value;
    if (ra.misere_value != rb.misere_value) return ra.misere_value < rb.misere_value;
    // Copies: even_part may add records, which moves the lazy lists.
    const std::vector<GameId> oa = ordered_options(ea);
    const std::vector<GameId> ob = ordered_options(eb);
    std::size_t i = 0;
    while (i < oa.size() && oa[i] == ob[i]) ++i;
    if (i == oa.size()) return ea < eb;  // not reached: equal options make equal games
    a = oa[i];
    b = ob[i];
  }
}

const std::vector<GameId>& CanonicalForms::ordered_options(GameId g) {
  if (lazy_[g].ordered) return lazy_[g].ordered_options;
  // Sorting G's options compares them by their own ordered options, and so on
  // down: every game below G not yet ordered is ordered first, youngest first,
  // so no comparison needs an order not yet made (and nothing recurses). The
  // even part of an option is the option or one of its options: below G too.
  std::vector<GameId> below;
  std::vector<GameId> frontier{g};
  std::unordered_set<GameId> seen{g};
  while (!frontier.empty()) {
    const GameId x = frontier.back();
    frontier.pop_back();
    below.push_back(x);
    for (GameId o : games_[x].options) {
      if (!lazy_[o].ordered && seen.insert(o).second) frontier.push_back(o);
    }
  }
  std::sort(below.begin(), below.end(), [this](GameId a, GameId b) { return birthday_order(a, b); });
  for (GameId x : below) {
    std::vector<GameId> list = games_[x].options;
    std::sort(list.begin(), list.end(), [this](GameId a, GameId b) { return precedes(a, b); });
    lazy_[x].ordered_options = std::move(list);
    lazy_[x].ordered = true;
  }
  return lazy_[g].ordered_options;
}

}  // namespace grundy::misere
