"""Bad input gets a clear Python exception that says where, and a misbehaving
game names the position; nothing crashes, and everything stays usable."""

import random

import pytest

import grundy


def test_expression_errors_carry_their_column():
    with pytest.raises(grundy.InputError) as caught:
        grundy.parse("nim(3) + foo(4)")
    e = caught.value
    assert isinstance(e, ValueError)
    assert e.column == 10 and e.line is None and e.file is None
    assert "foo" in e.detail and str(e).startswith("column 10: ")
    with pytest.raises(grundy.InputError) as caught:
        grundy.value("sub{1,2}(5) + nim(3")
    assert caught.value.column == 18  # the '(' left open


def test_file_errors_carry_file_line_and_column(tmp_path):
    source = tmp_path / "sum.txt"
    source.write_text("nim(3,4)\n  + kayles(7)\n  + sub{1,2}(x)\n")
    with pytest.raises(grundy.InputError) as caught:
        grundy.load(source)
    e = caught.value
    assert (e.file, e.line, e.column) == (str(source), 3, 14)
    good = tmp_path / "good.txt"
    good.write_text("nim(3,4)\n + kayles(7)\n")
    assert grundy.value(grundy.load(good)).value == 3 ^ 4 ^ 2

    graph = tmp_path / "bad.graph"
    graph.write_text("a: b\nb ? c\n")
    with pytest.raises(grundy.InputError) as caught:
        grundy.graph(graph)
    assert (caught.value.file, caught.value.line, caught.value.column) == (str(graph), 2, 3)
    with pytest.raises(grundy.InputError) as caught:
        grundy.value(f"graph(@{graph})(a)")
    assert caught.value.line == 2


def test_a_cycle_in_a_graph_file_is_named(tmp_path):
    loop = tmp_path / "loop.graph"
    loop.write_text("a: b\nb: c\nc: a\nd\n")
    with pytest.raises(grundy.CycleError) as caught:
        grundy.graph(loop)
    assert isinstance(caught.value, grundy.InputError)
    cycle = caught.value.cycle
    assert cycle[0] == cycle[-1] and set(cycle) == {"a", "b", "c"}


def test_a_cycle_in_a_user_game_names_its_positions():
    # A token on a board of 3 squares that may step right, wrapping around, or stop.
    # Normal play only (by default the game gets loopy values: test_loopy_games.py).
    g = grundy.Game(lambda p: [] if p == "stop" else [(p + 1) % 3, "stop"], name="ring", solver="normal_play")
    with pytest.raises(grundy.CycleError) as caught:
        g.value(0)
    assert caught.value.cycle == [0, 1, 2, 0]
    assert "0 -> 1 -> 2 -> 0" in str(caught.value)
    # Nothing half-computed is kept; values off the cycle still work.
    assert g.known_values() == {}
    assert g.value("stop") == 0 and g.known_values() == {"stop": 0}
    with pytest.raises(grundy.CycleError):
        g.value(2)


