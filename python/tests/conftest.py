"""Shared by the Python tests: plots without a display, and the reference data
kept outside the repository (../shared/reference beside the checkout)."""

import os
import pathlib

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
REFERENCE = REPOSITORY.parent / "shared" / "reference"


def reference_terms(name):
    """{n: a(n)} from a reference file of 'n a(n)' lines ('#' starts a comment)."""
    path = REFERENCE / name
    if not path.exists():
        pytest.fail(f"reference data missing: {path}")
    terms = {}
    for line in path.read_text().splitlines():
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
