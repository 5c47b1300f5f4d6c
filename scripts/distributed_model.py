#!/usr/bin/env python3
"""The throughput of a distributed table run on N machines, from one measured run.

    grundy table officers --upto 100000000 --verifiers 1 --json --no-values > run.json
    python3 scripts/distributed_model.py run.json [--link-mbit 1000] [--verifiers 1,2,4,8,16]

From the run's "distributed" report: s = rank 0's CPU time speculating a heap,
v = a verifier's CPU time checking a heap, b = bytes rank 0 sends a verifier a
heap (the blocks, one byte a heap where the 8-bit form applies, and the table
sent at the start, which only makes b larger). With N verifier machines,
rank 0 on its own machine:

    rate(N) = min(1 / s, N / v, link / (N * b))

the speculation bound (one core speculates), the verification bound (N cores
verify blocks independently), and rank 0's outgoing link shared by N copies of
every block. Prints a table of N and the bound that binds (docs/performance.md).
"""
import argparse
import math
import json


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report", help="grundy table ... --json output of a distributed run")
    parser.add_argument("--link-mbit", type=float, default=1000.0, help="rank 0's outgoing link, Mbit/s")
    parser.add_argument("--verifiers", default="1,2,3,4,6,8,12,16,32")
    args = parser.parse_args()
    with open(args.report) as f:
        run = json.load(f)
    d = run["distributed"]
    ranks = d["ranks"]
    speculated = d["speculated"]
    verified = d["verified"] - run["resumed_from"]
    s = d["speculate_seconds"] / speculated
    v = d["verify_seconds"] / verified
    b = d["bytes_sent"] / (ranks - 1) / verified
    link = args.link_mbit * 1e6 / 8
    print(f"measured: {ranks} ranks ({d['transport']}), {verified} heaps verified in {d['blocks']} blocks, "
          f"{d['failures']} wrong")
    print(f"  speculate s = {s * 1e9:.0f} ns/heap ({1 / s / 1e6:.2f} M/s on one core), "
          f"verify v = {v * 1e9:.0f} ns/heap ({1 / v / 1e6:.2f} M/s a core), "
          f"b = {b:.3f} bytes/heap to each verifier")
    print(f"  v/s = {v / s:.2f}: past {math.ceil(v / s)} verifiers, more add nothing (the speculation binds)")
    print(f"| verifiers N | speculation bound | verification bound | link bound ({args.link_mbit:g} Mbit/s) | model |")
    print("|---|---|---|---|---|")
    for n in (int(x) for x in args.verifiers.split(",")):
        bounds = {"speculation": 1 / s, "verification": n / v, "link": link / (n * b)}
        binding = min(bounds, key=bounds.get)
        print(f"| {n} | {bounds['speculation'] / 1e6:.2f} M/s | {bounds['verification'] / 1e6:.2f} M/s | "
              f"{bounds['link'] / 1e6:.1f} M/s | **{bounds[binding] / 1e6:.2f} M/s** ({binding}) |")


if __name__ == "__main__":
    main()
