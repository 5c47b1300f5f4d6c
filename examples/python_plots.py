"""Draws the plots of docs/python.md into docs/ (run from the checkout with the
module built: PYTHONPATH=build/python /usr/bin/python3 examples/python_plots.py)."""

import pathlib

import matplotlib

matplotlib.use("Agg")  # files, no window

import grundy  # noqa: E402

docs = pathlib.Path(__file__).resolve().parents[1] / "docs"

# Officers (0.6) to 10^5: the values grow, the few rare ones stand out.
ax = grundy.table("officers", upto=100_000).plot()
ax.figure.savefig(docs / "python_officers.png", dpi=110, bbox_inches="tight")


# The invented rule of the tutorial: take 1, or 2 if n is even, or split a heap of 4 or more.
def invented(n):
    options = [n - 1] if n >= 1 else []
    if n >= 2 and n % 2 == 0:
        options.append(n - 2)
    if n >= 4:
        options += [[a, n - a] for a in range(1, n // 2 + 1)]
    return options


ax = grundy.Game(invented).table(upto=60).plot()
ax.figure.savefig(docs / "python_invented.png", dpi=110, bbox_inches="tight")
