"""The standings' live refresh in a real browser, driven with the keyboard: the reader's focus
and scroll position survive a refresh with a sheet saved meanwhile, a refresh after a push from
the venue announces one sentence in the status region, "Pozastavit obnovování" pauses the
refresh and is remembered, and the sort the reader chose survives."""

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from scoring.sheets import save_sheet
from sync.services import accept_push, receive_tournament
from tests.authors import author
from tests.browser.conftest import tab_to
from tests.browser.test_public import WCAG
from tests.conftest import good_lines, table_and_round
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUALIFIER = "/turnaj/mcr/kvalifikace/"
ONE_SENTENCE = re.compile(
    r"^\d+ nov(ý|é|ých) výsled(ek|ky|ků); "
    r"(pořadí se změnilo u \d+ hráč(e|ů)|pořadí beze změny)\.$"
)


@pytest.fixture
def in_play(settings, referees):
    """The demo's players, qualifier game 1 in play (table 1 has saved its first round); every
    poll computes a new fragment (no interval between two computations)."""
    settings.LIVE_REFRESH_INTERVAL = 0
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    save(game, referees[0], table=1)
    return game


def save(game, referee, table, position=0, closer=0, laid=10):
    table_, round_ = table_and_round(game, table, position)
    save_sheet(
        table=table_,
        round=round_,
        lines=good_lines(table_, closer=closer, laid=laid),
        by=referee,
        version=0,
        confirm_warnings=True,
    )


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(
        locale="cs-CZ", base_url=live_server.url, viewport={"width": 390, "height": 700}
    )
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


def tab_until(page, element_id: str, limit: int = 200) -> None:
    """Press Tab until the element of that id has the focus (reachable by keyboard alone)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == element_id:
            return
    raise AssertionError(f"#{element_id} not reachable with Tab")


def refresh_now(page) -> None:
    """The next poll now rather than in 15 seconds."""
    page.evaluate("htmx.trigger('#standings', 'live-refresh')")


def settled(page, element_id: str, top: float) -> None:
    """Wait (2 s at most) for htmx's settle, when live.js puts the reader's place back: the
    status sentence is in at the swap, a moment before, and a loaded machine can read the page
    in between. A place never put back fails the test's assertion after the wait."""
    try:
        page.wait_for_function(
            "([id, top]) => Math.abs(document.getElementById(id).getBoundingClientRect().top"
            " - top) <= 2",
            arg=[element_id, top],
            timeout=2000,
        )
    except PlaywrightTimeout:
        pass  # the assertion that follows says where the row went


def status(page):
    return page.locator("#live-status")


def shown_order(page, category="vs") -> list[str]:
    return page.eval_on_selector_all(
        f"[id^='{category}-player-']", "links => links.map(link => link.id)"
    )


