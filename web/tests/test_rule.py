"""The user's rule in JavaScript: Grundy's game written as a moves function,
valued by the C++ solver through the callback, tabulated and pattern-checked,
equal to OEIS A002188 and to the built-in grundy ruleset, and summed with
built-in games; a rule that throws is reported with the position."""

import json

from conftest import reference_terms, run_cli


def use_rule(page, name, source, upto=None):
    page.find("#tab-rule").click()
    field = page.find("#rule-name")
    field.clear()
    field.send_keys(name)
    page.driver.execute_script("const s = document.querySelector('#rule-source'); s.value = arguments[0];"
                               "s.dispatchEvent(new Event('input'));", source)
    heaps = page.find("#rule-heaps")
    if heaps.is_selected() != (upto is not None):
        heaps.click()
    if upto is not None:
        limit = page.find("#rule-upto")
        limit.clear()
        limit.send_keys(str(upto))
    page.find("#rule-use").click()


GRUNDYS_GAME = """// Grundy's game: split a heap into two unequal heaps.
function moves(n) {
  const options = [];
  for (let a = 1; 2 * a < n; a++) options.push(sum(a, n - a));
  return options;
}"""


def test_grundys_game_in_javascript_is_tabulated(page, cli):
    use_rule(page, "mygrundy", GRUNDYS_GAME, 104)
    page.wait(lambda d: page.finds("#rule-result #table-values"), "the table of the rule")
    values = [int(td.text) for td in page.finds("#rule-result #table-values td")]
    published = reference_terms("oeis_A002188_grundys_game_terms.txt")
    assert values == [published[n] for n in range(105)]
    # No theorem knows a JavaScript rule: a period is at most detected.
    assert page.text("#rule-result #table-status") in ("no period found", "detected, not proven")
    page.screenshot("rule-grundys-game")
    # The rule in a sum with built-in games, as the CLI answers the same sum
    # with the built-in Grundy's game.
    page.find("#rule-try").click()
    page.answered("mygrundy(20) + nim(3)")
    page.idle()
    expected = json.loads(run_cli(cli, "value", "grundy(20) + nim(3)", "--json").stdout)
    raw, answer = page.request("value", {"expression": "mygrundy(20) + nim(3)"})
    got = answer["ok"]["value"]
    assert got["value"] == expected["value"]
    assert got["winning_move_count"] == expected["winning_move_count"]
    for move in got["winning_moves"]:
        raw, after = page.request("value", {"expression": move["after"]})
        assert after["ok"]["value"]["value"] == 0, move
    page.screenshot("rule-in-a-sum")


def test_json_positions_and_sums_of_parts(page, cli):
    # A position that is a list: Nim on several heaps written as one game.
    source = """function moves(heaps) {
      const options = [];
      heaps.forEach((h, i) => { for (let k = 1; k <= h; k++) { const next = heaps.slice(); next[i] = h - k; options.push(next); } });
      return options;
    }"""
    use_rule(page, "listnim", source)
    page.wait(lambda d: page.finds("#rule-defined"), "the rule defined")
    raw, answer = page.request("value", {"expression": 'listnim("[3,4,5]") + nim(1)'})
    assert answer["ok"]["value"]["value"] == 3 ^ 4 ^ 5 ^ 1, raw
    moves = [m["after"] for m in answer["ok"]["value"]["winning_moves"]]
    assert moves == ['listnim("[0,4,5]") + nim(1)']  # 3 xor 4 xor 5 xor 1 = 3: the heap of 3 to 0
    for after in moves:
        raw, again = page.request("value", {"expression": after})
        assert again["ok"]["value"]["value"] == 0, after
    # Parts of a sum: an option sum(a, b) is two games side by side.
    use_rule(page, "halves", "function moves(n) { return n >= 2 ? [sum(Math.floor(n / 2), n - Math.floor(n / 2))] : []; }", 20)
    page.wait(lambda d: page.finds("#rule-result #table-values"), "the table")
    values = [int(td.text) for td in page.finds("#rule-result #table-values td")]
    # g(n) = mex{g(floor(n/2)) xor g(ceil(n/2))}, worked out here from the definition.
    g = [0, 0]
    for n in range(2, 21):
        option = g[n // 2] ^ g[n - n // 2]
        g.append(1 if option == 0 else 0)
    assert values == g


def test_a_rule_that_throws_names_the_position(page):
    use_rule(page, "broken", "function moves(n) { if (n === 5) throw new Error('no five'); return n ? [n - 1] : []; }", 10)
    page.wait(lambda d: page.finds("#rule-error") and page.find("#rule-error").get_attribute("hidden") is None, "the error")
    message = page.text("#rule-error .error-message")
    assert message == "grundy: your rule broken failed at position 5: Error: no five"
    # Fixed, the same name works: the solver of the broken one was rebuilt.
    use_rule(page, "broken", "function moves(n) { return n ? [n - 1] : []; }", 10)
    page.wait(lambda d: page.finds("#rule-result #table-values"), "the table")
    values = [int(td.text) for td in page.finds("#rule-result #table-values td")]
    assert values == [n % 2 for n in range(11)]


def test_a_rule_with_a_syntax_error(page):
    use_rule(page, "bad", "function moves(n) { return [n - 1; }", 10)
    page.wait(lambda d: page.find("#rule-error").get_attribute("hidden") is None, "the error")
    assert page.text("#rule-error .error-message").startswith("your rule bad: SyntaxError:")
