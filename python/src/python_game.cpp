#include "python_game.hpp"

#include <algorithm>
#include <utility>

#include "grundy/input_error.hpp"
#include "python_errors.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

// Values at or above this mark a position in progress; the low bits hold its
// frame's index on the stack (where a cycle starts). A mex never gets near it:
// it is at most the number of options.
constexpr Nimber kInProgress = Nimber{1} << 63;
constexpr std::size_t kRememberedOptions = 16;
// Lists inside lists are sums of sums; deeper than this is a list that contains
// itself, or a mistake.
constexpr int kMaxSumNesting = 32;

bool in_progress(Nimber v) noexcept { return v >= kInProgress; }

// "ZeroDivisionError: division by zero" for the current Python error (kept).
std::string current_error_summary() {
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  std::string summary = type != nullptr ? reinterpret_cast<PyTypeObject*>(type)->tp_name : "error";
  if (value != nullptr) {
    if (PyObject* text = PyObject_Str(value)) {
      const char* utf8 = PyUnicode_AsUTF8(text);
      if (utf8 != nullptr && *utf8 != '\0') summary += std::string(": ") + utf8;
      Py_DECREF(text);
    }
    PyErr_Clear();  // a failing str() must not replace the error being described
  }
  PyErr_Restore(type, value, traceback);
  return summary;
}

// True when the current Python error is an Exception (a bug in the user's
// code, reported as GameError); KeyboardInterrupt and SystemExit are not, and go
// through unchanged.
bool error_is_exception() { return PyErr_ExceptionMatches(PyExc_Exception) != 0; }

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
  }
  ~SearchLock() {
    game_.searching_thread_ = std::thread::id();
    game_.search_mutex_.unlock();
  }
  SearchLock(const SearchLock&) = delete;
  SearchLock& operator=(const SearchLock&) = delete;

 private:
  PythonGame& game_;
};

PythonGame::PythonGame(py::object moves, std::string name, std::size_t memory_bytes, SolverChoice solver)
    : moves_(std::move(moves)),
      name_(std::move(name)),
      memory_bytes_(memory_bytes),
      choice_(solver),
      use_loopy_(solver == SolverChoice::loopy) {
  if (!PyCallable_Check(moves_.ptr())) {
    throw py::type_error("grundy.Game needs a moves function: moves(position) -> iterable of options; got " +
                         describe(moves_));
  }
}

PythonGame::~PythonGame() {
  // The last owner may be a C++ object (a component in a position) released
  // without the GIL; the table and the moves function are Python objects.
  if (Py_IsInitialized() == 0) return;
  py::gil_scoped_acquire acquired;
  abandon();
  table_.clear();
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
  if (!use_loopy_) {
    try {
      return Value(normal_play_value(position, context));
    } catch (const FoundCycle&) {
      // Values found so far are γ too (without a cycle below, γ = g), so
      // switching now changes no answer already given (GameAdapter does the same).
      use_loopy_ = true;
    }
  }
  return loopy_solver().value(vertex_of(parts(position)), context);
}

std::optional<std::uint64_t> PythonGame::counter(py::handle position, Context& context) {
  SearchLock lock(*this);
  if (!use_loopy_) return std::nullopt;  // no cycle met: every play ends, no counter needed
  return loopy_solver().counter(vertex_of(parts(position)), context);
}

