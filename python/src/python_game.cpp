#include "python_game.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include "grundy/core/input_error.hpp"
#include "grundy/core/poll_scope.hpp"
#include "python_errors.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

constexpr std::size_t kRememberedOptions = 16;
// Lists inside lists are sums of sums; deeper than this is a list that contains
// itself, or a mistake.
constexpr int kMaxSumNesting = 32;
// The options the search stack keeps before a frame about to descend lets go
// of its unvalued ones, and the bytes each is counted at: a Python object
// behind each (a tuple of two ints is about 144 bytes with its items), so 2^16
// of them are some 10 MB. Without a budget the stack held depth × fan-out of
// them: Euclid's game from (1, 10^4), a depth and fan-out of 10^4, reached 5 GB.
constexpr std::size_t kOptionsBudget = std::size_t{1} << 16;
constexpr std::size_t kOptionBytes = 160;

}  // namespace

class PythonGame::SearchLock {
 public:
  explicit SearchLock(PythonGame& game) : game_(game) {
    if (game.searching_thread_ == std::this_thread::get_id()) {
      game.raise_game_error("the moves function of game '" + game.name_ +
                                "' asked the same game for a value while its search was running; a moves "
                                "function must only list options",
                            py::none());
    }
    if (!game.search_mutex_.try_lock()) {
      // Another Python thread is searching this game: wait for it without the
      // GIL, which it needs to finish.
      py::gil_scoped_release released;
      game.search_mutex_.lock();
    }
    game.searching_thread_ = std::this_thread::get_id();
    game.pace_ = &pace_.emplace();
  }
  ~SearchLock() {
    game_.pace_ = nullptr;
    // Before the lock is released: the collector's setting is put back by the
    // thread that changed it, before another search may change it.
    pace_.reset();
    game_.searching_thread_ = std::thread::id();
    game_.search_mutex_.unlock();
  }
  SearchLock(const SearchLock&) = delete;
  SearchLock& operator=(const SearchLock&) = delete;

 private:
  PythonGame& game_;
  std::optional<CollectorPace> pace_;
};

PythonGame::PythonGame(py::object moves, std::string name, std::size_t memory_bytes, SolverChoice solver,
                       std::optional<std::uint64_t> dense)
    : moves_(std::move(moves)),
      name_(std::move(name)),
      memory_bytes_(memory_bytes),
      choice_(solver),
      use_loopy_(solver == SolverChoice::loopy),
      dense_(dense) {
  // An array index, and 4 bytes a value: past 2^40 positions no machine has the memory.
  if (dense_ && *dense_ >= (std::uint64_t{1} << 40)) {
    throw py::value_error("dense=" + std::to_string(*dense_) +
                          " asks for an array of more than 2^40 values; give the largest int position the game "
                          "values (its array takes 4 bytes a position)");
  }
  if (!PyCallable_Check(moves_.ptr())) {
    throw py::type_error("grundy.Game needs a moves function: moves(position) -> iterable of options; got " +
                         describe(moves_));
  }
  make_solver();
}

void PythonGame::make_solver() {
  solver_ = std::make_unique<RuleSolver>(rule_);
  solver_->set_memory_limit(memory_bytes_);
  // At most a quarter of the bound held back for them (memory="1MB" keeps 1358).
  constexpr std::size_t each = sizeof(RulePosition) + kOptionBytes;
  const std::size_t budget = memory_bytes_ == 0 ? kOptionsBudget
                                                : std::clamp<std::size_t>(memory_bytes_ / 4 / each, 16, kOptionsBudget);
  solver_->set_options_budget(budget, each);
}

PythonGame::~PythonGame() {
  // The last owner may be a C++ object (a component in a position) released
  // without the GIL; the table and the moves function are Python objects.
  if (Py_IsInitialized() == 0) return;
  py::gil_scoped_acquire acquired;
  solver_.reset();
  remembered_.clear();
  loopy_.reset();  // its vertices hold Python objects
  moves_ = py::object();
}

