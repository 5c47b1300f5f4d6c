"""grundy.Table: g(0), …, g(upto) of a heap rule, and the pattern in them."""


class Table:
    """The values g(0..upto) of a heap rule (``values``, a numpy array) and their pattern:
    ``kind`` ('periodic', 'arithmetic' or 'none'), ``period``, ``preperiod``, ``saltus``
    (arithmetic periods), ``status`` ('proven' where a theorem guarantees the pattern
    forever, 'detected' where it holds over the table only, 'none'), ``proven`` and
    ``proof`` (which theorem). Take-and-break runs add ``rare_mask``/``rare_count`` (the
    sparse engine's rare/common split), ``engine``, ``seconds`` and ``values_per_second``.

    ``t[n]`` is g(n) within the table; ``t.value(n)`` any n the proven pattern covers.
    ``t.plot()`` draws g(n) against n.
    """

    def __init__(self, *, rule, upto, values, kind, status, period, preperiod, saltus, proof,
                 misere=False, code=None, engine=None, threads=None, rare_mask=None, rare_count=0,
                 last_rare=None, resumed_from=0, seconds=None, values_per_second=None, output=None):
        self.rule = rule
        self.upto = upto
        self.values = values
        self.kind = kind
        self.status = status
        self.period = period
        self.preperiod = preperiod
        self.saltus = saltus
        self.proof = proof
        self.misere = misere
        self.code = code
        self.engine = engine
        self.threads = threads
        self.rare_mask = rare_mask
        self.rare_count = rare_count
        self.last_rare = last_rare
        self.resumed_from = resumed_from
        self.seconds = seconds
        self.values_per_second = values_per_second
        self.output = output

    @property
    def proven(self):
        """True when a theorem guarantees the pattern for every heap."""
        return self.status == "proven"

    def __len__(self):
        return len(self.values)

    def __getitem__(self, n):
        return self.values[n]

    def __iter__(self):
        return iter(self.values)

    def value(self, n):
        """g(n): from the table, or beyond it from a proven pattern."""
        if n < 0:
            raise ValueError(f"heaps are 0 or more, not {n}")
        if n < len(self.values):
            return int(self.values[n])
        if not self.proven:
            raise ValueError(f"g({n}) is beyond the table (upto={self.upto}) and the pattern is "
                             f"{'not proven' if self.kind != 'none' else 'unknown'}")
        start, period = self.preperiod, self.period
        steps, offset = divmod(n - start, period)
        base = int(self.values[start + offset])
        return base + steps * self.saltus if self.kind == "arithmetic" else base

    def pattern_words(self):
        """The pattern in words, as ``grundy table`` prints it."""
        if self.kind == "none":
            text = "no period found in the table"
        elif self.kind == "periodic":
            text = f"periodic with period {self.period} after a preperiod of {self.preperiod}"
        else:
            text = (f"arithmetic-periodic with period {self.period} and saltus {self.saltus} "
                    f"after a preperiod of {self.preperiod}")
        status = {"proven": "proven", "detected": "detected, not proven", "none": "none found"}[self.status]
        text += f" — {status}"
        if self.proof:
            text += f" ({self.proof})"
        return text

    def plot(self, ax=None, *, rare=True, **scatter):
        """Draws g(n) against n with matplotlib and returns the Axes (a new figure's unless
        ``ax`` is given). For take-and-break runs with a rare/common mask, ``rare=True``
        marks the rare values. Extra keywords go to ``Axes.scatter``."""
        from .plot import plot_table
        return plot_table(self, ax=ax, rare=rare, **scatter)

    def __repr__(self):
        shown = " ".join(str(int(v)) for v in self.values[:20])
        if len(self.values) > 20:
            shown += " …"
        play = ", misère" if self.misere else ""
        if self.kind == "none":
            pattern = f"no pattern ({self.status})" if self.status != "none" else "no pattern found"
        else:
            pattern = f"{self.kind}, period {self.period}, preperiod {self.preperiod}"
            if self.kind == "arithmetic":
                pattern += f", saltus {self.saltus}"
            pattern += f", {self.status}"
        return f"Table({self.rule!r}, upto={self.upto}{play}: {shown}; {pattern})"


