"""The explorer as a person uses it, in a real headless Chromium: typing into the page
and reading what it shows (the verdict, the components, the rule tree lit in the input,
the caret, the expected rules, the failing rule marked in its diagram, every mode of a
resolution, the warnings, the URLs found), with the keyboard alone where a person can.
Each view's screenshot is saved (conftest.py: RFC1738_SCREENSHOTS)."""

import json
import time
import urllib.parse
import urllib.request

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait


def api(server, path, **params):
    """The API's answer, for the page to be checked against (127.0.0.1 only)."""
    with urllib.request.urlopen(f"{server}{path}?{urllib.parse.urlencode(params)}", timeout=30) as answer:
        return json.load(answer)


def wait(browser, condition, message="", timeout=15):
    """Waits for `condition`; an element redrawn while it was read is read again."""
    waiting = WebDriverWait(browser, timeout, ignored_exceptions=[StaleElementReferenceException])
    return waiting.until(lambda _: condition(), message)


def type_into(browser, field_id, text):
    """Selects what the field holds and types `text` over it, key by key."""
    field = browser.find_element(By.ID, field_id)
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    field.send_keys(text)
    return field


def text(browser, element_id):
    """The element's text, shown or not (a hidden view's too)."""
    return browser.find_element(By.ID, element_id).get_attribute("textContent")


def fields(browser):
    """The components table, as a dict of the cells' text (read in one go, atomically)."""
    return browser.execute_script(
        "const rows = document.querySelectorAll('#parse-fields tr');"
        "return Object.fromEntries(Array.from(rows, (row) =>"
        " [row.querySelector('th').textContent, row.querySelector('td').textContent]));"
    )


def field_cells(browser):
    """The components table row by row, in its order: the name, the cell's text, and
    whether the cell is drawn as a null (read in one go, atomically)."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#parse-fields tr'), (row) =>"
        " [row.querySelector('th').textContent, row.querySelector('td').textContent,"
        " row.querySelector('td').classList.contains('null')]);"
    )


def assert_fields_are_the_report(shown, report):
    """The components table `shown` (field_cells) is the report of /api/parse (that of
    `parse --json`), every component and its value, in the report's order: a string as it
    is, null as "none" drawn as a null, any other value (a number, true or false, a list)
    as its JSON."""
    expected = [(key, value) for key, value in report.items() if key != "error"]
    assert [name for name, _, _ in shown] == [key for key, _ in expected], (shown, report)
    for (name, cell, null), (key, value) in zip(shown, expected):
        if value is None:
            assert (cell, null) == ("none", True), (name, cell, null)
        elif isinstance(value, str):
            assert (cell, null) == (value, False), (name, cell, null, value)
        else:
            # Parsed back and written again, so that JSON's spacing does not matter but
            # its types do (true is not 1, "8080" is not 8080).
            assert not null, (name, cell)
            assert json.dumps(json.loads(cell)) == json.dumps(value), (name, cell, value)


def lit(browser, container, cls):
    """The characters of the input drawn in `container` that carry class `cls` (read in
    one go, atomically)."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), (cell) => cell.textContent).join('');",
        f"#{container} span.{cls}",
    )


def open_page(browser, server, view="parse"):
    """Loads the page afresh (a new document, not a change of fragment), on `view`."""
    browser.get("about:blank")
    browser.get(f"{server}/#{view}")
    wait(browser, lambda: text(browser, "parse-verdict") != "", "the first answer")


def extracted(browser, server, count, *keys):
    """Types `keys` into the Extract view's text and returns the cells of its table once
    it has `count` rows."""
    open_page(browser, server, "extract")
    area = browser.find_element(By.ID, "extract-text")
    area.click()
    area.send_keys(Keys.CONTROL, "a")
    area.send_keys(Keys.DELETE)
    area.send_keys(*keys)
    rows = lambda: browser.find_elements(By.CSS_SELECTOR, "#extract-table tbody tr")
    wait(browser, lambda: len(rows()) == count, f"{count} rows")
    return [[td.text for td in row.find_elements(By.TAG_NAME, "td")] for row in rows()]


