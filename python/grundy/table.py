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
