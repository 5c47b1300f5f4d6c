"""Rules written in Python, valued by the module against the same rule as a plain
Python program (the definition, memoised by hand): CPU seconds, medians of
interleaved rounds (each round runs every item once), and peak resident memory.

    PYTHONPATH=build/python python3 python/bench/bench_user_rules.py [rounds [item-name-part …]]

Items:
  grundy 5000    Grundy's game (split a heap into two unequal heaps) to n = 5000:
                 Game(...).table(upto=5000), and with dense=5000 (the ints
                 0..5000 kept in an array), against a list DP with the rule
                 written inline, against the same DP calling the same moves
                 function, and the moves function's calls alone (also with
                 the collector paced as the module paces it in a search);
  grundy 3000    the same to n = 3000, as issue 55 states it
                 (`grundy.Game(lambda x: [[a, x - a] for a in range(1, (x + 1) // 2)])`
                 then `.table(upto=3000)`), against the plain DP and the rule's
                 own Python (its moves calls, the collector paced);
  euclid 10^4    Euclid's game from (1, 10^4), 10^4 deep with 10^4 options a
                 level: Game(...).value against functools.lru_cache recursion.
Each item runs in a fresh interpreter, so that peak memory is its own.
"""

import json
import os
import statistics
import subprocess
import sys
import textwrap

TESTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests")

ITEMS = {
    "grundy 5000, module": """
        g = grundy.Game(lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)], name="grundys")
        result = int(g.table(upto=5000).values[5000])
    """,
    "grundy 5000, module, dense=5000": """
        g = grundy.Game(lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)], name="grundys", dense=5000)
        result = int(g.table(upto=5000).values[5000])
    """,
    "grundy 5000, plain DP": """
        values = []
        for n in range(5001):
            seen = {values[a] ^ values[n - a] for a in range(1, (n + 1) // 2)}
            values.append(mex(seen))
        result = values[5000]
    """,
    "grundy 5000, plain DP over moves()": """
        moves = lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)]
        values = []
        for n in range(5001):
            seen = set()
            for option in moves(n):
                x = 0
                for part in option:
                    x ^= values[part]
                seen.add(x)
            values.append(mex(seen))
        result = values[5000]
    """,
    "grundy 5000, moves() calls alone": """
        moves = lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)]
        for n in range(5001):
            moves(n)
        result = 14
    """,
    "grundy 5000, moves() calls alone, paced": """
        import gc
        gc.set_threshold(100000, 10, 10)  # as the module paces the collector during a search
        moves = lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)]
        for n in range(5001):
            moves(n)
        result = 14
    """,
    "grundy 3000, module": """
        g = grundy.Game(lambda x: [[a, x - a] for a in range(1, (x + 1) // 2)])
        result = int(g.table(upto=3000).values[3000])
    """,
    "grundy 3000, plain DP": """
        values = []
        for n in range(3001):
            seen = {values[a] ^ values[n - a] for a in range(1, (n + 1) // 2)}
            values.append(mex(seen))
        result = values[3000]
    """,
    "grundy 3000, moves() calls alone, paced": """
        import gc
        gc.set_threshold(100000, 10, 10)  # as the module paces the collector during a search
        moves = lambda x: [[a, x - a] for a in range(1, (x + 1) // 2)]
        for n in range(3001):
            moves(n)
        result = 35
    """,
    "euclid 10^4, module": """
        from user_rules import euclid
        result = grundy.Game(euclid, name="euclid_by_hand").value((1, 10**4))  # euclid is the built-in's name
    """,
    "euclid 10^4, plain lru_cache": """
        import functools, threading
        sys.setrecursionlimit(10**6)
        threading.stack_size(512 * 2**20)
        @functools.lru_cache(maxsize=None)
        def g(a, b):
            if a > b:
                a, b = b, a
            if a == 0:
                return 0
            seen = {g(a, b - k * a) for k in range(1, b // a + 1)}
            return mex(seen)
        box = []
        worker = threading.Thread(target=lambda: box.append(g(1, 10**4)))
        worker.start()
        worker.join()
        result = box[0]
    """,
}

RUNNER = """
import json, resource, sys, time
import grundy
sys.path.insert(0, {tests!r})  # user_rules: the rules written in Python that the tests run too

def mex(seen):
    m = 0
    while m in seen:
        m += 1
    return m

start = time.process_time()
{body}
print(json.dumps({{"cpu": time.process_time() - start, "result": result,
                  "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""


def run(body):
    script = RUNNER.format(body=textwrap.indent(textwrap.dedent(body), ""), tests=TESTS)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    # Further arguments: run only the items whose names contain one of them.
    chosen = {name: body for name, body in ITEMS.items() if len(sys.argv) <= 2 or any(w in name for w in sys.argv[2:])}
    samples = {name: [] for name in chosen}
    for _ in range(rounds):
        for name, body in chosen.items():
            samples[name].append(run(body))
    for name, runs in samples.items():
        cpu = [r["cpu"] for r in runs]
        results = {r["result"] for r in runs}
        print(f"{name:32s} cpu median {statistics.median(cpu):6.2f} s  [{min(cpu):.2f}-{max(cpu):.2f}]  "
              f"peak rss {max(r['maxrss_mb'] for r in runs):6.0f} MB  value {sorted(results)}")


if __name__ == "__main__":
    main()
