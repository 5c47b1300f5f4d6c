"""grundy.Game: rules written in Python, held to brute force written here, to
published sequences (tests/data) and to closed forms computed here."""

import functools
import math

import numpy as np
import pytest

import grundy
from conftest import mex, reference_terms


def take_1_to_3(n):
    return [n - k for k in (1, 2, 3) if k <= n]


def test_take_1_to_3():
    g = grundy.Game(take_1_to_3)
    assert g.name == "take_1_to_3"
    assert [g.value(n) for n in range(12)] == [n % 4 for n in range(12)]
    assert (g.outcome(4), g.outcome(5), g.outcome(6)) == ("P", "N", "N")
    assert g.winning_moves(5) == [4] and g.winning_moves(6) == [4] and g.winning_moves(4) == []
    assert g.options(6) == [(5, 1), (4, 0), (3, 3)]
    t = g.table(upto=40)
    assert (t.kind, t.period, t.preperiod, t.status, t.proven) == ("periodic", 4, 0, "detected", False)
    assert t.values.dtype == np.uint64 and list(t.values) == [n % 4 for n in range(41)]
    with pytest.raises(ValueError, match="not proven"):
        t.value(1000)


def test_moves_called_once_per_position():
    calls = {}

    def moves(n):
        calls[n] = calls.get(n, 0) + 1
        return take_1_to_3(n)
    g = grundy.Game(moves)
    g.value(30)
    g.winning_moves(30)   # the options of the position just valued are kept
    g.table(upto=30)
    assert calls == {n: 1 for n in range(31)}
    assert g.stored == 31 and g.known_values() == {n: n % 4 for n in range(31)}
    g.clear()
    assert g.stored == 0


def test_random_rules_against_brute_force():
    import random
    rng = random.Random(7)
    for _ in range(10):
        subtract = sorted(rng.sample(range(1, 9), rng.randint(1, 4)))
        g = grundy.Game(lambda n, s=tuple(subtract): [n - k for k in s if k <= n])

        @functools.lru_cache(maxsize=None)
        def brute(n, s=tuple(subtract)):
            return mex(brute(n - k) for k in s if k <= n)
        assert list(g.table(upto=200).values) == [brute(n) for n in range(201)], subtract


def test_grundys_game_equals_oeis_a002188():
    terms = reference_terms("oeis_A002188_grundys_game_terms.txt")
    # The issue's own spelling: an option that is a list is a sum of heaps.
    g = grundy.Game(lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)])
    t = g.table(upto=max(terms))
    assert [int(t[n]) for n in sorted(terms)] == [terms[n] for n in sorted(terms)]
    # The same game built in, for good measure, far beyond the reference.
    assert np.array_equal(g.table(upto=1000).values, grundy.table("grundy", upto=1000).values)


def test_node_kayles_on_paths_with_frozensets_equals_oeis_a002187():
    """Node Kayles on a path (take a vertex and its neighbours) is the octal game
    0.137, Dawson's chess: positions are frozensets of the vertices left, and an
    option splits into the runs of consecutive vertices (a sum)."""
    terms = reference_terms("oeis_A002187_dawsons_chess_0.137_terms.txt")

    def runs(vertices):
        out, run = [], []
        for v in sorted(vertices):
            if run and v != run[-1] + 1:
                out.append(frozenset(run))
                run = []
            run.append(v)
        if run:
            out.append(frozenset(run))
        return out

    def moves(vertices):
        return [runs(vertices - {v - 1, v, v + 1}) for v in vertices]
    g = grundy.Game(moves, name="nodekayles_py")
    for n in range(min(40, max(terms) + 1)):
        assert g.value(frozenset(range(n))) == terms[n], n


