"""The table's page on a phone (390×844): a round entered with the keyboard alone, a refused
save that keeps what was typed (also across a reload, from the browser's draft), then saved;
axe-core finds no WCAG 2.0/2.1/2.2 A or AA violation; nothing scrolls sideways at 320 px."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from scoring import links
from scoring.models import RoundResult, Sheet
from tests.authors import author
from tests.browser.test_public import WCAG
from ui.addresses import table_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(
        locale="cs-CZ",
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


@pytest.fixture
def table_link(db):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    game = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=1,
        by=author("Jana"),
        seed=3,
        rounds=[5, 2],
        confirm=True,
    )
    table = game.tables.get(number=1)
    link = links.issue_table_links(game=game)[1]
    return table, table_path(link)


def no_violation(page):
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()


def no_sideways_scroll(page):
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def focused_id(page) -> str:
    return page.evaluate("document.activeElement.id")


def tab_until(page, element_id: str, limit: int = 60) -> None:
    for _ in range(limit):
        if focused_id(page) == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"#{element_id} not reachable with Tab")


def test_a_round_entered_on_a_phone_with_the_keyboard_only(phone, table_link):
    table, path = table_link
    seats = list(table.seats.select_related("player").order_by("position"))
    numbers = [seat.player.start_number for seat in seats]
    phone.goto(path)
    expect(phone.locator("h1")).to_have_text("Stůl 1")
    expect(phone.locator("#round-heading")).to_have_text("Kolo 5")
    no_violation(phone)
    no_sideways_scroll(phone)
    for selector in (
        f"#id_p{numbers[0]}-laid",
        f"#id_p{numbers[0]}-closed + label",
        ".table-save",
    ):
        box = phone.locator(selector).bounding_box()
        assert box["height"] >= 44, selector  # large targets
    keyboard = phone.keyboard
    tab_until(phone, f"id_p{numbers[0]}-laid")
    for index, _number in enumerate(numbers):
        keyboard.type(str(20 + index))  # laid
        keyboard.press("Tab")
        keyboard.type("0" if index == 0 else ("12x" if index == 2 else "4"))  # unused
        keyboard.press("Tab")
        if index == 0:
            keyboard.press("Space")  # the closer
        keyboard.press("Tab")  # to the next player, after the last to the save button
    assert phone.evaluate("document.activeElement.classList.contains('table-save')")
    keyboard.press("Enter")
    alert = phone.get_by_role("alert")
    expect(alert).to_contain_text("Nic nebylo uloženo")
    assert focused_id(phone) == "table-problems-heading"  # the summary takes the focus
    wrong = f"id_p{numbers[2]}-unused"
    expect(phone.locator(f"#{wrong}-error")).to_contain_text("musí být celé číslo")
    expect(phone.locator(f"#{wrong}")).to_have_value("12x")  # what was typed is kept
    assert not Sheet.objects.exists()
    no_violation(phone)
    no_sideways_scroll(phone)

    # the connection drops, the phone reloads the page: the draft brings the values back
    phone.goto(path)
    expect(phone.locator(f"#{wrong}")).to_have_value("12x")
    expect(phone.locator(f"#id_p{numbers[1]}-laid")).to_have_value("21")
    expect(phone.locator(f"#id_p{numbers[0]}-closed")).to_be_checked()
    expect(phone.locator("#table-draft")).to_contain_text("nejsou uložené")

    # correct the one field with the keyboard and save
    tab_until(phone, wrong)
    keyboard.press("Control+A")
    keyboard.type("4")
    keyboard.press("Enter")
    status = phone.get_by_role("status")
    expect(status).to_contain_text("Kolo 5 uloženo")
    assert focused_id(phone) == "table-saved"
    expect(phone.locator("#round-heading")).to_have_text("Kolo 2")  # and the next round
    sheet = Sheet.objects.get()
    assert sheet.entered_at_table and sheet.round.number == 5
    assert RoundResult.objects.filter(table=table).count() == len(seats)
    assert RoundResult.objects.get(table=table, closed=True).player == seats[0].player
    drafts = phone.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('syllabatim-table-draft:'))"
    )
    assert not [key for key in drafts if key.endswith(":5")]  # saved: its draft is gone
    assert all(path.split("-", 1)[1].rstrip("/") not in key for key in drafts)  # no secret
    no_violation(phone)

    phone.set_viewport_size({"width": 320, "height": 700})
    no_sideways_scroll(phone)


def test_english_and_a_confirmed_round_on_a_phone(phone, table_link):
    table, path = table_link
    phone.goto("/en" + path)
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone.locator("#round-heading")).to_have_text("Round 5")
    no_violation(phone)
