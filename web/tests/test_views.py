"""The Table, Boards and Files views as a person uses them: a heap rule's table
with its plot and its period marked, proven or not; boards drawn and edited by
clicking cells, summed, a winning move made by clicking it; the judge's
multi-board format; a game graph file named with @."""

import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPOSITORY, reference_terms, run_cli


def tabulate(page, rule, upto):
    page.find("#tab-table").click()
    field = page.find("#table-rule")
    field.clear()
    field.send_keys(rule)
    limit = page.find("#table-upto")
    limit.clear()
    limit.send_keys(str(upto))
    page.find("#table-form button[type=submit]").click()
    page.wait(lambda d: page.finds("#table-summary") and f"g(0..{upto})" in page.text("#table-summary"), f"the table of {rule}")
    page.idle()


def test_kayles_table_with_its_proven_period(page, cli):
    tabulate(page, "kayles", 300)
    assert page.text("#table-status") == "proven"
    expected = json.loads(run_cli(cli, "table", "kayles", "--upto", "300", "--json").stdout)
    # Kayles (OEIS A002186): period 12 from n = 71, proven by the octal periodicity theorem.
    assert (expected["pattern"]["period"], expected["pattern"]["preperiod"]) == (12, 71)
    assert page.text("#table-pattern") == ("Pattern: periodic with period 12 after a preperiod of 71 — proven ("
                                           + expected["pattern"]["proof"] + ")")
    cells = page.finds("#table-values td")
    assert [int(c.text) for c in cells] == expected["values"]
    published = reference_terms("oeis_A002186_kayles_0.77_terms.txt")
    assert all(expected["values"][n] == published[n] for n in published if n <= 300)
    # The preperiod shaded in the table and on the plot; one period marked.
    assert len(page.finds("#table-values td.pre")) == 71
    assert page.finds("#table-plot rect.preperiod") and page.finds("#table-plot rect.period")
    page.screenshot("table-kayles")


def test_a_rule_without_a_theorem_is_only_detected(page):
    tabulate(page, "sub(allbut{2,5})", 100)
    assert page.text("#table-status") in ("detected, not proven", "no period found")
    tabulate(page, "sub{1,3,4}", 30)
    assert page.text("#table-status") == "proven"
    assert [int(c.text) for c in page.finds("#table-values td")][:14] == [0, 1, 0, 1, 2, 3, 2] * 2


def test_dawsons_chess_to_a_hundred_thousand(page):
    tabulate(page, "0.137", 99999)
    raw, answer = page.request("table", {"rule": "0.137", "upto": 99999})
    values = answer["ok"]["values"]
    assert len(values) == 100000
    # OEIS A002187: the published terms, then period 34 (the last exception is n = 51).
    published = reference_terms("oeis_A002187_dawsons_chess_0.137_terms.txt")
    expected = [published[n] for n in range(132)]
    while len(expected) < 100000:
        expected.append(expected[-34])
    assert values == expected
    assert len(page.finds("#table-values td")) == 2000  # the first 2000 listed, the rest on request
    # The plot shows the preperiod and a few periods (52 + 4·34 = 188 < 300:
    # g(0..299)), as dots, not 10^5 values squeezed into a band.
    assert page.find("#table-plot").get_attribute("aria-label") == "plot of g(n) for n = 0..299"
    assert "the values repeat with period 34" in page.text("#table-plot-note")
    page.screenshot("table-0.137")


def test_boards_edited_by_clicking_and_summed(page, cli):
    page.find("#tab-boards").click()
    page.idle()
    # The default board is an empty 3×4 Cram board; block two cells.
    page.find(".board-editor .cells button[data-row='0'][data-column='0']").click()
    page.find(".board-editor .cells button[data-row='2'][data-column='3']").click()
    page.find("#boards-add").click()
    editors = page.finds(".board-editor")
    assert len(editors) == 2
    second = editors[1]
    second.find_element(By.CSS_SELECTOR, "select").send_keys("2")  # 2×2 blocks, chosen with the keyboard
    page.idle()
    expression = page.text("#boards-expression")
    assert expression == "cram(1000/0000/0001) + blocks2x2(000/000/000)"
    page.wait(lambda d: page.finds("#boards-answer #nim-value"), "the value of the boards")
    page.idle()
    expected = json.loads(run_cli(cli, "value", expression, "--json").stdout)
    assert page.text("#boards-answer #nim-value") == str(expected["value"])
    # Keyboard alone: arrows move between cells, Enter toggles one.
    first_cell = page.find(".board-editor .cells button[data-row='0'][data-column='0']")
    page.driver.execute_script("arguments[0].focus()", first_cell)
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.idle()
    assert page.text("#boards-expression") == "cram(1100/0000/0001) + blocks2x2(000/000/000)"
    page.wait(lambda d: page.finds("#boards-answer #value-line"), "the new value")
    page.idle()
    page.screenshot("boards")
    # A winning move clicked is made on the boards.
    expected = json.loads(run_cli(cli, "value", page.text("#boards-expression"), "--json").stdout)
    if expected["outcome"] == "N":
        page.find("#boards-answer ul.moves button").click()
        page.idle()
        assert page.text("#boards-expression") == expected["winning_moves"][0]["after"].replace("blocks2x2(3x3)", "blocks2x2(000/000/000)")
        page.wait(lambda d: page.text("#boards-answer #outcome").startswith("the second player wins"), "a P-position")


def test_judge_cases_answered_as_grundy_boards(page, cli):
    page.find("#tab-boards").click()
    page.find("#boards-judge summary").click()
    cases = (page.find("#judge-text").get_attribute("value"))
    page.find("#judge-run").click()
    page.wait(lambda d: page.finds("#judge-cases li"), "the answers")
    expected = run_cli(cli, "boards", "-", stdin=cases)
    assert expected.returncode == 0, expected.stderr
    assert expected.stdout.split() == ["Yes", "Yes"]  # examples/cases.txt
    answers = [li.text.split(" ")[0] for li in page.finds("#judge-cases li")]
    assert answers == expected.stdout.split()


def test_files_named_with_at(page, cli):
    page.find("#tab-files").click()
    page.find("#files-examples").click()
    page.wait(lambda d: len(page.finds("#files-list .file")) == 5, "the example files")
    page.screenshot("files")
    page.find("#tab-position").click()
    page.type_expression("graph(@textbook.graph)(start) + nim(2)")
    page.answered("graph(@textbook.graph)(start) + nim(2)")
    page.idle()
    expected = run_cli(cli, "value", "graph(@textbook.graph)(start) + nim(2)", "--json", cwd=REPOSITORY / "examples")
    assert page.text("#nim-value") == str(json.loads(expected.stdout)["value"])


def test_every_view_fits_a_phone_screen(server):
    from conftest import Page, new_browser
    phone = new_browser(width=390, height=844)
    try:
        page = Page(phone, server)
        page.idle()
        for view in ["position", "table", "play", "boards", "rule", "files"]:
            page.find(f"#tab-{view}").click()
            page.idle()
            # Nothing wider than the screen but what scrolls inside its own box (graphs, tables).
            overflow = phone.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, (view, overflow)
            page.screenshot(f"phone-{view}")
    finally:
        phone.quit()
