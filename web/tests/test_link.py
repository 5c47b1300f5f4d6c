"""The whole state in the address: a link made on one page, opened in a new
browser with an empty profile, shows the same position, answer, table, boards
and rule — and a rule that came with a link does not run until asked."""

from conftest import Page, new_browser


def test_a_shared_link_round_trips(page, server):
    page.type_expression("sub{1,2,3}(10) + nim(9,12)")
    page.answered("sub{1,2,3}(10) + nim(9,12)")
    page.find("#misere").click()
    page.idle()
    page.find("#misere").click()
    page.idle()
    page.find("#tab-table").click()
    rule = page.find("#table-rule")
    rule.clear()
    rule.send_keys("sub{1,3,4}")
    upto = page.find("#table-upto")
    upto.clear()
    upto.send_keys("40")
    page.find("#table-form button[type=submit]").click()
    page.wait(lambda d: page.text("#table-summary") and "sub{1,3,4}" in page.text("#table-summary"), "the table")
    page.find("#tab-boards").click()
    page.idle()
    page.find(".board-editor .cells button[data-row='1'][data-column='2']").click()
    page.idle()
    value_here = page.text("#boards-answer #nim-value")
    page.find("#tab-position").click()
    page.idle()
    link = page.driver.current_url
    assert "#" in link
    answer_here = page.text("#value-line")
    table_here = page.find("#table-result").get_attribute("textContent")

    other = new_browser()
    try:
        there = Page(other, server, link[link.index("#"):])
        there.answered("sub{1,2,3}(10) + nim(9,12)")
        assert there.find("#expression").get_attribute("value") == "sub{1,2,3}(10) + nim(9,12)"
        assert there.text("#value-line") == answer_here
        there.find("#tab-table").click()
        there.wait(lambda d: there.text("#table-summary") and "sub{1,3,4}" in there.text("#table-summary"), "the table")
        assert there.find("#table-result").get_attribute("textContent") == table_here
        there.find("#tab-boards").click()
        there.idle()
        assert there.find(".board-editor .cells button[data-row='1'][data-column='2']").get_attribute("aria-pressed") == "true"
        assert there.text("#boards-expression") == "cram(0000/0010/0000)"
        there.wait(lambda d: there.text("#boards-answer #nim-value") == value_here, "the boards' value")
        there.find("#tab-position").click()
        there.idle()
        there.screenshot("link-opened")
        assert there.driver.current_url == link
    finally:
        other.quit()


def test_a_rule_from_a_link_runs_only_when_asked(page, server):
    source = "function moves(n) { return n >= 2 ? [n - 2] : []; }"
    page.find("#tab-rule").click()
    field = page.find("#rule-source")
    field.clear()
    field.send_keys(source)
    name = page.find("#rule-name")
    name.clear()
    name.send_keys("twos")
    link = page.driver.current_url
    page.open(link[link.index("#"):])
    page.idle()
    assert page.find("#rule-source").get_attribute("value") == source
    assert page.find("#rule-link-note").get_attribute("hidden") is None
    assert not page.finds("#rule-result table")
    page.find("#rule-use").click()
    page.wait(lambda d: page.finds("#table-values"), "the rule's table")
    # Take two: g(n) = floor(n/2) mod 2.
    values = [int(td.text) for td in page.finds("#table-values td")]
    assert values[:12] == [(n // 2) % 2 for n in range(12)]
    assert page.find("#rule-link-note").get_attribute("hidden") is not None
