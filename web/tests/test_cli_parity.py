"""The browser's answers equal the CLI's: more than 500 expressions covering
every ruleset (each line of the registry's help, as `grundy value --help`
prints it, has its own generator; a ruleset added later fails this test until
it has one), random sums of them, misère play, and bad input — answered by the
page's engine in Chromium and by `grundy value --batch --json`, compared field
by field as JSON."""

import json
import pathlib
import random
import re
import shutil
import tempfile

import pytest

from conftest import REPOSITORY, run_cli

FILES = ["textbook.graph", "petersen.graph", "ferguson-triangle.graph", "wind-up.graph", "board.txt", "hackenbush-figure.txt", "poset-cube.txt"]


def heaps(r, count, top):
    return ",".join(str(r.randint(0, top)) for _ in range(r.randint(1, count)))


def board(r, rows, cols, blocked=0.25):
    cells = ["".join("1" if r.random() < blocked else "0" for _ in range(cols)) for _ in range(rows)]
    return "/".join(cells) + ("/" if rows == 1 else "")


def coin_row(r, most):
    return "".join(r.choice("HT") for _ in range(r.randint(1, most)))


def coin_board(r, rows, cols):
    width = r.randint(1, cols)
    return "/".join("".join(r.choice("HT") for _ in range(width)) for _ in range(r.randint(1, rows)))


def nogo_board(r, rows, cols):
    # Stones and '#' only on squares of one parity: every stone's neighbours
    # are empty points, so no group is without a liberty (a legal board).
    width = r.randint(2, cols)
    return "/".join("".join(r.choice("XO#...") if (row + col) % 2 == 0 else "." for col in range(width))
                    for row in range(r.randint(1, rows)))


def octal(r):
    digits = "".join(r.choice("01234567") for _ in range(r.randint(1, 3)))
    return "0." + digits if digits.strip("0") else "0.7"


def inline_graph(r):
    names = ["a", "b", "c", "d", "e", "f", "g"][: r.randint(2, 7)]
    parts = []
    for i, v in enumerate(names):
        earlier = [w for w in names[:i] if r.random() < 0.5]
        parts.append(f"{v}({','.join(earlier)})" if earlier else v)
    return "nodekayles(" + ",".join(parts) + ")"


def hackenbush_edges(r):
    names = ["0", "1", "2", "3", "a", "b"]
    reached, edges = ["0"], []
    for _ in range(r.randint(1, 8)):
        u = r.choice(reached)
        v = u if r.random() < 0.15 else r.choice(names)
        if v not in reached:
            reached.append(v)
        edges.append(f"{u}-{v}" if r.random() < 0.5 else f"{v}-{u}")
    return "hackenbush(" + ",".join(edges) + ")"


