"""The game graph stays readable at any size: measured in the browser — the
drawing's box against its container and the viewport, the size of its text
once scaled, the positions drawn — at a desktop width and at a phone's 390 px,
for nim(3,4,5) (120 positions, 720 moves: drawn around one position), for
graphs small enough to be drawn whole, and for graphs past the 300 positions
the page lists whole (drawn from the neighbourhood the engine gives)."""

import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import run_cli

PHONE_WIDTH = 390
# The nodes' text is 12 px at the drawing's natural size; scaled to fit, it
# must stay at least this large.
SMALLEST_READABLE_TEXT_PX = 10


@pytest.fixture
def phone(page):
    """The same page at a phone's width: the viewport emulated at exactly 390 CSS px
    (a headless window is not made narrower than 500)."""
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": PHONE_WIDTH, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        page.wait(lambda d: d.execute_script("return document.documentElement.clientWidth") == PHONE_WIDTH,
                  "the phone's width")
        yield page
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def measure(page):
    """What a person sees of the drawing, in CSS pixels."""
    return page.driver.execute_script("""
        const picture = document.querySelector('#graph-picture');
        const drawing = picture.querySelector('svg');
        const box = drawing.getBoundingClientRect();
        const container = picture.getBoundingClientRect();
        const natural = Number(drawing.getAttribute('viewBox').split(' ')[2]);
        return {left: box.left, right: box.right, width: box.width,
                containerLeft: container.left, containerRight: container.right,
                viewport: document.documentElement.clientWidth, pageWidth: document.documentElement.scrollWidth,
                textPx: 12 * box.width / natural,
                nodes: picture.querySelectorAll('g.node').length, edges: picture.querySelectorAll('path.edge').length,
                mode: window.grundyPage.graphView.drawnMode,
                trailShown: document.querySelector('#graph-trail').getClientRects().length > 0};""")


def assert_fits(measured):
    """Inside its container, inside the viewport, the page not widened, the text readable;
    the line of centres shown with the graph drawn around one position only."""
    assert measured["trailShown"] == (measured["mode"] == "focus"), measured
    assert measured["left"] >= measured["containerLeft"] - 0.5, measured
    assert measured["right"] <= measured["containerRight"] + 0.5, measured
    assert measured["right"] <= measured["viewport"], measured
    assert measured["pageWidth"] <= measured["viewport"], measured
    assert measured["textPx"] >= SMALLEST_READABLE_TEXT_PX, measured


def shown_graph(page, expression):
    page.type_expression(expression)
    page.answered(expression)
    page.wait(lambda d: d.execute_script("return !document.querySelector('#graph').hidden"
                                         " && document.querySelector('#graph-picture svg') !== null"), "the graph")


def option_rows(page):
    """The centre's options as drawn, top to bottom: (text, value, marked P)."""
    rows = []
    for node in page.finds('#graph-picture g.node[data-level="1"]'):
        text, value = node.get_attribute("aria-label").split(", value ")[:2]
        rows.append((text, int(value.split(",")[0]), "p" in node.get_attribute("class").split()))
    return rows


def nim_value(text):
    heaps = [int(h) for h in text[len("nim("):-1].split(",")]
    value = 0
    for heap in heaps:
        value ^= heap
    return value


def check_nim_3_4_5_around_its_root(page, cli):
    measured = measure(page)
    assert page.text("#graph-note").startswith("120 positions, 720 moves: too many to read in one drawing")
    assert measured["mode"] == "focus"
    assert page.find('#graph-mode input[value="whole"]').get_attribute("disabled") is not None
    # The position and its 12 options (one per heap size it can leave), nothing more.
    assert measured["nodes"] == 13 and measured["edges"] == 12, measured
    assert_fits(measured)
    rows = option_rows(page)
    expected_options = sorted([f"nim({','.join(str(h) for h in heaps)})" for heaps in
                               [(a, 4, 5) for a in range(3)] + [(3, b, 5) for b in range(4)] + [(3, 4, c) for c in range(5)]])
    assert sorted(text for text, _, _ in rows) == expected_options
    # Each with its value (the xor of its heaps), in increasing order; the P-positions marked are the CLI's winning moves.
    assert all(value == nim_value(text) for text, value, _ in rows), rows
    assert [value for _, value, _ in rows] == sorted(value for _, value, _ in rows)
    winning = [m["after"] for m in json.loads(run_cli(cli, "value", "nim(3,4,5)", "--json").stdout)["winning_moves"]]
    assert [text for text, _, marked in rows if marked] == winning == ["nim(1,4,5)"]
    # The mex: the first value no option has, marked between the options.
    assert page.driver.execute_script("return document.querySelector('#graph-picture g.gap').textContent") == \
        "no option of value 2: g = mex = 2"
    return measured


