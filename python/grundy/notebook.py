"""How results show themselves in a Jupyter notebook (_repr_html_): a
grundy.Result as its value, outcome and winning moves. Tables and patterns
carry their own (table.py, pattern.py)."""

import html

from . import _grundy


def _result_html(result):
    rows = []
    for c in result.components:
        rows.append(f"<tr><td><code>{html.escape(str(c[0]))}</code></td><td>{html.escape(str(c[1]))}</td></tr>")
    moves = "".join(f"<li><code>{html.escape(m.component)}</code>: {html.escape(m.action)} &rarr; "
                    f"<code>{html.escape(m.after)}</code></li>" for m in result.winning_moves)
    count = result.winning_move_count
    more = f"<li>… and {count - len(result.winning_moves)} more</li>" if count > len(result.winning_moves) else ""
    value = "not computed" if result.value is None else html.escape(str(result.value))
    return (f"<div><code>{html.escape(str(result.position))}</code><br>"
            f"nim-value <b>{value}</b>: {html.escape(result.outcome_words)}"
            f"<table><tr><th>component</th><th>g</th></tr>{''.join(rows)}</table>"
            + (f"<p>Winning moves ({count}):</p><ul>{moves}{more}</ul>" if count else "") + "</div>")


_grundy.Result._repr_html_ = _result_html
