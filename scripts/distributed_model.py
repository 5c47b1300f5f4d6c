#!/usr/bin/env python3
"""The throughput of a distributed table run on N machines, from one measured run.

    grundy table officers --upto 100000000 --verifiers 1 --threads 2 --json --no-values > run.json
    python3 scripts/distributed_model.py run.json [--link-mbit 1000] [--verifiers 1,2,4,8,16] [--cores 1,2,4,8]

From the run's "distributed" report, per heap: v = a verifier's CPU time
checking it, b = the bytes rank 0 sends each verifier (the blocks, one byte a
heap where the 8-bit form applies, and the table sent at the start, which only
makes b larger), m = rank 0's CPU time encoding and sending it to one
verifier, and the speculation's CPU time: with one thread s (all of it in
order); with several threads (--threads T, speculation.cpp) o, the part done
in order by one thread (the small rare parts, each lane's c, the end of each
block), and a, the bands, which any of rank 0's threads marks. With N verifier
machines giving a core each, rank 0 on a machine of C cores:

    rate(N, C) = min(1 / (o + N m), C / (o + a + N m), N / v, link / (N b))

(one thread: o = s, a = 0): the in-order bound (one thread finishes every
block and sends it), the speculation bound (rank 0's cores share all of its
work), the verification bound (N cores verify blocks independently), and rank
0's outgoing link shared by N copies of every block. Prints one table of N for
each C, with the bound that binds (docs/performance.md).
"""
import argparse
import json
import math


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report", help="grundy table ... --json output of a distributed run")
    parser.add_argument("--link-mbit", type=float, default=1000.0, help="rank 0's outgoing link, Mbit/s")
    parser.add_argument("--verifiers", default="1,2,3,4,6,8,12,16,32")
    parser.add_argument("--cores", default=None, help="rank 0's cores (default: 1, and 2,4,8 if the run banded)")
    args = parser.parse_args()
    with open(args.report) as f:
        run = json.load(f)
    d = run["distributed"]
    ranks = d["ranks"]
    speculated = d["speculated"]
    verified = d["verified"] - run["resumed_from"]
    v = d["verify_seconds"] / verified
    b = d["bytes_sent"] / (ranks - 1) / verified
    m = d.get("send_seconds", 0.0) / (ranks - 1) / speculated
    banded = d.get("banded_heaps", 0)
    if banded > 0:
        # The heaps not banded (exact stretches after a wrong heap, the start)
        # are in speculate_seconds; their share is spread as in-order work.
        rest = max(d["speculate_seconds"] - d["band_seconds"] - d["in_order_seconds"], 0.0)
        o = (d["in_order_seconds"] + rest) / speculated
        a = d["band_seconds"] / speculated
        cores = [1, 2, 4, 8] if args.cores is None else [int(x) for x in args.cores.split(",")]
    else:
        o = d["speculate_seconds"] / speculated
        a = 0.0
        cores = [1] if args.cores is None else [int(x) for x in args.cores.split(",")]
    link = args.link_mbit * 1e6 / 8
    print(f"measured: {ranks} ranks ({d['transport']}), rank 0 on {d.get('speculation_threads', 1)} thread(s), "
          f"{verified} heaps verified in {d['blocks']} blocks, {d['failures']} wrong")
    if banded > 0:
        print(f"  in order o = {o * 1e9:.0f} ns/heap, bands a = {a * 1e9:.0f} ns/heap "
              f"(speculation {1 / (o + a) / 1e6:.2f} M/s on one core)")
    else:
        print(f"  speculate s = {o * 1e9:.0f} ns/heap ({1 / o / 1e6:.2f} M/s on one core)")
    print(f"  verify v = {v * 1e9:.0f} ns/heap ({1 / v / 1e6:.2f} M/s a core), "
          f"b = {b:.3f} bytes/heap to each verifier, sending m = {m * 1e9:.2f} ns/heap a verifier")
    for c in cores:
        print()
        print(f"rank 0 on {c} core(s):")
        print(f"| verifiers N | in-order bound | speculation bound | verification bound "
              f"| link bound ({args.link_mbit:g} Mbit/s) | model |")
        print("|---|---|---|---|---|---|")
        for n in (int(x) for x in args.verifiers.split(",")):
            bounds = {"in order": 1 / (o + n * m), "speculation": c / (o + a + n * m),
                      "verification": n / v, "link": link / (n * b)}
            binding = min(bounds, key=bounds.get)
            print(f"| {n} | {bounds['in order'] / 1e6:.2f} M/s | {bounds['speculation'] / 1e6:.2f} M/s "
                  f"| {bounds['verification'] / 1e6:.2f} M/s | {bounds['link'] / 1e6:.1f} M/s "
                  f"| **{bounds[binding] / 1e6:.2f} M/s** ({binding}) |")
    if banded == 0 and math.isfinite(v / o):
        print(f"\nv/s = {v / o:.2f}: past {math.ceil(v / o)} verifiers, more add nothing (the speculation binds)")


if __name__ == "__main__":
    main()