def test_nim_3_4_5_is_drawn_around_one_position_within_the_page(page, cli):
    shown_graph(page, "nim(3,4,5)")
    measured = check_nim_3_4_5_around_its_root(page, cli)
    # Open one option: its own 10 options drawn under it, still within the width.
    toggle = page.find('#graph-picture .toggle[aria-label="show the 10 options of nim(1,4,5)"]')
    toggle.click()
    opened = measure(page)
    assert opened["nodes"] == 13 + 10 and opened["edges"] == 12 + 10, opened
    assert_fits(opened)
    focused = page.driver.switch_to.active_element
    assert focused.get_attribute("aria-expanded") == "true"
    page.screenshot("graph-nim-3-4-5-opened", show="#graph")
    # By keyboard: down to nim(1,4,5)'s first option (sorted by value, value 1), Enter shows its mex.
    focused.send_keys(Keys.ARROW_DOWN)
    focused = page.driver.switch_to.active_element
    assert focused.get_attribute("aria-label") == "nim(0,4,5), value 1, an option of nim(1,4,5)"
    focused.send_keys(Keys.ENTER)
    assert page.text("#graph-selected") == ("nim(0,4,5): its 9 options have values {0, 4, 5, 6, 7}; the mex "
                                            "(least value not among them) is 1.")
    # Centre the graph on it: its 9 options drawn, the way back named.
    page.driver.find_element(By.XPATH, "//div[@id='graph-node']//button[text()='Centre the graph on nim(0,4,5)']").click()
    centred = measure(page)
    assert centred["nodes"] == 1 + 9, centred
    assert_fits(centred)
    assert page.driver.switch_to.active_element.get_attribute("aria-label") == "nim(0,4,5), value 1"
    assert " ".join(page.text("#graph-trail").split()) == "Centred on nim(3,4,5) → nim(0,4,5)"
    page.screenshot("graph-nim-3-4-5-centred", show="#graph")
    page.driver.find_element(By.XPATH, "//p[@id='graph-trail']/button[text()='nim(3,4,5)']").click()
    assert measure(page)["nodes"] == 13
    print(f"nim(3,4,5) at {measured['viewport']} px: {measured['nodes']} positions drawn, "
          f"{measured['width']:.0f} px wide in a box of {measured['containerRight'] - measured['containerLeft']:.0f} px; "
          f"opened: {opened['nodes']}, {opened['width']:.0f} px")


def test_nim_3_4_5_and_a_small_graph_on_a_phone(phone, cli):
    shown_graph(phone, "nim(3,4,5)")
    measured = check_nim_3_4_5_around_its_root(phone, cli)
    assert measured["viewport"] == PHONE_WIDTH
    phone.find('#graph-picture .toggle[aria-label="show the 10 options of nim(1,4,5)"]').click()
    opened = measure(phone)
    assert opened["nodes"] == 23
    assert_fits(opened)
    phone.screenshot("phone-graph-nim-3-4-5", show="#graph")
    print(f"nim(3,4,5) at {PHONE_WIDTH} px: {measured['nodes']} positions drawn, {measured['width']:.0f} px wide "
          f"in a box of {measured['containerRight'] - measured['containerLeft']:.0f} px; opened: {opened['nodes']}, "
          f"{opened['width']:.0f} px")
    # A long sum (the page's example): each position's whole text shown, in
    # lines, at full size — its options differ in one component, often the last.
    sum_of_three = "sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)"
    shown_graph(phone, sum_of_three)
    long = measure(phone)
    assert long["mode"] == "focus" and long["nodes"] == 1 + 3 + 4 + 21, long
    assert_fits(long)
    assert abs(long["textPx"] - 12) < 0.01, long  # not scaled down
    shown_texts = phone.driver.execute_script("""
        return [...document.querySelectorAll('#graph-picture g.node')].map((node) =>
            [node.querySelector('title').textContent,
             [...node.querySelectorAll('text:not(.g) tspan')].map((line) => line.textContent)]);""")
    for text, shown_lines in shown_texts:
        assert "".join(shown_lines).replace(" ", "") == text.replace(" ", ""), (text, shown_lines)
    assert max(len(shown_lines) for _, shown_lines in shown_texts) > 1
    phone.screenshot("phone-graph-long-sum", show="#graph")
    # The small graph of test_position.py, whole on the phone too (the same page: no second start).
    shown_graph(phone, "sub{1,2,3}(6)")
    small = measure(phone)
    assert small["mode"] == "whole" and small["nodes"] == 7 and small["edges"] == 15, small
    assert_fits(small)
    assert len(phone.finds("#graph-picture g.node.p")) == 2
    phone.screenshot("phone-graph-sub-1-2-3-6", show="#graph")


