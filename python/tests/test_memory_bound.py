"""A game's search stays within memory: O(positions stored + depth), not depth ×
fan-out, and under a bound that is always there (half of physical memory unless
the user gives one) it ends with LimitError, never with the kernel's OOM killer."""

import os
import random
import subprocess
import sys
import textwrap

import pytest

import grundy


def run_measured(body):
    """Runs `body` in a fresh interpreter; returns what it prints and its peak
    resident memory above the interpreter's own (MiB, from ru_maxrss)."""
    script = textwrap.dedent("""
        import resource, grundy
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        def grown():
            return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024
        TESTS = %r
    """ % os.path.dirname(os.path.abspath(__file__))) + textwrap.dedent(body)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_euclids_game_keeps_little_on_its_stack():
    # From (1, n) every (1, m), m < n, is an option and the first listed is
    # (1, n - 1): the search is n deep with about n options at each level. The
    # stack once kept every option of every level, n^2 / 2 tuples (4000: 8·10^6
    # of them, about 800 MB); it now keeps 2^16 parts at most.
    out = run_measured("""
        import sys
        sys.path.insert(0, TESTS)
        from user_rules import euclid
        g = grundy.Game(euclid, name="euclid_by_hand")  # euclid is the built-in's name
        print(g.value((1, 4000)), g.value((3, 7)), g.value((5, 8)), grown())
    """)
    # g(1, n) = n: the options are (1, m) for every m < n, and (1, 0) ends the game.
    assert [int(out[0]), int(out[1]), int(out[2])] == [4000, reference_euclid(3, 7), reference_euclid(5, 8)]
    assert float(out[3]) < 100, out


def reference_euclid(a, b, memo={}):
    """The definition, memoised, recursion and all (small positions only)."""
    if a > b:
        a, b = b, a
    if a == 0:
        return 0
    if (a, b) not in memo:
        seen = {reference_euclid(a, b - k * a) for k in range(1, b // a + 1)}
        memo[(a, b)] = next(v for v in range(len(seen) + 1) if v not in seen)
    return memo[(a, b)]


def test_a_rule_with_no_base_case_stops_within_its_bound():
    out = run_measured("""
        g = grundy.Game(lambda n: [n - 1], memory="128MB")
        try:
            g.value(0)
        except grundy.LimitError as error:
            print("refused", grown(), str(error).replace(" ", "_"))
    """)
    assert out[0] == "refused", out
    # Resident memory grew by at most 1.25 times the bound (128 MB = 122 MiB).
    assert float(out[1]) <= 1.25 * 128e6 / 2**20, out
    assert "base_case" in out[2] and "memory=128000000" in out[2], out


def test_the_default_bound_is_half_of_physical_memory():
    physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    assert grundy.Game(lambda n: []).memory == physical // 2
    assert grundy.Game(lambda n: [], memory="64MB").memory == 64 * 10**6


def test_dropped_options_listed_again_give_the_definitions_values():
    # Games whose stacks pass the budget of kept parts, so that frames drop
    # their options and list them again: random subtraction games with large
    # sets, the smallest subtraction first (the deepest descent), against a
    # plain table by the definition.
    rng = random.Random(7)
    for _ in range(3):
        subtractions = sorted(rng.sample(range(1, 1500), 400))
        calls = [0]

        def moves(n, s=subtractions, calls=calls):
            calls[0] += 1
            return [n - d for d in s if d <= n]

        top = 1500
        table = []
        for n in range(top + 1):
            seen = {table[n - d] for d in subtractions if d <= n}
            table.append(next(v for v in range(len(seen) + 1) if v not in seen))
        g = grundy.Game(moves)
        assert g.value(top) == table[top]
        # Options were dropped and listed again: more calls than positions.
        assert calls[0] > g.stored, (calls[0], g.stored)
        assert [g.value(n) for n in range(0, top + 1, 37)] == table[::37]

        # Sums among the options (lists) take the same road.
        pairs = grundy.Game(lambda n, s=subtractions: [[n - d, d // 3] for d in s if d <= n])
        reference = []
        for n in range(top + 1):
            seen = {reference[n - d] ^ reference[d // 3] for d in subtractions if d <= n}
            reference.append(next(v for v in range(len(seen) + 1) if v not in seen))
        assert pairs.value(top) == reference[top]


def test_a_moves_function_that_changes_its_mind_is_named():
    # A frame that dropped its options lists them again; if moves() now lists a
    # different number, the values would be wrong: GameError naming the position.
    calls = {}

    def fickle(n):
        calls[n] = calls.get(n, 0) + 1
        extra = [0] if n == 1000 and calls[n] > 1 else []
        return list(range(n - 1, -1, -1)) + extra

    g = grundy.Game(fickle)
    with pytest.raises(grundy.GameError, match=r"moves\(1000\) listed 1000 options, then 1001"):
        g.value(1200)
    # Usable afterwards, with the honest rule (a nim heap).
    honest = grundy.Game(lambda n: list(range(n - 1, -1, -1)))
    assert honest.value(1200) == 1200