std::string PythonGame::describe(py::handle position, std::size_t limit) {
  // Messages are made while an exception is pending (the one they describe):
  // repr() must run without it, and leave it as it was.
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  std::string text;
  if (PyObject* repr = PyObject_Repr(position.ptr())) {
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(repr, &size);
    if (utf8 != nullptr) text.assign(utf8, static_cast<std::size_t>(size));
    Py_DECREF(repr);
  }
  if (text.empty()) text = std::string("<") + Py_TYPE(position.ptr())->tp_name + " whose repr() failed>";
  PyErr_Clear();
  PyErr_Restore(type, value, traceback);
  if (text.size() > limit) {
    // Cut at a character boundary of the UTF-8 text.
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text = text.substr(0, cut) + "…";
  }
  return text;
}

void PythonGame::raise_game_error(const std::string& message, py::handle position) const {
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  if (value != nullptr && traceback != nullptr) PyException_SetTraceback(value, traceback);
  Py_XDECREF(type);
  Py_XDECREF(traceback);
  py::object error = game_error_type()(message, py::arg("position") = position, py::arg("game") = name_);
  if (value != nullptr) {
    // The user's own exception, shown above ours: "The above exception was the
    // direct cause of the following exception".
    Py_INCREF(value);
    PyException_SetCause(error.ptr(), value);  // steals
    PyException_SetContext(error.ptr(), value);  // steals
  }
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw py::error_already_set();
}

Py_hash_t PythonGame::hash_of(py::handle position, py::handle source) const {
  const Py_hash_t hash = PyObject_Hash(position.ptr());
  if (hash != -1) return hash;  // -1 is never a hash: it signals an error
  if (!error_is_exception()) throw py::error_already_set();
  const std::string why = current_error_summary();
  if (source.is_none()) {
    raise_game_error("game '" + name_ + "': the position " + describe(position) + " is not hashable (" + why +
                         "); positions are hashable values such as int, tuple, frozenset or str",
                     position);
  }
  raise_game_error("game '" + name_ + "': moves(" + describe(source) + ") listed an option " + describe(position) +
                       " that is not hashable (" + why +
                       "); positions are hashable values such as int, tuple, frozenset or str, and a list "
                       "option is a sum of such positions",
                   source);
}

std::vector<py::object> PythonGame::parts(py::handle position_or_sum) const {
  std::vector<py::object> out;
  // Iterative flattening: a list holds positions or further lists (sums of sums).
  std::vector<std::pair<py::handle, int>> pending{{position_or_sum, 0}};
  while (!pending.empty()) {
    auto [item, depth] = pending.back();
    pending.pop_back();
    if (PyList_Check(item.ptr())) {
      if (depth > kMaxSumNesting) {
        raise_game_error("game '" + name_ + "': lists nested more than " + std::to_string(kMaxSumNesting) +
                             " deep in " + describe(position_or_sum) + " (a list that contains itself?)",
                         position_or_sum);
      }
      const py::list list = py::reinterpret_borrow<py::list>(item);
      for (std::size_t i = list.size(); i-- > 0;) pending.emplace_back(list[i], depth + 1);
    } else {
      out.push_back(py::reinterpret_borrow<py::object>(item));
    }
  }
  return out;
}

Value PythonGame::value(py::handle position, Context& context) {
  SearchLock lock(*this);
  return value_by_choice<FoundCycle>(
      choice_, use_loopy_, [&] { return normal_play_value(rule_.position_of(position), context, true); },
      [&] { return loopy_solver().value(vertex_of(parts(position)), context); });
}

std::optional<std::uint64_t> PythonGame::counter(py::handle position, Context& context) {
  SearchLock lock(*this);
  if (!use_loopy_) return std::nullopt;  // no cycle met: every play ends, no counter needed
  return loopy_solver().counter(vertex_of(parts(position)), context);
}

