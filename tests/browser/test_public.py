"""The public pages in a real browser: axe-core finds no WCAG 2.0/2.1/2.2 A or AA violation on
any page type with the demo championship; every link and control is reachable with the
keyboard; the pages reflow at 320 CSS pixels (400 % zoom). The live refresh: test_live.py."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from tests.authors import author

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PAGES = {
    "front page": "/",
    "front page in English": "/en/",
    "tournament": "/turnaj/mcr-2026/",
    "qualifier": "/turnaj/mcr-2026/kvalifikace/",
    "A-final": "/turnaj/mcr-2026/finale-a/",
    "B-final": "/turnaj/mcr-2026/finale-b/",
    "teams": "/turnaj/mcr-2026/druzstva/",
    "medals": "/turnaj/mcr-2026/stupne-vitezu/",
    "draw": "/turnaj/mcr-2026/rozlosovani/",
    "draw search": "/turnaj/mcr-2026/rozlosovani/?hledat=Vesel",
    "player": "/turnaj/mcr-2026/hrac/7/",
    "archive": "/archiv/",
    "downloads": "/turnaj/mcr-2026/ke-stazeni/",
    "sorted standings": "/turnaj/mcr-2026/kvalifikace/?vs-sort=-points",
    "sign-in": "/ucet/prihlaseni/",
}


@pytest.fixture
def demo(browser_demo):
    return browser_demo


@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_accessibility_violation(page, demo, name):
    page.goto(PAGES[name])
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    assert page.locator("h1").count() == 1
    assert page.locator("html").get_attribute("lang") in ("cs", "en")
    for landmark in ("banner", "main", "contentinfo"):
        assert page.get_by_role(landmark).count() == 1


def test_the_person_page_has_no_accessibility_violation(page, demo):
    person = demo.players.get(start_number=7).person
    page.goto(f"/osoby/{person.uuid}/")
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    assert page.locator("h1").count() == 1
    for landmark in ("banner", "main", "contentinfo"):
        assert page.get_by_role(landmark).count() == 1


@pytest.mark.parametrize("name", ["qualifier", "player", "draw", "A-final", "downloads"])
def test_every_link_and_control_is_reached_with_the_keyboard(page, demo, name):
    page.goto(PAGES[name])
    # counted by target: a link may stand twice (a twin beside the PDF and the large print)
    focusable = page.evaluate("""() => new Set(Array.from(document.querySelectorAll(
        'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'))
        .filter(e => !e.disabled && e.offsetParent !== null)
        .map(e => e.tagName + '|' + (e.getAttribute('href') || e.id || e.name || e.textContent))
        ).size""")
    reached = set()
    for _ in range(focusable + 10):
        page.keyboard.press("Tab")
        reached.add(
            page.evaluate("""() => {
            const e = document.activeElement;
            return e.tagName + '|' + (e.getAttribute('href') || e.id || e.name || e.textContent);
        }""")
        )
    reached.discard("BODY|")
    assert len(reached) >= focusable, (len(reached), focusable)
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # the focus is visible


@pytest.mark.parametrize("name", ["qualifier", "player", "draw", "tournament", "medals"])
def test_reflow_at_320_css_pixels(page, demo, name):
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(PAGES[name])
    # no horizontal scrolling of the page itself (wide data tables scroll in their own region)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1


@pytest.fixture
def finals_in_play():
    """The demo after its qualifier, game 1 of both finals drawn at the same time."""
    from draws.services import draw_game

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug="mcr-2026")
    for kind in ("final_a", "final_b"):
        draw_game(
            tournament=tournament, kind=kind, number=1, by=author("Jana"), seed=1, confirm=True
        )
    return tournament


@pytest.mark.parametrize(
    "address",
    [
        "/turnaj/mcr-2026/",
        "/turnaj/mcr-2026/rozlosovani/",
        "/turnaj/mcr-2026/rozlosovani/?hledat=tou",
        "/turnaj/mcr-2026/rozlosovani/?final-b-1-sort=-seat",
    ],
)
def test_both_finals_in_play_without_an_accessibility_violation(page, finals_in_play, address):
    page.goto(address)
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    assert page.locator("h1").count() == 1


def test_a_finalist_finds_their_seat_with_the_keyboard(page, finals_in_play):
    from tournament.models import Seat

    seat = (
        Seat.objects.filter(game__stage__kind="final_a", player__name__contains="Ťoupal")
        .select_related("player", "table")
        .first()
    )
    assert seat is not None  # the demo's A-final has a Ťoupal
    page.goto("/turnaj/mcr-2026/rozlosovani/")
    expect(page.locator("table")).to_have_count(2)
    search = page.get_by_label("Jméno nebo startovní číslo")
    search.focus()
    page.keyboard.type("toupal")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Nalezen")
    row = page.locator("tr", has_text=f"{seat.player.start_number}. {seat.player.name}")
    expect(row).to_contain_text(str(seat.table.number))
    expect(page.locator("caption").first).to_contain_text("finále A, partie 1")
