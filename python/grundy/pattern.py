"""grundy.pattern: laws across a family of games, and code to paste.

    >>> import grundy
    >>> p = grundy.pattern("lr(L,R)", over="L=1..8,R=L..12")
    >>> print(p)                      # period L + R, g(x) = (x mod (L + R)) div L
    >>> sg = p.function()             # the law as a Python function sg(x, L, R)
    >>> print(p.code("cpp"))          # ... or as C++ to paste into a solution

A family of your own games: a function of the parameters that returns a
``grundy.Game`` (or a moves function)::

    >>> def lr(L, R):
    ...     return grundy.Game(lambda n: [n - s for s in range(L, R + 1) if s <= n])
    >>> grundy.pattern(lr, over={"L": range(1, 5), "R": lambda L: range(L, 8)})

Games on two (or more) piles take ``piles=2``; their positions are tuples.
Every law says whether it is proven (a theorem covers it) or only observed on
the range tabulated (docs/contest.md).
"""

import html
import inspect
import itertools
import json

from . import _grundy


class Pattern:
    """The laws found for a family: ``laws`` (dicts with ``subject``, ``statement``,
    ``formula``, ``proven``, ``evidence``), ``members`` (each member's parameters and
    pattern), ``notes`` (what was searched and not found), ``text`` (the report as
    ``grundy pattern`` prints it), and ``code(language)`` / ``function()`` for the
    law as code."""

    def __init__(self, fields):
        report = json.loads(fields["json"])
        self.family = report["family"]
        self.parameters = report["parameters"]
        self.position_variables = report["position_variables"]
        self.ranges = report["ranges"]
        self.upto = report["upto"]
        self.members = report["members"]
        self.laws = report["laws"]
        self.notes = report["notes"]
        self.value_formula = report.get("value_formula")
        self.text = fields["text"]
        self._code = {"cpp": fields["cpp"], "python": fields["python"]}

    def law(self, subject):
        """The first law about ``subject`` ('period', 'preperiod', 'g', 'P-positions', …),
        or None."""
        return next((law for law in self.laws if law["subject"] == subject), None)

    def code(self, language="python"):
        """A self-contained function ``sg(position…, parameters…)`` implementing the law
        (or the members' tables where none was found), with a comment naming the range it
        was checked on: 'python' or 'cpp'."""
        if language not in self._code:
            raise ValueError(f"language is 'python' or 'cpp', not {language!r}")
        return self._code[language]

    def function(self):
        """The Python code run: the function ``sg`` (and ``is_p`` for games on piles
        with a P-position law, as the attribute ``sg.is_p``)."""
        namespace = {}
        exec(compile(self._code["python"], "<grundy.pattern>", "exec"), namespace)  # our own generated code
        sg = namespace["sg"]
        if "is_p" in namespace:
            sg.is_p = namespace["is_p"]
        return sg

    def __str__(self):
        return self.text

    def __repr__(self):
        found = ", ".join(law["statement"] for law in self.laws[:3]) or "no law found"
        return f"Pattern({self.family!r}, {len(self.members)} members: {found})"

    def _repr_html_(self):
        rows = []
        for law in self.laws:
            status = ("proven" if law["proven"] else
                      "proven for each member, observed across the parameters" if law.get("proven_for_each_member")
                      else "observed")
            rows.append(f"<tr><td><code>{html.escape(law['statement'])}</code></td><td>{status}</td>"
                        f"<td>{html.escape(law['evidence'])}</td></tr>")
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in self.notes)
        where = html.escape(self.ranges) if self.ranges else "one member"
        return (f"<div><b>{html.escape(self.family)}</b> — {where}, {len(self.members)} members, "
                f"0..{self.upto}<table><tr><th>law</th><th>status</th><th>what it rests on</th></tr>"
                + "".join(rows) + "</table>" + (f"<p>Not found:</p><ul>{notes}</ul>" if notes else "") + "</div>")


