"""Speed of the Python module against the CLI (docs/performance.md, "Python module").

    PYTHONPATH=build/python /usr/bin/python3 python/bench/bench_python.py [--runs 7] [--cli build/grundy ...]

Measures, as medians of interleaved runs (other work on the machine slows runs at
random; interleaving spreads that over both sides):
  - a rule written in Python tabulated to 10^5 heaps (Game.table), and a chain of
    10^6 positions valued from the top;
  - Officers (0.6) to 10^6 through grundy.table and through `grundy table`, both the
    whole call (wall clock, the CLI's process start included) and the engine's own
    seconds (Table.seconds, the CLI's JSON "seconds");
  - grundy.value("officers(1000000)") against `grundy value`.
Several --cli binaries (a build without the Python module, whose core is not
position-independent code, say) are each measured in the same rounds.
"""

import argparse
import json
import statistics
import subprocess
import time

import grundy


def python_rule_table():
    game = grundy.Game(lambda n: [n - k for k in (1, 3, 4) if k <= n], name="take134")
    start = time.perf_counter()
    table = game.table(upto=10**5)
    took = time.perf_counter() - start
    assert table.period == 7
    return took


def python_chain():
    game = grundy.Game(lambda n: [n - 1] if n else [], name="chain")
    start = time.perf_counter()
    assert game.value(10**6) == 0
    return time.perf_counter() - start


def module_officers_table():
    start = time.perf_counter()
    table = grundy.table("officers", upto=10**6)
    return time.perf_counter() - start, table.seconds


def cli_officers_table(cli):
    start = time.perf_counter()
    out = subprocess.run([cli, "table", "officers", "--upto", "1000000", "--json", "--no-values", "--quiet"],
                         check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - start, json.loads(out)["seconds"]


def module_officers_value():
    start = time.perf_counter()
    assert grundy.value("officers(1000000)").value is not None
    return time.perf_counter() - start


def cli_officers_value(cli):
    start = time.perf_counter()
    subprocess.run([cli, "value", "officers(1000000)"], check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cli", action="append", help="a grundy binary (repeatable; default build/grundy)")
    args = parser.parse_args()
    clis = args.cli or ["build/grundy"]
    samples = {name: [] for name in ("python rule to 10^5", "python chain of 10^6", "module table", "module table engine",
                                     "module value")}
    for cli in clis:
        for what in ("table", "table engine", "value"):
            samples[f"{cli} {what}"] = []
    for _ in range(args.runs):
        samples["python rule to 10^5"].append(python_rule_table())
        samples["python chain of 10^6"].append(python_chain())
        wall, engine = module_officers_table()
        samples["module table"].append(wall)
        samples["module table engine"].append(engine)
        samples["module value"].append(module_officers_value())
        for cli in clis:
            wall, engine = cli_officers_table(cli)
            samples[f"{cli} table"].append(wall)
            samples[f"{cli} table engine"].append(engine)
            samples[f"{cli} value"].append(cli_officers_value(cli))
    median = {name: statistics.median(values) for name, values in samples.items()}
    print(f"medians of {args.runs} interleaved runs (seconds); all runs: min-max")
    for name, values in samples.items():
        print(f"  {name:34s} {median[name]:7.3f}   ({min(values):.3f}-{max(values):.3f})")
    for cli in clis:
        print(f"officers to 10^6 vs {cli}: table wall {median['module table'] / median[cli + ' table']:.3f}, "
              f"table engine {median['module table engine'] / median[cli + ' table engine']:.3f}, "
              f"value {median['module value'] / median[cli + ' value']:.3f}")


if __name__ == "__main__":
    main()
