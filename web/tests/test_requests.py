"""Nothing is fetched from outside the page's own folder at run time: after
every view has been used, every request the browser made — the page's and its
worker's, as chromedriver's network log and the performance API of both list
them — is for a file under the served folder (or a blob: made by the page).
And the page with its WebAssembly stays under the size goal, compressed."""

import gzip
import json
import pathlib
from urllib.parse import urlparse

from conftest import SITE


def use_every_view(page):
    page.type_expression("cram(3x4) + nim(2)")
    page.idle()
    for view in ["table", "play", "boards", "rule", "files", "position"]:
        page.find(f"#tab-{view}").click()
        page.idle()
    page.find("#tab-files").click()
    page.find("#files-examples").click()
    page.wait(lambda d: len(page.finds("#files-list .file")) == 5, "the example files")
    page.find("#tab-play").click()
    page.find("#play-form button[type=submit]").click()
    page.wait(lambda d: page.finds("#play-moves button"), "a game")
    page.find("#tab-rule").click()
    page.find("#rule-use").click()
    page.wait(lambda d: page.finds("#rule-result #table-values"), "the rule's table")
    page.idle()


def test_nothing_is_fetched_from_outside_the_page_folder(page):
    page.driver.get_log("performance")  # forget what came before this page was opened
    page.open()
    use_every_view(page)
    base = page.base
    # chromedriver's network log: every request the browser sent.
    sent = []
    for entry in page.driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            sent.append(message["params"]["request"]["url"])
    # The performance API of the page and of its worker (whose requests the
    # page's log may not hold).
    page_entries = page.driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
    raw, worker = page.request("resources", {})
    worker_entries = [e["name"] for e in worker["ok"]]
    urls = sent + page_entries + worker_entries + [page.driver.current_url]
    assert any(u.endswith("/grundy.wasm") for u in urls), urls
    assert any(u.endswith("/worker.js") for u in urls), urls
    for url in urls:
        if url.startswith("data:"):
            continue
        if url.startswith("blob:"):
            url = url[len("blob:"):]
        assert url.startswith(base), url
        path = urlparse(url).path.lstrip("/")
        if path and not url.startswith(base + "index.html#"):
            assert (SITE / path).resolve().is_relative_to(SITE.resolve()), url


def test_the_page_and_its_webassembly_fit_the_size_goal(page):
    # Every file the page fetched, compressed as a server would send it.
    raw, worker = page.request("resources", {})
    fetched = {urlparse(e["name"]).path.lstrip("/") for e in worker["ok"]}
    fetched |= {urlparse(u).path.lstrip("/") for u in
                page.driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")}
    fetched.add("index.html")
    fetched = {f for f in fetched if f and (SITE / f).is_file()}
    assert {"index.html", "app.js", "worker.js", "grundy.js", "grundy.wasm", "style.css"} <= fetched
    compressed = sum(len(gzip.compress((SITE / f).read_bytes(), 9)) for f in fetched)
    # The goal: under 1.5 MB compressed (docs/web.md has the figures).
    assert compressed < 1.5 * 1024 * 1024, compressed