def _ranges_of(over, names_wanted):
    """(names, assignments, words) from a string "L=1..8,R=L..12" or a dict of
    iterables / callables of the earlier parameters."""
    if over is None:
        return [], [()], ""
    if isinstance(over, str):
        names, assignments = _grundy._assignments(over)
        return list(names), [tuple(a) for a in assignments], over
    if not isinstance(over, dict):
        raise TypeError(f"over is a string such as 'L=1..8,R=L..12' or a dict, not {type(over).__name__}")
    names = list(over)
    assignments = []

    def walk(index, chosen):
        if index == len(names):
            assignments.append(tuple(chosen[n] for n in names))
            return
        spec = over[names[index]]
        values = spec(**chosen) if callable(spec) else spec
        for v in values:
            if not isinstance(v, int):
                raise TypeError(f"parameter {names[index]}: values are ints, not {type(v).__name__}")
            chosen[names[index]] = v
            walk(index + 1, chosen)
            del chosen[names[index]]

    walk(0, {})
    if len(assignments) > 10000:
        raise ValueError("over gives more than 10000 members; narrow the ranges")
    words = ", ".join(f"{n} in {over[n]!r}" if not callable(over[n]) else f"{n} by {getattr(over[n], '__name__', 'a function')}"
                      for n in names)
    return names, assignments, words


def pattern(family, over=None, *, upto=None, piles=None, rows=16):
    """Laws across a family of games: each member's least preperiod and period, then
    preperiod, period and saltus as formulas of the parameters, the values as a formula
    of the position and the parameters, the P-positions of games on piles, and the rows
    of two-pile games. A ``grundy.Pattern``.

    ``family`` is a template of built-in rulesets (``"lr(L,R)"``, ``"sub{1..k}"``,
    ``"wythoff(a,b)"``, ``"moore(k)(a,b,c)"``: piles as one-letter names) or a function
    of the parameters returning a ``grundy.Game`` or a moves function (positions are
    ints, or tuples with ``piles=2`` or more). ``over`` gives the parameters' ranges:
    ``"L=1..8,R=L..12"`` or ``{"L": range(1, 9), "R": lambda L: range(L, 13)}``.
    ``upto``: heaps 0..upto (default 120), or piles 0..upto (30 for two piles, 10 for
    three)."""
    if upto is not None and (not isinstance(upto, int) or upto < 0 or upto >= 2**63):
        raise ValueError(f"upto must be an int from 0 to 2**63 - 1, not {upto!r}")
    if isinstance(family, str):
        if piles is not None:
            raise TypeError("piles= is for a family of Python games; a template names its piles (wythoff(a,b))")
        if over is not None and not isinstance(over, str):
            over = ",".join(f"{name}={min(values)}..{max(values)}" for name, values in over.items()
                            if not callable(values))
        command = f"grundy.pattern({family!r}" + (f", over={over!r}" if over else "") + \
                  (f", upto={upto}" if upto is not None else "") + ")"
        return Pattern(_grundy._pattern_text(family, over or "", upto or 0, rows, command))
    if not callable(family):
        raise TypeError(f"family is a template (str) or a function of the parameters, not {type(family).__name__}")
    from .game import Game
    names, assignments, words = _ranges_of(over, None)
    # Parameters in the order of the function's own signature (sg(x, L, R)).
    try:
        signature = [p for p in inspect.signature(family).parameters if p in names]
    except (TypeError, ValueError):
        signature = names
    order = signature if sorted(signature) == sorted(names) else names
    piles = 1 if piles is None else piles
    if not isinstance(piles, int) or piles < 1 or piles > 6:
        raise ValueError(f"piles must be 1 to 6, not {piles!r}")
    if upto is None:
        upto = {1: 120, 2: 30, 3: 10}.get(piles, 6)
    position_variables = ["x"] if piles == 1 else ["a", "b", "c", "d", "e", "f"][:piles]
    label = getattr(family, "__name__", "family")
    members = []
    for assignment in assignments:
        chosen = dict(zip(names, assignment))
        game = family(**chosen)
        if not isinstance(game, Game):
            if not callable(game):
                raise TypeError(f"{label}({chosen}) returned {type(game).__name__}, not a grundy.Game or a moves function")
            game = Game(game)
        text = f"{label}(" + ", ".join(f"{n}={chosen[n]}" for n in order) + ")"
        if piles == 1:
            values = [int(v) for v in game.table(upto=upto).values]
            p_positions = []
        else:
            values = [game.value(cell) for cell in itertools.product(range(upto + 1), repeat=piles)]
            p_positions = [v == 0 for v in values]
        members.append((text, [chosen[n] for n in order], values, p_positions))
    command = f"grundy.pattern({label}, over={over!r}, upto={upto}" + (f", piles={piles}" if piles > 1 else "") + ")"
    written = f"{label}({', '.join(order)})"
    return Pattern(_grundy._pattern_members(written, order, [] if piles == 1 else position_variables, words, upto,
                                            members, command))