def _table_html(table):
    """g(n) in rows of 20, the preperiod shaded and the first period outlined."""
    import html
    cells = []
    start = table.preperiod if table.kind != "none" and table.preperiod is not None else None
    period = table.period if table.kind != "none" else None
    shown = min(len(table.values), 400)
    for n in range(shown):
        style = ""
        if start is not None and n < start:
            style = "background:#eee"
        elif start is not None and period and n < start + period:
            style = "background:#dfe9ff;font-weight:bold"
        if int(table.values[n]) == 0:
            style += ";color:#b00"
        cells.append(f'<td title="g({n})" style="{style}">{int(table.values[n])}</td>')
    rows = []
    for i in range(0, len(cells), 20):
        rows.append(f"<tr><th>{i}</th>" + "".join(cells[i:i + 20]) + "</tr>")
    more = f"<p>… {len(table.values) - shown} more values</p>" if len(table.values) > shown else ""
    legend = ("<p><span style='background:#eee'>preperiod</span> "
              "<span style='background:#dfe9ff;font-weight:bold'>first period</span> "
              "<span style='color:#b00'>0: P-positions</span></p>")
    return (f"<div><b>{html.escape(str(table.rule))}</b>, g(0..{table.upto}) — "
            f"{html.escape(table.pattern_words())}<table>" + "".join(rows) + "</table>" + more + legend + "</div>")


Table._repr_html_ = _table_html


class TupleTable:
    """The values of a game on piles over [0, upto]^piles: ``values`` (a numpy array of
    shape (upto + 1,) * piles; -1 where a value is not known), ``p_positions`` (the
    positions of value 0, as tuples), ``t[a, b]``; ``rows`` for two piles: row a's
    pattern (g(a, b + p) = g(a, b) + s from some b), detected on the table."""

    def __init__(self, *, game, upto, piles, values):
        self.game = game
        self.upto = upto
        self.piles = piles
        self.values = values

    @property
    def p_positions(self):
        """The P-positions (value 0) in the table, smallest first."""
        import numpy
        return [tuple(int(i) for i in index) for index in numpy.argwhere(self.values == 0)]

    @property
    def rows(self):
        """Two piles: for each row a, {'row', 'kind', 'period', 'preperiod', 'saltus'}
        detected on the row's values (never proven: a Python game has no theorem)."""
        if self.piles != 2:
            raise ValueError("rows are for games on two piles")
        from . import _grundy
        out = []
        for a in range(self.upto + 1):
            fields = _grundy._detect_pattern([int(v) for v in self.values[a]])
            fields["row"] = a
            out.append(fields)
        return out

    def __getitem__(self, cell):
        return self.values[cell]

    def __repr__(self):
        p = self.p_positions
        shown = ", ".join(str(c) for c in p[:8]) + (" …" if len(p) > 8 else "")
        return f"TupleTable({self.game!r}, {self.piles} piles 0..{self.upto}; P-positions: {shown})"

    def _repr_html_(self):
        import html
        if self.piles != 2:
            return "<pre>" + html.escape(repr(self)) + "</pre>"
        side = min(self.upto + 1, 40)
        head = "<tr><th>a\\b</th>" + "".join(f"<th>{b}</th>" for b in range(side)) + "</tr>"
        body = []
        for a in range(side):
            cells = []
            for b in range(side):
                v = int(self.values[a, b])
                style = "background:#fdd;font-weight:bold" if v == 0 else ""
                cells.append(f'<td style="{style}">{v if v >= 0 else "?"}</td>')
            body.append(f"<tr><th>{a}</th>" + "".join(cells) + "</tr>")
        return (f"<div><b>{html.escape(str(self.game))}</b>: g(a, b) for a, b in 0..{self.upto} "
                f"(P-positions shaded)<table>{head}" + "".join(body) + "</table></div>")
