"""Misère play from Python: grundy.value(..., misere=True) on sums of any games,
grundy.misere (canonical forms, genus) and grundy.quotient (misère quotients),
against a brute-force misère search written here that knows none of the theory."""

import functools
import random

import pytest

import grundy


def kayles_options(n):
    """Kayles: knock down one pin or two adjacent pins of a row of n, leaving two rows."""
    out = set()
    for take in (1, 2):
        for left in range(0, n - take + 1):
            right = n - take - left
            out.add(tuple(sorted(h for h in (left, right) if h > 0)))
    return out


@functools.lru_cache(maxsize=None)
def kayles_misere_wins(heaps):
    """True when the player to move wins the misère sum of Kayles rows ``heaps``."""
    if not heaps:
        return True  # no move: the previous player made the last move and lost
    for i, h in enumerate(heaps):
        if i and heaps[i - 1] == h:
            continue
        rest = heaps[:i] + heaps[i + 1:]
        for leaves in kayles_options(h):
            if not kayles_misere_wins(tuple(sorted(rest + leaves))):
                return True
    return False


def test_kayles_sums_against_a_brute_force_search():
    rng = random.Random(7)
    for _ in range(150):
        heaps = tuple(sorted(rng.randint(1, 9) for _ in range(rng.randint(1, 3))))
        r = grundy.value("kayles(" + ",".join(map(str, heaps)) + ")", misere=True)
        assert r.misere
        assert r.first_player_wins == kayles_misere_wins(heaps), heaps


def test_a_python_game_in_a_sum():
    # g(n): take 1 or 2 from a counter, written here as the user's own game.
    g = grundy.Game(lambda n: [n - k for k in (1, 2) if k <= n], name="g")
    for n in range(0, 9):
        for k in range(0, 6):
            r = grundy.value(g(n) + grundy.parse(f"kayles({k})"), misere=True)

            @functools.lru_cache(maxsize=None)
            def wins(a, b):
                moves = [(a - t, b) for t in (1, 2) if t <= a]
                moves += [(a, s) for leaves in kayles_options(b) for s in [sum(leaves)] if len(leaves) <= 1]
                if not moves and b == 0:
                    return True
                return any(not wins(x, y) for x, y in moves)

            # kayles(k) leaves at most two rows; the brute force above only follows
            # positions of one row, so compare on k <= 2 where leaves stay one row.
            if k <= 2:
                assert r.first_player_wins == wins(n, k), (n, k)
            for m in r.winning_moves:
                assert not grundy.value(m.after_position, misere=True).first_player_wins


def test_quotient_of_0_75_is_r8():
    q = grundy.quotient("0.75", upto=30)
    assert (q.size, q.p_size) == (8, 2)
    assert q.presentation == "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>"
    assert sorted(q.p_portion) == ["a", "b^2"]
    assert not q.tame
    assert q.period["status"] == "proven"
    assert len(q.pretending) == q.heaps + 1


def test_quotient_predicts_the_brute_force():
    q = grundy.quotient("kayles", upto=14)
    rng = random.Random(3)
    for _ in range(200):
        heaps = tuple(sorted(rng.randint(1, 14) for _ in range(rng.randint(1, 3))))
        r = grundy.value("kayles(" + ",".join(map(str, heaps)) + ")", misere=True)
        assert r.first_player_wins == kayles_misere_wins(heaps), heaps
    assert q.size % 2 == 0  # every misère quotient has even order (Plambeck-Siegel 2008)
    # The quotient's own prediction for a lone heap: P exactly when its class is
    # in the P-portion, against the brute force.
    assert len(q.pretending) == 15
    for h in range(1, 15):
        assert (q.pretending[h] in q.p_portion) == (not kayles_misere_wins((h,))), h


def test_misere_forms():
    f = grundy.misere("*[[2],0]")
    assert (f.form, f.genus, f.phylum, f.outcome) == ("*[2#0]", "1^2", "restive", "N")
    f = grundy.misere(grundy.parse("nim(2) + nim(2)"))
    assert f.outcome == "P" and f.misere_value == 0
    g = grundy.Game(lambda n: [n - 1] if n else [], name="down")
    assert grundy.misere(g(1)).form == grundy.misere("nim(1)").form  # {0} is *1 in misère play too


def test_bad_input():
    with pytest.raises(grundy.InputError, match="column 4"):
        grundy.quotient("0.7x")
    with pytest.raises(ValueError):
        grundy.quotient("0.77", upto=-1)
    with pytest.raises(grundy.InputError):
        grundy.misere("*[[2],0")
