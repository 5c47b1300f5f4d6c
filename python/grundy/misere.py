"""Misère play beyond a single sum's outcome: the misère quotient of a heap rule
(``grundy quotient``) and the misère canonical form of a position (``grundy misere``).

    >>> q = grundy.quotient("0.75", upto=30)
    >>> q.size, q.p_size, q.presentation      # 8, 2, '<a, b, c | a^2 = 1, bc = ab, ...>'
    >>> q.pretending[:6]                      # the class of each heap, as words
    >>> grundy.misere("*[[2],0]").genus       # '1^2'
    >>> grundy.misere("kayles(6)").form       # CGSuite's notation

docs/misere.md explains the fields."""

import os

from . import _grundy
from .memory import memory_bytes


class Quotient:
    """The misère quotient of a heap rule up to a heap, as ``grundy quotient --json``
    gives it: ``size`` (|Q|), ``p_size`` (|P|), ``presentation``, ``generators``
    ([{name, heap}]), ``relations`` ([{word, equals}]), ``p_portion`` (words),
    ``pretending`` (the class of heaps 0..heaps, as words), ``period`` (a dict: kind,
    status, preperiod, period, proof), ``tame`` and ``tame_name`` ('T2', …),
    ``last_rogue``, ``expansion_heaps``, ``heaps``, ``complete``, ``stopped`` (why it
    stopped short, or None), ``seconds``…; ``fields`` holds them all as a dict."""

    def __init__(self, fields):
        self.fields = fields
        for name, value in fields.items():
            setattr(self, name, value)

    def __repr__(self):
        return (f"Quotient({self.rule}, heaps 0..{self.heaps}: |Q| = {self.size}, |P| = {self.p_size}, "
                f"{'tame ' + self.tame_name if self.tame else 'wild'})")


class MisereForm:
    """The misère canonical form of a position and what it tells, as ``grundy misere
    --json`` gives it: ``form`` (CGSuite's notation), ``genus``, ``misere_value``,
    ``normal_value``, ``outcome`` ('P' or 'N'), ``phylum`` and the flags ``tame``,
    ``generally_tame``, ``tameable``, ``restive``, ``generally_restive``, ``restless``,
    ``half_tame``, ``nim_heap``, ``even``, ``introverted``; ``birthday``, ``mate`` and
    ``options``."""

    def __init__(self, fields):
        self.fields = fields
        for name, value in fields.items():
            setattr(self, name, value)

    def __repr__(self):
        return f"MisereForm({self.form}, genus {self.genus}, {self.outcome})"


def quotient(rule, upto=None, *, checkpoint=None, checkpoint_seconds=60, memory="2GiB"):
    """The misère quotient of a heap rule (an octal or hexadecimal code such as "0.77",
    "0x0.F7", a name such as "kayles", or any heap rule such as "sub{1,2,3}"), heap by
    heap up to ``upto`` (None: until its pretending function is proven periodic, at
    most 1000 heaps): a ``grundy.Quotient``.

    ``checkpoint``: a file written every ``checkpoint_seconds``, when Ctrl-C stops the
    run (KeyboardInterrupt is raised after it is written) and at the end; the same call
    resumes from it. ``memory``: past this bound the run stops with ``stopped`` set,
    keeping its checkpoint."""
    if upto is not None and upto < 0:
        raise ValueError(f"upto must be 0 or more, not {upto}")
    fields = _grundy._quotient(str(rule), upto, "" if checkpoint is None else os.fspath(checkpoint),
                               float(checkpoint_seconds), memory_bytes(memory))
    return Quotient(fields)


def misere(position, *, memory=None):
    """The misère canonical form of a position — an expression, a ``grundy.Position``
    (built-in games, your own ``grundy.Game``), or a game in CGSuite's notation such as
    ``"*[[2],0]"`` — with its genus, misère nim-value, outcome, classification and mate:
    a ``grundy.MisereForm``."""
    if isinstance(position, _grundy.Position):
        if memory is not None:
            raise ValueError("memory: settings apply when an expression is parsed")
        return MisereForm(_grundy._misere_position(position))
    if isinstance(position, str):
        return MisereForm(_grundy._misere_text(position, memory_bytes(memory)))
    raise TypeError(f"grundy.misere takes an expression (str) or a grundy.Position, not {type(position).__name__}")
