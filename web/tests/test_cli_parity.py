"""The browser's answers equal the CLI's: more than 500 expressions covering
every ruleset — the registry's own samples (`grundy samples`, the positions
each ruleset draws for the conformance suite, so a ruleset added later is
compared here without a line of this file), random sums of them, large
positions of the rulesets with fast paths, misère play, and bad input —
answered by the page's engine in Chromium and by `grundy value --batch
--json`, compared field by field as JSON."""

import json
import pathlib
import random
import re
import shutil
import tempfile

import pytest

from conftest import run_cli

SEED = 24
PER_RULESET = 12

# The samples are small (each valued by the definition in milliseconds); the
# fast paths answer far past them, and the page must answer as the CLI there too.
LARGE = ["lasker(1000000000,999999999)", "euclid(1000000000000000000,999999999999999999)", "sub(pow2)(1000000000000)",
         "nodekayles_path(1000000)", "wythoff(1000000,618034)", "moore(2)(1000000,999999,3)", "sub(odd)(1000000000000)",
         "kayles(100000)", "nim(1000000000000000000)", "staircase(5,1000000,3,77)", "coins(ruler)(" + "HT" * 500 + ")",
         "sub{1,3,4}(1000000000000000000)", "chomp(2x1000)", "bash(7)(123456789012)"]


def heaps(r, count, top):
    return ",".join(str(r.randint(0, top)) for _ in range(r.randint(1, count)))


def samples(cli, folder):
    """`grundy samples` of every ruleset, its files written into `folder` and
    named there by their bare names (as the page knows them)."""
    result = run_cli(cli, "samples", "--count", str(PER_RULESET), "--seed", str(SEED), "--files", ".", "--json",
                     cwd=folder)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


# Misère play (docs/misere.md): sums of Nim heaps (Bouton's misère rule),
# single heaps, sums of heaps that split (the misère quotient: Kayles, Dawson's
# Kayles), sums across rulesets (canonical forms, genus) and a placement
# board (the search).
MISERE = [
    lambda r: f"nim({heaps(r, 4, 9)})",
    lambda r: f"sub{{1,2}}({r.randint(0, 40)})",
    lambda r: f"kayles({r.randint(0, 40)})",
    lambda r: f"bash({r.randint(1, 5)})({r.randint(0, 60)})",
    lambda r: f"kayles({heaps(r, 4, 30)})",
    lambda r: f"dawson({heaps(r, 3, 12)})",
    lambda r: f"kayles({r.randint(1, 9)}) + nim({r.randint(0, 3)}) + sub{{1,2}}({r.randint(0, 6)})",
    lambda r: f"cram({r.randint(1, 3)}x{r.randint(1, 4)}) + kayles({r.randint(0, 5)})",
]

BAD = ["nim(3,", "nim(3) + foo(2)", "sub{}(4)", "sub{1,2}(4", "bash(0)(3)", "lr(3,1)(4)", "kayles(99999999999999999999)",
       "nim(3) nim(4)", "moore(0)(1)", "cram(0110/000)", "blocks2x2(0x3)", "graph(@nofile.graph)(a)",
       "nodekayles(a(b),b(c)", "wythoff(1)", "0.9(3)", "staircase()", "nim(-1)", "sub(allbut{})(3)", "polyominoes(x9)(2x2)",
       "nim(1..99999999999)", "", "   +", "treblecross(3) + ", "sub{1,2,3}(10) + nim(3,-1)", "nodekayles_path(a)",
       "hackenbush(1-2)", "hackenbush(0-1,x)", "hackenbush(0-1,2-3)", "chomp(3,5)", "chomp(0x2)", "divisors(0)",
       "chomp(99999999999999999999x3)"]


def help_syntaxes(cli):
    text = run_cli(cli, "value", "--help").stdout
    rulesets = text.split("Rulesets (docs/expressions.md):", 1)[1]
    return {re.split(r"\s{2,}", line.strip())[0] for line in rulesets.splitlines() if line.strip()}


@pytest.fixture(scope="module")
def scratch():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="grundy-parity-"))
    yield folder
    shutil.rmtree(folder)


@pytest.fixture(scope="module")
def drawn(cli, scratch):
    return samples(cli, scratch)


