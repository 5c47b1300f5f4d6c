"""Table.plot(): g(n) against n with matplotlib.

Take-and-break games whose values grow (Officers, Grundy's game) split into rare
and common values under a mask M (the sparse engine's): a value g is rare when
popcount(g & M) is even. Rare values are few and are what the engine lists, so
they are drawn on top, in their own colour.
"""

import numpy as np


def rare_flags(values, mask):
    """True where popcount(g & mask) is even: the rare values under `mask`."""
    masked = np.asarray(values, dtype=np.uint64) & np.uint64(mask)
    parity = np.zeros(masked.shape, dtype=np.uint8)
    while masked.any():
        parity ^= (masked & np.uint64(1)).astype(np.uint8)
        masked >>= np.uint64(1)
    return parity == 0


def plot_table(table, ax=None, rare=True, **scatter):
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4.5))
    n = np.arange(len(table.values))
    g = np.asarray(table.values)
    size = scatter.pop("s", 2 if len(g) > 2000 else 12)
    marked = rare and table.rare_mask is not None
    if marked:
        flags = rare_flags(g, table.rare_mask)
        ax.scatter(n[~flags], g[~flags], s=size, label="common", **scatter)
        ax.scatter(n[flags], g[flags], s=max(size * 6, 12), color="crimson", marker="x",
                   label=f"rare (mask {table.rare_mask:#x}): {int(flags.sum())} heaps")
        ax.legend(loc="lower right", framealpha=0.95)
    else:
        ax.scatter(n, g, s=size, **scatter)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("heap n")
    ax.set_ylabel("g⁻(n)" if table.misere else "g(n)")
    title = f"{table.rule}, n = 0..{len(g) - 1}"
    if table.kind != "none":
        title += f": period {table.period} after {table.preperiod} ({table.status})"
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    return ax
