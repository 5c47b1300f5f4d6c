"""Ctrl-C (SIGINT) stops every long call within a second with KeyboardInterrupt,
and the module keeps working. Each scenario runs in a child Python process that
sends itself SIGINT from a timer thread, so that a signal arriving late can never
hit the test runner itself."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

SCENARIO = textwrap.dedent("""
    import json, os, signal, sys, threading, time
    import grundy

    # Python leaves SIGINT ignored when it starts with it ignored, as it does
    # under a shell's background job (`cmd &`, nohup): Ctrl-C as at a terminal.
    signal.signal(signal.SIGINT, signal.default_int_handler)

    def interrupted_after(call, delay=0.5):
        threading.Timer(delay, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        start = time.monotonic()
        try:
            call()
        except KeyboardInterrupt:
            return time.monotonic() - start - delay
        return None  # finished before the signal: the scenario is too short

    chain = grundy.Game(lambda n: [n - 1] if n > 0 else [], name="chain")
    splits = grundy.Game(lambda n: [[a, n - a] for a in range(1, (n + 1) // 2)], name="splits")
    def forever(n):
        while True:
            pass
    scenarios = {
        "built-in value": lambda: grundy.value("officers(30000000)"),
        "built-in table": lambda: grundy.table("sub(squares)", upto=10**6),  # about 3 s
        "take-and-break run": lambda: grundy.table("officers", upto=10**8, checkpoint=sys.argv[2]),
        "python game": lambda: splits.table(upto=10**6),
        "moves runs forever": lambda: grundy.Game(forever, name="stuck").value(3),
        "python game in a sum": lambda: grundy.value(chain(5) + grundy.parse("officers(30000000)")),
    }
    latency = interrupted_after(scenarios[sys.argv[1]])
    # Still usable: the same kinds of call, small.
    # g(officers 1000) = 9 and g(officers 100) = 3 (the reference table), g(grundy 20) = 0 (A002188).
    usable = bool(grundy.value("officers(1000) + nim(3)").value == 9 ^ 3
              and grundy.table("officers", upto=100).values[100] == 3
              and chain.value(1000) == 0 and splits.value(20) == 0)
    print(json.dumps({"latency": latency, "usable": usable}))
""")


@pytest.mark.parametrize("scenario", ["built-in value", "built-in table", "take-and-break run", "python game",
                                      "moves runs forever", "python game in a sum"])
def test_ctrl_c_stops_a_long_call_within_a_second(scenario, tmp_path):
    checkpoint = tmp_path / "officers.ckpt"
    done = subprocess.run([sys.executable, "-c", SCENARIO, scenario, str(checkpoint)], capture_output=True,
                          text=True, timeout=120, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["latency"] is not None, "the call finished before the signal"
    assert result["latency"] < 1.0
    assert result["usable"]
    if scenario == "take-and-break run":
        assert checkpoint.stat().st_size > 1000  # the work done is saved