VALID = {
    # dialect: (input, kind, production, a component and its text)
    "rfc1738": ("http://info.cern.ch:8080/hypertext/WWW?query", "http", "httpurl", ("host", "info.cern.ch")),
    "rfc1630": ("mid:12345@info.cern.ch#part", "mid", "midaddress", ("addr-spec", "12345@info.cern.ch")),
    "draft": ("URL:http://info.cern.ch/a b", "http", "httpaddress", ("host", "info.cern.ch")),
}


@pytest.mark.parametrize("dialect", ["rfc1738", "rfc1630", "draft"])
def test_a_valid_url_is_read_into_its_rules(driver, server, screenshots, dialect):
    open_page(driver, server)
    Select(driver.find_element(By.ID, "parse-dialect")).select_by_value(dialect)
    url, kind, production, (rule, rule_text) = VALID[dialect]
    type_into(driver, "parse-input", url)
    wait(driver, lambda: text(driver, "parse-verdict") == f"valid {kind} URL by {dialect}", text(driver, "parse-verdict"))
    # The components are those of `parse --json`.
    report = api(server, "/api/parse", input=url, dialect=dialect)
    shown = fields(driver)
    assert shown["input"] == url and shown["dialect"] == dialect and shown["kind"] == kind
    assert_fields_are_the_report(field_cells(driver), report)
    # The rule tree: the production, and each component lights its span in the input.
    node = driver.find_element(By.CSS_SELECTOR, f'#parse-tree .node[data-rule="{production}"]')
    assert node.is_displayed()
    # The production's diagram is drawn; a rule's name opens its own.
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f'#diagram svg[data-rule="{production}"]'))
    component = driver.find_element(By.CSS_SELECTOR, f'#parse-tree .node[data-rule="{rule}"]')
    driver.execute_script("arguments[0].focus()", component)
    wait(driver, lambda: lit(driver, "parse-shown", "lit") == rule_text, lit(driver, "parse-shown", "lit"))
    if dialect == "rfc1738":
        screenshots(driver, "parse")
    component.find_element(By.CSS_SELECTOR, "button.rule").click()
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f'#diagram svg[data-rule="{rule}"]'), f"diagram of {rule}")
    assert not driver.find_element(By.ID, "parse-error").is_displayed()


COMPONENTS = [
    # (dialect, input): values of every kind the report has, each shown as it is.
    ("rfc1738", "ftp://myname@host.dom/%2Fetc/motd;type=a"),  # a list, nulls
    ("rfc1738", "prospero://h:1525/a/b;x=y;v=1"),  # a number, a list of pairs
    ("rfc1738", "URL:gopher://h:70/1x%09y#top"),  # true, a string "1", a fragment
    ("rfc1630", "news:comp.infosystems.www"),
    ("rfc1738", "http://h:99999/"),  # invalid: the fields beside the error
]


@pytest.mark.parametrize("dialect,url", COMPONENTS)
def test_each_component_is_shown_with_its_value(driver, server, dialect, url):
    open_page(driver, server)
    Select(driver.find_element(By.ID, "parse-dialect")).select_by_value(dialect)
    type_into(driver, "parse-input", url)
    wait(driver, lambda: fields(driver).get("input") == url and text(driver, "parse-verdict") != "",
         fields(driver))
    report = api(server, "/api/parse", input=url, dialect=dialect)
    assert_fields_are_the_report(field_cells(driver), report)


KEYED = [
    # (input, the merges shown): the surt key merges the scheme and the login; nothing
    # to merge for a newsgroup; no rfc1738 key for an invalid URL.
    ("telnet://fedix@fedix.fie.com/", ["the scheme", "the login"]),
    ("news:comp.infosystems.www", ["nothing"]),
    ("http://h/a b", None),
]