def test_wythoff_p_positions_are_the_beatty_pairs():
    def moves(position):
        a, b = position
        return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
                + [(a - k, b - k) for k in range(1, min(a, b) + 1)])
    g = grundy.Game(moves, name="wythoff_py")
    size = 80
    losing = {(a, b) for a in range(size) for b in range(size) if g.value((a, b)) == 0}
    # Beatty pairs (floor(k φ), floor(k φ²)) in integer arithmetic: floor(k φ) = (k + isqrt(5 k²)) // 2.
    beatty = set()
    for k in range(size):
        a = (k + math.isqrt(5 * k * k)) // 2
        for pair in ((a, a + k), (a + k, a)):
            if max(pair) < size:
                beatty.add(pair)
    assert losing == beatty
    assert g.value((3, 5)) == 0 and g.outcome((4, 7)) == "P" and g.outcome((4, 6)) == "N"


def test_cutting_game_against_a_full_game_tree_search():
    """The cutting game (a W×H sheet; cut a piece in two along a grid line; whoever
    cuts out a 1×1 piece wins). As a Sprague–Grundy game a player never leaves a
    piece of width 1 (the opponent would cut a 1×1 from it), so a move splits a
    piece into two of width and height at least 2 — a sum. The check searches the
    real game: every cut, winning at once on a 1×1 piece."""
    def moves(sheet):
        w, h = sheet
        return ([[(a, h), (w - a, h)] for a in range(2, w - 1)]
                + [[(w, b), (w, h - b)] for b in range(2, h - 1)])
    g = grundy.Game(moves, name="cutting")

    @functools.lru_cache(maxsize=None)
    def first_player_wins(pieces):
        for i, (w, h) in enumerate(pieces):
            rest = pieces[:i] + pieces[i + 1:]
            cuts = [((a, h), (w - a, h)) for a in range(1, w)] + [((w, b), (w, h - b)) for b in range(1, h)]
            for p, q in cuts:
                if (1, 1) in (p, q):
                    return True
                if not first_player_wins(tuple(sorted(rest + (p, q)))):
                    return True
        return False
    for w in range(2, 6):
        for h in range(2, 6):
            assert (g.value((w, h)) != 0) == first_player_wins(((w, h),)), (w, h)
    # POJ 2311's samples: 2 2 -> LOSE, 3 2 -> LOSE, 4 2 -> WIN.
    assert [g.outcome(s) for s in ((2, 2), (3, 2), (4, 2))] == ["P", "P", "N"]


def test_a_chain_of_a_million_positions():
    g = grundy.Game(lambda n: [n - 1] if n > 0 else [], name="chain")
    assert g.value(10**6) == 0 and g.value(10**6 - 1) == 1
    assert g.stored == 10**6 + 1


def test_user_positions_join_sums_with_built_in_games():
    g = grundy.Game(take_1_to_3, name="take3")
    p = g(7) + grundy.parse("nim(3) + kayles(4)")
    assert str(p) == "take3(7) + nim(3) + kayles(4)"
    r = grundy.value(p)
    assert r.value == 3 ^ 3 ^ 1  # g(take3 7) = 3, kayles(4) = 1 (OEIS A002186)
    assert r.first_player_wins
    for move in r.winning_moves:
        assert move.after_position.value() == 0
    assert any(m.component == "take3(7)" and m.action == "move to 6" and m.after == "take3(6) + nim(3) + kayles(4)"
               for m in r.winning_moves)
    assert grundy.value(g(4) + grundy.parse("nim(0)")).outcome == "P"
    # A list is a sum of the game's positions; positions of two user games add too.
    h = grundy.Game(lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)], name="splits")
    q = g([1, 2]) + h(9)
    assert len(q) == 3 and q.value() == 1 ^ 2 ^ h.value(9)
    options = g(5).options()
    assert [(o.action, str(o.after), o.value) for o in options] == [
        ("move to 4", "take3(4)", 0), ("move to 3", "take3(3)", 3), ("move to 2", "take3(2)", 2)]
    assert g(5) == g(5) and g(5) != g(6) and g(5) != h(5)


