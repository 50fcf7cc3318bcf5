"""The day's exceptions in a real browser: the sanction pages, ending a final game early, the
qualifier's plan and the warnings, and public standings with a sanction and in progress: no
axe-core violation, and a sanction is recorded with the keyboard alone."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from accounts.roles import ORGANISER, create_account
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from scoring.models import Sanction
from tests.browser.conftest import sign_in
from tests.browser.test_public import WCAG

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def day(page, live_server):
    """The demo with the A-final's game 2 stopped after round 3, a player expelled in the
    B-final, signed in as the organiser."""
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    for table in document["stages"]["final_a"]["games"][1]["tables"]:
        table["rounds"] = table["rounds"][:3]
    player = document["stages"]["final_b"]["games"][1]["tables"][0]["seats"][0]
    document["sanctions"] = [
        {
            "player": player,
            "scope": "tournament",
            "stage": "final_b",
            "game": 2,
            "reason": "alkohol",
        }
    ]
    tournament, _ = import_tournament(document, slug="mcr")
    sign_in(page, live_server, create_account(username="org", role=ORGANISER, password="h" * 10))
    return tournament


PAGES = {
    "sanctions": "/rozhodci/mcr/tresty/",
    "end a game early": "/rozhodci/mcr/finale-a/partie-2/ukoncit/",
    "draws with the plan and warnings": "/sprava/mcr/losovani/",
    "advancement with warnings": "/rozhodci/mcr/postup-a-losy/",
    "desk with a game to end": "/rozhodci/mcr/?partie=final_a-2",
    "A-final in progress": "/turnaj/mcr/finale-a/",
    "B-final with an expelled player": "/turnaj/mcr/finale-b/",
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_accessibility_violation(page, day, name):
    page.goto(PAGES[name])
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    assert page.locator("h1").count() == 1


def test_a_sanction_is_recorded_with_the_keyboard(page, day):
    page.goto("/rozhodci/mcr/tresty/")
    page.locator("select#id_player").focus()
    page.keyboard.type("7. ")  # a select jumps to the typed option
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # the first sanction: a disqualification from the game
    page.keyboard.press("Tab")  # past the second sanction, which a radio group skips
    assert page.evaluate("document.activeElement.id") == "id_game"
    page.keyboard.type("Kvalifikace, partie 1")
    assert page.locator("#id_game").input_value() == "qualifier-1"
    page.keyboard.press("Tab")
    page.keyboard.type("zvonící telefon potřetí")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Co se změní")).to_be_visible()
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    assert not Sanction.objects.filter(player__start_number=7).exists()
    page.get_by_role("button", name="Zapsat trest").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Zapsáno: hráčka č. 7")  # a woman
    sanction = Sanction.objects.get(player__start_number=7)
    assert (sanction.scope, sanction.game.number, sanction.reason) == (
        "game",
        1,
        "zvonící telefon potřetí",
    )