@pytest.mark.parametrize("url,merges", KEYED)
def test_the_archive_keys_are_shown_in_both_styles(driver, server, screenshots, url, merges):
    open_page(driver, server)
    type_into(driver, "parse-input", url)
    report = api(server, "/api/key", input=url)

    def keys():
        return driver.execute_script(
            "return Object.fromEntries(Array.from(document.querySelectorAll('#parse-keys tr'),"
            " (row) => [row.dataset.key, row.querySelector('td').textContent]));"
        )

    wait(driver, lambda: keys().get("surt") == report["surt"], keys())
    shown = keys()
    if merges is None:
        assert shown["rfc1738"].startswith("none: "), shown
        assert report["error"]["message"] in shown["rfc1738"]
        assert "surt merges" not in shown
        return
    assert shown["rfc1738"] == report["key"]
    for merge in merges:
        assert merge in shown["surt merges"], shown
    if url.startswith("telnet"):
        screenshots(driver, "keys")


INVALID = [
    # (dialect, input, the character under the caret)
    ("rfc1738", "http://info.cern.ch:99999/", "9"),
    ("rfc1630", "http://info.cern.ch/%zz", "%"),
    ("draft", "ftp://host.dom/f;type=x", "="),  # the draft allows "=" only in a search
    # Nothing is expected at the error (no rule would have gone on): "nothing more".
    ("rfc1738", "http://user:pw@www.example.com/", "u"),
]


@pytest.mark.parametrize("dialect,url,at", INVALID)
def test_an_invalid_url_shows_where_why_and_the_rule_in_its_diagram(driver, server, screenshots, dialect, url, at):
    open_page(driver, server)
    Select(driver.find_element(By.ID, "parse-dialect")).select_by_value(dialect)
    type_into(driver, "parse-input", url)
    explained = api(server, "/api/tree", input=url, dialect=dialect)
    error = explained["error"]
    assert error, explained
    wait(driver, lambda: text(driver, "parse-verdict") == f"invalid: {error['message']}", text(driver, "parse-verdict"))
    # The caret, under the character the error names, and the block the CLI prints.
    assert lit(driver, "parse-shown", "caret") == at
    assert text(driver, "parse-rendered") == error["rendered"]
    assert "^" in text(driver, "parse-rendered")
    # The expected list, each rule a link to its diagram when it has one.
    names = [item["name"] for item in error["expected"]]
    assert text(driver, "parse-expected") == (", ".join(names) if names else "nothing more")
    # The production's diagram, with the boxes the API marks marked and no other.
    diagram = error["diagram"]
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f'#diagram svg[data-rule="{diagram["rule"]}"]'))
    marked = [g.get_attribute("textContent").strip() for g in driver.find_elements(By.CSS_SELECTOR, "#diagram g.marked")]
    assert sorted(set(marked)) == sorted(diagram["marked"]), (marked, diagram)
    # The tree of what was read before the error (the API's), or none.
    shown = [n.get_attribute("data-rule") for n in driver.find_elements(By.CSS_SELECTOR, "#parse-tree .node")]
    assert shown == rules_of(explained["read_before_error"]), shown
    if (dialect, url, at) == INVALID[0]:
        screenshots(driver, "parse-error")
    buttons = driver.find_elements(By.CSS_SELECTOR, "#parse-expected button.rule")
    if buttons:
        name = buttons[0].text
        buttons[0].click()
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f'#diagram svg[data-rule="{name}"]'))


def rules_of(node):
    """The rules of a tree of the API, in the order the page lists them."""
    if not node:
        return []
    return [node["rule"]] + [rule for child in node["children"] for rule in rules_of(child)]


