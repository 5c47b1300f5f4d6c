"""grundy.value and grundy.parse on built-in games, held to brute force written
here from the rules alone (not from grundy's code)."""

import functools
import itertools
import random

import pytest

import grundy
from conftest import mex


@functools.lru_cache(maxsize=None)
def subtraction_value(moves, n):
    return mex(subtraction_value(moves, n - k) for k in moves if k <= n)


def odd_subtraction_value(n):
    return mex(odd_subtraction_value(n - k) for k in range(1, n + 1, 2)) if n else 0


def brute_outcome_of_sum(rules_and_heaps):
    """Who wins a sum by searching the whole game tree (no Sprague-Grundy theory):
    True when the player to move wins."""
    @functools.lru_cache(maxsize=None)
    def wins(state):
        for i, (moves, heap) in enumerate(state):
            for k in moves:
                if k <= heap:
                    after = state[:i] + ((moves, heap - k),) + state[i + 1:]
                    if not wins(tuple(sorted(after))):
                        return True
        return False
    return wins(tuple(sorted(rules_and_heaps)))


def test_the_issue_example_against_brute_force():
    r = grundy.value("sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)")
    expected = subtraction_value((1, 2, 3), 10) ^ odd_subtraction_value(7) ^ 9 ^ 12
    assert r.value == expected == 6
    assert r.outcome == "N" and r.first_player_wins
    assert [c for c, _ in r.components] == ["sub{1,2,3}(10)", "sub(odd)(7)", "nim(9)", "nim(12)"]
    assert [v for _, v in r.components] == [2, 1, 9, 12]
    # The one winning move: nim(12) -> nim(10) makes the xor 0.
    assert r.winning_move_count == 1
    move = r.winning_moves[0]
    assert move.component == "nim(12)" and move.index == 3
    assert move.after == "sub{1,2,3}(10) + sub(odd)(7) + nim(9,10)"
    assert move.replacement == "nim(10)"
    assert grundy.value(move.after).outcome == "P"
    assert move.after_position.value() == 0


@pytest.mark.parametrize("seed", range(6))
def test_random_subtraction_sums_against_a_game_tree_search(seed):
    rng = random.Random(seed)
    terms, state = [], []
    for _ in range(rng.randint(1, 3)):
        moves = tuple(sorted(rng.sample(range(1, 6), rng.randint(1, 3))))
        heap = rng.randint(0, 9)
        terms.append(f"sub{{{','.join(map(str, moves))}}}({heap})")
        state.append((moves, heap))
    r = grundy.value(" + ".join(terms))
    assert r.first_player_wins == brute_outcome_of_sum(state)
    expected = 0
    for moves, heap in state:
        expected ^= subtraction_value(moves, heap)
    assert r.value == expected
    # Every listed winning move leads to a position the search says is lost.
    for move in r.winning_moves:
        assert grundy.value(move.after).value == 0


def test_misere_nim_against_a_game_tree_search():
    @functools.lru_cache(maxsize=None)
    def misere_wins(heaps):
        if sum(heaps) == 0:
            return True  # the previous player took the last token and lost
        return any(not misere_wins(tuple(sorted(heaps[:i] + (h - k,) + heaps[i + 1:])))
                   for i, h in enumerate(heaps) for k in range(1, h + 1))
    for heaps in itertools.product(range(4), repeat=3):
        text = "nim(" + ",".join(map(str, heaps)) + ")"
        r = grundy.value(text, misere=True)
        assert r.first_player_wins == misere_wins(tuple(sorted(heaps))), text
        assert r.misere


def test_max_moves_lists_some_and_counts_all():
    r = grundy.value("nim(1,2,4,8,16,31)", max_moves=2)
    assert len(r.winning_moves) <= 2
    assert r.winning_move_count >= len(r.winning_moves)
    full = grundy.value("nim(1,2,4,8,16,31)", max_moves=100)
    assert len(full.winning_moves) == full.winning_move_count


def test_result_json_and_text():
    r = grundy.value("nim(3,4,5)")
    j = r.to_json()
    assert j["value"] == 2 and j["outcome"] == "N"
    assert "Nim-value: 2" in str(r)
    # 3 xor 4 xor 5 = 2: only the heap of 3 can drop to 3 xor 2 = 1.
    assert repr(r) == "Result(nim(3,4,5): value 2, N, 1 winning move)"
    assert repr(grundy.value("nim(1,2,3)")) == "Result(nim(1,2,3): value 0, P, the player to move loses)"


def test_position_prints_back_and_adds():
    p = grundy.parse("nim(3) + nim(4) + kayles(7)")
    assert str(p) == "nim(3,4) + kayles(7)"
    assert grundy.parse(str(p)) == p
    assert repr(p) == "Position('nim(3,4) + kayles(7)')"
    q = grundy.parse("nim(5)")
    assert (p + q).value() == 3 ^ 4 ^ 5 ^ 2  # g(kayles 7) = 2 (OEIS A002186)
    assert sum([p, q]) == p + q
    assert len(p + q) == 4
    assert [str(c) for c in (p + q).components] == ["nim(3)", "nim(4)", "kayles(7)", "nim(5)"]
    assert grundy.Position("nim(3,4)") == grundy.parse("nim(3,4)")
    assert p != q and p != "nim(3)"


