"""Speed of the page, measured in the browser (headless Chromium, as the tests
run it), against the native CLI where the issue asks for a comparison:

  - cold load to first answer: a new browser with an empty profile opens the
    page from the local server; the time from the start of navigation to the
    first answer shown (performance.now() when it is drawn);
  - the first 10^5 values of .137: the table request on a fresh page, from the
    click to the table drawn, and the engine's own time;
  - Cram 5x6: on a fresh page (empty tables), the value request, against
    `grundy value 'cram(5x6)'` (its CPU time), runs interleaved;
  - the size of what the page fetches: raw, gzip -9 and brotli -q 11.

Prints a Markdown table for docs/web.md. Run after building the site and the
CLI: /usr/bin/python3 web/bench/speed.py [--runs N]
"""

import argparse
import gzip
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))

from conftest import CLI, SITE, Page, free_port, new_browser  # noqa: E402


def serve():
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                "--directory", str(SITE)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    return process, f"http://127.0.0.1:{port}/"


def cold_load(base):
    browser = new_browser()
    try:
        page = Page.__new__(Page)
        page.driver, page.base = browser, base
        browser.get(base + "index.html#e=nim%283%2C4%2C5%29")
        page.wait(lambda d: d.execute_script("return window.grundyPage && window.grundyPage.timings.firstAnswer"), "the first answer")
        timings = browser.execute_script("return window.grundyPage.timings")
        return timings["firstAnswer"] / 1000, timings["engineReady"] / 1000
    finally:
        browser.quit()


def table_137(page):
    page.open("#v=table&tr=kayles&tu=10")
    page.idle()
    page.driver.execute_script("document.querySelector('#table-rule').value = '0.137';"
                               "document.querySelector('#table-upto').value = '99999';"
                               "window.benchStart = performance.now();"
                               "document.querySelector('#table-form').requestSubmit();")
    page.wait(lambda d: d.execute_script(
        "const s = document.querySelector('#table-summary'); return s && s.textContent.includes('g(0..99999)')"), "the table")
    total = page.driver.execute_script("return (performance.now() - window.benchStart) / 1000")
    engine = float(page.find("#table-result").get_attribute("data-seconds"))
    return total, engine


def browser_cpu(driver):
    """CPU seconds (user + system) of this browser's processes so far, from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if driver.profile.encode() not in (entry / "cmdline").read_bytes():
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def timed_request(page, script, board):
    """(wall seconds of the request in the worker, CPU seconds of the browser meanwhile)."""
    before = browser_cpu(page.driver)
    wall = page.driver.execute_async_script(script, f"cram({board})")
    return wall, browser_cpu(page.driver) - before


def cram_browser(page, board):
    """The value of cram(board) on a fresh page (the session's tables empty)."""
    page.open()
    page.idle()
    return timed_request(page, "const done = arguments[arguments.length - 1];"
                         "window.grundyPage.engine.request('value', {expression: arguments[0]}).then((a) => done(a.seconds));", board)


def cram_browser_warm(page, board):
    """The same in a page that has searched before: the tables emptied (set_files starts a new
    Context), the engine's code already compiled by the browser's optimizing tier."""
    page.driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                     "window.grundyPage.engine.request('set_files', {files: {}}).then(() => done());")
    return timed_request(page, "const done = arguments[arguments.length - 1];"
                         "window.grundyPage.engine.request('value', {expression: arguments[0]}).then((a) => done(a.seconds));", board)


def cram_native(board):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([str(CLI), "value", f"cram({board})"], check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def sizes(page):
    raw, worker = page.request("resources", {})
    names = {e["name"].split("/")[-1] for e in worker["ok"]}
    names |= {u.split("/")[-1] for u in page.driver.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name)")}
    names.add("index.html")
    import brotli
    rows = []
    for name in sorted(n for n in names if n and (SITE / n).is_file()):
        data = (SITE / name).read_bytes()
        rows.append((name, len(data), len(gzip.compress(data, 9)), len(brotli.compress(data, quality=11))))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--board", default="5x6")
    options = parser.parse_args()
    server, base = serve()
    try:
        loads = [cold_load(base) for _ in range(options.runs)]
        browser = new_browser()
        browser.set_script_timeout(600)
        page = Page(browser, base)
        tables = [table_137(page) for _ in range(options.runs)]
        crams, warms, natives = [], [], []
        for _ in range(options.runs):
            crams.append(cram_browser(page, options.board))
            natives.append(cram_native(options.board))
            warms.append(cram_browser_warm(page, options.board))
        files = sizes(page)
        browser.quit()
    finally:
        server.terminate()
    median = statistics.median
    print(f"| measure | median of {options.runs} | all runs |")
    print("|---|---|---|")
    print(f"| cold load to first answer (engine ready) | {median(l[0] for l in loads):.2f} s ({median(l[1] for l in loads):.2f} s) | "
          + ", ".join(f"{l[0]:.2f}" for l in loads) + " |")
    print(f"| .137 up to 10^5: click to table drawn | {median(t[0] for t in tables):.2f} s | " + ", ".join(f"{t[0]:.2f}" for t in tables) + " |")
    print(f"| .137 up to 10^5: the engine's request | {median(t[1] for t in tables):.3f} s | " + ", ".join(f"{t[1]:.3f}" for t in tables) + " |")
    native_cpu = max(1e-9, median(n[0] for n in natives))
    native_wall = max(1e-9, median(n[1] for n in natives))
    for title, runs in [("fresh page", crams), ("again, tables emptied (code warm)", warms)]:
        wall = median(r[0] for r in runs)
        cpu = median(r[1] for r in runs)
        print(f"| cram({options.board}) in the browser, {title}: request wall (browser CPU) | {wall:.3f} s ({cpu:.2f} s) | "
              + ", ".join(f"{r[0]:.3f} ({r[1]:.2f})" for r in runs) + " |")
        print(f"| ratio to the native CLI: wall to wall, browser CPU to CLI CPU | {wall / native_wall:.1f}, {cpu / native_cpu:.1f} | |")
    print(f"| cram({options.board}) native CLI: CPU (wall) | {native_cpu:.3f} s ({native_wall:.3f} s) | "
          + ", ".join(f"{n[0]:.3f} ({n[1]:.3f})" for n in natives) + " |")
    print()
    print("| file | bytes | gzip -9 | brotli -q 11 |")
    print("|---|---|---|---|")
    for name, size, gz, br in files:
        print(f"| {name} | {size:,} | {gz:,} | {br:,} |")
    print(f"| all | {sum(f[1] for f in files):,} | {sum(f[2] for f in files):,} | {sum(f[3] for f in files):,} |")


if __name__ == "__main__":
    main()