def test_an_invalid_url_shows_what_was_read_before_its_error_in_a_whole_diagram(driver, server, screenshots):
    """Issue 47: an invalid URL shows the tree of what was read before its error, the rule
    whose reading the error stopped outlined in the production's diagram (a space in an
    http path: hpath), the whole diagram in the column, and each box leading to its rule's
    own diagram."""
    url = "http://info.cern.ch/hyper text"
    open_page(driver, server)
    Select(driver.find_element(By.ID, "parse-dialect")).select_by_value("rfc1738")
    type_into(driver, "parse-input", url)
    explained = api(server, "/api/tree", input=url, dialect="rfc1738")
    read = explained["read_before_error"]
    assert (read["end"], read["text"]) == (25, "http://info.cern.ch/hyper"), read
    wait(driver, lambda: driver.find_elements(By.ID, "parse-read-before"), "what was read before the error")
    assert "0..25" in text(driver, "parse-read-before")
    nodes = driver.find_elements(By.CSS_SELECTOR, "#parse-tree .node")
    assert [n.get_attribute("data-rule") for n in nodes] == rules_of(read)
    assert "hpath" in rules_of(read)
    # The rule the error stopped in, outlined in httpurl's diagram.
    assert explained["error"]["diagram"]["stopped_in"] == "hpath"
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#diagram svg[data-rule="httpurl"] g.stopped'))
    outlined = [g.get_attribute("textContent").strip() for g in driver.find_elements(By.CSS_SELECTOR, "#diagram g.stopped")]
    assert outlined == ["hpath"], outlined
    # Every box of the production inside the diagram's column: nothing cut off.
    inside = driver.execute_script(
        "const box = document.getElementById('diagram').getBoundingClientRect();"
        "return Array.from(document.querySelectorAll('#diagram g.nonterminal, #diagram g.terminal'),"
        " (g) => { const r = g.getBoundingClientRect(); return [g.textContent.trim(), r.left >= box.left - 1 && r.right <= box.right + 1]; });"
    )
    assert [name for name, fits in inside if not fits] == [], inside
    assert {"hostport", "hpath", "search"} <= {name for name, _ in inside}
    screenshots(driver, "parse-error-read")
    # A box leads to its rule's diagram, by the mouse and by the keyboard.
    driver.find_element(By.CSS_SELECTOR, '#diagram svg[data-rule="httpurl"] g.nonterminal.link').click()
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#diagram svg[data-rule="hostport"]'), "hostport's diagram")
    box = driver.find_element(By.CSS_SELECTOR, "#diagram g.nonterminal.link")
    name = box.get_attribute("textContent").strip()
    box.send_keys(Keys.ENTER)
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f'#diagram svg[data-rule="{name}"]'), f"{name}'s diagram")


def test_the_failing_rule_is_marked_in_its_diagram(driver, server):
    """A port that is no number: the diagram of httpurl marks the rule that failed."""
    open_page(driver, server)
    Select(driver.find_element(By.ID, "parse-dialect")).select_by_value("rfc1738")
    type_into(driver, "parse-input", "http://info.cern.ch:http/")
    diagram = api(server, "/api/tree", input="http://info.cern.ch:http/")["error"]["diagram"]
    assert diagram["rule"] == "httpurl" and diagram["marked"], diagram
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#diagram svg[data-rule="httpurl"] g.marked'))
    marked = {g.get_attribute("textContent").strip() for g in driver.find_elements(By.CSS_SELECTOR, "#diagram g.marked")}
    assert marked == set(diagram["marked"])