Nimber PythonGame::normal_play_value(const RulePosition& position, Context& context, bool remember) {
  struct ForgetRoot {
    PythonGame& game;
    ~ForgetRoot() { game.root_ = nullptr; }
  } forget_root{*this};
  root_ = remember && !position.sum ? position.object.ptr() : nullptr;
  const PollScope polling(*solver_, [&context] { context.poll(); });
  try {
    return solver_->value(position);
  } catch (const LimitError&) {
    raise_limit();
  }
}

void PythonGame::raise_limit() const {
  const std::size_t depth = solver_->abandoned_depth();
  const std::size_t met = solver_->stored_positions() + depth;
  throw LimitError("game '" + name_ + "': its table of values needs more than memory=" +
                   std::to_string(memory_bytes_) + " bytes (" + std::to_string(met) + " positions stored, " +
                   std::to_string(depth) + " being searched); give the game more memory or ask about smaller positions" +
                   // Nearly every position met still on the stack: one long chain of moves.
                   (depth * 10 >= met * 9 && depth > 1000
                        ? std::string(" (every move led to a new position, never to an end: does the moves "
                                      "function have a base case?)")
                        : std::string()));
}

std::vector<Nimber> PythonGame::values_upto(std::uint64_t upto, Context& context) {
  SearchLock lock(*this);
  std::vector<Nimber> values;
  // Room for a modest table at once; a huge `upto` grows as the values come
  // (and can be interrupted) rather than claiming its memory up front.
  values.reserve(std::min<std::uint64_t>(upto + 1, std::uint64_t{1} << 20));
  for (std::uint64_t n = 0; n <= upto; ++n) {
    const py::object heap = py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(n));
    if (!heap) throw py::error_already_set();
    const Value v = value_by_choice<FoundCycle>(
        choice_, use_loopy_,
        [&] { return normal_play_value(RulePosition{heap, hash_of(heap, py::none()), false}, context, false); },
        [&] { return loopy_solver().value(vertex_of({heap}), context); });
    if (!v.is_finite()) {
      throw InputError("game '" + name_ + "': position " + std::to_string(n) + " has the value " + v.to_string() +
                       " (its moves can go round a cycle forever), and a table holds nim-values; ask for "
                       "game.value(" + std::to_string(n) + ") instead");
    }
    values.push_back(v.nimber());
  }
  return values;
}

LoopySolver<PythonGraph>& PythonGame::loopy_solver() {
  if (!loopy_) loopy_ = std::make_unique<LoopySolver<PythonGraph>>(graph_);
  return *loopy_;
}

PythonVertex PythonGame::vertex_of(std::vector<py::object> parts) const {
  if (parts.size() == 1) {
    const Py_hash_t hash = hash_of(parts[0], py::none());
    return PythonVertex{std::move(parts[0]), hash, false};
  }
  py::tuple sum(parts.size());
  for (std::size_t i = 0; i < parts.size(); ++i) {
    (void)hash_of(parts[i], py::none());  // each part named if it is not hashable
    sum[i] = std::move(parts[i]);
  }
  const Py_hash_t hash = PyObject_Hash(sum.ptr());
  if (hash == -1) throw py::error_already_set();
  return PythonVertex{std::move(sum), hash, true};
}

bool PythonVertex::operator==(const PythonVertex& other) const {
  return sum == other.sum && hash == other.hash && python_equal(object.ptr(), other.object.ptr());
}

