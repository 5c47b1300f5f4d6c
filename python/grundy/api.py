"""What the ``grundy`` command computes, as functions: values of sums, positions,
tables of heap rules, the multi-board format."""

import operator
import os

from . import _grundy
from .memory import memory_bytes
from .table import Table


def parse(expression, *, threads=1, memory=None, table=None, table_seconds=60):
    """The position an expression describes, e.g. ``grundy.parse("nim(3,4,5) + kayles(7)")``
    (docs/expressions.md lists every ruleset). Raises ``grundy.InputError`` with the
    ``.column`` of a mistake.

    Settings for long searches are fixed when the text is parsed: ``threads`` (1 or 2),
    ``memory`` (a bound on the placement tables: bytes or ``"4GB"``), ``table`` (a
    placement table file, loaded if it exists and saved after each computation, also
    when Ctrl-C stops one) and ``table_seconds`` (between saves during a search).
    They are the settings of the run the position keeps: what it computes (a sequence,
    a placement table) serves every later call on the position, its options and parts.
    Adding positions parsed with different settings raises ``ValueError``."""
    if not isinstance(expression, str):
        # str(None) would parse as the word "None"; bytes would be "b'...'".
        hint = " (decode it first: expression.decode())" if isinstance(expression, (bytes, bytearray)) else ""
        raise TypeError(f"grundy.parse takes an expression as a str, not {type(expression).__name__}{hint}")
    return _grundy._parse(expression, threads=threads, memory=memory_bytes(memory),
                          table=_path(table), table_seconds=table_seconds)


def load(path, *, threads=1, memory=None, table=None, table_seconds=60):
    """The position written in a file (newlines are spaces); mistakes are reported with
    ``.file``, ``.line`` and ``.column``. Settings as for ``parse``."""
    return _grundy._load(os.fspath(path), threads=threads, memory=memory_bytes(memory),
                         table=_path(table), table_seconds=table_seconds)


def value(position, *, misere=False, max_moves=20, threads=None, memory=None, table=None, table_seconds=None):
    """Analyse a position (an expression, or a ``grundy.Position``): a ``grundy.Result``
    with ``.value``, ``.outcome`` ('N', 'P' or 'D'), ``.first_player_wins``,
    ``.components`` and ``.winning_moves`` (at most ``max_moves`` listed, all counted).

    ``misere=True`` answers misère play (the last player to move loses) of any sum of
    games that end, by the first method that applies: Bouton's rule, a heap's misère
    table, Conway's genus, the misère quotient of the heaps' rule, canonical forms, a
    search of the sum; ``.method`` says which. Games with cycles raise
    ``grundy.InputError``. ``threads``,
    ``memory``, ``table`` and ``table_seconds`` are settings for parsing the expression
    (see ``parse``); a position already parsed keeps its own."""
    settings = dict(threads=threads, memory=memory, table=table, table_seconds=table_seconds)
    if isinstance(position, _grundy.Position):
        given = [name for name, setting in settings.items() if setting is not None]
        if given:
            raise ValueError(f"{', '.join(given)}: settings apply when an expression is parsed; "
                             "pass them to grundy.parse, or give grundy.value the expression")
    elif isinstance(position, str):
        position = parse(position, **{k: v for k, v in settings.items() if v is not None})
    else:
        raise TypeError(f"grundy.value takes an expression (str) or a grundy.Position, "
                        f"not {type(position).__name__}")
    if max_moves < 0:
        raise ValueError(f"max_moves must be 0 or more, not {max_moves}")
    return _grundy._analyze(position, misere=bool(misere), max_moves=max_moves)


def table(rule, upto=50, *, misere=False, threads=1, engine="auto", checkpoint=None,
          checkpoint_seconds=60, output=None, format="text"):
    """The table g(0..upto) of a heap rule (``"sub{1,3,4}"``, ``"kayles"``, ``"0.6"``…)
    with its pattern, proven where a theorem allows: a ``grundy.Table``.

    ``misere=True`` gives the misère values of a single heap. Take-and-break rules (octal
    and hexadecimal codes, ``grundy``, ``kayles``, ``officers``…) run with the sequence
    engines: ``threads`` (1 or 2), ``engine`` ('auto', 'naive' or 'sparse'),
    ``checkpoint`` (a file written every ``checkpoint_seconds`` and when Ctrl-C stops the
    run; the same call resumes from it), ``output`` (a file for the values, ``format``
    'text' or 'binary')."""
    upto = _check_upto(upto)
    if not isinstance(rule, str):
        raise TypeError(f"grundy.table takes a rule as a str (such as 'kayles'), not {type(rule).__name__}")
    if _grundy._names_piles(rule):
        # A game on piles written with one-letter names ("wythoff(a,b)"): a grid.
        from .table import TupleTable
        name, upto, piles, values = _grundy._pile_table(rule, upto)
        return TupleTable(game=name, upto=upto, piles=piles, values=values)
    fields = _grundy._table(rule, upto, misere=bool(misere), threads=threads, engine=engine,
                            checkpoint=_path(checkpoint), checkpoint_seconds=checkpoint_seconds,
                            output=_path(output), format=format)
    return Table(**fields)


def boards(path=None, *, text=None, game="blocks2x2", json=False, memory="1GB", threads=1):
    """The multi-board format (a count, then rows, columns and cells of each board), read
    from a file or given as ``text``: "Yes" or "No" per case (the first player wins when
    the xor of the boards' values is not 0), as ``grundy boards`` prints; with
    ``json=True`` the full analysis of each case as a dict."""
    if (path is None) == (text is None):
        raise TypeError("grundy.boards takes a file path or text=, one of them")
    out = _grundy._boards(_path(path), text or "", game=game, json=json,
                          memory=memory_bytes(memory), threads=threads)
    if json:
        import json as json_module
        return json_module.loads(out)
    return out.split()


def graph(path):
    """The value of every vertex of a game graph file (docs/graph-format.md), as
    ``{vertex name: value}``, as ``grundy graph`` prints them. A graph with a cycle
    raises ``grundy.CycleError`` naming one."""
    return _grundy._graph(os.fspath(path))


def _check_upto(upto):
    """One line for a bad upto, before the C++ call (pybind11's own message for an
    int beyond 64 bits lists every overload on many lines)."""
    if isinstance(upto, bool):
        raise TypeError("upto is an int, not bool")
    try:
        upto = operator.index(upto)
    except TypeError:
        raise TypeError(f"upto is an int, not {type(upto).__name__}") from None
    if upto < 0:
        raise ValueError(f"upto must be 0 or more, not {upto}")
    if upto >= 2**62:
        raise OverflowError(f"upto must be below 2**62 (a table that large could never be computed), not {upto}")
    return upto


def _path(path):
    return "" if path is None else os.fspath(path)