def test_a_link_is_resolved_in_every_mode_side_by_side(driver, server, screenshots):
    open_page(driver, server, "resolve")
    assert driver.find_element(By.ID, "view-resolve").is_displayed()
    type_into(driver, "resolve-context", "http://a/b/c/d;p?q#f")
    type_into(driver, "resolve-partial", "g")
    rows = lambda: driver.find_elements(By.CSS_SELECTOR, "#resolve-table tbody tr")
    wait(driver, lambda: len(rows()) == 7 and rows()[3].find_elements(By.TAG_NAME, "td")[0].text == "http://a/b/c/g#f",
         "the CERN library keeps the base's fragment")
    results = {row.get_attribute("data-mode"): row.find_elements(By.TAG_NAME, "td")[0].text for row in rows()}
    assert results == {"rfc1630": "http://a/b/c/g", "draft": "http://a/b/c/g", "rfc1808": "http://a/b/c/g", "cern": "http://a/b/c/g#f",
                       "rfc2396": "http://a/b/c/g", "rfc3986": "http://a/b/c/g", "whatwg": "http://a/b/c/g"}
    # The difference is marked, in each row; the row that differs from the first too.
    assert [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "#resolve-table mark")] == ["#f"]
    assert [row.get_attribute("data-mode") for row in rows() if "differs" in row.get_attribute("class")] == ["cern"]
    assert all(row.find_elements(By.TAG_NAME, "td")[1].text == "valid http" for row in rows())
    assert text(driver, "resolve-verdict") == "The modes give 2 different answers."
    screenshots(driver, "resolve")
    type_into(driver, "resolve-partial", "../../../g")
    wait(driver, lambda: text(driver, "resolve-verdict").startswith("The modes give"))
    # A gopher base: RFC 1630 and its draft give no partial forms; RFC 1808 and CERN resolve.
    type_into(driver, "resolve-context", "gopher://h/1x")
    cell = lambda mode, column: driver.find_element(By.CSS_SELECTOR, f'#resolve-table tr[data-mode="{mode}"]').find_elements(By.TAG_NAME, "td")[column].text
    wait(driver, lambda: cell("rfc1630", 0).startswith("no result: gopher URIs have no partial forms"), "no result")
    assert cell("draft", 0).startswith("no result") and cell("draft", 1) == "nothing to judge"
    assert cell("rfc1808", 0) == cell("cern", 0) == cell("rfc2396", 0) == "gopher://h/../../../g"
    # RFC 3986 and WHATWG (where gopher is no special scheme) remove ".." above the root.
    assert cell("rfc3986", 0) == cell("whatwg", 0) == "gopher://h/g"


def test_then_and_now_gives_each_standard_its_verdict_and_marks_what_goes_elsewhere_now(driver, server, screenshots):
    """Issue 49: a URL's verdict by each standard in its year, and a link of an old page
    resolved in every mode, the rows that differ from the CERN library's marked."""
    open_page(driver, server, "timeline")
    assert driver.find_element(By.ID, "view-timeline").is_displayed()
    type_into(driver, "timeline-base", "")
    type_into(driver, "timeline-input", "http://info.cern.ch/~timbl/")
    def verdicts():
        # The table is redrawn as the answers come: a row read while it is replaced is
        # read again.
        for _ in range(50):
            try:
                return {row.get_attribute("data-standard"): row.find_elements(By.TAG_NAME, "td")[1].text
                        for row in driver.find_elements(By.CSS_SELECTOR, "#timeline-verdicts tbody tr")}
            except StaleElementReferenceException:
                time.sleep(0.05)
        return {}

    wait(driver, lambda: verdicts().get("rfc2396") == "valid", "RFC 2396's verdict")
    shown = verdicts()
    assert list(shown) == ["draft", "rfc1630", "rfc1738", "rfc1808", "rfc2396", "rfc3986", "whatwg"]
    for standard in ["draft", "rfc1630", "rfc1738", "rfc1808"]:
        assert shown[standard].startswith("invalid at 20: "), shown
    assert shown["rfc3986"] == shown["whatwg"] == "valid"
    assert text(driver, "timeline-verdict") == "Valid by RFC 2396, RFC 3986, WHATWG URL Standard."
    assert driver.find_elements(By.CSS_SELECTOR, "#timeline-resolutions tbody tr") == []
    # A link of a WAIS gateway's form against a base with a trailing dot and :80.
    type_into(driver, "timeline-base", "http://info.cern.ch.:80/hypertext/WWW/TheProject.html")
    type_into(driver, "timeline-input", "../Overview.html?")
    rows = lambda: driver.find_elements(By.CSS_SELECTOR, "#timeline-resolutions tbody tr")
    wait(driver, lambda: len(rows()) == 7 and "?" in text(driver, "timeline-resolutions"), "every mode")
    time.sleep(0.3)  # the last answer drawn
    result = {row.get_attribute("data-mode"): row.find_elements(By.TAG_NAME, "td")[0].text for row in rows()}
    assert result["cern"] == "http://info.cern.ch/hypertext/Overview.html?"
    assert result["whatwg"] == "http://info.cern.ch./hypertext/Overview.html?"
    assert result["rfc3986"] == "http://info.cern.ch.:80/hypertext/Overview.html?"
    differs = [row.get_attribute("data-mode") for row in rows() if "differs" in row.get_attribute("class")]
    assert "cern" not in differs and "whatwg" in differs and "rfc3986" in differs
    assert driver.find_elements(By.CSS_SELECTOR, "#timeline-resolutions mark")
    screenshots(driver, "timeline")


