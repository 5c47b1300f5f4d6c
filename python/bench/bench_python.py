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
Officers is also timed in CPU seconds (this process's, or the child's from
getrusage): on a machine shared with other work, wall times move by a factor of
two from run to run while CPU time, which excludes the time other processes
held the core, moves far less.
Several --cli binaries (a build without the Python module, whose core is not
position-independent code, say) are each measured in the same rounds.
"""

import argparse
import json
import os
import resource
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


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def module_officers_table():
    start, cpu = time.perf_counter(), time.process_time()
    table = grundy.table("officers", upto=10**6)
    return time.perf_counter() - start, table.seconds, time.process_time() - cpu


def cli_officers_table(cli):
    start, cpu = time.perf_counter(), children_cpu()
    out = subprocess.run([cli, "table", "officers", "--upto", "1000000", "--json", "--no-values", "--quiet"],
                         check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - start, json.loads(out)["seconds"], children_cpu() - cpu


def module_officers_value():
    start, cpu = time.perf_counter(), time.process_time()
    assert grundy.value("officers(1000000)").value is not None
    return time.perf_counter() - start, time.process_time() - cpu


def cli_officers_value(cli):
    start, cpu = time.perf_counter(), children_cpu()
    subprocess.run([cli, "value", "officers(1000000)"], check=True, capture_output=True)
    return time.perf_counter() - start, children_cpu() - cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cli", action="append", help="a grundy binary (repeatable; default build/grundy)")
    args = parser.parse_args()
    clis = args.cli or ["build/grundy"]
    sides = ["module"] + clis
    samples = {"python rule to 10^5": [], "python chain of 10^6": []}
    for side in sides:
        for what in ("table wall", "table engine", "table cpu", "value wall", "value cpu"):
            samples[f"{side} {what}"] = []

    def record(side, table, value):
        for what, figure in zip(("table wall", "table engine", "table cpu"), table):
            samples[f"{side} {what}"].append(figure)
        for what, figure in zip(("value wall", "value cpu"), value):
            samples[f"{side} {what}"].append(figure)

    for _ in range(args.runs):
        samples["python rule to 10^5"].append(python_rule_table())
        samples["python chain of 10^6"].append(python_chain())
        record("module", module_officers_table(), module_officers_value())
        for cli in clis:
            record(cli, cli_officers_table(cli), cli_officers_value(cli))
    median = {name: statistics.median(values) for name, values in samples.items()}
    print(f"medians of {args.runs} interleaved runs (seconds); all runs: min-max; load average now "
          f"{os.getloadavg()[0]:.1f}")
    for name, values in samples.items():
        print(f"  {name:34s} {median[name]:7.3f}   ({min(values):.3f}-{max(values):.3f})")
    for cli in clis:
        ratios = ", ".join(f"{what} {median['module ' + what] / median[cli + ' ' + what]:.3f}"
                           for what in ("table wall", "table engine", "table cpu", "value wall", "value cpu"))
        print(f"officers to 10^6, module / {cli}: {ratios}")


if __name__ == "__main__":
    main()