# One generator per help line (its syntax, as the registry writes it).
GENERATORS = {
    "nim(heaps…)": lambda r: f"nim({heaps(r, 4, 40)})",
    "sub{1,3,4}(heaps…)": lambda r: "sub{" + ",".join(str(x) for x in sorted(r.sample(range(1, 10), r.randint(1, 4)))) + "}" + f"({heaps(r, 3, 80)})",
    "sub(odd)(heaps…)": lambda r: f"sub(odd)({heaps(r, 3, 1000)})",
    "sub(even)(heaps…)": lambda r: f"sub(even)({heaps(r, 3, 1000)})",
    "sub(all)(heaps…)": lambda r: f"sub(all)({heaps(r, 3, 1000)})",
    "sub(allbut{2,5})(heaps…)": lambda r: "sub(allbut{" + ",".join(str(x) for x in sorted(r.sample(range(1, 8), r.randint(1, 3)))) + "})" + f"({heaps(r, 2, 60)})",
    "sub(fib)(heaps…)": lambda r: f"sub(fib)({heaps(r, 3, 200)})",
    "sub(pow2)(heaps…)": lambda r: f"sub(pow2)({heaps(r, 3, 10**12)})",
    "sub(squares)(heaps…)": lambda r: f"sub(squares)({heaps(r, 3, 500)})",
    "bash(m)(heaps…)": lambda r: f"bash({r.randint(1, 9)})({heaps(r, 3, 100)})",
    "lr(L,R)(heaps…)": lambda r: f"lr({r.randint(1, 4)},{r.randint(4, 7)})({heaps(r, 3, 100)})",
    "moore(k)(heaps…)": lambda r: f"moore({r.randint(1, 3)})({heaps(r, 4, 12)})",
    "staircase(c0,c1,c2,…)": lambda r: f"staircase({heaps(r, 5, 9)})",
    "wythoff(a,b)": lambda r: f"wythoff({r.randint(0, 60)},{r.randint(0, 60)})",
    "euclid(a,b)": lambda r: r.choice([f"euclid({r.randint(0, 300)},{r.randint(0, 300)})",
                                       f"euclid({r.randint(1, 10**18)},{r.randint(1, 10**18)})"]),
    "graph(@file)(vertices…)": lambda r: r.choice([
        f"graph(@textbook.graph)({','.join(r.sample(['h5', 'h4', 'h3', 'h2', 'h1', 'h0', 'start', 'side'], r.randint(1, 3)))})",
        f"graph(@ferguson-triangle.graph)({','.join(r.sample(['a', 'b', 'c', 'd', 'e'], r.randint(1, 2)))})",
        "graph(@wind-up.graph)(k4) + nim(1)"]),
    "hackenbush(0-1,1-2,2-0,1-3)": hackenbush_edges,
    "hackenbush(@file)": lambda r: "hackenbush(@hackenbush-figure.txt)",
    "chomp(3x5)": lambda r: r.choice([f"chomp({r.randint(1, 4)}x{r.randint(1, 6)})", f"chomp({r.randint(2, 40)}x2)"]),
    "chomp(5,3,3,1)": lambda r: "chomp(" + ",".join(str(x) for x in sorted((r.randint(1, 6) for _ in range(r.randint(1, 4))), reverse=True)) + ")",
    "divisors(60)": lambda r: f"divisors({r.choice([12, 30, 60, 64, 72, 90, 210, 360])})",
    "poset(@file)": lambda r: "poset(@poset-cube.txt)",
    "poset(@file,x,y)": lambda r: "poset(@poset-cube.txt," + ",".join(r.sample(["a", "b", "c", "ab", "ac", "bc"], r.randint(1, 2))) + ")",
    "clobber(XO.X/OXOX)": lambda r: "clobber(" + "/".join(
        "".join(r.choice("XXOO.") for _ in range(cols)) for cols in [r.randint(2, 5)] * r.randint(1, 3)) + ")",
    "nogo(..X./O...)": lambda r: "nogo(" + nogo_board(r, 3, 5) + ")",
    "0.77(heaps…), .6(…), 4.3(…), 0x0.F7(…)": lambda r: r.choice([
        f"{octal(r)}({heaps(r, 3, 60)})", f".6({heaps(r, 2, 80)})", f"4.3({heaps(r, 2, 30)})", f"0x0.F7({heaps(r, 2, 30)})"]),
    "kayles(heaps…)": lambda r: f"kayles({heaps(r, 3, 200)})",
    "dawson(heaps…)": lambda r: f"dawson({heaps(r, 3, 200)})",
    "officers(heaps…)": lambda r: f"officers({heaps(r, 3, 300)})",
    "treblecross(heaps…)": lambda r: f"treblecross({heaps(r, 3, 100)})",
    "grundy(heaps…)": lambda r: f"grundy({heaps(r, 3, 150)})",
    "lasker(heaps…)": lambda r: f"lasker({heaps(r, 3, 10**9)})",
    "coins(ruler)(THHTH)": lambda r: f"coins(ruler)({coin_row(r, 40)})",
    "coins(mockturtles)(THHTH)": lambda r: f"coins(mockturtles)({coin_row(r, 40)})",
    "coins(turningturtles)(THHTH)": lambda r: f"coins(turningturtles)({coin_row(r, 40)})",
    "coins(twins)(THHTH)": lambda r: f"coins(twins)({coin_row(r, 40)})",
    "coins(moebius)(THHTH)": lambda r: f"coins(moebius)({coin_row(r, 20)})",
    "coins(turn{0}{0,1}{0,3})(THHTH)": lambda r: "coins(turn" + "".join(
        "{" + ",".join(str(d) for d in sorted(r.sample(range(1, 6), r.randint(0, 2)))) + "}" for _ in range(r.randint(1, 3)))
        + f")({coin_row(r, 30)})",
    "coins(ruler,mockturtles)(HT/TH)": lambda r: "coins(" + ",".join(r.choice(["ruler", "mockturtles", "turningturtles", "twins"])
        for _ in range(2)) + f")({coin_board(r, 4, 4)})",
    "coins(acrostictwins)(HT/TH)": lambda r: f"coins(acrostictwins)({coin_board(r, 5, 5)})",
    "corners(HT/TH)": lambda r: f"corners({coin_board(r, 5, 5)})",
    "blocks2x2(8x8), blocks2x2(@board.txt)": lambda r: r.choice([
        f"blocks2x2({r.randint(2, 5)}x{r.randint(2, 6)})", f"blocks2x2({board(r, r.randint(2, 4), r.randint(2, 5))})",
        "blocks2x2(@board.txt)"]),
    "cram(7x7), cram(0110/0000)": lambda r: r.choice([
        f"cram({r.randint(1, 4)}x{r.randint(1, 5)})", f"cram({board(r, r.randint(1, 4), r.randint(2, 5))})"]),
    "bars(k)(RxC)": lambda r: f"bars({r.randint(2, 3)})({r.randint(1, 4)}x{r.randint(2, 5)})",
    "polyominoes(i3,v3,…)(RxC)": lambda r: "polyominoes(" + ",".join(r.sample(["mono", "domino", "i3", "v3", "o4", "t4", "l4"], r.randint(1, 2))) + f")({r.randint(2, 3)}x{r.randint(2, 4)})",
    "nodekayles(@file)": lambda r: r.choice(["nodekayles(@petersen.graph)", "nodekayles(@textbook.graph)"]),
    "nodekayles(@file)(v,…)": lambda r: "nodekayles(@petersen.graph)(" + ",".join(r.sample(["o0", "o1", "o2", "o3", "o4", "i0", "i1", "i2", "i3", "i4"], r.randint(1, 7))) + ")",
    "nodekayles(a(b,c),b(d),e)": inline_graph,
    "nodekayles_grid(RxC)": lambda r: r.choice([f"nodekayles_grid({r.randint(1, 4)}x{r.randint(1, 5)})",
                                                f"nodekayles_grid({board(r, r.randint(2, 4), r.randint(2, 4))})"]),
    "nodekayles_king(RxC)": lambda r: f"nodekayles_king({r.randint(1, 4)}x{r.randint(1, 5)})",
    "nodekayles_path(n)": lambda r: f"nodekayles_path({r.randint(0, 10**6)})",
}

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


