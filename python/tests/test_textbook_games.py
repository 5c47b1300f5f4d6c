"""The textbook games through the Python module: nothing of them is Python's
own (the registry's rulesets reach it), so these check that they arrive, with
values held to brute force written here from the rules alone."""

import functools

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

