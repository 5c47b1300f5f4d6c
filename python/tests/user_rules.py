"""Rules written in Python that the tests and the benchmarks (python/bench) both run,
so that a measurement and the test that bounds it value the same moves function."""


def euclid(position):
    """Euclid's game: subtract a positive multiple of the smaller number from the
    larger; it ends when one of them is 0."""
    a, b = position
    if a > b:
        a, b = b, a
    if a == 0:
        return []
    return [(a, b - k * a) for k in range(1, b // a + 1)]