def test_focus_and_scroll_survive_a_refresh_with_a_sheet_saved_meanwhile(phone, in_play, referees):
    phone.goto(QUALIFIER)
    order = shown_order(phone)
    focused = order[len(order) // 2]
    tab_until(phone, focused)
    top = phone.evaluate("document.activeElement.getBoundingClientRect().top")
    assert phone.evaluate("window.scrollY") > 0  # the reader has scrolled down to the row

    save(in_play, referees[0], table=2, closer=1, laid=40)  # a big round: the order moves
    refresh_now(phone)
    expect(status(phone)).to_have_text(ONE_SENTENCE)

    assert shown_order(phone) != order  # the table did change under the reader
    settled(phone, focused, top)  # the status is said at the swap; the place kept at settle
    assert phone.evaluate("document.activeElement.id") == focused
    moved = phone.evaluate("document.activeElement.getBoundingClientRect().top")
    assert abs(moved - top) <= 2, (top, moved)
    phone.keyboard.press("Tab")  # the next Tab goes on from the same place in the table
    assert phone.evaluate("document.getElementById('standings').contains(document.activeElement)")


def test_the_view_stays_on_the_same_rows_without_focus(phone, in_play, referees):
    phone.goto(QUALIFIER)
    phone.evaluate("window.scrollTo(0, 600)")
    first_in_view = phone.evaluate(
        """() => Array.from(document.querySelectorAll("tbody th a[id]"))
            .find(link => link.getBoundingClientRect().bottom > 0).id"""
    )
    top = phone.evaluate(f"document.getElementById('{first_in_view}').getBoundingClientRect().top")
    save(in_play, referees[0], table=3, closer=2, laid=30)
    refresh_now(phone)
    expect(status(phone)).to_have_text(ONE_SENTENCE)
    settled(phone, first_in_view, top)
    after = phone.evaluate(
        f"document.getElementById('{first_in_view}').getBoundingClientRect().top"
    )
    assert abs(after - top) <= 2, (top, after)


def test_a_refresh_after_a_push_announces_one_summary(page, in_play, referees):
    tournament = in_play.stage.tournament
    before = export_tournament(tournament)
    for table in (2, 3, 4):
        save(in_play, referees[0], table=table, closer=table % 3, laid=12 * table)
    after = export_tournament(Tournament.objects.get(slug="mcr"))
    receive_tournament(slug="mcr")  # as the tournament is: its kind and year
    accept_push(slug="mcr", revision=1, document=before)  # the public server: table 1 only
    page.goto(QUALIFIER)
    expect(page.locator("#standings")).to_be_visible()
    accept_push(slug="mcr", revision=2, document=after)  # the venue's next push
    refresh_now(page)
    expect(status(page)).to_have_text(ONE_SENTENCE)
    said = status(page).inner_text()
    assert said.startswith("3 nové výsledky; ")
    assert said.count(";") == 1 and "Stůl" not in said  # one sentence, not a list of sheets
    with page.expect_response(lambda response: "/zive/" in response.url) as polled:
        refresh_now(page)  # nothing changed since: the next poll asks from the new copy
    assert polled.value.status == 204
    assert status(page).inner_text() == said


def test_pause_works_and_is_remembered(page, in_play, referees):
    asked = []
    page.on("request", lambda request: "/zive/" in request.url and asked.append(request.url))
    page.goto(QUALIFIER)
    tab_to(page, "Pozastavit obnovování")
    button = page.locator("#live-pause")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(status(page)).to_have_text("Obnovování je pozastaveno.")

    save(in_play, referees[0], table=2)
    order = shown_order(page)
    refresh_now(page)
    page.wait_for_timeout(300)  # a request, were one sent, would have left by now
    assert asked == [] and status(page).inner_text() == "Obnovování je pozastaveno."

    page.reload()  # remembered: still paused on the next visit
    button = page.locator("#live-pause")
    expect(button).to_have_attribute("aria-pressed", "true")
    refresh_now(page)
    page.wait_for_timeout(300)
    assert asked == []

    save(in_play, referees[0], table=3, closer=2, laid=35)
    button.focus()
    page.keyboard.press("Space")  # on again: the standings catch up at once
    expect(button).to_have_attribute("aria-pressed", "false")
    # the resume and what the refresh brought, one announcement (issue 34, 6)
    expect(status(page)).to_have_text(
        re.compile("^Obnovování je opět zapnuto. " + ONE_SENTENCE.pattern[1:])
    )
    assert len(asked) == 1 and shown_order(page) != order


def test_the_sort_survives_a_refresh(page, in_play, referees):
    page.goto(QUALIFIER)
    sort_link = page.locator("#vs-sort-player")
    sort_link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"vs-sort=player"))
    sorted_by_name = shown_order(page)
    save(in_play, referees[0], table=2, closer=1, laid=40)
    refresh_now(page)
    expect(status(page)).to_have_text(ONE_SENTENCE)
    assert shown_order(page) == sorted_by_name  # still by name, not back in place order
    assert "vs-sort=player" in page.locator("#standings").get_attribute("hx-get")
    assert "vs-sort=player" in page.url
    page.goto(QUALIFIER)
    assert shown_order(page) != sorted_by_name  # place order differs from name order


def test_the_live_page_and_its_refresh_have_no_accessibility_violation(page, in_play, referees):
    page.goto(QUALIFIER)
    save(in_play, referees[0], table=2)
    refresh_now(page)
    expect(status(page)).to_have_text(ONE_SENTENCE)
    page.locator("#live-pause").click()
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
