"""The page in a real browser: Debian's headless Chromium driven through
chromedriver (python3-selenium), the page served from build-web/site by Python's
http.server as scripts/web.sh serves it. scripts/web-test.sh builds the site
and runs these tests; every test saves a screenshot of what it looked at in
build-web/screenshots/."""

import json
import os
import pathlib
import socket
import subprocess
import sys
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
# The site the tests serve: the build's, or another copy of the same files
# (scripts/package.sh tests its archive unpacked elsewhere).
SITE = pathlib.Path(os.environ.get("GRUNDY_WEB_SITE", REPOSITORY / "build-web" / "site"))
SCREENSHOTS = pathlib.Path(os.environ.get("GRUNDY_WEB_SCREENSHOTS", REPOSITORY / "build-web" / "screenshots"))
REFERENCE = REPOSITORY / "tests" / "data"
CLI = pathlib.Path(os.environ.get("GRUNDY_CLI", REPOSITORY / "build" / "grundy"))

# The flags the issue names: headless, no sandbox (root in CI), and nothing
# that would make the browser reach the network on its own.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def reference_terms(name):
    """{n: a(n)} from a published table of 'n a(n)' lines in tests/data."""
    terms = {}
    for line in (REFERENCE / name).read_text().splitlines():
        line = line.split("#", 1)[0].split()
        if len(line) == 2:
            terms[int(line[0])] = int(line[1])
    return terms


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session", autouse=True)
def fresh_screenshots():
    """Each run's screenshots only."""
    if SCREENSHOTS.is_dir():
        for old in SCREENSHOTS.glob("*.png"):
            old.unlink()


@pytest.fixture(scope="session")
def site():
    if not (SITE / "grundy.wasm").is_file():
        pytest.fail(f"{SITE} has no grundy.wasm: build it with bash scripts/web.sh --build-only")
    return SITE


@pytest.fixture(scope="session")
def server(site):
    """The site served as scripts/web.sh serves it; yields its base URL."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 10
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("http.server did not start")
            time.sleep(0.05)
    yield base
    process.terminate()
    process.wait(timeout=10)


def new_browser(width=1100, height=1300):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    # A new, empty profile: nothing cached from an earlier run.
    profile = tempfile.mkdtemp(prefix="grundy-chromium-")
    options.add_argument("--user-data-dir=" + profile)
    options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.profile = profile  # tells this browser's processes from others' (web/bench/speed.py)
    return driver


@pytest.fixture(scope="session")
def browser_session():
    driver = new_browser()
    driver.set_script_timeout(300)
    yield driver
    driver.quit()


@pytest.fixture
def page(browser_session, server):
    """The page opened afresh, its engine ready."""
    return Page(browser_session, server)


@pytest.fixture(scope="session")
def cli():
    if not CLI.is_file():
        pytest.fail(f"{CLI} is missing: the browser's answers are compared with the CLI's (bash scripts/build.sh)")
    return CLI


class Page:
    """The page under test, with the waits and reads every test needs."""

    def __init__(self, driver, base, fragment=""):
        self.driver = driver
        self.base = base
        self.open(fragment)

    def open(self, fragment=""):
        # A new document even when only the fragment differs from the current address.
        self.driver.get("about:blank")
        self.driver.get(self.base + "index.html" + fragment)
        self.wait(lambda d: d.execute_script("return window.grundyPage && window.grundyPage.timings.engineReady !== null"),
                  "the engine to start")

    def wait(self, condition, what, timeout=60):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(condition)
        except Exception as error:
            self.screenshot("failed-" + "".join(c if c.isalnum() else "-" for c in what)[:60])
            raise AssertionError(f"timed out waiting for {what}") from error

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def finds(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def text(self, css):
        """The text of the first element matching `css` (read in one step: the page may redraw meanwhile)."""
        return self.driver.execute_script(
            "const e = document.querySelector(arguments[0]); return e === null ? null : e.innerText.trim()", css)

    def idle(self):
        """Every request answered."""
        self.wait(lambda d: d.execute_script(
            "const e = window.grundyPage.engine; return e.current === null && e.waiting.length === 0"), "the engine to be idle")

    def request(self, op, args):
        """One request through the page's engine: (raw JSON text, parsed)."""
        raw = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.grundyPage.engine.request(arguments[0], arguments[1]).then((a) => done(a.raw || JSON.stringify(a)));",
            op, args)
        return raw, json.loads(raw)

    def requests(self, op, list_of_args):
        """Many requests in one round trip: their raw JSON answers, in order."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; const e = window.grundyPage.engine;"
            "Promise.all(arguments[1].map((a) => e.request(arguments[0], a))).then((all) => done(all.map((a) => a.raw)));",
            op, list_of_args)

    def answered(self, expression, timeout=60):
        """Waits until the Position view has answered `expression` (a value or an error) and every request is done."""
        self.wait(lambda d: d.execute_script(
            "const p = window.grundyPage; return !p.typing && p.answered === arguments[0]"
            " && document.querySelector('#expression').value === arguments[0]"
            " && p.engine.current === null && p.engine.waiting.length === 0", expression),
            f"the answer to {expression}", timeout)

    def type_expression(self, text):
        field = self.find("#expression")
        field.clear()
        field.send_keys(text)

    def screenshot(self, name, show=None):
        """Saves what the browser shows, scrolled to the element `show` (a CSS selector) when given."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        if show is not None:
            self.driver.execute_script("const e = document.querySelector(arguments[0]); if (e) e.scrollIntoView()", show)
        self.driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))

    def browser_errors(self):
        return [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]


def run_cli(cli, *args, stdin=None, cwd=None):
    return subprocess.run([str(cli), *args], input=stdin, capture_output=True, text=True, cwd=cwd, timeout=600)
