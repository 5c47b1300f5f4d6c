"""grundy.Game: a game of your own, from its moves function.

    >>> import grundy
    >>> take_1_to_3 = grundy.Game(lambda n: [n - k for k in (1, 2, 3) if k <= n], name="take3")
    >>> take_1_to_3.value(10)
    2
    >>> grundys_game = grundy.Game(lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)])

A position is any hashable value (int, tuple, frozenset, str…); ``moves(position)``
returns an iterable of options, each a position or a ``list`` of positions (a sum of
independent games, valued separately and xored). Values are memoised in C++; moves()
is called once per position.
"""

from . import _grundy
from .memory import memory_bytes
from .table import Table


class Game(_grundy._Game):
    """A game from its moves function: ``moves(position) -> iterable of options``.

    ``name`` is how its positions print in sums (``name(repr(position))``; the moves
    function's own name by default). ``memory`` bounds the table of values (bytes, or a
    size such as ``"512MB"``): past it a computation stops with ``grundy.LimitError``.

    Methods: ``value(p)``, ``outcome(p)`` ('N' or 'P'), ``options(p)`` ([(option,
    value)…]), ``winning_moves(p)``, ``table(upto=N)`` (integer positions 0..N with
    their pattern), ``game(p)`` (a ``grundy.Position``, for sums with built-in games),
    ``clear()``; ``stored`` and ``table_bytes`` say what the table holds.
    Can decorate a moves function: ``@grundy.Game``.
    """

    def __init__(self, moves, name=None, memory=None):
        if name is None:
            name = getattr(moves, "__name__", "") or "game"
            if not name.isidentifier():  # "<lambda>"
                name = "game"
        super().__init__(moves, name=name, memory=memory_bytes(memory))

    def table(self, upto=50):
        """g(0), …, g(upto) of integer positions, with the pattern detected in them
        (a period, or an arithmetic period; a Python rule has no theorem behind it, so
        the status is 'detected' at best). A ``grundy.Table``."""
        if upto < 0:
            raise ValueError(f"upto must be 0 or more, not {upto}")
        return Table(**self._table(upto))
