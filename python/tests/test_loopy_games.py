"""A Python rule whose moves go round cycles gets the values of games with cycles,
∞(K) and draws (docs/loopy.md), as a graph file of the same game does: checked
against `grundy graph --json` (the CLI's own process) on random graphs, and
against the product graph, written as a graph file too, for sums."""

import json
import os
import random
import subprocess

import pytest

import grundy

CLI = os.path.join(os.path.dirname(grundy.__file__), os.pardir, os.pardir, "grundy")


def graph_values(tmp_path, edges):
    """{vertex: value as grundy graph --json prints it} for {vertex: [successors]}."""
    path = tmp_path / "game.graph"
    path.write_text("".join(f"{v}: {' '.join(s)}\n" if s else f"{v}\n" for v, s in edges.items()))
    done = subprocess.run([CLI, "graph", str(path), "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # "outcomes" is printed for graphs with cycles; without, a value 0 is a P-position.
    outcomes = out.get("outcomes") or {v: "P" if value == 0 else "N" for v, value in out["values"].items()}
    return out["values"], outcomes


def as_json(value):
    """A value as the CLI's JSON writes it: an int, or {"infinite": K}."""
    if isinstance(value, int):
        return value
    assert isinstance(value, grundy.InfiniteValue), value
    return {"infinite": list(value.reachable)}


def random_graph(rng, n, edges_per_vertex):
    return {f"v{i}": sorted({f"v{rng.randrange(n)}" for _ in range(rng.randrange(edges_per_vertex + 1))})
            for i in range(n)}


@pytest.mark.skipif(not os.path.exists(CLI), reason="the grundy CLI is built beside the module")
def test_random_graphs_with_cycles_equal_the_graph_files_values(tmp_path):
    rng = random.Random(11)
    infinite = 0
    for trial in range(25):
        edges = random_graph(rng, rng.randrange(2, 30), 3)
        game = grundy.Game(lambda v, edges=edges: edges[v], name="walk")
        values, outcomes = graph_values(tmp_path, edges)
        for v in edges:
            mine = game.value(v)
            assert as_json(mine) == values[v], (trial, v, edges)
            assert game.outcome(v) == outcomes[v], (trial, v)
            infinite += not isinstance(mine, int)
    assert infinite > 20  # the graphs did have positions of value ∞


@pytest.mark.skipif(not os.path.exists(CLI), reason="the grundy CLI is built beside the module")
def test_sums_inside_a_game_with_cycles_equal_the_product_graph(tmp_path):
    # "start" moves to a sum of two tokens on a random graph with cycles: the
    # game's graph is then the product graph (a move moves one token), which a
    # graph file spells out.
    rng = random.Random(5)
    for trial in range(8):
        edges = random_graph(rng, rng.randrange(2, 9), 2)
        x, y = rng.choice(list(edges)), rng.choice(list(edges))

        def moves(p, edges=edges, x=x, y=y):
            return [[x, y]] if p == "start" else edges[p]

        game = grundy.Game(moves, name="tokens")
        product = {"start": [f"{x}_x_{y}"]}
        for a in edges:
            for b in edges:
                product[f"{a}_x_{b}"] = [f"{a2}_x_{b}" for a2 in edges[a]] + [f"{a}_x_{b2}" for b2 in edges[b]]
        values, _ = graph_values(tmp_path, product)
        assert as_json(game.value("start")) == values["start"], (trial, edges, x, y)
        assert as_json(game.value([x, y])) == values[f"{x}_x_{y}"], (trial, edges, x, y)


def test_a_ring_gets_loopy_values_and_normal_play_still_names_the_cycle():
    # A token on a ring of 3 squares that may step on, wrapping around, or stop.
    def ring(p):
        return [] if p == "stop" else [(p + 1) % 3, "stop"]

    g = grundy.Game(ring, name="ring")
    assert g.solver == "automatic" and not g.loopy
    assert g.value("stop") == 0 and not g.loopy  # no cycle met yet
    # From any square: stop (value 0) wins, or go on forever: ∞(0), a win.
    assert str(g.value(0)) == "∞(0)" and g.loopy
    assert g.outcome(1) == "N" and g.winning_moves(2) == ["stop"]
    assert g.options(0) == [(1, g.value(1)), ("stop", 0)]

    # Two squares that swap forever: a draw.
    swap = grundy.Game(lambda n: [1 - n], name="swap")
    assert str(swap.value(0)) == "∞" and swap.outcome(0) == "D"
    assert grundy.value(swap(0) + grundy.parse("nim(3)")).outcome == "D"

    strict = grundy.Game(ring, name="ring", solver="normal_play")
    with pytest.raises(grundy.CycleError):
        strict.value(0)
    with pytest.raises(ValueError, match="solver="):
        grundy.Game(ring, solver="fast")


def test_a_table_of_a_game_with_cycles_names_the_first_infinite_value():
    # n -> n - 1 up to 4: values 0 1 0 1 0; then the ring 5 -> 6 -> 7 -> 5,
    # each square with a move to 0 (value 0): ∞(0), as the ring above.
    def moves(n):
        return {5: [6, 0], 6: [7, 0], 7: [5, 0]}.get(n, [n - 1] if n > 0 else [])

    g = grundy.Game(moves, name="loop")
    assert list(g.table(upto=4).values) == [0, 1, 0, 1, 0]
    with pytest.raises(grundy.InputError, match=r"position 5 has the value ∞\(0\)"):
        g.table(upto=8)


def test_the_loopy_search_stays_within_the_memory_bound():
    endless = grundy.Game(lambda n: [n + 1], name="up", memory="16MB", solver="loopy")
    with pytest.raises(grundy.LimitError, match="memory bound"):
        endless.value(0)
    # Still usable.
    assert str(grundy.Game(lambda n: [n], name="stay", solver="loopy").value(0)) == "∞"