Nimber PythonGame::normal_play_value(py::handle position, Context& context) {
  Nimber total = 0;
  for (const py::object& part : parts(position)) {
    const Py_hash_t hash = hash_of(part, py::none());
    root_ = part.ptr();
    total ^= value_of_part(part.ptr(), hash, context);
  }
  root_ = nullptr;
  return total;
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
    if (!use_loopy_) {
      try {
        values.push_back(value_of_part(heap.ptr(), hash_of(heap, py::none()), context));
        continue;
      } catch (const FoundCycle&) {
        use_loopy_ = true;
      }
    }
    const Value v = loopy_solver().value(vertex_of({heap}), context);
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
  if (sum != other.sum || hash != other.hash) return false;
  if (object.ptr() == other.object.ptr()) return true;
  if (!object || !other.object) return false;
  const int equal = PyObject_RichCompareBool(object.ptr(), other.object.ptr(), Py_EQ);
  if (equal < 0) throw py::error_already_set();
  return equal == 1;
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

Nimber PythonGame::value_of_part(PyObject* position, Py_hash_t hash, Context& context) {
  try {
    if (const Nimber* known = table_.find(position, hash)) return *known;  // not in progress: no search runs
    push(position, hash, context);
    while (!stack_.empty()) {
      Frame& top = stack_.back();
      if (top.dropped) relist_options(top);
      if (top.next_option == options_.size()) {
        // Every option valued: g = mex.
        mex_.clear();
        for (std::size_t i = top.first_option; i < options_.size(); ++i) mex_.insert(option_values_[i]);
        *table_.find_exact(top.position, top.hash) = mex_.mex();
        const std::size_t first_part = top.first_part;
        options_.resize(top.first_option);
        option_values_.resize(options_.size());
        stack_.pop_back();
        for (std::size_t i = parts_.size(); i-- > first_part;) Py_DECREF(parts_[i].object);
        parts_.resize(first_part);
        continue;
      }
      // Sum the parts of the next option; an unknown part is searched first.
      const Option option = options_[top.next_option];
      bool pushed = false;
      while (top.next_part < option.end_part) {
        const Part part = parts_[top.next_part];
        const Nimber* v = nullptr;
        try {
          v = table_.find(part.object, part.hash);
        } catch (py::error_already_set& e) {
          e.restore();
          if (!error_is_exception()) throw py::error_already_set();
          raise_game_error("game '" + name_ + "': comparing the option " + describe(part.object) + " of " +
                               describe(top.position) + " with a stored position raised " + current_error_summary(),
                           top.position);
        }
        if (v == nullptr) {
          // Past the budget, a frame with options after this one lets go of
          // them before it descends (Solver<G>'s rule, solver.hpp); the part
          // is held here, as dropping releases the frame's references to it.
          const py::object unknown = py::reinterpret_borrow<py::object>(part.object);
          if (parts_.size() > parts_budget_ && options_.size() - top.next_option > 1) {
            drop_options(top);
          }
          push(unknown.ptr(), part.hash, context);  // `top` is invalid from here
          pushed = true;
          break;
        }
        if (in_progress(*v)) raise_cycle(static_cast<std::size_t>(*v - kInProgress), part.object);
        top.partial ^= *v;
        ++top.next_part;
      }
      if (pushed) continue;
      option_values_[top.next_option] = top.partial;
      top.partial = 0;
      if (++top.next_option < options_.size()) top.next_part = options_[top.next_option].first_part;
    }
    return *table_.find_exact(position, hash);
  } catch (...) {
    abandon();
    throw;
  }
}

void PythonGame::check_memory(PyObject* key) const {
  if (memory_bytes_ == 0) return;
  // A full vector about to grow holds its old buffer and the new one, twice
  // as large, at once: counted as the three it briefly is, so that resident
  // memory stays within the bound while it moves.
  const auto peak = [](const auto& v) {
    const std::size_t buffers = v.size() == v.capacity() ? 3 : 1;
    return buffers * std::max<std::size_t>(v.capacity(), 16) * sizeof(v[0]);
  };
  const std::size_t search = peak(stack_) + peak(options_) + peak(option_values_) + peak(parts_);
  if (table_.bytes_after_insert(key) + search <= memory_bytes_) return;
  throw LimitError("game '" + name_ + "': its table of values needs more than memory=" +
                   std::to_string(memory_bytes_) + " bytes (" + std::to_string(table_.size()) +
                   " positions stored, " + std::to_string(stack_.size()) +
                   " being searched); give the game more memory or ask about smaller positions" +
                   // Nearly every stored position still on the stack: one long chain of moves.
                   (stack_.size() * 10 >= table_.size() * 9 && stack_.size() > 1000
                        ? std::string(" (every move led to a new position, never to an end: does the moves "
                                      "function have a base case?)")
                        : std::string()));
}

py::object PythonGame::call_moves(PyObject* position) const {
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

void PythonGame::push(PyObject* position, Py_hash_t hash, Context& context) {
  context.charge(64);  // a call of moves() in Python: about 64 units of C++ work
  check_memory(position);
  // In the table before moves() runs, so that abandon() finds it whatever moves() does.
  table_.insert(position, hash, kInProgress + stack_.size());
  stack_.push_back(
      Frame{position, hash, options_.size(), options_.size(), parts_.size(), 0, parts_.size(), false, 0});
  const py::object listed = call_moves(position);
  if (position == root_) {
    // Kept (a copy: the moves function may hand out a list it reuses) so that
    // options() of the position just valued does not call moves() again.
    remember_options(py::handle(position), hash, py::reinterpret_steal<py::list>(PySequence_List(listed.ptr())));
  }
  read_options(position, listed.ptr());
  Frame& frame = stack_.back();
  frame.listed = options_.size() - frame.first_option;
  if (frame.first_option < options_.size()) frame.next_part = options_[frame.first_option].first_part;
  option_values_.resize(options_.size());
}

void PythonGame::drop_options(Frame& frame) {
  // The top frame: its options and parts are the last in options_ and parts_.
  // The values of the options before next_option (an index into options_)
  // stay in option_values_; the option being summed starts again from its
  // first part when the list is read again.
  options_.resize(frame.next_option);
  option_values_.resize(options_.size());
  for (std::size_t i = parts_.size(); i-- > frame.first_part;) Py_DECREF(parts_[i].object);
  parts_.resize(frame.first_part);
  frame.partial = 0;
  frame.dropped = true;
}

void PythonGame::relist_options(Frame& frame) {
  const py::object listed = call_moves(frame.position);
  const std::size_t count = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(listed.ptr()));
  if (count != frame.listed) {
    raise_game_error("game '" + name_ + "': moves(" + describe(frame.position) + ") listed " +
                         std::to_string(frame.listed) + " options, then " + std::to_string(count) +
                         " when asked again; a moves function must list the same options each time",
                     frame.position);
  }
  // `frame` stays valid: reading options appends to options_ and parts_, never to the stack.
  read_options(frame.position, listed.ptr(), frame.next_option - frame.first_option);
  option_values_.resize(options_.size());
  frame.dropped = false;
  frame.next_part = options_[frame.next_option].first_part;
}

void PythonGame::read_options(PyObject* position, PyObject* listed, std::size_t skip) {
  // Sizes and items are re-read at each step: an option's __hash__ is user code.
  for (Py_ssize_t i = static_cast<Py_ssize_t>(skip); i < PySequence_Fast_GET_SIZE(listed); ++i) {
    const py::object option = py::reinterpret_borrow<py::object>(PySequence_Fast_GET_ITEM(listed, i));
    const std::size_t first = parts_.size();
    if (!PyList_Check(option.ptr())) {
      append_part(option.ptr(), position);
    } else {
      // A sum, read in place: only a list inside it goes through parts(). A
      // vector of parts for every option was 12% of Grundy's game to 5000
      // (malloc and free, measured with perf).
      for (Py_ssize_t j = 0; j < PyList_GET_SIZE(option.ptr()); ++j) {
        const py::object item = py::reinterpret_borrow<py::object>(PyList_GET_ITEM(option.ptr(), j));
        if (PyList_Check(item.ptr())) {
          for (const py::object& part : parts(item)) append_part(part.ptr(), position);
        } else {
          append_part(item.ptr(), position);
        }
      }
    }
    options_.push_back(Option{first, parts_.size()});
  }
}

void PythonGame::append_part(PyObject* part, PyObject* position) {
  const Py_hash_t hash = hash_of(part, position);
  Py_INCREF(part);
  parts_.push_back(Part{part, hash});
}

void PythonGame::raise_cycle(std::size_t first_frame, PyObject* again) {
  // A game with cycles: valued by the LoopySolver unless normal play was asked for.
  if (choice_ != SolverChoice::normal_play) throw FoundCycle{};
  py::list cycle;
  std::string path;
  const std::size_t length = stack_.size() - first_frame + 1;
  for (std::size_t i = first_frame; i <= stack_.size(); ++i) {
    PyObject* p = i < stack_.size() ? stack_[i].position : again;
    cycle.append(py::handle(p));
    // Long cycles show their first and last positions.
    const std::size_t k = i - first_frame;
    if (k < 8 || k + 4 >= length) {
      path += (k == 0 ? "" : " -> ") + describe(p, 60);
    } else if (k == 8) {
      path += " -> … (" + std::to_string(length - 12) + " more)";
    }
  }
  py::object error = cycle_error_type()("game '" + name_ +
                                            "': the moves lead around a cycle, so these positions have no "
                                            "Sprague-Grundy value: " +
                                            path,
                                        py::arg("cycle") = cycle);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw py::error_already_set();
}

void PythonGame::abandon() noexcept {
  // The current Python error (the reason for abandoning) stays set while the
  // references go: their destructors run with it saved.
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  for (std::size_t i = stack_.size(); i-- > 0;) table_.erase_exact(stack_[i].position, stack_[i].hash);
  stack_.clear();
  options_.clear();
  option_values_.clear();
  std::vector<Part> parts;
  parts.swap(parts_);
  for (const Part& p : parts) Py_DECREF(p.object);
  root_ = nullptr;
  PyErr_Restore(type, value, traceback);
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
  table_.clear();
  remembered_.clear();
  loopy_.reset();
  use_loopy_ = choice_ == SolverChoice::loopy;
}

py::dict PythonGame::stored_values() const {
  py::dict out;
  table_.for_each([&](PyObject* key, Nimber v) {
    if (!in_progress(v)) out[py::handle(key)] = v;
  });
  return out;
}

}  // namespace grundy::python