def test_a_small_graph_is_drawn_whole_where_it_is_readable(page):
    # nim(1,1,3): 16 positions, 40 moves, drawn whole in rows at a desktop's width ...
    shown_graph(page, "nim(1,1,3)")
    desktop = measure(page)
    assert desktop["mode"] == "whole" and desktop["nodes"] == 16 and desktop["edges"] == 40, desktop
    assert_fits(desktop)
    assert page.text("#graph-note").startswith("16 positions, 40 moves, drawn in rows")
    page.screenshot("graph-nim-1-1-3-whole", show="#graph")
    # ... and around one position once its box is a phone's: the drawing follows its box.
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": PHONE_WIDTH, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        page.wait(lambda d: measure(page)["mode"] == "focus", "the graph drawn around one position")
        narrow = measure(page)
        assert narrow["nodes"] == 1 + 5, narrow
        assert_fits(narrow)
        assert page.text("#graph-note").startswith("16 positions, 40 moves: too wide to read on this screen")
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    page.wait(lambda d: measure(page)["mode"] == "whole", "the whole graph again")


def test_past_300_positions_the_neighbourhood_is_drawn(page, cli):
    # nim(5,6,7): 6·7·8 = 336 positions, more than the page lists whole: the
    # engine gives the positions within two moves, drawn around the root.
    shown_graph(page, "nim(5,6,7)")
    assert page.text("#graph-note").startswith("More than 300 positions can be reached from here: too many to draw whole")
    measured = measure(page)
    assert measured["mode"] == "focus" and measured["nodes"] == 1 + 18 and measured["edges"] == 18, measured
    assert_fits(measured)
    rows = option_rows(page)
    assert all(value == nim_value(text) for text, value, _ in rows), rows
    winning = [m["after"] for m in json.loads(run_cli(cli, "value", "nim(5,6,7)", "--json").stdout)["winning_moves"]]
    assert sorted(text for text, _, marked in rows if marked) == sorted(winning) and len(winning) == 3
    page.find('#graph-picture .toggle[aria-label="show the 14 options of nim(1,6,7)"]').click()
    assert measure(page)["nodes"] == 1 + 18 + 14
    # Two moves away (5 → 1, 7 → 6): its value is known, its options are not yet asked for.
    deep = page.finds('#graph-picture g.node[data-level="2"]')[1]
    assert deep.get_attribute("aria-label") == "nim(1,6,6), value 1, an option of nim(1,6,7)"
    deep.click()
    assert page.text("#graph-selected") == "nim(1,6,6): value 1; centre the graph on it to see its options and their mex."
    page.driver.find_element(By.XPATH, "//div[@id='graph-node']//button[text()='Centre the graph on nim(1,6,6)']").click()
    page.wait(lambda d: " ".join((page.text("#graph-trail") or "").split()) == "Centred on nim(5,6,7) → nim(1,6,6)",
              "the graph centred on nim(1,6,6)")
    centred = measure(page)
    assert centred["nodes"] == 1 + 13, centred
    assert_fits(centred)
    # Its options now at hand: (0,6,6) and the twelve of value 7 xor the heap left, 7 to 2.
    assert page.text("#graph-selected") == ("nim(1,6,6): its 13 options have values {0, 2, 3, 4, 5, 6, 7}; the mex "
                                            "(least value not among them) is 1.")
    page.screenshot("graph-nim-5-6-7-neighbourhood", show="#graph")


def test_a_neighbourhood_too_large_two_moves_deep_is_drawn_one_move_deep(page):
    # nim(60,60): 3,721 positions, 3,720 of them within two moves — more than the
    # 3,000 a neighbourhood holds — so its 120 options alone, none of them opening.
    shown_graph(page, "nim(60,60)")
    measured = measure(page)
    assert measured["mode"] == "focus" and measured["nodes"] == 1 + 120 and measured["edges"] == 120, measured
    assert_fits(measured)
    assert page.finds("#graph-picture .toggle") == []
    assert "+ shows" not in page.text("#graph-note")
    page.find('#graph-picture g.node[aria-label="nim(60,0), value 60, an option of nim(60,60)"]').click()
    assert page.text("#graph-selected") == "nim(60,0): value 60; centre the graph on it to see its options and their mex."