def expressions(drawn):
    r = random.Random(SEED)
    listed = [sample["expression"] for sample in drawn]
    for _ in range(150):
        listed.append(" + ".join(sample["expression"] for sample in r.sample(drawn, r.randint(2, 3))))
    return listed + LARGE


def load_files(page, scratch):
    """The files the samples name, into the page (its engine reads @name there)."""
    files = {path.name: path.read_text() for path in scratch.iterdir()}
    raw, answer = page.request("set_files", {"files": files})
    assert "ok" in answer, raw


def cli_batch(cli, lines, scratch, *flags):
    result = run_cli(cli, "value", "--batch", "--json", *flags, stdin="\n".join(lines) + "\n", cwd=scratch)
    answers = []
    for line in result.stdout.splitlines():
        answer = json.loads(line)
        answer.pop("line")
        answers.append(answer)
    assert len(answers) == len(lines)
    return answers


def abbreviated(value):
    """The CLI's answers print a position past 300 bytes as its first 150, '…',
    its last 50 and its length (src/core/abbreviated_text.cpp, docs/expressions.md);
    the page keeps positions whole, as it plays from them. Applied to every
    string of the page's answer, so that the two say the same."""
    if isinstance(value, dict):
        return {key: abbreviated(v) for key, v in value.items()}
    if isinstance(value, list):
        return [abbreviated(v) for v in value]
    if isinstance(value, str):
        data = value.encode()
        if len(data) <= 300:
            return value
        head = 150
        while head > 0 and (data[head] & 0xC0) == 0x80:
            head -= 1
        tail = len(data) - 50
        while tail < len(data) and (data[tail] & 0xC0) == 0x80:
            tail += 1
        return (data[:head] + "…".encode() + data[tail:]).decode() + f" ({len(data)} characters in all)"
    return value


def browser_values(page, lines, misere=False):
    answers = []
    for start in range(0, len(lines), 100):
        chunk = lines[start:start + 100]
        answers += [json.loads(raw) for raw in page.requests("value", [{"expression": e, "misere": misere} for e in chunk])]
    return answers


def test_every_ruleset_has_samples(cli, drawn):
    # Every help line belongs to a ruleset that drew its samples, each at least 8.
    assert {syntax for sample in drawn for syntax in sample["help"]} == help_syntaxes(cli)
    counts = {}
    for sample in drawn:
        counts[sample["ruleset"]] = counts.get(sample["ruleset"], 0) + 1
    assert min(counts.values()) >= 8, counts


def test_browser_equals_cli_on_every_ruleset(page, cli, scratch, drawn):
    load_files(page, scratch)
    lines = expressions(drawn)
    assert len(lines) >= 500
    expected = cli_batch(cli, lines, scratch)
    got = browser_values(page, lines)
    compared = 0
    for line, want, have in zip(lines, expected, got):
        assert "error" not in want, (line, want)
        assert "ok" in have, (line, have)
        assert abbreviated(have["ok"]["value"]) == want, line
        compared += 1
    assert compared == len(lines)


def test_browser_equals_cli_in_misere_play(page, cli, scratch):
    r = random.Random(2024)
    lines = [MISERE[i % len(MISERE)](r) for i in range(96)]
    expected = cli_batch(cli, lines, scratch, "--misere")
    got = browser_values(page, lines, misere=True)
    errors = 0
    for line, want, have in zip(lines, expected, got):
        if "error" in want:
            # Refused by both, for the same reason.
            errors += 1
            assert re.sub(r"^<stdin>:\d+(:\d+)?: ", "", want["error"]) == \
                re.sub(r"^grundy: (column \d+: )?", "", have["error"]["message"]), line
            continue
        assert abbreviated(have["ok"]["value"]) == want, line
    assert errors == 0


def test_bad_input_gets_the_clis_message_and_column(page, cli, scratch, drawn):
    load_files(page, scratch)
    for line in BAD:
        result = run_cli(cli, "value", line, cwd=scratch)
        assert result.returncode == 2, (line, result.stderr)
        raw, answer = page.request("value", {"expression": line})
        assert "error" in answer, (line, raw)
        assert answer["error"]["message"] == result.stderr.strip(), line
        column = re.match(r"grundy: column (\d+):", result.stderr)
        assert answer["error"].get("column") == (int(column.group(1)) if column else None), line