void PythonGraph::moves(const PythonVertex& vertex, std::vector<PythonVertex>& out) const {
  std::vector<py::object> parts;
  if (vertex.sum) {
    for (const py::handle part : py::reinterpret_borrow<py::tuple>(vertex.object)) {
      parts.push_back(py::reinterpret_borrow<py::object>(part));
    }
  } else {
    parts.push_back(vertex.object);
  }
  // A move in a sum moves one part; its option's parts take that part's place.
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const py::object listed = game_->call_moves(parts[i].ptr());
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(listed.ptr()); ++k) {
      const py::handle option = PySequence_Fast_GET_ITEM(listed.ptr(), k);
      std::vector<py::object> next(parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(i));
      for (py::object& q : game_->parts(option)) {
        (void)game_->hash_of(q, parts[i]);  // GameError naming the position that listed it
        next.push_back(std::move(q));
      }
      next.insert(next.end(), parts.begin() + static_cast<std::ptrdiff_t>(i) + 1, parts.end());
      out.push_back(game_->vertex_of(std::move(next)));
    }
  }
}

py::object PythonGame::call_moves(PyObject* position) const {
  if (pace_ != nullptr) pace_->count_call();
  PyObject* returned = PyObject_CallOneArg(moves_.ptr(), position);
  if (returned == nullptr) {
    if (!error_is_exception()) throw py::error_already_set();
    raise_game_error("game '" + name_ + "': moves(" + describe(position) + ") raised " + current_error_summary(),
                     position);
  }
  const py::object owned = py::reinterpret_steal<py::object>(returned);
  // A list or tuple is read in place; anything else iterable is listed first.
  if (PyList_Check(returned) || PyTuple_Check(returned)) return owned;
  const py::object iterator = py::reinterpret_steal<py::object>(PyObject_GetIter(returned));
  if (!iterator) {
    if (!error_is_exception()) throw py::error_already_set();
    PyErr_Clear();  // "object is not iterable": said better below
    raise_game_error("game '" + name_ + "': moves(" + describe(position) + ") returned " + describe(returned, 60) +
                         " (" + Py_TYPE(returned)->tp_name + "), not an iterable of options" +
                         (returned == Py_None ? " (does the moves function forget to return its options?)" : ""),
                     position);
  }
  const py::object listed = py::reinterpret_steal<py::object>(PySequence_List(iterator.ptr()));
  if (!listed) {
    if (!error_is_exception()) throw py::error_already_set();
    raise_game_error("game '" + name_ + "': listing the options of moves(" + describe(position) + ") raised " +
                         current_error_summary(),
                     position);
  }
  return listed;
}

void PythonGame::remember_options(py::handle position, Py_hash_t hash, py::list options) {
  if (!options) throw py::error_already_set();
  if (remembered_.size() == kRememberedOptions) remembered_.erase(remembered_.begin());
  remembered_.push_back(RememberedOptions{py::reinterpret_borrow<py::object>(position), hash, std::move(options)});
}

py::list PythonGame::options(py::handle position) {
  const Py_hash_t hash = hash_of(position, py::none());
  for (std::size_t i = remembered_.size(); i-- > 0;) {
    if (i >= remembered_.size() || remembered_[i].hash != hash) continue;
    // Copies: == is user code, during which another thread may change the list.
    const RememberedOptions r = remembered_[i];
    const int equal = PyObject_RichCompareBool(r.position.ptr(), position.ptr(), Py_EQ);
    if (equal < 0) throw py::error_already_set();
    if (equal == 1) return py::list(r.options);  // a copy: the caller may change it
  }
  py::list options = py::reinterpret_steal<py::list>(PySequence_List(call_moves(position.ptr()).ptr()));
  if (!options) throw py::error_already_set();
  for (const py::handle option : options) {
    for (const py::object& part : parts(option)) (void)hash_of(part, position);
  }
  remember_options(position, hash, options);
  return py::list(options);
}

void PythonGame::clear() {
  SearchLock lock(*this);
  make_solver();
  remembered_.clear();
  loopy_.reset();
  use_loopy_ = choice_ == SolverChoice::loopy;
}

py::dict PythonGame::stored_values() const {
  py::dict out;
  // No search runs (the game's lock), so no position is in progress.
  solver_->table().for_each([&](PyObject* key, Nimber v) { out[py::handle(key)] = v; });
  return out;
}

}  // namespace grundy::python
