"""The Position view as a person uses it: expressions typed into the input and
the answers read off the page, equal to what the `grundy` command prints; a
winning move clicked; an error marked at its column; the explanation and the
game graph."""

import json
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import run_cli


def cli_text(cli, *args):
    result = run_cli(cli, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def shown_answer(page, expression):
    """Waits for the answer to `expression` and returns (value, outcome words)."""
    page.answered(expression)
    return page.text("#nim-value"), page.text("#outcome")


def test_typed_expressions_are_answered_as_the_cli_answers(page, cli):
    for expression in ["nim(3,4,5)", "sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)", "kayles(10) + 0.07(1000000000000000000)",
                       "wythoff(3,5)", "lr(1,2)(2,3,3)", "cram(3x4)", "moore(2)(3,5,6)", "nim(18446744073709551615)"]:
        page.type_expression(expression)
        value, outcome = shown_answer(page, expression)
        printed = cli_text(cli, "value", expression)
        assert f"Nim-value: {value}\n" in printed, (expression, value, printed)
        assert f"Outcome: {outcome}\n" in printed, (expression, outcome, printed)
        # Every winning move listed, with the whole position after it.
        expected = json.loads(cli_text(cli, "value", expression, "--json"))
        shown = [b.get_attribute("data-after") for b in page.finds("#answer ul.moves button")]
        assert shown == [m["after"] for m in expected["winning_moves"]], expression
    page.screenshot("position-typed")


def test_answers_follow_each_keystroke(page, cli):
    field = page.find("#expression")
    field.clear()
    for character in "nim(7,":
        field.send_keys(character)
    # Half an expression is an error at its column; one more key makes it whole.
    page.wait(lambda d: page.find("#expression-error").get_attribute("hidden") is None, "an error")
    field.send_keys("2)")
    value, outcome = shown_answer(page, "nim(7,2)")
    assert value == "5"
    assert outcome == "the first player (the one to move) wins with perfect play"


def test_clicking_a_winning_move_makes_it_the_position(page, cli):
    page.type_expression("nim(3,4,5)")
    shown_answer(page, "nim(3,4,5)")
    move = page.find("#answer ul.moves button")
    after = move.get_attribute("data-after")
    assert after == "nim(1,4,5)"
    move.click()
    value, outcome = shown_answer(page, "nim(1,4,5)")
    assert value == "0"
    assert f"Outcome: {outcome}\n" in cli_text(cli, "value", "nim(1,4,5)")
    assert page.text("#no-win") == "Every move loses against perfect play."
    assert "e=nim%281%2C4%2C5%29" in page.driver.current_url
    # Back in the browser's history returns to the position before the move.
    page.driver.back()
    shown_answer(page, "nim(3,4,5)")
    page.screenshot("position-after-back")


def test_an_error_is_the_clis_message_with_its_column_marked(page, cli):
    for expression, column in [("nim(3,", 4), ("nim(3) + foo(2)", 10), ("sub{1,2,3}(10) + nim(3,-1)", 24),
                               ("kayles(99999999999999999999)", 8), ("nim(3) nim(4)", 8)]:
        page.type_expression(expression)
        page.answered(expression)
        assert page.find("#expression-error").get_attribute("data-column") == str(column)
        result = run_cli(cli, "value", expression)
        assert result.returncode == 2
        assert page.text("#expression-error .error-message") == result.stderr.strip()
        assert f"column {column}:" in result.stderr
        marked = page.find("#expression-error mark").text
        assert marked == (list(expression)[column - 1] if column <= len(expression) else "")
        assert page.find("#expression").get_attribute("aria-invalid") == "true"
    page.screenshot("position-error")
    # A fixed expression clears the error.
    page.type_expression("nim(3,1)")
    shown_answer(page, "nim(3,1)")
    assert page.find("#expression-error").get_attribute("hidden") is not None
    assert page.find("#expression").get_attribute("aria-invalid") is None


def test_explanation_shows_options_values_and_the_mex(page, cli):
    page.type_expression("sub{1,2,3}(7)")
    shown_answer(page, "sub{1,2,3}(7)")
    page.wait(lambda d: page.finds("#mex-line"), "the mex")
    rows = [[td.text for td in tr.find_elements(By.CSS_SELECTOR, "td")] for tr in page.finds("#options-table tbody tr")]
    explained = json.loads(cli_text(cli, "explain", "sub{1,2,3}(7)", "--json"))
    assert rows == [[o["action"], o["after"], str(o["value"])] for o in explained["options"]]
    assert [r[2] for r in rows] == ["2", "1", "0"]  # the heaps 6, 5, 4 of the textbook
    assert page.text("#mex-line") == ("Their values are {0, 1, 2}; the least value not among them (the mex) is 3, "
                                      "so g(sub{1,2,3}(7)) = 3.")
    page.screenshot("position-explanation", show="#explanation")


def test_explanation_of_a_sum_is_the_binary_xor_column(page, cli):
    page.type_expression("nim(3,4,5)")
    shown_answer(page, "nim(3,4,5)")
    page.wait(lambda d: page.finds("#explanation-body table.components tr.xor"), "the xor row")
    rows = [[td.text for td in tr.find_elements(By.CSS_SELECTOR, "td")]
            for tr in page.finds("#explanation-body table.components tbody tr")]
    assert rows == [["nim(3)", "011", "3"], ["nim(4)", "100", "4"], ["nim(5)", "101", "5"], ["xor", "010", "2"]]
    page.screenshot("position-sum", show="body")


def test_game_graph_marks_p_positions_and_the_mex_at_a_node(page, cli):
    page.type_expression("sub{1,2,3}(6)")
    shown_answer(page, "sub{1,2,3}(6)")
    page.wait(lambda d: len(page.finds("#graph-picture g.node")) == 7, "the graph of 7 positions")
    nodes = {n.get_attribute("aria-label") for n in page.finds("#graph-picture g.node")}
    # g(n) = n mod 4: the heaps 0 and 4 are the P-positions.
    for heap in range(7):
        label = f"sub{{1,2,3}}({heap}), value {heap % 4}" + (", a P-position" if heap % 4 == 0 else "")
        assert label in nodes, (label, nodes)
    assert len(page.finds("#graph-picture g.node.p")) == 2
    assert len(page.finds("#graph-picture path.edge")) == 15
    node = [n for n in page.finds("#graph-picture g.node") if n.get_attribute("aria-label").startswith("sub{1,2,3}(5)")][0]
    node.click()
    assert page.text("#graph-selected") == ("sub{1,2,3}(5): its 3 options have values {0, 2, 3}; the mex (least value "
                                            "not among them) is 1.")
    # With the keyboard alone: focus a node, press Enter.
    four = [n for n in page.finds("#graph-picture g.node") if n.get_attribute("aria-label").startswith("sub{1,2,3}(4)")][0]
    page.driver.execute_script("arguments[0].focus()", four)
    four.send_keys(Keys.ENTER)
    assert page.text("#graph-selected").startswith("sub{1,2,3}(4): its 3 options have values {1, 2, 3}; the mex")
    page.screenshot("position-graph", show="#graph")


def test_boards_in_an_expression_are_drawn(page, cli):
    page.type_expression("cram(0110/0000/0000) + nim(1)")
    value, _ = shown_answer(page, "cram(0110/0000/0000) + nim(1)")
    expected = json.loads(cli_text(cli, "value", "cram(0110/0000/0000) + nim(1)", "--json"))
    assert value == str(expected["value"])
    boards = page.finds("#answer .boards-shown .board")
    assert len(boards) == 1
    assert len(boards[0].find_elements(By.CSS_SELECTOR, "span.blocked")) == 2
    page.screenshot("position-boards")


def test_misere_play(page, cli):
    page.type_expression("nim(1,1,2)")
    shown_answer(page, "nim(1,1,2)")
    page.find("#misere").click()
    page.wait(lambda d: page.text("#play-line") == "Play: misère (the player who makes the last move loses)",
              "the misère answer")
    page.idle()
    printed = cli_text(cli, "value", "nim(1,1,2)", "--misere")
    assert f"Outcome: {page.text('#outcome')}\n" in printed
    assert "m=1" in page.driver.current_url
    page.find("#misere").click()


def test_keyboard_alone_reaches_every_view(page):
    # Tab to the tabs, then the arrow keys move between views.
    tab = page.find("#tab-position")
    page.driver.execute_script("arguments[0].focus()", tab)
    for view in ["table", "play", "boards", "rule", "files", "position"]:
        page.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        page.wait(lambda d: page.find(f"#view-{view}").get_attribute("hidden") is None, f"the {view} view")
        assert page.driver.switch_to.active_element.get_attribute("id") == f"tab-{view}"
