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


class Game:
    """A game from its moves function: ``moves(position) -> iterable of options``.

    ``name`` is how its positions print in sums (``name(repr(position))``; the moves
    function's own name by default). ``memory`` bounds the table of values (bytes, or a
    size such as ``"512MB"``): past it a computation stops with ``grundy.LimitError``.

    Can decorate a moves function: ``@grundy.Game``.
    """

    # The C++ game is held, not inherited from: a Python object whose C++ part was
    # never made (its __init__ raised) must still be safe to print.
    __slots__ = ("_game",)

    def __init__(self, moves, name=None, memory=None):
        if name is None:
            name = getattr(moves, "__name__", "") or "game"
            if not name.isidentifier():  # "<lambda>"
                name = "game"
        self._game = _grundy._Game(moves, name=name, memory=memory_bytes(memory))

    def __call__(self, position):
        """The position as a ``grundy.Position``, to add to other positions (a list
        gives a sum of the game's positions)."""
        return self._game(position)

    def value(self, position):
        """The nim-value of a position (a list: of the sum of its positions)."""
        return self._game.value(position)

    def outcome(self, position):
        """'N' when the player to move wins, 'P' when the other player does."""
        return self._game.outcome(position)

    def options(self, position):
        """``[(option, value), …]``: the options as the moves function lists them, each
        with its value."""
        return self._game.options(position)

    def winning_moves(self, position):
        """The options of value 0 (empty when the position is lost)."""
        return self._game.winning_moves(position)

    def table(self, upto=50):
        """g(0), …, g(upto) of integer positions, with the pattern detected in them
        (a period, or an arithmetic period; a Python rule has no theorem behind it, so
        the status is 'detected' at best). A ``grundy.Table``."""
        if upto < 0:
            raise ValueError(f"upto must be 0 or more, not {upto}")
        return Table(**self._game._table(upto))

    def known_values(self):
        """A dict of every position with a stored value, and the value (a copy)."""
        return self._game.known_values()

    def clear(self):
        """Forgets every stored value."""
        self._game.clear()

    @property
    def name(self):
        return self._game.name

    @property
    def moves(self):
        return self._game.moves

    @property
    def memory(self):
        """The bound on the table of values in bytes (None: no bound)."""
        return self._game.memory

    @property
    def stored(self):
        """How many positions have a stored value."""
        return self._game.stored

    @property
    def table_bytes(self):
        """Bytes the table of values takes: its slots and the position objects."""
        return self._game.table_bytes

    def __repr__(self):
        game = getattr(self, "_game", None)
        return repr(game) if game is not None else "Game(<not made>)"