def test_sum_options_and_tuple_positions():
    # Kayles written as splits: knock down 1 or 2 adjacent pins, leaving two rows.
    def kayles(n):
        return [[a, n - k - a] for k in (1, 2) for a in range(0, (n - k) // 2 + 1) if n >= k]
    g = grundy.Game(kayles, name="kayles_py")
    assert np.array_equal(g.table(upto=150).values, grundy.table("kayles", upto=150).values)
    assert g.value([3, 4, 5]) == g.value(3) ^ g.value(4) ^ g.value(5)
    # Sums nest: a list inside a list is still a sum.
    assert g.value([[3], [4, [5]]]) == g.value([3, 4, 5])
    # Strings are positions too.
    s = grundy.Game(lambda word: [word[:i] + word[i + 1:] for i in range(len(word))], name="shorten")
    assert s.value("abcd") == 0 and s.value("abc") == 1


def test_decorator_and_repr():
    @grundy.Game
    def subtract_square(n):
        return [n - k * k for k in range(1, math.isqrt(n) + 1)]
    assert subtract_square.name == "subtract_square"
    # OEIS A030193 (subtract a square) starts with P-positions 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34.
    assert [n for n in range(35) if subtract_square.value(n) == 0] == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34]
    assert repr(subtract_square).startswith("Game('subtract_square', ")
    assert repr(subtract_square(5)) == "Position('subtract_square(5)')"


def test_threads_share_a_game():
    """Two threads asking one game: one search at a time, the other waits without
    holding the GIL; both get the same values."""
    import threading
    g = grundy.Game(lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)], name="splits")
    results = {}

    def work(i):
        results[i] = g.table(upto=400 + i).values[:400].tolist()
    threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "deadlock"
    assert results[0] == results[1] == results[2] == list(grundy.table("grundy", upto=399).values)