def bad_moves(kind):
    def moves(n):
        if n != 5:
            return [n - 1] if n > 0 else []
        if kind == "raises":
            return [n - 1, 1 // (n - n)]
        if kind == "number":
            return 7
        if kind == "none":
            return None
        if kind == "dict option":
            return [n - 1, {"heap": n - 1}]
        if kind == "set in a sum":
            return [[n - 1, {n - 2}]]
        if kind == "generator raises":
            return (n - k if k < 2 else 1 // 0 for k in range(1, 4))
        raise AssertionError(kind)
    return moves


@pytest.mark.parametrize("kind, message", [
    ("raises", r"moves\(5\) raised ZeroDivisionError: integer division or modulo by zero"),
    ("number", r"moves\(5\) returned 7 \(int\), not an iterable of options"),
    ("none", r"moves\(5\) returned None \(NoneType\), not an iterable of options \(does the moves function forget"),
    ("dict option", r"moves\(5\) listed an option \{'heap': 4\} that is not hashable \(TypeError"),
    ("set in a sum", r"moves\(5\) listed an option \{3\} that is not hashable"),
    ("generator raises", r"listing the options of moves\(5\) raised ZeroDivisionError"),
])
def test_a_bad_moves_function_gets_a_clear_error_naming_the_position(kind, message):
    g = grundy.Game(bad_moves(kind), name="bad")
    with pytest.raises(grundy.GameError, match=message) as caught:
        g.value(9)
    e = caught.value
    assert e.position == 5 and e.game == "bad"
    assert str(e).startswith("game 'bad': ")
    if kind in ("raises", "dict option", "set in a sum", "generator raises"):
        assert isinstance(e.__cause__, (ZeroDivisionError, TypeError))
    # The game stays usable: what was finished is kept, the rest forgotten.
    assert g.value(4) == 0 and g.value(3) == 1
    assert set(g.known_values()) == {0, 1, 2, 3, 4}
    with pytest.raises(grundy.GameError):
        g(9).value()
    with pytest.raises(grundy.GameError):
        g.options(5)


def test_a_sum_list_changed_after_it_was_returned_is_named():
    # A moves function that hands out one list and changes it on its next
    # call: the solver reads a sum when it gets to it, after valuing the
    # options before it (here the heap n - 1, whose moves() changes the list),
    # so it would value another sum than the one listed. It says so instead.
    shared = []

    def moves(n):
        if n == 0:
            return []
        shared[:] = [n - 1, 0]
        return [n - 1, shared]
    g = grundy.Game(moves, name="reuser")
    with pytest.raises(grundy.GameError, match=r"game 'reuser': the sum \[0, 0\] changed after moves\(\) returned it"):
        g.value(3)
    # Usable afterwards: heap 1's options are 0 and the sum [0, 0], both 0.
    assert g.value(1) == 1


def test_positions_whose_hash_or_equality_raise():
    class Touchy:
        def __init__(self, n, fail):
            self.n, self.fail = n, fail

        def __hash__(self):
            if self.fail == "hash":
                raise RuntimeError("no hash today")
            return 1  # every position collides, so == is called

        def __eq__(self, other):
            if self.fail == "eq" and self.n != other.n:
                raise RuntimeError("no comparing today")
            return self.n == other.n

        def __repr__(self):
            return f"Touchy({self.n})"
    g = grundy.Game(lambda p: [Touchy(p.n - 1, p.fail)] if p.n else [], name="touchy")
    with pytest.raises(grundy.GameError, match=r"not hashable \(RuntimeError: no hash today\)"):
        g.value(Touchy(3, "hash"))
    assert g.value(Touchy(3, None)) == 1
    with pytest.raises(grundy.GameError, match="raised RuntimeError: no comparing today"):
        g.value(Touchy(6, "eq"))


def test_unhashable_and_odd_arguments():
    g = grundy.Game(lambda n: [n - 1] if n else [], name="down")
    with pytest.raises(grundy.GameError, match=r"the position \{1: 2\} is not hashable"):
        g.value({1: 2})
    with pytest.raises(grundy.GameError, match="not hashable"):
        g({1})
    with pytest.raises(TypeError, match="a list is a sum"):
        g.options([1, 2])
    nested = []
    nested.append(nested)
    with pytest.raises(grundy.GameError, match="nested more than"):
        g.value(nested)
    with pytest.raises(TypeError, match="moves function"):
        grundy.Game(42)
    with pytest.raises(ValueError, match="built-in ruleset"):
        grundy.Game(lambda n: [], name="nim")
    # A game whose construction failed still prints (no crash).
    try:
        grundy.Game(lambda n: [], name="nim")
    except ValueError as error:
        frame = error.__traceback__
        while frame.tb_next:
            frame = frame.tb_next
        assert "not made" in repr(frame.tb_frame.f_locals["self"])


def test_the_memory_bound_refuses_clearly():
    g = grundy.Game(lambda n: [n - 1] if n else [], name="chain", memory="1MB")
    assert g.memory == 10**6
    with pytest.raises(grundy.LimitError, match=r"game 'chain': its table of values needs more than memory=1000000"):
        g.value(10**6)
    assert g.value(1000) == 0 and g.table_bytes <= 10**6
    with pytest.raises(ValueError, match="memory="):
        grundy.Game(lambda n: [], memory="lots")
    with pytest.raises(ValueError, match="positive"):
        grundy.Game(lambda n: [], memory=0)


def test_a_moves_function_that_asks_its_own_game_is_refused():
    g = None

    def moves(n):
        return [g.value(n - 1)] if n else []
    g = grundy.Game(moves, name="selfish")
    with pytest.raises(grundy.GameError, match="asked the same game for a value while its search was running"):
        g.value(3)
    assert g.stored == 0  # the search was abandoned
    assert g.value(0) == 0  # moves(0) asks nothing


def test_misere_and_settings_are_refused_with_reasons():
    # Misère play needs games that end: a game with cycles is refused, saying so.
    # (Sums of games that end, your own among them, are answered:
    # test_misere.py checks g(3) + kayles(4), once refused here.)
    loop = grundy.Game(lambda n: [1 - n], name="swap")
    with pytest.raises(grundy.InputError, match="[Mm]is[eè]re"):
        grundy.value(loop(0) + grundy.parse("kayles(4)"), misere=True)
    with pytest.raises(ValueError, match="settings apply when an expression is parsed"):
        grundy.value(grundy.parse("nim(3)"), threads=2)
    with pytest.raises(TypeError, match="expression"):
        grundy.value(3)
    with pytest.raises(grundy.InputError, match="threads must be 1 or 2"):
        grundy.parse("nim(3)", threads=3)


def test_an_abandoned_search_among_colliding_keys_keeps_exactly_the_finished_values():
    # The positions of a search that stopped are erased from the table in
    # place (backward shift). With every key hashing to one of 7 values they
    # sit in long probe runs among the finished ones, so an erasure that broke
    # a run would lose a finished value or keep a half-done one. Subtraction of
    # 1, 2 or 3: g(n) = n mod 4 (Winning Ways, ch. 4).
    class Key:
        __slots__ = ("n",)

        def __init__(self, n):
            self.n = n

        def __hash__(self):
            return self.n % 7

        def __eq__(self, other):
            return isinstance(other, Key) and self.n == other.n

        def __repr__(self):
            return f"Key({self.n})"

    rng = random.Random(3)
    for _ in range(5):
        finished, stop, start = sorted(rng.sample(range(20, 400), 3))
        calls = [0]
        fail_at = [None]

        def moves(k):
            calls[0] += 1
            if k.n == fail_at[0]:
                raise RuntimeError("stopped here")
            return [Key(k.n - d) for d in (1, 2, 3) if d <= k.n]
        g = grundy.Game(moves, name="colliding")
        assert g.value(Key(finished)) == finished % 4
        fail_at[0] = stop
        with pytest.raises(grundy.GameError, match="stopped here"):
            g.value(Key(start))
        assert {k.n: v for k, v in g.known_values().items()} == {n: n % 4 for n in range(finished + 1)}
        calls[0] = 0
        assert [g.value(Key(n)) for n in range(finished + 1)] == [n % 4 for n in range(finished + 1)]
        assert calls[0] == 0  # every finished value found, none searched again
        fail_at[0] = None
        assert g.value(Key(start)) == start % 4
