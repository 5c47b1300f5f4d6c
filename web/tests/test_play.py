"""Play against perfect play, clicking: kayles(9) to the end, twice — once
clicking the first move offered (the computer, given an N-position, must move
to a P-position every time and win), once clicking the CLI's winning move each
turn (then the player wins, and the computer says it has no winning move)."""

import json

from selenium.webdriver.common.by import By

from conftest import run_cli


def value_of(cli, expression):
    result = run_cli(cli, "value", expression, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def start(page, expression, first="me"):
    page.find("#tab-play").click()
    field = page.find("#play-start")
    field.clear()
    field.send_keys(expression)
    page.find(f'input[name="play-first"][value="{first}"]').click()
    page.find("#play-form button[type=submit]").click()


def my_turn_or_end(page):
    page.wait(lambda d: page.finds("#play-result") or page.finds("#play-moves button"), "my turn or the end")
    page.idle()


def test_kayles_9_to_the_end_against_perfect_play(page, cli):
    start(page, "kayles(9)")
    computer_moves = 0
    while True:
        my_turn_or_end(page)
        if page.finds("#play-result"):
            break
        position = page.text("#play-position")
        button = page.find("#play-moves button")
        after_mine = button.get_attribute("data-after")
        button.click()
        page.wait(lambda d: page.finds("#play-result") or
                  (page.finds("#play-position") and page.text("#play-position") != position and page.finds("#play-moves button")),
                  "the computer's answer")
        page.idle()
        entries = page.finds("#play-log li")
        if page.finds("#play-result") and entries[-1].get_attribute("class") == "you":
            break
        last = entries[-1]
        assert last.get_attribute("class") == "computer"
        computer_moves += 1
        # From an N-position the computer's move leaves value 0, and it says why.
        if value_of(cli, after_mine)["outcome"] == "N":
            assert "a winning move: it leaves a position of value 0" in last.text
            after_computer = last.text.split(" → ")[1].split(" (")[0]
            assert value_of(cli, after_computer)["value"] == 0
    # kayles(9) is an N-position; the first move offered (take 1 from the end)
    # loses, and perfect play then wins: the player is the one left without a move.
    assert page.text("#play-result") == "you lose"
    assert computer_moves >= 2
    page.screenshot("play-kayles-9-lost")


def test_winning_moves_win_kayles_9(page, cli):
    start(page, "kayles(9)")
    while True:
        my_turn_or_end(page)
        if page.finds("#play-result"):
            break
        position = page.text("#play-position")
        winning = value_of(cli, position)["winning_moves"][0]["after"]
        buttons = [b for b in page.finds("#play-moves button") if b.get_attribute("data-after") == winning]
        assert buttons, (position, winning)
        buttons[0].click()
        page.wait(lambda d: page.finds("#play-result") or
                  (page.text("#play-position") not in (None, position) and page.finds("#play-moves button")),
                  "the computer's answer")
    assert page.text("#play-result") == "you win"
    computer = [li.text for li in page.finds("#play-log li.computer")]
    assert computer and all("no move wins against perfect play" in text for text in computer)
    page.screenshot("play-kayles-9-won")


def test_the_computer_moving_first_on_a_board(page, cli):
    start(page, "cram(2x3)", first="computer")
    my_turn_or_end(page)
    # cram(2x3) has value 1: the computer moves first, to a position of value 0.
    first = page.find("#play-log li.computer").text
    assert "a winning move" in first
    assert page.finds("#play-game .board")
    page.screenshot("play-cram")
