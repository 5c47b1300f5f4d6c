"""The textbook games through the Python module: nothing of them is Python's
own (the registry's rulesets reach it), so these check that they arrive, with
values held to brute force written here from the rules alone."""

import functools
import itertools
import random

import pytest

import grundy
from conftest import mex


@functools.lru_cache(maxsize=None)
def euclid(a, b):
    """Subtract a positive multiple of the smaller from the larger, never below 0."""
    a, b = min(a, b), max(a, b)
    if a == 0:
        return 0
    return mex(euclid(a, b - k * a) for k in range(1, b // a + 1))


def test_euclid_against_the_rules():
    for a in range(40):
        for b in range(40):
            assert grundy.value(f"euclid({a},{b})").value == euclid(a, b), (a, b)
    r = grundy.value("euclid(3,5)")
    assert r.value == 1 and r.winning_move_count == 1
    assert r.winning_moves[0].after == "euclid(3,2)"
    assert grundy.value("euclid(1000000000000000000,1000000000000000001)").value == 0
    assert grundy.parse("euclid(1,1000000000000000000)").value() == 10**18


def test_euclid_bad_input_says_where():
    with pytest.raises(grundy.InputError) as caught:
        grundy.value("euclid(9223372036854775809,2)")
    assert caught.value.column == 8


def coin_row_value(sizes, row):
    """A row of H and T under "turn k coins, k in sizes, the rightmost heads to
    tails", valued over whole rows (no coin-turning theorem)."""
    @functools.lru_cache(maxsize=None)
    def g(heads):
        options = set()
        for r in range(len(row)):
            if not heads >> r & 1:
                continue
            for k in sizes:
                for others in itertools.combinations(range(r), k - 1):
                    turned = (1 << r) | sum(1 << c for c in others)
                    options.add(g(heads ^ turned))
        return mex(options)
    return g(sum(1 << i for i, c in enumerate(row) if c == "H"))


def test_coin_turning_against_the_rules():
    rng = random.Random(33)
    for rule, sizes in [("mockturtles", (1, 2, 3)), ("turningturtles", (1, 2)), ("twins", (2,)), ("moebius", (1, 2, 3, 4, 5))]:
        for _ in range(15):
            row = "".join(rng.choice("HT") for _ in range(rng.randint(1, 9)))
            assert grundy.value(f"coins({rule})({row})").value == coin_row_value(sizes, row), (rule, row)
    r = grundy.value("coins(ruler)(THHTH)")
    assert r.value == 2 ^ 1 ^ 1 and r.winning_move_count == 2
    assert grundy.parse("coins(ruler)(2,3,5)").text == "coins(ruler)(THHTH)"
    assert grundy.value("corners(TTT/THT/TTH)").value == 2  # 1 ⊗ 1 ⊕ 2 ⊗ 2 = 1 ⊕ 3


def test_coin_turning_bad_input_says_where():
    with pytest.raises(grundy.InputError) as caught:
        grundy.value("coins(ruler)(THXH)")
    assert caught.value.column == 16