def test_position_options_with_values():
    p = grundy.parse("nim(2) + sub{1,2}(2)")
    options = p.options()
    # nim(2): to 1 or 0; sub{1,2}(2): to 1 or 0 (values 1, 0).
    assert [(o.index, str(o.after), o.value) for o in options] == [
        (0, "nim(1) + sub{1,2}(2)", 1 ^ 2),
        (0, "nim(0) + sub{1,2}(2)", 2),
        (1, "nim(2) + sub{1,2}(1)", 2 ^ 1),
        (1, "nim(2) + sub{1,2}(0)", 2),
    ]
    assert p.value() == mex([])^2^2 == 0  # nim(2) xor sub{1,2}(2) = 2 xor 2
    with pytest.raises(grundy.LimitError, match="more than 10 options"):
        grundy.parse("nim(1000)").options(limit=10)


def test_outcome_without_value_by_theorem():
    # Moore's Nim_2 with heaps too large for values: the outcome by digit sums.
    p = grundy.parse("moore(2)(1000000000000,1000000000000,1)")
    assert p.outcome() in ("N", "P")
    assert grundy.value(p).value is None
    assert grundy.value(p).value_note


def test_big_heaps_and_proven_patterns():
    # Kayles has period 12 from heap 71 on (proven): any heap.
    assert grundy.value("kayles(1000000000000000000)").value == grundy.value("kayles(1000000000000000004)").value
    assert grundy.parse("nim(1000000000000000000)").value() == 10**18


def test_rulesets_and_graph(tmp_path):
    names = {r["name"] for r in grundy.rulesets()}
    assert {"nim", "sub", "kayles", "moore", "graph"} <= names
    values = grundy.graph(grundy_examples() / "textbook.graph")
    # The subtraction game {1,2} on heaps 0..5: 0 1 2 0 1 2.
    assert [values[f"h{n}"] for n in range(6)] == [0, 1, 2, 0, 1, 2]
    assert values["side"] == 0 and values["start"] == mex([2, 2, 0])


def test_boards_format():
    # Cases: a count, then that many boards (rows cols, cells 0 free / 1 blocked).
    # An empty 2x2 board takes exactly one 2x2 block: g = 1; a 1x1 board none: g = 0.
    text = "1\n2 2\n00\n00\n" "1\n1 1\n0\n" "2\n2 2\n00\n00\n2 2\n00\n00\n" "2\n2 2\n00\n01\n1 1\n0\n"
    assert grundy.boards(text=text) == ["Yes", "No", "No", "No"]
    report = grundy.boards(text=text, json=True)
    assert isinstance(report, dict)


def grundy_examples():
    import pathlib
    return pathlib.Path(__file__).resolve().parents[2] / "examples"


def test_placement_settings_reach_the_search(tmp_path):
    table = tmp_path / "cram.tbl"
    # Cram on 3x4: a domino board; the value is computed by the placement search,
    # whose table is saved to the file given.
    first = grundy.value("cram(3x4)", table=table)
    assert table.exists() and table.stat().st_size > 0
    again = grundy.value("cram(3x4)", table=table, threads=2, memory="64MB")
    assert again.value == first.value
    # Cram on 1xN is Dawson's-Kayles-like 0.07 (a domino takes two adjacent cells of a row):
    # its values are the octal game 0.07's.
    assert grundy.value("cram(1x9)").value == int(grundy.table("0.07", upto=9).values[9])
    with pytest.raises(grundy.InputError, match="memory"):
        grundy.value("cram(5x5)", memory=1000)


def test_a_parsed_position_keeps_its_run_and_sums_need_one(tmp_path):
    # Kayles: g(5) = 4, g(7) = 2 (OEIS A002186).
    table = tmp_path / "cram.tbl"
    board = grundy.parse("cram(3x4)", table=table)
    # The run made at parse values the options too, and saves its table.
    assert board.options()
    assert table.exists() and table.stat().st_size > 0
    threaded = grundy.parse("kayles(5)", threads=2)
    with pytest.raises(ValueError, match="different settings"):
        threaded + grundy.parse("nim(3)")
    assert (threaded + grundy.parse("kayles(7)", threads=2)).value() == 4 ^ 2
    # A user's game's positions have no run of their own: they join the parsed one's.
    chain = grundy.Game(lambda n: [n - 1] if n else [], name="chain")  # g(n) = n mod 2
    assert (chain(3) + threaded).value() == 1 ^ 4
    assert (threaded + chain(3)).components[1].value() == 1


def test_a_position_valued_from_within_its_own_computation_gets_a_run_of_its_own():
    # The sum's run is kayles(5)'s (g = 4, OEIS A002186); a moves function that
    # values kayles(5) meanwhile finds that run busy, and is answered in another.
    base = grundy.parse("kayles(5)")
    seen = []

    def moves(n):
        if n == 2:
            seen.append(base.value())
        return [n - 1] if n else []
    chain = grundy.Game(moves, name="nested")  # g(n) = n mod 2
    assert (base + chain(3)).value() == 4 ^ 1
    assert seen == [4]


def test_sprouts_starts_have_their_published_outcomes():
    # tests/data/sprouts_outcomes.txt: n, normal-play and misère outcome (W:
    # the first player wins), from Applegate-Jacobson-Sleator and OEIS A164950.
    from conftest import reference_text
    for line in reference_text("sprouts_outcomes.txt").splitlines():
        if not line or line.startswith("#"):
            continue
        n, normal, misere = line.split("\t")
        if int(n) > 4:
            break
        assert (grundy.value(f"sprouts({n})").value != 0) == (normal == "W"), n
        assert grundy.value(f"sprouts(0*{n})", misere=True).first_player_wins == (misere == "W"), n
    # A drawing summed with a Nim heap, in SPOTS' spelling: 0*3 has value 1.
    assert str(grundy.parse("sprouts(0*3) + nim(1)")) == "sprouts(0.0.0.}]!) + nim(1)"
    assert grundy.value("sprouts(0*3) + nim(1)").value == 0