def test_a_dense_range_gives_the_tables_values():
    # Grundy's game (split a heap into two unequal heaps), OEIS A002188:
    # g(0..20) = 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0.
    published = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]

    def grundys(n):
        return [[a, n - a] for a in range(1, (n + 1) // 2)]
    dense = grundy.Game(grundys, name="grundys", dense=300)
    plain = grundy.Game(grundys, name="grundys")
    assert dense.dense == 300 and plain.dense is None
    assert list(dense.table(upto=20).values) == published
    # Past the array (ints above 300) the table of Python objects takes over;
    # the values are the same either way.
    assert list(dense.table(upto=400).values) == list(plain.table(upto=400).values)
    assert dense.known_values() == plain.known_values()
    assert dense.stored == plain.stored == 401
    # The array holds a value in 4 bytes where the table keeps a key object.
    assert dense.table_bytes < plain.table_bytes


def test_options_valued_as_listed_equal_the_general_path():
    # An option that is an int or a list of ints, with finished values, is
    # valued as it is listed (from the array of dense=N, or the table);
    # anything else goes the general way. Random take-and-break rules whose
    # options mix the two (heaps past N, sums of sums, empty sums, tuples),
    # with and without the array, each held to the definition written here and
    # to the general path alone.
    import random
    rng = random.Random(2611)
    for trial in range(12):
        takes = tuple(sorted(rng.sample(range(1, 7), rng.randint(1, 3))))
        shape = rng.choice(["pair", "nested", "empty", "tuple"])

        def moves(n, takes=takes, shape=shape):
            if isinstance(n, tuple):  # a heap written as a 1-tuple: the same heap
                return moves(n[0])
            options = []
            for k in takes:
                if k <= n:
                    options.append(n - k)
                    if n - k >= 2:  # split what is left into two nonempty heaps
                        a = rng_split(n - k)
                        if shape == "pair":
                            options.append([a, n - k - a])
                        elif shape == "nested":
                            options.append([[a], [n - k - a, []]])
                        elif shape == "empty":
                            options.append([a, [], n - k - a])
                        else:
                            options.append([(a,), n - k - a])
            return options

        def rng_split(m):
            return 1 + (m * 7919) % (m - 1)

        @functools.lru_cache(maxsize=None)
        def brute(n):
            seen = set()
            for k in takes:
                if k <= n:
                    seen.add(brute(n - k))
                    if n - k >= 2:
                        a = rng_split(n - k)
                        seen.add(brute(a) ^ brute(n - k - a))
            return mex(seen)

        # Heaps past 256 too: Python makes a new object for each such int, so
        # the table compares them as ints, not by identity.
        bound = rng.choice([None, 0, 5, 40, 150])
        dense = grundy.Game(moves, name="mixed", dense=bound)
        expected = [brute(n) for n in range(401)]
        assert list(dense.table(upto=400).values) == expected, (trial, takes, shape, bound)
        # Every heap a 1-tuple: no int anywhere, so nothing is valued as listed.
        def as_tuples(option):
            return [as_tuples(o) for o in option] if isinstance(option, list) else (option,)
        general = grundy.Game(lambda t: [as_tuples(o) for o in moves(t[0])], name="general")
        assert [general.value((n,)) for n in range(401)] == expected, (trial, takes, shape, bound)
        # Valued from the top (a depth-first search, options unknown when
        # listed) as well as bottom up.
        fresh = grundy.Game(moves, name="mixed", dense=bound)
        assert [fresh.value(n) for n in (400, 77, 3)] == [expected[400], expected[77], expected[3]]
        assert fresh.value([300, 77]) == expected[300] ^ expected[77]


def test_an_int_meets_a_key_of_another_type_with_its_hash():
    # Stored first: Heap(n), a user's object with int n's hash and equal to n.
    # An option n listed later finds it only through Heap's own ==, which is
    # user code: listing values ints without running any, so such an option
    # goes the general way, where the table compares as a dict does.
    compared = []

    class Heap:
        def __init__(self, n):
            self.n = n

        def __hash__(self):
            return hash(self.n)

        def __eq__(self, other):
            compared.append(other)
            return self.n == (other.n if isinstance(other, Heap) else other)

    def moves(p):  # take 1 or 2: n mod 3
        if isinstance(p, Heap):
            return [Heap(p.n - k) for k in (1, 2) if k <= p.n]
        return [p - k for k in (1, 2) if k <= p]
    g = grundy.Game(moves)
    assert g.value(Heap(400)) == 400 % 3
    compared.clear()
    # 402 lists 401 (new) and 400 (stored as Heap(400)); 401 lists 400 and 399.
    assert g.value(402) == 0 and g.value([401, 399]) == (401 % 3) ^ (399 % 3)
    assert 400 in compared and 399 in compared
    assert g.stored == 403  # Heap(0..400), then 401 and 402 as ints

    # An == that changes the sum being listed: read while listing, the sum
    # would lose its second heap (value 1 instead of 1 ^ 2 = 3, and "s" would
    # be worth mex{1, 0} = 2). The general way holds its parts first.
    listed = []

    class Meddling(Heap):
        __hash__ = Heap.__hash__

        def __eq__(self, other):
            for sum_list in listed:
                sum_list.clear()
            return super().__eq__(other)

    def meddled(p):
        if isinstance(p, str):
            listed.append([400, 299])
            return [listed[-1], 0]
        if isinstance(p, Heap):
            return [Meddling(p.n - k) for k in (1, 2) if k <= p.n]
        return [p - k for k in (1, 2) if k <= p]
    h = grundy.Game(meddled)
    assert h.value(Meddling(400)) == 1
    assert h.value("s") == 1  # mex{400 % 3 ^ 299 % 3, 0} = mex{3, 0}


def test_a_cycle_through_a_sum_is_found_with_a_dense_range():
    # The heap itself among a sum's parts is in progress when the sum is
    # listed: not valued then, and the cycle is found as without the array.
    g = grundy.Game(lambda n: [[n, 0]] if n == 3 else [n - 1] if n else [], solver="normal_play", dense=10)
    with pytest.raises(grundy.CycleError):
        g.value(5)
    assert g.value(2) == 0
    # As a game with cycles its graph has no end: 3, 3 + 0, 3 + 0 + 0, … are
    # all different sums. The exploration stops at the bound, which counts the
    # sums' objects; it counted their slots only, and this ran to the OOM
    # killer at 24 GB.
    loopy = grundy.Game(lambda n: [[n, 0]] if n == 3 else [n - 1] if n else [], dense=10, memory="64MB")
    with pytest.raises(grundy.LimitError, match="memory bound"):
        loopy.outcome(3)
    assert loopy.value(2) == 0


def test_a_dense_range_mixed_with_other_positions_and_errors():
    # Pairs of take-1-or-2 heaps beside single heaps: the pairs (tuples) go to
    # the table, the ints 0..10 to the array, larger ints to the table.
    def moves(p):
        if isinstance(p, tuple):
            a, b = p
            return [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - k) for k in (1, 2) if k <= b]
        return [p - k for k in (1, 2) if k <= p]
    g = grundy.Game(moves, dense=10)
    assert g.value(7) == 1 and g.value(25) == 1  # n mod 3
    assert g.value((4, 8)) == (4 % 3) ^ (8 % 3)
    assert g.value([4, 5]) == (4 % 3) ^ (5 % 3)
    # An abandoned search leaves no position half-done in the array.
    ring = grundy.Game(lambda n: [(n + 1) % 3], solver="normal_play", dense=5)
    with pytest.raises(grundy.CycleError):
        ring.value(0)
    assert ring.known_values() == {} and ring.stored == 0
    # The array counts against the bound, and its size is checked.
    chain = grundy.Game(lambda n: [n - 1] if n else [], dense=10**9, memory="1MB")
    with pytest.raises(grundy.LimitError):
        chain.value(10**6)
    assert chain.value(100) == 0
    with pytest.raises(ValueError, match="dense must be"):
        grundy.Game(lambda n: [], dense=-1)
    with pytest.raises(ValueError, match="2\\^40"):
        grundy.Game(lambda n: [], dense=2**41)


def test_the_collector_is_paced_during_a_long_search_and_then_restored():
    # A search that calls moves() many times raises the collector's first
    # threshold (its lists would otherwise be walked again and again: 0.45 s of
    # Grundy's game to 5000), and puts it back when it ends.
    import gc
    before = gc.get_threshold()
    seen = []

    def grundys(n):
        seen.append(gc.get_threshold()[0])
        return [[a, n - a] for a in range(1, (n + 1) // 2)]
    grundy.Game(grundys, dense=300).table(upto=300)
    assert gc.get_threshold() == before
    assert seen[0] == before[0] and seen[-1] == 100000
    # A search that ends in the user's error: the error comes through whole,
    # and the threshold is put back all the same.
    def failing(n):
        if n == 200:
            raise ArithmeticError("no heap of 200")
        return [n - 1] if n else []
    with pytest.raises(grundy.GameError, match="no heap of 200") as caught:
        grundy.Game(failing).value(300)
    assert isinstance(caught.value.__cause__, ArithmeticError)
    assert gc.get_threshold() == before
    # A short search changes nothing.
    seen.clear()
    grundy.Game(grundys).value(20)
    assert set(seen) == {before[0]}


def test_cycles_made_by_moves_are_still_collected_during_a_search():
    import gc
    collected = []
    during = []

    class Cyclic:
        def __init__(self):
            self.me = self

        def __del__(self):
            collected.append(1)

    def moves(n):
        for _ in range(300):
            Cyclic()  # garbage only the cyclic collector frees
        during.append(len(collected))
        return [n - 1] if n else []
    gc.collect()
    grundy.Game(moves).value(1000)
    # 300 000 cycles, and the raised threshold is 100 000 containers.
    assert during[-1] > 0


def test_the_collector_is_left_as_the_user_sets_it():
    import gc
    before = gc.get_threshold()
    try:
        # Changed by the moves function during the search: the change stays.
        def changing(n):
            if n == 100:
                gc.set_threshold(5000, before[1], before[2])
            return [n - 1] if n else []
        grundy.Game(changing).value(200)
        assert gc.get_threshold()[0] == 5000
        # Disabled: left alone.
        gc.set_threshold(*before)
        gc.disable()
        seen = []
        grundy.Game(lambda n: seen.append(gc.get_threshold()[0]) or ([n - 1] if n else [])).value(200)
        assert set(seen) == {before[0]} and not gc.isenabled()
    finally:
        gc.enable()
        gc.set_threshold(*before)