def expressions():
    r = random.Random(24)
    listed = []
    for syntax, generate in GENERATORS.items():
        for _ in range(12):
            listed.append(generate(r))
    generators = list(GENERATORS.values())
    for _ in range(150):
        listed.append(" + ".join(g(r) for g in r.sample(generators, r.randint(2, 3))))
    return listed


@pytest.fixture(scope="module")
def scratch():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="grundy-parity-"))
    for name in FILES:
        shutil.copy(REPOSITORY / "examples" / name, folder / name)
    yield folder
    shutil.rmtree(folder)


def load_files(page):
    files = {name: (REPOSITORY / "examples" / name).read_text() for name in FILES}
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


def browser_values(page, lines, misere=False):
    answers = []
    for start in range(0, len(lines), 100):
        chunk = lines[start:start + 100]
        answers += [json.loads(raw) for raw in page.requests("value", [{"expression": e, "misere": misere} for e in chunk])]
    return answers


def test_every_ruleset_has_a_generator(cli):
    assert set(GENERATORS) == help_syntaxes(cli)


def test_browser_equals_cli_on_every_ruleset(page, cli, scratch):
    load_files(page)
    lines = expressions()
    assert len(lines) >= 500
    expected = cli_batch(cli, lines, scratch)
    got = browser_values(page, lines)
    compared = 0
    for line, want, have in zip(lines, expected, got):
        assert "error" not in want, (line, want)
        assert "ok" in have, (line, have)
        assert have["ok"]["value"] == want, line
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
        assert have["ok"]["value"] == want, line
    assert errors == 0


def test_bad_input_gets_the_clis_message_and_column(page, cli, scratch):
    load_files(page)
    for line in BAD:
        result = run_cli(cli, "value", line, cwd=scratch)
        assert result.returncode == 2, (line, result.stderr)
        raw, answer = page.request("value", {"expression": line})
        assert "error" in answer, (line, raw)
        assert answer["error"]["message"] == result.stderr.strip(), line
        column = re.match(r"grundy: column (\d+):", result.stderr)
        assert answer["error"].get("column") == (int(column.group(1)) if column else None), line
