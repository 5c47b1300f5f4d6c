"""The table of a Python game keeps its exact int keys' values mirrored in an
array (python/src/python_rule_table.hpp): the answers stay those of a dict
keyed by the positions, ints mixed with equal keys of other types (1.0, True)
and with ints past 256 (new objects at every listing) included."""

import random

import grundy


def dict_memo_values(moves, asked):
    """The definition memoised in a dict, as a user writes it."""
    memo = {}

    def g(position):
        if position in memo:
            return memo[position]
        seen = {g(option) for option in moves(position)}
        value = 0
        while value in seen:
            value += 1
        memo[position] = value
        return value

    return [g(p) for p in asked], memo


def test_ints_and_equal_keys_of_other_types_are_valued_as_a_dict_keys_them():
    rng = random.Random(55)
    for _ in range(5):
        n = 600
        options = {k: rng.sample(range(k), min(k, rng.randint(0, 7))) for k in range(n)}

        def moves(position, options=options):
            k = int(position)
            # An option as an int, as the equal float or, for 1, as True.
            return [float(m) if (k + m) % 5 == 0 else (True if m == 1 and k % 2 else m) for m in options[k]]

        asked = [n - 1, 1.0, True, 1, 300.0, 299, 0.0] + [rng.randrange(n) for _ in range(40)]
        expected, memo = dict_memo_values(moves, asked)
        game = grundy.Game(moves)
        assert [game.value(p) for p in asked] == expected
        assert game.known_values() == memo


def test_int_sums_past_256_are_read_as_their_values():
    # Grundy's game: every option a list of two ints, most past 256.
    game = grundy.Game(lambda x: [[a, x - a] for a in range(1, (x + 1) // 2)])
    values = list(game.table(upto=700).values)
    plain = []
    for x in range(701):
        seen = {plain[a] ^ plain[x - a] for a in range(1, (x + 1) // 2)}
        value = 0
        while value in seen:
            value += 1
        plain.append(value)
    assert values == plain
