"""Shared by the Python tests: plots without a display, and the published tables
in tests/data (sources in tests/data/SOURCES.md)."""

import os
import pathlib

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
REFERENCE = REPOSITORY / "tests" / "data"


def reference_text(name):
    """The text of a published table; a missing file fails the test with its name."""
    path = REFERENCE / name
    if not path.is_file():
        pytest.fail(f"published table missing: {path}")
    return path.read_text()


def reference_terms(name):
    """{n: a(n)} from a published table of 'n a(n)' lines ('#' starts a comment)."""
    terms = {}
    for line in reference_text(name).splitlines():
        line = line.split("#", 1)[0].split()
        if len(line) == 2:
            terms[int(line[0])] = int(line[1])
    return terms


def mex(values):
    m = 0
    values = set(values)
    while m in values:
        m += 1
    return m
