"""grundy: impartial games by Sprague–Grundy theory, from Python.

    >>> import grundy
    >>> r = grundy.value("sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)")
    >>> r.value, r.outcome, r.winning_moves
    >>> grundy.table("sub{1,3,4}", upto=30).period      # 7, proven
    >>> g = grundy.Game(lambda n: [n - k for k in (1, 2, 3) if k <= n])
    >>> g.value(10), g.table(upto=30).period             # your own rule
    >>> g(7) + grundy.parse("nim(3)")                    # in sums with built-in games
    >>> grundy.value("kayles(10,20) + nim(2)", misere=True)  # misère play of any sum
    >>> grundy.quotient("kayles")                        # its misère quotient

docs/python.md is the tutorial.
"""

try:
    import numpy as _numpy  # noqa: F401  (tables are numpy arrays; the compiled half imports it)
except ImportError as _missing:
    raise ImportError(
        "grundy needs numpy, which this Python cannot import (" + str(_missing) + "): install it "
        "(Debian: apt-get install python3-numpy; a venv: pip install numpy)") from _missing

from . import _grundy
from ._grundy import InfiniteValue, Move, Option, Position, Result, rulesets
from .api import boards, graph, load, parse, table, value
from .errors import CycleError, GameError, InputError, LimitError
from .game import Game
from .misere import MisereForm, Quotient, misere, quotient
from .pattern import Pattern, pattern
from .table import Table, TupleTable
from . import notebook as _notebook  # noqa: F401  (HTML for Jupyter: Result._repr_html_)

__all__ = [
    "value", "parse", "load", "table", "boards", "graph", "rulesets", "pattern", "quotient", "misere",
    "Quotient", "MisereForm",
    "Game", "Position", "Result", "Move", "Option", "Table", "TupleTable", "Pattern", "InfiniteValue",
    "InputError", "LimitError", "CycleError", "GameError",
]
