"""The exceptions grundy raises.

Bad input is a ``ValueError`` that says where it is: ``InputError`` carries the
place (``.column`` for an expression typed inline; ``.file``, ``.line`` and
``.column`` for a file) and the message without it (``.detail``). A request that
is well formed but beyond what can be answered exactly (a heap too large for a
rule with no proven pattern, a table beyond ``memory=``) is a ``LimitError``.

A user's game that misbehaves (its moves function raises, returns something
that is not an iterable of options, or lists a position that is not hashable)
raises ``GameError`` naming the position, with the original exception as its
``__cause__``.
"""


class InputError(ValueError):
    """Bad input, with its place: ``.file`` (None for text given inline), ``.line`` and
    ``.column`` (1-based, None where they do not apply), and ``.detail``, the message
    without the place."""

    def __init__(self, message, *, detail=None, file=None, line=None, column=None):
        super().__init__(message)
        self.detail = message if detail is None else detail
        self.file = file
        self.line = line
        self.column = column


class LimitError(InputError):
    """A request beyond what can be computed exactly here (never answered with a guess)."""


class CycleError(InputError):
    """The moves lead around a cycle, so the positions on it have no Sprague–Grundy
    value. ``.cycle`` lists the positions on the cycle, the first one again at the end:
    the positions themselves for a ``grundy.Game``, their texts for built-in games."""

    def __init__(self, message, *, cycle=(), **place):
        super().__init__(message, **place)
        self.cycle = list(cycle)


class GameError(Exception):
    """A user's game misbehaved at ``.position`` (of the game named ``.game``); the
    original exception, if any, is the ``__cause__``."""

    def __init__(self, message, *, position=None, game=None):
        super().__init__(message)
        self.position = position
        self.game = game
