"""grundy.table for built-in heap rules and Table.plot, against brute force and
published sequences (tests/data)."""

import functools

import numpy as np
import pytest

import grundy
from conftest import mex, reference_terms, reference_text
from grundy.plot import rare_flags


def test_take_1_3_4_period_7_proven_against_brute_force():
    t = grundy.table("sub{1,3,4}", upto=30)
    @functools.lru_cache(maxsize=None)
    def g(n):
        return mex(g(n - k) for k in (1, 3, 4) if k <= n)
    assert list(t.values) == [g(n) for n in range(31)]
    assert (t.kind, t.period, t.preperiod, t.status, t.proven) == ("periodic", 7, 0, "proven", True)
    assert t.proof
    assert t.value(10**18) == g(10**18 % 7)
    assert len(t) == 31 and t[5] == g(5)
    assert repr(t).startswith("Table('sub{1,3,4}', upto=30: 0 1 0 1 2 3 2 0")
    assert repr(t).endswith("periodic, period 7, preperiod 0, proven)")


def test_kayles_matches_oeis_and_proves_its_period():
    terms = reference_terms("oeis_A002186_kayles_0.77_terms.txt")
    t = grundy.table("kayles", upto=300)
    assert [int(t[n]) for n in sorted(terms)] == [terms[n] for n in sorted(terms)]
    # OEIS: periodic with period 12 from n = 71.
    assert (t.period, t.preperiod, t.status) == (12, 71, "proven")
    assert len(t.values) == 301 and t.values.dtype == np.uint16


def test_officers_matches_the_reference_table_and_its_rare_values():
    lines = reference_text("officers_0.6_G0_to_G98303_mvr.txt").split()
    count, expected = int(lines[0]), [int(v) for v in lines[1:]]
    assert count == len(expected) == 98304
    t = grundy.table("officers", upto=count - 1, threads=2)
    assert np.array_equal(t.values, np.array(expected, dtype=np.uint16))
    assert t.status in ("none", "detected") and t.rule == "officers" and t.code == "0.6"
    # The rare values the plot marks (popcount(g & mask) even) are the published ones.
    rare = [int(line.split(",")[0])
            for line in reference_text("officers_0.6_rare_values_mvr.txt").splitlines()[1:] if line]
    flags = rare_flags(t.values, t.rare_mask)
    assert list(np.flatnonzero(flags)) == rare
    assert t.rare_count == len(rare) and t.last_rare == rare[-1]


def test_misere_table_of_a_single_heap():
    t = grundy.table("sub{1,2}", upto=12, misere=True)
    # Misère: the player who cannot move wins. By the rule alone:
    @functools.lru_cache(maxsize=None)
    def wins(n):
        return n == 0 or any(not wins(n - k) for k in (1, 2) if k <= n)
    assert [int(v) == 0 for v in t.values] == [not wins(n) for n in range(13)]
    assert t.misere


def test_checkpoint_output_and_resume(tmp_path):
    checkpoint, output = tmp_path / "run.ckpt", tmp_path / "g.txt"
    first = grundy.table("0.6", upto=5000, checkpoint=checkpoint, output=output)
    assert checkpoint.exists() and first.resumed_from == 0
    text = output.read_text().split("\n")
    assert text[0].startswith("# g(n) of") and [int(v) for v in text[1:5002]] == list(first.values)
    again = grundy.table("0.6", upto=6000, checkpoint=checkpoint)
    assert again.resumed_from == 5001
    assert np.array_equal(again.values[:5001], first.values)


def test_table_errors_say_what_is_wrong():
    with pytest.raises(grundy.InputError, match="not a game on one heap") as caught:
        grundy.table("moore(2)")
    with pytest.raises(grundy.InputError) as caught:
        grundy.table("sub{1,,3}")
    assert caught.value.column == 7  # the second comma: s-u-b-{-1-,-,
    with pytest.raises(grundy.InputError, match="take-and-break"):
        grundy.table("sub{1,2}", checkpoint="x.ckpt")
    with pytest.raises(grundy.InputError, match="engine"):
        grundy.table("kayles", engine="fast")
    with pytest.raises(ValueError):
        grundy.table("kayles", upto=-1)


def test_plot_returns_axes_and_marks_rare_values(tmp_path):
    import matplotlib
    # The sparse engine (and its mask) takes over from about 16 000 heaps.
    t = grundy.table("officers", upto=20000)
    ax = t.plot()
    assert isinstance(ax, matplotlib.axes.Axes)
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels[0] == "common" and labels[1].startswith(f"rare (mask {t.rare_mask:#x})")
    common, rare = ax.collections
    assert len(rare.get_offsets()) == int(rare_flags(t.values, t.rare_mask).sum())
    assert len(common.get_offsets()) + len(rare.get_offsets()) == 20001
    ax.figure.savefig(tmp_path / "officers.png")
    assert (tmp_path / "officers.png").stat().st_size > 1000
    plain = grundy.table("sub{1,3,4}", upto=50).plot()
    assert plain.get_legend() is None and len(plain.collections[0].get_offsets()) == 51