def test_lint_shows_the_section_6_warnings(driver, server, screenshots):
    open_page(driver, server, "lint")
    url = "gopher://h:25/0%0D%0AHELO"
    type_into(driver, "lint-input", url)
    report = api(server, "/api/lint", input=url)
    assert report["warnings"]
    items = lambda: driver.find_elements(By.CSS_SELECTOR, "#lint-warnings li")
    wait(driver, lambda: len(items()) == len(report["warnings"]))
    assert [item.get_attribute("data-kind") for item in items()] == [w["kind"] for w in report["warnings"]]
    wait(driver, lambda: "25" in lit(driver, "lint-shown", "warned") and "%0D%0A" in lit(driver, "lint-shown", "warned"),
         lit(driver, "lint-shown", "warned"))
    assert "warning" in text(driver, "lint-verdict")
    screenshots(driver, "lint")
    type_into(driver, "lint-input", "http://info.cern.ch/")
    wait(driver, lambda: text(driver, "lint-verdict") == "valid http URL, no warning")


def test_extract_finds_the_urls_of_a_text(driver, server, screenshots):
    cells = extracted(driver, server, 3, "See <URL:http://info.cern.ch/a> and ftp://h/f;type=x", Keys.ENTER, "and news:comp.infosystems.www.")
    assert [c[2] for c in cells] == ["http://info.cern.ch/a", "ftp://h/f;type=x", "news:comp.infosystems.www"]
    assert cells[0][0] == "1:5" and cells[2][0].startswith("2:")
    assert cells[0][3] == "valid http" and cells[1][3].startswith("invalid")
    assert text(driver, "extract-verdict") == "3 URLs found: 2 valid, 1 invalid"
    screenshots(driver, "extract")


def test_the_page_is_used_with_the_keyboard(driver, server):
    open_page(driver, server)
    active = lambda: driver.switch_to.active_element.get_attribute("id")
    assert active() == "parse-input", "the URL field has the focus"
    # Typing updates; Tab reaches the dialect, the keyboard changes it.
    driver.switch_to.active_element.send_keys(Keys.END, "#top")
    wait(driver, lambda: fields(driver).get("fragment") == "top")
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert active() == "parse-dialect"
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    wait(driver, lambda: fields(driver).get("dialect") == "rfc1630", "the dialect changed by the keyboard")
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert active() == "parse-form"
    # The tabs: Shift+Tab back to them, arrows pick a view, Tab enters it.
    for _ in range(6):
        if active() == "tab-parse":
            break
        driver.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)
    assert active() == "tab-parse"
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert active() == "tab-resolve"
    assert driver.find_element(By.ID, "view-resolve").is_displayed()
    assert not driver.find_element(By.ID, "view-parse").is_displayed()
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert active() == "resolve-context"
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert active() == "resolve-partial"
    driver.switch_to.active_element.send_keys(Keys.CONTROL, "a")
    driver.switch_to.active_element.send_keys("../x", Keys.ENTER)
    wait(driver, lambda: "http://a/b/x" in text(driver, "resolve-table"), text(driver, "resolve-table"))
    # End goes to the last view, Home back to the first.
    driver.find_element(By.ID, "tab-resolve").send_keys(Keys.END)
    assert active() == "tab-timeline" and driver.find_element(By.ID, "view-timeline").is_displayed()
    driver.switch_to.active_element.send_keys(Keys.HOME)
    assert active() == "tab-parse" and driver.find_element(By.ID, "view-parse").is_displayed()
    # A rule of the tree is reached with Tab, and lights its span.
    type_into(driver, "parse-input", "http://h:80/p")
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, '#parse-tree .node[data-rule="port"]'))
    for _ in range(30):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.switch_to.active_element.get_attribute("data-rule") == "port":
            break
    assert driver.switch_to.active_element.get_attribute("data-rule") == "port"
    assert lit(driver, "parse-shown", "lit") == "80"


