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
from .errors import GameError
from .memory import memory_bytes
from .table import Table, TupleTable


def _read_through(attribute, doc=None):
    """A read-only property of Game that is the C++ game's own ``attribute``: Game
    holds the C++ game rather than inheriting from it, so its facts are passed on."""
    return property(lambda self: getattr(self._game, attribute), doc=doc)


class Game:
    """A game from its moves function: ``moves(position) -> iterable of options``.

    ``name`` is how its positions print in sums (``name(repr(position))``; the moves
    function's own name by default). ``memory`` bounds the search's memory (bytes, or a
    size such as ``"512MB"``; by default half of physical memory): past it a
    computation stops with ``grundy.LimitError``, keeping the finished values.

    A game whose moves can go round a cycle gets the values of games with cycles from
    the first cycle met on (``solver="automatic"``): ``∞(K)`` (an ``InfiniteValue``)
    where the play can go on forever, outcome ``'D'`` for a draw, as ``grundy graph``
    gives a graph file (docs/loopy.md). ``solver="normal_play"`` raises
    ``grundy.CycleError`` at a cycle instead; ``solver="loopy"`` uses the loopy solver
    from the start.

    Can decorate a moves function: ``@grundy.Game``.
    """

    # The C++ game is held, not inherited from: a Python object whose C++ part was
    # never made (its __init__ raised) must still be safe to print.
    __slots__ = ("_game", "_piles")

    def __init__(self, moves, name=None, memory=None, piles=None, solver="automatic", dense=None):
        if name is None:
            name = getattr(moves, "__name__", "") or "game"
            if not name.isidentifier():  # "<lambda>"
                name = "game"
        if piles is not None and (not isinstance(piles, int) or piles < 1 or piles > 6):
            raise ValueError(f"piles must be 1 (positions are ints) to 6 (tuples of 6), not {piles!r}")
        if dense is not None and (not isinstance(dense, int) or isinstance(dense, bool) or dense < 0):
            raise ValueError(f"dense must be the largest int position kept in an array (an int >= 0), not {dense!r}")
        self._piles = piles
        self._game = _grundy._Game(moves, name=name, memory=memory_bytes(memory), solver=solver, dense=dense)

    def __call__(self, position):
        """The position as a ``grundy.Position``, to add to other positions (a list
        gives a sum of the game's positions)."""
        return self._game(position)

    def value(self, position):
        """The nim-value of a position (a list: of the sum of its positions); in a game
        with cycles, an ``InfiniteValue`` ∞(K) where the play can go on forever."""
        return self._game.value(position)

    def outcome(self, position):
        """'N' when the player to move wins, 'P' when the other player does, 'D' for a
        draw (a game with cycles)."""
        return self._game.outcome(position)

    def options(self, position):
        """``[(option, value), …]``: the options as the moves function lists them, each
        with its value."""
        return self._game.options(position)

    def winning_moves(self, position):
        """The options of value 0 (empty when the position is lost)."""
        return self._game.winning_moves(position)

    def table(self, upto=50, piles=None):
        """g(0), …, g(upto) of integer positions, with the pattern detected in them
        (a period, or an arithmetic period; a Python rule has no theorem behind it, so
        the status is 'detected' at best). A ``grundy.Table``.

        A game on piles (positions are tuples, ``piles=2`` here or to ``Game``; found by
        itself when ``moves(0)`` raises TypeError and ``moves((0, 0))`` does not): the
        values over [0, upto]^piles as a ``grundy.TupleTable`` — a numpy array of that
        shape and its ``p_positions``."""
        from .api import _check_upto
        upto = _check_upto(upto)
        piles = piles if piles is not None else self._piles
        if piles is None:
            piles = self._piles_of_positions()
        if piles == 1:
            return Table(**self._game._table(upto))
        import itertools
        import numpy
        side = upto + 1
        if side ** piles > 10**7:
            raise ValueError(f"{piles} piles of 0..{upto} are {side ** piles} positions: more than 10**7")
        values = numpy.empty((side,) * piles, dtype=numpy.int64)
        for cell in itertools.product(range(side), repeat=piles):
            values[cell] = self._game.value(cell)
        return TupleTable(game=self.name, upto=upto, piles=piles, values=values)

    def _piles_of_positions(self):
        """1 when positions are ints; the size of the tuples otherwise (found by trying
        0, then (0, 0), then (0, 0, 0) when moves(0) raised TypeError)."""
        try:
            self._game.value(0)
            return 1
        except GameError as first:
            if not isinstance(first.__cause__, TypeError):
                raise
            for piles in (2, 3):
                try:
                    self._game.value((0,) * piles)
                    return piles
                except GameError:
                    continue
            raise

    def play(self, position, first="me", *, input=None, output=None, menu=30):
        """Play ``position`` against perfect play in the terminal, as ``grundy play``
        does: your options by number (or type the position after your move, as Python),
        the computer's winning move when it has one, and a word when your move threw a
        win away. ``input``/``output`` replace the builtins ``input``/``print`` (tests,
        notebooks). Returns "you win", "you lose" or None (quit)."""
        from .play import play_game
        return play_game(self, position, first=first, input=input, output=output, menu=menu)

    def known_values(self):
        """A dict of every position with a stored value, and the value (a copy)."""
        return self._game.known_values()

    def clear(self):
        """Forgets every stored value."""
        self._game.clear()

    # What the C++ game knows, read through (the game is held, not inherited from).
    name = _read_through("name")
    moves = _read_through("moves")
    memory = _read_through("memory", "The bound on the search's memory in bytes (by default half of physical memory).")
    dense = _read_through("dense", "The largest int position whose value is kept in an array (None: no array).")
    solver = _read_through("solver", "'automatic', 'normal_play' or 'loopy' (see the class).")
    loopy = _read_through("loopy", "True once the game is valued as a game with cycles.")
    stored = _read_through("stored", "How many positions have a stored value.")
    table_bytes = _read_through("table_bytes", "Bytes the table of values takes: its slots and the position objects.")

    def __repr__(self):
        game = getattr(self, "_game", None)
        return repr(game) if game is not None else "Game(<not made>)"