def test_the_address_holds_the_view_and_its_fields_so_it_can_be_shared(driver, server, screenshots):
    """Issue 47: the state (the view, the URL, the dialect, the resolve pair) is in the
    address; opening that address elsewhere shows the same."""
    open_page(driver, server)
    type_into(driver, "parse-input", "gopher://h:7070/0x")
    Select(driver.find_element(By.ID, "parse-dialect")).select_by_value("rfc1630")
    wait(driver, lambda: "rfc1630" in driver.current_url and "7070" in driver.current_url, driver.current_url)
    shared = driver.current_url
    fragment = urllib.parse.urlsplit(shared).fragment
    view, query = fragment.split("?", 1)
    params = urllib.parse.parse_qs(query)
    assert (view, params["input"], params["dialect"]) == ("parse", ["gopher://h:7070/0x"], ["rfc1630"])
    # A fresh page at that address: the same fields, the same answer.
    driver.get("about:blank")
    driver.get(shared)
    wait(driver, lambda: fields(driver).get("port") == "7070", "the shared URL read again")
    assert driver.find_element(By.ID, "parse-input").get_attribute("value") == "gopher://h:7070/0x"
    assert fields(driver).get("dialect") == "rfc1630"
    # The resolve pair, by an address made by hand.
    pair = urllib.parse.urlencode({"context": "http://a/b/c/d;p?q", "partial": "../../g"})
    driver.get("about:blank")
    driver.get(f"{server}/#resolve?{pair}")
    wait(driver, lambda: "http://a/g" in text(driver, "resolve-table"), text(driver, "resolve-table"))
    assert driver.find_element(By.ID, "view-resolve").is_displayed()
    assert driver.find_element(By.ID, "resolve-partial").get_attribute("value") == "../../g"
    screenshots(driver, "resolve-shared")


def test_extract_shows_both_readings_of_a_url_broken_at_a_hyphen(driver, server):
    cells = extracted(driver, server, 2, "see <URL:http://info.cern.ch/hyper-", Keys.ENTER, "  text/WWW/> now")
    assert cells[0][2] == "http://info.cern.ch/hyper-text/WWW/"
    assert cells[1][1:] == ["or, without the hyphen", "http://info.cern.ch/hypertext/WWW/", "valid"]
    assert text(driver, "extract-verdict") == "1 URLs found: 1 valid, 0 invalid"


def test_the_icon_is_served_and_a_narrow_window_does_not_scroll_sideways(driver, server, screenshots):
    with urllib.request.urlopen(f"{server}/favicon.ico", timeout=30) as answer:
        assert answer.status == 200 and answer.headers["Content-Type"] == "image/svg+xml"
        assert answer.read().startswith(b"<svg")
    try:
        driver.set_window_size(420, 900)
        for view in ("parse", "resolve", "lint", "extract"):
            open_page(driver, server, view)
            wide = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"
            )
            assert wide <= 0, f"{view}: {wide} px wider than the window"
        open_page(driver, server)
        type_into(driver, "parse-input", "ftp://anonymous@ftp.funet.fi:2121/pub/a-rather-long-path/with/segments/README;type=a")
        wait(driver, lambda: fields(driver).get("host") == "ftp.funet.fi", "the long URL read")
        wide = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        assert wide <= 0, f"{wide} px wider than the window"
        screenshots(driver, "narrow")
    finally:
        driver.set_window_size(1280, 1000)
